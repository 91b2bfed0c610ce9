"""Monte Carlo CFR with external sampling on the flat arrays of a :class:`Game`.

External sampling (Lanctot, Waugh, Zinkevich and Bowling 2009): each iteration
updates each player in turn (the *traverser*); one walk of the tree samples one
outcome at every chance node and one action at every opponent node (from the
opponent's current strategy), and follows every action of the traverser. At a
traverser node ``h`` of infoset ``I`` the sampled counterfactual regret of ``a``
is ``v(ha) - v(h)``, an unbiased estimate of the true one (up to the constant
probability of sampling the opponents' and chance's part of the path). The
opponent's average strategy gets its current strategy at each of its nodes met.

Weightings (``weighting``): ``"linear"`` (iteration ``t``'s regrets and average
increments times ``t``: linear CFR, Brown and Sandholm 2019), ``"cfr+"``
(regrets floored at 0 after each update, average increments times ``t``) and
``"plain"`` (no weighting).

>>> from pokerbonus.solvers import kuhn_poker, exploitability
>>> solver = MCCFR(kuhn_poker(), seed=1)
>>> solver.run(20000)
>>> exploitability(kuhn_poker(), solver.average_policy()) < 0.01
True
"""

from __future__ import annotations

from typing import Final, Literal

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.game import Game
from pokerbonus.solvers.policy import Policy

__all__ = ["MCCFR", "MCCFR_WEIGHTINGS", "MccfrWeighting"]

MccfrWeighting = Literal["linear", "cfr+", "plain"]
MCCFR_WEIGHTINGS: Final = ("linear", "cfr+", "plain")

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]


@numba.njit(cache=True)
def _strategy(regret: F64, lo: int, hi: int, out: F64) -> None:  # pragma: no cover - compiled
    total = 0.0
    for s in range(lo, hi):
        r = regret[s]
        out[s - lo] = r if r > 0.0 else 0.0
        total += out[s - lo]
    for s in range(lo, hi):
        out[s - lo] = out[s - lo] / total if total > 0.0 else 1.0 / (hi - lo)


# Not cached on disk: numba loads a cached self-recursive function (and a caller that
# holds it) wrongly and the process crashes on the second run; compiled per process.
@numba.njit(cache=False)
def _walk(
    n: int, traverser: int, player: I8, first_child: I32, num_children: I32, infoset: I32,
    chance: F64, payoff: F64, infoset_offset: I32, regret: F64, average: F64, weight: float,
    avg_weight: float, scratch: F64, depth: int,
) -> float:  # fmt: skip  # pragma: no cover - compiled
    p = player[n]
    if p == -2:
        return float(payoff[n]) if traverser == 0 else -float(payoff[n])
    first = first_child[n]
    count = num_children[n]
    if p == -1:
        u = np.random.random()
        acc = 0.0
        pick = first + count - 1
        for c in range(first, first + count):
            acc += chance[c]
            if u < acc:
                pick = c
                break
        return _walk(
            pick, traverser, player, first_child, num_children, infoset, chance, payoff,
            infoset_offset, regret, average, weight, avg_weight, scratch, depth + 1,
        )  # fmt: skip
    k = infoset[n]
    lo = infoset_offset[k]
    hi = infoset_offset[k + 1]
    sigma = scratch[depth]
    _strategy(regret, lo, hi, sigma)
    if p != traverser:
        for s in range(lo, hi):
            average[s] += avg_weight * sigma[s - lo]
        u = np.random.random()
        acc = 0.0
        pick = count - 1
        for a in range(count):
            acc += sigma[a]
            if u < acc:
                pick = a
                break
        return _walk(first + pick, traverser, player, first_child, num_children, infoset,
                     chance, payoff, infoset_offset, regret, average, weight, avg_weight, scratch,
                     depth + 1)  # fmt: skip
    values = np.empty(count)
    mine = sigma[:count].copy()
    total = 0.0
    for a in range(count):
        values[a] = _walk(first + a, traverser, player, first_child, num_children, infoset,
                          chance, payoff, infoset_offset, regret, average, weight, avg_weight,
                          scratch, depth + 1)  # fmt: skip
        total += mine[a] * values[a]
    for a in range(count):
        regret[lo + a] += weight * (values[a] - total)
    return total


@numba.njit(cache=True)
def _mix(seed: int, t: int) -> int:  # pragma: no cover - compiled
    """A 31-bit seed for iteration ``t`` of a run seeded ``seed`` (splitmix64 finaliser)."""
    z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(t)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z = z ^ (z >> np.uint64(31))
    return int(z & np.uint64(0x7FFFFFFF))


@numba.njit(cache=False)  # calls _walk: not cached either
def _run(
    player: I8, first_child: I32, num_children: I32, infoset: I32, chance: F64, payoff: F64,
    infoset_offset: I32, infoset_player: I8, regret: F64, average: F64, scratch: F64,
    start: int, iterations: int, scheme: int, seed: int,
) -> None:  # fmt: skip  # pragma: no cover - compiled
    for t in range(start + 1, start + iterations + 1):
        np.random.seed(_mix(seed, t))
        avg_weight = 1.0 if scheme == 2 else float(t)
        weight = 1.0 if scheme != 0 else float(t)
        for who in range(2):
            _walk(0, who, player, first_child, num_children, infoset, chance, payoff,
                  infoset_offset, regret, average, weight, avg_weight, scratch, 0)  # fmt: skip
            if scheme == 1:
                for k in range(infoset_player.shape[0]):
                    if infoset_player[k] == who:
                        for s in range(infoset_offset[k], infoset_offset[k + 1]):
                            if regret[s] < 0.0:
                                regret[s] = 0.0


class MCCFR:
    """A resumable external-sampling MCCFR run on ``game`` (see the module doc)."""

    def __init__(self, game: Game, weighting: MccfrWeighting = "linear", seed: int = 0) -> None:
        if weighting not in MCCFR_WEIGHTINGS:
            raise ConfigurationError(
                f"weighting: {weighting!r} is not one of {', '.join(MCCFR_WEIGHTINGS)}"
            )
        self.game = game
        self.weighting: Final = weighting
        self.seed = seed
        self.iteration = 0
        self._regret = np.zeros(game.num_slots)
        self._average = np.zeros(game.num_slots)
        depth = _depth(game)
        width = int(np.diff(game.infoset_offset).max())
        self._scratch = np.zeros((depth + 2, width))

    def run(self, iterations: int) -> None:
        """Do ``iterations`` more iterations (each iteration's walks draw from the seed
        and the iteration number, so a run split in parts ends as an unbroken one)."""
        if iterations < 0:
            raise ConfigurationError(f"iterations: {iterations!r} must be 0 or more")
        g = self.game
        scheme = MCCFR_WEIGHTINGS.index(self.weighting)
        _run(
            g.node_player, g.node_first_child, g.node_num_children, g.node_infoset,
            g.node_chance, g.node_payoff, g.infoset_offset, g.infoset_player, self._regret,
            self._average, self._scratch, self.iteration, iterations, scheme, self.seed,
        )  # fmt: skip
        self.iteration += iterations

    def average_policy(self) -> Policy:
        """The average strategy (uniform where an infoset got no weight)."""
        offsets = self.game.infoset_offset
        sizes = np.diff(offsets)
        totals = np.repeat(np.add.reduceat(self._average, offsets[:-1]), sizes)
        uniform = np.repeat(1.0 / sizes, sizes)
        positive = totals > 0
        probs = np.where(positive, self._average / np.where(positive, totals, 1.0), uniform)
        return Policy(self.game, probs)


def _depth(game: Game) -> int:
    depth = np.zeros(game.num_nodes, dtype=np.int64)
    parent = game.node_parent
    for n in range(1, game.num_nodes):
        depth[n] = depth[parent[n]] + 1
    return int(depth.max())
