"""The card abstraction of the French draw solver: suit classes, buckets, transitions.

Three steps, each exact on the real deck (32 or 52 cards, no joker, the wheel
on, the modern order of RULES.md sections 1 and 2):

1. **Suit classes** (lossless). Two five-card hands that differ only by a
   renaming of the suits play alike. :func:`suit_classes` enumerates every hand
   of the deck once and keeps the least renamed form of each: 10,808 classes
   in 32 cards, 134,459 in 52 (checked against Burnside's count in the tests).
2. **Post-draw buckets** (final hand strength). A final hand's strength is its
   dense value (1 = the weakest hand of the deck). The buckets are intervals of
   value cut at the quantiles of the final hands of an opponent who drew 0, 1, 2
   or 3 cards (drawing by the standard table): fine among straights and better
   (what a pat opponent holds), fine among pairs (what a three-card draw makes).
   Since the strength against an opponent's possible hands grows with the value
   whatever they drew, an interval of value is an interval of strength against
   each draw count.
3. **Pre-draw buckets** (draw distributions). For each class and each number
   of cards ``d`` = 0..3 the best discard of ``d`` cards (the one whose final
   hand has the best expected equity against the standard-draw final hands) is
   enumerated exactly over every set of replacements from the 27 (47) unseen
   cards: its distribution over the post-draw buckets. The classes are
   clustered (k-means, seeded, weighted by the number of hands of each class)
   on these four distributions, compared as cumulative distributions. A
   bucket's transition ``T[a, d, q]`` is the probability that a hand dealt in
   bucket ``a`` that draws ``d`` cards ends in post-draw bucket ``q``.

In the 52-card deck the three-card discard is chosen among the ten pairs of
kept cards by the equity of the two kept cards against the reference (the five
dealt cards are not removed from that estimate), then enumerated exactly.

>>> ab = card_abstraction(32, pre_buckets=12, post_buckets=16)   # cuts on one value merge
>>> ab.classes, ab.pre_buckets, ab.post_buckets
(10808, 12, 13)
>>> import numpy as np
>>> bool(np.allclose(ab.transitions.sum(axis=2), 1.0)), round(float(ab.pre_probs.sum()), 12)
(True, 1.0)
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import Card, lowest_rank
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.classes import BINOM, class_tables, hand_class_in
from pokerbonus.hands.draw_table import discard_for_category

__all__ = [
    "DRAW_COUNTS",
    "CardAbstraction",
    "DrawSetup",
    "burnside_classes",
    "canonical",
    "card_abstraction",
    "draw_setup",
    "suit_classes",
]

DRAW_COUNTS: Final = 4
"""Draw choices of the abstraction: stand pat, or exchange 1, 2 or 3 cards."""

I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
F64 = npt.NDArray[np.float64]
I8 = npt.NDArray[np.int8]

_PERMS: Final = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


# -- suit classes ------------------------------------------------------------------------


@numba.njit(cache=True)
def _canonical_key(hand: I64, perms: I64, out: I64) -> int:  # pragma: no cover - compiled
    """The least renamed form of five cards as a key (6 bits a card, sorted); ``out``
    gets that form's cards and ``out[5]`` the index of the renaming."""
    best = -1
    work = np.empty(5, dtype=np.int64)
    for p in range(perms.shape[0]):
        for i in range(5):
            c = hand[i]
            v = (c & ~3) | perms[p, c & 3]
            j = i
            while j > 0 and work[j - 1] > v:
                work[j] = work[j - 1]
                j -= 1
            work[j] = v
        key = 0
        for i in range(5):
            key = key << 6 | work[i]
        if best < 0 or key < best:
            best = key
            for i in range(5):
                out[i] = work[i]
            out[5] = p
    return best


@numba.njit(cache=True)
def _all_keys(low: int, perms: I64) -> I64:  # pragma: no cover - compiled
    """The canonical key of every five-card hand of the deck ``4*low .. 51``."""
    first = 4 * low
    n = 52 - first
    total = 1
    for k in range(5):
        total = total * (n - k) // (k + 1)
    keys = np.empty(total, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    out = np.empty(6, dtype=np.int64)
    m = 0
    for a in range(first, 52):
        hand[0] = a
        for b in range(a + 1, 52):
            hand[1] = b
            for c in range(b + 1, 52):
                hand[2] = c
                for d in range(c + 1, 52):
                    hand[3] = d
                    for e in range(d + 1, 52):
                        hand[4] = e
                        keys[m] = _canonical_key(hand, perms, out)
                        m += 1
    return keys


@lru_cache(maxsize=4)
def suit_classes(deck: int) -> tuple[I64, I64]:
    """``(keys, counts)``: the sorted canonical keys of the deck's suit classes of
    five-card hands and how many hands each class holds (they sum to C(deck, 5)).

    >>> from math import comb
    >>> keys, counts = suit_classes(32)
    >>> len(keys), int(counts.sum()) == comb(32, 5)
    (10808, True)
    """
    low = _low(deck)
    keys, counts = np.unique(_all_keys(low, _PERMS), return_counts=True)
    keys.flags.writeable = False
    counts = counts.astype(np.int64)
    counts.flags.writeable = False
    return keys, counts


def burnside_classes(deck: int) -> int:
    """The number of suit classes of five-card hands by Burnside's lemma: the mean,
    over the 24 renamings of the suits, of the hands a renaming leaves unchanged.

    A hand is left unchanged by a renaming when each cycle of suits holds, at every
    rank, either all or none of its suits; so per rank a cycle of length ``L``
    contributes 0 or ``L`` cards, and the count is a polynomial coefficient.

    >>> burnside_classes(52)
    134459
    """
    ranks = 13 - _low(deck)
    total = 0
    for perm in itertools.permutations(range(4)):
        cycles = _cycle_lengths(perm)
        # per rank: the generating polynomial prod over cycles of (1 + x^L)
        per_rank = np.zeros(6, dtype=object)
        per_rank[0] = 1
        for length in cycles:
            nxt = per_rank.copy()
            for k in range(6 - length):
                nxt[k + length] += per_rank[k]
            per_rank = nxt
        poly = np.zeros(6, dtype=object)
        poly[0] = 1
        for _ in range(ranks):
            nxt = np.zeros(6, dtype=object)
            for i in range(6):
                for j in range(6 - i):
                    nxt[i + j] += poly[i] * per_rank[j]
            poly = nxt
        total += int(poly[5])
    return total // 24


def _cycle_lengths(perm: tuple[int, ...]) -> list[int]:
    seen = [False] * len(perm)
    lengths = []
    for start in range(len(perm)):
        if seen[start]:
            continue
        length, i = 0, start
        while not seen[i]:
            seen[i] = True
            i = perm[i]
            length += 1
        lengths.append(length)
    return lengths


def canonical(cards: tuple[int, ...] | list[int]) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """``(key, form, renaming)`` of five cards: the class key, the renamed cards
    (sorted) and the renaming (old suit -> new suit).

    >>> key, form, renaming = canonical([51, 47, 43, 39, 20])   # As Ks Qs Js 7c
    >>> [str(Card(c)) for c in form]
    ['7c', 'Jd', 'Qd', 'Kd', 'Ad']
    """
    out = np.empty(6, dtype=np.int64)
    key = _canonical_key(np.asarray(cards, dtype=np.int64), _PERMS, out)
    perm = tuple(int(x) for x in _PERMS[int(out[5])])
    return int(key), tuple(int(c) for c in out[:5]), perm


def _low(deck: int) -> int:
    if deck not in (32, 52):
        raise ConfigurationError(f"deck: the French draw solver plays 32 or 52 cards, got {deck!r}")
    return lowest_rank(deck)


def _cards_of(key: int) -> list[int]:
    return [(key >> (6 * (4 - i))) & 63 for i in range(5)]


# -- post-draw buckets -------------------------------------------------------------------


@numba.njit(cache=True)
def _value_of(hand: I64, values: I32, ranks: I64, binom: I64) -> int:  # pragma: no cover
    _, suited, index = hand_class_in(hand, ranks, binom)
    return int(values[suited, index])


@numba.njit(cache=True)
def _standard_mask(hand: I64, low: int, values: I32, categories: I8, ranks: I64,
                   binom: I64) -> int:  # fmt: skip  # pragma: no cover - compiled
    """The standard draw table (:mod:`pokerbonus.hands.draw_table`, as the bots play
    it): the positions of ``hand`` to discard."""
    _, suited, index = hand_class_in(hand, ranks, binom)
    category = categories[suited, index]
    return discard_for_category(
        hand, low, category, np.zeros(13, dtype=np.int64), np.zeros(4, dtype=np.int64)
    )


@numba.njit(cache=True)
def _enumerate(
    kept: I64, stub: I64, draw: int, values: I32, ranks: I64, binom: I64, weight: F64,
    equity: F64, bucket: I32, hist: F64,
) -> float:  # fmt: skip  # pragma: no cover - compiled
    """Every set of ``draw`` replacements from ``stub`` after keeping ``kept``: adds
    ``weight[0]`` per final hand to ``hist`` (by final value if ``bucket`` is empty,
    else by bucket) and returns the mean of ``equity`` over the final hands."""
    hand = np.empty(5, dtype=np.int64)
    k = kept.shape[0]
    for i in range(k):
        hand[i] = kept[i]
    n = stub.shape[0]
    idx = np.arange(draw)
    total = 0.0
    count = 0
    w = weight[0]
    while True:
        for i in range(draw):
            hand[k + i] = stub[idx[i]]
        v = _value_of(hand, values, ranks, binom)
        total += equity[v]
        count += 1
        if bucket.shape[0] > 0:
            hist[bucket[v]] += w
        else:
            hist[v] += w
        j = draw - 1
        while j >= 0 and idx[j] == n - draw + j:
            j -= 1
        if j < 0:
            break
        idx[j] += 1
        for i in range(j + 1, draw):
            idx[i] = idx[i - 1] + 1
    return float(total / count)


@numba.njit(cache=True)
def _reference(keys: I64, counts: I64, low: int, values: I32, categories: I8,
               binom: I64, top: int) -> F64:  # fmt: skip  # pragma: no cover - compiled
    """Distribution of the final value, per number of cards drawn by the standard
    table (rows 0..3), over every dealt hand (weighted by its class count)."""
    out = np.zeros((4, top + 1))
    hand = np.empty(5, dtype=np.int64)
    ranks = np.empty(5, dtype=np.int64)
    empty_bucket = np.empty(0, dtype=np.int32)
    zero = np.zeros(top + 1)
    weight = np.empty(1)
    for c in range(keys.shape[0]):
        for i in range(5):
            hand[i] = (keys[c] >> (6 * (4 - i))) & 63
        mask = _standard_mask(hand, low, values, categories, ranks, binom)
        kept = np.empty(5 - _popcount(mask), dtype=np.int64)
        m = 0
        for i in range(5):
            if not mask >> i & 1:
                kept[m] = hand[i]
                m += 1
        draw = 5 - m
        stub = _stub(hand, low)
        combos = _combinations(stub.shape[0], draw)
        weight[0] = counts[c] / combos
        _enumerate(kept, stub, draw, values, ranks, binom, weight, zero, empty_bucket,
                   out[min(draw, 3)])  # fmt: skip
    return out


@numba.njit(cache=True)
def _popcount(mask: int) -> int:  # pragma: no cover - compiled
    n = 0
    while mask:
        n += mask & 1
        mask >>= 1
    return n


@numba.njit(cache=True)
def _combinations(n: int, k: int) -> int:  # pragma: no cover - compiled
    total = 1
    for i in range(k):
        total = total * (n - i) // (i + 1)
    return total


@numba.njit(cache=True)
def _stub(hand: I64, low: int) -> I64:  # pragma: no cover - compiled
    stub = np.empty(52 - 4 * low - 5, dtype=np.int64)
    m = 0
    for c in range(4 * low, 52):
        held = False
        for i in range(5):
            if hand[i] == c:
                held = True
        if not held:
            stub[m] = c
            m += 1
    return stub


def post_edges(reference: F64, per_count: int) -> I32:
    """Bucket edges (first values of buckets 1, 2, ...): ``per_count`` quantiles of
    the final values after each draw count, merged."""
    cuts: set[int] = set()
    for row in reference:
        cdf = np.cumsum(row)
        cdf /= cdf[-1]
        for k in range(1, per_count):
            v = int(np.searchsorted(cdf, k / per_count, side="right"))
            if 1 < v < row.shape[0]:
                cuts.add(v)
    return np.array(sorted(cuts), dtype=np.int32)


# -- pre-draw features -------------------------------------------------------------------


@numba.njit(cache=True)
def _features(keys: I64, low: int, values: I32, binom: I64, equity: F64, bucket: I32,
              buckets: int, pair_equity: F64) -> tuple[F64, I64]:  # fmt: skip  # pragma: no cover
    """For each class and draw count 0..3: the post-bucket distribution of the best
    discard of that many cards, and that discard (a mask of positions in the class's
    sorted cards). ``pair_equity`` (52 cards only, else empty): the equity of each
    pair of kept cards, to choose the three-card discard before enumerating it."""
    n = keys.shape[0]
    hist = np.zeros((n, 4, buckets))
    masks = np.zeros((n, 4), dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    ranks = np.empty(5, dtype=np.int64)
    weight = np.ones(1)
    scratch = np.zeros(buckets)
    for c in range(n):
        for i in range(5):
            hand[i] = (keys[c] >> (6 * (4 - i))) & 63
        stub = _stub(hand, low)
        hist[c, 0, bucket[_value_of(hand, values, ranks, binom)]] = 1.0
        for draw in range(1, 4):
            best = -1.0
            best_mask = 0
            preselect = -1
            if draw == 3 and pair_equity.shape[0] > 0:
                top = -1.0
                for mask in range(32):
                    if _popcount(mask) != 3:
                        continue
                    a = -1
                    b = -1
                    for i in range(5):
                        if not mask >> i & 1:
                            if a < 0:
                                a = hand[i]
                            else:
                                b = hand[i]
                    e = pair_equity[a * 52 + b]
                    if e > top:
                        top = e
                        preselect = mask
            for mask in range(32):
                if _popcount(mask) != draw or (preselect >= 0 and mask != preselect):
                    continue
                kept = np.empty(5 - draw, dtype=np.int64)
                m = 0
                for i in range(5):
                    if not mask >> i & 1:
                        kept[m] = hand[i]
                        m += 1
                scratch[:] = 0.0
                value = _enumerate(kept, stub, draw, values, ranks, binom, weight, equity,
                                   bucket, scratch)  # fmt: skip
                if value > best + 1e-12:
                    best = value
                    best_mask = mask
                    total = scratch.sum()
                    for q in range(buckets):
                        hist[c, draw, q] = scratch[q] / total
            masks[c, draw] = best_mask
    return hist, masks


@numba.njit(cache=True)
def _pair_equity(low: int, values: I32, binom: I64, equity: F64) -> F64:  # pragma: no cover
    """52 cards: the mean equity after drawing three to each pair of kept cards."""
    out = np.zeros(52 * 52)
    ranks = np.empty(5, dtype=np.int64)
    weight = np.ones(1)
    empty = np.empty(0, dtype=np.int32)
    scratch = np.zeros(values.max() + 1)
    kept = np.empty(2, dtype=np.int64)
    for a in range(4 * low, 52):
        for b in range(a + 1, 52):
            kept[0] = a
            kept[1] = b
            stub = np.empty(52 - 4 * low - 2, dtype=np.int64)
            m = 0
            for c in range(4 * low, 52):
                if c != a and c != b:
                    stub[m] = c
                    m += 1
            e = _enumerate(kept, stub, 3, values, ranks, binom, weight, equity, empty, scratch)
            out[a * 52 + b] = e
            out[b * 52 + a] = e
    return out


@numba.njit(cache=True)
def _kmeans(points: F64, weights: F64, k: int, seed: int, rounds: int) -> I64:  # pragma: no cover
    """Weighted k-means (squared distance) from a k-means++ start drawn from ``seed``.

    Plain loops in a fixed order, so the result is the same on every machine (no
    library reduction whose order depends on the processor)."""
    np.random.seed(seed)
    n, dim = points.shape
    centers = np.empty((k, dim))
    closest = np.empty(n)

    def pick(p: F64) -> int:
        total = 0.0
        for i in range(n):
            total += p[i]
        u = np.random.random() * total
        acc = 0.0
        for i in range(n):
            acc += p[i]
            if u < acc:
                return i
        return int(n - 1)

    first = pick(weights)
    for d in range(dim):
        centers[0, d] = points[first, d]
    for i in range(n):
        total = 0.0
        for d in range(dim):
            diff = points[i, d] - centers[0, d]
            total += diff * diff
        closest[i] = total
    p = np.empty(n)
    for j in range(1, k):
        for i in range(n):
            p[i] = weights[i] * closest[i]
        chosen = pick(p)
        for d in range(dim):
            centers[j, d] = points[chosen, d]
        for i in range(n):
            total = 0.0
            for d in range(dim):
                diff = points[i, d] - centers[j, d]
                total += diff * diff
            if total < closest[i]:
                closest[i] = total
    labels = np.full(n, -1, dtype=np.int64)
    sums = np.empty((k, dim))
    mass = np.empty(k)
    for _ in range(rounds):
        changed = False
        for i in range(n):
            best = -1
            best_d = 0.0
            for j in range(k):
                total = 0.0
                for d in range(dim):
                    diff = points[i, d] - centers[j, d]
                    total += diff * diff
                if best < 0 or total < best_d:
                    best = j
                    best_d = total
            if labels[i] != best:
                labels[i] = best
                changed = True
        if not changed:
            break
        sums[:, :] = 0.0
        mass[:] = 0.0
        for i in range(n):
            j = labels[i]
            mass[j] += weights[i]
            for d in range(dim):
                sums[j, d] += weights[i] * points[i, d]
        for j in range(k):
            if mass[j] > 0.0:
                for d in range(dim):
                    centers[j, d] = sums[j, d] / mass[j]
    # number the clusters by their centre's total (high cumulative mass = weak hands)
    key = np.empty(k)
    for j in range(k):
        total = 0.0
        for d in range(dim):
            total += centers[j, d]
        key[j] = -total
    order = np.argsort(key, kind="mergesort")
    rename = np.empty(k, dtype=np.int64)
    for r in range(k):
        rename[order[r]] = r
    out = np.empty(n, dtype=np.int64)
    for i in range(n):
        out[i] = rename[labels[i]]
    return out


@numba.njit(cache=True)
def _aggregate(labels: I64, counts: I64, hist: F64, k: int) -> tuple[F64, F64]:  # pragma: no cover
    """The buckets' chance and transitions: the count-weighted sums of their classes'
    distributions, normalised (loops in a fixed order)."""
    n, draws, buckets = hist.shape
    probs = np.zeros(k)
    trans = np.zeros((k, draws, buckets))
    total = 0.0
    for i in range(n):
        w = float(counts[i])
        total += w
        probs[labels[i]] += w
        for d in range(draws):
            for q in range(buckets):
                trans[labels[i], d, q] += w * hist[i, d, q]
    for j in range(k):
        probs[j] /= total
        for d in range(draws):
            row = 0.0
            for q in range(buckets):
                row += trans[j, d, q]
            for q in range(buckets):
                trans[j, d, q] /= row
    return probs, trans


# -- the abstraction ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class CardAbstraction:
    """The card abstraction of one deck (see the module doc).

    ``keys``/``counts``: the suit classes and their sizes; ``class_bucket``: the
    pre-draw bucket of each class; ``discards[c, d]``: the cards (a mask over the
    class's sorted cards) its ``d``-card draw discards; ``edges``: the first value
    of each post-draw bucket after the first; ``transitions[a, d, q]`` and
    ``pre_probs[a]`` as in the module doc; ``values``: the dense value table of
    the deck (``values[suited, colex index]``).
    """

    deck: int
    pre_buckets: int
    post_buckets: int
    seed: int
    keys: I64
    counts: I64
    class_bucket: I32
    discards: npt.NDArray[np.int8]
    edges: I32
    transitions: F64
    pre_probs: F64
    values: I32

    @property
    def classes(self) -> int:
        """How many suit classes the deck's five-card hands fall into."""
        return int(self.keys.shape[0])

    @property
    def low(self) -> int:
        """The lowest rank of the deck (5 for 32 cards, 0 for 52)."""
        return lowest_rank(self.deck)

    def class_of(
        self, cards: tuple[int, ...] | list[int]
    ) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
        """``(class index, canonical form, renaming)`` of five cards of the deck."""
        key, form, perm = canonical(cards)
        index = int(np.searchsorted(self.keys, key))
        if index >= self.classes or int(self.keys[index]) != key:
            raise ConfigurationError(
                f"hand {[str(Card(c)) for c in cards]}: not five distinct cards of the "
                f"{self.deck}-card deck"
            )
        return index, form, perm

    def pre_bucket(self, cards: tuple[int, ...] | list[int]) -> int:
        """The pre-draw bucket of five cards."""
        return int(self.class_bucket[self.class_of(cards)[0]])

    def discard(self, cards: tuple[int, ...] | list[int], count: int) -> tuple[int, ...]:
        """The ``count`` cards of ``cards`` the abstraction discards (0..3 cards)."""
        index, form, perm = self.class_of(cards)
        mask = int(self.discards[index, count])
        back = {(c & ~3) | perm[c & 3]: c for c in cards}
        return tuple(back[form[i]] for i in range(5) if mask >> i & 1)

    def value(self, cards: tuple[int, ...] | list[int]) -> int:
        """The dense value of five cards (1 = the weakest hand of the deck)."""
        ranks = np.empty(5, dtype=np.int64)
        return int(_value_of(np.asarray(cards, dtype=np.int64), self.values, ranks, BINOM))

    def post_bucket(self, cards: tuple[int, ...] | list[int]) -> int:
        """The post-draw bucket of five cards (0 = the weakest)."""
        return int(np.searchsorted(self.edges, self.value(cards), side="right"))

    def digest(self) -> str:
        """A digest of every table of the abstraction (changes with any bucket)."""
        h = hashlib.sha256()
        h.update(f"{self.deck}:{self.pre_buckets}:{self.post_buckets}:{self.seed}".encode())
        for array in (self.keys, self.class_bucket, self.discards, self.edges):
            h.update(np.ascontiguousarray(array).tobytes())
        h.update(np.round(self.transitions, 12).tobytes())
        return h.hexdigest()[:16]


@dataclass(frozen=True, slots=True, eq=False)
class DrawSetup:
    """What the pre-draw features are computed from: the deck's classes and value
    table, the post-draw bucket of every value (``bucket``, edges ``edges``), the
    equity of every value against the standard-draw final hands (``equity``) and,
    in 52 cards, the equity of each pair of kept cards (``pair_equity``)."""

    deck: int
    keys: I64
    counts: I64
    values: I32
    edges: I32
    bucket: I32
    equity: F64
    pair_equity: F64

    @property
    def buckets(self) -> int:
        """The number of post-draw buckets."""
        return int(self.edges.shape[0]) + 1

    def distributions(self, classes: I64) -> tuple[F64, I64]:
        """For each class of ``classes`` and each draw count 0..3: the post-draw bucket
        distribution of its best discard, and that discard (a mask of positions)."""
        keys = np.ascontiguousarray(self.keys[classes])
        return _features(
            keys, lowest_rank(self.deck), self.values, BINOM, self.equity, self.bucket,
            self.buckets, self.pair_equity,
        )  # fmt: skip


@lru_cache(maxsize=4)
def draw_setup(deck: int, post_buckets: int = 48) -> DrawSetup:
    """The :class:`DrawSetup` of a deck and a target number of post-draw buckets."""
    low = _low(deck)
    if post_buckets < 4 or post_buckets > 400:
        raise ConfigurationError(f"post_buckets: must be 4..400, got {post_buckets!r}")
    keys, counts = suit_classes(deck)
    tables = class_tables(deck)
    values = np.ascontiguousarray(tables.value[0]).astype(np.int32)
    categories = np.ascontiguousarray(tables.category[0])
    top = int(values.max())
    reference = _reference(keys, counts, low, values, categories, BINOM, top)
    edges = post_edges(reference, max(2, post_buckets // 4))
    bucket = np.searchsorted(edges, np.arange(top + 1), side="right").astype(np.int32)
    overall = reference[0] + reference[1] + reference[2] + reference[3]
    cdf = np.cumsum(overall)
    cdf /= cdf[-1]
    below = np.concatenate([[0.0], cdf[:-1]])
    equity = (below + cdf) / 2.0  # against the standard-draw final hands, ties half
    pair_equity = _pair_equity(low, values, BINOM, equity) if deck == 52 else np.zeros(0)
    return DrawSetup(deck, keys, counts, values, edges, bucket, equity, pair_equity)


@lru_cache(maxsize=4)
def _all_distributions(deck: int, post_buckets: int) -> tuple[F64, I64]:
    setup = draw_setup(deck, post_buckets)
    return setup.distributions(np.arange(len(setup.keys), dtype=np.int64))


@lru_cache(maxsize=8)
def card_abstraction(
    deck: int, pre_buckets: int = 64, post_buckets: int = 48, seed: int = 0
) -> CardAbstraction:
    """Compute the card abstraction of a ``deck``-card deck (module doc): about half a
    minute for 32 cards and several minutes for 52; cached per process."""
    if pre_buckets < 2:
        raise ConfigurationError(f"pre_buckets: must be at least 2, got {pre_buckets!r}")
    setup = draw_setup(deck, post_buckets)
    keys, counts = setup.keys, setup.counts
    if pre_buckets >= len(keys):
        raise ConfigurationError(f"pre_buckets: {pre_buckets} for {len(keys)} classes")
    hist, masks = _all_distributions(deck, post_buckets)
    features = np.ascontiguousarray(np.cumsum(hist, axis=2).reshape(len(keys), -1))
    labels = _kmeans(features, counts.astype(np.float64), pre_buckets, seed, 80)
    pre_probs, transitions = _aggregate(labels, counts, hist, pre_buckets)
    return CardAbstraction(
        deck=deck,
        pre_buckets=pre_buckets,
        post_buckets=setup.buckets,
        seed=seed,
        keys=keys,
        counts=counts,
        class_bucket=labels.astype(np.int32),
        discards=masks.astype(np.int8),
        edges=setup.edges,
        transitions=transitions,
        pre_probs=pre_probs,
        values=setup.values,
    )
