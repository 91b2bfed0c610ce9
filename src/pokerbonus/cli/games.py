"""``pokerbonus games [--json]``: every game a table plays, with a one-line description.

The French five-card draw (``draw``, the default game, RULES.md section 5) comes
first, then every game of the catalog (RULES.md section 8). The lead registers
it with ``app.command("games")(games_command)``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.rules.catalog import CATALOG

__all__ = ["DRAW_ROW", "game_rows", "games_command"]

DRAW_ROW: dict[str, Any] = {
    "key": "draw",
    "name": "French five-card draw",
    "structures": ["no-limit", "pot-limit", "limit"],
    "codes": {"no-limit": "NFD", "pot-limit": "PFD", "limit": "FFD"},
    "forced_bets": "pot-or-blind",
    "description": "poker fermé: five cards, one draw of up to three (one player may take "
    "four), pot game or blind game, 32 to 52 cards by players",
    "page": "docs/games/draw.md",
}
"""The French five-card draw's row: the table's default game, played by
:func:`pokerbonus.rules.five_card_draw` with the house rules of ``TableConfig``."""


def game_rows() -> list[dict[str, Any]]:
    """One row per game: the French draw, then the catalog in the rule book's order."""
    return [dict(DRAW_ROW)] + [
        {
            "key": e.key,
            "name": e.name,
            "structures": list(e.structures),
            "codes": dict(e.codes),
            "forced_bets": e.forced,
            "description": e.description,
            "page": e.page,
        }
        for e in CATALOG.values()
    ]


def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
) -> None:
    """List every game: key, name, betting structures (PHH codes), description, rules page."""
    rows = game_rows()
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    table = Table(title=f"{len(rows)} games")
    for column in ("key", "game", "structures (code)", "description", "rules"):
        table.add_column(column)
    for row in rows:
        codes = ", ".join(f"{k} ({c})" for k, c in row["codes"].items())
        table.add_row(
            str(row["key"]), str(row["name"]), codes, str(row["description"]), str(row["page"])
        )
    Console(width=220).print(table)
