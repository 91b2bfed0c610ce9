"""The hold'em bots against the reference players and each other (duplicate matches).

    python benchmarks/bench_holdem_bots.py --hands-hu 4000 --hands-six 1800 --seed 1

No-limit hold'em, blinds 1/2, 100 big blinds deep, every hand from fresh stacks;
RLCard's rule model plays limit hold'em 2/4 (its own game). Six-handed rows are
one ``hard`` against five copies of the opponent. Results of the first bot in
mbb/hand (thousandths of a big blind) with the 95% interval over duplicate
blocks, and its mean thinking time per decision. ``--omaha`` etc. add a
level-ladder row per other game (short, for a look).
"""

from __future__ import annotations

import argparse
import time

from pokerbonus.rules import Stakes
from pokerbonus.rules.betting import limit
from pokerbonus.rules.catalog import (
    ace_to_five_draw,
    deuce_to_seven_triple_draw,
    holdem,
    omaha,
)
from pokerbonus.rules.games import GameDef
from pokerbonus.sim.game_match import play_game_match

BLINDS = Stakes(ante=0, blinds=(1, 2))


def _row(label: str, game: GameDef, lineup: list[str], hands: int, seed: int) -> None:
    start = time.perf_counter()
    result = play_game_match(game, BLINDS, lineup, hands, seed=seed, duplicate=True)
    first = result.results[0]
    lo, hi = first.ci95 if first.ci95 is not None else (float("nan"), float("nan"))
    print(
        f"| {label} | {result.hands:,} | {first.mbb_per_hand:,.0f} | [{lo:,.0f}, {hi:,.0f}] "
        f"| {first.ms_per_decision:.2f} | {first.fallbacks} "
        f"| {time.perf_counter() - start:.0f} s |",
        flush=True,
    )


def main() -> None:
    """Run the table of docs/bots-holdem.md."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands-hu", type=int, default=4000)
    parser.add_argument("--hands-six", type=int, default=1800)
    parser.add_argument("--hands-other", type=int, default=0, help="ladder rows of other games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="row labels to run, separated by semicolons")
    args = parser.parse_args()
    nl, fl = holdem(), holdem(limit(2, 4))
    hu, six, seed = args.hands_hu, args.hands_six, args.seed
    rows = [
        ("hard vs fish, heads-up", nl, ["holdem:hard", "holdem:fish"], hu),
        ("hard vs honest, heads-up", nl, ["holdem:hard", "holdem:honest"], hu),
        ("hard vs 5 fish", nl, ["holdem:hard"] + ["holdem:fish"] * 5, six),
        ("hard vs 5 honest", nl, ["holdem:hard"] + ["holdem:honest"] * 5, six),
        ("hard vs rlcard, heads-up, limit", fl, ["holdem:hard", "holdem:rlcard"], hu),
        ("hard vs 5 rlcard, limit", fl, ["holdem:hard"] + ["holdem:rlcard"] * 5, six),
        ("medium vs easy, heads-up", nl, ["holdem:medium", "holdem:easy"], hu),
        ("hard vs medium, heads-up", nl, ["holdem:hard", "holdem:medium"], hu),
        ("medium vs 5 easy", nl, ["holdem:medium"] + ["holdem:easy"] * 5, six),
        ("hard vs 5 medium", nl, ["holdem:hard"] + ["holdem:medium"] * 5, six),
    ]
    if args.hands_other:
        n = args.hands_other
        rows += [
            ("omaha hard vs easy, heads-up", omaha(), ["omaha:hard", "omaha:easy"], n),
            ("A-5 lowball hard vs easy, heads-up", ace_to_five_draw(),
             ["lowball-a5:hard", "lowball-a5:easy"], n),
            ("2-7 triple draw hard vs easy, heads-up", deuce_to_seven_triple_draw(),
             ["lowball-27:hard", "lowball-27:easy"], n),
        ]  # fmt: skip
    only = {x.strip() for x in args.only.split(";") if x.strip()}
    print("| match | hands | mbb/hand | 95% interval | ms/decision | fallbacks | time |")
    print("|---|---:|---:|---|---:|---:|---:|")
    for label, game, lineup, hands in rows:
        if not only or label in only:
            _row(label, game, lineup, hands, seed)


if __name__ == "__main__":
    main()
