"""Exact best responses, expected values and exploitability of a policy.

The value of a best response of player ``i`` is computed exactly, by a full
walk of the tree against the opponent's policy (no sampling): it is
``max`` over all of ``i``'s pure strategies of ``i``'s expected payoff.
Exploitability is the mean of the two best-response values,
``(BR0 + BR1) / 2``: 0 exactly at a Nash equilibrium, in chips (the game's
payoff unit). :func:`to_mbb` converts to milli-big-blinds per hand, the big
blind being the game's ``unit`` (the ante in Kuhn, Leduc and the draw game).

>>> from pokerbonus.solvers import Policy, kuhn_poker
>>> game = kuhn_poker()
>>> br0, br1 = best_response_values(game, Policy.uniform(game))
>>> round(br0, 6), round(br1, 6), round(exploitability(game, Policy.uniform(game)), 6)
(0.5, 0.416667, 0.458333)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import kernels
from pokerbonus.solvers.game import Game
from pokerbonus.solvers.policy import Policy, PolicyLike

__all__ = [
    "BestResponse",
    "as_policy",
    "best_response",
    "best_response_values",
    "expected_value",
    "exploitability",
    "infoset_reach",
    "to_mbb",
]

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]


@dataclass(frozen=True, slots=True)
class BestResponse:
    """A pure best response of ``player``: its ``value`` and its action at each infoset."""

    player: int
    value: float
    actions: dict[str, str]


def as_policy(game: Game, policy: PolicyLike) -> Policy:
    """``policy`` as a :class:`Policy` of ``game`` (a mapping is read with ``from_mapping``)."""
    if isinstance(policy, Policy):
        if policy.game is not game:
            raise ConfigurationError(
                f"policy of game {policy.game.name!r} used with game {game.name!r}: "
                "build the policy from the same Game object"
            )
        return policy
    return Policy.from_mapping(game, policy)


def _best_response(game: Game, probs: F64, player: int) -> tuple[float, I32]:
    n = game.num_nodes
    own, opponent, luck, value = (np.empty(n) for _ in range(4))
    q = np.empty(game.num_slots)
    choice = np.zeros(game.num_infosets, dtype=np.int32)
    result = kernels.best_response_value(
        game.node_player, game.node_parent, game.node_first_child, game.node_num_children,
        game.node_infoset, game.node_slot, game.node_chance, game.node_payoff,
        game.infoset_player, game.infoset_offset, game.infoset_level, probs, player,
        own, opponent, luck, value, q, choice,
    )  # fmt: skip
    return result, choice


def best_response(game: Game, policy: PolicyLike, player: int) -> BestResponse:
    """A best response of ``player`` (0 or 1) to the other player's part of ``policy``.

    >>> from pokerbonus.solvers import Policy, kuhn_poker
    >>> game = kuhn_poker()
    >>> br = best_response(game, Policy.uniform(game), 1)
    >>> br.actions["Kb"], br.actions["Jp"], round(br.value, 6)
    ('b', 'b', 0.416667)
    """
    if player not in (0, 1):
        raise ConfigurationError(f"player {player!r}: a two-player game has players 0 and 1")
    probs = as_policy(game, policy).probs
    value, choice = _best_response(game, probs, player)
    actions = {
        name: game.infoset_actions[k][int(choice[k])]
        for k, name in enumerate(game.infoset_names)
        if game.infoset_player[k] == player
    }
    return BestResponse(player, value, actions)


def best_response_values(game: Game, policy: PolicyLike) -> tuple[float, float]:
    """``(BR0, BR1)``: what each player's best response to the other's policy wins."""
    probs = as_policy(game, policy).probs
    return _best_response(game, probs, 0)[0], _best_response(game, probs, 1)[0]


def exploitability(game: Game, policy: PolicyLike) -> float:
    """``(BR0 + BR1) / 2`` in chips: how much a best responder wins on average per hand.

    It equals OpenSpiel's ``exploitability.exploitability`` (NashConv / 2) for
    a two-player zero-sum game.
    """
    br0, br1 = best_response_values(game, policy)
    return (br0 + br1) / 2.0


def expected_value(game: Game, policy: PolicyLike) -> float:
    """Player 0's expected payoff per hand when both players follow ``policy``."""
    probs = as_policy(game, policy).probs
    value = np.empty(game.num_nodes)
    return kernels.expected_value(
        game.node_player, game.node_first_child, game.node_num_children, game.node_slot,
        game.node_chance, game.node_payoff, probs, value,
    )  # fmt: skip


def infoset_reach(game: Game, policy: PolicyLike) -> F64:
    """How likely each infoset is to be reached when both players follow ``policy``.

    ``result[k]`` is the probability, over the deal and both players' actions,
    that play passes through infoset ``k`` (its nodes are never on one path).

    >>> from pokerbonus.solvers import Policy, kuhn_poker
    >>> game = kuhn_poker()
    >>> reach = infoset_reach(game, Policy.uniform(game))
    >>> float(reach[game.infoset_index("K")]), float(reach[game.infoset_index("Kpb")])
    (0.3333333333333333, 0.08333333333333333)
    """
    probs = as_policy(game, policy).probs
    n = game.num_nodes
    own, opponent, luck = (np.empty(n) for _ in range(3))
    kernels.reach(
        game.node_player, game.node_parent, game.node_slot, game.node_chance, probs, 0,
        own, opponent, luck,
    )  # fmt: skip
    decision = game.node_infoset >= 0
    weights = (own * opponent * luck)[decision]
    result: F64 = np.bincount(
        game.node_infoset[decision], weights=weights, minlength=game.num_infosets
    ).astype(np.float64)
    return result


def to_mbb(game: Game, chips: float) -> float:
    """Chips per hand as milli-big-blinds per hand: ``1000 * chips / game.unit``.

    >>> from pokerbonus.solvers import leduc_poker
    >>> to_mbb(leduc_poker(), 0.0025)
    2.5
    """
    return 1000.0 * chips / game.unit
