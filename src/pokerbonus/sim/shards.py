"""Sharded runs: a seeded plan of independent shards, merged exactly.

A run of ``hands`` deals with seed ``seed`` is cut into shards of at most
:data:`SHARD_HANDS` deals; shard ``i`` gets the ``i``-th child of
``numpy.random.SeedSequence(seed).spawn(n)``. The plan depends on the seed and
the number of hands only, and each shard returns integer counts, so the merged
result is the same whatever runs the shards: this process (``"inline"``), a
pool of local processes (``"process"``, all cores by default) or a Ray cluster
(``"ray"``), and whatever the number of workers.

A task is any picklable callable ``task(seed, hands) -> int64 array`` (for
instance ``functools.partial(draw_shard, config)``).

>>> plan = plan_shards(seed=1, hands=300_000)
>>> [s.hands for s in plan]
[131072, 131072, 37856]
>>> plan == plan_shards(seed=1, hands=300_000)
True
"""

from __future__ import annotations

import importlib
import os
import signal
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError

__all__ = [
    "BACKENDS",
    "SHARD_HANDS",
    "RunResult",
    "Shard",
    "ShardTask",
    "plan_shards",
    "run_shards",
]

SHARD_HANDS: Final = 1 << 17
"""Deals per shard (the last shard of a plan takes the remainder)."""

BACKENDS: Final = ("inline", "process", "ray")


class ShardTask(Protocol):
    """What a shard runs: ``task(seed, hands)`` returns integer counts."""

    def __call__(self, seed: int, hands: int, /) -> npt.NDArray[np.int64]: ...


@dataclass(frozen=True, slots=True)
class Shard:
    """One independent piece of a run: its position, its deals and its 32-bit seed."""

    index: int
    hands: int
    seed: int


@dataclass(frozen=True, slots=True)
class RunResult:
    """The merged counts of the shards that completed.

    ``interrupted`` is true when the run was stopped (Ctrl-C) before every shard
    was done; ``counts`` then holds the completed shards only.
    """

    counts: npt.NDArray[np.int64]
    hands: int
    shards_done: int
    shards: int
    interrupted: bool
    backend: str
    workers: int
    seconds: float


def plan_shards(seed: int, hands: int, shard_hands: int = SHARD_HANDS) -> tuple[Shard, ...]:
    """Cut ``hands`` deals into seeded shards (see the module doc)."""
    if hands < 1:
        raise ConfigurationError(f"hands: {hands!r} is not a positive number of deals")
    if shard_hands < 1:
        raise ConfigurationError(f"shard_hands: {shard_hands!r} is not positive")
    if seed < 0:
        raise ConfigurationError(f"seed: {seed!r} is negative")
    n = -(-hands // shard_hands)
    children = np.random.SeedSequence(seed).spawn(n)
    return tuple(
        Shard(i, min(shard_hands, hands - i * shard_hands), int(c.generate_state(1, np.uint32)[0]))
        for i, c in enumerate(children)
    )


def _ignore_sigint() -> None:
    """Worker initializer: Ctrl-C is handled by the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_shards(
    task: ShardTask,
    plan: Sequence[Shard],
    *,
    backend: str = "process",
    workers: int | None = None,
    ray_address: str | None = None,
    on_shard: Callable[[Shard], None] | None = None,
) -> RunResult:
    """Run every shard of ``plan`` with ``task`` and add up their counts.

    ``workers`` defaults to the machine's cores (``"process"``); ``"ray"``
    connects to ``ray_address`` (``"auto"``: the running cluster, ``"local"`` or
    ``None``: a local instance, unless Ray is already initialized). ``on_shard``
    is called in this process after each completed shard (progress bars).
    Ctrl-C stops the run and returns the merged partial result.
    """
    if backend not in BACKENDS:
        raise ConfigurationError(f"backend: {backend!r} is not one of {BACKENDS}")
    if workers is not None and workers < 1:
        raise ConfigurationError(f"workers: {workers!r} is not a positive number")
    start = time.perf_counter()
    done: dict[int, npt.NDArray[np.int64]] = {}
    interrupted = False
    used = 1
    if backend == "inline":
        try:
            for shard in plan:
                done[shard.index] = task(shard.seed, shard.hands)
                if on_shard is not None:
                    on_shard(shard)
        except KeyboardInterrupt:
            interrupted = True
    elif backend == "process":
        used = workers or os.cpu_count() or 1
        interrupted = _run_pool(task, plan, used, done, on_shard)
    else:
        used, interrupted = _run_ray(task, plan, ray_address, done, on_shard)
    counts = _merge(plan, done)
    hands = sum(s.hands for s in plan if s.index in done)
    seconds = time.perf_counter() - start
    return RunResult(counts, hands, len(done), len(plan), interrupted, backend, used, seconds)


def _merge(plan: Sequence[Shard], done: dict[int, npt.NDArray[np.int64]]) -> npt.NDArray[np.int64]:
    total: npt.NDArray[np.int64] | None = None
    for shard in plan:  # in plan order (integer sums: any order gives the same)
        part = done.get(shard.index)
        if part is not None:
            total = part.astype(np.int64) if total is None else total + part
    if total is None:
        return np.zeros(0, dtype=np.int64)
    return total


def _run_pool(
    task: ShardTask,
    plan: Sequence[Shard],
    workers: int,
    done: dict[int, npt.NDArray[np.int64]],
    on_shard: Callable[[Shard], None] | None,
) -> bool:
    context = get_context("spawn")
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_sigint)
    futures: dict[Future[npt.NDArray[np.int64]], Shard] = {}
    interrupted = False
    try:
        for shard in plan:
            futures[pool.submit(task, shard.seed, shard.hands)] = shard
        for future in as_completed(futures):
            shard = futures[future]
            done[shard.index] = future.result()
            if on_shard is not None:
                on_shard(shard)
    except KeyboardInterrupt:
        interrupted = True
        for future in futures:
            future.cancel()
        for future, shard in futures.items():  # shards already running finish and count
            if not future.cancelled() and shard.index not in done:
                try:
                    done[shard.index] = future.result()
                except KeyboardInterrupt:
                    break
    finally:
        pool.shutdown(wait=not interrupted, cancel_futures=True)
    return interrupted


def _call(task: ShardTask, seed: int, hands: int) -> npt.NDArray[np.int64]:
    return task(seed, hands)


def _run_ray(
    task: ShardTask,
    plan: Sequence[Shard],
    address: str | None,
    done: dict[int, npt.NDArray[np.int64]],
    on_shard: Callable[[Shard], None] | None,
) -> tuple[int, bool]:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:  # pragma: no cover - depends on the installation
        raise ConfigurationError(
            "backend: 'ray' needs the ray package (pip install 'pokerbonus[ray]')"
        ) from None
    if not ray.is_initialized():
        if address in (None, "local"):
            ray.init(include_dashboard=False)
        else:
            ray.init(address=address)
    workers = int(ray.cluster_resources().get("CPU", 1))
    remote: Any = ray.remote(_call)
    task_ref = ray.put(task)
    pending = {remote.remote(task_ref, s.seed, s.hands): s for s in plan}
    interrupted = False
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                shard = pending.pop(ref)
                done[shard.index] = np.asarray(ray.get(ref), dtype=np.int64)
                if on_shard is not None:
                    on_shard(shard)
    except KeyboardInterrupt:
        interrupted = True
        for ref in pending:
            ray.cancel(ref)
    return workers, interrupted
