"""Benchmark of the draw statistics: four-player draw hands per minute, 1 vs 2 workers.

Run: ``python benchmarks/bench_stats.py [--hands N]``. The target of issue 8 is
at least 10^7 four-player draw deals per minute on a 2-core machine. Workers are
local processes (the ``process`` backend); the same seed gives the same counts
for every number of workers, which the benchmark checks too.
"""

from __future__ import annotations

import argparse
import functools
import os
import time

import numpy as np

from pokerbonus.analysis.stats.draw import DrawConfig, draw_shard
from pokerbonus.sim import plan_shards, run_shards


def main() -> None:
    """Time the draw simulation on 1 and 2 workers and print deals per minute."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=4_000_000)
    parser.add_argument("--deck", type=int, default=32)
    args = parser.parse_args()
    config = DrawConfig(deck=args.deck, players=4)
    task = functools.partial(draw_shard, config)
    draw_shard(config, 1, 1000)  # compile (or load the cache) outside the timings
    plan = plan_shards(2024, args.hands)
    print(f"four-player draw, {args.deck} cards, {args.hands:,} deals, {len(plan)} shards")
    print(f"cores: {os.cpu_count()}")
    start = time.perf_counter()
    inline = run_shards(task, plan, backend="inline")
    base = time.perf_counter() - start
    print(f"in process   : {base:6.2f} s  {args.hands / base * 60:>14,.0f} deals/min")
    rates = {}
    for workers in (1, 2):
        start = time.perf_counter()
        result = run_shards(task, plan, backend="process", workers=workers)
        seconds = time.perf_counter() - start
        rates[workers] = args.hands / seconds * 60
        same = np.array_equal(result.counts, inline.counts)
        print(
            f"{workers} worker(s) : {seconds:6.2f} s  {rates[workers]:>14,.0f} deals/min"
            f"  (same counts as in process: {same})"
        )
    print(f"speed-up 2 vs 1 workers: {rates[2] / rates[1]:.2f}x")
    print(f"target 10^7 deals/min: {'met' if max(rates.values()) >= 1e7 else 'NOT met'}")


if __name__ == "__main__":
    main()
