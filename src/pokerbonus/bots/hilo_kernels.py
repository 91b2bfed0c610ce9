"""Numba kernels of the Omaha high/low bots: what a bet shows when half the pot
goes to the low, and the split showdown equity against those reads.

In a high/low game a player who bets on the flop may hold a low as often as a
high hand. The hold'em read (:func:`~pokerbonus.bots.equity_kernels.made_level`:
a pair or a draw, top pair, two pair) would take every such bettor for a high
hand; :func:`hilo_level` also counts the low:

* 1: a low draw (two hole cards of different ranks ace to eight with at least two
  other low ranks on a board that is not complete) or a made low that is not
  among the two best possible;
* 2: a made low among the two best lows the board allows (the nut low or the
  second nut low);

and takes the greater of that and the high read. :func:`hilo_equity` is the
Omaha high/low showdown equity of
:func:`~pokerbonus.bots.variant_kernels.board_equity` with those reads.

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> t = get_tables()
>>> def level(hole: str, board: str) -> int:
...     b = np.array(parse_cards(board), np.int64)
...     return hilo_level(np.array(parse_cards(hole), np.int64), b, len(b), t)
>>> level("As 2d Kc Jh", "7c 5d Qs")  # the nut low draw (and no pair)
1
>>> level("As 2d Kc Jh", "7c 5d 4s")  # the nut low
2
>>> level("7s 6d Kc Jh", "8c 5d 4s 2c")  # a made low, far from the nut
1
>>> level("Ts 9d Kc Jh", "8c 5d 4s")  # nothing
0
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.bots.equity_kernels import (
    LOW_A5,
    TRIES,
    _deal,
    _low_rank,
    _mark,
    _split_share,
    _take,
    _unseen,
    made_level,
)
from pokerbonus.bots.variant_kernels import hilo_score
from pokerbonus.hands.kernels import get_tables, rank_omaha_high, rank_omaha_low8

__all__ = ["get_tables", "hilo_equity", "hilo_level", "low_level"]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
_F = TypeVar("_F", bound=Callable[..., Any])


def _njit(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True)(function))


@_njit
def low_level(hole: I64, board: I64, nb: int, t: Any) -> int:
    """The low read of ``hole`` on the first ``nb`` (3..5) cards of ``board``:
    0 none, 1 a low draw or a weak made low, 2 one of the two best made lows
    (ranks ace-low: ace 0 ... eight 7)."""
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
    """The greater of the high read (:func:`made_level`) and :func:`low_level`."""
    high = made_level(hole, board, nb, t)
    low = low_level(hole, board, nb, t)
    return high if high > low else low


@_njit
def hilo_equity(
    hero: I64,
    board: I64,
    min_score: F64,
    levels: I64,
    leaks: F64,
    samples: int,
    seed: int,
    t: Any,
) -> float:
    """Hero's average share of an Omaha high/low pot: ``board`` the cards dealt
    (0 to 5); each opponent ``o`` keeps a hand whose
    :func:`~pokerbonus.bots.variant_kernels.hilo_score` is under ``min_score[o]``
    with probability ``leaks[o, 0]``, and one whose :func:`hilo_level` is under
    ``levels[o, s]`` on the flop, turn or river with probability ``leaks[o, s]``.
    """
    np.random.seed(seed)
    nh = hero.shape[0]
    known = board.shape[0]
    k = min_score.shape[0]
    used = np.zeros(52, np.bool_)
    _mark(used, hero)
    _mark(used, board)
    pool = _unseen(used)
    full = np.empty(5, np.int64)
    full[:known] = board
    holes = np.empty((k, nh), np.int64)
    high = np.empty(k + 1, np.int64)
    low = np.empty(k + 1, np.int64)
    total = 0.0
    for _ in range(samples):
        m = pool.shape[0]
        for o in range(k):
            for tries in range(TRIES):
                for i in range(nh):
                    holes[o, i] = _take(pool, m - i)
                ok = hilo_score(holes[o]) >= min_score[o] or np.random.random() < leaks[o, 0]
                if ok:
                    for s in range(3):
                        if (
                            levels[o, s] > 0
                            and known >= s + 3
                            and hilo_level(holes[o], board, s + 3, t) < levels[o, s]
                            and np.random.random() >= leaks[o, s]
                        ):
                            ok = False
                            break
                if ok or tries == TRIES - 1:
                    m -= nh
                    break
        m = _deal(pool, m, full, known, 5)
        for p in range(k + 1):
            hole = hero if p == 0 else holes[p - 1]
            high[p] = rank_omaha_high(hole, full, t)
            low[p] = rank_omaha_low8(hole, full, t)
        total += _split_share(high, low)
    return total / samples
