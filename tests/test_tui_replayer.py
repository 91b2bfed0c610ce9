"""The terminal's last hands, coach and session statistics
(``pokerbonus.tui.last_hands``, ``replayer``, ``review_screen``, ``summary``).

The replayer's frames are checked against the journal (the stored actions, and
the views the person had while playing), and against every other seat's cards:
no card another player held and did not show is ever drawn. The screens are
driven by their keys in a pilot, and kept as snapshots in
``tests/__snapshots__/test_tui_replayer/`` (``--snapshot-update`` after a
deliberate change, as ``tests/test_tui_snapshots.py`` says).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from textual.app import App
from textual.pilot import Pilot
from tui_scenes import broke, hand_over, play_until, scene

from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import CardsDealt
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.i18n import set_language
from pokerbonus.player_stats import aggregate
from pokerbonus.store import Store, action_from_text, hand_steps
from pokerbonus.store.review import review_session, summary_line
from pokerbonus.tui.app import PlayApp, TableScreen
from pokerbonus.tui.last_hands import (
    HandReplay,
    Stepper,
    frame_text,
    replay_hand,
    session_hands,
)
from pokerbonus.tui.render import card_text
from pokerbonus.tui.replayer import HandChoiceScreen, LastHandsScreen
from pokerbonus.tui.review_screen import ReviewScreen, card_words, review_text
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings
from pokerbonus.tui.summary import SummaryScreen, stats_table

Compare = Callable[..., bool]
NARROW = (80, 24)
TALL = (80, 34)


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def top(app: App[None]) -> object:
    """The screen on top (read again: not narrowed by an earlier check)."""
    return app.screen


def played(
    seed: int, hands: int = 6, opponents: int = 3, game: str = "draw"
) -> tuple[PlaySession, dict[int, list[SeatView]], dict[int, SeatView]]:
    """A session of ``game`` against random opponents where the person calls,
    folds now and then, and exchanges two cards at the draw: the session, the
    person's views at each of their decisions, by hand, and their view at the end
    of each hand."""
    settings = PlaySettings.build({"game": game, "opponents": opponents, "level": "random"})
    s = PlaySession(settings, seed=seed, store=Store("sqlite://"))
    rng = random.Random(seed)
    decisions: dict[int, list[SeatView]] = {}
    finals: dict[int, SeatView] = {}
    for _ in range(hands):
        if s.stack() == 0:
            s.rebuy()
        if not s.can_deal():
            break
        s.start_hand()
        number = s.table.hands_played + 1
        while s.in_hand:
            view = s.view
            assert view is not None and view.legal is not None
            decisions.setdefault(number, []).append(view)
            legal = view.legal
            if legal.decision == "draw":
                s.act(Action.discard(view.hole[:2]) if rng.random() < 0.6 else Action.stand_pat())
            elif legal.decision == "bet":
                fold = legal.can_fold and bool(legal.call_amount) and rng.random() < 0.25
                s.act(Action.fold() if fold else Action.check_or_call())
            else:
                s.act(Action("decline"))
        final = s.view
        assert final is not None
        finals[number] = final
    return s, decisions, finals


# -- the steps ---------------------------------------------------------------------


def test_the_stepper_stays_in_range() -> None:
    s = Stepper(4, index=9)
    assert s.index == 3 and s.at_last
    assert not s.move(1) and s.index == 3
    assert s.move(-2) and s.index == 1
    assert s.first() and s.at_first and not s.first()
    assert s.last() and s.index == 3 and not s.last()
    assert s.to(-5) and s.index == 0
    assert s.move(10) and s.index == 3
    with pytest.raises(PokerError):
        Stepper(0)


@pytest.mark.parametrize(
    ("seed", "game"), [(1, "draw"), (4, "draw"), (2, "seven-card-stud"), (3, "holdem")]
)
def test_the_replayers_steps_are_the_journals(seed: int, game: str) -> None:
    """Every finished hand replays to the stored actions in their order; the
    frame before each of the person's decisions is the view they had then, and
    the last frame the view they had at the end of the hand."""
    s, decisions, finals = played(seed, game=game)
    saved = s.store.load_session(s.session_id)
    entries = session_hands(saved, s.person)
    assert [h.number for h in entries] == sorted(finals)
    me = next(e for e in s.ledger() if e.player == s.person)  # chips move only in hands
    assert sum(e.net or 0 for e in entries) == me.net
    for stored in saved.finished_hands:
        replay = replay_hand(saved, stored.number, s.person)
        assert replay.actions == tuple(action_from_text(t) for t in stored.actions)
        assert len(replay.frames) == len(stored.actions) + 1
        assert replay.names == stored.players and replay.seat == stored.players.index(s.person)
        views = [f.view for f in replay.frames]
        for live in decisions.get(stored.number, []):
            assert live in views, (stored.number, "a decision's view is not a frame")
        assert views[-1] == finals[stored.number]
        assert views[0].log and not views[0].finished
        # each frame is the one before it and its action: the actor and the log grow
        for before, frame in zip(replay.frames, replay.frames[1:], strict=False):
            assert frame.actor == before.view.actor
            assert frame.view.log[: len(before.view.log)] == before.view.log


def _held_by_others(saved_session: object, number: int, person: str) -> list[set[Card]]:
    """For each frame of hand ``number``, every card another seat held (then or
    before: discards included), read from that seat's own replayed view."""
    from pokerbonus.store import SavedSession

    assert isinstance(saved_session, SavedSession)
    stored = next(h for h in saved_session.finished_hands if h.number == number)
    held: list[set[Card]] = [set() for _ in range(len(stored.actions) + 1)]
    for name in stored.players:
        if name == person:
            continue
        for _t, _sh, _hand, _seat, steps in hand_steps(saved_session, [number], watcher=name):
            so_far = set(steps[0].before.hole) if steps else set()
            held[0] |= so_far
            for k, step in enumerate(steps, start=1):
                so_far |= set(step.after.hole)
                held[k] |= so_far
    return held


@pytest.mark.parametrize("game", ["draw", "seven-card-stud", "holdem"])
def test_no_hidden_card_of_another_seat_in_any_frame(game: str) -> None:
    """Over whole sessions, no frame's texts (status, seats, board, pots, showdown,
    log) draw a card another seat held, unless it was shown at the showdown (or is
    the person's own, the board's, or face up in stud); and every card shown is
    drawn."""
    checked = 0
    for seed in (1, 2, 3):
        s, _d, _f = played(seed, hands=5, game=game)
        saved = s.store.load_session(s.session_id)
        for stored in saved.finished_hands:
            replay = replay_hand(saved, stored.number, s.person)
            held = _held_by_others(saved, stored.number, s.person)
            for k, frame in enumerate(replay.frames):
                view = frame.view
                visible = set(view.hole) | set(view.board)
                visible |= {c for _seat, cards in view.shown for c in cards}
                visible |= {c for up in view.up_cards for c in up}
                visible |= {  # dealt face up (stud): public, even once its seat folded
                    c for e in view.log if isinstance(e, CardsDealt) and e.face == "up"
                    for c in e.cards
                }  # fmt: skip
                parts = frame_text(replay, k, s.config)
                text = "\n".join(
                    t.plain for t in (parts.status, parts.step, parts.seats, parts.board,
                                      parts.pots, parts.showdown, parts.log)
                )  # fmt: skip
                for card in held[k] - visible:
                    assert card_text(card).plain not in text, (seed, stored.number, k, card)
                    checked += 1
                if view.finished:
                    for _seat, cards in view.shown:
                        for card in cards:
                            assert card_text(card).plain in parts.seats.plain
    assert checked > 300


# -- the screens -------------------------------------------------------------------


async def test_the_last_hands_screen_steps_with_its_keys() -> None:
    s = scene(1)
    assert play_until(s, lambda x: x.table.hands_played >= 3, hands=3)
    app = PlayApp(session=s)
    async with app.run_test(size=TALL) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LastHandsScreen)
        replay = screen.replay
        assert isinstance(replay, HandReplay) and replay.number == 3
        last = len(replay.frames) - 1
        assert screen.frames.index == last and "hand over" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert screen.frames.index == 0 and "the deal" in screen_text(app)
        await pilot.press("right", "right")
        await pilot.pause()
        assert screen.frames.index == 2
        assert f"action 2 of {last}" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert screen.frames.index == 1
        await pilot.press("end")
        await pilot.pause()
        assert screen.frames.index == last
        await pilot.press("up")
        await pilot.pause()
        assert screen.replay is not None and screen.replay.number == 2
        assert screen.frames.index == 0 and "Hand 2 (2 of 3)" in screen_text(app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, HandChoiceScreen)
        await pilot.press("up", "enter")
        await pilot.pause()
        assert top(app) is screen and screen.replay.number == 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_coach_after_a_hand_says_what_history_review_says() -> None:
    """``v`` after a hand: the review of that hand, the same advice as the
    command's core, cards as the table writes them, and the limits."""
    s = scene(2, opponents=1)  # heads-up pot game, 32 cards: a solved strategy's table
    assert play_until(s, hand_over, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.done
        saved = s.store.load_session(s.session_id)
        (expected,) = review_session(saved, s.person, [1])
        assert screen.review == expected and expected.advice
        assert any(a.kind == "strategy" for a in expected.advice)
        text = screen_text(app)
        assert "strategy:" in text and "antes" in text and "abstraction" in text
        for advice in expected.advice:
            assert f"action {advice.step} (" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


def test_the_review_text_shows_only_the_persons_cards() -> None:
    s, _d, _f = played(5, hands=4, opponents=1)
    saved = s.store.load_session(s.session_id)
    for review in review_session(saved, s.person):
        replay = replay_hand(saved, review.number, s.person)
        text = review_text(review, replay).plain
        held = _held_by_others(saved, review.number, s.person)
        mine = {c for f in replay.frames for c in f.view.hole}
        for card in set().union(*held) - mine:
            assert card_text(card).plain not in text
        for advice in review.advice:
            assert card_words(replay.frames[advice.step - 1].view.hole) in text


async def test_the_summary_shows_every_players_statistics_and_the_coachs_line() -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        saved = s.store.load_session(s.session_id)
        line = summary_line(list(review_session(saved, s.person)), cards=card_words)
        assert screen.coach_line == f"The coach: {line}."
        text = screen_text(app)
        assert line[:40] in text
        stats = aggregate(item.data for item in s.store.facts(s.session_id))
        assert set(stats) == set(s.table.players)
        rows = text.splitlines()
        table = rows[next(i for i, r in enumerate(rows) if "VPIP" in r and "hands" in r) :]
        for name, p in stats.items():
            row = next(r for r in table if r.strip().startswith(name + " "))
            cells = row.split()
            assert cells[1] == str(p.hands) and f"{p.net:+d}" in cells
            assert f"{p.vpip_pct:.0f}%" == cells[2]
        assert "RR" in text and "±95%" in text and "drawn" in text and "pat" in text
        for stored in saved.finished_hands:  # nothing another player did not show
            replay = replay_hand(saved, stored.number, s.person)
            final = replay.frames[-1].view
            shown = {c for _seat, cards in final.shown for c in cards}
            held = _held_by_others(saved, stored.number, s.person)[-1]
            for card in held - shown - set(final.hole):
                assert card_text(card).plain not in text
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastHandsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert top(app) is screen


def test_the_statistics_table_has_the_interval_and_the_draws() -> None:
    s, _d, _f = played(3, hands=6)
    players = list(aggregate(item.data for item in s.store.facts(s.session_id)).values())
    from rich.console import Console

    console = Console(width=80, record=True)
    console.print(stats_table(players))
    text = console.export_text()
    for p in players:
        interval = p.mbb_interval
        assert interval is not None
        row = next(r for r in text.splitlines() if r.startswith(p.name + " "))
        assert f"±{(interval[1] - interval[0]) / 2:.0f}" in row
        assert p.mean_drawn is not None and f"{p.mean_drawn:.1f}" in row
        assert max(len(r) for r in text.splitlines()) <= 80


# -- snapshots ---------------------------------------------------------------------


def test_snapshot_of_the_session_statistics(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, lambda x: x.table.hands_played >= 3, hands=3)

    async def end(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(PlayApp(session=s), run_before=end, terminal_size=(80, 34))


def test_snapshot_of_the_replayer_mid_hand(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, lambda x: x.table.hands_played >= 2, hands=2)
    press = ["l", "home", "right", "right", "right"]
    assert snap_compare(PlayApp(session=s), press=press, terminal_size=NARROW)


def test_snapshot_of_the_replayer_at_the_showdown(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, hand_over, hands=1)
    assert snap_compare(PlayApp(session=s), press=["l"], terminal_size=(100, 30))


def test_snapshot_of_the_coach(snap_compare: Compare) -> None:
    s = scene(2, opponents=1)
    assert play_until(s, hand_over, hands=1)

    async def coach(pilot: Pilot[None]) -> None:
        await pilot.press("v")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(PlayApp(session=s), run_before=coach, terminal_size=(100, 34))


def test_snapshot_of_the_french_replayer(snap_compare: Compare) -> None:
    set_language("fr")
    s = scene(1)
    assert play_until(s, hand_over, hands=1)
    assert snap_compare(PlayApp(session=s), press=["l", "home", "right"], terminal_size=NARROW)


def test_snapshot_of_the_french_session_statistics(snap_compare: Compare) -> None:
    set_language("fr")
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, lambda x: x.table.hands_played >= 3, hands=3)

    async def end(pilot: Pilot[None]) -> None:
        await pilot.press("q")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    assert snap_compare(PlayApp(session=s), run_before=end, terminal_size=(80, 34))
