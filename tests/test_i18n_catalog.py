"""The catalogs: every message of the code is extracted with Babel, and the French
catalog must translate each one, with no fuzzy or unused entry, no placeholder the
code does not fill, and every plural form (``pokerbonus.i18n.catalog``).

A new English string that goes through the translation layer cannot ship
untranslated: this test fails until ``python -m pokerbonus.i18n.catalog update``
has brought it into ``fr/LC_MESSAGES/pokerbonus.po`` and it is translated there.
"""

from __future__ import annotations

import copy
import io
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from pokerbonus.i18n import DEFAULT_LANGUAGE, LANGUAGES
from pokerbonus.i18n.catalog import extract, problems, read, toolkit_messages, toolkit_problems
from pokerbonus.i18n.toolkit import toolkit_source
from pokerbonus.web.words import page_messages, schema_words

# the catalog template is extracted once: all on one worker of the parallel suite
pytestmark = pytest.mark.xdist_group("i18n_catalog")

TRANSLATED = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]

# Modules whose sentences go through the translation layer so far; the
# extraction scans the whole package, this list guards against a module
# silently dropping out of it.
CONVERTED = (
    "pokerbonus/analysis/ranges.py",
    "pokerbonus/cards.py",
    "pokerbonus/hands/describe.py",
    "pokerbonus/hands/evaluation.py",
    "pokerbonus/i18n/__init__.py",
    "pokerbonus/i18n/language.py",
    "pokerbonus/rules/catalog.py",
    "pokerbonus/cli/__init__.py",
    "pokerbonus/cli/eval.py",
    "pokerbonus/cli/equity.py",
    "pokerbonus/cli/games.py",
    "pokerbonus/cli/bots.py",
    "pokerbonus/bots/expert_coverage.py",
    "pokerbonus/cli/stats.py",
    "pokerbonus/cli/play.py",
    "pokerbonus/cli/serve.py",
    "pokerbonus/cli/simulate.py",
    "pokerbonus/cli/match.py",
    "pokerbonus/cli/solve.py",
    "pokerbonus/cli/replay.py",
    "pokerbonus/cli/history.py",
    "pokerbonus/tui/app.py",
    "pokerbonus/tui/table.py",
    "pokerbonus/tui/screens.py",
    "pokerbonus/tui/render.py",
    "pokerbonus/tui/rules_text.py",
    "pokerbonus/tui/session.py",
    "pokerbonus/tui/settings.py",
    "pokerbonus/server/actor.py",
    "pokerbonus/server/manager.py",
    "pokerbonus/server/routes.py",
    "pokerbonus/server/sockets.py",
    "pokerbonus/server/protocol.py",
    "pokerbonus/server/session.py",
    "pokerbonus/server/tournaments.py",
    "pokerbonus/server/tournament_routes.py",
    "pokerbonus/server/tournament_session.py",
    "pokerbonus/server/tournament_buys.py",
    "pokerbonus/server/tournament_read.py",
    "pokerbonus/engine/config.py",
    "pokerbonus/engine/state.py",
    "pokerbonus/engine/table.py",
    "pokerbonus/engine/ledger.py",
    "pokerbonus/notation/replay.py",
    "pokerbonus/notation/actions.py",
    "pokerbonus/store/store.py",
    "pokerbonus/analysis/equity.py",
    "pokerbonus/web/schema.py",
    "pokerbonus/web/src/cards.ts",
    "pokerbonus/web/src/i18n.ts",
    "pokerbonus/web/src/landing.ts",
    "pokerbonus/web/src/main.ts",
    "pokerbonus/web/src/table.ts",
    "pokerbonus/web/src/tournament.ts",
    "pokerbonus/web/src/words.ts",
)

WEB_SOURCES = Path(__file__).resolve().parent.parent / "src" / "pokerbonus" / "web" / "src"

ALLOWED_PAGE_LITERALS = {
    "Poker Bonus",  # the name, in every language
    "help sr-only",  # class names
}
"""Words of the page's scripts that are not sentences to translate."""


@pytest.fixture(scope="module")
def template() -> Catalog:
    return extract()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_every_entry_used(lang: str, template: Catalog) -> None:
    found = problems(lang, template)
    assert found == [], "\n".join(
        ["run: python -m pokerbonus.i18n.catalog update, then translate", *found]
    )


def test_the_extraction_covers_the_converted_modules(template: Catalog) -> None:
    files = {file for message in template for file, _ in message.locations}
    assert set(CONVERTED) <= files, sorted(set(CONVERTED) - files)
    assert len(template) > 200


def _entry(catalog: Catalog, message_id: str, context: str | None = None) -> Message:
    entry = catalog.get(message_id, context=context)
    assert entry is not None, message_id
    return entry


def _broken(template: Catalog) -> Catalog:
    catalog = copy.deepcopy(read("fr"))
    del catalog["duplicate card: {card!r}"]  # missing
    _entry(catalog, "Hand").flags.add("fuzzy")  # fuzzy
    catalog.add("a sentence no code says", "une phrase que le code ne dit pas")  # unused
    _entry(catalog, "error: {message}").string = "erreur : {mesage}"  # not filled by the code
    _entry(catalog, "{count} game").string = ("{count} jeu", "")  # a plural form left empty
    return catalog


def test_the_check_finds_each_kind_of_fault(template: Catalog) -> None:
    found = problems("fr", template, _broken(template))
    assert any(line.startswith("missing: 'duplicate card: {card!r}'") for line in found)
    assert "fuzzy: 'Hand'" in found
    assert "unused: 'a sentence no code says'" in found
    assert "placeholder not filled by the code (mesage): 'error: {message}'" in found
    assert any(line.startswith("missing: '{count} game'") for line in found)
    assert len(found) == 5, found


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_of_typers_words_is_translated_and_current(lang: str) -> None:
    """``typer.po``: every entry translated, none fuzzy, and each message still one
    the installed Typer passes to gettext (its panel titles and error box among them)."""
    assert toolkit_problems(lang) == []
    catalog = read_po(io.BytesIO(toolkit_source(lang).read_bytes()), locale=lang)
    assert {"Options", "Commands", "Arguments", "Error", "[required]"} <= {m.id for m in catalog}


def test_the_check_of_typers_words_finds_each_kind_of_fault() -> None:
    catalog = read_po(io.BytesIO(toolkit_source("fr").read_bytes()), locale="fr")
    _entry(catalog, "Options").flags.add("fuzzy")
    _entry(catalog, "Error").string = ""
    _entry(catalog, "[default: {}]").string = "[par défaut : {} {}]"
    catalog.add("No such option: {name}", "Option inconnue : {name}")  # not a gettext call
    assert "No such option: {name}" not in toolkit_messages()
    found = toolkit_problems("fr", catalog)
    assert sorted(found) == [
        "fuzzy: 'Options'",
        "missing: 'Error'",
        "not a message of the installed Typer: 'No such option: {name}'",
        "placeholder not filled by Typer: '[default: {}]'",
    ]


def test_a_placeholder_named_in_the_translators_note_may_be_used(template: Catalog) -> None:
    """« paire {of_plural} » uses a placeholder the English template does not:
    the note above the message names it, so the check accepts it."""
    message = _entry(template, "pair of {plural}, {kickers}", "hand")
    assert any("{of_plural}" in note for note in message.auto_comments)
    french = _entry(read("fr"), "pair of {plural}, {kickers}", "hand")
    assert french.string == "paire {of_plural}, {kickers}"


def test_the_french_catalog_has_the_french_plural_rule() -> None:
    catalog = read("fr")
    assert catalog.num_plurals == 2
    assert catalog.plural_expr == "(n > 1)"


def test_the_page_gets_a_french_word_for_each_of_its_messages(template: Catalog) -> None:
    """Every message of the page's scripts and of the create form's schema (labels,
    help lines, game names) is in the page's French words (pokerbonus.web.words)."""
    words = page_messages("fr")
    wanted = {
        (f"{m.context}\x04" if m.context else "")
        + str(m.id[0] if isinstance(m.id, tuple | list) else m.id)
        for m in template
        if m.id and any(path.startswith("pokerbonus/web/") for path, _ in m.locations)
    }
    wanted |= schema_words()
    assert len(wanted) > 150
    missing = sorted(key for key in wanted if not words.get(key))
    assert missing == [], missing
    assert all(isinstance(w, str | list) and w for w in words.values())


_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')
_S = r'"(?:[^"\\\n]|\\.)*"'
_CALLS = re.compile(r"\b(?:gettext|ngettext|pgettext)\(\s*" + _S + r"(?:\s*,\s*" + _S + r")*")


def untranslated_literals(source: str) -> list[str]:
    """The string literals of a page script that read like words to a person (two
    words or more, a space) and are not the English of a translation call, nor a
    class, a style or a cookie."""
    text = re.sub(r"//[^\n]*", "", source)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = _CALLS.sub("CALL(", text)
    found = []
    for match in _STRING.finditer(text):
        literal = match.group(1) if match.group(1) is not None else match.group(2)
        plain = re.sub(r"\$\{[^}]*\}", "x", literal)
        if len(re.findall(r"[A-Za-z]{2,}", plain)) < 2 or " " not in plain.strip():
            continue
        before = text[max(0, match.start() - 40) : match.start()]
        if re.search(r"(class|className|style|cookie)\s*[:=]\s*$", before):
            continue
        if plain.startswith("/") or literal in ALLOWED_PAGE_LITERALS:
            continue
        found.append(literal)
    return found


def test_the_pages_scripts_say_nothing_outside_the_catalog() -> None:
    """A sentence written in a page script without gettext would ship in English
    at a French table: each one must go through the catalog."""
    found = {
        path.name: untranslated_literals(path.read_text(encoding="utf-8"))
        for path in sorted(WEB_SOURCES.glob("*.ts"))
    }
    assert {name: words for name, words in found.items() if words} == {}
    assert untranslated_literals('h("p", {}, "Ask the host for the invite link")') == [
        "Ask the host for the invite link"
    ]
    assert untranslated_literals('h("p", {}, gettext("Ask the host for the link"))') == []
