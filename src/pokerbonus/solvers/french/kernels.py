"""Compiled passes over the public tree of the abstract French draw game.

One recursive walk (:func:`walk`) serves three purposes, by ``mode``:

- :data:`MODE_CFR`: a counterfactual-regret pass for one player (the
  *traverser*). The strategies are regret matching of ``regret`` (read at each
  visit). The traverser's actions are all followed; an opponent's action is
  either followed for every action (full width) or **sampled** once per node
  (``sample = True``): the action is drawn with the probability ``rho`` of that
  action under the opponent's whole range (mixed with ``explore`` of uniform),
  and the opponent's reach below is divided by ``rho`` (so the sampled values are
  unbiased: Monte Carlo CFR with the opponents' public actions sampled and every
  private state kept as a vector). Regret increments go to ``delta``, average
  strategy increments (own reach, chance included, divided by the probability of
  the sampled path) to ``delta_avg``.
- :data:`MODE_BR`: the traverser plays a best response (the best action for
  each bucket of each node) to ``policy``.
- :data:`MODE_EV`: everyone plays ``policy``.

Vectors: a player's private state is a bucket (pre-draw ``P`` buckets until the
player has drawn, post-draw ``Q`` after). ``reach[d, p, x]`` is the probability
that player ``p`` is dealt ``x`` and plays to the node at depth ``d`` (chance
and own actions); ``value[d, x]`` is the traverser's counterfactual value (the
opponents' and chance's reach times the payoff, in chips) with bucket ``x``.
A policy or regret table has one slot per ``(node, bucket, action)``:
``slot[node] + bucket * children + action``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = [
    "MODE_BR",
    "MODE_CFR",
    "MODE_EV",
    "Buffers",
    "apply",
    "merge",
    "normalise",
    "take",
    "walk",
]

MODE_CFR: Final = 0
MODE_BR: Final = 1
MODE_EV: Final = 2

_BET: Final = 0
_DRAW: Final = 1
_FOLD_END: Final = 2
_SHOWDOWN: Final = 3

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]

_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True, nogil=True)(function))


@_njit
def _sigma(mode: int, regret: F64, policy: F64, base: int, count: int, out: F64) -> None:
    """The strategy at one infoset (``count`` slots from ``base``) into ``out``."""
    if mode == 0:
        total = 0.0
        for a in range(count):
            r = regret[base + a]
            out[a] = r if r > 0.0 else 0.0
            total += out[a]
        if total > 0.0:
            for a in range(count):
                out[a] /= total
        else:
            for a in range(count):
                out[a] = 1.0 / count
    else:
        for a in range(count):
            out[a] = policy[base + a]


@_njit
def _showdown(
    node: int, traverser: int, n: int, contrib: I32, folded: I8, drawn: I8, reach: F64,
    depth: int, pre: int, post: int, out: F64, below: F64,
) -> None:  # fmt: skip
    """The traverser's value at a showdown: the pot goes to the highest bucket,
    split equally among equal buckets."""
    pot = 0.0
    for p in range(n):
        pot += contrib[node, p]
    mine = float(contrib[node, traverser])
    scale = 1.0
    live_mass = 1.0
    m = 0
    for j in range(n):
        if j == traverser:
            continue
        mass = 0.0
        for x in range(post if drawn[node, j] >= 0 else pre):
            mass += reach[depth, j, x]
        if folded[node, j]:
            scale *= mass
        else:
            live_mass *= mass
            # cumulative mass strictly below each bucket
            acc = 0.0
            for x in range(post):
                below[m, x] = acc
                acc += reach[depth, j, x]
            m += 1
    coef = np.zeros(4)
    for y in range(post):
        coef[:] = 0.0
        coef[0] = 1.0
        k = 0
        for j in range(n):
            if j == traverser or folded[node, j]:
                continue
            b = below[k, y]
            e = reach[depth, j, y]
            for c in range(k + 1, 0, -1):
                coef[c] = coef[c] * b + coef[c - 1] * e
            coef[0] *= b
            k += 1
        share = 0.0
        for c in range(k + 1):
            share += coef[c] / (c + 1)
        out[y] = scale * (pot * share - mine * live_mass)


@_njit
def walk(
    node: int, depth: int, traverser: int, mode: int, sample: bool, draws_only: bool,
    explore: float, kind: I8, actor: I8, amount: I32, first_child: I32, num_children: I32,
    contrib: I32, folded: I8, drawn: I8, slot: I64, n: int, pre: int, post: int, trans: F64,
    regret: F64, policy: F64, delta: F64, delta_avg: F64,
    reach: F64, own: F64, path: F64, value: F64, cval: F64, sig: F64, below: F64,
    touched: I64, stamp: I64,
) -> None:  # fmt: skip
    """Fill ``value[depth, :]`` at ``node`` for ``traverser`` (see the module doc).

    The caller sets ``reach[depth]``, ``own[depth]`` and ``path[depth]``. Work
    arrays per depth: ``cval[depth, action, bucket]`` (the children's values),
    ``sig[depth, bucket, action]`` (the strategy at the node), ``below`` (showdown).
    """
    k = kind[node]
    t_width = post if drawn[node, traverser] >= 0 else pre
    if folded[node, traverser] and k != _FOLD_END:
        # nothing the traverser does matters below: it lost what it put in, whatever
        # the others do (their reach below sums to their reach here)
        opp = 1.0
        for j in range(n):
            if j != traverser:
                w = post if drawn[node, j] >= 0 else pre
                mass = 0.0
                for x in range(w):
                    mass += reach[depth, j, x]
                opp *= mass
        v = -opp * contrib[node, traverser]
        for x in range(t_width):
            value[depth, x] = v
        return
    if k == _FOLD_END:
        pot = 0.0
        for p in range(n):
            pot += contrib[node, p]
        opp = 1.0
        for j in range(n):
            if j != traverser:
                w = post if drawn[node, j] >= 0 else pre
                mass = 0.0
                for x in range(w):
                    mass += reach[depth, j, x]
                opp *= mass
        won = pot if folded[node, traverser] == 0 else 0.0
        v = opp * (won - contrib[node, traverser])
        for x in range(t_width):
            value[depth, x] = v
        return
    if k == _SHOWDOWN:
        _showdown(node, traverser, n, contrib, folded, drawn, reach, depth, pre, post,
                  value[depth], below)  # fmt: skip
        return
    p = actor[node]
    a_count = num_children[node]
    first = first_child[node]
    base = slot[node]
    p_width = post if drawn[node, p] >= 0 else pre
    d1 = depth + 1
    for x in range(p_width):
        _sigma(mode, regret, policy, base + x * a_count, a_count, sig[depth, x])
    if p == traverser:
        for a in range(a_count):
            child = first + a
            for j in range(n):
                if j != p:
                    w = post if drawn[node, j] >= 0 else pre
                    for x in range(w):
                        reach[d1, j, x] = reach[depth, j, x]
            path[d1] = path[depth]
            if k == _DRAW:
                for q in range(post):
                    total = 0.0
                    for x in range(pre):
                        total += own[depth, x] * sig[depth, x, a] * trans[x, amount[child], q]
                    own[d1, q] = total
            else:
                for x in range(p_width):
                    own[d1, x] = own[depth, x] * sig[depth, x, a]
            walk(child, d1, traverser, mode, sample, draws_only, explore, kind, actor, amount,
                 first_child,
                 num_children, contrib, folded, drawn, slot, n, pre, post, trans, regret,
                 policy, delta, delta_avg, reach, own, path, value, cval, sig, below, touched,
                 stamp)  # fmt: skip
            if k == _DRAW:
                for x in range(pre):
                    total = 0.0
                    for q in range(post):
                        total += trans[x, amount[child], q] * value[d1, q]
                    cval[depth, a, x] = total
            else:
                for x in range(p_width):
                    cval[depth, a, x] = value[d1, x]
        for x in range(p_width):
            if mode == MODE_BR:
                best = cval[depth, 0, x]
                for a in range(1, a_count):
                    if cval[depth, a, x] > best:
                        best = cval[depth, a, x]
                value[depth, x] = best
                continue
            v = 0.0
            for a in range(a_count):
                v += sig[depth, x, a] * cval[depth, a, x]
            value[depth, x] = v
            if mode == MODE_CFR:
                if x == 0 and stamp[node] != stamp[-1]:
                    stamp[node] = stamp[-1]
                    touched[touched[-1]] = node
                    touched[-1] += 1
                s = base + x * a_count
                weight = own[depth, x] / path[depth]
                for a in range(a_count):
                    delta[s + a] += cval[depth, a, x] - v
                    delta_avg[s + a] += weight * sig[depth, x, a]
        return
    # an opponent's decision
    chosen = -1
    rho = 1.0
    if sample and mode == MODE_CFR and (k == _DRAW or not draws_only):
        probs = np.zeros(a_count)
        total = 0.0
        for x in range(p_width):
            r = reach[depth, p, x]
            for a in range(a_count):
                probs[a] += r * sig[depth, x, a]
            total += r
        for a in range(a_count):
            share = probs[a] / total if total > 0.0 else 1.0 / a_count
            probs[a] = (1.0 - explore) * share + explore / a_count
        u = np.random.random()
        acc = 0.0
        chosen = -1
        for a in range(a_count):
            acc += probs[a]
            if u < acc and probs[a] > 0.0:
                chosen = a
                break
        if chosen < 0:  # rounding: the last action with any probability
            for a in range(a_count):
                if probs[a] > 0.0:
                    chosen = a
        rho = probs[chosen]
    for x in range(t_width):
        value[depth, x] = 0.0
    for a in range(a_count):
        if chosen >= 0 and a != chosen:
            continue
        child = first + a
        for j in range(n):
            if j != p:
                w = post if drawn[node, j] >= 0 else pre
                for x in range(w):
                    reach[d1, j, x] = reach[depth, j, x]
        if k == _DRAW:
            for q in range(post):
                total = 0.0
                for x in range(pre):
                    total += reach[depth, p, x] * sig[depth, x, a] * trans[x, amount[child], q]
                reach[d1, p, q] = total / rho
        else:
            for x in range(p_width):
                reach[d1, p, x] = reach[depth, p, x] * sig[depth, x, a] / rho
        for x in range(t_width):
            own[d1, x] = own[depth, x]
        path[d1] = path[depth] * rho
        walk(child, d1, traverser, mode, sample, draws_only, explore, kind, actor, amount,
                 first_child,
             num_children, contrib, folded, drawn, slot, n, pre, post, trans, regret,
             policy, delta, delta_avg, reach, own, path, value, cval, sig, below, touched,
             stamp)  # fmt: skip
        for x in range(t_width):
            value[depth, x] += value[d1, x]


@_njit
def apply(
    touched: I64, slot: I64, width: I32, num_children: I32, regret: F64, avg: F64,
    delta: F64, delta_avg: F64, scheme: int, t: int, scale: float,
) -> None:  # fmt: skip
    """Add the increments of the touched nodes' slots (times ``scale``) to the regrets
    and average sums, weighted by ``scheme`` (0 DCFR, 1 CFR+, 2 linear) at iteration
    ``t``, and clear them."""
    pos = t**1.5 / (t**1.5 + 1.0)
    shrink = (t / (t + 1.0)) ** 2
    for i in range(touched[-1]):
        node = touched[i]
        lo = slot[node]
        hi = lo + width[node] * num_children[node]
        for s in range(lo, hi):
            d = delta[s] * scale
            e = delta_avg[s] * scale
            if scheme == 0:
                r = regret[s] + d
                regret[s] = r * (pos if r > 0.0 else 0.5)
                avg[s] = (avg[s] + e) * shrink
            elif scheme == 1:
                r = regret[s] + d
                regret[s] = r if r > 0.0 else 0.0
                avg[s] += t * e
            else:
                regret[s] += t * d
                avg[s] += t * e
            delta[s] = 0.0
            delta_avg[s] = 0.0
    touched[-1] = 0


@_njit
def take(
    nodes: I64, slot: I64, width: I32, num_children: I32, delta: F64, delta_avg: F64
) -> tuple[F64, F64]:
    """The increments of ``nodes``' slots, node after node (and clear them)."""
    size = 0
    for node in nodes:
        size += width[node] * num_children[node]
    out = np.empty(size)
    out_avg = np.empty(size)
    m = 0
    for node in nodes:
        lo = slot[node]
        for s in range(lo, lo + width[node] * num_children[node]):
            out[m] = delta[s]
            out_avg[m] = delta_avg[s]
            delta[s] = 0.0
            delta_avg[s] = 0.0
            m += 1
    return out, out_avg


@_njit
def merge(
    nodes: I64, values: F64, values_avg: F64, slot: I64, width: I32, num_children: I32,
    delta: F64, delta_avg: F64, touched: I64, stamp: I64,
) -> None:  # fmt: skip
    """Add a group's increments (from :func:`take`) and note its nodes as touched."""
    m = 0
    for node in nodes:
        if stamp[node] != stamp[-1]:
            stamp[node] = stamp[-1]
            touched[touched[-1]] = node
            touched[-1] += 1
        lo = slot[node]
        for s in range(lo, lo + width[node] * num_children[node]):
            delta[s] += values[m]
            delta_avg[s] += values_avg[m]
            m += 1


class Buffers:
    """The work arrays of :func:`walk` for a tree of ``depth`` levels."""

    def __init__(self, depth: int, players: int, width: int, actions: int) -> None:
        levels = depth + 2
        self.reach = np.zeros((levels, players, width))
        self.own = np.zeros((levels, width))
        self.path = np.ones(levels)
        self.value = np.zeros((levels, width))
        self.cval = np.zeros((levels, actions, width))
        self.sig = np.zeros((levels, width, actions))
        self.below = np.zeros((players, width))


@_njit
def normalise(sums: F64, slot: I64, width: I32, num_children: I32, out: F64) -> None:
    """The average strategy: ``sums`` normalised per infoset (uniform where zero)."""
    for node in range(slot.shape[0]):
        base = slot[node]
        if base < 0:
            continue
        a_count = num_children[node]
        for x in range(width[node]):
            s = base + x * a_count
            total = 0.0
            for a in range(a_count):
                total += sums[s + a]
            for a in range(a_count):
                out[s + a] = sums[s + a] / total if total > 0.0 else 1.0 / a_count
