"""CFR+ speed and exploitability: pokerbonus.solvers against OpenSpiel, same run.

Run: ``python benchmarks/bench_cfr.py`` (OpenSpiel comes with the ``test`` extra).

For Kuhn poker and Leduc hold'em it times CFR+ iterations of

- ours: ``pokerbonus.solvers.CFRPlus`` (numba kernels over the flat game arrays;
  linear averaging, alternating updates: the same iterates as OpenSpiel's);
- OpenSpiel's python ``open_spiel.python.algorithms.cfr.CFRPlusSolver``, the
  competitor named in the brief (on Leduc it does about 5 iterations per second,
  so it runs ``--python-iterations`` iterations there unless ``--full`` is given);
- OpenSpiel's C++ ``pyspiel.CFRPlusSolver``, for reference.

It prints iterations per second, the ratio of ours to each, and the
exploitability each reached, in chips and in mbb/hand (milli-big-blinds per
hand, the big blind being the game's unit: the ante in Kuhn and Leduc). Our
rows also show the reduced draw game and quadratic averaging. Times exclude
building the trees and measuring exploitability; ours are taken after a
warm-up (numba compiled and cached).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import pyspiel
from open_spiel.python.algorithms import cfr as os_cfr
from open_spiel.python.algorithms import exploitability as os_exploitability

from pokerbonus.solvers import CFRPlus, Game, exploitability, kuhn_poker, leduc_poker
from pokerbonus.solvers.draw import draw_poker


@dataclass
class Row:
    """One timed run."""

    game: str
    solver: str
    iterations: int
    seconds: float
    exploitability: float
    unit: float = 1.0

    @property
    def rate(self) -> float:
        """Iterations per second."""
        return self.iterations / self.seconds


def _short(name: str) -> str:
    return name.split("(")[0].removesuffix("_poker")


def ours(game: Game, iterations: int, averaging: str = "linear") -> Row:
    """Time our CFR+ (after one warm-up iteration on a separate solver)."""
    CFRPlus(game).run(1)
    solver = CFRPlus(game, averaging)  # type: ignore[arg-type]
    start = time.perf_counter()
    solver.run(iterations)
    seconds = time.perf_counter() - start
    label = "pokerbonus CFRPlus" + ("" if averaging == "linear" else f" ({averaging})")
    return Row(
        _short(game.name), label, iterations, seconds,
        exploitability(game, solver.average_policy()), game.unit,
    )  # fmt: skip


def openspiel_python(name: str, iterations: int) -> Row:
    """Time OpenSpiel's python CFRPlusSolver."""
    game = pyspiel.load_game(name)
    solver = os_cfr.CFRPlusSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - start
    value = os_exploitability.exploitability(game, solver.average_policy())
    return Row(_short(name), "OpenSpiel python CFRPlusSolver", iterations, seconds, value)


def openspiel_cpp(name: str, iterations: int) -> Row:
    """Time OpenSpiel's C++ CFRPlusSolver."""
    game = pyspiel.load_game(name)
    solver = pyspiel.CFRPlusSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - start
    value = pyspiel.exploitability(game, solver.average_policy())
    return Row(_short(name), "OpenSpiel C++ CFRPlusSolver", iterations, seconds, value)


def main() -> None:
    """Run the comparisons and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--python-iterations", type=int, default=50)
    parser.add_argument("--full", action="store_true", help="OpenSpiel python: all iterations")
    args = parser.parse_args()
    n = args.iterations
    leduc_python = n if args.full else min(n, args.python_iterations)

    start = time.perf_counter()
    draw = draw_poker()
    build_draw = time.perf_counter() - start

    groups: list[list[Row]] = []
    for name, game, python_iterations in (
        ("kuhn_poker", kuhn_poker(), n),
        ("leduc_poker", leduc_poker(), leduc_python),
    ):
        print(f"running {name} ...", flush=True)
        groups.append([
            ours(game, n),
            ours(game, n, "quadratic"),
            openspiel_python(name, python_iterations),
            openspiel_cpp(name, n),
        ])  # fmt: skip
    print("running the draw game ...", flush=True)
    groups.append([ours(draw, n), ours(draw, n, "quadratic")])

    header = (
        f"{'game':<6} {'solver':<34} {'iters':>6} {'seconds':>9} {'iter/s':>10} "
        f"{'ours/them':>10} {'exploitability':>15} {'mbb/hand':>10}"
    )
    print()
    print(header)
    print("-" * len(header))
    for rows in groups:
        base = rows[0].rate
        for row in rows:
            ratio = "" if row is rows[0] else f"{base / row.rate:9.1f}x"
            print(
                f"{row.game:<6} {row.solver:<34} {row.iterations:>6} {row.seconds:>9.3f} "
                f"{row.rate:>10.1f} {ratio:>10} {row.exploitability:>15.3e} "
                f"{1000 * row.exploitability / row.unit:>10.4f}"
            )
    print()
    print(
        f"draw game: {draw.name}, {draw.num_nodes:,} nodes, {draw.num_infosets:,} infosets, "
        f"built in {build_draw:.2f} s; Leduc {leduc_poker().num_nodes:,} nodes, "
        f"Kuhn {kuhn_poker().num_nodes} nodes."
    )


if __name__ == "__main__":
    main()
