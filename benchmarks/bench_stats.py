"""Draw statistics on one and two workers: four-player draw deals per minute.

Run: ``python benchmarks/bench_stats.py [--hands N] [--small N ...] [--repeat R]``.

Each figure is the wall time of a whole command, ``pokerbonus stats draw
--players 4 --deck 32 --hands N --json``, in a new process (Python, numba's
cached kernels and the worker processes included: what a person waits for),
with ``--workers 1`` (this process only), with the default (this process, plus
helper processes up to the machine's cores when the job is large enough and the
machine has idle cores) and with ``--workers`` forced to the number of cores
(helpers started whatever the job and the load). The same seed gives the same
counts for every number of workers, which the benchmark checks.

- ``--small``: jobs that a helper process cannot pay for (its start-up costs
  more than its share of the work): the default must not be slower than one
  worker.
- ``--hands``: the large job (10^7 deals by default), where two workers should
  run at least 1.6 times as fast as one on an idle 2-core machine.

The kernels are compiled (or loaded) once before the timings. The load average
is printed before and after: on a shared machine, re-run it when the other cores
are idle for the speed-up figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

POKERBONUS = str(Path(sys.executable).with_name("pokerbonus"))


def run(hands: int, workers: int | None) -> tuple[float, dict[str, object]]:
    """Wall seconds and JSON output of one ``stats draw`` command."""
    command = [POKERBONUS, "stats", "draw", "--players", "4", "--deck", "32"]
    command += ["--hands", str(hands), "--seed", "7", "--json"]
    if workers is not None:
        command += ["--workers", str(workers)]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, json.loads(done.stdout)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    """Time one worker against the default on small jobs and on the large one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=10_000_000, help="the large job")
    parser.add_argument("--small", type=int, nargs="*", default=[100_000, 1_000_000])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (median kept)")
    args = parser.parse_args()
    run(1000, 1)  # compile the kernels, or load numba's cache, outside the timings
    cores = len(os.sched_getaffinity(0))
    print(f"before: {load()}", flush=True)
    print("four-player draw, 32 cards, whole command (new process each run), median of runs")
    ratios = {}
    for hands in [*args.small, args.hands]:
        times: dict[str, list[float]] = {"1 worker": [], "default": [], "forced": []}
        outputs = []
        for _ in range(args.repeat):  # interleaved: the load hits them alike
            for name, workers in (("1 worker", 1), ("default", None), ("forced", cores)):
                seconds, output = run(hands, workers)
                times[name].append(seconds)
                outputs.append(output)
        keys = ("final", "win_expectancy")
        same = all(all(o[k] == outputs[0][k] for k in keys) for o in outputs)
        one, default, forced = (statistics.median(times[k]) for k in times)
        ratios[hands] = one / default
        print(
            f"{hands:>12,} deals: 1 worker {one:6.2f} s ({hands / one * 60:>11,.0f}/min); "
            f"default {default:6.2f} s ({hands / default * 60:>11,.0f}/min) {one / default:.2f}x; "
            f"--workers {cores} {forced:6.2f} s {one / forced:.2f}x; same counts: {same}"
        )
        for name, values in times.items():
            print(f"{'':>20}{name} runs: {' / '.join(f'{t:.2f}' for t in values)}")
    print(f"after: {load()}")
    small_ok = all(ratios[h] >= 0.95 for h in args.small)
    print(f"default never slower than one worker on the small jobs (within 5%): {small_ok}")
    big = ratios[args.hands]
    print(f"speed-up of the default over one worker at {args.hands:,} deals: {big:.2f}x")


if __name__ == "__main__":
    main()
