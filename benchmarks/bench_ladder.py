"""The five-card draw ladder: each rung against the one below, heads-up and six-handed.

Duplicate matches (every deal replayed with the seats rotated), fresh stacks of
100 antes each hand, results of the upper bot in mbb/hand (thousandths of the
ante) with the 95% interval over duplicate blocks. Six-handed: one upper bot
against five of the lower level.

    python benchmarks/bench_ladder.py [--hands-hu 20000] [--hands-six 12000] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from pokerbonus.engine.config import TableConfig
from pokerbonus.sim.match import play_match

RUNGS = [("station", "random"), ("easy", "station"), ("medium", "easy"), ("hard", "medium")]


def main() -> None:
    """Run the ladder and print one line per match."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands-hu", type=int, default=20_000)
    parser.add_argument("--hands-six", type=int, default=12_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rungs", default=",".join(f"{a}-{b}" for a, b in RUNGS))
    args = parser.parse_args()
    chosen = [tuple(r.split("-")) for r in args.rungs.split(",")]
    print(f"{'match':<26}{'hands':>8}{'mbb/hand':>10}{'95% interval':>20}{'ms/dec':>8}{'s':>7}")
    for upper, lower in chosen:
        for players, hands in ((2, args.hands_hu), (6, args.hands_six)):
            lineup = [upper] + [lower] * (players - 1)
            start = time.perf_counter()
            result = play_match(
                TableConfig(players=players), lineup, hands, seed=args.seed, duplicate=True
            )
            seconds = time.perf_counter() - start
            top = result.results[0]
            ci = "-" if top.ci95 is None else f"[{top.ci95[0]:.0f}, {top.ci95[1]:.0f}]"
            label = f"{upper} vs {lower}" + (" x5" if players == 6 else " (HU)")
            print(
                f"{label:<26}{result.hands:>8}{top.mbb_per_hand:>10.0f}{ci:>20}"
                f"{top.ms_per_decision:>8.3f}{seconds:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
