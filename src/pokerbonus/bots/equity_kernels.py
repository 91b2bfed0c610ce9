"""Numba kernels of the equity bots: Monte Carlo showdown equity against
opponents whose hidden cards are dealt from the unseen cards and kept only when
they fit what the opponents did (their *range*).

Three shapes of game, one kernel each:

* :func:`community_equity` — hold'em and Omaha: hole cards plus a board.
* :func:`stud_equity` — stud and razz: private cards, some of them face up.
* :func:`lowball_equity` — draw lowball (ace-to-five or deuce-to-seven).

All of them return the average share of the pot the hero wins at the showdown
(ties shared), seed numba's generator with ``seed`` (same seed, same answer) and
do no validation: cards are indices ``0..51`` without repeats. Ranges are given
as acceptance tests (rejection sampling): an opponent's hidden cards are redealt
until they pass (at most ``TRIES`` times; the last deal is kept after that).

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> from pokerbonus.hands.kernels import get_tables
>>> hero = np.array(parse_cards("As Ah"), dtype=np.int64)
>>> none = np.zeros(0, dtype=np.int64)
>>> w = np.ones((1, 52, 52)); lv = np.zeros((1, 3), np.int64); lk = np.ones((1, 3))
>>> e = community_equity(0, hero, none, none, w, np.zeros(1), lv, lk, 2000, 1, get_tables())
>>> 0.8 < e < 0.88
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.hands.kernels import (
    get_tables,
    rank_27,
    rank_a5,
    rank_high,
    rank_low8,
    rank_omaha_high,
)

__all__ = [
    "GAME_HOLDEM",
    "GAME_OMAHA",
    "LOW_27",
    "LOW_A5",
    "STUD_HILO",
    "TRIES",
    "community_equity",
    "get_tables",
    "lowball_equity",
    "made_level",
    "omaha_score",
    "stud_equity",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
_F = TypeVar("_F", bound=Callable[..., Any])

GAME_HOLDEM: Final = 0
GAME_OMAHA: Final = 1
LOW_A5: Final = 0
LOW_27: Final = 1
STUD_HILO: Final = 2
"""``low`` of :func:`stud_equity` for seven-card stud eight-or-better."""
TRIES: Final = 30
TWO_PAIR: Final = 4138  # first two-pair value of the ``high`` scheme


def _njit(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(function))


def _inline(function: _F) -> _F:
    """A small kernel helper, compiled into each caller (no call cost in the loops)."""
    return cast(_F, numba.njit(cache=True, inline="always")(function))


@_njit
def _take(pool: I64, m: int) -> int:
    """Move a uniformly chosen card of ``pool[:m]`` to ``pool[m - 1]`` and return it."""
    j = np.random.randint(0, m)
    card = pool[j]
    pool[j] = pool[m - 1]
    pool[m - 1] = card
    return int(card)


@_inline
def _deal(pool: I64, m: int, into: I64, start: int, stop: int) -> int:
    """Deal ``into[start:stop]`` from ``pool[:m]`` with :func:`_take`; returns the
    size of the pool left (``m`` less the cards dealt)."""
    for i in range(start, stop):
        into[i] = _take(pool, m)
        m -= 1
    return m


@_inline
def _redraw(pool: I64, m: int, hand: I64, mask: int, floor: int) -> int:
    """Replace the cards of ``hand`` at the positions of bit mask ``mask``, in
    order, while more than ``floor`` cards are left in ``pool[:m]``; returns the
    size of the pool left."""
    for i in range(hand.shape[0]):
        if mask >> i & 1 and m > floor:
            hand[i] = _take(pool, m)
            m -= 1
    return m


@_njit
def _mark(used: npt.NDArray[np.bool_], cards: I64) -> None:
    """Mark ``cards`` as seen in ``used``."""
    for c in cards:
        used[c] = True


@_njit
def _unseen(used: npt.NDArray[np.bool_]) -> I64:
    """The cards not marked in ``used``, in order: the pool the samples are dealt from."""
    pool = np.empty(52, np.int64)
    size = 0
    for c in range(52):
        if not used[c]:
            pool[size] = c
            size += 1
    return pool[:size]


@_inline
def _high_share(values: I64) -> float:
    """The share of the pot of player 0 when the greatest of ``values`` wins (ties
    shared). The values are read in order up to the first one above player 0's,
    so a caller may stop ranking at that one (the rest are never read)."""
    ties = 1
    for p in range(1, values.shape[0]):
        if values[p] > values[0]:
            return 0.0
        if values[p] == values[0]:
            ties += 1
    return 1.0 / ties


@_inline
def _split_share(high: I64, low: I64) -> float:
    """The share of the pot of player 0 in a high/low split: half to the greatest
    ``high``, half to the greatest ``low`` (ties shared), all to the high when no
    ``low`` is above 0 (no qualifying low)."""
    best_high = high.max()
    best_low = low.max()
    ties_high = 0
    ties_low = 0
    for p in range(high.shape[0]):
        if high[p] == best_high:
            ties_high += 1
        if low[p] == best_low:
            ties_low += 1
    won = 0.0
    if best_low > 0:
        if high[0] == best_high:
            won += 0.5 / ties_high
        if low[0] == best_low:
            won += 0.5 / ties_low
    elif high[0] == best_high:
        won = 1.0 / ties_high
    return won


@_njit
def made_level(hole: I64, board: I64, nb: int, t: Any) -> int:
    """How much ``hole`` holds on the first ``nb`` (3..5) cards of ``board``:
    0 nothing, 1 a pair using a hole card or a draw (four to a flush or an
    open-ended straight), 2 top pair or an overpair, 3 two pair or better using
    a hole card. A rough read of what a player betting on that board holds."""
    top = 0
    for i in range(nb):
        r = board[i] >> 2
        if r > top:
            top = r
    level = 0
    nh = hole.shape[0]
    pair = False
    for i in range(nh):
        ri = hole[i] >> 2
        for j in range(nb):
            if board[j] >> 2 == ri:
                pair = True
                if ri >= top:
                    level = 2
        for j in range(i + 1, nh):
            if hole[j] >> 2 == ri:
                pair = True
                if ri > top:
                    level = 2
    if pair and level < 2:
        level = 1
    if pair:
        if nh == 2:
            cards = np.empty(2 + nb, np.int64)
            cards[0] = hole[0]
            cards[1] = hole[1]
            for j in range(nb):
                cards[2 + j] = board[j]
            if rank_high(cards, t) >= TWO_PAIR:
                level = 3
        elif rank_omaha_high(hole, board[:nb], t) >= TWO_PAIR:
            level = 3
    if level >= 1:
        return level
    # draws: four to a flush with a hole card, four ranks in a row with a hole card
    for s in range(4):
        n_board = 0
        for j in range(nb):
            if board[j] & 3 == s:
                n_board += 1
        n_hole = 0
        for i in range(nh):
            if hole[i] & 3 == s:
                n_hole += 1
        if n_hole >= 1 and n_board + min(n_hole, 2) >= 4:
            return 1
    ranks = 0
    for j in range(nb):
        ranks |= 1 << (board[j] >> 2)
    for i in range(nh):
        ranks2 = ranks | (1 << (hole[i] >> 2))
        for lo in range(0, 10):
            d = (hole[i] >> 2) - lo
            if (ranks2 >> lo) & 0xF == 0xF and 0 <= d <= 3:
                return 1
    return 0


@_njit
def omaha_score(hole: I64) -> float:
    """A rough 0..1 pre-flop strength of four (or five) Omaha hole cards: high
    pairs, suited aces and kings, cards that work together; no trips or quads."""
    nh = hole.shape[0]
    score = 0.0
    counts = np.zeros(13, np.int64)
    suits = np.zeros(4, np.int64)
    for i in range(nh):
        counts[hole[i] >> 2] += 1
        suits[hole[i] & 3] += 1
    for r in range(13):
        if counts[r] == 2:
            score += 0.10 + 0.025 * r
        elif counts[r] >= 3:
            score -= 0.15
    for s in range(4):
        if suits[s] >= 2:
            best = 0
            for i in range(nh):
                if hole[i] & 3 == s and hole[i] >> 2 > best:
                    best = hole[i] >> 2
            score += 0.04 + 0.012 * best
        if suits[s] >= 3:
            score -= 0.06
    # connectedness: distinct ranks within a five-rank window
    distinct = 0
    for r in range(13):
        if counts[r] > 0:
            distinct += 1
    best_run = 0
    for lo in range(-1, 9):
        n = 0
        for r in range(lo, lo + 5):
            rr = 12 if r == -1 else r
            if counts[rr] > 0:
                n += 1
        if n > best_run:
            best_run = n
    if distinct >= 3:
        score += 0.04 * (best_run - 1)
    for i in range(nh):
        score += 0.006 * (hole[i] >> 2)
    return min(max(score, 0.0), 1.0)


@_njit
def community_equity(
    game: int,
    hero: I64,
    board: I64,
    dead: I64,
    weights: F64,
    min_score: F64,
    levels: I64,
    leaks: F64,
    samples: int,
    seed: int,
    t: Any,
) -> float:
    """Hero's average share of the pot in hold'em (``game`` 0) or Omaha high (1).

    One row per live opponent: hold'em ``weights[o, a, b]`` the chance that a
    player holding cards ``a``, ``b`` played as opponent ``o`` did before the
    flop; Omaha ``min_score[o]`` the least :func:`omaha_score` of their range
    (a weaker hand kept with probability ``leaks[o, 0]``). ``levels[o, s]`` the
    least :func:`made_level` they showed on the flop, turn, river (``s`` 0..2;
    0 = no read), a weaker hand kept with probability ``leaks[o, s]``.
    """
    np.random.seed(seed)
    nh = hero.shape[0]
    k = weights.shape[0] if game == GAME_HOLDEM else min_score.shape[0]
    used = np.zeros(52, np.bool_)
    _mark(used, hero)
    _mark(used, board)
    _mark(used, dead)
    pool = _unseen(used)
    nb0 = board.shape[0]
    full = np.empty(5, np.int64)
    full[:nb0] = board
    holes = np.empty((k, nh), np.int64)
    cards = np.empty(nh + 5, np.int64)
    values = np.empty(k + 1, np.int64)
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            for tries in range(TRIES):
                for i in range(nh):
                    holes[o, i] = _take(pool, m - i)
                if game == GAME_HOLDEM:
                    w = weights[o, holes[o, 0], holes[o, 1]]
                    ok = w >= 1.0 or np.random.random() < w
                else:
                    ok = omaha_score(holes[o]) >= min_score[o] or np.random.random() < leaks[o, 0]
                if ok:
                    for s in range(3):
                        if (
                            levels[o, s] > 0
                            and nb0 >= s + 3
                            and made_level(holes[o], board, s + 3, t) < levels[o, s]
                            and np.random.random() >= leaks[o, s]
                        ):
                            ok = False
                            break
                if ok or tries == TRIES - 1:
                    m -= nh
                    break
        _deal(pool, m, full, nb0, 5)
        if game == GAME_HOLDEM:
            for i in range(5):
                cards[nh + i] = full[i]
            for i in range(nh):
                cards[i] = hero[i]
            values[0] = rank_high(cards, t)
        else:
            values[0] = rank_omaha_high(hero, full, t)
        for o in range(k):
            if game == GAME_HOLDEM:
                for i in range(nh):
                    cards[i] = holes[o, i]
                values[o + 1] = rank_high(cards, t)
            else:
                values[o + 1] = rank_omaha_high(holes[o], full, t)
            if values[o + 1] > values[0]:
                break  # the hero has lost: _high_share reads no further
        total += _high_share(values)
    return total / samples


@_njit
def _pair_or_better(cards: I64, n: int) -> bool:
    for i in range(n):
        for j in range(i + 1, n):
            if cards[i] >> 2 == cards[j] >> 2:
                return True
    return False


@_njit
def _smooth_low(cards: I64, n: int, top: int) -> bool:
    """No pair and every card at most ``top`` (rank index, ace low: ace counts as 0)."""
    for i in range(n):
        r = cards[i] >> 2
        low = -1 if r == 12 else r
        if low > top:
            return False
        for j in range(i + 1, n):
            if cards[j] >> 2 == r:
                return False
    return True


@_njit
def stud_equity(
    low: int,
    hero: I64,
    up: I64,
    up_count: I64,
    hidden: I64,
    dead: I64,
    final_count: int,
    strong: I64,
    leak: float,
    samples: int,
    seed: int,
    t: Any,
) -> float:
    """Hero's average share in stud high (``low`` 0 or False), razz (1 or True) or
    stud eight-or-better (:data:`STUD_HILO`: half the pot to the best high, half to
    the best low of five different ranks eight or lower, all to the high without one).

    ``hero``: every card the hero holds. Opponent ``o`` shows ``up[o, :up_count[o]]``
    and holds ``hidden[o]`` cards face down; everybody is dealt up to
    ``final_count`` cards. ``strong[o]`` 1: their betting says their current cards
    hold a pair or better (razz: no pair, all eight or lower; eight-or-better:
    either); a hand without it is kept with probability ``leak``.
    """
    np.random.seed(seed)
    k = up.shape[0]
    used = np.zeros(52, np.bool_)
    _mark(used, hero)
    _mark(used, dead)
    for o in range(k):
        _mark(used, up[o, : up_count[o]])
    pool = _unseen(used)
    hands = np.empty((k, final_count), np.int64)
    mine = np.empty(final_count, np.int64)
    high = np.empty(k + 1, np.int64)
    low8 = np.empty(k + 1, np.int64)
    nh = hero.shape[0]
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            u = up_count[o]
            for i in range(u):
                hands[o, i] = up[o, i]
            now = u + hidden[o]
            for tries in range(TRIES):
                for i in range(hidden[o]):
                    hands[o, u + i] = _take(pool, m - i)
                ok = True
                if strong[o] > 0:
                    if low == STUD_HILO:
                        good = _smooth_low(hands[o], now, 6) or _pair_or_better(hands[o], now)
                    elif low:
                        good = _smooth_low(hands[o], now, 6)
                    else:
                        good = _pair_or_better(hands[o], now)
                    ok = good or np.random.random() < leak
                if ok or tries == TRIES - 1:
                    m -= hidden[o]
                    break
            for i in range(now, final_count):
                if m > 0:
                    hands[o, i] = _take(pool, m)
                    m -= 1
                else:
                    hands[o, i] = hands[o, 0]
        for i in range(nh):
            mine[i] = hero[i]
        for i in range(nh, final_count):
            mine[i] = _take(pool, m) if m > 0 else hero[0]
            m -= 1
        if low == STUD_HILO:
            high[0] = rank_high(mine, t)
            low8[0] = rank_low8(mine, t)
            for o in range(k):
                high[o + 1] = rank_high(hands[o], t)
                low8[o + 1] = rank_low8(hands[o], t)
            total += _split_share(high, low8)
            continue
        high[0] = rank_a5(mine, t) if low else rank_high(mine, t)
        for o in range(k):
            high[o + 1] = rank_a5(hands[o], t) if low else rank_high(hands[o], t)
            if high[o + 1] > high[0]:
                break  # the hero has lost: _high_share reads no further
        total += _high_share(high)
    return total / samples


@_njit
def _low_value(cards: I64, scheme: int, t: Any) -> int:
    return rank_a5(cards, t) if scheme == LOW_A5 else rank_27(cards, t)


@_njit
def _low_rank(card: int, scheme: int) -> int:
    """The rank of ``card`` for low: the ace counts 0 in ace-to-five, 13 in deuce-to-seven."""
    r = card >> 2
    if scheme == LOW_A5:
        return 0 if r == 12 else r + 1
    return r + 1 if r < 12 else 13


@_njit
def low_discard_mask(hand: I64, scheme: int, keep_top: int) -> int:
    """The standard lowball draw: keep one card of each rank at most ``keep_top``
    (low rank: ace 0 in ace-to-five; 2 = 1 ... K = 12), discard the rest."""
    seen = 0
    mask = 0
    for i in range(hand.shape[0]):
        r = _low_rank(hand[i], scheme)
        if r > keep_top or (seen >> r) & 1:
            mask |= 1 << i
        else:
            seen |= 1 << r
    return mask


@_njit
def lowball_equity(
    scheme: int,
    hero: I64,
    hero_mask: int,
    dead: I64,
    drawn: I64,
    keep_top: I64,
    strong: I64,
    leak: float,
    samples: int,
    seed: int,
    t: Any,
) -> float:
    """Hero's average share in draw lowball (``scheme`` :data:`LOW_A5` or :data:`LOW_27`).

    ``hero_mask``: positions the hero still exchanges. Per opponent: ``drawn[o]``
    the cards they exchanged in the last draw (-1: not yet: they will draw by
    :func:`low_discard_mask` with ``keep_top[o]``); their hand is kept only when
    the standard draw would have exchanged exactly that many; ``strong[o]`` 1:
    their betting says a final hand of eight-high or better (deuce-to-seven:
    nine-high or better), a weaker one kept with probability ``leak``.
    """
    np.random.seed(seed)
    k = drawn.shape[0]
    used = np.zeros(52, np.bool_)
    _mark(used, hero)
    _mark(used, dead)
    pool = _unseen(used)
    hand = np.empty(5, np.int64)
    values = np.empty(k + 1, np.int64)
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            for tries in range(TRIES):
                mm = m
                ok = True
                if drawn[o] >= 0:
                    # they kept 5 - drawn cards the standard draw keeps, then drew
                    kept = 5 - drawn[o]
                    mm = _deal(pool, mm, hand, 0, kept)
                    ok = low_discard_mask(hand[:kept], scheme, keep_top[o]) == 0
                    mm = _deal(pool, mm, hand, kept, 5)
                else:
                    mm = _deal(pool, mm, hand, 0, 5)
                    mm = _redraw(pool, mm, hand, low_discard_mask(hand, scheme, keep_top[o]), 5)
                if ok and strong[o] > 0:
                    top = 0
                    for i in range(5):
                        top = max(top, _low_rank(hand[i], scheme))
                    paired = _pair_or_better(hand, 5)
                    ok = (not paired and top <= (7 if scheme == LOW_A5 else 8)) or (
                        np.random.random() < leak
                    )
                if ok or tries == TRIES - 1:
                    values[o + 1] = _low_value(hand, scheme, t)
                    m = mm
                    break
        for i in range(5):
            hand[i] = hero[i]
        m = _redraw(pool, m, hand, hero_mask, 0)
        values[0] = _low_value(hand, scheme, t)
        total += _high_share(values)
    return total / samples
