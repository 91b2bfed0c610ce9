"""Simulated sit-and-goes: how long 1,000 quick tournaments of six ``hard`` bots take,
beside the same bots playing as many independent hands (``pokerbonus match``'s cash
method) in the same run, and ``hard``'s ROI against five ``medium``.

The target (issue 27): 1,000 six-``hard`` sit-and-goes in under 5 minutes here;
``hard``'s ROI interval against five ``medium`` above 0 over 1,000 tournaments.

    python benchmarks/bench_tournament.py                 # 1,000 of each
    python benchmarks/bench_tournament.py --tournaments 200 --skip-roi
"""

from __future__ import annotations

import argparse
import os
import time

from pokerbonus.engine.tournament_config import preset
from pokerbonus.rules import Stakes
from pokerbonus.rules.catalog import holdem
from pokerbonus.sim.game_match import play_game_match
from pokerbonus.sim.tournament import play_tournaments


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=1000)
    parser.add_argument("--preset", default="quick")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--skip-roi", action="store_true")
    args = parser.parse_args()
    config = preset(args.preset)
    lineup = ["holdem:hard"] * config.entrants
    play_tournaments(config, lineup, 2, seed=0)  # compile the kernels first
    print(_load())
    start = time.perf_counter()
    result = play_tournaments(config, lineup, args.tournaments, seed=args.seed)
    seconds = time.perf_counter() - start
    rate = result.hands / seconds
    print(
        f"{result.tournaments} {config.name} sit-and-goes of six hard: {seconds:.1f} s, "
        f"{result.hands_per_tournament:.1f} hands each, {rate:.0f} hands/s"
    )
    hands = min(result.hands, 20_000)
    start = time.perf_counter()
    play_game_match(holdem(), Stakes(ante=0, blinds=(10, 20)), lineup, hands, seed=args.seed)
    cash = hands / (time.perf_counter() - start)
    print(
        f"the same bots, {hands} independent six-handed hands: {cash:.0f} hands/s "
        f"(tournament/cash rate: {rate / cash:.2f})"
    )
    print(_load())
    if args.skip_roi:
        return
    start = time.perf_counter()
    versus = play_tournaments(
        config, ["holdem:hard"] + ["holdem:medium"] * (config.entrants - 1),
        args.tournaments, seed=args.seed + 1,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    for r in versus.results:
        ci = r.ci95 or (float("nan"), float("nan"))
        share = ", ".join(f"{100 * n / (r.samples * r.seats):.1f}" for n in r.places)
        print(
            f"{r.bot} x{r.seats}: places % [{share}], average prize {r.average_prize:.2f}, "
            f"ROI {100 * r.roi:+.1f}% [{100 * ci[0]:+.1f}%, {100 * ci[1]:+.1f}%]"
        )
    print(f"({versus.tournaments} tournaments in {seconds:.1f} s; {_load()})")


if __name__ == "__main__":
    main()
