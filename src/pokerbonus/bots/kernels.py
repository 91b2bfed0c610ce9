"""Compiled helpers of the draw bots: a five-card score, the standard draw table,
and the Monte Carlo showdown behind the ``hard`` bot.

The score is an int, greater = stronger, for five cards without jokers under a
table's options: ``low`` (the lowest rank of the deck, 0 for 52 cards, 5 for 32),
``wheel`` (whether the ace plays low in a straight, as one below ``low``) and
``order`` (the strength of each category: the modern or the archaic order,
:func:`pokerbonus.analysis.draw.category_strength`). It agrees with
:func:`pokerbonus.hands.evaluate` on every comparison (tested), and is packed as
``strength << 20`` then the ranks of the groups, largest group first.

>>> import numpy as np
>>> order = np.arange(10, dtype=np.int64)
>>> hand = np.array([51, 47, 43, 39, 20], dtype=np.int64)  # As Ks Qs Js 7c
>>> score5(hand, 5, True, order) >> 20, discard_mask(hand, 5, True, order)  # draw to the flush
(0, 16)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.hands.draw_table import discard_for_category

__all__ = ["discard_mask", "draw_counts", "random_hands_share", "score5", "showdown_equity"]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(function))


@_njit
def score5(hand: I64, low: int, wheel: bool, order: I64) -> int:
    """The score of five cards (indices 0..51) under the table's options."""
    return _score(hand, low, wheel, order, np.zeros(13, dtype=np.int64))


@_njit
def _score(hand: I64, low: int, wheel: bool, order: I64, counts: I64) -> int:
    """:func:`score5` with a scratch array of 13 counts (no allocation in hot loops)."""
    counts[:] = 0
    mask = 0
    suit = hand[0] & 3
    flush = True
    for i in range(5):
        r = hand[i] >> 2
        counts[r] += 1
        mask |= 1 << r
        if hand[i] & 3 != suit:
            flush = False
    top = -1
    distinct = 0
    for r in range(13):
        if counts[r]:
            distinct += 1
    if distinct == 5:
        high = 12
        while not mask >> high & 1:
            high -= 1
        if mask == 31 << (high - 4):
            top = high
        elif wheel and mask == (1 << 12) | (15 << low):
            top = low + 3
    # groups, largest first, then by rank
    tiebreak = 0
    shape = 0
    for size in range(4, 0, -1):
        for r in range(12, -1, -1):
            if counts[r] == size:
                tiebreak = tiebreak << 4 | r
                if size > 1:
                    shape = shape * 8 + size
    if top >= 0:
        category = 8 if flush else 4
        tiebreak = top
    elif flush:
        category = 5
    elif shape == 4:
        category = 7
    elif shape == 3 * 8 + 2:
        category = 6
    elif shape == 3:
        category = 3
    elif shape == 2 * 8 + 2:
        category = 2
    elif shape == 2:
        category = 1
    else:
        category = 0
    return int(order[category] << 20 | tiebreak)


@_njit
def discard_mask(hand: I64, low: int, wheel: bool, order: I64) -> int:
    """The standard draw table: a bit mask of the positions of ``hand`` to discard.

    In this order: straight or better: stand pat; trips: draw two; two pair:
    draw one; four cards of a suit: draw one (before a pair); a pair: draw
    three; an open-ended straight draw (four ranks in a row, no pair, that both
    ends of the deck can complete): draw one; else keep the two highest cards
    and draw three.
    """
    return _discard(hand, low, wheel, order, np.zeros(13, dtype=np.int64), np.zeros(4, np.int64))


@_njit
def _discard(hand: I64, low: int, wheel: bool, order: I64, counts: I64, suits: I64) -> int:
    """:func:`discard_mask` with scratch arrays of 13 and 4 counts."""
    strength = _score(hand, low, wheel, order, counts) >> 20
    category = 0
    for c in range(10):
        if order[c] == strength:
            category = c
    return discard_for_category(hand, low, category, counts, suits)


@_njit
def _category(distinct: int, most: int, ranks: int, suited: bool, low: int, wheel: bool) -> int:
    """The category (:class:`pokerbonus.hands.Category` index) of five cards from
    their number of distinct ranks, largest group, rank bit mask and flushness."""
    if distinct == 5:
        straight = False
        high = 12
        while not ranks >> high & 1:
            high -= 1
        if ranks == 31 << (high - 4) or (wheel and ranks == (1 << 12) | (15 << low)):
            straight = True
        if straight:
            return 8 if suited else 4
        return 5 if suited else 0
    if distinct == 4:
        return 1
    if distinct == 3:
        return 3 if most == 3 else 2
    return 7 if most == 4 else 6


@_njit
def draw_counts(hand: I64, stub: I64, masks: I64, low: int, wheel: bool) -> I64:
    """Exact final-category counts of each discard choice: row ``m`` counts, over every
    set of replacements from ``stub`` for the positions in ``masks[m]`` (at most
    three), the final hands of each category (columns: :class:`pokerbonus.hands.Category`).

    >>> hand = np.array([51, 47, 43, 39, 20], dtype=np.int64)  # As Ks Qs Js 7c
    >>> stub = np.array([c for c in range(20, 52) if c not in hand], dtype=np.int64)
    >>> counts = draw_counts(hand, stub, np.array([16], dtype=np.int64), 5, True)
    >>> int(counts[0].sum()), int(counts[0, 8]), int(counts[0, 5])  # 27 cards: 1 royal, 3 flushes
    (27, 1, 3)
    """
    counts = np.zeros((masks.shape[0], 10), dtype=np.int64)
    rank_count = np.zeros(13, dtype=np.int64)
    suit_count = np.zeros(4, dtype=np.int64)
    n = stub.shape[0]
    sr = np.empty(n, dtype=np.int64)
    ss = np.empty(n, dtype=np.int64)
    for j in range(n):
        sr[j] = stub[j] >> 2
        ss[j] = stub[j] & 3
    for m in range(masks.shape[0]):
        rank_count[:] = 0
        suit_count[:] = 0
        d = 0
        distinct = 0
        most = 0
        ranks = 0
        for i in range(5):
            if masks[m] >> i & 1:
                d += 1
                continue
            r = hand[i] >> 2
            rank_count[r] += 1
            suit_count[hand[i] & 3] += 1
            if rank_count[r] == 1:
                distinct += 1
            most = max(most, rank_count[r])
            ranks |= 1 << r
        if d == 0:
            suited = suit_count.max() == 5
            counts[m, _category(distinct, most, ranks, suited, low, wheel)] += 1
            continue
        for a in range(n):
            ra = sr[a]
            rank_count[ra] += 1
            suit_count[ss[a]] += 1
            da = distinct + (rank_count[ra] == 1)
            ma = max(most, rank_count[ra])
            ka = ranks | 1 << ra
            if d == 1:
                suited = suit_count[ss[a]] == 5
                counts[m, _category(da, ma, ka, suited, low, wheel)] += 1
            else:
                for b in range(a + 1, n):
                    rb = sr[b]
                    rank_count[rb] += 1
                    suit_count[ss[b]] += 1
                    db = da + (rank_count[rb] == 1)
                    mb = max(ma, rank_count[rb])
                    kb = ka | 1 << rb
                    if d == 2:
                        suited = suit_count[ss[b]] == 5
                        counts[m, _category(db, mb, kb, suited, low, wheel)] += 1
                    else:
                        for c in range(b + 1, n):
                            rc = sr[c]
                            dc = db + (rank_count[rc] == 0)
                            mc = max(mb, rank_count[rc] + 1)
                            suited = suit_count[ss[c]] == 4
                            counts[m, _category(dc, mc, kb | 1 << rc, suited, low, wheel)] += 1
                    rank_count[rb] -= 1
                    suit_count[ss[b]] -= 1
            rank_count[ra] -= 1
            suit_count[ss[a]] -= 1
    return counts


@_njit
def _take(pool: I64, pos: int) -> int:
    """Swap a uniformly chosen card of ``pool[pos:]`` to ``pos`` and return it."""
    j = pos + np.random.randint(0, pool.shape[0] - pos)
    card = pool[j]
    pool[j] = pool[pos]
    pool[pos] = card
    return int(card)


@_njit
def random_hands_share(
    mine: I64, unseen: I64, others: int, samples: int, seed: int, low: int, wheel: bool, order: I64
) -> float:
    """Average share of the pot the five cards ``mine`` win at the showdown against
    ``others`` hands of five dealt at random from ``unseen`` (no read, no draw).

    >>> order = np.arange(10, dtype=np.int64)
    >>> royal = np.array([51, 47, 43, 39, 35], dtype=np.int64)  # spades, ace to ten
    >>> unseen = np.array([c for c in range(20, 52) if c not in royal], dtype=np.int64)
    >>> random_hands_share(royal, unseen, 3, 500, 1, 5, True, order)  # 32 cards: 7 to ace
    1.0
    """
    np.random.seed(seed)
    pool = unseen.copy()
    hand = np.empty(5, dtype=np.int64)
    counts = np.empty(13, dtype=np.int64)
    me = _score(mine, low, wheel, order, counts)
    total = 0.0
    for _ in range(samples):
        pos = 0
        ties = 1
        best = True
        for _o in range(others):
            for i in range(5):
                hand[i] = _take(pool, pos)
                pos += 1
            s = _score(hand, low, wheel, order, counts)
            if s > me:
                best = False
                break
            if s == me:
                ties += 1
        if best:
            total += 1.0 / ties
    return total / samples


@_njit
def showdown_equity(
    mine: I64,
    my_mask: int,
    unseen: I64,
    drawn: I64,
    min_before: I64,
    min_after: I64,
    loose: F64,
    snow: F64,
    samples: int,
    seed: int,
    low: int,
    wheel: bool,
    order: I64,
) -> float:
    """Average share of the pot ``mine`` wins at the showdown against sampled opponents.

    ``my_mask``: positions I still discard (0: my hand is final). One entry per
    live opponent: ``drawn`` the cards they exchanged (-1: not yet drawn; they will
    draw by the standard table); ``min_before``/``min_after`` the least score their
    betting suggests before/after the draw (0: no read); ``loose`` the chance that
    they bet a weaker hand (a bluff). Opponent hands are dealt from ``unseen`` and
    kept when consistent with the read (a weaker hand is kept with probability
    ``loose[o]``), up to 40 tries per opponent (200 for a pat hand, which is rare).
    ``snow`` the chance that an opponent's draw is itself a bluff: it stood pat on a
    hand the standard table would draw two or three cards to (a "snow"), kept as
    dealt; its bets are then part of the bluff and say nothing of its cards. When the
    unseen cards run out (many players drawing), the last draws keep their cards
    (the real stub would reshuffle the discards).
    """
    np.random.seed(seed)
    pool = unseen.copy()
    size = pool.shape[0]
    k = drawn.shape[0]
    hand = np.empty(5, dtype=np.int64)
    final = np.empty(5, dtype=np.int64)
    scores = np.empty(k, dtype=np.int64)
    counts = np.empty(13, dtype=np.int64)
    suits = np.empty(4, dtype=np.int64)
    total = 0.0
    mine_drawn = 0
    for i in range(5):
        mine_drawn += my_mask >> i & 1
    for _ in range(samples):
        pos = 0
        for o in range(k):
            start = pos
            limit = size - 5 * (k - 1 - o) - mine_drawn  # keep cards for the later hands
            # a pat hand is rare: it gets more tries (each is cheap: no draw dealt)
            tries_left = 200 if drawn[o] == 0 else 40
            snowing = snow[o] > 0.0 and np.random.random() < snow[o]
            while True:
                tries_left -= 1
                pos = start
                for i in range(5):
                    hand[i] = _take(pool, pos)
                    pos += 1
                mask = _discard(hand, low, wheel, order, counts, suits)
                if snowing:
                    n = 0
                    for i in range(5):
                        n += mask >> i & 1
                    if n < 2 and tries_left > 0:
                        continue
                    scores[o] = _score(hand, low, wheel, order, counts)
                    break
                ok = True
                if drawn[o] >= 0:
                    n = 0
                    for i in range(5):
                        n += mask >> i & 1
                    ok = n == drawn[o]
                if ok and min_before[o] > 0:
                    ok = _score(hand, low, wheel, order, counts) >= min_before[o]
                    ok = ok or np.random.random() < loose[o]
                if not ok and tries_left > 0:
                    continue
                for i in range(5):
                    final[i] = hand[i]
                    if mask >> i & 1 and pos < limit:
                        final[i] = _take(pool, pos)
                        pos += 1
                s = _score(final, low, wheel, order, counts)
                if ok and min_after[o] > 0:
                    ok = s >= min_after[o] or np.random.random() < loose[o]
                if ok or tries_left <= 0:
                    scores[o] = s
                    break
        for i in range(5):
            final[i] = mine[i]
            if my_mask >> i & 1 and pos < size:
                final[i] = _take(pool, pos)
                pos += 1
        me = _score(final, low, wheel, order, counts)
        ties = 1
        best = True
        for o in range(k):
            if scores[o] > me:
                best = False
                break
            if scores[o] == me:
                ties += 1
        if best:
            total += 1.0 / ties
    return total / samples


def as_array(cards: Any) -> I64:
    """Card indices as the int64 array the kernels take."""
    return np.asarray([int(c) for c in cards], dtype=np.int64)
