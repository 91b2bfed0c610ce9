"""Snapshots of the terminal tournament's screens (``pokerbonus play --tournament``),
in English and in French.

Each test draws one screen of a seeded tournament against scripted opponents
(``tests/tournament_scenes.py``) with a fake level clock, and compares it with the
SVG kept in ``tests/__snapshots__/test_tui_tournament_snapshots/``; after a
deliberate change, ``--snapshot-update`` and look at the new SVGs. The French
snapshots are also checked for the French words and for no word of the English
snapshot of the same scene (the committed SVGs are read, as
``tests/test_tui_french.py`` does).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from test_tui_french import SHARED, words_of
from textual.pilot import Pilot
from tournament_scenes import play_until, tournament_scene

from pokerbonus.engine.tournament_config import preset
from pokerbonus.i18n import set_language
from pokerbonus.tui.tournament import TournamentApp
from pokerbonus.tui.tournament_session import TournamentSession

Compare = Callable[..., bool]

SIZE = (100, 32)
SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_tui_tournament_snapshots"


@pytest.fixture
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def three_left() -> TournamentSession:
    """The quick sit-and-go down to three players, the person the big stack."""
    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: len(s.tournament.players_left()) == 3, push=True)
    return s


def check_words(french: str, english: str, expected: set[str]) -> None:
    """The French snapshot says every word of ``expected`` and no word of the English one."""
    shown = words_of(SNAPSHOTS / f"{french}.svg")
    assert expected <= shown, sorted(expected - shown)
    english_words = {
        w for w in words_of(SNAPSHOTS / f"{english}.svg") - SHARED - TOURNAMENT_SHARED
        if len(w) > 1 and not w[1:].isdigit()
    }  # fmt: skip
    assert not english_words & shown, sorted(english_words & shown)


TOURNAMENT_SHARED = {
    "quick", "Elise", "ICM", "place", "ante", "antes", "coach", "I", "II", "III", "IV", "V", "VI",
}  # fmt: skip
"""Words both languages write: the preset's name, a name, ICM, place, the ante (the
coach's costs are in antes), the coach (« Le coach »), levels."""


def svg_text(name: str) -> str:
    """The text drawn in a snapshot, its lines run together."""
    return " ".join(
        html.unescape(t)
        for t in re.findall(r"<text[^>]*>(.*?)</text>", (SNAPSHOTS / f"{name}.svg").read_text())
    ).replace("\xa0", " ")


def test_the_first_hand_of_a_sit_and_go(snap_compare: Compare) -> None:
    """The panel: level, hands to the next level and its blinds, players left,
    average stack, the prize of each place."""
    assert snap_compare(TournamentApp(tournament_scene(1)), terminal_size=SIZE)


def test_the_icm_equities(snap_compare: Compare) -> None:
    s = three_left()
    assert s.deal_due()  # the deal offered (and declined) already: not offered on the screen
    assert snap_compare(TournamentApp(s), press=["_", "i"], terminal_size=SIZE)


def test_the_deal_offered_at_three_players(snap_compare: Compare) -> None:
    assert snap_compare(TournamentApp(three_left()), terminal_size=SIZE)


async def to_the_results(pilot: Pilot[None]) -> None:
    """An ICM deal, the results, and the coach's line on the tournament computed."""
    await pilot.press("_", "1", "_", "enter")
    await pilot.app.workers.wait_for_complete()  # the coach's line of the tournament
    await pilot.pause()


def test_the_results_after_a_deal(snap_compare: Compare) -> None:
    """The place and prize, the standings, and the coach's line (as a cash table's summary)."""
    assert snap_compare(TournamentApp(three_left()), run_before=to_the_results, terminal_size=SIZE)


def test_a_level_on_the_clock(snap_compare: Compare) -> None:
    """A home-game tournament: the time to the next level (the fake clock stands still)."""
    assert snap_compare(TournamentApp(tournament_scene(3, config=preset("home"))),
                        terminal_size=SIZE)  # fmt: skip


def test_the_first_hand_in_french(snap_compare: Compare, french: None) -> None:
    assert snap_compare(TournamentApp(tournament_scene(1)), terminal_size=SIZE)
    check_words(
        "test_the_first_hand_in_french", "test_the_first_hand_of_a_sit_and_go",
        {"Tournoi", "Niveau", "niveau", "suivant", "Joueurs", "restants", "tapis", "moyen",
         "prix"},
    )  # fmt: skip
    assert "1er 39, 2e 21" in svg_text("test_the_first_hand_in_french")


def test_the_deal_in_french(snap_compare: Compare, french: None) -> None:
    assert snap_compare(TournamentApp(three_left()), terminal_size=SIZE)
    check_words(
        "test_the_deal_in_french", "test_the_deal_offered_at_three_players",
        {"accord", "table", "finale", "ICM", "Continuer"},
    )  # fmt: skip


def test_the_results_in_french(snap_compare: Compare, french: None) -> None:
    assert snap_compare(TournamentApp(three_left()), run_before=to_the_results, terminal_size=SIZE)
    check_words(
        "test_the_results_in_french", "test_the_results_after_a_deal",
        {"résultats", "place", "joueur", "prix", "accord", "finissez", "sur", "gagnez"},
    )  # fmt: skip
