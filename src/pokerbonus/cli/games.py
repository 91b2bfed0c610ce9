"""``pokerbonus games [--json]``: every game of the catalog with a one-line description.

The lead registers it with ``app.command("games")(games_command)``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.rules.catalog import CATALOG

__all__ = ["games_command"]


def games_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
) -> None:
    """List every game: key, name, betting structures (PHH codes), description, rules page."""
    rows = [
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
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    table = Table(title=f"{len(rows)} games")
    for column in ("game", "structures (code)", "description", "rules"):
        table.add_column(column)
    for row in rows:
        codes = ", ".join(f"{k} ({c})" for k, c in row["codes"].items())  # type: ignore[attr-defined]
        table.add_row(str(row["name"]), codes, str(row["description"]), str(row["page"]))
    Console(width=200).print(table)
