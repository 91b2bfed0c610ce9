"""Numba kernels of the solvers: reach, values, CFR+ updates and best response.

All kernels take the flat arrays of a :class:`~pokerbonus.solvers.game.Game`
(nodes in an order where every parent precedes its children, the children of
a node consecutive) and loop over the nodes once per pass: reach
probabilities forwards, values backwards. A policy (a "strategy") is one float
per slot, the slots of an infoset holding its action probabilities.

Conventions: ``player[n]`` is 0, 1, -1 (chance) or -2 (terminal); ``slot[n]``
is the slot of the action leading to ``n`` from a decision node; ``chance[n]``
is the probability of the outcome leading to ``n`` from a chance node (1
elsewhere); ``payoff[n]`` is player 0's payoff at a terminal node.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = [
    "best_response_value",
    "cfr_plus_run",
    "expected_value",
    "reach",
]

_F = TypeVar("_F", bound=Callable[..., Any])

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]

_CHANCE: Final = -1
_TERMINAL: Final = -2


def _njit(function: _F) -> _F:
    """``numba.njit`` with the on-disk cache, keeping the function's type for mypy."""
    return cast(_F, numba.njit(cache=True)(function))


@_njit
def reach(
    player: I8, parent: I32, slot: I32, chance: F64, strategy: F64, who: int,
    own: F64, opponent: F64, luck: F64,
) -> None:  # fmt: skip
    """Fill the three reach probabilities of every node ``n``: ``own[n]`` (the
    product of ``who``'s action probabilities on the path), ``opponent[n]`` (the
    opponent's) and ``luck[n]`` (chance's)."""
    own[0] = 1.0
    opponent[0] = 1.0
    luck[0] = 1.0
    for n in range(1, player.shape[0]):
        par = parent[n]
        p = player[par]
        own[n] = own[par]
        opponent[n] = opponent[par]
        luck[n] = luck[par]
        if p == _CHANCE:
            luck[n] = luck[par] * chance[n]
        elif p == who:
            own[n] = own[par] * strategy[slot[n]]
        else:
            opponent[n] = opponent[par] * strategy[slot[n]]


@_njit
def _values(
    player: I8, first_child: I32, num_children: I32, slot: I32, chance: F64,
    payoff: F64, strategy: F64, sign: float, value: F64,
) -> None:  # fmt: skip
    """``value[n]``: the expected payoff (times ``sign``) below ``n`` under ``strategy``.

    Children are summed in their order, starting from 0.0.
    """
    for n in range(player.shape[0] - 1, -1, -1):
        p = player[n]
        if p == _TERMINAL:
            value[n] = sign * payoff[n]
            continue
        total = 0.0
        first = first_child[n]
        for c in range(first, first + num_children[n]):
            weight = chance[c] if p == _CHANCE else strategy[slot[c]]
            total += weight * value[c]
        value[n] = total


@_njit
def expected_value(
    player: I8, first_child: I32, num_children: I32, slot: I32, chance: F64,
    payoff: F64, strategy: F64, value: F64,
) -> float:  # fmt: skip
    """Player 0's expected payoff when both players follow ``strategy``."""
    _values(player, first_child, num_children, slot, chance, payoff, strategy, 1.0, value)
    return float(value[0])


@_njit
def _update(
    player: I8, parent: I32, first_child: I32, num_children: I32, slot: I32,
    chance: F64, payoff: F64, decisions: I32, infoset_player: I8, infoset_offset: I32,
    regret: F64, strategy: F64, average: F64, own: F64, opponent: F64, luck: F64,
    value: F64, who: int, weight: float,
) -> None:  # fmt: skip
    """One CFR+ update of player ``who``: regrets, average, regret matching+.

    ``decisions`` lists the decision nodes in depth-first order: the regrets
    and averages of an infoset are summed over its nodes in that order.
    """
    reach(player, parent, slot, chance, strategy, who, own, opponent, luck)
    sign = 1.0 if who == 0 else -1.0
    _values(player, first_child, num_children, slot, chance, payoff, strategy, sign, value)
    for i in range(decisions.shape[0]):
        n = decisions[i]
        if player[n] != who:
            continue
        base = value[n]
        counterfactual = opponent[n] * luck[n]
        mine = weight * own[n]
        first = first_child[n]
        for c in range(first, first + num_children[n]):
            s = slot[c]
            regret[s] += counterfactual * (value[c] - base)
            average[s] += mine * strategy[s]
    for k in range(infoset_player.shape[0]):
        if infoset_player[k] != who:
            continue
        lo = infoset_offset[k]
        hi = infoset_offset[k + 1]
        total = 0.0
        for s in range(lo, hi):
            if regret[s] < 0.0:
                regret[s] = 0.0
            total += regret[s]
        for s in range(lo, hi):
            strategy[s] = regret[s] / total if total > 0.0 else 1.0 / (hi - lo)


@_njit
def cfr_plus_run(
    player: I8, parent: I32, first_child: I32, num_children: I32, slot: I32,
    chance: F64, payoff: F64, decisions: I32, infoset_player: I8, infoset_offset: I32,
    regret: F64, strategy: F64, average: F64, own: F64, opponent: F64, luck: F64,
    value: F64, start: int, iterations: int, power: int, delay: int,
) -> None:  # fmt: skip
    """Iterations ``start + 1 .. start + iterations`` of CFR+ with alternating updates.

    Iteration ``t`` updates player 0 then player 1; each adds its current
    strategy, weighted by ``(t - delay) ** power`` (0 while ``t <= delay``) and
    by its own reach, to its average before its regrets are matched.
    """
    for t in range(start + 1, start + iterations + 1):
        weight = float(t - delay) ** power if t > delay else 0.0
        for who in range(2):
            _update(
                player, parent, first_child, num_children, slot, chance, payoff,
                decisions, infoset_player, infoset_offset, regret, strategy, average,
                own, opponent, luck, value, who, weight,
            )  # fmt: skip


@_njit
def best_response_value(
    player: I8, parent: I32, first_child: I32, num_children: I32, infoset: I32,
    slot: I32, chance: F64, payoff: F64, infoset_player: I8, infoset_offset: I32,
    infoset_level: I32, strategy: F64, who: int, own: F64, opponent: F64, luck: F64,
    value: F64, q: F64, choice: I32,
) -> float:  # fmt: skip
    """The value to ``who`` of a best response to the opponent's part of ``strategy``.

    ``value[n]`` is the payoff below ``n`` weighted by the opponent's and
    chance's reach. Infosets are decided from the deepest level of ``who``'s
    own actions up (a deeper infoset's choice never depends on a shallower
    one): one backward pass per level sums the action values ``q`` of that
    level's infosets, whose choice is then the best action (the first one
    among equals). ``choice[k]`` ends as the best action of each infoset of
    ``who``.
    """
    reach(player, parent, slot, chance, strategy, who, own, opponent, luck)
    sign = 1.0 if who == 0 else -1.0
    top = -1
    for k in range(infoset_player.shape[0]):
        choice[k] = 0
        if infoset_player[k] == who and infoset_level[k] > top:
            top = infoset_level[k]
    for level in range(top, -2, -1):
        for s in range(q.shape[0]):
            q[s] = 0.0
        for n in range(player.shape[0] - 1, -1, -1):
            p = player[n]
            first = first_child[n]
            if p == _TERMINAL:
                value[n] = sign * payoff[n] * (opponent[n] * luck[n])
            elif p == who:
                k = infoset[n]
                if infoset_level[k] > level:
                    value[n] = value[first + choice[k]]
                else:
                    if infoset_level[k] == level:
                        base = infoset_offset[k]
                        for a in range(num_children[n]):
                            q[base + a] += value[first + a]
                    value[n] = 0.0
            else:
                total = 0.0
                for c in range(first, first + num_children[n]):
                    total += value[c]
                value[n] = total
        if level < 0:
            break
        for k in range(infoset_player.shape[0]):
            if infoset_player[k] != who or infoset_level[k] != level:
                continue
            lo = infoset_offset[k]
            best = 0
            for s in range(lo + 1, infoset_offset[k + 1]):
                if q[s] > q[lo + best]:
                    best = s - lo
            choice[k] = best
    return float(value[0])
