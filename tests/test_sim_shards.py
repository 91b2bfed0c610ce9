"""Sharded runs (issue 8): the plan, exact merging, same result on every backend."""

from __future__ import annotations

import functools
import importlib.util
import os
import time

import numpy as np
import numpy.typing as npt
import pytest

from pokerbonus import shards as shards_module
from pokerbonus.analysis.stats.draw import DrawConfig, draw_shard
from pokerbonus.errors import ConfigurationError
from pokerbonus.shards import Shard, plan_shards, run_shards

CONFIG = DrawConfig(deck=32, players=4)
TASK = functools.partial(draw_shard, CONFIG)


def test_plan_depends_on_seed_and_hands_only() -> None:
    plan = plan_shards(5, 1000, shard_hands=300)
    assert [s.hands for s in plan] == [300, 300, 300, 100]
    assert [s.index for s in plan] == [0, 1, 2, 3]
    assert plan == plan_shards(5, 1000, shard_hands=300)
    assert len({s.seed for s in plan}) == 4
    assert plan_shards(6, 1000, shard_hands=300) != plan


def test_inline_equals_sum_of_shards() -> None:
    plan = plan_shards(9, 5000, shard_hands=1200)
    result = run_shards(TASK, plan, backend="inline")
    expected = sum(draw_shard(CONFIG, s.seed, s.hands) for s in plan)
    assert np.array_equal(result.counts, expected)
    assert result.hands == 5000 and result.counts[0] == 5000
    assert not result.interrupted and result.shards_done == result.shards == 5


def test_process_pool_same_as_inline_for_any_workers() -> None:
    plan = plan_shards(21, 6000, shard_hands=1000)
    inline = run_shards(TASK, plan, backend="inline")
    seen: list[Shard] = []
    two = run_shards(TASK, plan, backend="process", workers=2, on_shard=seen.append)
    assert np.array_equal(inline.counts, two.counts)
    assert sorted(s.index for s in seen) == list(range(6))
    one = run_shards(TASK, plan, backend="process", workers=1)
    assert np.array_equal(inline.counts, one.counts)


def _where(parent: int, seed: int, hands: int) -> npt.NDArray[np.int64]:
    """A slow task that counts its deals, and the shards run outside ``parent``."""
    time.sleep(0.05)
    return np.array([hands, int(os.getpid() != parent)], dtype=np.int64)


def test_helper_processes_take_shards_and_every_shard_counts_once() -> None:
    """With helpers, this process and the helpers share the shards; a shard that
    both ran (this process takes over unfinished ones at the end) counts once."""
    task = functools.partial(_where, os.getpid())
    plan = plan_shards(4, 40 * 100, shard_hands=100)
    helped = 0
    deadline = time.monotonic() + 120  # the helper's first start-up (imports) included
    while not helped and time.monotonic() < deadline:
        result = run_shards(task, plan, backend="process", workers=2)
        assert result.counts[0] == 4000 and result.shards_done == 40 and result.workers == 2
        helped = int(result.counts[1])
    assert 0 < helped < 40  # the helper took shards, this process did too


def test_the_default_runs_a_small_job_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards_module, "_TEAMS", {})
    plan = plan_shards(8, 3000, shard_hands=1000)
    result = run_shards(TASK, plan, backend="process")
    assert result.workers == 1 and result.shards_done == 3
    assert np.array_equal(result.counts, run_shards(TASK, plan, backend="inline").counts)


def test_helpers_start_only_for_large_jobs_on_idle_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards_module, "_cores", lambda: 4)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.2, 0.2, 0.2))
    worth = shards_module._helpers_worth_it
    pays = shards_module.HELPER_PAYS_AFTER
    assert worth(0.5 * pays, 1.0) == 0  # a small job: this process alone is faster
    assert worth(2.5 * pays, 0.98) == 2
    assert worth(100 * pays, 0.98) == 3  # never more helpers than the other cores
    assert worth(100 * pays, 0.3) == 0  # this process gets a third of a core: busy machine
    monkeypatch.setattr(os, "getloadavg", lambda: (3.9, 3.0, 3.0))
    assert worth(100 * pays, 1.0) == 0  # every core already has a job


def test_interrupted_run_keeps_completed_shards() -> None:
    plan = plan_shards(3, 4000, shard_hands=1000)
    calls = 0

    def task(seed: int, hands: int) -> np.ndarray:
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return draw_shard(CONFIG, seed, hands)

    result = run_shards(task, plan, backend="inline")
    assert result.interrupted
    assert result.shards_done == 2 and result.hands == 2000 and result.counts[0] == 2000


def test_bad_arguments() -> None:
    with pytest.raises(ConfigurationError, match="hands: 0"):
        plan_shards(1, 0)
    with pytest.raises(ConfigurationError, match="'gpu'"):
        run_shards(TASK, plan_shards(1, 10), backend="gpu")
    with pytest.raises(ConfigurationError, match="workers: 0"):
        run_shards(TASK, plan_shards(1, 10), workers=0)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_backend_same_as_inline() -> None:
    import ray

    plan = plan_shards(42, 3000, shard_hands=1000)
    inline = run_shards(TASK, plan, backend="inline")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        result = run_shards(TASK, plan, backend="ray")
    finally:
        ray.shutdown()
    assert np.array_equal(result.counts, inline.counts)
    assert result.backend == "ray" and result.shards_done == 3
