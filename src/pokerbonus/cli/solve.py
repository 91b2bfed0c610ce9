"""``pokerbonus solve``: CFR+ on a small game, with its value and exploitability.

The lead registers the command with ``app.command("solve")(solve_command)``.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from pokerbonus.cli.progress import progress_bar, spinner
from pokerbonus.i18n import gettext
from pokerbonus.solvers import CFRPlus, best_response_values, expected_value, to_mbb
from pokerbonus.solvers.draw import draw_poker
from pokerbonus.solvers.kuhn import kuhn_poker
from pokerbonus.solvers.leduc import leduc_poker

__all__ = ["SOLVE_GAMES", "solve_command"]

SOLVE_GAMES = {"kuhn": kuhn_poker, "leduc": leduc_poker, "draw": draw_poker}
"""The games ``solve`` knows; ``draw`` is the reduced limit draw game of the solvers."""


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        gettext("error: {message}").format(message=message), markup=False
    )
    return typer.Exit(code=2)


def solve_command(
    game: Annotated[
        str, typer.Option(help=gettext("The game: kuhn, leduc or draw (reduced)."))
    ] = "kuhn",
    iterations: Annotated[int, typer.Option(help=gettext("CFR+ iterations."))] = 1000,
    json_output: Annotated[
        bool, typer.Option("--json", help=gettext("Print the result as JSON."))
    ] = False,
) -> None:
    """Solve a small game with CFR+ and print the game value and the exploitability."""
    build = SOLVE_GAMES.get(game)
    if build is None:
        raise _fail(
            gettext("--game: unknown game {game!r} (expected one of {solve_games})").format(
                game=game, solve_games=", ".join(SOLVE_GAMES)
            )
        )
    if iterations < 1:
        raise _fail(
            gettext("--iterations: must be at least 1, got {iterations}").format(
                iterations=iterations
            )
        )
    with spinner(gettext("building the game tree"), quiet=json_output):
        tree = build()
    solver = CFRPlus(tree)
    step = max(1, iterations // 100)
    with progress_bar(gettext("solving"), quiet=json_output) as progress:
        task = progress.add_task("iterations", total=iterations)
        while solver.iteration < iterations:
            solver.run(min(step, iterations - solver.iteration))
            progress.update(task, completed=solver.iteration)
    average = solver.average_policy()
    br0, br1 = best_response_values(tree, average)
    chips = (br0 + br1) / 2.0
    value = expected_value(tree, average)
    result = {
        "game": game,
        "iterations": iterations,
        "value": value,
        "exploitability": chips,
        "exploitability_mbb": to_mbb(tree, chips),
        "unit": tree.unit_name,
        "infosets": tree.num_infosets,
    }
    if json_output:
        typer.echo(json.dumps(result))
        return
    Console(highlight=False).print(
        gettext(
            "{game}: {iterations} CFR+ iterations, {infosets} infosets\n"
            "game value (player 0): {value:.6f} chips/hand\n"
            "exploitability: {chips:.4e} chips/hand = {mbb:.4f} mbb/hand (big blind = {unit})"
        ).format(
            game=tree.name,
            iterations=iterations,
            infosets=tree.num_infosets,
            value=value,
            chips=chips,
            mbb=result["exploitability_mbb"],
            unit=tree.unit_name,
        )
    )
