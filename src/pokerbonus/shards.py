"""Sharded runs: a seeded plan of independent shards, merged exactly.

A run of ``hands`` deals with seed ``seed`` is cut into shards of at most
:data:`SHARD_HANDS` deals; shard ``i`` gets the ``i``-th child of
``numpy.random.SeedSequence(seed).spawn(n)``. The plan depends on the seed and
the number of hands only, and each shard returns integer counts, so the merged
result is the same whatever runs the shards: this process (``"inline"``), this
process with helper processes (``"process"``: helpers only when the run is large
enough and cores are idle, by default) or a Ray cluster (``"ray"``), and whatever
the number of workers.

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
import queue
import signal
import time
from collections import deque
from collections.abc import Callable, Sequence
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
    "stop_helpers",
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


def run_shards(
    task: ShardTask,
    plan: Sequence[Shard],
    *,
    backend: str = "process",
    workers: int | None = None,
    ray_address: str | None = None,
    on_shard: Callable[[Shard], None] | None = None,
    max_workers: int | None = None,
) -> RunResult:
    """Run every shard of ``plan`` with ``task`` and add up their counts.

    ``workers`` (``"process"``) counts this process; by default helpers are
    started only when they pay (see :func:`_run_pool`), and ``max_workers``
    bounds that choice (``--workers N`` of the command line: never slower than one
    worker, never more than ``N``); ``"ray"``
    connects to ``ray_address`` (``"auto"``: the running cluster, ``"local"`` or
    ``None``: a local instance, unless Ray is already initialized). ``on_shard``
    is called in this process after each completed shard (progress bars).
    Ctrl-C stops the run and returns the merged partial result.
    """
    if backend not in BACKENDS:
        raise ConfigurationError(f"backend: {backend!r} is not one of {BACKENDS}")
    if workers is not None and workers < 1:
        raise ConfigurationError(f"workers: {workers!r} is not a positive number")
    if max_workers is not None and max_workers < 1:
        raise ConfigurationError(f"max_workers: {max_workers!r} is not a positive number")
    start = time.perf_counter()
    done: dict[int, npt.NDArray[np.int64]] = {}
    interrupted = False
    used = 1
    if backend == "inline":
        interrupted = _run_inline(task, plan, done, on_shard)
    elif backend == "process":
        most = None if max_workers is None else max_workers - 1
        used, interrupted = _run_pool(task, plan, workers, done, on_shard, most)
    else:
        used, interrupted = _run_ray(task, plan, ray_address, done, on_shard)
    counts = _merge(plan, done)
    hands = sum(s.hands for s in plan if s.index in done)
    seconds = time.perf_counter() - start
    return RunResult(counts, hands, len(done), len(plan), interrupted, backend, used, seconds)


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _run_inline(
    task: ShardTask,
    plan: Sequence[Shard],
    done: dict[int, npt.NDArray[np.int64]],
    on_shard: Callable[[Shard], None] | None,
) -> bool:
    try:
        for shard in plan:
            done[shard.index] = task(shard.seed, shard.hands)
            if on_shard is not None:
                on_shard(shard)
    except KeyboardInterrupt:
        return True
    return False


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
    workers: int | None,
    done: dict[int, npt.NDArray[np.int64]],
    on_shard: Callable[[Shard], None] | None,
    most: int | None = None,
) -> tuple[int, bool]:
    """This process and helper processes share the shards; ``(workers used, interrupted)``.

    With ``workers`` ``None`` this process first runs two shards alone and times the
    second (the first may compile or load the task's kernels and tables):
    helpers (up to the cores) are started only when the rest of the run would
    take this process more than :data:`HELPER_PAYS_AFTER` CPU seconds per helper,
    which a helper's start-up is far from costing, and only when the machine has
    idle cores (:data:`BUSY_SHARE`); a run already helped before in this process
    keeps its helpers. ``most`` bounds the helpers so chosen. An explicit
    ``workers`` starts ``workers - 1`` helpers at once.

    This process runs shards from the end of the plan all along; a helper gets
    shards from the front (two queued at most) only once it has run a small
    warm-up of the task (imports, compiled kernels, tables), so no shard waits on
    a helper that is still starting. When every shard is handed out, this process
    runs the helpers' unfinished shards too (newest first) instead of waiting:
    whichever copy ends first counts, and the same seed gives the same counts.
    """
    pending = deque(plan)

    def finished(shard: Shard, counts: npt.NDArray[np.int64]) -> None:
        if shard.index not in done:
            done[shard.index] = counts
            if on_shard is not None:
                on_shard(shard)

    try:
        helpers = workers - 1 if workers is not None else None
        if helpers is None:
            helpers = _kept_helpers(most)
            for _ in range(2 if helpers == 0 and most != 0 else 0):  # the first may compile
                wall, cpu = time.perf_counter(), time.thread_time()
                if pending:
                    shard = pending.pop()
                    finished(shard, task(shard.seed, shard.hands))
                wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
                helpers = _helpers_worth_it(cpu * len(pending), cpu / max(wall, 1e-9))
                helpers = helpers if most is None else min(helpers, most)
        if helpers <= 0 or not pending:
            while pending:
                shard = pending.pop()
                finished(shard, task(shard.seed, shard.hands))
            return 1, False
        _share(task, pending, _team(helpers), finished)
    except KeyboardInterrupt:
        return 1 + (helpers or 0), True
    return 1 + helpers, False


HELPER_PAYS_AFTER: Final = 6.0
"""Seconds of this process's work left per helper that justify starting one: a
helper costs about 1.5 s of start-up on an idle core (Python, numpy, numba's
cached kernels, the task's tables), so the run then ends well before it would
in this process alone."""

BUSY_SHARE: Final = 0.75
"""Below this share of a core for this process (CPU time over wall time of a
shard), or with a load average of as many running jobs as cores, the machine has
no idle core for a helper: its start-up and its share of the work would only
slow this process down (on a shared machine, a container's CPU quota is the
same however many processes it runs)."""


def _helpers_worth_it(work_left: float, share: float) -> int:
    """How many helpers to start for ``work_left`` CPU seconds of shards, this
    process getting ``share`` of a core: none on a busy machine or a small job."""
    cores = _cores()
    if share < BUSY_SHARE or os.getloadavg()[0] > cores - 0.5:
        return 0
    return max(0, min(cores - 1, int(work_left / HELPER_PAYS_AFTER)))


def _share(
    task: ShardTask,
    pending: deque[Shard],
    team: _Team,
    finished: Callable[[Shard, npt.NDArray[np.int64]], None],
) -> None:
    """Run the ``pending`` shards in this process and on ``team`` (see :func:`_run_pool`)."""
    run = team.new_run()
    queued: dict[int, deque[Shard]] = {helper: deque() for helper in range(team.size)}
    warm: set[int] = set()
    ended: set[int] = set()
    for helper in range(team.size):
        team.send(helper, (run, task, -1, 1, _WARM_UP_HANDS))

    def receive(block: bool) -> None:
        for helper, index, counts in team.receive(run, block):
            if index < 0:
                warm.add(helper)
                continue
            shard = queued[helper].popleft()
            ended.add(shard.index)
            if counts is None:  # the task failed there: run it here for the real error
                counts = task(shard.seed, shard.hands)
            finished(shard, counts)

    while True:
        receive(block=False)
        for helper in warm:
            while pending and len(queued[helper]) < _QUEUED_PER_HELPER:
                shard = pending.popleft()
                queued[helper].append(shard)
                team.send(helper, (run, task, shard.index, shard.seed, shard.hands))
        if pending:
            shard = pending.pop()
        else:  # all handed out: take over the helpers' unfinished shards, newest first
            left = [s for q in queued.values() for s in q if s.index not in ended]
            if not left:
                return
            shard = max(left, key=lambda s: s.index)
            ended.add(shard.index)
        finished(shard, task(shard.seed, shard.hands))


_QUEUED_PER_HELPER: Final = 2
"""Shards queued on a helper at once: it starts the next one without waiting for
this process to hand it out."""


_WARM_UP_HANDS: Final = 64
"""Deals of a helper's warm-up run of the task (its result is not used)."""


class _Team:
    """Helper processes, each with its own queue of work; one queue of answers.

    A helper answers every item ``(run, task, index, seed, hands)`` with
    ``(helper, run, index, counts)`` (``counts`` ``None`` when the task raised).
    The processes are daemons: they end with this process, even mid-shard.
    """

    def __init__(self, size: int) -> None:
        context = get_context("spawn")
        self.size = size
        self.answers: Any = context.Queue()
        self.queues: list[Any] = [context.Queue() for _ in range(size)]
        self.processes = [
            context.Process(
                target=_helper,
                args=(i, self.queues[i], self.answers),
                daemon=True,
                name=f"pokerbonus-shards-{i}",
            )
            for i in range(size)
        ]
        for process in self.processes:
            process.start()
        self._runs = 0

    def new_run(self) -> int:
        """A number for a new run: answers of an earlier (interrupted) run are dropped."""
        self._runs += 1
        return self._runs

    def send(self, helper: int, item: tuple[int, ShardTask, int, int, int]) -> None:
        self.queues[helper].put(item)

    def receive(self, run: int, block: bool) -> list[tuple[int, int, npt.NDArray[np.int64] | None]]:
        """The answers of ``run`` that arrived (waiting for one if ``block``)."""
        out: list[tuple[int, int, npt.NDArray[np.int64] | None]] = []
        while True:
            try:
                helper, answer_run, index, counts = self.answers.get(
                    block=block and not out, timeout=0.5
                )
            except queue.Empty:
                return out
            if answer_run == run:
                out.append((helper, index, counts))

    def alive(self) -> bool:
        return all(process.is_alive() for process in self.processes)

    def stop(self) -> None:
        """End the helpers now (mid-shard too) and wait for them."""
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.join(timeout=5)
            if process.is_alive():  # pragma: no cover - a helper that ignores SIGTERM
                process.kill()
                process.join()
        for channel in (self.answers, *self.queues):
            channel.close()
            channel.join_thread()


def _helper(number: int, work: Any, answers: Any) -> None:
    """A helper process: run each item of ``work`` and answer it (see :class:`_Team`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        run, task, index, seed, hands = work.get()
        try:
            counts: npt.NDArray[np.int64] | None = np.asarray(task(seed, hands), dtype=np.int64)
        except Exception:
            counts = None
        answers.put((number, run, index, counts))


_TEAMS: dict[int, _Team] = {}


def _team(size: int) -> _Team:
    """The helpers of this process (started at the first run that needs them, kept)."""
    team = _TEAMS.get(size)
    if team is None or not team.alive():
        team = _TEAMS[size] = _Team(size)
    return team


def _kept_helpers(most: int | None = None) -> int:
    """The size of the largest team of helpers kept alive in this process (of at
    most ``most`` helpers), or 0."""
    sizes = (s for s, team in _TEAMS.items() if team.alive() and (most is None or s <= most))
    return max(sizes, default=0)


def stop_helpers() -> None:
    """End the helper processes kept by this process (a command ends with this:
    no process is left behind, even one still starting)."""
    while _TEAMS:
        _, team = _TEAMS.popitem()
        team.stop()


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
