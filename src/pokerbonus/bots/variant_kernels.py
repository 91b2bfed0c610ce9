"""Numba kernels of the variant bots: showdown equity in the board games whose
pot is not one high hand on one board (short deck, double board, Omaha
high/low), and the badugi ranking, draw and equity.

The method is :mod:`pokerbonus.bots.equity_kernels`' (Monte Carlo, opponents'
hidden cards redealt until they fit their range, at most ``TRIES`` times); the
answer is the hero's average share of the pot at the showdown, ties and split
pots shared:

* :func:`board_equity` — hold'em high on one or two boards (each board half the
  pot), short-deck hold'em (36 cards), Omaha high/low (half the pot to the best
  high, half to the best eight-or-better low, all to the high without one), with
  the reads of :func:`hilo_level` that know the low where asked.
* :func:`badugi_value`, :func:`badugi_discard_mask`, :func:`badugi_draw_mask`,
  :func:`badugi_equity` — badugi.

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> t = get_tables()
>>> hero = np.array(parse_cards("As Ah"), dtype=np.int64)
>>> boards = np.zeros((2, 5), np.int64); none = np.zeros(0, np.int64)
>>> w = np.ones((1, 52, 52)); lv = np.zeros((1, 3), np.int64); lk = np.ones((1, 3))
>>> e = board_equity(RULE_SHORT, hero, boards[:1], 0, none, w, np.zeros(1), lv, lk, 2000, 1, t)
>>> 0.68 < e < 0.78  # aces hold less in short deck than in hold'em (0.85)
True
>>> badugi_value(np.array(parse_cards("4c 3d 2h As"), np.int64)) > badugi_value(
...     np.array(parse_cards("5c 3d 2h As"), np.int64))
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.bots.equity_kernels import (
    LOW_A5,
    TRIES,
    _deal,
    _high_share,
    _low_rank,
    _mark,
    _redraw,
    _split_share,
    _take,
    _unseen,
    made_level,
    omaha_score,
)
from pokerbonus.hands.kernels import (
    get_tables,
    rank_high,
    rank_omaha_high,
    rank_omaha_low8,
    rank_shortdeck,
)

__all__ = [
    "RULE_HIGH",
    "RULE_OMAHA_HILO",
    "RULE_SHORT",
    "badugi_discard_mask",
    "badugi_draw_mask",
    "badugi_equity",
    "badugi_value",
    "board_equity",
    "get_tables",
    "hilo_level",
    "hilo_score",
    "low_level",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
_F = TypeVar("_F", bound=Callable[..., Any])

RULE_HIGH: Final = 0
"""Two hole cards, best five of seven, 52 cards (on each board)."""
RULE_SHORT: Final = 1
"""Two hole cards, short-deck ranking, 36 cards (six to ace)."""
RULE_OMAHA_HILO: Final = 2
"""Omaha hand rule, high/low eight-or-better split (four or five hole cards)."""

_POWERS: Final = 13**4


def _njit(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(function))


@_njit
def hilo_score(hole: I64) -> float:
    """A rough 0..1 pre-flop strength of Omaha high/low hole cards: half the
    :func:`~pokerbonus.bots.equity_kernels.omaha_score`, plus the low cards that
    make the nut low (ace-deuce best, then ace-trey, deuce-trey) and a suited ace."""
    nh = hole.shape[0]
    seen = np.zeros(13, np.int64)  # by ace-low rank: ace 0, deuce 1 ... king 12
    ace_suits = 0
    for i in range(nh):
        r = (hole[i] >> 2) + 1
        r = 0 if r == 13 else r
        seen[r] += 1
        if r == 0:
            ace_suits |= 1 << (hole[i] & 3)
    score = 0.5 * omaha_score(hole)
    if seen[0] and seen[1]:
        score += 0.30
    elif seen[0] and seen[2]:
        score += 0.20
    elif seen[1] and seen[2]:
        score += 0.10
    elif seen[0]:
        score += 0.06
    lows = 0
    for r in range(8):
        if seen[r] > 0:
            lows += 1
    if lows >= 3:
        score += 0.05 * (lows - 2)
    if ace_suits:
        for i in range(nh):
            r = hole[i] >> 2
            if r != 12 and (ace_suits >> (hole[i] & 3)) & 1:
                score += 0.08
                break
    return min(max(score, 0.0), 1.0)


@_njit
def low_level(hole: I64, board: I64, nb: int, t: Any) -> int:
    """The low read of ``hole`` on the first ``nb`` (3..5) cards of ``board``
    (ranks ace-low: ace 0 ... eight 7):

    * 1: a low draw (two hole cards of different ranks ace to eight with at least
      two other low ranks on a board that is not complete) or a made low that is
      not among the two best possible;
    * 2: a made low among the two best lows the board allows (the nut low or the
      second nut low);
    * 0: neither.

    >>> from pokerbonus.cards import parse_cards
    >>> t = get_tables()
    >>> def level(hole: str, board: str) -> int:
    ...     b = np.array(parse_cards(board), np.int64)
    ...     return low_level(np.array(parse_cards(hole), np.int64), b, len(b), t)
    >>> level("As 2d Kc Jh", "7c 5d Qs")  # the nut low draw
    1
    >>> level("As 2d Kc Jh", "7c 5d 4s")  # the nut low
    2
    >>> level("7s 6d Kc Jh", "8c 5d 4s 2c")  # a made low, far from the nut
    1
    >>> level("Ts 9d Kc Jh", "8c 5d 4s")  # nothing
    0
    """
    board_ranks = 0
    for j in range(nb):
        r = _low_rank(board[j], LOW_A5)
        if r < 8:
            board_ranks |= 1 << r
    hole_ranks = 0
    for i in range(hole.shape[0]):
        r = _low_rank(hole[i], LOW_A5)
        if r < 8:
            hole_ranks |= 1 << r
    mine = rank_omaha_low8(hole, board[:nb], t)
    if mine > 0:
        # the two best lows: the best two hole ranks free of the board's low ranks
        # (ordered by the higher card first, 2-3, A-4 ...)
        better = 0
        for b in range(1, 8):
            for a in range(b):
                if (board_ranks >> a) & 1 or (board_ranks >> b) & 1:
                    continue
                if (hole_ranks >> a) & 1 and (hole_ranks >> b) & 1:
                    return 2 if better < 2 else 1
                better += 1
                if better >= 2:
                    return 1
        return 1
    if nb >= 5:
        return 0
    for a in range(8):
        if not (hole_ranks >> a) & 1:
            continue
        for b in range(a + 1, 8):
            if not (hole_ranks >> b) & 1:
                continue
            others = board_ranks & ~((1 << a) | (1 << b))
            count = 0
            for r in range(8):
                count += (others >> r) & 1
            if count >= 2:
                return 1
    return 0


@_njit
def hilo_level(hole: I64, board: I64, nb: int, t: Any) -> int:
    """What a bet may show in a high/low game: the greater of the high read
    (:func:`~pokerbonus.bots.equity_kernels.made_level`: a pair or a draw, top
    pair, two pair) and :func:`low_level`."""
    high = made_level(hole, board, nb, t)
    low = low_level(hole, board, nb, t)
    return high if high > low else low


@_njit
def board_equity(
    rule: int,
    hero: I64,
    boards: I64,
    known: int,
    dead: I64,
    weights: F64,
    min_score: F64,
    levels: I64,
    leaks: F64,
    samples: int,
    seed: int,
    t: Any,
    low_reads: bool = False,
) -> float:
    """Hero's average share of the pot under ``rule`` (:data:`RULE_HIGH`,
    :data:`RULE_SHORT`, :data:`RULE_OMAHA_HILO`).

    ``boards[b, :known]``: the cards of board ``b`` already dealt (one row per
    board; every board gets the same count); each board wins its share
    ``1 / boards`` of the pot. Ranges as
    :func:`~pokerbonus.bots.equity_kernels.community_equity`: two-card rules
    weigh a hand by ``weights[o, a, b]``; Omaha high/low keeps a hand whose
    :func:`hilo_score` is under ``min_score[o]`` with probability ``leaks[o, 0]``;
    ``levels[o, s]`` the least made level (on the first board) shown on the flop,
    turn and river, a weaker hand kept with probability ``leaks[o, s]``; the level
    is :func:`hilo_level` with ``low_reads`` (reads that know the low), else
    :func:`~pokerbonus.bots.equity_kernels.made_level`.
    """
    np.random.seed(seed)
    nh = hero.shape[0]
    nboards = boards.shape[0]
    k = weights.shape[0] if rule != RULE_OMAHA_HILO else min_score.shape[0]
    used = np.zeros(52, np.bool_)
    if rule == RULE_SHORT:
        used[:16] = True
    _mark(used, hero)
    for b in range(nboards):
        _mark(used, boards[b, :known])
    _mark(used, dead)
    pool = _unseen(used)
    first = boards[0, :known].copy()
    full = np.empty((nboards, 5), np.int64)
    full[:, :known] = boards[:, :known]
    holes = np.empty((k, nh), np.int64)
    cards = np.empty(7, np.int64)
    high = np.empty(k + 1, np.int64)
    low = np.empty(k + 1, np.int64)
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            for tries in range(TRIES):
                for i in range(nh):
                    holes[o, i] = _take(pool, m - i)
                if rule != RULE_OMAHA_HILO:
                    w = weights[o, holes[o, 0], holes[o, 1]]
                    ok = w >= 1.0 or np.random.random() < w
                else:
                    ok = hilo_score(holes[o]) >= min_score[o] or np.random.random() < leaks[o, 0]
                if ok:
                    for s in range(3):
                        if (
                            levels[o, s] > 0
                            and known >= s + 3
                            and (
                                hilo_level(holes[o], first, s + 3, t)
                                if low_reads
                                else made_level(holes[o], first, s + 3, t)
                            )
                            < levels[o, s]
                            and np.random.random() >= leaks[o, s]
                        ):
                            ok = False
                            break
                if ok or tries == TRIES - 1:
                    m -= nh
                    break
        for b in range(nboards):
            m = _deal(pool, m, full[b], known, 5)
        share = 0.0
        for b in range(nboards):
            for p in range(k + 1):
                hole = hero if p == 0 else holes[p - 1]
                if rule == RULE_OMAHA_HILO:
                    high[p] = rank_omaha_high(hole, full[b], t)
                    low[p] = rank_omaha_low8(hole, full[b], t)
                else:
                    cards[0] = hole[0]
                    cards[1] = hole[1]
                    for i in range(5):
                        cards[2 + i] = full[b, i]
                    if rule == RULE_SHORT:
                        high[p] = rank_shortdeck(cards, t)
                    else:
                        high[p] = rank_high(cards, t)
                    low[p] = 0
            share += _split_share(high, low) / nboards
        total += share
    return total / samples


@_njit
def _badugi_rank(card: int) -> int:
    """The ace-low rank of ``card``: ace 0, deuce 1 ... king 12."""
    r = (card >> 2) + 1
    return 0 if r == 13 else r


@_njit
def _subset_value(hand: I64, subset: int) -> int:
    """The badugi value of the cards of ``hand`` picked by bit mask ``subset``,
    or -1 when two of them share a suit or a rank."""
    suits = 0
    ranks = 0
    size = 0
    for i in range(hand.shape[0]):
        if subset >> i & 1:
            s = 1 << (hand[i] & 3)
            r = 1 << _badugi_rank(int(hand[i]))
            if suits & s or ranks & r:
                return -1
            suits |= s
            ranks |= r
            size += 1
    key = 0
    placed = 0
    for r in range(12, -1, -1):  # highest rank first, 13 values per place
        if ranks >> r & 1:
            key += r * 13 ** (3 - placed)
            placed += 1
    return size * _POWERS + (_POWERS - 1 - key)


@_njit
def badugi_value(hand: I64) -> int:
    """The value of the best badugi in ``hand`` (up to four cards): more cards is
    better, then the lower hand from the highest card down (ace low); greater is
    better, in the same order as :func:`pokerbonus.hands.low.badugi_best`."""
    best = 0
    for subset in range(1, 1 << hand.shape[0]):
        value = _subset_value(hand, subset)
        if value > best:
            best = value
    return best


@_njit
def badugi_discard_mask(hand: I64, keep_top: int) -> int:
    """The standard badugi draw: keep the best badugi made of cards of ace-low
    rank at most ``keep_top`` (ace 0, deuce 1 ... king 12), discard the rest."""
    n = hand.shape[0]
    allowed = 0
    for i in range(n):
        if _badugi_rank(int(hand[i])) <= keep_top:
            allowed |= 1 << i
    best = 0
    keep = 0
    for subset in range(1, 1 << n):
        if subset & ~allowed:
            continue
        value = _subset_value(hand, subset)
        if value > best:
            best = value
            keep = subset
    return int(((1 << n) - 1) & ~keep)


@_njit
def badugi_draw_mask(hand: I64, keep_top: int, pat_top: int) -> int:
    """The bots' badugi draw as a bit mask of the positions exchanged: stand pat
    (0) on a four-card badugi whose top card has ace-low rank at most ``pat_top``,
    else :func:`badugi_discard_mask` with ``keep_top``."""
    n = hand.shape[0]
    if n == 4 and _subset_value(hand, 15) >= 0:
        top = 0
        for i in range(n):
            top = max(top, _badugi_rank(int(hand[i])))
        if top <= pat_top:
            return 0
    return badugi_discard_mask(hand, keep_top)


@_njit
def _deal_badugi(pool: I64, m: int, hand: I64, stop: int, top: int) -> int:
    """Deal ``hand[:stop]`` from ``pool[:m]`` as a badugi of cards of ace-low rank
    at most ``top``: each card is drawn again (at most ``TRIES`` times) while it
    shares a suit or a rank with the ones before it or is higher than ``top``;
    returns the size of the pool left."""
    suits = 0
    ranks = 0
    for i in range(stop):
        for tries in range(TRIES):
            j = np.random.randint(0, m)
            card = pool[j]
            s = 1 << (card & 3)
            r = _badugi_rank(int(card))
            if (suits & s == 0 and ranks >> r & 1 == 0 and r <= top) or tries == TRIES - 1:
                pool[j] = pool[m - 1]
                pool[m - 1] = card
                m -= 1
                hand[i] = card
                suits |= s
                ranks |= 1 << r
                break
    return m


@_njit
def badugi_equity(
    hero: I64,
    hero_mask: int,
    hero_draws: int,
    dead: I64,
    drawn: I64,
    fit_top: I64,
    draws: I64,
    strong: I64,
    leak: float,
    fit_leak: float,
    keep_top: int,
    pat_top: int,
    samples: int,
    seed: int,
) -> float:
    """Hero's average share of the pot in badugi, every modelled draw played out.

    The hero makes ``hero_draws`` more draws: the first exchanges the positions
    of bit mask ``hero_mask``, the later ones follow :func:`badugi_draw_mask`
    with ``keep_top`` and ``pat_top``. Per opponent: ``drawn[o]`` the cards they
    exchanged in their last draw (-1: none yet), the cards they kept being ones
    :func:`badugi_discard_mask` with ``fit_top[o]`` keeps (any cards with
    probability ``fit_leak``: a player who does not draw by that table); ``strong[o]`` (0:
    none) the least badugi value their betting shows for the hand they hold
    now, a weaker one kept with probability ``leak``; then they make ``draws[o]``
    more draws by :func:`badugi_draw_mask`. The draws are played in turn, one
    round at a time, while the unseen cards last.
    """
    np.random.seed(seed)
    k = drawn.shape[0]
    used = np.zeros(52, np.bool_)
    _mark(used, hero)
    _mark(used, dead)
    pool = _unseen(used)
    hand = np.empty(4, np.int64)
    hands = np.empty((k, 4), np.int64)
    values = np.empty(k + 1, np.int64)
    rounds = hero_draws
    for o in range(k):
        rounds = max(rounds, draws[o])
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            for tries in range(TRIES):
                mm = m
                ok = True
                if drawn[o] >= 0:
                    kept = 4 - drawn[o]
                    if fit_leak < 1.0 and np.random.random() >= fit_leak:
                        mm = _deal_badugi(pool, mm, hand, kept, fit_top[o])
                    else:
                        mm = _deal(pool, mm, hand, 0, kept)
                    mm = _deal(pool, mm, hand, kept, 4)
                else:
                    mm = _deal(pool, mm, hand, 0, 4)
                if ok and strong[o] > 0 and badugi_value(hand) < strong[o]:
                    ok = np.random.random() < leak
                if ok or tries == TRIES - 1:
                    hands[o] = hand
                    m = mm
                    break
        hand[:] = hero
        for d in range(rounds):
            for o in range(k):
                if d < draws[o]:
                    m = _redraw(pool, m, hands[o], badugi_draw_mask(hands[o], keep_top, pat_top), 0)
            if d < hero_draws:
                mask = hero_mask if d == 0 else badugi_draw_mask(hand, keep_top, pat_top)
                m = _redraw(pool, m, hand, mask, 0)
        values[0] = badugi_value(hand)
        for o in range(k):
            values[o + 1] = badugi_value(hands[o])
        total += _high_share(values)
    return total / samples
