"""``pokerbonus bots --coverage [--json]``: what ``expert`` plays at each table option.

Each option of ``TableConfig`` that decides the coverage is probed from the
default French table, heads-up and four-handed (the tables of the shipped
strategies), by :func:`pokerbonus.bots.expert_coverage.coverage_rows`, the same
tests the bot makes at every decision; the options that change nothing are
listed after the table.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.i18n import gettext, pgettext

__all__ = ["bots_command"]


def bots_command(
    coverage: Annotated[
        bool,
        typer.Option("--coverage", help=gettext("Print what expert plays at each table option.")),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=gettext("Print a JSON list."))] = False,
) -> None:
    """What the expert level plays at each table option (--coverage)."""
    if not coverage:
        typer.echo(gettext("Nothing to print: pass --coverage."), err=True)
        raise typer.Exit(2)
    # the bots (and numba) only now: the help imports no heavy library
    from pokerbonus.bots.expert_coverage import NO_EFFECT, coverage_rows

    rows = coverage_rows()
    if as_json:
        typer.echo(json.dumps({"rows": rows, "no_effect": list(NO_EFFECT)}, indent=1))
        return
    table = Table(title=gettext("What expert plays, one option changed at a time"))
    for column in (
        gettext("option"),
        gettext("value"),
        pgettext("sessions", "players"),
        pgettext("level", "expert"),
    ):
        table.add_column(column)
    for row in rows:
        table.add_row(str(row["option"]), str(row["value"]), str(row["players"]), row["plays"])
    Console(width=160).print(table)
    typer.echo(
        gettext("Options without effect on expert: {options}").format(options=", ".join(NO_EFFECT))
    )
