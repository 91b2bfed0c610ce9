"""Local best response (Lisy and Bowling 2017) on the flat arrays of a small :class:`Game`.

The local best response of ``player`` to a policy decides each of its
information sets on its own: for every action it computes the expected payoff
of taking the action and then only checking or calling to the end (the
*passive* continuation, :func:`passive_action`), against the opponent's policy
and its range at that information set (the opponent's and chance's reach), and
takes the best. It needs no solving of the game; it is one strategy among all,
so what it wins is at most what a best response wins. The real-game responder
of :mod:`pokerbonus.sim.lbr` makes the same choice by sampling; here, on games
small enough, both the local and the exact best response are exact, which the
tests compare.

>>> from pokerbonus.solvers import Policy, best_response_values, kuhn_poker
>>> game = kuhn_poker()
>>> uniform = Policy.uniform(game)
>>> lbr = lbr_value(game, uniform, 0)
>>> round(lbr, 4), lbr <= best_response_values(game, uniform)[0]
(0.5, True)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import kernels
from pokerbonus.solvers.best_response import as_policy
from pokerbonus.solvers.game import Game
from pokerbonus.solvers.policy import Policy, PolicyLike

__all__ = ["lbr_value", "local_best_response", "passive_action"]


def passive_action(infoset: str, actions: tuple[str, ...]) -> str:
    """Check or call: ``k`` or ``c`` where offered, ``pat`` at a draw; in Kuhn poker
    (actions ``p``/``b``) ``b`` calls a bet and ``p`` checks."""
    for label in ("c", "k", "pat"):
        if label in actions:
            return label
    if actions == ("p", "b"):
        return "b" if infoset.endswith("b") else "p"
    return actions[0]


def local_best_response(
    game: Game,
    policy: PolicyLike,
    player: int,
    passive: Callable[[str, tuple[str, ...]], str] = passive_action,
) -> Policy:
    """The policy where ``player`` plays its local best response (module doc) and the
    other player plays ``policy``."""
    if player not in (0, 1):
        raise ConfigurationError(f"player {player!r}: a two-player game has players 0 and 1")
    base = as_policy(game, policy)
    probs = np.array(base.probs)
    mine = game.infoset_player == player
    for k in np.flatnonzero(mine):
        lo, hi = int(game.infoset_offset[k]), int(game.infoset_offset[k + 1])
        actions = game.infoset_actions[k]
        probs[lo:hi] = 0.0
        probs[lo + actions.index(passive(game.infoset_names[k], actions))] = 1.0
    n = game.num_nodes
    value = np.empty(n)
    kernels.expected_value(
        game.node_player, game.node_first_child, game.node_num_children, game.node_slot,
        game.node_chance, game.node_payoff, probs, value,
    )  # fmt: skip
    own, opponent, luck = (np.empty(n) for _ in range(3))
    kernels.reach(
        game.node_player, game.node_parent, game.node_slot, game.node_chance, probs, player,
        own, opponent, luck,
    )  # fmt: skip
    sign = 1.0 if player == 0 else -1.0
    q = np.zeros(game.num_slots)
    for node in np.flatnonzero(game.node_player == player):
        first = int(game.node_first_child[node])
        weight = opponent[node] * luck[node]
        for c in range(first, first + int(game.node_num_children[node])):
            q[game.node_slot[c]] += weight * sign * value[c]
    out = np.array(base.probs)
    for k in np.flatnonzero(mine):
        lo, hi = int(game.infoset_offset[k]), int(game.infoset_offset[k + 1])
        out[lo:hi] = 0.0
        out[lo + int(np.argmax(q[lo:hi]))] = 1.0
    return Policy(game, out)


def lbr_value(game: Game, policy: PolicyLike, player: int) -> float:
    """What ``player``'s local best response wins per hand against ``policy``."""
    from pokerbonus.solvers.best_response import expected_value

    value = expected_value(game, local_best_response(game, policy, player))
    return value if player == 0 else -value
