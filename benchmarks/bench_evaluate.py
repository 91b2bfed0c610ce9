"""Per-hand evaluation speed: Poker Bonus ``evaluate`` against eval7, treys,
phevaluator and pokerkit, on the same random seven-card hands in the same run.

Run: ``python benchmarks/bench_evaluate.py [--hands N] [--slow-hands M] [--seed S]``.

Each library gets the hands in its own card type, converted before timing, and
is called once per hand from Python as its API is meant to be used; the
five-card rows use the first five cards of the same hands. pokerkit is much
slower per hand, so it gets the first ``M`` hands only.

A second table keeps the results: each evaluator rates the first ``--kept``
hands (10^5 by default) into one list, as a program that stores its values
does, timed whole (best of three, thread CPU time), with Python's garbage
collector on (as in any program) and off. Our values are objects the collector
tracks (every instance of a class defined in Python is: CPython makes every
such type a GC type), eval7's and phevaluator's are plain ints, which it does
not: with many values alive, its collections scan ours.

Timing: the hands are cut into chunks of 1,000; every chunk is timed once per
round for every evaluator in turn (after a warm-up round), with the thread's
CPU time, and keeps its best round; an evaluator's time is the sum of its
chunks' bests. On a shared machine this keeps other processes' time slices out
of the figures, the same way for every library. Ratios are "their time per
hand / ours" on hands of the same size (above 1 means Poker Bonus is faster).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from pokerbonus.cards import Card, make_deck
from pokerbonus.hands import evaluate


def random_hands(n: int, size: int, seed: int) -> list[tuple[Card, ...]]:
    """``n`` random hands of ``size`` distinct cards from a seeded generator."""
    rng = random.Random(seed)
    deck = make_deck(52)
    return [tuple(rng.sample(deck, size)) for _ in range(n)]


CHUNK = 1_000

Items = Sequence[Any]
Runner = tuple[str, int, Items, Callable[[Items], list[object]]]


def best_times(runs: Sequence[Runner], rounds: int) -> list[float]:
    """Seconds per hand of each runner ``(name, size, hands, run)``: per chunk of
    hands the best of ``rounds`` rounds (thread CPU time, runners interleaved
    chunk by chunk), summed over the chunks."""
    clock = time.thread_time
    chunked = [
        (run, [hands[i : i + CHUNK] for i in range(0, len(hands), CHUNK)])
        for _, _, hands, run in runs
    ]
    best = [[float("inf")] * len(chunks) for _, chunks in chunked]
    for round_ in range(rounds + 1):  # round 0 is the warm-up
        for j in range(max(len(chunks) for _, chunks in chunked)):
            for k, (run, chunks) in enumerate(chunked):
                if j < len(chunks):
                    start = clock()
                    run(chunks[j])
                    elapsed = clock() - start
                    if round_ and elapsed < best[k][j]:
                        best[k][j] = elapsed
    return [sum(b) / len(hands) for b, (_, _, hands, _) in zip(best, runs, strict=True)]


def runners(hands: Sequence[tuple[Card, ...]], slow: int) -> list[Runner]:
    """(name, hand size, hands, run) for each evaluator that is installed, on
    seven cards and on the first five of the same hands."""
    out: list[Runner] = []
    if importlib.util.find_spec("eval7"):
        import eval7

        e7_evaluate = eval7.evaluate
    if importlib.util.find_spec("treys"):
        from treys import Evaluator

        treys_evaluate = Evaluator().evaluate
    for size in (7, 5):
        cut = [hand[:size] for hand in hands]
        texts = [[str(c) for c in hand] for hand in cut]
        out.append(
            (f"pokerbonus evaluate ({size} Card tuple)", size, cut,
             lambda hs: [evaluate(h) for h in hs])
        )  # fmt: skip
        if importlib.util.find_spec("eval7"):
            e7 = [[eval7.Card(t) for t in hand] for hand in texts]
            out.append(("eval7.evaluate", size, e7, lambda hs: [e7_evaluate(h) for h in hs]))
        if importlib.util.find_spec("phevaluator"):
            from phevaluator import evaluate_cards

            ph = [[int(c) for c in hand] for hand in cut]  # same 4 * rank + suit index
            out.append(
                ("phevaluator evaluate_cards", size, ph,
                 lambda hs: [evaluate_cards(*h) for h in hs])
            )  # fmt: skip
        if size < 7:
            continue
        if importlib.util.find_spec("treys"):
            from treys import Card as TreysCard

            tr = [[TreysCard.new(t) for t in hand] for hand in texts]
            out.append(
                ("treys Evaluator.evaluate", size, tr,
                 lambda hs: [treys_evaluate(h[:2], h[2:]) for h in hs])
            )  # fmt: skip
        if importlib.util.find_spec("pokerkit"):
            from pokerkit import Card as KitCard
            from pokerkit import StandardHighHand

            kit = [list(KitCard.parse("".join(hand))) for hand in texts[:slow]]
            out.append(
                ("pokerkit StandardHighHand.from_game", size, kit,
                 lambda hs: [StandardHighHand.from_game(h) for h in hs])
            )  # fmt: skip
    return out


def kept_times(runs: Sequence[Runner], count: int, collect: bool) -> dict[str, float]:
    """Seconds per hand of the seven-card runners when all ``count`` results are kept
    in one list (best of three, thread CPU time), the collector on or off."""
    clock = time.thread_time
    times: dict[str, float] = {}
    was_on = gc.isenabled()
    try:
        for name, size, hands, run in runs:
            if size != 7 or len(hands) < count or name.startswith("pokerkit"):
                continue
            items = hands[:count]
            best = float("inf")
            for _ in range(3):
                gc.collect()
                if collect:
                    gc.enable()
                else:
                    gc.disable()
                start = clock()
                kept = run(items)
                best = min(best, clock() - start)
                gc.enable()
                del kept
            times[name] = best / count
    finally:
        if was_on:
            gc.enable()
    return times


def main() -> None:
    """Time every installed evaluator and print a table with hands/s and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000, help="hands per evaluator")
    parser.add_argument("--slow-hands", type=int, default=5_000, help="hands for pokerkit")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per chunk")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--kept", type=int, default=100_000, help="results kept in one list")
    args = parser.parse_args()
    hands = random_hands(args.hands, 7, args.seed)
    runs = runners(hands, args.slow_hands)
    times = best_times(runs, args.rounds)
    ours = {
        size: t
        for (name, size, _, _), t in zip(runs, times, strict=True)
        if name.startswith("pokerbonus")
    }
    table = Table(
        title=f"High hands, {args.hands:,} random hands (seed {args.seed}), "
        f"best of {args.rounds} rounds per chunk of {CHUNK:,}"
    )
    table.add_column("evaluator")
    table.add_column("cards", justify="right")
    table.add_column("hands", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("us/hand", justify="right")
    table.add_column("their time / ours", justify="right")
    for (name, size, hands_run, _), per_hand in zip(runs, times, strict=True):
        table.add_row(
            name,
            str(size),
            f"{len(hands_run):,}",
            f"{1 / per_hand:,.0f}",
            f"{per_hand * 1e6:.3f}",
            f"{per_hand / ours[size]:.2f}",
        )
    Console().print(table)

    kept = Table(title=f"Seven cards, {args.kept:,} results kept in one list (best of 3)")
    kept.add_column("evaluator")
    kept.add_column("collector", justify="right")
    kept.add_column("us/hand", justify="right")
    kept.add_column("their time / ours", justify="right")
    for collect in (True, False):
        per = kept_times(runs, args.kept, collect)
        ours_kept = next(t for name, t in per.items() if name.startswith("pokerbonus"))
        for name, t in per.items():
            kept.add_row(name, "on" if collect else "off", f"{t * 1e6:.3f}", f"{t / ours_kept:.2f}")
    Console().print(kept)


if __name__ == "__main__":
    main()
