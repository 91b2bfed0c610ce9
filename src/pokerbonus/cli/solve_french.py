"""``pokerbonus solve --game french-draw``: compute or measure an ``expert`` strategy.

Training (the default) runs the recipe of the table
(:mod:`pokerbonus.solvers.french.recipes`) with a progress bar (iterations,
iterations per second, the last measured exploitability), resumes from its
checkpoint in the cache folder when there is one, and writes the strategy file
and its manifest into ``--out``. ``--report`` measures the shipped strategy (or
``--strategy FILE``): the exact exploitability in the abstract game and
the local best response in the real game against ``expert`` and ``hard`` (heads-up
and four-handed: the responder in one seat, the bot in the others).
"""

from __future__ import annotations

import dataclasses
import json
import os
import platform
import shlex
import sys
from pathlib import Path
from typing import Any

import numba
import numpy as np
import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from pokerbonus.cli.progress import spinner
from pokerbonus.hands.tables import cache_dir
from pokerbonus.i18n import gettext
from pokerbonus.sim.lbr import LbrResult, lbr_match
from pokerbonus.solvers.french.recipes import RECIPES, Recipe, candidate_for, recipe_for
from pokerbonus.solvers.french.solver import DrawSolver
from pokerbonus.solvers.french.store import (
    Strategy,
    load_strategy,
    save_strategy,
    shipped_strategy,
)
from pokerbonus.solvers.french.train import (
    ProcessRunner,
    RayRunner,
    recipe_digest,
    train,
)
from pokerbonus.solvers.french.train import (
    Progress as TrainProgress,
)

__all__ = ["solve_french"]


def _recipe(players: int, betting: str, deck: int, candidate: bool = False) -> Recipe:
    if candidate:
        found = candidate_for(players, betting, deck)
        if found is None:
            raise ValueError(
                gettext(
                    "--candidate: no candidate recipe for {players} players, {betting}, "
                    "{deck} cards"
                ).format(players=players, betting=betting, deck=deck)
            )
        return found
    recipe = recipe_for(players, betting, deck)
    if recipe is None:
        tables = ", ".join(
            gettext("{players} players {betting} {deck} cards").format(
                players=r.spec.players, betting=r.spec.betting.kind, deck=r.spec.deck
            )
            for r in RECIPES.values()
        )
        raise ValueError(
            gettext(
                "--players/--betting/--deck: no strategy for {players} players, {betting}, "
                "{deck} cards (the solver covers {tables})"
            ).format(players=players, betting=betting, deck=deck, tables=tables)
        )
    return recipe


def _versions() -> dict[str, str]:
    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
    }


def _evaluate(strategy: Strategy) -> dict[str, Any]:
    solver = DrawSolver(strategy.tree, strategy.cards)
    evaluation = solver.evaluate(strategy.policy)
    ante = strategy.spec.ante
    return {
        "exploitability_mbb": 1000.0 * evaluation.exploitability / ante,
        "values_mbb": [1000.0 * v / ante for v in evaluation.values],
        "best_responses_mbb": [1000.0 * v / ante for v in evaluation.best_responses],
    }


def _command(recipe: Recipe, iterations: int, seed: int) -> str:
    spec = recipe.spec
    extra = " --candidate" if RECIPES.get(recipe.key, recipe).spec != spec else ""
    return (
        f"pokerbonus solve --game french-draw --players {spec.players} --betting "
        f"{spec.betting.kind} --deck {spec.deck} --iterations {iterations} --seed {seed}{extra}"
    )


def solve_french(
    *,
    players: int,
    betting: str,
    deck: int,
    iterations: int | None,
    seed: int | None,
    out: Path | None,
    workers: int | None,
    ray: str | None,
    report: bool,
    strategy_file: Path | None,
    lbr_hands: int,
    json_output: bool,
    candidate: bool = False,
) -> None:
    """Train (or with ``report`` measure) the French draw strategy of a table
    (``candidate``: its candidate recipe)."""
    recipe = _recipe(players, betting, deck, candidate)
    if report:
        _report(recipe, strategy_file, lbr_hands, seed if seed is not None else 1, json_output)
        return
    if iterations is not None:
        recipe = dataclasses.replace(recipe, iterations=iterations)
    if seed is not None:
        recipe = dataclasses.replace(recipe, seed=seed)
    if ray is not None and not recipe.sample:
        raise ValueError(
            gettext(
                "--ray: {key} is solved by full-width CFR in this process; --ray runs "
                "the groups of sampled walks of the sampled recipes (four-handed) on a cluster"
            ).format(key=recipe.key)
        )
    folder = out if out is not None else cache_dir() / "strategies"
    checkpoint = cache_dir() / "solver" / f"{recipe.key}-{recipe_digest(recipe)}.npz"
    err = Console(stderr=True)
    show = not json_output and err.is_terminal
    with Progress(
        TextColumn(gettext("solving {key}").format(key=recipe.key)),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("{task.fields[gap]}"),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not show,
    ) as progress:
        if show:
            err.print(gettext("building the abstraction (card buckets and the game tree)..."))
        task = progress.add_task("solve", total=recipe.iterations, rate="", gap="")

        def update(p: TrainProgress) -> None:
            gap = "" if p.exploitability_mbb is None else f"{p.exploitability_mbb:.3f} mbb/hand"
            progress.update(task, completed=p.iteration, rate=f"{p.per_second:.1f} it/s", gap=gap)

        runner: Any = None
        from pokerbonus.solvers.french.train import build_solver

        solver = build_solver(recipe)
        if ray is not None:
            runner = RayRunner(solver, ray)
        elif recipe.sample and recipe.shards > 1 and (workers is None or workers > 1):
            runner = ProcessRunner(solver, workers)
        try:
            result = train(
                recipe, solver=solver, checkpoint=checkpoint, runner=runner, on_progress=update
            )
        finally:
            if runner is not None:
                runner.close()
    if result.interrupted:
        Console(stderr=True).print(
            gettext(
                "interrupted at iteration {iteration}: run the same command again "
                "to go on from the checkpoint"
            ).format(iteration=result.solver.iteration)
        )
        raise typer.Exit(code=130)
    s = result.solver
    meta = {
        "recipe": recipe.to_dict(),
        "command": _command(recipe, recipe.iterations, recipe.seed),
        "iterations": s.iteration,
        "seconds": round(result.seconds, 1),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "history": [[i, round(e, 6)] for i, e in result.history],
        "versions": _versions(),
        "invocation": shlex.join(["pokerbonus", *sys.argv[1:]]),
    }
    npz, manifest = save_strategy(
        folder, recipe.key, s.tree, s.cards, s.average_policy(), meta, recipe.bits
    )
    measured = _evaluate(load_strategy(npz))
    data = json.loads(manifest.read_text())
    data["measured"] = {k: v for k, v in measured.items()}
    manifest.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    summary = {
        "key": recipe.key,
        "file": str(npz),
        "bytes": npz.stat().st_size,
        "iterations": s.iteration,
        "seconds": round(result.seconds, 1),
        "infosets": s.tree.num_infosets,
        **measured,
    }
    if json_output:
        typer.echo(json.dumps(summary))
        return
    Console(highlight=False).print(
        gettext(
            "{key}: {iterations} iterations in {seconds:.1f} s, {infosets:,} infosets\n"
            "exploitability of the stored strategy (abstract game): {mbb:.4f} mbb/hand\n"
            "written: {file} ({size:,} bytes) and {manifest}"
        ).format(
            key=recipe.key,
            iterations=s.iteration,
            seconds=result.seconds,
            infosets=s.tree.num_infosets,
            mbb=measured["exploitability_mbb"],
            file=npz,
            size=npz.stat().st_size,
            manifest=manifest.name,
        )
    )


def _lbr(bot: str, recipe: Recipe, hands: int, seed: int, show: bool) -> LbrResult:
    err = Console(stderr=True)
    with Progress(
        TextColumn(gettext("local best response against {bot}").format(bot=bot)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not show,
    ) as progress:
        players = recipe.spec.players
        task = progress.add_task("lbr", total=-(-hands // players) * players)
        return lbr_match(
            bot, hands, betting=recipe.spec.betting.kind, deck=recipe.spec.deck, seed=seed,
            particles=200 if bot == "expert" and players == 2 else 50, players=players,
            on_hand=lambda done: progress.update(task, completed=done),
        )  # fmt: skip


def _report(
    recipe: Recipe, strategy_file: Path | None, lbr_hands: int, seed: int, json_output: bool
) -> None:
    with spinner(gettext("measuring the strategy in the abstract game"), quiet=json_output):
        strategy = load_strategy(strategy_file) if strategy_file else shipped_strategy(recipe.key)
        measured = _evaluate(strategy)
    show = not json_output and Console(stderr=True).is_terminal
    expert: dict[str, Any] = {
        "exploitability_mbb": measured["exploitability_mbb"],
        "values_mbb": measured["values_mbb"],
    }
    hard: dict[str, Any] = {}
    if lbr_hands > 0:
        for name, entry in (("expert", expert), ("hard", hard)):
            r = _lbr(name, recipe, lbr_hands, seed, show)
            entry.update(lbr_mbb=r.mbb_per_hand, lbr_ci95=list(r.ci95), lbr_hands=r.hands)
    data = {
        "game": "french-draw",
        "key": recipe.key,
        "players": recipe.spec.players,
        "betting": recipe.spec.betting.kind,
        "deck": recipe.spec.deck,
        "iterations": strategy.meta.get("iterations"),
        "infosets": strategy.tree.num_infosets,
        "expert": expert,
        "hard": hard,
    }
    if json_output:
        typer.echo(json.dumps(data))
        return
    lines = [
        gettext("{key}: {infosets:,} infosets, {iterations} iterations").format(
            key=recipe.key, infosets=data["infosets"], iterations=data["iterations"]
        ),
        gettext("expert: exploitability in the abstract game {mbb:.4f} mbb/hand").format(
            mbb=expert["exploitability_mbb"]
        ),
    ]
    for name, entry in (("expert", expert), ("hard", hard)):
        if "lbr_mbb" in entry:
            lo, hi = entry["lbr_ci95"]
            lines.append(
                gettext(
                    "{bot}: local best response wins {mbb:.0f} mbb/hand "
                    "(95% interval {low:.0f} to {high:.0f}, {hands} hands)"
                ).format(bot=name, mbb=entry["lbr_mbb"], low=lo, high=hi, hands=entry["lbr_hands"])
            )
    Console(highlight=False).print("\n".join(lines))
