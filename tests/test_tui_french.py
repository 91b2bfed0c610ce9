"""The terminal table in French (``pokerbonus play --lang fr``): snapshots of a
French table, each checked for the French table words and for no word of the
English screen; the setup screen's language choice, spoken at once and saved.

The snapshots are kept in ``tests/__snapshots__/test_tui_french/`` (update them
with ``--snapshot-update``, as ``tests/test_tui_snapshots.py`` says). The word
checks read the committed SVG of each snapshot, so what is checked is what a
reviewer sees; the English words come from the English snapshots of the same
scenes (``tests/__snapshots__/test_tui_snapshots/``).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Input, Label, Select
from tui_scenes import at_the_draw, facing_all_in, hand_over, play_until, scene

from pokerbonus.bots import Bot, Budget, GameInfo
from pokerbonus.cards import card_text
from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import Drew
from pokerbonus.engine.views import SeatView
from pokerbonus.i18n import current_language, set_language
from pokerbonus.i18n.language import saved_language
from pokerbonus.tui.app import PlayApp, SetupScreen
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings

Compare = Callable[..., bool]

NARROW = (80, 24)
WIDE = (120, 30)
SNAPSHOTS = Path(__file__).parent / "__snapshots__"

SHARED = {"Poker", "Bonus", "Pot", "pot", "Min", "palette", "Alice", "Bruno", "Chloe", "Denis",
          "space", "esc", "net", "caves", "Jokers", "expert", "D", "table", "Tab"}  # fmt: skip
"""Words the French screens share with the English ones: names, keys, the pot."""


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("en")


def words_of(svg: Path) -> set[str]:
    """The words drawn in a snapshot (its ``<text>`` elements)."""
    text = " ".join(
        html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg.read_text())
    )
    return set(re.findall(r"[^\W\d_][\w'-]*", text.replace("\xa0", " ")))


def check_words(test: str, english: str, french: set[str]) -> None:
    """The French snapshot of ``test`` says every word of ``french`` and no word of
    the English snapshot ``english`` (but the shared ones)."""
    shown = words_of(SNAPSHOTS / "test_tui_french" / f"{test}.svg")
    assert french <= shown, sorted(french - shown)
    english_words = {
        word
        for word in words_of(SNAPSHOTS / "test_tui_snapshots" / f"{english}.svg") - SHARED
        if len(word) > 1 and not re.fullmatch(r"[A-Za-z]\d+", word)  # keys, card letters, F5
    }
    assert not english_words & shown, sorted(english_words & shown)


class Opener(Bot):
    """Asks for two cards at the draw and opens the round after it for the minimum;
    else checks or calls."""

    name = "opener"

    def __init__(self) -> None:
        super().__init__(0)
        self.drawn = False

    def decide(self, view: SeatView, info: GameInfo, budget: Budget | None = None) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            self.drawn = True
            return Action.discard(view.hole[:2])
        if legal.decision == "bet":
            if self.drawn and not legal.call_amount and legal.min_raise_to is not None:
                return Action.raise_to(legal.min_raise_to)
            return Action.check_or_call()
        return Action("decline")


def after_the_draw() -> PlaySession:
    """The person faces Alice's opening after the draw (Bruno and Chloe stand pat)."""
    s = scene(1)
    s.bots["Alice"] = Opener()

    def facing_a_bet(s: PlaySession) -> bool:
        view = s.view
        legal = view.legal if view is not None else None
        return legal is not None and legal.decision == "bet" and bool(legal.call_amount)

    assert play_until(s, at_the_draw, hands=1)
    assert play_until(s, facing_a_bet, hands=1)
    return s


def test_a_french_table_after_the_draw(snap_compare: Compare) -> None:
    """Buttons and log in the words of the French tables: se coucher, suivre,
    relancer, tapis; parole, ouvre, demande (« ne demande pas de carte »: servi, for any
    name), French card letters."""
    app: App[None] = PlayApp(session=after_the_draw())
    assert snap_compare(app, terminal_size=WIDE)
    check_words(
        "test_a_french_table_after_the_draw", "test_bet_facing_an_all_in_at_120_columns",
        {"Se", "coucher", "Suivre", "Relancer", "Tapis", "parole", "carte", "ouvre", "demande",
         "cartes", "jetons", "Donne", "partie", "vous", "Vous", "Demi-pot"},
    )  # fmt: skip


def test_a_french_table_facing_an_all_in(snap_compare: Compare) -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=NARROW)
    check_words(
        "test_a_french_table_facing_an_all_in", "test_bet_facing_an_all_in_at_80_columns",
        {"tapis", "suit", "fait", "ouvre", "paie", "l'ante", "Se", "coucher", "Suivre"},
    )  # fmt: skip


def test_the_french_draw(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    assert snap_compare(PlayApp(session=s), press=["1", "3"], terminal_size=NARROW)
    check_words(
        "test_the_french_draw", "test_the_draw_with_two_cards_chosen",
        {"Demander", "Servi", "servi", "touches", "Tabulation"},
    )  # fmt: skip


def test_the_french_showdown(snap_compare: Compare) -> None:
    s = scene(1)
    assert play_until(s, hand_over, hands=1)
    assert snap_compare(PlayApp(session=s), terminal_size=NARROW)
    check_words(
        "test_the_french_showdown", "test_the_showdown",
        {"montre", "hauteur", "paire", "double", "gagne", "recaver", "Donne"},
    )  # fmt: skip


def test_the_french_setup(snap_compare: Compare) -> None:
    assert snap_compare(PlayApp(PlaySettings()), terminal_size=NARROW)
    check_words(
        "test_the_french_setup", "test_setup", {"Langue", "Jeu", "Jouer", "Quitter", "fermé"}
    )


def test_the_french_cards_and_names_on_a_table() -> None:
    """French letters on the cards (R D V 10), the person called « Vous »."""
    s = after_the_draw()
    shown = words_of(SNAPSHOTS / "test_tui_french" / "test_a_french_table_after_the_draw.svg")
    assert s.person == "Vous" and "Vous" in shown
    text = (SNAPSHOTS / "test_tui_french" / "test_a_french_table_after_the_draw.svg").read_text()
    assert re.search(r"&#160;\d*[RDV]?[♠♥♦♣]|>[RDV]♠|10[♠♥♦♣]", text)
    assert not re.search(r">[TJQK][♠♥♦♣]<", text)


async def test_the_setup_language_choice_is_spoken_at_once_and_saved(tmp_path: Path) -> None:
    set_language("en")
    settings_file = tmp_path / "settings.toml"
    app = PlayApp(PlaySettings(), settings_file=settings_file)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        labels = [str(label.render()) for label in screen.query(Label)]
        assert "Game" in labels and "Jeu" not in labels
        screen.query_one("#field-name", Input).value = "Marcel"
        screen.query_one("#setup-language", Select).value = "fr"
        await pilot.pause()
        await pilot.pause()
        assert current_language() == "fr"
        labels = [str(label.render()) for label in app.screen.query(Label)]
        assert "Jeu" in labels and "Game" not in labels
        assert app.screen.query_one("#field-name", Input).value == "Marcel"
    assert saved_language(settings_file) == "fr"


def test_pokerbonus_play_lang_fr_shows_a_french_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pokerbonus play --lang fr``, through the command line's own entry point: the
    setup screen, then (F5) a table whose status, buttons and log speak French."""
    import asyncio
    import sys

    from pokerbonus.cli import main

    screens: list[str] = []

    def run_headless(app: PlayApp) -> None:
        async def play() -> None:
            async with app.run_test(size=WIDE) as pilot:
                await pilot.pause()
                screens.append(_screen(app))
                await pilot.press("f5")
                for _ in range(200):  # the opponents act one at a time, with a pause
                    await pilot.pause(0.05)
                    s = app.session
                    view = s.view if s is not None else None
                    mine = view is not None and view.actor == view.seat
                    if s is not None and mine and not s.bot_to_act:
                        break
                screens.append(_screen(app))
                await pilot.press("c")  # parole (or suivre)
                await pilot.pause(0.3)
                screens.append(_screen(app))

        asyncio.run(play())

    monkeypatch.setattr(PlayApp, "run", run_headless)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    args = ["pokerbonus", "play", "--lang", "fr", "--db", str(tmp_path / "play.db"),
            "--seed", "3", "--opponents", "2", "--level", "station"]  # fmt: skip
    monkeypatch.setattr(sys, "argv", args)
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code in (0, None)
    setup, turn, table = screens
    assert "Choisissez le jeu" in setup and "Jouer" in setup
    assert "À vous" in turn and "Parole" in turn and "Tapis" in turn, turn
    assert re.search(r"Ouvrir à \d+", turn), turn
    assert "Vous dites parole" in table or "Vous suivez" in table, table
    assert "paie l'ante" in table and "Donne 1" in table
    for screen in (turn, table):
        for english in ("Your turn", "checks", "antes", "Fold", "Check", "Hand 1", "stack"):
            assert english not in screen, english


def _screen(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_cards_typed_as_a_french_screen_shows_them_are_exchanged() -> None:
    """At the draw, ``R♦`` and ``10♥`` on the screen are typed ``Rd 10h`` (the first
    letter starts the cards box) and go."""
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    view = s.view
    assert view is not None
    hole = view.hole
    assert [card_text(c, "fr") for c in hole[2:4]] == ["R♦", "10♥"]
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press(*"Rd 10h", "enter")
        await pilot.pause()
        last = s.view
        assert last is not None
        mine = [e for e in last.log if isinstance(e, Drew) and e.seat == last.seat]
        assert mine and mine[0].cards == hole[2:4]
