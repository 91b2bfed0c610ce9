"""The catalogs' upkeep, with Babel: extract the messages, update and check each ``.po``.

Run from a checkout (the ``.po`` files are written in place)::

    python -m pokerbonus.i18n.catalog update   # extract, merge into every .po
    python -m pokerbonus.i18n.catalog check    # list what is missing, fuzzy or unused

Extraction reads every file of :data:`SOURCES` under the package folder and
takes the first arguments of :data:`KEYWORDS` calls, with the comments that
start with ``Translators:`` just above them. ``tests/test_i18n_catalog.py``
runs :func:`problems` on every language: a message with no translation, a fuzzy
entry, an entry no code uses, a placeholder the code does not fill or a plural
without all its forms fails the suite.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Final

from pokerbonus.i18n import DEFAULT_LANGUAGE, DOMAIN, LANGUAGES

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

__all__ = ["KEYWORDS", "SOURCES", "extract", "locale_dir", "problems", "read", "update"]

PACKAGE: Final = Path(__file__).resolve().parent.parent
"""The ``pokerbonus`` package folder: paths of :data:`SOURCES` are relative to it."""

SOURCES: Final = (("**.py", "python"), ("web/src/**.ts", "javascript"))
"""Babel's method map: which files are scanned, and how: the Python code, and the web
page's TypeScript sources (their ``gettext``/``ngettext``/``pgettext`` calls, the
functions of ``web/src/i18n.ts``; Babel's JavaScript reader takes TypeScript)."""

KEYWORDS: Final = {
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
}
"""The translation functions of :mod:`pokerbonus.i18n`, as Babel keyword specs."""

COMMENT_TAGS: Final = ("Translators:",)

_PLACEHOLDER: Final = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def locale_dir() -> Path:
    """The folder of the ``.po`` files: ``<package>/i18n/locale``."""
    return PACKAGE / "i18n" / "locale"


def po_file(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every message of the code, as a template catalog (what a ``.pot`` holds)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    template = Catalog(domain=DOMAIN, project="Poker Bonus", charset="utf-8")
    found = extract_from_dir(
        str(PACKAGE),
        method_map=list(SOURCES),
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        template.add(
            message,
            None,
            [(f"pokerbonus/{filename}", lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def read(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang``, as written."""
    from babel.messages.pofile import read_po

    with po_file(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def _texts(value: object) -> tuple[str, ...]:
    """A message's text or plural texts, as a tuple."""
    if isinstance(value, tuple | list):
        return tuple(str(text) for text in value)
    return (str(value),)


def _placeholders(texts: Iterable[str]) -> set[str]:
    return {name for text in texts for name in _PLACEHOLDER.findall(text)}


def problems(
    lang: str, template: Catalog | None = None, catalog: Catalog | None = None
) -> list[str]:
    """What is wrong with the catalog of ``lang`` (or with ``catalog``, a catalog
    of that language), one line each; empty when all is well."""
    template = template if template is not None else extract()
    catalog = catalog if catalog is not None else read(lang)
    found: list[str] = []
    wanted = {(m.id, m.context) for m in template if m.id}
    for message in template:
        if not message.id:
            continue
        where = ", ".join(f"{file}:{line}" for file, line in message.locations)
        entry = catalog.get(message.id, context=message.context)
        if (
            entry is None
            or not entry.string
            or (isinstance(entry.string, tuple) and not all(entry.string))
        ):
            found.append(f"missing: {_show(message.id, message.context)} ({where})")
            continue
        if entry.fuzzy:
            found.append(f"fuzzy: {_show(message.id, message.context)}")
        ids, strings = _texts(message.id), _texts(entry.string)
        if isinstance(message.id, tuple) != isinstance(entry.string, tuple):
            found.append(f"plural form mismatch: {_show(message.id, message.context)}")
        elif isinstance(entry.string, tuple) and len(strings) != catalog.num_plurals:
            found.append(
                f"plural forms: {len(strings)} of {catalog.num_plurals}: "
                f"{_show(message.id, message.context)}"
            )
        allowed = _placeholders(ids) | _placeholders(message.auto_comments)
        extra = _placeholders(strings) - allowed
        if extra:
            names = ", ".join(sorted(extra))
            shown = _show(message.id, message.context)
            found.append(f"placeholder not filled by the code ({names}): {shown}")
    for entry in catalog:
        if entry.id and (entry.id, entry.context) not in wanted:
            found.append(f"unused: {_show(entry.id, entry.context)}")
    for entry in catalog.obsolete.values():
        found.append(f"unused (obsolete): {_show(entry.id, entry.context)}")
    for entry, errors in catalog.check():
        for error in errors:
            found.append(f"format: {_show(entry.id, entry.context)}: {error}")
    return found


def _show(message_id: str | tuple[str, ...] | object, context: str | None) -> str:
    text = message_id[0] if isinstance(message_id, tuple) else str(message_id)
    return f"[{context}] {text!r}" if context else repr(text)


def update(langs: Iterable[str] = ()) -> list[Path]:
    """Extract the messages and merge them into the ``.po`` of each language: new
    messages come in untranslated, vanished ones are dropped. Returns the files."""
    from babel.messages.pofile import write_po

    template = extract()
    written = []
    for lang in langs or [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]:
        catalog = read(lang)
        created = catalog.creation_date  # kept, so an update without news changes nothing
        catalog.update(template, no_fuzzy_matching=True)
        catalog.creation_date = created
        out = io.BytesIO()
        write_po(
            out,
            catalog,
            width=100,
            ignore_obsolete=True,
            include_previous=False,
            include_lineno=False,
        )
        po_file(lang).write_bytes(out.getvalue())
        written.append(po_file(lang))
    return written


def main(argv: list[str] | None = None) -> int:
    """``update`` or ``check`` every catalog; ``check`` exits 1 with its findings."""
    args = sys.argv[1:] if argv is None else argv
    langs = [lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE]
    if args[:1] == ["update"]:
        for path in update(langs):
            print(f"updated {path}")
        return 0
    if args[:1] == ["check"]:
        template = extract()
        found = [f"{lang}: {line}" for lang in langs for line in problems(lang, template)]
        print("\n".join(found) or "every catalog is complete")
        return 1 if found else 0
    print("usage: python -m pokerbonus.i18n.catalog update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
