"""The catalogs: every message of the code is extracted with Babel, and the French
catalog must translate each one, with no fuzzy or unused entry, no placeholder the
code does not fill, and every plural form (``pokerbonus.i18n.catalog``).

A new English string that goes through the translation layer cannot ship
untranslated: this test fails until ``python -m pokerbonus.i18n.catalog update``
has brought it into ``fr/LC_MESSAGES/pokerbonus.po`` and it is translated there.
"""

from __future__ import annotations

import copy

import pytest
from babel.messages.catalog import Catalog, Message

from pokerbonus.i18n import DEFAULT_LANGUAGE, LANGUAGES
from pokerbonus.i18n.catalog import extract, problems, read

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
    "pokerbonus/cli/stats.py",
)


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
