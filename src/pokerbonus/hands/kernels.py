"""Numba kernels of the batch evaluator: the building blocks for other njit code.

Every function here is compiled by ``numba.njit(cache=True)`` and can be called
from plain Python or from other njit functions (the equity engine does). They do
**no validation**: card indices must lie in ``0..51`` (``16..51`` for short deck),
without duplicates; use :func:`pokerbonus.hands.batch.evaluate_batch` for
checked input. ``t`` is always the :class:`~pokerbonus.hands.tables.EvalTables`
of :func:`get_tables` (a named tuple of numpy arrays, passed as an argument).

Rankers (``hand``: a 1-D integer array, or a view, of 5 to 7 card indices;
result: an ``int``, greater = stronger, best five of the cards, schemes of
``docs/CONTRIBUTING-NOTES.md``):

* ``rank_high(hand, t)``: 52-card high, 1..7462.
* ``rank_shortdeck(hand, t)``: 36-card short-deck hold'em (flush beats full house,
  ``A 6 7 8 9`` the lowest straight), 1..1404.
* ``rank_a5(hand, t)``: ace-to-five low, 1..6175 (6175 = ``5 4 3 2 A``).
* ``rank_low8(hand, t)``: the ``a5`` value when the best low qualifies (five
  different ranks, eight or lower), else 0.
* ``rank_27(hand, t)``: deuce-to-seven low, 1..7462 (7462 = ``7 5 4 3 2`` unsuited).

Omaha hand rule (exactly two of ``hole``, 4 or 5 cards, with exactly three of
``board``, 3 to 5 cards):

* ``rank_omaha_high(hole, board, t)``: best ``high`` value.
* ``rank_omaha_low8(hole, board, t)``: best ``low8`` value, 0 without a qualifying low.

Batch loops (used by ``evaluate_batch``): ``batch_rank(cards, game, t, out)`` and
its multi-threaded twin ``batch_rank_parallel``, ``game`` a code of :data:`GAME_CODES`.

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> t = get_tables()
>>> rank_high(np.array(parse_cards("As Ks Qs Js Ts 2c 3d")), t)
7462
>>> rank_high(np.array(parse_cards("7c 5d 4h 3s 2c")), t)
1
>>> rank_27(np.array(parse_cards("7c 5d 4h 3s 2c")), t)
7462
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.hands.tables import (
    FLUSH_BITS,
    FLUSH_TEST,
    ROW_SHIFT,
    SIZE_KEY,
    SUIT_SHIFT,
    EvalTables,
    get_tables,
)

__all__ = [
    "GAME_CODES",
    "EvalTables",
    "batch_rank",
    "batch_rank_parallel",
    "get_tables",
    "rank_27",
    "rank_a5",
    "rank_high",
    "rank_low8",
    "rank_omaha_high",
    "rank_omaha_low8",
    "rank_shortdeck",
]

GAME_CODES: Final = {"high": 0, "shortdeck": 1, "a5": 2, "low8": 3, "27": 4}
"""Game names accepted by the batch loops, with their integer codes."""

_F = TypeVar("_F", bound=Callable[..., Any])
_BASE: Final = 5 * SIZE_KEY
_LOW32: Final = 0xFFFFFFFF

IntArray = npt.NDArray[np.integer[Any]]


def _njit(function: _F) -> _F:
    """``numba.njit`` with the on-disk cache, keeping the function's type for mypy."""
    return cast(_F, numba.njit(cache=True)(function))


@_njit
def _slot(total: int, row_offset: npt.NDArray[np.int32]) -> int:
    """Slot of a key sum in the rank-multiset tables (the perfect hash)."""
    index = (total & _LOW32) - _BASE
    return index + row_offset[index >> ROW_SHIFT]  # type: ignore[no-any-return]


@_njit
def _flush_suit(total: int) -> int:
    """Suit (0..3) holding five cards or more, or -1, from a key sum."""
    bits = ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS
    if bits == 0:
        return -1
    if bits & 0x8:
        return 0
    if bits & 0x80:
        return 1
    if bits & 0x800:
        return 2
    return 3


@_njit
def _suit_mask(hand: IntArray, suit: int) -> int:
    """13-bit mask of the ranks of ``hand`` in ``suit``."""
    mask = 0
    for i in range(hand.shape[0]):
        card = hand[i]
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return mask


@_njit
def _key_sum(hand: IntArray, card_key: npt.NDArray[np.int64]) -> int:
    total = 0
    for i in range(hand.shape[0]):
        total += card_key[hand[i]]
    return total


@_njit
def rank_high(hand: IntArray, t: EvalTables) -> int:
    """Best five-card high value (1..7462) of 5 to 7 cards of a 52-card deck."""
    total = _key_sum(hand, t.card_key)
    value = t.multi_high[_slot(total, t.row_offset)]
    suit = _flush_suit(total)
    if suit >= 0:
        value = max(value, t.flush_high[_suit_mask(hand, suit)])
    return int(value)


@_njit
def rank_shortdeck(hand: IntArray, t: EvalTables) -> int:
    """Best five-card short-deck value (1..1404) of 5 to 7 cards six or higher."""
    total = _key_sum(hand, t.card_key)
    value = t.multi_shortdeck[_slot(total, t.row_offset)]
    suit = _flush_suit(total)
    if suit >= 0:
        value = max(value, t.flush_shortdeck[_suit_mask(hand, suit)])
    return int(value)


@_njit
def rank_a5(hand: IntArray, t: EvalTables) -> int:
    """Best ace-to-five low (1..6175, 6175 = the wheel) of 5 to 7 cards."""
    return int(t.multi_a5[_slot(_key_sum(hand, t.card_key), t.row_offset)])


@_njit
def rank_low8(hand: IntArray, t: EvalTables) -> int:
    """Best eight-or-better low: the ``a5`` value if it qualifies, else 0."""
    return int(t.multi_low8[_slot(_key_sum(hand, t.card_key), t.row_offset)])


@_njit
def _five_27(c0: int, c1: int, c2: int, c3: int, c4: int, t: EvalTables) -> int:
    """Deuce-to-seven value of exactly five cards."""
    key = t.card_key
    total = key[c0] + key[c1] + key[c2] + key[c3] + key[c4]
    if _flush_suit(total) >= 0:
        mask = (1 << (c0 >> 2)) | (1 << (c1 >> 2)) | (1 << (c2 >> 2))
        mask |= (1 << (c3 >> 2)) | (1 << (c4 >> 2))
        return int(t.flush_27[mask])
    return int(t.multi_27[_slot(total, t.row_offset)])


@_njit
def rank_27(hand: IntArray, t: EvalTables) -> int:
    """Best deuce-to-seven low (1..7462, 7462 = ``7 5 4 3 2`` unsuited) of 5 to 7 cards."""
    total = _key_sum(hand, t.card_key)
    if _flush_suit(total) < 0:
        return int(t.multi_27[_slot(total, t.row_offset)])
    n = hand.shape[0]
    if n == 5:
        return int(t.flush_27[_suit_mask(hand, _flush_suit(total))])
    # A flush hurts a low: some five-card subset may avoid it. Rare, so enumerate.
    best = 0
    for a in range(n - 4):
        for b in range(a + 1, n - 3):
            for c in range(b + 1, n - 2):
                for d in range(c + 1, n - 1):
                    for e in range(d + 1, n):
                        value = _five_27(hand[a], hand[b], hand[c], hand[d], hand[e], t)
                        best = max(best, value)
    return best


@_njit
def rank_omaha_high(hole: IntArray, board: IntArray, t: EvalTables) -> int:
    """Best ``high`` value of exactly two of ``hole`` (4-5 cards) and three of ``board`` (3-5)."""
    key = t.card_key
    nh = hole.shape[0]
    nb = board.shape[0]
    best = 0
    for a in range(nh - 1):
        for b in range(a + 1, nh):
            two = key[hole[a]] + key[hole[b]]
            for c in range(nb - 2):
                for d in range(c + 1, nb - 1):
                    for e in range(d + 1, nb):
                        total = two + key[board[c]] + key[board[d]] + key[board[e]]
                        if _flush_suit(total) >= 0:
                            mask = (1 << (hole[a] >> 2)) | (1 << (hole[b] >> 2))
                            mask |= (1 << (board[c] >> 2)) | (1 << (board[d] >> 2))
                            mask |= 1 << (board[e] >> 2)
                            value = int(t.flush_high[mask])
                        else:
                            value = int(t.multi_high[_slot(total, t.row_offset)])
                        best = max(best, value)
    return best


@_njit
def rank_omaha_low8(hole: IntArray, board: IntArray, t: EvalTables) -> int:
    """Best ``low8`` value with exactly two of ``hole`` and three of ``board``; 0 if none."""
    key = t.card_key
    nh = hole.shape[0]
    nb = board.shape[0]
    best = 0
    for a in range(nh - 1):
        for b in range(a + 1, nh):
            two = key[hole[a]] + key[hole[b]]
            for c in range(nb - 2):
                for d in range(c + 1, nb - 1):
                    for e in range(d + 1, nb):
                        total = two + key[board[c]] + key[board[d]] + key[board[e]]
                        best = max(best, int(t.multi_low8[_slot(total, t.row_offset)]))
    return best


@_njit
def _rank_game(hand: IntArray, game: int, t: EvalTables) -> int:
    if game == 0:
        return rank_high(hand, t)
    if game == 1:
        return rank_shortdeck(hand, t)
    if game == 2:
        return rank_a5(hand, t)
    if game == 3:
        return rank_low8(hand, t)
    return rank_27(hand, t)


@_njit
def batch_rank(cards: IntArray, game: int, t: EvalTables, out: npt.NDArray[np.int32]) -> None:
    """Rank every row of ``cards`` (N, k) into ``out`` (N,), one thread."""
    for i in range(cards.shape[0]):
        out[i] = _rank_game(cards[i], game, t)


def _parallel(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True, parallel=True)(function))


@_parallel
def batch_rank_parallel(
    cards: IntArray, game: int, t: EvalTables, out: npt.NDArray[np.int32]
) -> None:
    """Same as :func:`batch_rank` on all of numba's threads."""
    for i in numba.prange(cards.shape[0]):
        out[i] = _rank_game(cards[i], game, t)
