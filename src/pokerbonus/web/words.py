"""The page's words in French (or any language of the catalogs), from the same
gettext catalog as the rest of the game.

The page's scripts (``src/*.ts``) write their sentences in English through
``gettext``/``ngettext``/``pgettext`` (``src/i18n.ts``); the catalog tools extract
them with the Python code's (:data:`pokerbonus.i18n.catalog.SOURCES`). The server
puts the language in ``<html lang>`` and the page's part of the catalog in the
page (:func:`page_html`): every message of the page's sources, the words of the
create form's schema (labels, help lines, game names: :mod:`pokerbonus.web.schema`)
and the house rules' values and bot levels (:data:`PAGE_CONTEXTS`).

>>> messages = page_messages("fr")
>>> messages["{name} checks"], messages["house rule\\x04cut-only"]
('{name} dit parole', 'coupe seulement')
>>> messages["{name} draws {count}"]
['{name} demande {count} carte', '{name} demande {count} cartes']
>>> page_messages("en")
{}
"""

from __future__ import annotations

import json
from functools import cache
from typing import Final

from pokerbonus.i18n import DEFAULT_LANGUAGE, check_language

__all__ = ["PAGE_CONTEXTS", "PAGE_SOURCES", "page_html", "page_messages", "schema_words"]

PAGE_SOURCES: Final = "pokerbonus/web/"
"""Messages found in files under this folder are the page's."""

PAGE_CONTEXTS: Final = ("house rule", "level")
"""Contexts whose messages the page also says (the values of the form's choices)."""

WORDS_ELEMENT: Final = "pokerbonus-words"
"""The id of the ``<script type="application/json">`` holding the page's messages."""


def schema_words() -> set[str]:
    """The English words of the create form's schema that the page translates:
    each field's label and help line, each game's name, each bot level's help."""
    from pokerbonus.web.schema import config_schema

    schema = config_schema()
    words = {f["label"] for f in schema["fields"]} | {f["help"] for f in schema["fields"]}
    return words | set(schema["game_names"].values()) | set(schema["bot_level_help"].values())


@cache
def page_messages(lang: str) -> dict[str, str | list[str]]:
    """The page's messages in ``lang``: English text (with ``context + "\\x04"``
    before it for a message with a context) to its translation, or to the list
    of its plural forms; empty for English (the page's own words)."""
    if check_language(lang) == DEFAULT_LANGUAGE:
        return {}
    from pokerbonus.i18n.catalog import read

    schema = schema_words()
    out: dict[str, str | list[str]] = {}
    for message in read(lang):
        if not message.id or not message.string:
            continue
        singular = str(message.id[0] if isinstance(message.id, tuple | list) else message.id)
        wanted = (
            any(path.startswith(PAGE_SOURCES) for path, _ in message.locations)
            or message.context in PAGE_CONTEXTS
            or singular in schema
        )
        if not wanted:
            continue
        key = f"{message.context}\x04{singular}" if message.context else singular
        if isinstance(message.string, tuple | list):
            out[key] = list(message.string)
        else:
            out[key] = message.string
    return out


@cache
def page_html(template: str, lang: str) -> str:
    """The page (``static/index.html``) for a reader of ``lang``: its language in
    ``<html lang>``, its messages in a JSON script element before the scripts."""
    words = json.dumps(page_messages(lang), ensure_ascii=False, separators=(",", ":"))
    words = words.replace("</", "<\\/")  # nothing in it closes the script element
    element = f'<script id="{WORDS_ELEMENT}" type="application/json">{words}</script>\n'
    html = template.replace('<html lang="en">', f'<html lang="{lang}">', 1)
    return html.replace("</head>", element + "</head>", 1)
