"""The gauntlet's full targets (docs/bots.md, "The gauntlet"; issue: opponents that no
simple trick beats).

1. Every gauntlet bot against ``expert`` and against ``hard``, heads-up and
   four-handed (the bot, the level, two ``hard``): 8,000 duplicate hands each,
   seed 11, French draw pot game, ante 1, no-limit, 100-ante stacks. Targets:
   heads-up the bot's 95% interval is not above 0; four-handed the level's is
   above 0.
2. Against the maniac and the calling station, heads-up and four-handed:
   ``expert``'s result minus ``hard``'s on the same deals (the interval is the
   unpaired one, wider than the paired one: a conservative check). Target: not
   below 0.
3. What stood before: ``expert`` against ``hard`` heads-up over 20,000 duplicate
   hands (at least +100 mbb/hand, interval above 0) and four-handed against three
   ``hard`` over 40,000 (at least +150), seed 1 as in docs/bots-expert.md.

    python benchmarks/bench_gauntlet.py [--hands 8000] [--seed 11] [--skip-levels]

About 25 minutes on one free core (the four-handed matches are most of it).
"""

from __future__ import annotations

import argparse
import math
import time

from pokerbonus.engine.config import TableConfig
from pokerbonus.sim.gauntlet import GAUNTLET_LEVELS, GauntletRow, run_gauntlet
from pokerbonus.sim.match import Z95, play_match


def _ci(ci: tuple[float, float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:.0f}, {ci[1]:.0f}]"


def _print_rows(rows: list[GauntletRow]) -> None:
    for row in rows:
        mine, level = row.bot_result, row.level_result
        verdict = {True: "holds", False: "FAILS", None: "-"}[row.holds]
        print(
            f"{row.level:<8}{row.players:>3}  {row.bot:<16}{mine.mbb_per_hand:>9.0f}"
            f"{_ci(mine.ci95):>18}{level.mbb_per_hand:>9.0f}{_ci(level.ci95):>18}  {verdict}",
            flush=True,
        )


def _difference(rows: list[GauntletRow], bot: str, players: int) -> str:
    found = {r.level: r for r in rows if r.bot == bot and r.players == players}
    expert, hard = found["expert"].level_result, found["hard"].level_result
    if expert.ci95 is None or hard.ci95 is None:
        return "-"
    diff = expert.mbb_per_hand - hard.mbb_per_hand
    half = math.hypot(expert.ci95[1] - expert.mbb_per_hand, hard.ci95[1] - hard.mbb_per_hand)
    verdict = "holds" if diff + half >= 0 else "FAILS"  # the interval is not below 0
    return f"{diff:.0f} [{diff - half:.0f}, {diff + half:.0f}]  {verdict}"


def main() -> None:
    """Run the targets and print one line per match."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--skip-levels", action="store_true", help="skip expert vs hard")
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"{'level':<8}{'n':>3}  {'bot':<16}{'bot':>9}{'95% CI':>18}{'level':>9}{'95% CI':>18}")
    rows: list[GauntletRow] = []
    for level in GAUNTLET_LEVELS:
        found = run_gauntlet(level, (2, 4), hands=args.hands, seed=args.seed, on_row=None)
        _print_rows(found)
        rows += found
    for players in (2, 4):
        held = {
            lv: [r for r in rows if r.level == lv and r.players == players]
            for lv in GAUNTLET_LEVELS
        }
        for level, mine in held.items():
            ok = sum(1 for r in mine if r.holds)
            table = "heads-up" if players == 2 else "four-handed"
            print(f"{level} {table}: holds against {ok} of {len(mine)}")
    print("expert minus hard (mbb/hand, same deals, unpaired 95% interval):")
    for bot in ("maniac", "station"):
        for players in (2, 4):
            print(f"  {bot:<8}{players:>2} players: {_difference(rows, bot, players)}")
    if not args.skip_levels:
        for players, hands, target in ((2, 20_000, 100), (4, 40_000, 150)):
            lineup = ["expert"] + ["hard"] * (players - 1)
            result = play_match(TableConfig(game="draw", players=players, betting="no-limit"),
                                lineup, hands, seed=1, duplicate=True)  # fmt: skip
            top = result.results[0]
            ok = top.ci95 is not None and top.ci95[0] > 0 and top.mbb_per_hand >= target
            print(f"expert vs {'hard' if players == 2 else '3 hard'}, {hands} hands: "
                  f"{top.mbb_per_hand:.0f} {_ci(top.ci95)} (target {target}: "
                  f"{'met' if ok else 'NOT met'})", flush=True)  # fmt: skip
    print(f"{time.perf_counter() - start:.0f} s (z = {Z95:.2f})")


if __name__ == "__main__":
    main()
