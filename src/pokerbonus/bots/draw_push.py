"""Push or fold at the five-card draw (high, no jokers) for short stacks, computed for
the game: the deck the table plays (32 to 52 cards), its options (the wheel, the
order of the categories).

Every deal of five cards falls in one of :data:`BUCKETS` classes of equal share by
its score before the draw (:func:`pokerbonus.bots.kernels.score5`: a pair of aces
is above a pair of kings, and so on). :func:`bucket_table` deals
:data:`SAMPLES` pairs of hands at random (seeded), plays each hand's standard draw
(:func:`pokerbonus.bots.kernels.discard_mask`) and counts each class's share of
the pot against each other class: the all-in equity before the draw, draws
included. :func:`equilibrium` solves the heads-up push-or-fold game on these
classes by fictitious play: one player puts a stack of ``ratio`` times the dead
money all in, or checks; the other calls or folds; each side's best response to
the other's average strategy, averaged again.

>>> table = bucket_table(32, 5, True, tuple(range(10)))
>>> round(float(table.share.sum()), 6), table.equity.shape
(1.0, (10, 10))
>>> push, call = equilibrium(table, 1.0)  # an all-in of the pot: push nearly all
>>> float((push * table.share).sum()) > 0.9
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.kernels import I64, _njit, discard_mask, score5
from pokerbonus.cards import make_deck

__all__ = [
    "BUCKETS",
    "SAMPLES",
    "BucketTable",
    "bucket_of",
    "bucket_table",
    "equilibrium",
    "field_share",
    "push_value",
    "solved",
]

F64 = npt.NDArray[np.float64]

BUCKETS: Final = 10
"""The classes of hands by their score before the draw (tenths of the deals)."""

SAMPLES: Final = 200_000
"""Pairs of hands dealt to count the classes' equities (about 0.2 s compiled)."""

_SEED: Final = 20261204


@dataclass(frozen=True, slots=True)
class BucketTable:
    """``bounds``: the least score of each class (ascending: class 0 the weakest);
    ``share``: each class's share of the deals; ``equity[a, b]``: class ``a``'s
    share of the pot all in before the draw against class ``b``."""

    bounds: I64
    share: F64
    equity: F64


@_njit
def _scores(deck: I64, samples: int, seed: int, low: int, wheel: bool, order: I64) -> I64:
    """The scores of ``samples`` random five-card deals from ``deck``."""
    np.random.seed(seed)
    out = np.empty(samples, dtype=np.int64)
    pool = deck.copy()
    size = pool.shape[0]
    for s in range(samples):
        for i in range(5):
            j = i + np.random.randint(size - i)
            pool[i], pool[j] = pool[j], pool[i]
        out[s] = score5(pool[:5], low, wheel, order)
    return out


@_njit
def _bucket(bounds: I64, score: int) -> int:
    b = 0
    for k in range(bounds.shape[0]):
        if score >= bounds[k]:
            b = k
    return b


@_njit
def _duels(
    deck: I64, bounds: I64, samples: int, seed: int, low: int, wheel: bool, order: I64
) -> tuple[F64, F64]:
    """Pot shares and counts of class against class over ``samples`` random duels."""
    np.random.seed(seed)
    k = bounds.shape[0]
    won = np.zeros((k, k))
    seen = np.zeros((k, k))
    pool = deck.copy()
    size = pool.shape[0]
    first = np.empty(5, dtype=np.int64)
    second = np.empty(5, dtype=np.int64)
    for _ in range(samples):
        for i in range(size if size < 20 else 20):
            j = i + np.random.randint(size - i)
            pool[i], pool[j] = pool[j], pool[i]
        for i in range(5):
            first[i] = pool[i]
            second[i] = pool[5 + i]
        a = _bucket(bounds, score5(first, low, wheel, order))
        b = _bucket(bounds, score5(second, low, wheel, order))
        nxt = 10
        for hand in (first, second):
            mask = discard_mask(hand, low, wheel, order)
            for i in range(5):
                if mask >> i & 1 and nxt < size:
                    hand[i] = pool[nxt]
                    nxt += 1
        x = score5(first, low, wheel, order)
        y = score5(second, low, wheel, order)
        share = 1.0 if x > y else 0.5 if x == y else 0.0
        won[a, b] += share
        seen[a, b] += 1.0
        won[b, a] += 1.0 - share
        seen[b, a] += 1.0
    return won, seen


@lru_cache(maxsize=16)
def bucket_table(deck_size: int, low: int, wheel: bool, order: tuple[int, ...]) -> BucketTable:
    """The classes and their equities for a deck of ``deck_size`` cards (see the module
    doc); the same on every call (a fixed seed), kept for the process."""
    deck = np.array([int(c) for c in make_deck(deck_size)], dtype=np.int64)
    rank_order = np.array(order, dtype=np.int64)
    scores = np.sort(_scores(deck, 20_000, _SEED, low, wheel, rank_order))
    cuts = [int(scores[(len(scores) * k) // BUCKETS]) for k in range(BUCKETS)]
    bounds = np.array(sorted(set(cuts)), dtype=np.int64)
    bounds[0] = np.iinfo(np.int64).min // 2
    # the class of each score, as _bucket gives it: the last bound at or below it
    classes = np.searchsorted(bounds, scores, side="right") - 1
    share = np.bincount(classes, minlength=len(bounds)) / len(scores)
    won, seen = _duels(deck, bounds, SAMPLES, _SEED + 1, low, wheel, rank_order)
    equity = np.where(seen > 0, won / np.maximum(seen, 1.0), 0.5)
    return BucketTable(bounds, share, equity)


def bucket_of(table: BucketTable, hand: I64, low: int, wheel: bool, order: I64) -> int:
    """The class of the five cards ``hand`` (card indices)."""
    return int(_bucket(table.bounds, int(score5(hand, low, wheel, order))))


def field_share(table: BucketTable, opponents: int) -> F64:
    """The classes' shares of the best hand among ``opponents`` deals: the field that
    answers a push (the best of them calls or nobody does)."""
    below = np.concatenate(([0.0], np.cumsum(table.share)))
    top = np.clip(below[1:], 0.0, 1.0) ** opponents
    return np.asarray(top - np.clip(below[:-1], 0.0, 1.0) ** opponents, dtype=np.float64)


def push_value(table: BucketTable, ratio: float, call: F64, opponents: int) -> F64:
    """Each class's value of going all in for ``ratio`` times the dead money into
    ``opponents`` players whose best hand calls with ``call`` (a share per class of
    :func:`field_share`), in units of the dead money: the pot when it folds, else the
    pot and its stack won by the equity against it, less the stack put in."""
    field = field_share(table, opponents)
    called = call * field
    value = table.equity * (1 + 2 * ratio) - ratio
    return np.asarray(field.sum() - called.sum() + (value * called[None, :]).sum(axis=1))


def equilibrium(
    table: BucketTable, ratio: float, opponents: int = 1, iterations: int = 400
) -> tuple[F64, F64]:
    """The push-or-fold equilibrium at an all-in of ``ratio`` times the dead money into
    ``opponents`` players, their best hand answering (:func:`field_share`): each
    class's share of pushing, and of calling a push (see the module doc). Pushing is
    weighed against checking (0: the hand goes on, or is passed)."""
    w, e = table.share, table.equity
    k = len(w)
    push_avg = np.ones(k)
    call_avg = np.zeros(k)
    value = e * (1 + 2 * ratio) - ratio  # an all-in called, in units of the dead money
    for t in range(1, iterations + 1):
        push = (push_value(table, ratio, call_avg, opponents) > 0).astype(float)
        pushed = push_avg * w
        total = pushed.sum()
        call = (
            ((value * pushed[None, :]).sum(axis=1) / total > 0).astype(float)
            if total > 0
            else np.zeros(k)
        )
        push_avg += (push - push_avg) / (t + 1)
        call_avg += (call - call_avg) / (t + 1)
    return push_avg, call_avg


@lru_cache(maxsize=4096)
def solved(
    deck_size: int, low: int, wheel: bool, order: tuple[int, ...], ratio: float, opponents: int
) -> tuple[BucketTable, F64]:
    """The classes of this deck and the calling share of each at the equilibrium of a
    push of ``ratio`` (rounded to a quarter) into ``opponents``: kept for the process
    (a bot asks at every short decision; each solve takes some milliseconds)."""
    table = bucket_table(deck_size, low, wheel, order)
    return table, equilibrium(table, round(ratio * 4) / 4, opponents)[1]
