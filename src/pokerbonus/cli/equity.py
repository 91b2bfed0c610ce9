"""The ``pokerbonus equity`` command: all-in equity of 2 to 10 hands or ranges.

Register it on a typer app with ``app.command("equity")(equity_command)``.

Examples::

    pokerbonus equity AhKh QsQc
    pokerbonus equity AhKh "QQ+, AKs" --board "Ks 7d 2c"
    pokerbonus equity AsKsQd2c 8h7h6d5c --game omaha8 --board "Ah 4d 3c" --json
    pokerbonus equity AhKh random random --samples 1000000 --seed 7
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.analysis.equity import GAMES, EquityResult, equity
from pokerbonus.cards import format_cards, parse_cards
from pokerbonus.cli.progress import spinner
from pokerbonus.errors import PokerError

__all__ = ["equity_command", "result_json"]


def result_json(hands: list[str], board: str, game: str, result: EquityResult) -> dict[str, object]:
    """The JSON object printed by ``--json`` for one result.

    Keys: ``hands``, ``board``, ``game``, ``exact``, ``n``, ``equity``, ``win``,
    ``tie``, ``stderr`` (lists in the order of the hands), plus the raw counts
    ``wins`` and ``ties``.
    """
    return {
        "hands": hands,
        "board": format_cards(parse_cards(board)),
        "game": game,
        "exact": result.exact,
        "n": result.n,
        "equity": list(result.equity),
        "win": list(result.win),
        "tie": list(result.tie),
        "stderr": list(result.stderr),
        "wins": list(result.wins),
        "ties": list(result.ties),
    }


def _fail(message: str) -> typer.Exit:
    typer.echo("error: " + " ".join(message.split()), err=True)
    return typer.Exit(2)


def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="2 to 10 hands: cards (AhKh), a range in quotes ('QQ+, AKs') or random.",
            show_default=False,
        ),
    ],
    board: Annotated[str, typer.Option("--board", "-b", help="Known board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Dead cards (out of play).")] = "",
    game: Annotated[
        str, typer.Option("--game", "-g", help="holdem, omaha, omaha8 or shortdeck.")
    ] = "holdem",
    exact: Annotated[
        bool, typer.Option("--exact", help="Walk every runout (refused if far too many).")
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option("--samples", "-n", help="Monte Carlo with this many deals.", min=1),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the Monte Carlo deals.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Equity of each hand: exact when small enough (or --exact), else Monte Carlo."""
    if exact and samples is not None:
        raise _fail("choose either --exact or --samples, not both")
    if game not in GAMES:
        raise _fail(f"unknown game: {game!r} (expected one of {', '.join(GAMES)})")
    mode: bool | None = True if exact else (False if samples is not None else None)
    try:
        with spinner("computing the equity", quiet=as_json):
            result = equity(
                hands, board=board, game=game, dead=dead, exact=mode, samples=samples, seed=seed
            )
        board_text = format_cards(parse_cards(board))
    except PokerError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result_json(list(hands), board, game, result)))
        return
    how = f"exact, {result.n:,} runouts" if result.exact else f"Monte Carlo, {result.n:,} deals"
    table = Table(title=f"{game}  board: {board_text or '-'}  ({how})")
    table.add_column("Hand")
    table.add_column("Equity %", justify="right")
    table.add_column("Win %", justify="right")
    table.add_column("Tie %", justify="right")
    if not result.exact:
        table.add_column("± stderr %", justify="right")
    for i, hand in enumerate(hands):
        row = [
            hand,
            f"{100 * result.equity[i]:.3f}",
            f"{100 * result.win[i]:.3f}",
            f"{100 * result.tie[i]:.3f}",
        ]
        if not result.exact:
            row.append(f"{100 * result.stderr[i]:.3f}")
        table.add_row(*row)
    Console().print(table)
