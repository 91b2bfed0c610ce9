"""Simulations: matches between players (:mod:`pokerbonus.sim.match`,
:mod:`pokerbonus.sim.game_match`), the local best response (:mod:`pokerbonus.sim.lbr`).

The sharded runs (seeded shards run inline, on local processes or on Ray) live in
:mod:`pokerbonus.shards`, under the statistics that use them; their names are also
read from here, where they were first documented, and ``pokerbonus.sim.shards`` is
the same module.
"""

from __future__ import annotations

import sys

from pokerbonus import shards
from pokerbonus.shards import (
    BACKENDS,
    SHARD_HANDS,
    RunResult,
    Shard,
    ShardTask,
    plan_shards,
    run_shards,
    stop_helpers,
)

sys.modules.setdefault(f"{__name__}.shards", shards)

__all__ = [
    "BACKENDS",
    "SHARD_HANDS",
    "RunResult",
    "Shard",
    "ShardTask",
    "plan_shards",
    "run_shards",
    "shards",
    "stop_helpers",
]
