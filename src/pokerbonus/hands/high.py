"""High hands (RULES.md sections 1 and 2): the five-card core, best of N, the tables.

Everything that decides a high value goes through :func:`high5`, which rates five
cards under a set of :class:`HighRules` (deck, wheel, category order, jokers).
The fast lookup tables of the default game are built from :func:`high5` too.
"""

from __future__ import annotations

import contextlib
import hashlib
import struct
import sys
import threading
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Final

from pokerbonus.hands.category import Category
from pokerbonus.hands.table_files import cache_dir, places, shipped_dir, write_atomically

__all__ = [
    "ARCHAIC_ORDER",
    "DEFAULT_RULES",
    "MODERN_ORDER",
    "SHORTDECK_ORDER",
    "HighRules",
    "best_high",
    "display_order",
    "high5",
]

C = Category


def _order(strongest_last: Sequence[Category]) -> tuple[int, ...]:
    order = [0] * len(Category)
    for position, category in enumerate(strongest_last):
        order[category] = position
    return tuple(order)


MODERN_ORDER: Final = _order(list(Category))
ARCHAIC_ORDER: Final = _order(
    [C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.STRAIGHT, C.TRIPS, C.FULL_HOUSE, C.FLUSH,
     C.STRAIGHT_FLUSH, C.QUADS, C.FIVE_OF_A_KIND]
)  # fmt: skip
SHORTDECK_ORDER: Final = _order(
    [C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.TRIPS, C.STRAIGHT, C.FULL_HOUSE, C.FLUSH,
     C.QUADS, C.STRAIGHT_FLUSH, C.FIVE_OF_A_KIND]
)  # fmt: skip

ACE: Final = 12


@dataclass(frozen=True, slots=True)
class HighRules:
    """How high hands rank: lowest rank of the deck, wheel, category order, jokers.

    ``low`` is the lowest rank index of the deck (0 for 52 cards, 5 for 32); the
    ace plays as ``low - 1`` in the lowest straight when ``wheel`` is on.
    ``order[category]`` is the strength position of each category.
    """

    low: int = 0
    wheel: bool = True
    order: tuple[int, ...] = MODERN_ORDER
    jokers: bool = False


DEFAULT_RULES: Final = HighRules()

_SHAPES: Final = {
    (1, 1, 1, 1, 1): C.HIGH_CARD,
    (2, 1, 1, 1): C.PAIR,
    (2, 2, 1): C.TWO_PAIR,
    (3, 1, 1): C.TRIPS,
    (3, 2): C.FULL_HOUSE,
    (4, 1): C.QUADS,
}


def _pack(order: int, ranks: Sequence[int], jokers: int) -> int:
    """Pack a category position, up to five tie-break ranks and the joker count.

    Greater is stronger; with everything else equal, fewer jokers is stronger.
    """
    key = order
    for i in range(5):
        key = (key << 4) | (ranks[i] if i < len(ranks) else 0)
    return (key << 2) | (2 - jokers)


def _windows(rules: HighRules) -> list[tuple[int, int]]:
    """Straight windows as (top rank, lowest rank position), strongest first."""
    windows = [(top, top - 4) for top in range(ACE, rules.low + 3, -1)]
    if rules.wheel:
        windows.append((rules.low + 3, rules.low - 1))
    return windows


_WINDOWS_CACHE: dict[HighRules, list[tuple[int, int]]] = {}


def high5(
    cards: Sequence[int], rules: HighRules = DEFAULT_RULES
) -> tuple[int, Category, tuple[int, ...]]:
    """Rate exactly five cards: ``(packed key, category, played rank of each card)``.

    The packed key orders hands of the same rules (greater is stronger). The
    played rank says what each card counts as (a joker's chosen rank, ``low - 1``
    for an ace playing low in a straight). Cards must already be valid and
    distinct; jokers are cards 52 and 53.

    >>> key, category, played = high5([51, 47, 43, 39, 52])  # As Ks Qs Js Jk
    >>> category.key, played
    ('straight_flush', (12, 11, 10, 9, 8))
    """
    naturals = [c for c in cards if c < 52]
    jokers = 5 - len(naturals)
    ranks = [c >> 2 for c in naturals]
    counts = [0] * 13
    for r in ranks:
        counts[r] += 1
    order = rules.order

    # Pairs, trips, quads and the rest: a joker only plays as an ace there,
    # except that four of a kind plus a joker is "Poker" (five of a kind).
    quads = [r for r in range(13) if counts[r] == 4]
    if jokers and (quads or counts[ACE] + jokers >= 5):
        five = quads[0] if quads else ACE
        best_key = _pack(order[C.FIVE_OF_A_KIND], (five,), jokers)
        best_cat = C.FIVE_OF_A_KIND
        best_played = tuple(five for _ in cards)
        return best_key, best_cat, best_played
    counts[ACE] += jokers
    groups = sorted(((counts[r], r) for r in range(13) if counts[r]), reverse=True)
    best_cat = _SHAPES[tuple(n for n, _ in groups)]
    best_key = _pack(order[best_cat], [r for _, r in groups], jokers)
    best_played = tuple(c >> 2 if c < 52 else ACE for c in cards)

    if len(set(ranks)) != len(ranks):
        return best_key, best_cat, best_played
    suited = len({c & 3 for c in naturals}) <= 1
    windows = _WINDOWS_CACHE.get(rules)
    if windows is None:
        windows = _WINDOWS_CACHE.setdefault(rules, _windows(rules))
    for top, bottom in windows:
        wheel = bottom < rules.low
        if all(bottom <= r <= top or (wheel and r == ACE) for r in ranks):
            category = C.STRAIGHT_FLUSH if suited else C.STRAIGHT
            key = _pack(order[category], (top,), jokers)
            if key > best_key:
                present = {bottom if (wheel and r == ACE) else r for r in ranks}
                missing = [p for p in range(top, bottom - 1, -1) if p not in present]
                fill = iter(missing)
                best_played = tuple(
                    (bottom if (wheel and c >> 2 == ACE) else c >> 2) if c < 52 else next(fill)
                    for c in cards
                )
                best_key, best_cat = key, category
            break
    if suited and best_cat != C.STRAIGHT_FLUSH:
        # In a flush a joker takes the highest rank not already in the hand.
        extra = [r for r in range(ACE, rules.low - 1, -1) if r not in ranks][:jokers]
        flush_ranks = sorted(ranks + extra, reverse=True)
        key = _pack(order[C.FLUSH], flush_ranks, jokers)
        if key > best_key:
            fill = iter(extra)
            best_played = tuple(c >> 2 if c < 52 else next(fill) for c in cards)
            best_key, best_cat = key, C.FLUSH
    return best_key, best_cat, best_played


def best_high(
    cards: Sequence[int], rules: HighRules = DEFAULT_RULES
) -> tuple[int, Category, tuple[int, ...], tuple[int, ...]]:
    """The best five of ``cards`` (five or more): ``(key, category, five, played)``."""
    best: tuple[int, Category, tuple[int, ...], tuple[int, ...]] | None = None
    for five in combinations(cards, 5):
        key, category, played = high5(five, rules)
        if best is None or key > best[0]:
            best = (key, category, five, played)
    if best is None:
        raise ValueError("best_high needs at least five cards")
    return best


def display_order(five: Sequence[int], category: Category, played: Sequence[int]) -> list[int]:
    """Indexes of ``five`` in display order: groups first (largest, then highest),
    straights and flushes from the top card down."""
    count = {p: 0 for p in played}
    for p in played:
        count[p] += 1
    if category in (C.STRAIGHT, C.STRAIGHT_FLUSH, C.FLUSH):
        return sorted(range(5), key=lambda i: (played[i], -five[i]), reverse=True)
    return sorted(range(5), key=lambda i: (count[played[i]], played[i], five[i]), reverse=True)


# ---------------------------------------------------------------------------
# Tables of the default game (52 cards, wheel, modern order, no jokers)


def rank_multisets(size: int, low: int = 0) -> list[tuple[int, ...]]:
    """All multisets of ``size`` ranks ``low..12`` with at most four of a rank."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(low, 13), size)
        if all(ranks.count(r) <= 4 for r in set(ranks))
    ]


def representative(ranks: Sequence[int], flush: bool) -> list[int]:
    """Cards with the given ranks: all spades for a flush, else spread over suits
    (a non-flush set of five different ranks gets four spades and a heart)."""
    if flush:
        return [4 * r + 3 for r in ranks]
    seen: dict[int, int] = {}
    cards = []
    for r in ranks:
        k = seen.get(r, 0)
        seen[r] = k + 1
        cards.append(4 * r + 3 - k)
    if len(set(ranks)) == len(ranks):
        cards[-1] -= 1
    return cards


def five_card_classes(
    rules: HighRules = DEFAULT_RULES,
) -> list[tuple[tuple[int, ...], bool, int]]:
    """Every kind of five-card hand of the deck as ``(ranks, flush, key)``: one
    entry per rank multiset (plus its flush when the five ranks differ)."""
    classes = []
    for ranks in rank_multisets(5, rules.low):
        distinct = len(set(ranks)) == 5
        for flush in (False, True) if distinct else (False,):
            classes.append((ranks, flush, high5(representative(ranks, flush), rules)[0]))
    return classes


def dense_ranks(keys: Sequence[int]) -> dict[int, int]:
    """Map each distinct key to its dense rank, 1 for the weakest."""
    return {key: i for i, key in enumerate(sorted(set(keys)), start=1)}


RANK_SHIFT: Final = 3  # bits per rank count in a rank key
RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Additive rank keys (2..A): two different multisets of ranks of the same size
(up to seven, each rank at most four times) never have the same sum of keys.

They are the smallest such integers, taken greedily rank after rank; the table
build checks the uniqueness again (:func:`build_tables` raises if it fails).
"""
KEY_LIMIT: Final = 1 << 23  # every sum of seven rank keys is below this
FLUSH_TABLE: dict[int, int] = {}  # 13-bit rank mask (5..7 ranks) -> best flush rank
FIVE_RANKS: dict[int, int] = {}  # sum of the RANK_KEYS of five cards -> rank (no flush)
SIX_RANKS: dict[int, int] = {}  # the same for six cards
SEVEN_RANKS: dict[int, int] = {}  # the same for seven cards
HIGH_DENSE: dict[int, int] = {}  # packed key -> shared 1..7462 rank
HIGH_KEYS: list[int] = []  # shared rank -> packed key (index 0 unused)

HAND_TABLES_VERSION: Final = 1
"""Format version of the table file; bump it whenever the tables' content changes."""

_MAGIC: Final = b"PBHT"
# the sections of the table file, in order: the packed keys by shared rank, the
# (key sum, rank) pairs of 5, 6 and 7 cards, the (rank mask, rank) pairs of flushes
_TYPECODES: Final = ("Q", "I", "H", "I", "H", "I", "H", "H", "H")
_LOCK = threading.Lock()


def key_sum(rank_key: int) -> int:
    """The sum of :data:`RANK_KEYS` over the ranks counted in a rank key (3 bits a rank).

    >>> key_sum((2 << (3 * 12)) + (1 << (3 * 0)))  # two aces and a deuce
    2958362
    """
    return sum(RANK_KEYS[r] * ((rank_key >> (RANK_SHIFT * r)) & 7) for r in range(13))


def hand_tables_name() -> str:
    """File name of the tables of this :data:`HAND_TABLES_VERSION`."""
    return f"hand-tables-v{HAND_TABLES_VERSION}.bin"


def build_tables() -> None:
    """Make the lookup tables of the default game ready (once per process; the
    evaluators call it): the file written at install time, else the cache, else
    built from :func:`high5` (about 0.3 s) and saved to the cache."""
    if HIGH_KEYS:
        return
    with _LOCK:
        if HIGH_KEYS:
            return
        for path in places(hand_tables_name()):
            sections = _read(path)
            if sections is not None:
                break
        else:
            sections = compute_tables()
            with contextlib.suppress(OSError):
                save_tables(sections, cache_dir() / hand_tables_name())
        _install(sections)


def compute_tables() -> list[array[int]]:
    """The tables of the default game, in the sections of the table file."""
    classes = five_card_classes()
    dense = dense_ranks([key for _, _, key in classes])
    ranks_table: dict[int, int] = {}
    flush_table: dict[int, int] = {}
    for ranks, flush, key in classes:
        if flush:
            flush_table[sum(1 << r for r in ranks)] = dense[key]
        else:
            ranks_table[sum(1 << (RANK_SHIFT * r) for r in ranks)] = dense[key]
    # Best of six and seven: the best five of n cards is the best five of one of
    # its (n-1)-card parts, so grow the tables one card at a time.
    by_size = [dict(ranks_table)]
    for _ in (6, 7):
        grown: dict[int, int] = {}
        for key, value in by_size[-1].items():
            for r in range(13):
                if (key >> (RANK_SHIFT * r)) & 7 < 4:
                    bigger = key + (1 << (RANK_SHIFT * r))
                    if grown.get(bigger, 0) < value:
                        grown[bigger] = value
        by_size.append(grown)
    smaller = dict(flush_table)
    for _ in (6, 7):
        grown = {}
        for mask, value in smaller.items():
            for r in range(13):
                if not mask >> r & 1:
                    bigger = mask | (1 << r)
                    if grown.get(bigger, 0) < value:
                        grown[bigger] = value
        flush_table.update(grown)
        smaller = grown
    # The same values keyed by the sums of RANK_KEYS: small ints.
    sections = [array("Q", sorted(dense))]
    for size, table in enumerate(by_size, start=5):
        keyed = {key_sum(key): value for key, value in table.items()}
        if len(keyed) != len(table) or max(keyed) >= KEY_LIMIT:
            raise AssertionError(f"RANK_KEYS do not give unique sums for {size} cards")
        sections += [array("I", keyed), array("H", keyed.values())]
    sections += [array("H", flush_table), array("H", flush_table.values())]
    return sections


def _install(sections: list[array[int]]) -> None:
    keys, sums5, ranks5, sums6, ranks6, sums7, ranks7, masks, flushes = sections
    FIVE_RANKS.update(zip(sums5, ranks5, strict=True))
    SIX_RANKS.update(zip(sums6, ranks6, strict=True))
    FLUSH_TABLE.update(zip(masks, flushes, strict=True))
    # A dict, not a direct array indexed by the sum: filling 16 MB of uint16 cost
    # a process three times as long as this, for lookups as fast.
    SEVEN_RANKS.update(zip(sums7, ranks7, strict=True))
    HIGH_DENSE.update(zip(keys, range(1, len(keys) + 1), strict=True))
    HIGH_KEYS.extend([0, *keys])  # last: the tables are ready


def save_tables(sections: list[array[int]], path: Path) -> None:
    """Write the sections of :func:`compute_tables` to a table file (atomically)."""
    body = b"".join(
        struct.pack("<cI", part.typecode.encode(), len(part)) + part.tobytes() for part in sections
    )
    head = _header()
    write_atomically(path, lambda handle: handle.write(head + hashlib.sha256(body).digest() + body))


def _header() -> bytes:
    return _MAGIC + struct.pack("<HB", HAND_TABLES_VERSION, sys.byteorder == "little")


def _read(path: Path, typecodes: Sequence[str] = _TYPECODES) -> list[array[int]] | None:
    """The sections stored at ``path`` (arrays of ``typecodes``, the default game's
    tables unless told); ``None`` when missing, corrupt, of another version or
    written on a machine of the other byte order."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head = _MAGIC + struct.pack("<HB", HAND_TABLES_VERSION, sys.byteorder == "little")
    start = len(head) + 32
    if (
        data[: len(head)] != head
        or hashlib.sha256(data[start:]).digest() != data[len(head) : start]
    ):
        return None
    sections = []
    pos = start
    try:
        for typecode in typecodes:
            code, count = struct.unpack_from("<cI", data, pos)
            part = array(typecode)
            end = pos + 5 + count * part.itemsize
            if code != typecode.encode() or end > len(data):
                return None
            part.frombytes(data[pos + 5 : end])
            sections.append(part)
            pos = end
    except struct.error:
        return None
    return sections if pos == len(data) else None


def write_shipped() -> Path:
    """Build the tables and write them into the package (the install's build hook)."""
    path = shipped_dir() / hand_tables_name()
    save_tables(compute_tables(), path)
    return path


SHORTDECK_RULES: Final = HighRules(low=4, order=SHORTDECK_ORDER)
"""Short-deck hold'em's rules: 36 cards (six to ace), the ace-to-nine wheel, a
flush above a full house."""


def shortdeck_classes_name() -> str:
    """File name of the short deck's class keys (same format as the default tables)."""
    return f"shortdeck-classes-v{HAND_TABLES_VERSION}.bin"


def shortdeck_class_keys() -> array[int]:
    """The distinct :func:`high5` keys of the short deck's five-card classes,
    ascending (key ``i`` has the dense rank ``i + 1``): the file written at
    install time, else the cache, else built (1,404 classes rated, a replay's
    whole short-deck hand) and saved to the cache."""
    for path in places(shortdeck_classes_name()):
        sections = _read(path, "I")
        if sections is not None:
            return sections[0]
    keys = _compute_shortdeck_keys()
    with contextlib.suppress(OSError):
        save_tables([keys], cache_dir() / shortdeck_classes_name())
    return keys


def _compute_shortdeck_keys() -> array[int]:
    return array("I", sorted({key for _, _, key in five_card_classes(SHORTDECK_RULES)}))


def write_shipped_shortdeck() -> Path:
    """Build the short deck's class keys into the package (the install's build hook)."""
    path = shipped_dir() / shortdeck_classes_name()
    save_tables([_compute_shortdeck_keys()], path)
    return path
