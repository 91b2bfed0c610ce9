"""The command line in French: ``--lang``, the locale, the saved preference, and
the text of ``eval``, ``equity``, ``stats`` and ``games`` (JSON keys stay English)."""

from __future__ import annotations

import gettext as stdlib_gettext
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.analysis.ranges import parse_range
from pokerbonus.cli import app
from pokerbonus.cli.games import FRENCH_PAGES, rules_page
from pokerbonus.errors import NotationError
from pokerbonus.i18n import using_language
from pokerbonus.i18n.language import save_language
from pokerbonus.i18n.toolkit import speak_toolkit

runner = CliRunner(env={"COLUMNS": "250"})  # wide enough that no cell wraps
ROOT = Path(__file__).resolve().parent.parent


def _joined(text: str) -> str:
    """``text`` with its line breaks and runs of plain spaces as one space (a table
    title wraps to the table's width); no-break spaces are kept."""
    return re.sub(r"[ \n]+", " ", text)


def _run(args: list[str], home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The ``pokerbonus`` command in a fresh process, with a clean language setup:
    no ``POKERBONUS_LANG``, no locale variable, an empty config folder, plus ``env``."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in ("POKERBONUS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    base["XDG_CONFIG_HOME"] = str(home)
    code = "from pokerbonus.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env={**base, "COLUMNS": "200", **env},
        check=False,
    )


def test_eval_with_lang_fr(tmp_path: Path) -> None:
    done = _run(["eval", "Kh Ks 8d 8c Ts", "--lang", "fr"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "double paire, rois et huit, dix" in done.stdout
    assert "R♠ R♥ 8♦ 8♣ 10♠" in done.stdout  # French letters on the cards
    assert "Valeur des mains" in done.stdout and "two pair" not in done.stdout


def test_eval_in_a_french_locale(tmp_path: Path) -> None:
    done = _run(["eval", "Jh Jd Jc 7s 7h"], tmp_path, LANG="fr_FR.UTF-8")
    assert done.returncode == 0, done.stderr
    assert "full aux valets par les sept" in done.stdout


def test_the_locale_order_and_the_saved_preference(tmp_path: Path) -> None:
    hand = ["eval", "Jh Jd Jc 7s 7h"]
    english = "jacks full of sevens"
    assert english in _run(hand, tmp_path).stdout  # no locale: English
    assert english in _run(hand, tmp_path, LC_ALL="C", LANG="fr_FR.UTF-8").stdout
    assert english in _run(hand, tmp_path, LANG="fr_FR.UTF-8", POKERBONUS_LANG="en").stdout
    save_language("fr", tmp_path / "pokerbonus" / "settings.toml")
    assert "full aux valets" in _run(hand, tmp_path, LANG="en_US.UTF-8").stdout
    assert english in _run([*hand, "--lang", "en"], tmp_path).stdout
    assert english in _run(["eval", "--lang=en", "Jh Jd Jc 7s 7h"], tmp_path).stdout


def test_a_bad_language_is_one_line_and_exit_2(tmp_path: Path) -> None:
    done = _run(["eval", "Jh Jd Jc 7s 7h", "--lang", "de"], tmp_path)
    assert done.returncode == 2
    assert done.stderr == "error: unknown language: 'de' (expected en or fr)\n"
    done = _run(["games"], tmp_path, POKERBONUS_LANG="xx")
    assert done.returncode == 2 and done.stderr.startswith("error: unknown language: 'xx'")


def test_the_french_help_says_cards_are_typed_with_english_letters(tmp_path: Path) -> None:
    done = _run(["eval", "--help", "--lang", "fr"], tmp_path)
    assert done.returncode == 0, done.stderr
    words = " ".join(done.stdout.replace("│", " ").split())
    assert "Évaluer des mains et les classer" in words
    assert "lettres anglaises" in words and "trèfle, carreau, cœur, pique" in words
    assert "--lang" in words
    listed = " ".join(_run(["--help"], tmp_path, LANG="fr_FR.UTF-8").stdout.split())
    assert "moteur de poker" in listed and "Lister tous les jeux" in listed


def test_errors_are_written_in_french(tmp_path: Path) -> None:
    done = _run(["eval", "Xc Ks 8d 8c Ts", "--lang", "fr"], tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("erreur\u00a0: carte invalide\u00a0: 'Xc' (valeur 2-10 V D R A")
    shown = _run(["eval", "Rc Ks 8d 8c Ts", "--lang", "fr"], tmp_path)  # R: roi, as shown
    assert shown.returncode == 0 and "double paire, rois et huit, dix" in shown.stdout
    result = runner.invoke(app, ["eval", "As Ks", "--lang", "fr"])
    assert result.exit_code == 2
    assert "demande au moins 5 cartes" in result.stderr


def test_a_bad_range_is_refused_in_french() -> None:
    """The range reader's errors are French; the equity command's "hand 2" prefix is
    still English (analysis/equity.py is wrapped in phase 2)."""
    with using_language("fr"), pytest.raises(NotationError) as caught:
        parse_range("QQ+, AKx")
    assert str(caught.value).startswith("élément de fourchette invalide\u00a0: 'AKx'")
    result = runner.invoke(app, ["equity", "AhKh", "QQ+, AKs-QQ", "--lang", "fr"])
    assert result.exit_code == 2
    assert "intervalle de fourchette invalide\u00a0: 'AKs-QQ'" in result.stderr


def test_eval_json_keys_stay_english() -> None:
    result = runner.invoke(app, ["eval", "Ah Ad Kc Kd 2s", "--json", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    (row,) = json.loads(result.stdout)
    assert set(row) == {"hand", "place", "game", "rank", "category", "description", "cards"}
    assert row["category"] == "two_pair" and row["cards"] == "Ah Ad Kd Kc 2s"
    assert row["description"] == "double paire, as et rois, deux"


def test_eval_ranks_a_joker_hand_with_the_others() -> None:
    result = runner.invoke(app, ["eval", "Kh Ks 8d 8c Ts", "Jk Ah Ad Ac As", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    assert result.stdout.index("poker d'as") < result.stdout.index("double paire")


def test_equity_in_french() -> None:
    result = runner.invoke(app, ["equity", "AhKh", "QsQc", "--board", "Ks 7d 2c", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = _joined(result.stdout)
    assert "board\u00a0: R♠ 7♦ 2♣" in out and "exacte, 990 tirages" in out
    for column in ("Main", "Équité %", "Gain %", "Partage %"):
        assert column in out
    assert "," in out.split("AhKh")[1].split()[1]  # a decimal comma: 80,606
    assert "Equity" not in out and "runouts" not in out


def test_stats_dealt_in_french() -> None:
    result = runner.invoke(app, ["stats", "dealt", "--deck", "32", "--jokers", "1", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = _joined(result.stdout)
    assert "jeu de 32 cartes + 1 joker\u00a0: 237\u202f336 mains" in out
    for name in ("hauteur", "double paire", "brelan", "quinte flush", "poker", "fréquence"):
        assert name in out
    assert "two_pair" not in out and "frequency" not in out
    english = _joined(runner.invoke(app, ["stats", "dealt", "--deck", "32", "--lang", "en"]).stdout)
    assert "Five-card deal, 32 cards + 0 jokers: 201,376 hands" in english


def test_stats_draw_in_french() -> None:
    args = ["stats", "draw", "--deck", "32", "--players", "3", "--hands", "3000", "--workers", "1"]
    result = runner.invoke(app, [*args, "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Poker fermé, 32 cartes, 3 joueurs, 3\u202f000 donnes" in out
    assert "3\u202f000 donnes en" in out and "sur 1 processus" in out
    for column in ("finale", "servie", "issue de", "gain (donne)"):
        assert column in out
    assert "double paire" in out and "two_pair" not in out


def test_games_in_french() -> None:
    result = runner.invoke(app, ["games", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "20 jeux" in out  # the French five-card draw first (issue 14)
    assert "Poker fermé" in out
    assert "Stud à sept cartes" in out and "sans limite (NT)" in out
    listed = runner.invoke(app, ["games", "--json", "--lang", "fr"]).stdout
    razz = next(row for row in json.loads(listed) if row["key"] == "razz")
    assert razz["name"] == "Razz" and razz["page"] == "docs/games/fr/razz.md"
    assert razz["description"].startswith("stud à sept cartes joué pour le low as-à-cinq")
    short = next(row for row in json.loads(listed) if row["key"] == "short-deck")
    assert "la couleur bat le full" in short["description"]


def test_the_french_rules_pages_exist() -> None:
    written = {page.stem for page in (ROOT / "docs" / "games" / "fr").glob("*.md")}
    assert written == set(FRENCH_PAGES)
    for key in FRENCH_PAGES:
        page = ROOT / rules_page(key, "fr")
        assert page.is_file(), page
    draw = (ROOT / rules_page("draw", "fr")).read_text(encoding="utf-8")
    for word in ("parole", "servi", "tapis", "carré", "brelan", "talon", "relance", "ouvreur"):
        assert word in draw, word
    listed = json.loads(runner.invoke(app, ["games", "--json", "--lang", "fr"]).stdout)
    pages = {row["key"]: row["page"] for row in listed}
    assert pages["holdem"] == "docs/games/fr/holdem.md"
    assert pages["razz"] == "docs/games/fr/razz.md"
    for key in FRENCH_PAGES - {"draw"}:  # every French page names its English reference
        text = (ROOT / rules_page(key, "fr")).read_text(encoding="utf-8")
        assert f"[../{key}.md](../{key}.md)" in text and "Structures d'enchères" in text, key


def test_a_french_plot(tmp_path: Path) -> None:
    """``stats dealt --plot --lang fr``: the plot's title in French (« 0 joker »: French
    counts 0 in the singular); the English one says "0 jokers"."""
    for lang, title in (
        ("fr", "Donne de cinq cartes, 32 cartes + 0 joker (exact)"),
        ("en", "Five-card deal, 32 cards + 0 jokers (exact)"),
    ):
        plot = tmp_path / f"dealt-{lang}.svg"
        args = ["stats", "dealt", "--deck", "32", "--json", "--plot", str(plot), "--lang", lang]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert title in plot.read_text(), lang


def test_typers_error_words_in_french_and_english(tmp_path: Path) -> None:
    """The error box's title and its "Try ... for help." line are Typer's words, from
    ``typer.po``; in English they are exactly Typer's own (docs/i18n.md)."""
    french = _run(["eval", "--lang", "fr", "--bogus"], tmp_path)
    assert french.returncode == 2
    lines = french.stderr.splitlines()
    assert lines[1] == "Pour l'aide, essayez '-c eval --help'."
    assert lines[2].startswith("╭─ Erreur ─") and "--bogus" in lines[3]
    assert "Try" not in french.stderr and " Error " not in french.stderr
    english = _run(["eval", "--bogus"], tmp_path)
    assert english.returncode == 2
    lines = english.stderr.splitlines()
    assert lines[:2] == ["Usage: -c eval [OPTIONS] {hands}...", "Try '-c eval --help' for help."]
    assert lines[2].startswith("╭─ Error ─") and lines[2].endswith("─╮")
    assert lines[3].split() == ["│", "No", "such", "option:", "--bogus", "│"]
    assert lines[4].startswith("╰─") and len(lines) == 5


def test_a_missing_or_unknown_command_in_french(tmp_path: Path) -> None:
    missing = _run(["stats"], tmp_path, POKERBONUS_LANG="fr")
    assert missing.returncode == 2
    assert "│ Commande manquante." in missing.stderr and "Missing" not in missing.stderr
    unknown = _run(["bogus", "--lang", "fr"], tmp_path)
    assert unknown.returncode == 2
    assert "│ Commande inconnue\u00a0: 'bogus'." in unknown.stderr
    assert "No such command" not in unknown.stderr
    argument = _run(["eval", "--lang", "fr"], tmp_path)  # the message itself is Click's
    assert argument.returncode == 2 and "─ Erreur ─" in argument.stderr
    assert "Pour l'aide, essayez '-c eval --help'." in argument.stderr


def test_typers_help_words_in_french(tmp_path: Path) -> None:
    french = _run(["eval", "--help", "--lang", "fr"], tmp_path).stdout
    assert "╭─ Arguments ─" in french and "╭─ Options ─" in french
    assert "[obligatoire]" in french and "[par défaut\u00a0: high]" in french
    assert "[required]" not in french and "[default:" not in french
    listed = _run(["--help"], tmp_path, LANG="fr_FR.UTF-8").stdout
    assert "╭─ Commandes ─" in listed and "Commands" not in listed
    english = _run(["eval", "--help"], tmp_path).stdout
    assert "[required]" in english and "[default: high]" in english
    assert "╭─ Commands ─" in _run(["--help"], tmp_path).stdout


def test_english_binds_no_catalog_and_french_is_undone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """English leaves the standard library's gettext as it is; French binds the
    catalog of Typer's words and names the language; back to English undoes both."""
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path))
    monkeypatch.delenv("LANGUAGE", raising=False)
    domain = stdlib_gettext.textdomain()
    assert speak_toolkit("en") is False
    assert stdlib_gettext.textdomain() == domain and "LANGUAGE" not in os.environ
    assert speak_toolkit("fr") is True
    try:
        assert stdlib_gettext.gettext("Commands") == "Commandes"
        assert os.environ["LANGUAGE"] == "fr"
        assert list(tmp_path.glob("locale/typer-*/fr/LC_MESSAGES/pokerbonus-typer.mo"))
    finally:
        speak_toolkit("en")
    assert stdlib_gettext.textdomain() == domain and "LANGUAGE" not in os.environ
    assert stdlib_gettext.gettext("Commands") == "Commands"


def test_lang_is_taken_at_the_top_level_and_by_the_command_groups(tmp_path: Path) -> None:
    """``--lang`` anywhere before ``--``: the top level's and the groups' help too."""
    top = _run(["--help", "--lang", "fr"], tmp_path)
    assert top.returncode == 0, top.stderr
    assert "moteur de poker" in top.stdout
    group = _run(["stats", "--lang=fr", "--help"], tmp_path)
    assert group.returncode == 0, group.stderr
    assert "Statistiques" in group.stdout and "No such option" not in group.stderr
    english = _run(["history", "--lang", "en", "--help"], tmp_path)
    assert english.returncode == 0 and "Statistiques" not in english.stdout


def test_solve_french_draw_speaks_french(tmp_path: Path) -> None:
    done = _run(["solve", "--game", "french-draw", "--deck", "40", "--lang", "fr"], tmp_path)
    assert done.returncode == 2
    assert "32 ou 52 est attendu, reçu 40" in done.stderr and "expected" not in done.stderr
    helped = _run(["solve", "--help", "--lang", "fr"], tmp_path)
    assert "2 ou 4 joueurs" in helped.stdout and "2 or 4 players" not in helped.stdout
