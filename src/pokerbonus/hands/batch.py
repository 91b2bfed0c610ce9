"""Rank many hands at once: :func:`evaluate_batch`, the checked entry to the numba kernels.

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> hands = np.array([parse_cards("As Ks Qs Js Ts 2c 3d"), parse_cards("7c 5d 4h 3s 2c 9d Jh")])
>>> evaluate_batch(hands)  # a royal flush; jack-high (J 9 7 5 4)
array([7462,  172], dtype=int32)
>>> evaluate_batch(hands[:, :5], game="27")  # a royal flush is the worst 2-7 low, 7-5 the best
array([   1, 7462], dtype=int32)
"""

from __future__ import annotations

from typing import Any, Final

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import format_cards
from pokerbonus.errors import InvalidHandError, PokerError
from pokerbonus.hands.kernels import (
    GAME_CODES,
    batch_rank_checked,
    batch_rank_checked_parallel,
    checked_card_keys,
)
from pokerbonus.hands.tables import EvalTables, get_tables

__all__ = ["GAMES", "evaluate_batch"]

GAMES: Final = tuple(GAME_CODES)
"""Games of :func:`evaluate_batch`: ``high``, ``shortdeck``, ``a5``, ``low8``, ``27``."""


@numba.njit(cache=True, nogil=True)
def _first_bad_card(cards: npt.NDArray[np.integer[Any]], lowest: int) -> tuple[int, int, int]:
    """``(row, column, why)`` of the first card outside ``lowest..51`` (why 1) or
    repeated in its row (why 2); ``(-1, -1, 0)`` when every row is sound."""
    for row in range(cards.shape[0]):
        seen = np.uint64(0)
        for col in range(cards.shape[1]):
            card = cards[row, col]
            if card < lowest or card > 51:
                return row, col, 1
            bit = np.uint64(1) << np.uint64(card)
            if seen & bit:
                return row, col, 2
            seen |= bit
    return -1, -1, 0


_KEYS: dict[int, tuple[EvalTables, npt.NDArray[np.int64]]] = {}


def _keys(tables: EvalTables, lowest: int) -> npt.NDArray[np.int64]:
    """The checked loops' 256-entry key table for ``lowest``, made once per tables object."""
    cached = _KEYS.get(lowest)
    if cached is None or cached[0] is not tables:
        cached = (tables, checked_card_keys(tables, lowest))
        _KEYS[lowest] = cached
    return cached[1]


def _check_cards(cards: npt.NDArray[np.integer[Any]], game: str) -> None:
    """Raise :class:`InvalidHandError` for a card outside the game's deck or a repeated card.

    The slow, precise path (one compiled pass, a 52-bit mask per row): it runs
    only once the fused check of the ranking loop, or the range check of a wide
    dtype, found a bad row, and names the first one.
    """
    lowest = 16 if game == "shortdeck" else 0
    if cards.size == 0:
        return
    if not cards.dtype.isnative:
        cards = cards.astype(cards.dtype.newbyteorder("="))
    row, col, why = _first_bad_card(cards, lowest)
    if why == 2:
        text = format_cards(int(c) for c in cards[row])
        raise InvalidHandError(f"duplicate card in row {row}: {text!r}")
    if why == 1:
        value = int(cards[row, col])
        if value in (52, 53):
            reason = "jokers (52, 53) are not supported by the batch evaluator"
        elif 0 <= value < lowest:
            reason = "short-deck hold'em plays the 36 cards from 6 to A (indices 16..51)"
        else:
            reason = f"card indices are {lowest}..51"
        raise InvalidHandError(f"invalid card index {value} in row {row}, column {col}: {reason}")


def evaluate_batch(
    array: npt.ArrayLike, game: str = "high", *, parallel: bool = False
) -> npt.NDArray[np.int32]:
    """Rank every row of an ``(N, k)`` array of card indices (``k`` from 5 to 7).

    Returns ``N`` ``int32`` ranks, greater = stronger, of the best five of the
    ``k`` cards, in the shared scheme of ``game`` (``docs/CONTRIBUTING-NOTES.md``):
    ``high`` 1..7462, ``shortdeck`` 1..1404 (36-card deck, flush above full
    house), ``a5`` 1..6175, ``low8`` (the ``a5`` rank of a qualifying low, else 0)
    and ``27`` 1..7462. Any integer dtype is accepted; ``parallel`` spreads the
    rows over numba's threads.

    Raises :class:`InvalidHandError` for a wrong shape, ``k`` outside 5..7, a
    card outside the deck (jokers are not supported here), a repeated card in a
    row, or an unknown game.

    >>> evaluate_batch([[0, 4, 8, 12, 17]])  # 2c 3c 4c 5c 6d: a six-high straight
    array([5855], dtype=int32)
    >>> evaluate_batch([[0, 4, 8, 12, 52]])
    Traceback (most recent call last):
    ...
    pokerbonus.errors.InvalidHandError: invalid card index 52 in row 0, column 4: jokers (52, 53) \
are not supported by the batch evaluator
    """
    code = GAME_CODES.get(game)
    if code is None:
        raise InvalidHandError(f"unknown game {game!r} (expected one of {', '.join(GAMES)})")
    cards = np.asarray(array)
    if cards.dtype.kind not in "iu":
        raise InvalidHandError(f"card indices must be integers, got dtype {cards.dtype}")
    if cards.ndim != 2:
        raise InvalidHandError(f"expected an (N, k) array of card indices, got shape {cards.shape}")
    if not 5 <= cards.shape[1] <= 7:
        raise InvalidHandError(
            f"each hand must hold 5 to 7 cards, got {cards.shape[1]} (shape {cards.shape})"
        )
    lowest = 16 if game == "shortdeck" else 0
    out = np.empty(cards.shape[0], dtype=np.int32)
    if cards.size == 0:
        return out
    # The fused loops read the indices in place, as the unsigned integers of the
    # same size (a view: a negative index reads as a huge one, outside the deck):
    # no range pass and no cast of the whole array, and four compiled versions
    # (8, 16, 32 and 64 bits) serve every integer dtype. Only an array that is
    # not C-contiguous or not in native byte order is copied first.
    if not cards.dtype.isnative:
        cards = cards.astype(cards.dtype.newbyteorder("="))
    rows = np.ascontiguousarray(cards).view(f"u{cards.dtype.itemsize}")
    tables = get_tables()
    kernel = batch_rank_checked_parallel if parallel else batch_rank_checked
    # ranking and checking in one compiled pass; the precise error only on failure
    if not kernel(rows, code, tables, _keys(tables, lowest), out):
        _check_cards(cards, game)
        raise PokerError(f"internal error: the fused check rejected rows of {game!r} that pass")
    return out
