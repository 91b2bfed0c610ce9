"""``pokerbonus games [--json]``: every game a table plays, with a one-line description.

The French five-card draw (``draw``, the default game, RULES.md section 5) comes
first, then every game of the catalog (RULES.md section 8). The lead registers
it with ``app.command("games")(games_command)``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.i18n import N_, current_language, gettext, ngettext, pgettext
from pokerbonus.rules.catalog import CATALOG

__all__ = ["DRAW_ROW", "FRENCH_PAGES", "game_rows", "games_command", "rules_page"]

FRENCH_PAGES: Final = frozenset({"draw", *CATALOG})
"""The games whose rules page is written in French too: ``docs/games/fr/<key>.md``
(every game: the French draw in full, the others shorter than their English page)."""

DRAW_ROW: Final[dict[str, Any]] = {
    "key": "draw",
    "name": N_("French five-card draw"),
    "structures": ["no-limit", "pot-limit", "limit"],
    "codes": {"no-limit": "NFD", "pot-limit": "PFD", "limit": "FFD"},
    "forced_bets": "pot-or-blind",
    "description": N_(
        "poker fermé: five cards, one draw of up to three (one player may take four), "
        "pot game or blind game, 32 to 52 cards by players"
    ),
}
"""The French five-card draw's row (its name and description untranslated): the
table's default game, played by :func:`pokerbonus.rules.five_card_draw` with the
house rules of ``TableConfig``."""


def rules_page(key: str, lang: str) -> str:
    """The rules page of game ``key`` for a reader of ``lang`` (the English page
    where no translation is written yet), relative to the repository root.

    >>> rules_page("draw", "fr"), rules_page("razz", "fr"), rules_page("draw", "en")
    ('docs/games/fr/draw.md', 'docs/games/fr/razz.md', 'docs/games/draw.md')
    """
    if lang == "fr" and key in FRENCH_PAGES:
        return f"docs/games/fr/{key}.md"
    return f"docs/games/{key}.md"


def game_rows(lang: str) -> list[dict[str, Any]]:
    """One row per game, names and descriptions in the current language: the French
    draw, then the catalog in the rule book's order."""
    draw = dict(DRAW_ROW)
    draw.update(
        name=gettext(DRAW_ROW["name"]),
        description=gettext(DRAW_ROW["description"]),
        page=rules_page("draw", lang),
    )
    return [draw] + [
        {
            "key": e.key,
            "name": gettext(e.name),
            "structures": list(e.structures),
            "codes": dict(e.codes),
            "forced_bets": e.forced,
            "description": gettext(e.description),
            "page": rules_page(e.key, lang),
        }
        for e in CATALOG.values()
    ]


def games_command(
    as_json: Annotated[bool, typer.Option("--json", help=gettext("Print a JSON list."))] = False,
) -> None:
    """List every game: key, name, betting structures (PHH codes), description, rules page."""
    rows = game_rows(current_language())
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    table = Table(
        title=ngettext("{count} game", "{count} games", len(rows)).format(count=len(rows))
    )
    for column in (
        gettext("key"),
        gettext("game"),
        gettext("structures (code)"),
        gettext("description"),
        gettext("rules"),
    ):
        table.add_column(column)
    for row in rows:
        codes = ", ".join(f"{_structure(k)} ({c})" for k, c in row["codes"].items())
        table.add_row(
            str(row["key"]), str(row["name"]), codes, str(row["description"]), str(row["page"])
        )
    Console(width=220).print(table)


def _structure(kind: str) -> str:
    """A betting structure's name in the current language."""
    names = {
        "limit": pgettext("betting structure", "limit"),
        "pot-limit": pgettext("betting structure", "pot-limit"),
        "no-limit": pgettext("betting structure", "no-limit"),
    }
    return names.get(kind, kind)
