"""Lookup tables of the batch evaluator, built at install time (else cached on first use).

The fast path (:mod:`pokerbonus.hands.kernels`) ranks a hand of 5 to 7 cards
with two table reads:

* **rank multiset** (every hand): each card carries a precomputed 64-bit key
  (:attr:`EvalTables.card_key`). Its low 32 bits are ``RANK_KEYS[rank] + SIZE_KEY``;
  the rank keys are the smallest non-negative integers (found greedily) such that
  two different multisets of ranks (each rank at most four times) *of the same
  size, up to seven*, never have the same sum. The sum of the low halves, less
  ``5 * SIZE_KEY``, is therefore a unique number per (size, rank multiset); a
  row-displacement perfect hash (:attr:`EvalTables.row_offset`, rows of
  ``2**ROW_SHIFT`` numbers) maps it to a dense slot of the game's value table
  (about 125 thousand ``uint16`` entries, 250 kB, which stays in the L2 cache).
* **flushes**: bits ``32 + 4 * suit`` of the keys count the cards of each suit;
  adding ``0x3333`` to those counters sets bit 3 of a suit's nibble when it holds
  five cards or more. Only then the kernel builds the 13-bit mask of the
  flush suit's ranks and reads a second table of 8,192 entries.

Values follow the shared integer schemes of ``docs/CONTRIBUTING-NOTES.md``
(greater = stronger): ``high`` 1..7462, ``shortdeck`` 1..1404, ``a5`` 1..6175,
``27`` 1..7462 and ``low8`` (the ``a5`` value of a qualifying low, else 0).

The tables are built in about three seconds by plain numpy and Python from a
five-card reference evaluator (:func:`five_card_key`) and saved as one ``.npz``
file (about 1.6 MB). The install writes it into the package
(:func:`shipped_path`, by the build hook ``hatch_build.py``); without it (a
source tree used without installing) the first process builds it into
:func:`cache_dir`: ``$POKERBONUS_CACHE`` if set, else
``$XDG_CACHE_HOME/pokerbonus``, else ``~/.cache/pokerbonus`` (see
:mod:`pokerbonus.hands.table_files`). The file is written atomically, checked
by a SHA-256 digest when loaded, and rebuilt when it is missing, corrupt or from
another :data:`TABLES_VERSION`.

>>> t = get_tables()
>>> t.card_key.shape, t.flush_high.shape
((52,), (8192,))
>>> int(t.flush_high[0b1_1111_0000_0000])  # A K Q J T suited: royal flush
7462
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import zipfile
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.table_files import cache_dir, shipped_dir, write_atomically

__all__ = [
    "GAME_DISTINCT_VALUES",
    "RANK_KEYS",
    "ROW_SHIFT",
    "SIZE_KEY",
    "TABLES_VERSION",
    "EvalTables",
    "build_tables",
    "cache_dir",
    "clear_cache",
    "five_card_key",
    "get_tables",
    "shipped_path",
    "table_path",
    "write_shipped",
]

TABLES_VERSION: Final = 1
"""Format version of the cached file; bump it whenever a table's content changes."""

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Per-rank keys (2..A): sums over same-size rank multisets (sizes <= 7, counts <= 4) are unique.

They are the greedy smallest such integers; :func:`build_tables` checks the
uniqueness again before using them.
"""

SIZE_KEY: Final = 1 << 23
"""Added to every card key: ``k`` cards sum to ``[k * SIZE_KEY, (k + 1) * SIZE_KEY)`` plus suits."""

ROW_SHIFT: Final = 9
"""Width (as a power of two) of one row of the row-displacement perfect hash."""

SUIT_SHIFT: Final = 32
FLUSH_TEST: Final = 0x3333
FLUSH_BITS: Final = 0x8888

GAME_DISTINCT_VALUES: Final = {"high": 7462, "shortdeck": 1404, "a5": 6175, "27": 7462, "low8": 56}
"""Number of distinct five-card values (non-zero ones for ``low8``) of each game."""

_CATEGORIES: Final = (
    "high card", "pair", "two pair", "trips", "straight",
    "flush", "full house", "quads", "straight flush",
)  # fmt: skip
_HIGH_ORDER: Final = _CATEGORIES
_SHORTDECK_ORDER: Final = (
    "high card", "pair", "two pair", "trips", "straight",
    "full house", "flush", "quads", "straight flush",
)  # fmt: skip
_PATTERNS: Final = {
    (1, 1, 1, 1, 1): "high card",
    (2, 1, 1, 1): "pair",
    (2, 2, 1): "two pair",
    (3, 1, 1): "trips",
    (3, 2): "full house",
    (4, 1): "quads",
}

U16 = npt.NDArray[np.uint16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]


class EvalTables(NamedTuple):
    """All lookup tables of the batch evaluator (numpy arrays, passable to njit code).

    ``card_key[c]`` is the 64-bit key of card index ``c`` (0..51); ``row_offset``
    the displacement of each hash row; ``multi_<game>`` the value of a rank
    multiset (hands without a flush); ``flush_<game>[mask]`` the best value made
    of the ranks in ``mask`` all of one suit (0 when fewer than five bits).
    """

    card_key: I64
    row_offset: I32
    multi_high: U16
    flush_high: U16
    multi_shortdeck: U16
    flush_shortdeck: U16
    multi_a5: U16
    multi_low8: U16
    multi_27: U16
    flush_27: U16


def five_card_key(ranks: Sequence[int], flush: bool, game: str) -> tuple[int, tuple[int, ...]]:
    """A sortable key of a five-card hand for ``game``, as the high-hand order sees it.

    ``ranks`` are five rank indices (``2..A`` = ``0..12``). For the high games
    (``high``, ``shortdeck``) a greater key is a stronger hand; for the low games
    (``a5``, ``27``) a greater key is a *weaker* low. The key is
    ``(category, tiebreak)``: categories in the game's order, tiebreak the ranks
    grouped by count then rank (straights: their top card only).

    >>> five_card_key([12, 11, 10, 9, 8], True, "high")
    (8, (12,))
    >>> five_card_key([12, 0, 1, 2, 3], False, "high")  # the wheel: a five-high straight
    (4, (3,))
    >>> five_card_key([12, 0, 1, 2, 3], False, "a5")  # best low: A counts as the lowest card
    (0, (4, 3, 2, 1, 0))
    """
    if game == "a5":
        ranks = [(r + 1) % 13 for r in ranks]
        flush, straights, order = False, False, _HIGH_ORDER
        lowest = 0
    elif game in ("high", "27", "shortdeck"):
        straights, order = True, _SHORTDECK_ORDER if game == "shortdeck" else _HIGH_ORDER
        lowest = 4 if game == "shortdeck" else 0
    else:
        raise ConfigurationError(f"unknown game for five_card_key: {game!r}")
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    pattern = tuple(c for _, c in groups)
    tiebreak = tuple(r for r, _ in groups)
    top = -1
    if straights and len(groups) == 5:
        if tiebreak[0] - tiebreak[4] == 4:
            top = tiebreak[0]
        elif game != "27" and set(tiebreak) == {12, lowest, lowest + 1, lowest + 2, lowest + 3}:
            top = lowest + 3
    if top >= 0:
        name = "straight flush" if flush else "straight"
        return order.index(name), (top,)
    if flush:
        return order.index("flush"), tiebreak
    return order.index(_PATTERNS[pattern]), tiebreak


def _multisets(size: int) -> list[tuple[int, ...]]:
    """Sorted rank tuples of every multiset of ``size`` ranks, each rank at most 4 times."""
    # sorted tuples: a rank five times or more shows as equal entries four apart
    return [
        combo
        for combo in itertools.combinations_with_replacement(range(13), size)
        if all(combo[i] != combo[i + 4] for i in range(size - 4))
    ]


def _dense_values(keys: list[tuple[int, tuple[int, ...]] | None], low: bool) -> list[int]:
    """Dense ranks (1 = weakest) of ``keys``; ``None`` (not a hand of the game) gives 0."""
    distinct = sorted({k for k in keys if k is not None}, reverse=low)
    rank_of = {k: i + 1 for i, k in enumerate(distinct)}
    return [0 if k is None else rank_of[k] for k in keys]


def _five_card_values(hands: Sequence[tuple[int, ...]], flush: bool) -> dict[str, list[int]]:
    """Values of five-card rank tuples (all of one suit if ``flush``) in every game."""
    both = [(h, False) for h in _multisets(5)] + [
        (h, True) for h in itertools.combinations(range(13), 5)
    ]
    values: dict[str, list[int]] = {}
    for game, low in (("high", False), ("shortdeck", False), ("a5", True), ("27", True)):
        keys = [
            None
            if (game == "shortdeck" and min(h) < 4) or (game == "a5" and f)
            else five_card_key(h, f, game)
            for h, f in both
        ]
        dense = _dense_values(keys, low)
        lookup = dict(zip(both, dense, strict=True))
        values[game] = [lookup[(h, flush)] for h in hands]
    if flush:
        values["a5"] = [0] * len(hands)
    values["low8"] = [
        v if len(set(h)) == 5 and all(r <= 6 or r == 12 for r in h) else 0
        for h, v in zip(hands, values["a5"], strict=True)
    ]
    return values


_GAMES: Final = ("high", "shortdeck", "a5", "low8", "27")


def _check_rank_keys() -> None:
    keys = np.array(RANK_KEYS, dtype=np.int64)
    for size in (5, 6, 7):
        sums = keys[np.array(_multisets(size))].sum(axis=1)
        if np.unique(sums).size != sums.size:
            raise AssertionError(f"RANK_KEYS do not give unique sums for {size} cards")


def _place_rows(index: I64) -> tuple[I32, int, I64]:
    """Row-displacement perfect hash of the distinct numbers ``index``.

    Returns the offset of each row, the table size and the slot of every number.
    Rows are placed fullest first, each at the first position where none of its
    columns meets an occupied slot.
    """
    width = 1 << ROW_SHIFT
    rows = index >> ROW_SHIFT
    cols = index & (width - 1)
    nrows = int(rows.max()) + 1
    order = np.argsort(rows, kind="stable")
    starts = np.searchsorted(rows[order], np.arange(nrows + 1))
    fullness = np.diff(starts)
    offsets, used = _place(np.argsort(-fullness, kind="stable"), starts, cols[order], width)
    offsets -= np.arange(nrows, dtype=np.int64) << ROW_SHIFT
    size = int(np.flatnonzero(used).max()) + 1
    slots = index + offsets[rows]
    return offsets.astype(np.int32), size, slots


def _place(
    rows_by_fullness: I64, starts: I64, cols: I64, width: int
) -> tuple[I64, npt.NDArray[np.bool_]]:
    """First-fit placement of the rows (see :func:`_place_rows`).

    The used slots are the bits of one Python integer: a row's columns clash
    with position ``p`` when a used bit lies at ``p + column``, so the OR of the
    used bits shifted down by each column marks every position that clashes,
    and the row takes the lowest clear bit at or above its first possible
    position. (Plain Python: the build needs only numpy, at install time too.)
    """
    used = 0
    first_free = 0  # every slot below is used
    position = np.zeros(starts.size - 1, dtype=np.int64)
    for row in rows_by_fullness.tolist():
        first, last = int(starts[row]), int(starts[row + 1])
        if first == last:
            continue
        members = cols[first:last].tolist()
        # positions that would put a member below first_free cannot fit: skip them
        low = max(0, first_free - min(members))
        ahead = used >> low
        clash = 0
        for column in members:
            clash |= ahead >> column
        free = ~clash
        p = low + (free & -free).bit_length() - 1
        used |= sum(1 << column for column in members) << p
        position[row] = p
        free = ~used
        first_free = (free & -free).bit_length() - 1
    size = used.bit_length()
    bits = np.frombuffer(used.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return position, np.unpackbits(bits, bitorder="little")[:size].astype(np.bool_)


def build_tables() -> EvalTables:
    """Build every table from the five-card reference evaluator (about a second)."""
    _check_rank_keys()
    keys = np.array(RANK_KEYS, dtype=np.int64)
    # values of the rank multisets of 5, 6 and 7 cards, from the five-card values up
    hands5 = _multisets(5)
    five = _five_card_values(hands5, flush=False)
    sums_prev = keys[np.array(hands5)].sum(axis=1)
    values_prev = {g: np.array(five[g], dtype=np.int64) for g in _GAMES}
    all_index = [sums_prev]
    all_values = {g: [values_prev[g]] for g in _GAMES}
    for size in (6, 7):
        hands = _multisets(size)
        counts = np.array([np.bincount(h, minlength=13) for h in hands])
        sums = keys[np.array(hands)].sum(axis=1)
        order = np.argsort(sums_prev)
        best = {g: np.zeros(len(hands), dtype=np.int64) for g in _GAMES}
        for rank in range(13):
            has = counts[:, rank] > 0
            pos = order[np.searchsorted(sums_prev[order], sums[has] - keys[rank])]
            for g in _GAMES:
                best[g][has] = np.maximum(best[g][has], values_prev[g][pos])
        all_index.append(sums + (size - 5) * SIZE_KEY)
        for g in _GAMES:
            all_values[g].append(best[g])
        sums_prev, values_prev = sums, best
    index = np.concatenate(all_index)
    offsets, size, slots = _place_rows(index)
    multi = {}
    for g in _GAMES:
        table = np.zeros(size, dtype=np.uint16)
        table[slots] = np.concatenate(all_values[g])
        multi[g] = table
    # flush tables: five-bit masks from the reference, more bits by removing one
    suited5 = list(itertools.combinations(range(13), 5))
    fvalues = _five_card_values(suited5, flush=True)
    masks5 = np.array([sum(1 << r for r in h) for h in suited5], dtype=np.int64)
    flush = {}
    popcount = np.array([bin(m).count("1") for m in range(8192)])
    for g in ("high", "shortdeck", "27"):
        table = np.zeros(8192, dtype=np.uint16)
        table[masks5] = fvalues[g]
        for bits in (6, 7):
            for mask in np.flatnonzero(popcount == bits):
                table[mask] = max(table[mask ^ (1 << r)] for r in range(13) if mask >> r & 1)
        flush[g] = table
    card = np.arange(52)
    card_key = keys[card >> 2] + SIZE_KEY + (np.int64(1) << (SUIT_SHIFT + 4 * (card & 3)))
    return EvalTables(
        card_key=card_key.astype(np.int64),
        row_offset=offsets,
        multi_high=multi["high"],
        flush_high=flush["high"],
        multi_shortdeck=multi["shortdeck"],
        flush_shortdeck=flush["shortdeck"],
        multi_a5=multi["a5"],
        multi_low8=multi["low8"],
        multi_27=multi["27"],
        flush_27=flush["27"],
    )


def table_path() -> Path:
    """The cached table file of this :data:`TABLES_VERSION`."""
    return cache_dir() / table_name()


def table_name() -> str:
    """File name of the tables of this :data:`TABLES_VERSION`."""
    return f"eval-tables-v{TABLES_VERSION}.npz"


def shipped_path() -> Path:
    """The tables written into the package by the install (see :mod:`.table_files`)."""
    return shipped_dir() / table_name()


def _digest(tables: EvalTables) -> npt.NDArray[np.uint8]:
    h = hashlib.sha256()
    for name in EvalTables._fields:
        array: npt.NDArray[np.generic] = getattr(tables, name)
        h.update(name.encode())
        h.update(str(array.dtype).encode())
        h.update(np.ascontiguousarray(array).tobytes())
    return np.frombuffer(h.digest(), dtype=np.uint8)


def _save(tables: EvalTables, path: Path) -> None:
    """Write the tables atomically (temporary file in the same folder, then rename)."""

    def write(handle: BinaryIO) -> None:
        np.savez(
            handle, version=np.array([TABLES_VERSION]), digest=_digest(tables), **tables._asdict()
        )

    write_atomically(path, write)


def _load(path: Path) -> EvalTables | None:
    """The tables stored at ``path``, or ``None`` when missing, corrupt or of another version."""
    try:
        with path.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
            if int(data["version"][0]) != TABLES_VERSION:
                return None
            tables = EvalTables(*(data[name] for name in EvalTables._fields))
            if not np.array_equal(data["digest"], _digest(tables)):
                return None
            return tables
    except (OSError, ValueError, KeyError, IndexError, EOFError, zipfile.BadZipFile):
        return None


_TABLES: EvalTables | None = None


def get_tables() -> EvalTables:
    """The evaluator's tables, loaded once per process: the copy written at install
    time, else the cache, else built (about 3 s) and saved to the cache.

    A build that cannot be saved (read-only cache folder) is still used.
    """
    global _TABLES
    if _TABLES is None:
        tables = _load(shipped_path())
        if tables is None:
            path = table_path()
            tables = _load(path)
            if tables is None:
                tables = build_tables()
                with contextlib.suppress(OSError):
                    _save(tables, path)
        _TABLES = tables
    return _TABLES


def write_shipped() -> Path:
    """Build the tables and write them into the package (the install's build hook)."""
    path = shipped_path()
    _save(build_tables(), path)
    return path


def clear_cache() -> None:
    """Delete the cached table file (the next :func:`get_tables` in a new process rebuilds it)."""
    table_path().unlink(missing_ok=True)
