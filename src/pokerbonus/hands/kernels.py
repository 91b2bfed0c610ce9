"""Numba kernels of the batch evaluator: the building blocks for other njit code.

Every function here is compiled by ``numba.njit(cache=True)`` and can be called
from plain Python or from other njit functions (the equity engine does). They do
**no validation** (the checked batch loops aside): card indices must lie in
``0..51`` (``16..51`` for short deck), without duplicates; use
:func:`pokerbonus.hands.batch.evaluate_batch` for checked input. ``t`` is always
the :class:`~pokerbonus.hands.tables.EvalTables` of :func:`get_tables` (a named
tuple of numpy arrays, passed as an argument).

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

Batch loops: ``batch_rank(cards, game, t, out)`` and its multi-threaded twin
``batch_rank_parallel``, ``game`` a code of :data:`GAME_CODES`. The checked
twins ``batch_rank_checked(cards, game, t, key, out)`` and
``batch_rank_checked_parallel`` (used by ``evaluate_batch``) take rows of
unsigned integers (8 to 64 bits) and the 256 keys of :func:`checked_card_keys`,
check every row while ranking it and return ``False`` when some row holds a
repeated card or an index outside the deck (they never read outside the
tables, whatever the values).

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
    "POISON_KEY",
    "EvalTables",
    "batch_rank",
    "batch_rank_checked",
    "batch_rank_checked_parallel",
    "batch_rank_parallel",
    "checked_card_keys",
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

POISON_KEY: Final = 1 << 56
"""Key of a byte outside the deck in :func:`checked_card_keys` (seven stay below bit 59)."""

IntArray = npt.NDArray[np.integer[Any]]
I64 = npt.NDArray[np.int64]
I32 = npt.NDArray[np.int32]
U16 = npt.NDArray[np.uint16]


def _njit(function: _F) -> _F:
    """``numba.njit`` with the on-disk cache, keeping the function's type for mypy."""
    return cast(_F, numba.njit(cache=True)(function))


# Numba note: every ranker takes its arrays out of ``t`` once, at the top, and
# then does plain arithmetic; an array taken from ``t`` inside a branch, or a
# helper called with arrays, costs reference counting on every call (about ten
# times slower per hand).


@_njit
def _suit_offset(total: int) -> int:
    """``16 * suit`` of the suit holding five cards or more, or -1, from a key sum."""
    bits = ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS
    if bits == 0:
        return -1
    if bits & 0x8:
        return 0
    if bits & 0x80:
        return 16
    if bits & 0x800:
        return 32
    return 48


@_njit
def _suited_bit(card: int) -> int:
    """Bit ``16 * suit + rank`` of a card: OR them, shift by 16 * suit, keep 13 bits."""
    return 1 << (((card & 3) << 4) + (card >> 2))


@_njit
def rank_high(hand: IntArray, t: EvalTables) -> int:
    """Best five-card high value (1..7462) of 5 to 7 cards of a 52-card deck."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_high
    flush = t.flush_high
    total = 0
    suited = 0
    for i in range(hand.shape[0]):
        card = int(hand[i])
        total += key[card]
        suited |= _suited_bit(card)
    index = (total & _LOW32) - _BASE
    value = int(multi[index + offsets[index >> ROW_SHIFT]])
    shift = _suit_offset(total)
    if shift >= 0:
        value = max(value, int(flush[(suited >> shift) & 0x1FFF]))
    return value


@_njit
def rank_shortdeck(hand: IntArray, t: EvalTables) -> int:
    """Best five-card short-deck value (1..1404) of 5 to 7 cards six or higher."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_shortdeck
    flush = t.flush_shortdeck
    total = 0
    suited = 0
    for i in range(hand.shape[0]):
        card = int(hand[i])
        total += key[card]
        suited |= _suited_bit(card)
    index = (total & _LOW32) - _BASE
    value = int(multi[index + offsets[index >> ROW_SHIFT]])
    shift = _suit_offset(total)
    if shift >= 0:
        value = max(value, int(flush[(suited >> shift) & 0x1FFF]))
    return value


@_njit
def _multiset_value(hand: IntArray, key: I64, offsets: I32, multi: U16) -> int:
    total = 0
    for i in range(hand.shape[0]):
        total += key[hand[i]]
    index = (total & _LOW32) - _BASE
    return int(multi[index + offsets[index >> ROW_SHIFT]])


@_njit
def rank_a5(hand: IntArray, t: EvalTables) -> int:
    """Best ace-to-five low (1..6175, 6175 = the wheel) of 5 to 7 cards."""
    return _multiset_value(hand, t.card_key, t.row_offset, t.multi_a5)


@_njit
def rank_low8(hand: IntArray, t: EvalTables) -> int:
    """Best eight-or-better low: the ``a5`` value if it qualifies, else 0."""
    return _multiset_value(hand, t.card_key, t.row_offset, t.multi_low8)


@_njit
def rank_27(hand: IntArray, t: EvalTables) -> int:
    """Best deuce-to-seven low (1..7462, 7462 = ``7 5 4 3 2`` unsuited) of 5 to 7 cards."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_27
    flush = t.flush_27
    n = hand.shape[0]
    total = 0
    suited = 0
    for i in range(n):
        card = int(hand[i])
        total += key[card]
        suited |= _suited_bit(card)
    index = (total & _LOW32) - _BASE
    value = int(multi[index + offsets[index >> ROW_SHIFT]])
    shift = _suit_offset(total)
    if shift >= 0 and n == 5:
        value = int(flush[(suited >> shift) & 0x1FFF])
    elif shift >= 0:
        # A flush hurts a low and a five-card subset may avoid it: enumerate (rare).
        value = 0
        for a in range(n - 4):
            for b in range(a + 1, n - 3):
                for c in range(b + 1, n - 2):
                    for d in range(c + 1, n - 1):
                        for e in range(d + 1, n):
                            total = key[hand[a]] + key[hand[b]] + key[hand[c]]
                            total += key[hand[d]] + key[hand[e]]
                            shift = _suit_offset(total)
                            if shift >= 0:
                                suited = _suited_bit(int(hand[a])) | _suited_bit(int(hand[b]))
                                suited |= _suited_bit(int(hand[c])) | _suited_bit(int(hand[d]))
                                suited |= _suited_bit(int(hand[e]))
                                five = int(flush[(suited >> shift) & 0x1FFF])
                            else:
                                index = (total & _LOW32) - _BASE
                                five = int(multi[index + offsets[index >> ROW_SHIFT]])
                            value = max(value, five)
    return value


@_njit
def rank_omaha_high(hole: IntArray, board: IntArray, t: EvalTables) -> int:
    """Best ``high`` value of exactly two of ``hole`` (4-5 cards) and three of ``board`` (3-5)."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_high
    flush = t.flush_high
    nh = hole.shape[0]
    nb = board.shape[0]
    best = 0
    for a in range(nh - 1):
        for b in range(a + 1, nh):
            two = key[hole[a]] + key[hole[b]]
            two_bits = _suited_bit(int(hole[a])) | _suited_bit(int(hole[b]))
            for c in range(nb - 2):
                for d in range(c + 1, nb - 1):
                    for e in range(d + 1, nb):
                        total = two + key[board[c]] + key[board[d]] + key[board[e]]
                        shift = _suit_offset(total)
                        if shift >= 0:
                            suited = two_bits | _suited_bit(int(board[c]))
                            suited |= _suited_bit(int(board[d])) | _suited_bit(int(board[e]))
                            value = int(flush[(suited >> shift) & 0x1FFF])
                        else:
                            index = (total & _LOW32) - _BASE
                            value = int(multi[index + offsets[index >> ROW_SHIFT]])
                        best = max(best, value)
    return best


@_njit
def rank_omaha_low8(hole: IntArray, board: IntArray, t: EvalTables) -> int:
    """Best ``low8`` value with exactly two of ``hole`` and three of ``board``; 0 if none."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_low8
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
                        index = (total & _LOW32) - _BASE
                        best = max(best, int(multi[index + offsets[index >> ROW_SHIFT]]))
    return best


@_njit
def _row_mask(cards: IntArray, i: int, suit: int) -> int:
    """13-bit mask of the ranks in ``suit`` of row ``i`` of ``cards``."""
    mask = 0
    for j in range(cards.shape[1]):
        card = cards[i, j]
        if card & 3 == suit:
            mask |= 1 << (card >> 2)
    return mask


# The batch loops below are written flat on purpose: the tables are taken out of
# ``t`` once, before the loop, and the key sum is unrolled. Calling a helper that
# takes arrays inside the loop costs about ten times more per hand in numba.


@_njit
def _rows_high(
    cards: IntArray, key: I64, offsets: I32, multi: U16, flush: U16, out: I32, lo: int, hi: int
) -> None:
    """High (and short-deck, with its tables) values of rows ``lo..hi``."""
    k = cards.shape[1]
    for i in range(lo, hi):
        total = key[cards[i, 0]] + key[cards[i, 1]] + key[cards[i, 2]]
        total += key[cards[i, 3]] + key[cards[i, 4]]
        if k > 5:
            total += key[cards[i, 5]]
            if k > 6:
                total += key[cards[i, 6]]
        index = (total & _LOW32) - _BASE
        value = multi[index + offsets[index >> ROW_SHIFT]]
        if ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS:
            value = max(value, flush[_row_mask(cards, i, _suit_offset(total) >> 4)])
        out[i] = value


@_njit
def _rows_multiset(
    cards: IntArray, key: I64, offsets: I32, multi: U16, out: I32, lo: int, hi: int
) -> None:
    """Values of rows ``lo..hi`` in a game where suits do not matter (a5, low8)."""
    k = cards.shape[1]
    for i in range(lo, hi):
        total = key[cards[i, 0]] + key[cards[i, 1]] + key[cards[i, 2]]
        total += key[cards[i, 3]] + key[cards[i, 4]]
        if k > 5:
            total += key[cards[i, 5]]
            if k > 6:
                total += key[cards[i, 6]]
        index = (total & _LOW32) - _BASE
        out[i] = multi[index + offsets[index >> ROW_SHIFT]]


@_njit
def _rows_27(cards: IntArray, t: EvalTables, out: I32, lo: int, hi: int) -> None:
    """Deuce-to-seven values of rows ``lo..hi`` (flushes go the slow, exact way)."""
    key = t.card_key
    offsets = t.row_offset
    multi = t.multi_27
    k = cards.shape[1]
    for i in range(lo, hi):
        total = key[cards[i, 0]] + key[cards[i, 1]] + key[cards[i, 2]]
        total += key[cards[i, 3]] + key[cards[i, 4]]
        if k > 5:
            total += key[cards[i, 5]]
            if k > 6:
                total += key[cards[i, 6]]
        if ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS:
            out[i] = rank_27(cards[i], t)
        else:
            index = (total & _LOW32) - _BASE
            out[i] = multi[index + offsets[index >> ROW_SHIFT]]


@_njit
def _rank_rows(cards: IntArray, game: int, t: EvalTables, out: I32, lo: int, hi: int) -> None:
    """Rank rows ``lo..hi`` of ``cards`` into ``out`` with the loop of ``game``."""
    if game == 0:
        _rows_high(cards, t.card_key, t.row_offset, t.multi_high, t.flush_high, out, lo, hi)
    elif game == 1:
        _rows_high(
            cards, t.card_key, t.row_offset, t.multi_shortdeck, t.flush_shortdeck, out, lo, hi
        )
    elif game == 2:
        _rows_multiset(cards, t.card_key, t.row_offset, t.multi_a5, out, lo, hi)
    elif game == 3:
        _rows_multiset(cards, t.card_key, t.row_offset, t.multi_low8, out, lo, hi)
    else:
        _rows_27(cards, t, out, lo, hi)


@_njit
def batch_rank(cards: IntArray, game: int, t: EvalTables, out: npt.NDArray[np.int32]) -> None:
    """Rank every row of ``cards`` (N, k) into ``out`` (N,), one thread."""
    _rank_rows(cards, game, t, out, 0, cards.shape[0])


def _parallel(function: _F) -> _F:
    return cast(_F, numba.njit(cache=True, parallel=True)(function))


_BLOCK: Final = 1 << 14


@_parallel
def batch_rank_parallel(
    cards: IntArray, game: int, t: EvalTables, out: npt.NDArray[np.int32]
) -> None:
    """Same as :func:`batch_rank`, blocks of rows spread over numba's threads."""
    n = cards.shape[0]
    blocks = (n + _BLOCK - 1) // _BLOCK
    for b in numba.prange(blocks):
        _rank_rows(cards, game, t, out, b * _BLOCK, min(n, (b + 1) * _BLOCK))


# Checked loops: the same ranking fused with the input check, for rows of
# unsigned integers of any size (``evaluate_batch`` views a signed array as the
# unsigned one of the same size, so a negative index reads as a huge one), so
# that no range pass or cast of the whole array is needed. Each card is read as
# a ``uint64``: the OR of a row's cards shows a value past 255, and the key
# table is read at the low byte. While each card's
# key is loaded, its bit ``1 << card`` is OR-ed into ``seen``: a repeated card
# leaves fewer than ``k`` bits set. A byte outside the deck reads ``POISON_KEY``
# from the 256-entry key table of :func:`checked_card_keys`, which shows above
# bit 48 of the sum. Every table index is clamped, so a bad row reads a garbage
# value but never outside the arrays; the caller discards the output when the
# returned flag is non-zero. Indices are cast to ``uint64`` where they are known
# to be in range: numba then skips its negative-index wrap-around. For ``uint8``
# rows LLVM drops the byte masks and the wide check.


def checked_card_keys(t: EvalTables, lowest: int) -> I64:
    """The 256 keys of every byte for the checked loops: ``card_key`` for ``lowest..51``,
    :data:`POISON_KEY` for the other bytes.

    >>> keys = checked_card_keys(get_tables(), 16)
    >>> keys.shape, int(keys[15]) == POISON_KEY, int(keys[16]) == int(get_tables().card_key[16])
    ((256,), True, True)
    """
    keys = np.full(256, POISON_KEY, dtype=np.int64)
    keys[lowest:52] = t.card_key[lowest:52]
    return keys


@_njit
def _popcount(x: np.uint64) -> int:
    """Set bits of ``x`` (LLVM turns this into one ``popcnt`` instruction)."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


_BYTE: Final = np.uint64(0xFF)


@_njit
def _bit(card: np.uint64) -> np.uint64:
    """Bit ``card % 64`` of a row's mask of cards (cards 0..51 each get their own bit)."""
    return np.uint64(1) << (card & np.uint64(63))


@_njit
def _past_byte(wide: np.uint64) -> int:
    """Non-zero when one of the cards OR-ed into ``wide`` lies outside 0..255."""
    return int(wide >> np.uint64(8))


@_njit
def _rows_high_checked(
    cards: IntArray, key: I64, offsets: I32, multi: U16, flush: U16, out: I32, lo: int, hi: int
) -> int:
    """:func:`_rows_high` fused with the input check; non-zero when some row is unsound."""
    k = cards.shape[1]
    last_index = (offsets.shape[0] << ROW_SHIFT) - 1
    last_slot = multi.shape[0] - 1
    bad = 0
    for i in range(lo, hi):
        c0 = np.uint64(cards[i, 0])
        c1 = np.uint64(cards[i, 1])
        c2 = np.uint64(cards[i, 2])
        c3 = np.uint64(cards[i, 3])
        c4 = np.uint64(cards[i, 4])
        wide = c0 | c1 | c2 | c3 | c4
        total = key[c0 & _BYTE] + key[c1 & _BYTE] + key[c2 & _BYTE]
        total += key[c3 & _BYTE] + key[c4 & _BYTE]
        seen = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4)
        if k > 5:
            c5 = np.uint64(cards[i, 5])
            wide |= c5
            total += key[c5 & _BYTE]
            seen |= _bit(c5)
            if k > 6:
                c6 = np.uint64(cards[i, 6])
                wide |= c6
                total += key[c6 & _BYTE]
                seen |= _bit(c6)
        flag = (_popcount(seen) ^ k) | (total >> 48) | _past_byte(wide)
        bad |= flag
        index = min(max((total & _LOW32) - _BASE, 0), last_index)
        slot = min(index + offsets[np.uint64(index >> ROW_SHIFT)], last_slot)
        value = multi[np.uint64(slot)]
        if ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS:
            mask = _row_mask(cards, i, _suit_offset(total) >> 4) & 0x1FFF
            value = max(value, flush[mask])
        out[i] = value
    return bad


@_njit
def _rows_multiset_checked(
    cards: IntArray, key: I64, offsets: I32, multi: U16, out: I32, lo: int, hi: int
) -> int:
    """:func:`_rows_multiset` fused with the input check; non-zero when some row is unsound."""
    k = cards.shape[1]
    last_index = (offsets.shape[0] << ROW_SHIFT) - 1
    last_slot = multi.shape[0] - 1
    bad = 0
    for i in range(lo, hi):
        c0 = np.uint64(cards[i, 0])
        c1 = np.uint64(cards[i, 1])
        c2 = np.uint64(cards[i, 2])
        c3 = np.uint64(cards[i, 3])
        c4 = np.uint64(cards[i, 4])
        wide = c0 | c1 | c2 | c3 | c4
        total = key[c0 & _BYTE] + key[c1 & _BYTE] + key[c2 & _BYTE]
        total += key[c3 & _BYTE] + key[c4 & _BYTE]
        seen = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4)
        if k > 5:
            c5 = np.uint64(cards[i, 5])
            wide |= c5
            total += key[c5 & _BYTE]
            seen |= _bit(c5)
            if k > 6:
                c6 = np.uint64(cards[i, 6])
                wide |= c6
                total += key[c6 & _BYTE]
                seen |= _bit(c6)
        flag = (_popcount(seen) ^ k) | (total >> 48) | _past_byte(wide)
        bad |= flag
        index = min(max((total & _LOW32) - _BASE, 0), last_index)
        slot = min(index + offsets[np.uint64(index >> ROW_SHIFT)], last_slot)
        out[i] = multi[np.uint64(slot)]
    return bad


@_njit
def _rows_27_checked(cards: IntArray, key: I64, t: EvalTables, out: I32, lo: int, hi: int) -> int:
    """:func:`_rows_27` fused with the input check; non-zero when some row is unsound."""
    offsets = t.row_offset
    multi = t.multi_27
    k = cards.shape[1]
    last_index = (offsets.shape[0] << ROW_SHIFT) - 1
    last_slot = multi.shape[0] - 1
    bad = 0
    for i in range(lo, hi):
        c0 = np.uint64(cards[i, 0])
        c1 = np.uint64(cards[i, 1])
        c2 = np.uint64(cards[i, 2])
        c3 = np.uint64(cards[i, 3])
        c4 = np.uint64(cards[i, 4])
        wide = c0 | c1 | c2 | c3 | c4
        total = key[c0 & _BYTE] + key[c1 & _BYTE] + key[c2 & _BYTE]
        total += key[c3 & _BYTE] + key[c4 & _BYTE]
        seen = _bit(c0) | _bit(c1) | _bit(c2) | _bit(c3) | _bit(c4)
        if k > 5:
            c5 = np.uint64(cards[i, 5])
            wide |= c5
            total += key[c5 & _BYTE]
            seen |= _bit(c5)
            if k > 6:
                c6 = np.uint64(cards[i, 6])
                wide |= c6
                total += key[c6 & _BYTE]
                seen |= _bit(c6)
        flag = (_popcount(seen) ^ k) | (total >> 48) | _past_byte(wide)
        bad |= flag
        if ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS:
            out[i] = rank_27(cards[i], t) if flag == 0 else 0
        else:
            index = min(max((total & _LOW32) - _BASE, 0), last_index)
            slot = min(index + offsets[np.uint64(index >> ROW_SHIFT)], last_slot)
            out[i] = multi[np.uint64(slot)]
    return bad


@_njit
def _rank_rows_checked(
    cards: IntArray, game: int, t: EvalTables, key: I64, out: I32, lo: int, hi: int
) -> int:
    """Checked ranking of rows ``lo..hi`` with the loop of ``game``; non-zero flag if unsound."""
    if game == 0:
        return _rows_high_checked(cards, key, t.row_offset, t.multi_high, t.flush_high, out, lo, hi)
    if game == 1:
        return _rows_high_checked(
            cards, key, t.row_offset, t.multi_shortdeck, t.flush_shortdeck, out, lo, hi
        )
    if game == 2:
        return _rows_multiset_checked(cards, key, t.row_offset, t.multi_a5, out, lo, hi)
    if game == 3:
        return _rows_multiset_checked(cards, key, t.row_offset, t.multi_low8, out, lo, hi)
    return _rows_27_checked(cards, key, t, out, lo, hi)


@_njit
def batch_rank_checked(cards: IntArray, game: int, t: EvalTables, key: I64, out: I32) -> bool:
    """:func:`batch_rank` of unsigned integer rows that checks them on the way, one thread.

    ``key`` is :func:`checked_card_keys` for the game's lowest card (16 for short
    deck, else 0). Returns ``True`` when every row holds distinct cards of the
    deck; ``False`` means some row does not and ``out`` is garbage (no memory
    outside the tables is read either way).
    """
    return _rank_rows_checked(cards, game, t, key, out, 0, cards.shape[0]) == 0


@_parallel
def batch_rank_checked_parallel(
    cards: IntArray, game: int, t: EvalTables, key: I64, out: I32
) -> bool:
    """Same as :func:`batch_rank_checked`, blocks of rows spread over numba's threads."""
    n = cards.shape[0]
    blocks = (n + _BLOCK - 1) // _BLOCK
    flags = np.empty(blocks, dtype=np.int64)
    for b in numba.prange(blocks):
        flags[b] = _rank_rows_checked(
            cards, game, t, key, out, b * _BLOCK, min(n, (b + 1) * _BLOCK)
        )
    return not flags.any()
