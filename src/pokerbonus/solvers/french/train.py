"""Training runs: build the abstract game of a recipe, run it with checkpoints, measure it.

:func:`build_solver` computes the card abstraction and the public tree of a
:class:`.recipes.Recipe` and returns a fresh :class:`.solver.DrawSolver`.
:func:`train` runs it to the recipe's iterations: it resumes from a checkpoint
file when one of the same recipe exists, saves one as it goes (every
``checkpoint_seconds`` and when stopped with Ctrl-C), measures the exact
exploitability of the average strategy at checkpoints 1, 2, 5, 10, 20, 50, ...
and reports progress to a callback.

Runners (:class:`ProcessRunner`, :class:`RayRunner`) run the groups of sampled
walks of one update in other processes or on a Ray cluster; the groups are
fixed by the recipe and merged in order, so the strategy does not depend on
the runner or the number of workers.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.french.cards import CardAbstraction, card_abstraction
from pokerbonus.solvers.french.recipes import Recipe
from pokerbonus.solvers.french.solver import DrawSolver, Evaluation, GroupResult, Job
from pokerbonus.solvers.french.store import ABSTRACTION_VERSION
from pokerbonus.solvers.french.tree import PublicTree, build_tree

__all__ = [
    "ProcessRunner",
    "Progress",
    "RayRunner",
    "TrainResult",
    "build_solver",
    "checkpoint_iteration",
    "checkpoints",
    "recipe_digest",
    "train",
]

F64 = npt.NDArray[np.float64]


def build_solver(recipe: Recipe) -> DrawSolver:
    """A fresh solver for ``recipe`` (computes the card abstraction and the tree)."""
    spec = recipe.spec
    cards = card_abstraction(spec.deck, spec.pre_buckets, spec.post_buckets, spec.card_seed)
    tree = build_tree(spec, cards.post_buckets)
    return DrawSolver(
        tree, cards, weighting=recipe.weighting, sample=recipe.sample, batch=recipe.batch,
        explore=recipe.explore, draws_only=recipe.draws_only, shards=recipe.shards,
    )  # fmt: skip


def recipe_digest(recipe: Recipe) -> str:
    """A digest of what the training depends on (everything but the number of
    iterations and the storage precision) and of the version of the abstraction's
    code: what a checkpoint must match."""
    data = {k: v for k, v in recipe.to_dict().items() if k not in ("iterations", "bits")}
    data["abstraction_version"] = ABSTRACTION_VERSION
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def checkpoints(iterations: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, ... below ``iterations``, then ``iterations``."""
    points: list[int] = []
    scale = 1
    while scale < iterations:
        points.extend(p for p in (scale, 2 * scale, 5 * scale) if p < iterations)
        scale *= 10
    return [*points, iterations]


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a run stands: ``iteration`` of ``total``, iterations per second over the
    run so far, and the last measured exploitability (mbb/hand, ``None`` before the
    first)."""

    iteration: int
    total: int
    per_second: float
    exploitability_mbb: float | None


@dataclass(slots=True)
class TrainResult:
    """A finished (or interrupted) run: the solver, the measured curve
    ``(iteration, exploitability mbb/hand)``, the seconds spent, and whether
    Ctrl-C stopped it."""

    solver: DrawSolver
    history: list[tuple[int, float]] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False
    last: Evaluation | None = None


def _mbb(solver: DrawSolver, evaluation: Evaluation) -> float:
    return 1000.0 * evaluation.exploitability / solver.tree.spec.ante


def _save_checkpoint(path: Path, recipe: Recipe, result: TrainResult) -> None:
    solver = result.solver
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as handle:
        np.savez(
            handle,
            digest=np.array(recipe_digest(recipe)),
            iteration=np.array([solver.iteration]),
            seconds=np.array([result.seconds]),
            regret=solver.regret,
            avg=solver.avg,
            history=np.array(result.history, dtype=np.float64).reshape(-1, 2),
        )
    os.replace(tmp, path)


def checkpoint_iteration(path: Path, recipe: Recipe) -> int:
    """The iteration a checkpoint file of ``recipe`` was saved at (0 if it cannot be
    read or is another recipe's)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["digest"][()]) != recipe_digest(recipe):
                return 0
            return int(data["iteration"][0])
    except (OSError, ValueError, KeyError, IndexError):
        return 0


def _load_checkpoint(path: Path, recipe: Recipe, result: TrainResult) -> bool:
    try:
        with np.load(path, allow_pickle=False) as data:
            if str(data["digest"][()]) != recipe_digest(recipe):
                return False
            solver = result.solver
            if data["regret"].shape != solver.regret.shape:
                return False
            solver.regret[:] = data["regret"]
            solver.avg[:] = data["avg"]
            solver.iteration = int(data["iteration"][0])
            result.seconds = float(data["seconds"][0])
            result.history = [(int(i), float(e)) for i, e in data["history"]]
            return True
    except (OSError, ValueError, KeyError):
        return False


def train(
    recipe: Recipe,
    *,
    iterations: int | None = None,
    solver: DrawSolver | None = None,
    checkpoint: Path | None = None,
    checkpoint_seconds: float = 300.0,
    runner: Any = None,
    on_progress: Callable[[Progress], None] | None = None,
    measure: bool = True,
) -> TrainResult:
    """Run ``recipe`` to ``iterations`` (default the recipe's); see the module doc.

    ``measure``: measure the exploitability at the checkpoints (exact best
    responses, a full walk of the tree per position).
    """
    total = recipe.iterations if iterations is None else iterations
    if total < 1:
        raise ConfigurationError(f"iterations: {total!r} must be at least 1")
    result = TrainResult(solver if solver is not None else build_solver(recipe))
    s = result.solver
    if checkpoint is not None and checkpoint.exists():
        reached = checkpoint_iteration(checkpoint, recipe)
        if reached > total:
            raise ConfigurationError(
                f"iterations: the checkpoint {checkpoint} is at iteration "
                f"{reached:,}, past the {total:,} asked; ask for at "
                "least that many, or remove the checkpoint to start again"
            )
        _load_checkpoint(checkpoint, recipe, result)
    points = [p for p in checkpoints(total) if p > s.iteration]
    start = time.perf_counter() - result.seconds
    done_at_start = s.iteration
    run_start = time.perf_counter()
    last_save = time.perf_counter()
    last_mbb = result.history[-1][1] if result.history else None
    step = 1 if s.sample is False else 50
    try:
        while s.iteration < total:
            target = min(points[0] if points else total, s.iteration + step, total)
            s.run(target - s.iteration, recipe.seed, runner)
            now = time.perf_counter()
            result.seconds = now - start
            if points and s.iteration == points[0]:
                points.pop(0)
                if measure:
                    evaluation = s.evaluate(s.average_policy())
                    last_mbb = _mbb(s, evaluation)
                    result.history.append((s.iteration, last_mbb))
                    result.last = evaluation
            if on_progress is not None:
                rate = (s.iteration - done_at_start) / max(now - run_start, 1e-9)
                on_progress(Progress(s.iteration, total, rate, last_mbb))
            if checkpoint is not None and now - last_save >= checkpoint_seconds:
                _save_checkpoint(checkpoint, recipe, result)
                last_save = now
    except KeyboardInterrupt:
        result.interrupted = True
    if checkpoint is not None:
        _save_checkpoint(checkpoint, recipe, result)
    return result


# -- runners ------------------------------------------------------------------------------

_WORKER: dict[str, DrawSolver] = {}


def _worker_start(tree: PublicTree, cards: CardAbstraction, options: dict[str, Any]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER["solver"] = DrawSolver(tree, cards, **options)


def _worker_run(regret: F64, job: Job) -> GroupResult:
    solver = _WORKER["solver"]
    solver.regret = regret
    return solver.walk_group(job)


def _options(solver: DrawSolver) -> dict[str, Any]:
    return {
        "weighting": solver.weighting, "sample": solver.sample, "batch": solver.batch,
        "explore": solver.explore, "draws_only": solver.draws_only, "shards": solver.shards,
    }  # fmt: skip


class ProcessRunner:
    """Runs groups of walks in a pool of local processes (``workers``, default all
    cores); the tree and tables go to each process once."""

    def __init__(self, solver: DrawSolver, workers: int | None = None) -> None:
        count = workers or os.cpu_count() or 1
        self.workers = count
        self._pool = ProcessPoolExecutor(
            count,
            mp_context=get_context("spawn"),
            initializer=_worker_start,
            initargs=(solver.tree, solver.cards, _options(solver)),
        )

    def map(self, regret: F64, jobs: list[Job]) -> list[GroupResult]:
        """Each job's result, in order."""
        futures = [self._pool.submit(_worker_run, regret, job) for job in jobs]
        return [f.result() for f in futures]

    def close(self) -> None:
        """Stop the processes."""
        self._pool.shutdown(wait=True, cancel_futures=True)


class RayRunner:
    """Runs groups of walks on a Ray cluster (``address``: ``"auto"``, a
    ``host:port``, or ``None``/``"local"`` for a local instance)."""

    def __init__(self, solver: DrawSolver, address: str | None = None) -> None:
        try:
            ray: Any = importlib.import_module("ray")
        except ImportError:  # pragma: no cover - depends on the installation
            raise ConfigurationError(
                "--ray: needs the ray package (pip install 'pokerbonus[ray]')"
            ) from None
        if not ray.is_initialized():
            if address in (None, "local"):
                ray.init(include_dashboard=False)
            else:
                ray.init(address=address)
        self._ray = ray
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        self._static = ray.put((solver.tree, solver.cards, _options(solver)))
        self._remote = ray.remote(_ray_run)

    def map(self, regret: F64, jobs: list[Job]) -> list[GroupResult]:
        """Each job's result, in order."""
        ref = self._ray.put(regret)
        results: list[GroupResult] = self._ray.get(
            [self._remote.remote(self._static, ref, job) for job in jobs]
        )
        return results

    def close(self) -> None:
        """Nothing to stop (the cluster stays up)."""


def _ray_run(
    static: tuple[PublicTree, CardAbstraction, dict[str, Any]], regret: F64, job: Job
) -> GroupResult:
    key = f"ray:{id(static[0])}"
    solver = _WORKER.get(key)
    if solver is None:
        solver = DrawSolver(static[0], static[1], **static[2])
        _WORKER[key] = solver
    solver.regret = regret
    return solver.walk_group(job)
