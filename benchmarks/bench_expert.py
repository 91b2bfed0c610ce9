"""Time per decision of ``expert`` at the tables its strategies cover, against ``hard``.

Each line is one duplicate match of expert against hard (heads-up) or three hard
(four-handed) at the default stakes (pot game, ante 1, 100 antes deep): the
milliseconds each bot thinks per decision, and their ratio. The issue's bound is
20 ms per decision for expert.

    python benchmarks/bench_expert.py [--hands 400] [--seed 1] [--strategy FILE]

``--strategy FILE`` plays that strategy file (a candidate, ``pokerbonus solve
--candidate``) in place of the shipped one of its table.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pokerbonus.bots.expert_table as expert_table
from pokerbonus.engine.config import TableConfig
from pokerbonus.sim.match import play_match
from pokerbonus.solvers.french.store import Strategy, load_strategy

TABLES = [
    (2, "no-limit", 32),
    (2, "limit", 32),
    (2, "no-limit", 52),
    (2, "limit", 52),
    (4, "no-limit", 32),
    (4, "limit", 32),
]


def main() -> None:
    """Run the matches and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strategy", type=Path, default=None)
    args = parser.parse_args()
    if args.strategy is not None:
        candidate = load_strategy(args.strategy)
        shipped = expert_table.shipped_strategy  # type: ignore[attr-defined]

        def strategy(key: str) -> Strategy:
            return candidate if key == candidate.key else shipped(key)

        expert_table.shipped_strategy = strategy  # type: ignore[attr-defined,assignment]
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'table':<28}{'expert ms':>10}{'hard ms':>10}{'expert/hard':>13}")
    for players, betting, deck in TABLES:
        bets = {"small_bet": 1, "big_bet": 2} if betting == "limit" else {}
        config = TableConfig(players=players, betting=betting, deck_size=deck, **bets)  # type: ignore[arg-type]
        lineup = ["expert"] + ["hard"] * (players - 1)
        result = play_match(config, lineup, args.hands, seed=args.seed, duplicate=True)
        expert, hard = result.results
        ratio = expert.ms_per_decision / hard.ms_per_decision
        name = f"{players} players {betting} {deck}"
        print(
            f"{name:<28}{expert.ms_per_decision:>10.3f}{hard.ms_per_decision:>10.3f}{ratio:>12.2f}x"
        )


if __name__ == "__main__":
    main()
