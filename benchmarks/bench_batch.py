"""Seven-card hand evaluation speed: Poker Bonus batch kernels against per-hand evaluators.

Run: ``python benchmarks/bench_batch.py [--hands N] [--sample M] [--seed S]``.

Every evaluator ranks the same random seven-card hands (one seeded numpy
Generator); the per-hand libraries (phevaluator ``evaluate_cards``, treys,
eval7, pokerkit) get the first ``M`` of them, called one hand at a time from
Python as their APIs are meant to be used. Our figures: ``evaluate_batch``
(input checks included) on ``uint8`` rows (the natural dtype of card indices),
on ``int64`` rows (numpy's default integer) and on ``int32`` rows, the bare
kernel, and the kernel on all numba threads; the last column gives each
dtype's time over the ``uint8`` time of ``evaluate_batch``.
Our three figures and phevaluator's are timed interleaved, round after round in
one process, best of ``--rounds`` (so that load from other jobs hits them alike);
the other libraries get the best of one run. Every evaluator is warmed up first
(numba compilation excluded).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.table import Table

from pokerbonus.cards import Card
from pokerbonus.hands.batch import evaluate_batch
from pokerbonus.hands.kernels import GAME_CODES, batch_rank, batch_rank_parallel
from pokerbonus.hands.tables import get_tables

Hands = npt.NDArray[np.uint8]


def random_hands(n: int, seed: int) -> Hands:
    """``n`` random seven-card hands (card indices, no repeats in a row)."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.uint8)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        out[start : start + m] = np.argpartition(rng.random((m, 52)), 7, axis=1)[:, :7]
    return out


def best_time(run: Callable[[], object], repeats: int = 3) -> float:
    """Best wall time of ``repeats`` runs, after one warm-up run."""
    run()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def interleaved_best(runs: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Best wall time of each of ``runs``, timed in turn for ``rounds`` rounds after a warm-up."""
    for run in runs.values():
        run()
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def per_hand_runners(hands: Hands) -> dict[str, Callable[[], object]]:
    """Per-hand evaluators that are installed, each ranking every row of ``hands``."""
    runners: dict[str, Callable[[], object]] = {}
    texts = [[str(Card(int(c))) for c in row] for row in hands]
    if importlib.util.find_spec("phevaluator"):
        from phevaluator import evaluate_cards

        rows = hands.tolist()
        runners["phevaluator evaluate_cards"] = lambda: [evaluate_cards(*r) for r in rows]
    if importlib.util.find_spec("treys"):
        from treys import Card as TreysCard
        from treys import Evaluator

        evaluator = Evaluator()
        treys_rows = [[TreysCard.new(t) for t in row] for row in texts]
        runners["treys Evaluator.evaluate"] = lambda: [
            evaluator.evaluate(r[:2], r[2:]) for r in treys_rows
        ]
    if importlib.util.find_spec("eval7"):
        import eval7

        eval7_rows = [[eval7.Card(t) for t in row] for row in texts]
        runners["eval7 evaluate"] = lambda: [eval7.evaluate(r) for r in eval7_rows]
    return runners


def pokerkit_runner(hands: Hands) -> Callable[[], object] | None:
    """pokerkit's ``StandardHighHand.from_game`` per hand, if installed."""
    if not importlib.util.find_spec("pokerkit"):
        return None
    from pokerkit import StandardHighHand

    texts = ["".join(str(Card(int(c))) for c in row) for row in hands]
    return lambda: [StandardHighHand.from_game(t[:4], t[4:]) for t in texts]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4_000_000, help="hands for our kernels")
    parser.add_argument("--sample", type=int, default=100_000, help="hands per per-hand API")
    parser.add_argument("--pokerkit-sample", type=int, default=3_000, help="hands for pokerkit")
    parser.add_argument("--rounds", type=int, default=9, help="interleaved rounds (best kept)")
    parser.add_argument("--seed", type=int, default=20240611)
    args = parser.parse_args()

    hands = random_hands(args.hands, args.seed)
    tables = get_tables()
    out = np.empty(args.hands, dtype=np.int32)
    high = GAME_CODES["high"]
    rates: dict[str, tuple[int, float]] = {}
    wide = {dtype: hands.astype(dtype) for dtype in ("int64", "int32")}
    checked = "pokerbonus evaluate_batch (checked, 1 core)"
    ours: dict[str, Callable[[], object]] = {
        f"{checked}, uint8 rows": lambda: evaluate_batch(hands),
        f"{checked}, int64 rows": lambda: evaluate_batch(wide["int64"]),
        f"{checked}, int32 rows": lambda: evaluate_batch(wide["int32"]),
        "pokerbonus batch kernel (1 core)": lambda: batch_rank(hands, high, tables, out),
        f"pokerbonus batch kernel (parallel, {os.cpu_count()} CPUs)": lambda: batch_rank_parallel(
            hands, high, tables, out
        ),
    }
    sample = hands[: args.sample]
    others = per_hand_runners(sample)
    reference_name = "phevaluator evaluate_cards"
    if reference_name in others:
        ours[reference_name] = others.pop(reference_name)
    for name, seconds in interleaved_best(ours, args.rounds).items():
        rates[name] = (len(sample) if name == reference_name else args.hands, seconds)
    for name, run in others.items():
        rates[name] = (len(sample), best_time(run, repeats=1))
    runner = pokerkit_runner(hands[: args.pokerkit_sample])
    if runner is not None:
        rates["pokerkit StandardHighHand.from_game"] = (
            args.pokerkit_sample,
            best_time(runner, repeats=1),
        )

    reference = (
        rates[reference_name][0] / rates[reference_name][1] if reference_name in rates else None
    )
    kernel = rates["pokerbonus batch kernel (1 core)"]
    kernel_rate = kernel[0] / kernel[1]
    table = Table(title=f"Seven-card high hands, seed {args.seed}")
    table.add_column("evaluator")
    table.add_column("hands", justify="right")
    table.add_column("seconds", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("kernel speed-up", justify="right")
    table.add_column("vs phevaluator", justify="right")
    table.add_column("time / uint8 rows", justify="right")
    uint8_seconds = rates[f"{checked}, uint8 rows"][1]
    for name, (n, seconds) in rates.items():
        rate = n / seconds
        table.add_row(
            name,
            f"{n:,}",
            f"{seconds:.4f}",
            f"{rate:,.0f}",
            f"{kernel_rate / rate:,.1f}x",
            f"{rate / reference:,.1f}x" if reference else "-",
            f"{seconds / uint8_seconds:.2f}x" if name.startswith(checked) else "",
        )
    Console(width=150).print(table)


if __name__ == "__main__":
    main()
