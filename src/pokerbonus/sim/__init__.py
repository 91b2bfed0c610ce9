"""Simulations at scale: seeded shards run inline, on local processes or on Ray."""

from __future__ import annotations

from pokerbonus.sim.shards import (
    BACKENDS,
    SHARD_HANDS,
    RunResult,
    Shard,
    ShardTask,
    plan_shards,
    run_shards,
    stop_helpers,
)

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
