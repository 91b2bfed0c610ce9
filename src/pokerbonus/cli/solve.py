"""``pokerbonus solve``: CFR+ on a small game, with its value and exploitability;
``--game french-draw``: the real French draw's ``expert`` strategies
(:mod:`pokerbonus.cli.solve_french`).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.cli.progress import progress_bar, spinner
from pokerbonus.i18n import gettext

__all__ = ["MAX_ITERATIONS", "MAX_LBR_HANDS", "MAX_WORKERS", "SOLVE_GAMES", "solve_command"]

MAX_ITERATIONS = 100_000_000
"""The most iterations of one run, with a progress bar on a terminal (kuhn runs
some thousands of iterations a second, leduc and draw some tens: their largest
runs take days, french-draw's recipes run millions in minutes to hours)."""

MAX_LBR_HANDS = 1_000_000
"""The most hands of each local best response run of ``--report`` (some tens of
hands a second: the default 2,000 take minutes, with a progress bar)."""

MAX_WORKERS = 256
"""The most local processes of french-draw's sampled walks."""

SOLVE_GAMES = {
    "kuhn": ("pokerbonus.solvers.kuhn", "kuhn_poker"),
    "leduc": ("pokerbonus.solvers.leduc", "leduc_poker"),
    "draw": ("pokerbonus.solvers.draw", "draw_poker"),
}
"""The games ``solve`` knows, each the module and the function building its tree
(imported when solved: the help loads no solver); ``draw`` is the reduced limit
draw game of the solvers."""


def _french(
    players: int, betting: str, deck: int, iterations: int | None, seed: int | None,
    out: Path | None, workers: int | None, ray: str | None, report: bool,
    strategy: Path | None, lbr_hands: int, json_output: bool, candidate: bool = False,
) -> None:  # fmt: skip
    if players not in (2, 4):
        raise _fail(
            gettext("--players: the french-draw solver plays 2 or 4 players, got {players}").format(
                players=players
            )
        )
    if betting not in ("no-limit", "limit"):
        raise _fail(
            gettext("--betting: expected no-limit or limit, got {betting!r}").format(
                betting=betting
            )
        )
    if deck not in (32, 52):
        raise _fail(gettext("--deck: expected 32 or 52, got {deck}").format(deck=deck))
    if iterations is not None and iterations < 1:
        raise _fail(
            gettext("--iterations: must be at least 1, got {iterations}").format(
                iterations=iterations
            )
        )
    if workers is not None and workers < 1:
        raise _fail(gettext("--workers: must be at least 1, got {workers}").format(workers=workers))
    if lbr_hands < 0:
        raise _fail(gettext("--lbr-hands: must be 0 or more, got {hands}").format(hands=lbr_hands))
    from pokerbonus.cli.solve_french import solve_french
    from pokerbonus.errors import PokerError

    try:
        solve_french(
            players=players, betting=betting, deck=deck, iterations=iterations, seed=seed,
            out=out, workers=workers, ray=ray, report=report, strategy_file=strategy,
            lbr_hands=lbr_hands, json_output=json_output, candidate=candidate,
        )  # fmt: skip
    except (PokerError, ValueError) as exc:
        raise _fail(str(exc).replace("\n", " ")) from None


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        gettext("error: {message}").format(message=message), markup=False
    )
    return typer.Exit(code=2)


def solve_command(
    game: Annotated[
        str,
        typer.Option(
            help=gettext("The game: kuhn, leduc, draw (reduced) or french-draw (the real game).")
        ),
    ] = "kuhn",
    iterations: Annotated[
        int | None,
        whole(
            "--iterations",
            1,
            MAX_ITERATIONS,
            gettext("Iterations (default: 1000; french-draw: its recipe's)."),
        ),
    ] = None,
    players: Annotated[int, whole("--players", 2, 4, gettext("french-draw: 2 or 4 players."))] = 2,
    betting: Annotated[
        str, typer.Option(help=gettext("french-draw: no-limit or limit."))
    ] = "no-limit",
    deck: Annotated[
        int, whole("--deck", 32, 52, gettext("french-draw: 32 or 52 cards (52: heads-up)."))
    ] = 32,
    seed: Annotated[
        int | None,
        whole(
            "--seed",
            0,
            SEED_MAX,
            gettext("french-draw: seed of the sampled walks (default: the recipe's)."),
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help=gettext("french-draw: folder for the strategy file (default: the cache folder).")
        ),
    ] = None,
    workers: Annotated[
        int | None,
        whole(
            "--workers",
            1,
            MAX_WORKERS,
            gettext("french-draw: local processes for sampled walks (default: all cores)."),
        ),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray", help=gettext("french-draw: run the sampled walks on this Ray cluster.")
        ),
    ] = None,
    report: Annotated[
        bool,
        typer.Option(
            "--report",
            help=gettext("french-draw: measure the shipped strategy instead of solving."),
        ),
    ] = False,
    strategy: Annotated[
        Path | None,
        typer.Option(help=gettext("french-draw --report: measure this strategy file instead.")),
    ] = None,
    lbr_hands: Annotated[
        int,
        whole(
            "--lbr-hands",
            0,
            MAX_LBR_HANDS,
            gettext("french-draw --report: hands of each local best response run."),
        ),
    ] = 2000,
    candidate: Annotated[
        bool,
        typer.Option(
            "--candidate",
            help=gettext("french-draw: the table's candidate recipe (trained, not shipped)."),
        ),
    ] = False,
    json_output: Annotated[
        bool, typer.Option("--json", help=gettext("Print the result as JSON."))
    ] = False,
) -> None:
    """Solve a game with CFR (Monte Carlo CFR for french-draw) and print its exploitability."""
    if game == "french-draw":
        _french(players, betting, deck, iterations, seed, out, workers, ray, report, strategy,
                lbr_hands, json_output, candidate)  # fmt: skip
        return
    home = SOLVE_GAMES.get(game)
    if home is None:
        raise _fail(
            gettext("--game: unknown game {game!r} (expected one of {solve_games})").format(
                game=game, solve_games=", ".join([*SOLVE_GAMES, "french-draw"])
            )
        )
    iterations = 1000 if iterations is None else iterations
    if iterations < 1:
        raise _fail(
            gettext("--iterations: must be at least 1, got {iterations}").format(
                iterations=iterations
            )
        )
    from pokerbonus.solvers import CFRPlus, best_response_values, expected_value, to_mbb

    with spinner(gettext("building the game tree"), quiet=json_output):
        tree = getattr(importlib.import_module(home[0]), home[1])()
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
