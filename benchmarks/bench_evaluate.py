"""Per-hand evaluation speed: Poker Bonus ``evaluate`` against eval7, treys,
phevaluator and pokerkit, on the same random seven-card hands in the same run.

Run: ``python benchmarks/bench_evaluate.py [--hands N] [--slow-hands M] [--seed S]``.

Each library gets the hands in its own card type, converted before timing, and
is called once per hand from Python as its API is meant to be used. pokerkit is
much slower per hand, so it gets the first ``M`` hands only. Timings are the
best of five runs after a warm-up; ratios are "their time per hand / ours"
(above 1 means Poker Bonus is faster).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.table import Table

from pokerbonus.cards import Card, make_deck
from pokerbonus.hands import evaluate


def random_hands(n: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    """``n`` random hands of ``size`` distinct cards from a seeded generator."""
    rng = random.Random(seed)
    deck = make_deck(52)
    return [tuple(rng.sample(deck, size)) for _ in range(n)]


def best_time(run: Callable[[], object], repeats: int = 5) -> float:
    """Best wall time of ``repeats`` runs, after one warm-up run."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def runners(
    hands: Sequence[tuple[Card, ...]], slow: int
) -> list[tuple[str, int, Callable[[], object]]]:
    """(name, number of hands, run) for each evaluator that is installed."""
    out: list[tuple[str, int, Callable[[], object]]] = []
    texts = [[str(c) for c in hand] for hand in hands]

    def ours() -> object:
        return [evaluate(hand) for hand in hands]

    out.append(("pokerbonus evaluate (7 Card tuple)", len(hands), ours))

    fives = [hand[:5] for hand in hands]

    def ours5() -> object:
        return [evaluate(hand) for hand in fives]

    out.append(("pokerbonus evaluate (5 Card tuple)", len(hands), ours5))

    if importlib.util.find_spec("eval7"):
        import eval7

        e7 = [[eval7.Card(t) for t in hand] for hand in texts]
        e7_evaluate = eval7.evaluate
        out.append(("eval7.evaluate", len(hands), lambda: [e7_evaluate(h) for h in e7]))
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        ph = [[int(c) for c in hand] for hand in hands]  # same 4 * rank + suit index
        out.append(
            ("phevaluator evaluate_cards", len(hands), lambda: [evaluate_cards(*h) for h in ph])
        )
    if importlib.util.find_spec("treys"):
        from treys import Card as TreysCard
        from treys import Evaluator

        treys = Evaluator()
        tr = [[TreysCard.new(t) for t in hand] for hand in texts]
        out.append(
            (
                "treys Evaluator.evaluate",
                len(hands),
                lambda: [treys.evaluate(h[:2], h[2:]) for h in tr],
            )
        )
    if importlib.util.find_spec("pokerkit"):
        from pokerkit import Card as KitCard
        from pokerkit import StandardHighHand

        kit = [list(KitCard.parse("".join(hand))) for hand in texts[:slow]]
        out.append(
            (
                "pokerkit StandardHighHand.from_game",
                len(kit),
                lambda: [StandardHighHand.from_game(h) for h in kit],
            )
        )
    return out


def main() -> None:
    """Time every installed evaluator and print a table with hands/s and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000, help="hands per evaluator")
    parser.add_argument("--slow-hands", type=int, default=5_000, help="hands for pokerkit")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    hands = random_hands(args.hands, 7, args.seed)
    results: list[tuple[str, int, float]] = []
    for name, n, run in runners(hands, args.slow_hands):
        results.append((name, n, best_time(run) / n))
    ours = results[0][2]
    table = Table(title=f"Seven-card high hands, {args.hands:,} random hands (seed {args.seed})")
    table.add_column("evaluator")
    table.add_column("hands", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("us/hand", justify="right")
    table.add_column("their time / ours", justify="right")
    for name, n, per_hand in results:
        table.add_row(
            name,
            f"{n:,}",
            f"{1 / per_hand:,.0f}",
            f"{per_hand * 1e6:.3f}",
            f"{per_hand / ours:.2f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
