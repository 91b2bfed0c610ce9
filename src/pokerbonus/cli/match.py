"""``pokerbonus match``: a match between computer players, with each bot's result.

The lead registers the command with ``app.command("match")(match_command)``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.errors import PokerError
from pokerbonus.sim.match import parse_lineup, play_match

__all__ = ["match_command"]


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    return typer.Exit(code=2)


def match_command(
    game: Annotated[str, typer.Option(help="The game: draw (French five-card draw).")] = "draw",
    players: Annotated[int, typer.Option(help="Players at the table.")] = 2,
    bots: Annotated[
        str, typer.Option(help="The bot of each seat, e.g. hard,medium or hard,easy*5.")
    ] = "medium,easy",
    hands: Annotated[int, typer.Option(help="Hands to play.")] = 1000,
    duplicate: Annotated[
        bool, typer.Option("--duplicate", help="Replay each deal with the seats rotated.")
    ] = False,
    seed: Annotated[int | None, typer.Option(help="Seed of the deals and of the bots.")] = None,
    betting: Annotated[
        str, typer.Option(help="Betting structure: no-limit, pot-limit (limit needs bets).")
    ] = "no-limit",
    json_output: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Play a match between bots and print each bot's result in mbb/hand (antes)."""
    if game not in GAMES:
        raise _fail(f"--game: unknown game {game!r} (expected one of {', '.join(GAMES)})")
    if hands < 1:
        raise _fail(f"--hands: must be at least 1, got {hands}")
    try:
        config = TableConfig(game=game, players=players, betting=betting)  # type: ignore[arg-type]
        lineup = parse_lineup(bots, players)
    except PokerError as exc:
        raise _fail(str(exc).replace("\n", " ")) from None
    total = -(-hands // players) * players if duplicate else hands
    err = Console(stderr=True)
    with Progress(
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=json_output,
    ) as progress:
        task = progress.add_task("hands", total=total)
        result = play_match(
            config,
            lineup,
            hands,
            seed=seed,
            duplicate=duplicate,
            on_hand=lambda done: progress.update(task, completed=done),
        )
    if json_output:
        typer.echo(json.dumps(result.to_dict()))
        return
    kind = "duplicate" if duplicate else "plain"
    title = f"{game}, {players} players, {result.hands} hands ({kind}), unit {result.unit} chip(s)"
    out = RichTable(title=title)
    for column in ("bot", "seats", "mbb/hand", "95% interval", "samples", "ms/decision"):
        out.add_column(column, justify="left" if column == "bot" else "right")
    for r in result.results:
        interval = "-" if r.ci95 is None else f"[{r.ci95[0]:.0f}, {r.ci95[1]:.0f}]"
        out.add_row(
            r.bot,
            str(r.seats),
            f"{r.mbb_per_hand:.0f}",
            interval,
            str(r.samples),
            f"{r.ms_per_decision:.3f}",
        )
    Console().print(out)
    if result.interrupted:
        Console(stderr=True).print("interrupted: results of the complete hands above")
