"""Numba kernels of the equity calculator: exact enumeration and Monte Carlo.

Internal module: :mod:`pokerbonus.analysis.equity` prepares the arrays and reads
the sums back. Everything per runout happens here, in compiled loops that call
the batch evaluators of :mod:`pokerbonus.hands.kernels`.

The pot is counted in :data:`POT` units (5040, divisible by every number of
winners up to 10, and by twice that for the halves of a high/low pot), so shares
add up as exact integers.

The two-card games (hold'em, short-deck) and the board games (Omaha, Omaha
high/low) have kernels of their own, so that a command compiles only the code
of its game family at its first run: ``exact_two_card`` and
``monte_carlo_two_card`` read the tables' arrays directly (passed one by one),
``exact_board`` and ``monte_carlo_board`` call the Omaha rankers.

Inputs shared by the kernels:

- ``combos``: ``(rows, hole_size)`` card indices; player ``p`` may hold rows
  ``starts[p] .. starts[p] + counts[p] - 1`` (one row for a known hand);
- ``masks``: the 64-bit card mask of each row;
- ``board``: the 5-slot board, its first ``n_known`` cards known;
- ``deck``: every card that may still be dealt (deck less board and dead cards).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numba import njit

from pokerbonus.hands.kernels import rank_omaha_high, rank_omaha_low8
from pokerbonus.hands.tables import (
    FLUSH_BITS,
    FLUSH_TEST,
    ROW_SHIFT,
    SIZE_KEY,
    SUIT_SHIFT,
)

__all__ = [
    "GAME_HOLDEM",
    "GAME_OMAHA",
    "GAME_OMAHA8",
    "GAME_SHORTDECK",
    "POT",
    "exact_board",
    "exact_two_card",
    "monte_carlo_board",
    "monte_carlo_two_card",
]

GAME_HOLDEM: Final = 0
GAME_SHORTDECK: Final = 1
GAME_OMAHA: Final = 2
GAME_OMAHA8: Final = 3
POT: Final = 5040
_HALF: Final = POT // 2
_LOW32: Final = 0xFFFFFFFF
_BASE: Final = 5 * SIZE_KEY  # the low halves of five keys: where the hash starts

Array = Any  # numpy arrays; numba does the typing here


@njit(cache=True)
def _zeros(n: int) -> Array:
    """``n`` int64 zeros. Every work array of the kernels comes from here (shaped
    with ``reshape``, or read as unsigned with ``view``): numba then compiles one
    allocation, not one per dtype and shape, at a command's first run."""
    return np.zeros(n, np.int64)


@njit(cache=True)
def _score_all(
    game: int, holes: Array, nh: int, board: Array, buf: Array, hi: Array, lo: Array, t: Any
) -> None:
    """Fill ``hi[p]`` (and ``lo[p]`` in omaha8) for every player of a board game on a
    complete board: exactly two hole cards and three board cards."""
    for p in range(holes.shape[0]):
        hi[p] = rank_omaha_high(holes[p, :nh], board, t)
        if game == GAME_OMAHA8:
            lo[p] = rank_omaha_low8(holes[p, :nh], board, t)


@njit(cache=True)
def _award(
    game: int, hi: Array, lo: Array, share: Array, square: Array, wins: Array, ties: Array
) -> None:
    """Split one pot between the best hands and add each player's share to the sums."""
    players = hi.shape[0]
    best = hi[0]
    for p in range(1, players):
        if hi[p] > best:
            best = hi[p]
    n_hi = 0
    for p in range(players):
        if hi[p] == best:
            n_hi += 1
    best_lo = 0
    n_lo = 0
    if game == GAME_OMAHA8:
        for p in range(players):
            if lo[p] > best_lo:
                best_lo = lo[p]
        if best_lo > 0:
            for p in range(players):
                if lo[p] == best_lo:
                    n_lo += 1
    high_part = POT if n_lo == 0 else _HALF
    for p in range(players):
        s = 0
        if hi[p] == best:
            s += high_part // n_hi
        if n_lo > 0 and lo[p] == best_lo:
            s += _HALF // n_lo
        if s > 0:
            share[p] += s
            square[p] += s * s
            if s == POT:
                wins[p] += 1
            else:
                ties[p] += 1


@njit(cache=True)
def _lookup(
    total: int,
    c0: int,
    c1: int,
    c2: int,
    c3: int,
    c4: int,
    h0: int,
    h1: int,
    multi: Array,
    flush: Array,
    row_offset: Array,
) -> int:
    """High value of seven cards from their key sum ``total`` (two table reads)."""
    index = (total & _LOW32) - _BASE
    value = int(multi[index + row_offset[index >> ROW_SHIFT]])
    bits = ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS
    if bits == 0:
        return value
    suit = 0 if bits & 0x8 else (1 if bits & 0x80 else (2 if bits & 0x800 else 3))
    mask = 0
    for c in (c0, c1, c2, c3, c4, h0, h1):
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return max(value, int(flush[mask]))


@njit(cache=True)
def _walk_two_card(
    rest: Array,
    m: int,
    board: Array,
    n_known: int,
    holes: Array,
    key: Array,
    multi: Array,
    flush: Array,
    row_offset: Array,
    share: Array,
    square: Array,
    wins: Array,
    ties: Array,
) -> int:
    """Every completion of the board for fixed two-card hands (hold'em, short-deck).

    Five nested loops, one per board slot: a known slot runs once with its card,
    the others walk the k-combinations of ``rest[:m]``. Key sums are carried from
    one loop level to the next, so each runout costs a few additions and two
    table reads per player. Returns the number of runouts.
    """
    players = holes.shape[0]
    hole_sum = _zeros(players)
    for p in range(players):
        hole_sum[p] = key[holes[p, 0]] + key[holes[p, 1]]
    vals = _zeros(players)
    first = second = split = 0  # heads-up counts, added to the sums at the end
    # slot i is drawn (d_i) or known; a drawn slot's index runs up to m - (4 - i)
    d0, d1, d2, d3, d4 = n_known <= 0, n_known <= 1, n_known <= 2, n_known <= 3, n_known <= 4
    n = 0
    lo0 = 0
    hi0 = m - 4 if d0 else 1
    for i0 in range(lo0, hi0):
        c0 = rest[i0] if d0 else board[0]
        s0 = key[c0]
        lo1 = (i0 + 1) if d0 else 0
        hi1 = m - 3 if d1 else 1
        for i1 in range(lo1 if d1 else 0, hi1):
            c1 = rest[i1] if d1 else board[1]
            s1 = s0 + key[c1]
            lo2 = (i1 + 1) if d1 else 0
            hi2 = m - 2 if d2 else 1
            for i2 in range(lo2 if d2 else 0, hi2):
                c2 = rest[i2] if d2 else board[2]
                s2 = s1 + key[c2]
                lo3 = (i2 + 1) if d2 else 0
                hi3 = m - 1 if d3 else 1
                for i3 in range(lo3 if d3 else 0, hi3):
                    c3 = rest[i3] if d3 else board[3]
                    s3 = s2 + key[c3]
                    lo4 = (i3 + 1) if d3 else 0
                    hi4 = m - 0 if d4 else 1
                    for i4 in range(lo4 if d4 else 0, hi4):
                        c4 = rest[i4] if d4 else board[4]
                        s4 = s3 + key[c4]
                        if players == 2:
                            v0 = _lookup(s4 + hole_sum[0], c0, c1, c2, c3, c4, holes[0, 0],
                                         holes[0, 1], multi, flush, row_offset)  # fmt: skip
                            v1 = _lookup(s4 + hole_sum[1], c0, c1, c2, c3, c4, holes[1, 0],
                                         holes[1, 1], multi, flush, row_offset)  # fmt: skip
                            if v0 > v1:
                                first += 1
                            elif v1 > v0:
                                second += 1
                            else:
                                split += 1
                            n += 1
                            continue
                        best = 0
                        for p in range(players):
                            v = _lookup(s4 + hole_sum[p], c0, c1, c2, c3, c4, holes[p, 0],
                                        holes[p, 1], multi, flush, row_offset)  # fmt: skip
                            vals[p] = v
                            if v > best:
                                best = v
                        winners = 0
                        for p in range(players):
                            if vals[p] == best:
                                winners += 1
                        part = POT // winners
                        for p in range(players):
                            if vals[p] == best:
                                share[p] += part
                                square[p] += part * part
                                if winners == 1:
                                    wins[p] += 1
                                else:
                                    ties[p] += 1
                        n += 1
    if players == 2:
        for p, alone in ((0, first), (1, second)):
            share[p] += POT * alone + _HALF * split
            square[p] += POT * POT * alone + _HALF * _HALF * split
            wins[p] += alone
            ties[p] += split
    return n


@njit(cache=True)
def _next_assignment(
    rows: Array, used: Array, p: int, starts: Array, counts: Array, masks: Array
) -> int:
    """Advance ``rows`` (per player, an index into its range) to the next assignment
    in which no card is held twice, starting at player ``p``.

    Returns the last player's number when ``rows`` holds a full assignment (call
    again with that number for the next one), -1 when every assignment was seen.
    ``used[q]`` is the mask of the cards held by players before ``q``.
    """
    players = starts.shape[0]
    while p >= 0:
        rows[p] += 1
        if rows[p] >= counts[p]:
            rows[p] = -1
            p -= 1
            continue
        row = starts[p] + rows[p]
        if masks[row] & used[p]:
            continue
        used[p + 1] = used[p] | masks[row]
        if p + 1 < players:
            p += 1
            continue
        return p
    return -1


@njit(cache=True)
def _take_holes(combos: Array, starts: Array, rows: Array, holes: Array, buf: Array) -> None:
    """Copy each player's range row ``starts[p] + rows[p]`` into ``holes`` and ``buf``."""
    for p in range(rows.shape[0]):
        for j in range(holes.shape[1]):
            holes[p, j] = combos[starts[p] + rows[p], j]
            buf[p, j] = holes[p, j]


@njit(cache=True)
def _rest_of_deck(deck: Array, used: Any, rest: Array) -> int:
    """Copy the cards of ``deck`` outside the mask ``used`` into ``rest``; their number."""
    m = 0
    for c in deck:
        if not (used >> np.uint64(c)) & np.uint64(1):
            rest[m] = c
            m += 1
    return m


@njit(cache=True)
def exact_two_card(
    combos: Array,
    masks: Array,
    starts: Array,
    counts: Array,
    board: Array,
    n_known: int,
    deck: Array,
    key: Array,
    multi: Array,
    flush: Array,
    row_offset: Array,
) -> tuple[Array, Array, Array, Array, int]:
    """Walk every assignment of range rows (no card twice) and every board
    completion, hold'em or short-deck (``multi`` and ``flush`` are that game's tables).

    Returns ``(share, square, wins, ties, n)``: per player the sum of pot shares
    (POT units) and of their squares, outright wins and partial shares, and the
    number of runouts walked.
    """
    players = starts.shape[0]
    share = _zeros(players)
    square = _zeros(players)
    wins = _zeros(players)
    ties = _zeros(players)
    holes = _zeros(players * 2).reshape((players, 2))
    buf = _zeros(players * 2).reshape((players, 2))
    rows = _zeros(players)
    rows[:] = -1
    used = _zeros(players + 1).view(np.uint64)
    rest = _zeros(deck.shape[0])
    k = 5 - n_known
    n = 0
    p = int(np.int64(0))  # not the literal 0: one compiled _next_assignment, not two
    p = _next_assignment(rows, used, p, starts, counts, masks)
    while p >= 0:
        _take_holes(combos, starts, rows, holes, buf)
        m = _rest_of_deck(deck, used[players], rest)
        if m >= k:
            n += _walk_two_card(
                rest, m, board, n_known, holes, key, multi, flush, row_offset,
                share, square, wins, ties,
            )  # fmt: skip
        p = _next_assignment(rows, used, p, starts, counts, masks)
    return share, square, wins, ties, n


@njit(cache=True)
def exact_board(
    game: int,
    combos: Array,
    masks: Array,
    starts: Array,
    counts: Array,
    board: Array,
    n_known: int,
    deck: Array,
    t: Any,
) -> tuple[Array, Array, Array, Array, int]:
    """:func:`exact_two_card` for the board games (Omaha, Omaha high/low), every
    hand ranked with exactly two hole cards and three board cards."""
    players = starts.shape[0]
    nh = combos.shape[1]
    share = _zeros(players)
    square = _zeros(players)
    wins = _zeros(players)
    ties = _zeros(players)
    hi = _zeros(players)
    lo = _zeros(players)
    holes = _zeros(players * nh).reshape((players, nh))
    buf = _zeros(players * (nh + 5)).reshape((players, nh + 5))
    full = _zeros(5)
    for i in range(n_known):
        full[i] = board[i]
    k = 5 - n_known
    rows = _zeros(players)
    rows[:] = -1
    used = _zeros(players + 1).view(np.uint64)
    rest = _zeros(deck.shape[0])
    idx = _zeros(max(k, 1))
    n = 0
    p = int(np.int64(0))  # not the literal 0: one compiled _next_assignment, not two
    p = _next_assignment(rows, used, p, starts, counts, masks)
    while p >= 0:
        _take_holes(combos, starts, rows, holes, buf)
        m = _rest_of_deck(deck, used[players], rest)
        if m >= k:
            for i in range(k):
                idx[i] = i
            while True:
                for i in range(k):
                    full[n_known + i] = rest[idx[i]]
                _score_all(game, holes, nh, full, buf, hi, lo, t)
                _award(game, hi, lo, share, square, wins, ties)
                n += 1
                # next k-combination of 0..m-1 in lexicographic order
                i = k - 1
                while i >= 0 and idx[i] == m - k + i:
                    i -= 1
                if i < 0:
                    break
                idx[i] += 1
                for j in range(i + 1, k):
                    idx[j] = idx[j - 1] + 1
        p = _next_assignment(rows, used, p, starts, counts, masks)
    return share, square, wins, ties, n


@njit(cache=True)
def _draw_rows(
    rng: Any,
    random_hand: Array,
    starts: Array,
    counts: Array,
    masks: Array,
    rows: Array,
    max_attempts: int,
) -> tuple[bool, Any, int]:
    """Draw one range row per player (not the random hands) until no card is held
    twice, at most ``max_attempts`` times: ``(found, mask of the held cards, attempts)``."""
    tries = 0
    used = np.uint64(0)
    while tries < max_attempts:
        tries += 1
        used = np.uint64(0)
        ok = True
        for p in range(starts.shape[0]):
            if random_hand[p]:
                continue
            pick = np.int64(rng.random() * counts[p])
            row = starts[p] + min(pick, counts[p] - 1)
            if masks[row] & used:
                ok = False
                break
            used |= masks[row]
            rows[p] = row - starts[p]
        if ok:
            return True, used, tries
    return False, used, tries


@njit(cache=True)
def _deal(
    rng: Any, rest: Array, m: int, need: int, random_hand: Array, holes: Array, buf: Array,
    full: Array, n_known: int,
) -> None:  # fmt: skip
    """Deal the random hands and the board's missing cards from ``rest[:m]``.

    A partial Fisher-Yates shuffle makes the first ``need`` cards of ``rest`` a
    uniform draw; the random hands take them first, then the board.
    """
    for i in range(need):
        swap = i + int(rng.random() * (m - i))
        if swap >= m:
            swap = m - 1
        c = rest[i]
        rest[i] = rest[swap]
        rest[swap] = c
    pos = 0
    for p in range(holes.shape[0]):
        if random_hand[p]:
            for j in range(holes.shape[1]):
                holes[p, j] = rest[pos]
                buf[p, j] = rest[pos]
                pos += 1
    for i in range(5 - n_known):
        full[n_known + i] = rest[pos + i]


@njit(cache=True)
def _fixed_ranges(random_hand: Array, counts: Array) -> bool:
    """Whether every player who is not a random hand holds exactly one row."""
    fixed = True  # a loop: numba compiles no generator expression
    for p in range(counts.shape[0]):
        if not random_hand[p] and counts[p] != 1:
            fixed = False
    return fixed


@njit(cache=True)
def monte_carlo_two_card(
    combos: Array,
    masks: Array,
    starts: Array,
    counts: Array,
    random_hand: Array,
    board: Array,
    n_known: int,
    deck: Array,
    samples: int,
    max_attempts: int,
    rng: Any,
    key: Array,
    multi: Array,
    flush: Array,
    row_offset: Array,
) -> tuple[Array, Array, Array, Array, int, int]:
    """Deal ``samples`` random runouts of a two-card game, uniform over
    assignments and completions (``multi``, ``flush``: the game's tables).

    Players with ``random_hand[p]`` are dealt from the deck after the others;
    the others draw one row of their range each and the whole assignment is
    redrawn when two rows share a card (rejection, so every valid assignment is
    equally likely). Returns ``(share, square, wins, ties, n, attempts)``;
    ``n`` is below ``samples`` only when ``max_attempts`` draws in a row found
    no valid assignment.
    """
    players = starts.shape[0]
    share = _zeros(players)
    square = _zeros(players)
    wins = _zeros(players)
    ties = _zeros(players)
    hi = _zeros(players)
    lo = _zeros(players)
    holes = _zeros(players * 2).reshape((players, 2))
    buf = _zeros(players * 2).reshape((players, 2))
    full = _zeros(5)
    for i in range(n_known):
        full[i] = board[i]
    rest = _zeros(deck.shape[0])
    rows = _zeros(players)
    n_random = 0
    for p in range(players):
        if random_hand[p]:
            n_random += 1
    need = n_random * 2 + 5 - n_known
    fixed = _fixed_ranges(random_hand, counts)
    m = 0
    if fixed:
        used = np.uint64(0)
        for p in range(players):
            if not random_hand[p]:
                used |= masks[starts[p]]
        _take_holes(combos, starts, rows, holes, buf)
        m = _rest_of_deck(deck, used, rest)
    attempts = 0
    n = 0
    first = second = split = 0  # heads-up counts, added to the sums at the end
    for _ in range(samples):
        if not fixed:
            ok, used, tries = _draw_rows(
                rng, random_hand, starts, counts, masks, rows, max_attempts
            )
            attempts += tries
            if not ok:
                break
            _take_holes(combos, starts, rows, holes, buf)
            m = _rest_of_deck(deck, used, rest)
        _deal(rng, rest, m, need, random_hand, holes, buf, full, n_known)
        n += 1
        s5 = key[full[0]] + key[full[1]] + key[full[2]] + key[full[3]] + key[full[4]]
        for p in range(players):
            hi[p] = _lookup(s5 + key[holes[p, 0]] + key[holes[p, 1]], full[0], full[1],
                            full[2], full[3], full[4], holes[p, 0], holes[p, 1], multi,
                            flush, row_offset)  # fmt: skip
        if players == 2:
            if hi[0] > hi[1]:
                first += 1
            elif hi[1] > hi[0]:
                second += 1
            else:
                split += 1
            continue
        _award(GAME_HOLDEM, hi, lo, share, square, wins, ties)
    for p, alone in ((0, first), (1, second)):
        share[p] += POT * alone + _HALF * split
        square[p] += POT * POT * alone + _HALF * _HALF * split
        wins[p] += alone
        ties[p] += split
    return share, square, wins, ties, n, attempts


@njit(cache=True)
def monte_carlo_board(
    game: int,
    combos: Array,
    masks: Array,
    starts: Array,
    counts: Array,
    random_hand: Array,
    board: Array,
    n_known: int,
    deck: Array,
    samples: int,
    max_attempts: int,
    rng: Any,
    t: Any,
) -> tuple[Array, Array, Array, Array, int, int]:
    """:func:`monte_carlo_two_card` for the board games (Omaha, Omaha high/low)."""
    players = starts.shape[0]
    nh = combos.shape[1]
    share = _zeros(players)
    square = _zeros(players)
    wins = _zeros(players)
    ties = _zeros(players)
    hi = _zeros(players)
    lo = _zeros(players)
    holes = _zeros(players * nh).reshape((players, nh))
    buf = _zeros(players * (nh + 5)).reshape((players, nh + 5))
    full = _zeros(5)
    for i in range(n_known):
        full[i] = board[i]
    rest = _zeros(deck.shape[0])
    rows = _zeros(players)
    n_random = 0
    for p in range(players):
        if random_hand[p]:
            n_random += 1
    need = n_random * nh + 5 - n_known
    fixed = _fixed_ranges(random_hand, counts)
    m = 0
    if fixed:
        used = np.uint64(0)
        for p in range(players):
            if not random_hand[p]:
                used |= masks[starts[p]]
        _take_holes(combos, starts, rows, holes, buf)
        m = _rest_of_deck(deck, used, rest)
    attempts = 0
    n = 0
    for _ in range(samples):
        if not fixed:
            ok, used, tries = _draw_rows(
                rng, random_hand, starts, counts, masks, rows, max_attempts
            )
            attempts += tries
            if not ok:
                break
            _take_holes(combos, starts, rows, holes, buf)
            m = _rest_of_deck(deck, used, rest)
        _deal(rng, rest, m, need, random_hand, holes, buf, full, n_known)
        n += 1
        _score_all(game, holes, nh, full, buf, hi, lo, t)
        _award(game, hi, lo, share, square, wins, ties)
    return share, square, wins, ties, n, attempts
