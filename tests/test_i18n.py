"""The translation layer (``pokerbonus.i18n``): the current language, the compiled
catalogs and their cache, plurals, numbers, and how a language is chosen (the
``--lang`` flag, ``POKERBONUS_LANG``, the saved preference, the locale, a web
page's switch and ``Accept-Language``)."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

import pytest

import pokerbonus.i18n
import pokerbonus.i18n.compiled as compiled
from pokerbonus.i18n import (
    LanguageError,
    current_language,
    gettext,
    ngettext,
    pgettext,
    set_language,
    translations,
    using_language,
)
from pokerbonus.i18n.language import (
    choose_language,
    language_for_request,
    language_from_accept,
    language_from_locale,
    normalize,
    save_language,
    saved_language,
)
from pokerbonus.i18n.numbers import number

DEAL = (
    "Five-card deal, {deck} cards + {jokers} joker: {total} hands",
    "Five-card deal, {deck} cards + {jokers} jokers: {total} hands",
)


def test_english_by_default_and_french_on_request() -> None:
    assert current_language() == "en"
    assert gettext("duplicate card: {card!r}") == "duplicate card: {card!r}"
    with using_language("fr"):
        assert current_language() == "fr"
        assert gettext("duplicate card: {card!r}") == "carte en double\u00a0: {card!r}"
        assert pgettext("category", "two pair") == "double paire"
        assert pgettext("rank", "queen") == "dame"
    assert current_language() == "en"


def test_plurals_follow_each_language_rule() -> None:
    """French counts 0 and 1 in the singular (« 0 joker », « 1 joker », « 2 jokers »),
    English only 1."""
    english = [ngettext(*DEAL, n).split("+ ")[1].split(":")[0] for n in (0, 1, 2)]
    assert english == ["{jokers} jokers", "{jokers} joker", "{jokers} jokers"]
    with using_language("fr"):
        french = [ngettext(*DEAL, n).split("+ ")[1].split("\u00a0")[0] for n in (0, 1, 2)]
    assert french == ["{jokers} joker", "{jokers} joker", "{jokers} jokers"]


def test_a_block_language_stays_in_its_thread_and_set_language_is_for_all() -> None:
    seen: list[str] = []
    with using_language("fr"):
        worker = threading.Thread(target=lambda: seen.append(current_language()))
        worker.start()
        worker.join()
    assert seen == ["en"]
    set_language("fr")
    worker = threading.Thread(target=lambda: seen.append(current_language()))
    worker.start()
    worker.join()
    assert seen == ["en", "fr"]


def test_an_unknown_language_is_one_clear_error() -> None:
    with pytest.raises(LanguageError, match=r"unknown language: 'de' \(expected en or fr\)"):
        set_language("de")
    with pytest.raises(LanguageError):
        translations("xx")
    assert current_language() == "en"


def test_the_catalog_is_compiled_once_into_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path))
    first = compiled.load_catalog("fr")
    built = list((tmp_path / "locale").glob("fr-*.mo"))
    assert len(built) == 1
    assert first.pgettext("rank", "king") == "roi"

    def no_compiling(po: bytes, lang: str) -> bytes:
        raise AssertionError("the cached catalog should have been read")

    monkeypatch.setattr(compiled, "compile_po", no_compiling)
    again = compiled.load_catalog("fr")
    assert again.pgettext("ranks", "kings") == "rois"


def test_an_edited_catalog_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path))
    compiled.load_catalog("fr")
    po = compiled.catalog_source("fr").read_bytes()
    edited = po.replace(b'msgstr "roi"', b'msgstr "roy"')
    assert edited != po
    old = compiled.mo_path("fr", po)
    new = compiled.mo_path("fr", edited)
    assert old != new and old.exists()
    compiled._save(new, compiled.compile_po(edited, "fr"))
    assert new.exists() and not old.exists()  # one build per language is kept


def test_a_cache_that_cannot_be_written_is_not_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("POKERBONUS_CACHE", str(blocker / "pokerbonus"))
    catalog = compiled.load_catalog("fr")
    assert catalog.pgettext("category", "full house") == "full"


def test_numbers_are_written_the_french_way() -> None:
    assert number(1712304) == "1,712,304"
    assert number(1712304, ",", "fr") == "1\u202f712\u202f304"
    assert number(46.2144, ".3f", "fr") == "46,214"
    assert number(0.0123, ".2%", "fr") == "1,23\u202f%"
    with using_language("fr"):
        assert number(2.5, ".1f") == "2,5"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, None),
        ({"LC_MESSAGES": "fr_BE.UTF-8", "LANG": "en_GB.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, None),  # LC_ALL decides: C is no language
        ({"LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr:en", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "fr_FR@euro"}, "fr"),
        ({}, None),
    ],
)
def test_the_locale_variables_are_read_in_gettext_order(
    environ: dict[str, str], expected: str | None
) -> None:
    assert language_from_locale(environ) == expected


def test_language_tags() -> None:
    assert [normalize(t) for t in ("fr", "FR-ch", "fr_FR.UTF-8", "en-US", "C", "")] == [
        "fr", "fr", "fr", "en", None, None,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "fr"),
        ("en-GB,en;q=0.9,fr;q=0.8", "en"),
        ("de-DE,de;q=0.9,fr;q=0.5,en;q=0.3", "fr"),
        ("en;q=0.4, fr;q=0.6", "fr"),
        ("de, it", "en"),
        ("fr;q=abc, en", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_accept_language(header: str | None, expected: str) -> None:
    assert language_from_accept(header) == expected


def test_a_web_page_switch_beats_the_browser() -> None:
    assert language_for_request("en", "fr-FR,fr;q=0.9") == "en"
    assert language_for_request("fr", "en-US") == "fr"
    assert language_for_request(None, "fr-FR") == "fr"
    assert language_for_request("klingon", "fr-FR") == "fr"


def test_the_saved_preference_keeps_the_other_settings(tmp_path: Path) -> None:
    settings = tmp_path / "pokerbonus" / "settings.toml"
    assert saved_language(settings) is None
    save_language("fr", settings)
    assert saved_language(settings) == "fr"
    settings.write_text('theme = "dark"\nsound = false\nlang = "fr"\n')
    save_language("en", settings)
    assert saved_language(settings) == "en"
    assert settings.read_text() == 'theme = "dark"\nsound = false\nlang = "en"\n'
    settings.write_text("lang = [broken")
    assert saved_language(settings) is None
    with pytest.raises(LanguageError):
        save_language("de", settings)


def test_the_settings_file_lives_in_the_config_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    path = save_language("fr")
    assert path == tmp_path / "pokerbonus" / "settings.toml"
    assert saved_language() == "fr"


def test_the_order_of_choice(tmp_path: Path) -> None:
    """--lang, then POKERBONUS_LANG, then the saved preference, then the locale."""
    saved = tmp_path / "settings.toml"
    french_locale = {"LANG": "fr_FR.UTF-8"}
    assert choose_language(None, french_locale, saved) == "fr"
    assert choose_language(None, {"LANG": "C.UTF-8"}, saved) == "en"
    save_language("en", saved)
    assert choose_language(None, french_locale, saved) == "en"
    assert choose_language(None, {**french_locale, "POKERBONUS_LANG": "fr"}, saved) == "fr"
    assert choose_language("fr", {"POKERBONUS_LANG": "en"}, saved) == "fr"
    with pytest.raises(LanguageError):
        choose_language("es", {}, saved)
    with pytest.raises(LanguageError):
        choose_language(None, {"POKERBONUS_LANG": "es"}, saved)


def test_the_layer_imports_nothing_above_it() -> None:
    """The translation layer sits under ``cards`` (hand descriptions and card errors
    use it): its modules import no module of the package but ``errors`` and its own."""
    folder = Path(pokerbonus.i18n.__file__).parent
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                if name.startswith("pokerbonus"):
                    assert name == "pokerbonus.errors" or name.startswith("pokerbonus.i18n"), (
                        f"{path.name} imports {name}"
                    )
