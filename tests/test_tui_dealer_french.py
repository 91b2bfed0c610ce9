"""Dealer mode in French (``pokerbonus play --dealer --lang fr``): a snapshot of the
decision screen with a card picked and the hint, checked for the French words of
the table (la banque, la mise, l'enjeu, garder, échanger, se coucher, le conseil)
and for no word of the English snapshot of the same scene
(``tests/__snapshots__/test_tui_dealer/``); the rules screen's text with its return
to player and tie rule; the setup screen's words.

Update the snapshot with ``--snapshot-update`` (see ``tests/test_tui_snapshots.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from test_tui_french import french as french_language  # noqa: F401  (autouse: in French)
from test_tui_french import words_of
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Label

from pokerbonus.dealer import DealerSettings
from pokerbonus.dealer.text import rules_text
from pokerbonus.tui.dealer_app import DealerApp, DealerSession, DealerSetupScreen

SNAPSHOTS = Path(__file__).parent / "__snapshots__"

SHARED = {"Poker", "Bonus", "Alice", "Bruno", "palette", "space", "ante"}
"""Words the French screen shares with the English one: the title, names, keys and
the ante (the French word too)."""


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 30) -> None:
    """Let the app run until ``done()`` (the hint is worked out in a thread)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            await pilot.pause()
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


def test_a_french_dealer_decision_with_the_hint(snap_compare: Callable[..., bool]) -> None:
    """The scene of the English decision snapshot (seed 3, the second card picked,
    the hint shown), in French: French words only, French card letters."""

    async def hint(pilot: Pilot[None]) -> None:
        await pilot.press("2", "h")
        await until(pilot, lambda: "meilleur" in screen_text(pilot.app))

    session = DealerSession(DealerSettings(), computer="simple", seed=3)
    assert snap_compare(DealerApp(session), terminal_size=(120, 34), run_before=hint)
    name = "test_a_french_dealer_decision_with_the_hint"
    shown = words_of(SNAPSHOTS / "test_tui_dealer_french" / f"{name}.svg")
    french = {
        "Croupier", "banque", "Pot", "mise", "enjeu", "prix", "l'échange", "Vous", "Donne",
        "garder", "Garder", "échanger", "Échanger", "coucher", "conseil", "Conseil", "meilleur",
        "Règles", "Partir", "Gain", "jetons", "hors",
    }  # fmt: skip
    assert french <= shown, sorted(french - shown)
    scene = "test_snapshot_of_the_decision_screen_with_a_card_picked_and_the_hint"
    english = SNAPSHOTS / "test_tui_dealer" / f"{scene}.svg"
    english_words = {
        word
        for word in words_of(english) - SHARED
        if len(word) > 1 and not re.fullmatch(r"[A-Za-z]\d+", word)  # keys, F5
    }
    assert english_words, "the English snapshot has words"
    assert not english_words & shown, sorted(english_words & shown)


def test_the_french_rules_give_the_rtp_and_the_tie_rule() -> None:
    """The rules screen's paragraphs: the return to player with French numbers, the
    qualifier and the paytable's hands in French, the tie rule."""
    text = rules_text(DealerSettings(), rtp=(0.9821, 0.9821, 0.9821), house_edge=0.0412)
    assert text[0].startswith("Taux de retour au joueur avec ces réglages")
    assert "98,21\u202f% (exact)" in text[0] and "4,12\u202f% de la mise" in text[0]
    assert any("hauteur as, roi ou mieux" in p for p in text)
    assert any(p.startswith("Une égalité exacte") for p in text)
    assert any("Full 6 contre 1" in p and "Quinte flush royale 100 contre 1" in p for p in text)
    assert "the" not in " ".join(text).split()


async def test_the_french_setup_screen() -> None:
    """The setup screen's labels in French, the person « Vous »."""
    app = DealerApp(settings=DealerSettings())
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DealerSetupScreen)
        labels = {str(label.render()) for label in app.screen.query(Label)}
        assert {"Mise contre la banque", "La banque se qualifie avec", "Quinte flush"} <= labels
        assert "Vous" in screen_text(app) and "Bet against the bank" not in labels


def test_stats_dealer_text_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """``pokerbonus stats dealer --lang fr``'s text: the settings, the paytable's
    hands, the RTP with French numbers (the JSON stays English: its keys are the
    same in every language)."""
    import numpy as np

    from pokerbonus.analysis.stats.dealer import DealerResult
    from pokerbonus.cli.stats import _print_dealer
    from pokerbonus.shards import RunResult

    settings = DealerSettings()
    dealer = DealerResult(
        0.982138, (0.982138, 0.982138), 0.039040, (0.039040, 0.039040), 0.4334, 0.5143, 0.0524,
        settings, "exact", 122_151_120,
    )  # fmt: skip
    run = RunResult(np.zeros(6, dtype=np.int64), 1, 1, 1, False, "inline", 1, 2.5)
    _print_dealer(dealer, run)
    out = re.sub("[ \n]+", " ", capsys.readouterr().out)  # the lines as rich wrapped them
    assert "Mode banque\xa0: mise 5, enjeu 10 (2 mises), prix de l'échange 5" in out
    assert "la banque se qualifie avec hauteur as, roi ou mieux" in out
    assert "Full 6, Carré 20" in out and "Quinte flush royale 100" in out
    assert "Taux de retour 98,2138\u202f% (exact, sur chacune des 122\u202f151\u202f120" in out
    assert "se coucher 43,34\u202f%, garder 51,43\u202f%, échanger une carte 5,24\u202f%" in out
    assert "2,5 s sur 1 processus" in out
    assert not {"bet", "keep", "fold", "the", "dealer"} & set(out.split(" "))


def test_pokerbonus_play_dealer_lang_fr(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pokerbonus play --dealer --lang fr`` through the command line's entry point:
    the setup screen, then (F5) the table, both in French."""
    import asyncio
    import sys

    from pokerbonus.cli import main

    screens: list[str] = []

    def run_headless(app: DealerApp) -> None:
        async def play() -> None:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                screens.append(screen_text(app))
                await pilot.press("f5")
                await until(pilot, lambda: "À vous" in screen_text(app))
                screens.append(screen_text(app))

        asyncio.run(play())

    monkeypatch.setattr(DealerApp, "run", run_headless)
    args = ["pokerbonus", "play", "--dealer", "--lang", "fr", "--db", str(tmp_path / "d.db"),
            "--seed", "3", "--opponents", "1"]  # fmt: skip
    monkeypatch.setattr(sys, "argv", args)
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code in (0, None)
    setup, table = screens
    assert "Mise contre la banque" in setup and "Jouer" in setup and "Vous" in setup
    assert "Croupier (banque)" in table and "Garder (+10)" in table and "Vous" in table
    for english in ("Your decision", "Dealer (bank)", "Keep", "Fold", "stack", "You "):
        assert english not in table, english
