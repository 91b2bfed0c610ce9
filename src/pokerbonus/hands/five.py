"""Integer ranks of exactly five cards in any game: the fast path of draw showdowns.

:func:`five_card_ranker` returns a function that gives, for five cards, the same
integer as ``evaluate(cards, game, **options).rank``, with one sum and one table
read instead of the general evaluator (which tries every way to read the hand:
the deuce-to-seven low takes about 100 us a hand that way). The hand engine uses
it at the showdown of the draw games (five-card draw on any deck, deuce-to-seven,
ace-to-five, the eight-or-better low), as hold'em uses the seven-card table.

The sum is the one of :func:`pokerbonus.hands.evaluate`'s own fast path: per
card a rank key (:data:`~pokerbonus.hands.high.RANK_KEYS`), suit counters and a
presence field, so that five cards of one suit set a flush bit and a repeated
card a repeat bit. Five cards have one value per rank multiset without a flush
(6,175 of them in 52 cards) and one per set of five ranks in one suit (1,287).
The default game reads the tables it already has; another game's two tables are
read from a file (:mod:`pokerbonus.hands.table_files`: written at install time for
the low games, :data:`SHIPPED_KEYS`, else cached by the first process that needs
them), else built, each entry from the general evaluator on one hand of that kind
(0.1 to 0.6 s, the time a replay of lowball hands used to spend on it). Anything
else (another number of cards, a joker, a repeated card, a card outside the deck,
an unknown item) is passed to the general evaluator, which rates it or raises its
usual error.

>>> from pokerbonus.cards import parse_cards
>>> rank = five_card_ranker("27")
>>> rank(parse_cards("7h 5c 4d 3s 2h")), rank(parse_cards("7h 5h 4h 3h 2h"))  # a flush hurts
(7462, 1599)
>>> rank(parse_cards("7h 5c 4d 3s 2h")) == evaluate("7h 5c 4d 3s 2h", "27").rank
True
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import struct
import sys
import threading
from array import array
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from pokerbonus.cards import Card
from pokerbonus.hands.evaluation import (
    _BITS_START,
    _KEY_MASK,
    _PAIRS,
    _REPEAT_BITS,
    _spec,
    evaluate,
)
from pokerbonus.hands.high import (
    FIVE_RANKS,
    FLUSH_TABLE,
    KEY_LIMIT,
    RANK_KEYS,
    build_tables,
    rank_multisets,
    representative,
)
from pokerbonus.hands.table_files import cache_dir, places, shipped_dir, write_atomically

__all__ = ["SHIPPED_KEYS", "FiveCardRanker", "five_card_ranker", "stored_tables", "write_shipped"]

FIVE_TABLES_VERSION: Final = 1
"""Bump after changing how a game's five-card tables are built (then reinstall)."""
SHIPPED_KEYS: Final = ("27", "a5", "low8")
"""The games whose tables the install writes (the lowball and hi-lo showdowns)."""
_MAGIC: Final = b"PBFIVE"

FiveCardRanker = Callable[[Sequence[Card | int]], int]
"""A function from five cards to their integer rank in one game (greater is stronger)."""

_RANKERS: dict[str, FiveCardRanker] = {}
_LOCK: Final = threading.Lock()


def five_card_ranker(game: str = "high", **options: object) -> FiveCardRanker:
    """The fast integer rank of five cards in ``game`` with ``options`` (those of
    :func:`pokerbonus.hands.evaluate`, which raises the same errors for them).

    The function equals ``lambda cards: evaluate(cards, game, **options).rank``
    for every input; it is built once per game key and process.
    """
    key = _spec(game, options).key
    ranker = _RANKERS.get(key)
    if ranker is None:
        with _LOCK:
            ranker = _RANKERS.get(key)
            if ranker is None:
                ranker = _RANKERS[key] = _make(key, *_tables(key))
    return ranker


def _tables(key: str) -> tuple[dict[int, int], dict[int, int]]:
    """The values of ``key`` by rank-key sum: five cards without a flush, and flushes."""
    if key == "high":  # the default game: its tables exist already
        build_tables()
        flush = {
            sum(RANK_KEYS[r] for r in range(13) if mask >> r & 1): rank
            for mask, rank in FLUSH_TABLE.items()
            if mask.bit_count() == 5
        }
        return dict(FIVE_RANKS), flush
    if key == "badugi":  # four cards: nothing is five cards there
        return {}, {}
    tables = stored_tables(key)
    if tables is not None:
        return tables
    tables = _compute(key)
    with contextlib.suppress(OSError):
        _save(tables, cache_dir() / _file_name(key))
    return tables


def stored_tables(key: str) -> tuple[dict[int, int], dict[int, int]] | None:
    """The tables of game ``key`` read from the install's file or the cache (``None``:
    neither has them)."""
    for path in places(_file_name(key)):
        tables = _read(path)
        if tables is not None:
            return tables
    return None


def _compute(key: str) -> tuple[dict[int, int], dict[int, int]]:
    rules = _spec(key, {}).rules
    low = rules.low if rules is not None else 0  # the lowest rank of a short deck
    plain: dict[int, int] = {}
    flush = {}
    for ranks in rank_multisets(5, low):
        total = sum(RANK_KEYS[r] for r in ranks)
        plain[total] = evaluate(tuple(representative(ranks, False)), key).rank
        if len(set(ranks)) == 5:
            flush[total] = evaluate(tuple(representative(ranks, True)), key).rank
    return plain, flush


def _file_name(key: str) -> str:
    """The table file of game ``key`` (its characters other than letters and digits
    written as their code, so that two keys never share a file)."""
    safe = re.sub(r"[^A-Za-z0-9]", lambda m: f"_{ord(m.group()):x}_", key)
    return f"five-{safe}-v{FIVE_TABLES_VERSION}.bin"


def _header() -> bytes:
    return _MAGIC + struct.pack("<HB", FIVE_TABLES_VERSION, sys.byteorder == "little")


def _save(tables: tuple[dict[int, int], dict[int, int]], path: Path) -> None:
    plain, flush = tables
    body = array("q", [len(plain), *plain, *plain.values(), *flush, *flush.values()]).tobytes()
    head = _header()
    write_atomically(path, lambda handle: handle.write(head + hashlib.sha256(body).digest() + body))


def _read(path: Path) -> tuple[dict[int, int], dict[int, int]] | None:
    """The tables stored at ``path``; ``None`` when missing, damaged, of another
    version or written on a machine of the other byte order."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = _header()
    start = len(head) + 32
    body = data[start:]
    if data[: len(head)] != head or hashlib.sha256(body).digest() != data[len(head) : start]:
        return None
    values = array("q")
    values.frombytes(body[: len(body) - len(body) % values.itemsize])
    if not values:
        return None
    n = values[0]
    rest = len(values) - 1 - 2 * n
    if n < 0 or rest < 0 or rest % 2:
        return None
    m = rest // 2
    plain = dict(zip(values[1 : 1 + n], values[1 + n : 1 + 2 * n], strict=True))
    at = 1 + 2 * n
    flush = dict(zip(values[at : at + m], values[at + m :], strict=True))
    return plain, flush


def write_shipped() -> list[Path]:
    """Build the tables of :data:`SHIPPED_KEYS` into the package (the install's build hook)."""
    written = []
    for key in SHIPPED_KEYS:
        path = shipped_dir() / _file_name(key)
        _save(_compute(key), path)
        written.append(path)
    return written


def _make(key: str, plain: dict[int, int], flush: dict[int, int]) -> FiveCardRanker:
    pairs, start, key_mask, limit, repeat = _PAIRS, _BITS_START, _KEY_MASK, KEY_LIMIT, _REPEAT_BITS
    sums = limit - 1

    def rank(cards: Sequence[Card | int]) -> int:
        try:
            a, b, c, d, e = cards
            found = (pairs[a][b] + pairs[c][d] + start[e]) & key_mask
            if found < limit:
                return plain[found]
            if not found & repeat:
                return flush[found & sums]
        except (KeyError, TypeError, ValueError):
            pass
        return evaluate(tuple(cards), key).rank  # the general path: rates it or raises

    return rank
