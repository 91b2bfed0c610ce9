"""Equity speed: pokerbonus against poker-equity (exact) and eval7 (Monte Carlo), same run.

Run: ``python benchmarks/bench_equity.py`` (needs the ``bench`` extra).

- exact heads-up hold'em preflop, AhKh vs QsQc, all 1,712,304 boards:
  ``pokerbonus.equity`` vs ``poker_equity.exact_from_text`` (Rust; it uses
  several threads where the machine has them, ours uses one);
- exact on a flop (990 runouts), the same two;
- Monte Carlo, 1,000,000 deals preflop, AhKh vs QsQc: ours vs
  ``eval7.py_hand_vs_range_monte_carlo`` (C, one thread).

Each timing is the best of a few runs after a warm-up (numba compiled and
cached). The results are printed next to each other so a wrong answer shows.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import eval7
import poker_equity

from pokerbonus.analysis.equity import equity


def best_time(run: Callable[[], object], repeat: int = 5) -> tuple[float, object]:
    """Best wall time of ``repeat`` calls (after one warm-up call) and the last result."""
    result = run()
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    """Time the three comparisons and print a table with the ratios."""
    rows: list[tuple[str, float, float, str, str]] = []

    ours_t, ours = best_time(lambda: equity(["AhKh", "QsQc"]))
    theirs_t, theirs = best_time(lambda: poker_equity.exact_from_text("holdem", ["AhKh", "QsQc"]))
    rows.append((
        "exact preflop AhKh vs QsQc (1,712,304 boards)", ours_t, theirs_t,
        f"{ours.equity[0]:.6f}",  # type: ignore[attr-defined]
        f"{theirs['players'][0]['equity']:.6f}",  # type: ignore[index]
    ))  # fmt: skip

    flop = "2c 7d 9h"
    ours_t, ours = best_time(lambda: equity(["AhAd", "KsKc"], board=flop), repeat=50)
    theirs_t, theirs = best_time(
        lambda: poker_equity.exact_from_text("holdem", ["AhAd", "KsKc"], flop), repeat=50
    )
    rows.append((
        "exact flop AhAd vs KsKc on 2c 7d 9h (990)", ours_t, theirs_t,
        f"{ours.equity[0]:.6f}",  # type: ignore[attr-defined]
        f"{theirs['players'][0]['equity']:.6f}",  # type: ignore[index]
    ))  # fmt: skip

    deals = 1_000_000
    hero = [eval7.Card("Ah"), eval7.Card("Kh")]
    villain = eval7.HandRange("QsQc")
    ours_t, ours = best_time(
        lambda: equity(["AhKh", "QsQc"], exact=False, samples=deals, seed=1), repeat=3
    )
    theirs_t, theirs = best_time(
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], deals), repeat=3
    )
    rows.append((
        "Monte Carlo preflop AhKh vs QsQc, 1e6 deals (vs eval7)", ours_t, theirs_t,
        f"{ours.equity[0]:.4f}",  # type: ignore[attr-defined]
        f"{theirs:.4f}",
    ))  # fmt: skip

    print(f"{'case':<58} {'ours ms':>9} {'theirs ms':>9} {'speed-up':>9}  ours / theirs")
    for name, a, b, ea, eb in rows:
        print(f"{name:<58} {1e3 * a:9.3f} {1e3 * b:9.3f} {b / a:8.1f}x  {ea} / {eb}")


if __name__ == "__main__":
    main()
