"""The expected value of each action at one decision of a solved French draw game.

:func:`action_values` answers "what is each action worth here, to a player who
holds this bucket, if everybody (this player included, later on) plays the
strategy?". The opponents' hands are their buckets' distribution at the node:
their prior (``pre_probs``) narrowed by their own actions on the path from the
root, as the strategy plays them (and moved through the draw's transitions).
The values are exact in the abstract game, in antes (the abstract game's unit),
for the whole hand: what the player ends with less what they put in.

>>> from pokerbonus.solvers.french.store import shipped_strategy
>>> strategy = shipped_strategy("draw-2p-limit-32")
>>> values = action_values(strategy, 0, 63)    # the strongest pre-draw bucket, first to act
>>> len(values) == len(strategy.tree.children(0)), bool(values.max() > 0)
(True, True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.french import kernels
from pokerbonus.solvers.french.store import Strategy
from pokerbonus.solvers.french.tree import BET, DRAW

__all__ = ["action_values", "opponent_reach"]

F64 = npt.NDArray[np.float64]


def _path(strategy: Strategy, node: int) -> list[int]:
    out = []
    tree = strategy.tree
    while node > 0:
        out.append(node)
        node = int(tree.parent[node])
    return out[::-1]


def opponent_reach(strategy: Strategy, node: int, player: int) -> F64:
    """Each player's bucket weights at ``node`` (``[players, width]``): the prior
    narrowed by their actions on the path; ``player``'s own row is left at the prior."""
    tree, cards = strategy.tree, strategy.cards
    n = tree.spec.players
    width = max(cards.pre_buckets, cards.post_buckets)
    reach = np.zeros((n, width))
    reach[:, : cards.pre_buckets] = cards.pre_probs
    parent = 0
    for child in _path(strategy, node):
        q = int(tree.actor[parent])
        kind = int(tree.kind[parent])
        if q != player and kind in (BET, DRAW):
            count = int(tree.num_children[parent])
            a = child - int(tree.first_child[parent])
            w = cards.post_buckets if int(tree.drawn[parent, q]) >= 0 else cards.pre_buckets
            base = int(tree.slot[parent])
            sig = strategy.policy[base + a : base + w * count : count]
            if kind == DRAW:
                moved = (reach[q, :w] * sig) @ cards.transitions[:w, int(tree.amount[child]), :]
                reach[q] = 0.0
                reach[q, : cards.post_buckets] = moved
            else:
                reach[q, :w] *= sig
        parent = child
    return reach


def action_values(strategy: Strategy, node: int, bucket: int) -> F64:
    """The expected value (antes, the whole hand) of each child of decision ``node``
    for its actor holding ``bucket`` (pre-draw before their draw, else post-draw),
    everyone playing ``strategy`` from there on (module doc)."""
    tree, cards = strategy.tree, strategy.cards
    kind = int(tree.kind[node])
    if kind not in (BET, DRAW):
        raise ConfigurationError(f"node {node}: not a decision ({tree.describe(node)})")
    me = int(tree.actor[node])
    reach = opponent_reach(strategy, node, me)
    n = tree.spec.players
    mass = 1.0
    for j in range(n):
        if j != me:
            mass *= float(reach[j].sum())
    if mass <= 0.0:
        raise ConfigurationError(f"node {node}: the strategy never reaches it")
    actions = int(tree.num_children.max())
    width = reach.shape[1]
    b = kernels.Buffers(tree.depth, n, width, actions)
    b.reach[0] = reach
    b.own[0] = 1.0
    b.path[0] = 1.0
    stamp = np.zeros(tree.num_nodes + 1, dtype=np.int64)
    empty = np.zeros(0)
    kernels.walk(
        node, 0, me, kernels.MODE_EV, False, False, 0.0, tree.kind, tree.actor, tree.amount,
        tree.first_child, tree.num_children, tree.contrib, tree.folded, tree.drawn, tree.slot,
        n, cards.pre_buckets, cards.post_buckets, cards.transitions, empty, strategy.policy,
        empty, empty, b.reach, b.own, b.path, b.value, b.cval, b.sig, b.below, stamp.copy(),
        stamp,
    )  # fmt: skip
    count = int(tree.num_children[node])
    return np.array(b.cval[0, :count, bucket] / mass)
