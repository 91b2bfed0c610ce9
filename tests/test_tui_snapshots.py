"""Snapshots of the terminal table's screens (``pytest-textual-snapshot``).

Each test draws one screen of a seeded game against scripted opponents
(``tests/tui_scenes.py``) at a fixed terminal size and compares it with the SVG
kept in ``tests/__snapshots__/test_tui_snapshots/``; a changed screen fails here
and shows up as a diff of that SVG in review. After a deliberate change:

    python -m pytest tests/test_tui_snapshots.py --snapshot-update

then look at the new SVGs (any browser shows them) before committing them.
The snapshots are drawn by the Textual version the test extra pins.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App
from textual.pilot import Pilot
from tui_scenes import at_the_draw, broke, facing_all_in, hand_over, play_until, scene

from pokerbonus.tui.app import PlayApp
from pokerbonus.tui.settings import PlaySettings

Compare = Callable[..., bool]

NARROW = (80, 24)
WIDE = (120, 30)


def test_setup(snap_compare: Compare) -> None:
    app: App[None] = PlayApp(PlaySettings())
    assert snap_compare(app, terminal_size=NARROW)


def test_bet_facing_an_all_in_at_80_columns(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=NARROW)


def test_bet_facing_an_all_in_at_120_columns(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=WIDE)


def test_the_draw_with_two_cards_chosen(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    assert snap_compare(PlayApp(session=s), press=["1", "3"], terminal_size=NARROW)


def test_the_showdown(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, hand_over, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=NARROW)


def test_the_broke_screen_and_its_choices(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=NARROW)


def test_the_end_of_the_session(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)

    async def end(pilot: Pilot[None]) -> None:
        await pilot.press("e")
        await pilot.app.workers.wait_for_complete()  # the coach's line of the session
        await pilot.pause()

    assert snap_compare(PlayApp(session=s), run_before=end, terminal_size=NARROW)


def test_the_opening_has_no_fold(snap_compare: Compare) -> None:
    """Nobody has bet: no Fold button and no ``f Fold`` key (``f`` says why)."""
    s = scene(1)
    s.start_hand()
    assert snap_compare(PlayApp(session=s), press=["f"], terminal_size=NARROW)


def test_cards_typed_at_the_draw_without_tab(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    assert snap_compare(PlayApp(session=s), press=["8", "c"], terminal_size=NARROW)


def test_the_showdown_after_an_all_in_says_round_over_once(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)  # the others all-in, the person not broke
    assert play_until(s, hand_over, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=(100, 40))
