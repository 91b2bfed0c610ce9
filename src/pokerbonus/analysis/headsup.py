"""Heads-up preflop hold'em equity from a table: every matchup, without the kernels.

Two known hold'em hands, no board and no dead cards: the question a person asks
most (``pokerbonus equity AhKh QsQc``), and one whose exact answer walks all
1,712,304 boards. Those answers are few: up to a renaming of the suits and the
order of the two hands there are 47,008 matchups, and
``data/headsup-preflop-v1.bin`` holds the exact counts of each (the runouts won
by each hand; the rest are ties), computed by the equity kernels themselves
(``python -m pokerbonus.analysis.headsup_build``, about 20 minutes). Reading
the table needs neither numpy nor numba, whose import and compiled code cost a
command about a second for a 15 ms computation.

:func:`table_equity` is the one fast path: :func:`pokerbonus.analysis.equity`
asks it first (and so does the command line, through it), and it answers
``None`` for every other question. The file is checked against its SHA-256
(:data:`TABLE_SHA256`) when read: a damaged file warns once (a missing one says
nothing) and the kernels answer instead, with the same result.

Turning the table off (to time or test the kernels): the environment variable
``POKERBONUS_EQUITY_TABLE=off`` (also ``0``, ``no``, ``false``).

>>> r = table_equity(["AhKh", "QsQc"])
>>> r.n, r.wins, r.ties, f"{r.equity[0]:.6f}"
(1712304, (787966, 917606), (6732, 6732), '0.462145')
>>> table_equity(["AhKh", "QsQc"], board="2c 7d 9h") is None  # not preflop: the kernels
True
"""

from __future__ import annotations

import bisect
import hashlib
import os
import sys
import warnings
from array import array
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate, permutations
from pathlib import Path
from typing import Final

from pokerbonus.analysis.result import POT_UNITS, EquityResult, make_result
from pokerbonus.cards import CardsLike, parse_cards
from pokerbonus.errors import InvalidCardError

__all__ = [
    "BOARDS",
    "TABLE_ENV",
    "TABLE_FILE",
    "TABLE_MAGIC",
    "TABLE_SHA256",
    "canonical",
    "read_table",
    "table_enabled",
    "table_equity",
]

TABLE_FILE: Final = Path(__file__).with_name("data") / "headsup-preflop-v1.bin"
"""The table: :data:`TABLE_MAGIC`, then zlib-compressed little-endian ``uint32``
columns: the count, the canonical keys (the first, then each one's difference
from the previous, ascending), the runouts won by the first hand, those won by
the second."""

TABLE_MAGIC: Final = b"PBHU1\n"
"""The first bytes of the table file (its format's version)."""

TABLE_SHA256: Final = "5ab71d791bd89b73e66932da93d3d1acec560ab6cfb48492a3187c583e4d2fc2"
"""SHA-256 of :data:`TABLE_FILE` as built; any other content is refused."""

TABLE_ENV: Final = "POKERBONUS_EQUITY_TABLE"
"""Environment variable: ``off`` (``0``, ``no``, ``false``) turns the table off."""

BOARDS: Final = 1_712_304
"""Boards of a heads-up preflop matchup: 5 cards of the 48 left, C(48, 5)."""

_OFF: Final = frozenset({"off", "0", "no", "false"})
_HALF: Final = POT_UNITS // 2
_MAPS: Final = tuple(
    tuple(4 * (c >> 2) + perm[c & 3] for c in range(52)) for perm in permutations(range(4))
)
"""Each of the 24 renamings of the suits, as a map of the 52 cards."""


def table_enabled() -> bool:
    """Whether :func:`table_equity` may answer (see :data:`TABLE_ENV`)."""
    return os.environ.get(TABLE_ENV, "").strip().lower() not in _OFF


def _hand_key(one: int, two: int) -> int:
    return one << 6 | two if one > two else two << 6 | one


def canonical(first: Sequence[int], second: Sequence[int]) -> tuple[int, bool]:
    """The key of a matchup of two hold'em hands (card indices) up to the suits'
    names and the hands' order, and whether the key's first hand is ``second``.

    A hand's key is ``high << 6 | low`` of its two cards; a matchup's is
    ``first << 12 | second``, the smallest over every renaming of the suits and
    both orders (the table's keys are these).

    >>> from pokerbonus.cards import parse_cards as p
    >>> canonical(p("AhKh"), p("QsQc"))[0] == canonical(p("QdQh"), p("AcKc"))[0]
    True
    >>> canonical(p("AhKh"), p("QsQc"))[1], canonical(p("QdQh"), p("AcKc"))[1]
    (True, False)
    """
    a1, a2 = first
    b1, b2 = second
    best = 1 << 24
    swapped = False
    for m in _MAPS:
        ka = _hand_key(m[a1], m[a2])
        kb = _hand_key(m[b1], m[b2])
        key = ka << 12 | kb
        if key < best:
            best, swapped = key, False
        key = kb << 12 | ka
        if key < best:
            best, swapped = key, True
    return best, swapped


def read_table(
    path: Path = TABLE_FILE, sha256: str = TABLE_SHA256
) -> tuple[array[int], array[int], array[int]] | None:
    """The table's columns (keys ascending, wins of the first hand, of the second),
    or ``None`` when the file is missing, or (with a warning) is not ``sha256``
    or cannot be read: the kernels answer instead."""
    try:
        data = path.read_bytes()
    except OSError:  # not shipped (a checkout before its build): the kernels answer
        return None
    if hashlib.sha256(data).hexdigest() != sha256 or not data.startswith(TABLE_MAGIC):
        warnings.warn(
            f"heads-up equity table {path} is damaged (SHA-256 differs); using the kernels",
            stacklevel=3,
        )
        return None
    import zlib

    raw = array("I")
    try:
        raw.frombytes(zlib.decompress(data[len(TABLE_MAGIC) :]))
    except (zlib.error, ValueError) as exc:
        warnings.warn(f"heads-up equity table {path} unreadable ({exc})", stacklevel=3)
        return None
    if sys.byteorder != "little":
        raw.byteswap()
    count = raw[0] if raw else 0
    if raw.itemsize != 4 or len(raw) != 1 + 3 * count:
        warnings.warn(f"heads-up equity table {path} has a wrong size", stacklevel=3)
        return None
    keys = array("I", accumulate(raw[1 : 1 + count]))
    return keys, raw[1 + count : 1 + 2 * count], raw[1 + 2 * count :]


@lru_cache(maxsize=1)
def _table() -> tuple[array[int], array[int], array[int]] | None:
    return read_table()


def _two_cards(hand: str | CardsLike) -> tuple[int, int] | None:
    try:
        cards = parse_cards(hand)
    except (InvalidCardError, TypeError, ValueError):
        return None
    if len(cards) != 2 or max(cards) >= 52:
        return None
    return int(cards[0]), int(cards[1])


def table_equity(
    hands: Sequence[str | CardsLike],
    board: CardsLike = "",
    game: str = "holdem",
    dead: CardsLike = "",
    exact: bool | None = None,
) -> EquityResult | None:
    """The exact equity of two known hold'em hands before the flop, from the table;
    ``None`` for any other question (a board, dead cards, a range, Monte Carlo
    asked with ``exact=False``, another game, more hands, cards that cannot be
    dealt together), for the table off (:data:`TABLE_ENV`) or unreadable: the
    kernels then answer (and say what is wrong with the question)."""
    if game != "holdem" or exact is False or len(hands) != 2 or isinstance(hands, str):
        return None
    if not table_enabled():
        return None
    first, second = _two_cards(hands[0]), _two_cards(hands[1])
    if first is None or second is None or len({*first, *second}) != 4:
        return None
    for extra in (board, dead):
        if extra == "":
            continue
        try:
            if parse_cards(extra):
                return None
        except (InvalidCardError, TypeError, ValueError):
            return None
    table = _table()
    if table is None:
        return None
    keys, won_first, won_second = table
    key, swapped = canonical(first, second)
    at = bisect.bisect_left(keys, key)
    if at == len(keys) or keys[at] != key:
        return None
    wins = [won_first[at], won_second[at]]
    if swapped:
        wins.reverse()
    tied = BOARDS - wins[0] - wins[1]
    share = [POT_UNITS * w + _HALF * tied for w in wins]
    square = [POT_UNITS * POT_UNITS * w + _HALF * _HALF * tied for w in wins]
    return make_result(share, square, wins, [tied, tied], BOARDS, True)
