"""CFR+ (counterfactual regret minimisation plus) on the flat arrays of a :class:`Game`.

One iteration ``t`` (``t = 1, 2, ...``) does, for player 0 and then player 1
(alternating updates: player 1's update already faces player 0's new strategy):

1. walk the tree under the current strategies ``sigma``: the counterfactual
   value ``v(h)`` of every node for the updating player ``i``, its own reach
   ``pi_i(h)`` and the opponent-and-chance reach ``pi_-i(h)``;
2. add ``pi_-i(h) * (v(ha) - v(h))`` to the regret of each action ``a`` of
   every node ``h`` of ``i``'s infosets, and ``w_t * pi_i(h) * sigma(I, a)`` to
   the average-strategy sums;
3. regret matching+: clip every regret of ``i`` at 0 and set ``sigma(I, a)``
   proportional to the regrets (uniform where they are all 0).

The average strategy (the output) is the normalised average-strategy sums.
Its weights ``w_t`` are the averaging of CFR+: ``"linear"`` (``w_t = t``, the
default; Tammelin et al. 2015 and OpenSpiel's ``CFRPlusSolver``),
``"quadratic"`` (``w_t = t**2``, as in discounted CFR with ``gamma = 2``) or
``"uniform"`` (``w_t = 1``), each optionally delayed: with ``delay = d``,
``w_t = (t - d) ** power`` and iterations ``t <= d`` are left out. With the
defaults the iterates are those of OpenSpiel's ``CFRPlusSolver``.

>>> from pokerbonus.solvers import kuhn_poker, solve
>>> solution = solve(kuhn_poker(), 1000)
>>> solution.exploitability < 1e-4, round(solution.value, 4)
(True, -0.0556)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import kernels
from pokerbonus.solvers.best_response import best_response_values, expected_value, to_mbb
from pokerbonus.solvers.game import Game
from pokerbonus.solvers.policy import Policy

__all__ = ["AVERAGING", "Averaging", "CFRPlus", "Solution", "solve"]

Averaging = Literal["linear", "quadratic", "uniform"]
AVERAGING: Final[dict[str, int]] = {"uniform": 0, "linear": 1, "quadratic": 2}
"""The averaging schemes and the power of ``t`` in their weights."""


class CFRPlus:
    """A resumable CFR+ run on ``game``: call :meth:`run` as often as needed.

    >>> from pokerbonus.solvers import kuhn_poker
    >>> solver = CFRPlus(kuhn_poker())
    >>> solver.run(10); solver.run(10); solver.iteration
    20
    >>> round(sum(solver.average_policy()["K"].values()), 12)
    1.0
    """

    def __init__(self, game: Game, averaging: Averaging = "linear", delay: int = 0) -> None:
        if averaging not in AVERAGING:
            raise ConfigurationError(
                f"averaging {averaging!r}: choose one of {', '.join(AVERAGING)}"
            )
        if delay < 0:
            raise ConfigurationError(f"delay {delay!r}: it must be 0 or more iterations")
        self.game: Final = game
        self.averaging: Final = averaging
        self.delay: Final = delay
        self.iteration = 0
        self._regret = np.zeros(game.num_slots)
        self._average = np.zeros(game.num_slots)
        self._strategy = Policy.uniform(game).probs.copy()
        n = game.num_nodes
        # Work arrays of the kernels: own, opponent and chance reach, values.
        self._own, self._opponent, self._luck, self._value = (np.empty(n) for _ in range(4))

    def run(self, iterations: int) -> None:
        """Do ``iterations`` more iterations."""
        if iterations < 0:
            raise ConfigurationError(f"iterations {iterations!r}: it must be 0 or more")
        g = self.game
        kernels.cfr_plus_run(
            g.node_player, g.node_parent, g.node_first_child, g.node_num_children,
            g.node_slot, g.node_chance, g.node_payoff, g.decisions, g.infoset_player,
            g.infoset_offset, self._regret, self._strategy, self._average, self._own,
            self._opponent, self._luck, self._value, self.iteration, iterations,
            AVERAGING[self.averaging], self.delay,
        )  # fmt: skip
        self.iteration += iterations

    def current_policy(self) -> Policy:
        """The strategy of the last iteration (regret matching+ of the regrets)."""
        return Policy(self.game, self._strategy.copy())

    def average_policy(self) -> Policy:
        """The weighted average strategy (uniform at infosets with no weight yet)."""
        offsets = self.game.infoset_offset
        sizes = np.diff(offsets)
        totals = np.repeat(np.add.reduceat(self._average, offsets[:-1]), sizes)
        uniform = np.repeat(1.0 / sizes, sizes)
        positive = totals > 0
        probs = np.where(positive, self._average / np.where(positive, totals, 1.0), uniform)
        return Policy(self.game, probs)


@dataclass(frozen=True, slots=True, eq=False)
class Solution:
    """What :func:`solve` found.

    ``average`` is the average strategy (the approximate equilibrium),
    ``current`` the last iterate; ``value`` is player 0's expected payoff per
    hand under ``average``; ``best_responses`` are ``(BR0, BR1)`` against it and
    ``history`` the ``(iteration, exploitability)`` pairs measured on the way.
    """

    game: Game
    iterations: int
    averaging: Averaging
    delay: int
    average: Policy
    current: Policy
    value: float
    best_responses: tuple[float, float]
    history: tuple[tuple[int, float], ...]

    @property
    def exploitability(self) -> float:
        """``(BR0 + BR1) / 2`` of the average strategy, in chips per hand."""
        return (self.best_responses[0] + self.best_responses[1]) / 2.0

    @property
    def exploitability_mbb(self) -> float:
        """The exploitability in milli-big-blinds per hand (big blind = ``game.unit``)."""
        return to_mbb(self.game, self.exploitability)


def _checkpoints(iterations: int) -> list[int]:
    """1, 2, 5, 10, 20, 50, ... below ``iterations``, then ``iterations``."""
    points: list[int] = []
    scale = 1
    while scale < iterations:
        points.extend(p for p in (scale, 2 * scale, 5 * scale) if p < iterations)
        scale *= 10
    return [*points, iterations]


def solve(
    game: Game,
    iterations: int,
    *,
    averaging: Averaging = "linear",
    delay: int = 0,
    checkpoints: Iterable[int] | None = None,
    on_checkpoint: Callable[[int, float], None] | None = None,
) -> Solution:
    """Run CFR+ for ``iterations`` iterations and measure the average strategy.

    The exploitability of the average strategy is measured exactly at each of
    ``checkpoints`` (default 1, 2, 5, 10, 20, 50, ... and the last iteration)
    and reported to ``on_checkpoint(iteration, exploitability)`` if given;
    checkpoints past ``iterations`` are ignored, ``checkpoints=()`` measures only
    the end (``Solution.exploitability``) and leaves ``history`` empty.

    >>> from pokerbonus.solvers import kuhn_poker
    >>> s = solve(kuhn_poker(), 100, checkpoints=[10, 100])
    >>> [i for i, _ in s.history], s.history[1][1] < s.history[0][1]
    ([10, 100], True)
    """
    if iterations < 1:
        raise ConfigurationError(f"iterations {iterations!r}: CFR+ needs at least 1")
    solver = CFRPlus(game, averaging, delay)
    wanted = _checkpoints(iterations) if checkpoints is None else checkpoints
    points = sorted({p for p in wanted if 0 < p <= iterations})
    history: list[tuple[int, float]] = []
    for point in points:
        solver.run(point - solver.iteration)
        br = best_response_values(game, solver.average_policy())
        history.append((point, (br[0] + br[1]) / 2.0))
        if on_checkpoint is not None:
            on_checkpoint(point, history[-1][1])
    solver.run(iterations - solver.iteration)
    average = solver.average_policy()
    return Solution(
        game=game,
        iterations=iterations,
        averaging=averaging,
        delay=delay,
        average=average,
        current=solver.current_policy(),
        value=expected_value(game, average),
        best_responses=best_response_values(game, average),
        history=tuple(history),
    )
