"""Numba kernels of the equity calculator: exact enumeration and Monte Carlo.

Internal module: :mod:`pokerbonus.analysis.equity` prepares the arrays and reads
the sums back. Everything per runout happens here, in compiled loops that call
the batch evaluators of :mod:`pokerbonus.hands.kernels`.

The pot is counted in :data:`POT` units (5040, divisible by every number of
winners up to 10, and by twice that for the halves of a high/low pot), so shares
add up as exact integers.

Inputs shared by both kernels:

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

from pokerbonus.hands.kernels import (
    rank_high,
    rank_omaha_high,
    rank_omaha_low8,
    rank_shortdeck,
)

__all__ = [
    "GAME_HOLDEM",
    "GAME_OMAHA",
    "GAME_OMAHA8",
    "GAME_SHORTDECK",
    "POT",
    "exact_kernel",
    "monte_carlo_kernel",
]

GAME_HOLDEM: Final = 0
GAME_SHORTDECK: Final = 1
GAME_OMAHA: Final = 2
GAME_OMAHA8: Final = 3
POT: Final = 5040
_HALF: Final = POT // 2

Array = Any  # numpy arrays; numba does the typing here


@njit(cache=True)
def _score_all(
    game: int, holes: Array, nh: int, board: Array, buf: Array, hi: Array, lo: Array, t: Any
) -> None:
    """Fill ``hi[p]`` (and ``lo[p]`` in omaha8) for every player on a complete board."""
    players = holes.shape[0]
    if game in (GAME_HOLDEM, GAME_SHORTDECK):
        for p in range(players):
            for i in range(5):
                buf[p, nh + i] = board[i]
            if game == GAME_HOLDEM:
                hi[p] = rank_high(buf[p], t)
            else:
                hi[p] = rank_shortdeck(buf[p], t)
    else:
        for p in range(players):
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
def _fill_holes(combos: Array, rows: Array, nh: int, holes: Array, buf: Array) -> None:
    for p in range(rows.shape[0]):
        for j in range(nh):
            holes[p, j] = combos[rows[p], j]
            buf[p, j] = combos[rows[p], j]


@njit(cache=True)
def exact_kernel(
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
    """Walk every assignment of range rows (no card twice) and every board completion.

    Returns ``(share, square, wins, ties, n)``: per player the sum of pot shares
    (POT units) and of their squares, outright wins and partial shares, and the
    number of runouts walked.
    """
    players = starts.shape[0]
    nh = combos.shape[1]
    share = np.zeros(players, np.int64)
    square = np.zeros(players, np.int64)
    wins = np.zeros(players, np.int64)
    ties = np.zeros(players, np.int64)
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    holes = np.zeros((players, nh), np.int64)
    buf = np.zeros((players, nh + 5), np.int64)
    full = np.zeros(5, np.int64)
    for i in range(n_known):
        full[i] = board[i]
    k = 5 - n_known
    rows = np.full(players, -1, np.int64)
    used = np.zeros(players + 1, np.uint64)
    rest = np.zeros(deck.shape[0], np.int64)
    idx = np.zeros(max(k, 1), np.int64)
    n = 0
    p = 0
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
        # a full assignment: every player holds a row, no card twice
        for q in range(players):
            rows[q] += starts[q]
        _fill_holes(combos, rows, nh, holes, buf)
        for q in range(players):
            rows[q] -= starts[q]
        m = 0
        for c in deck:
            if not (used[players] >> np.uint64(c)) & np.uint64(1):
                rest[m] = c
                m += 1
        if k == 0:
            _score_all(game, holes, nh, full, buf, hi, lo, t)
            _award(game, hi, lo, share, square, wins, ties)
            n += 1
            continue
        if m < k:
            continue
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
    return share, square, wins, ties, n


@njit(cache=True)
def monte_carlo_kernel(
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
    """Deal ``samples`` random runouts, uniform over assignments and completions.

    Players with ``random_hand[p]`` are dealt from the deck after the others;
    the others draw one row of their range each and the whole assignment is
    redrawn when two rows share a card (rejection, so every valid assignment is
    equally likely). Returns ``(share, square, wins, ties, n, attempts)``;
    ``n`` is below ``samples`` only when ``max_attempts`` draws in a row found
    no valid assignment.
    """
    players = starts.shape[0]
    nh = combos.shape[1]
    share = np.zeros(players, np.int64)
    square = np.zeros(players, np.int64)
    wins = np.zeros(players, np.int64)
    ties = np.zeros(players, np.int64)
    hi = np.zeros(players, np.int64)
    lo = np.zeros(players, np.int64)
    holes = np.zeros((players, nh), np.int64)
    buf = np.zeros((players, nh + 5), np.int64)
    full = np.zeros(5, np.int64)
    for i in range(n_known):
        full[i] = board[i]
    k = 5 - n_known
    rest = np.zeros(deck.shape[0], np.int64)
    rows = np.zeros(players, np.int64)
    n_random = 0
    fixed = True
    for p in range(players):
        if random_hand[p]:
            n_random += 1
        elif counts[p] != 1:
            fixed = False
    need = n_random * nh + k
    used = np.uint64(0)
    m = 0
    if fixed:
        for p in range(players):
            if not random_hand[p]:
                rows[p] = starts[p]
                used |= masks[starts[p]]
                for j in range(nh):
                    holes[p, j] = combos[starts[p], j]
                    buf[p, j] = combos[starts[p], j]
        for c in deck:
            if not (used >> np.uint64(c)) & np.uint64(1):
                rest[m] = c
                m += 1
    attempts = 0
    n = 0
    for _ in range(samples):
        if not fixed:
            tries = 0
            while True:
                attempts += 1
                tries += 1
                used = np.uint64(0)
                ok = True
                for p in range(players):
                    if random_hand[p]:
                        continue
                    pick = np.int64(rng.random() * counts[p])
                    row = starts[p] + min(pick, counts[p] - 1)
                    if masks[row] & used:
                        ok = False
                        break
                    used |= masks[row]
                    rows[p] = row
                if ok or tries >= max_attempts:
                    break
            if not ok:
                break
            for p in range(players):
                if not random_hand[p]:
                    for j in range(nh):
                        holes[p, j] = combos[rows[p], j]
                        buf[p, j] = combos[rows[p], j]
            m = 0
            for c in deck:
                if not (used >> np.uint64(c)) & np.uint64(1):
                    rest[m] = c
                    m += 1
        # partial Fisher-Yates: the first `need` cards of `rest` become a uniform draw
        for i in range(need):
            swap = i + int(rng.random() * (m - i))
            if swap >= m:
                swap = m - 1
            c = rest[i]
            rest[i] = rest[swap]
            rest[swap] = c
        pos = 0
        for p in range(players):
            if random_hand[p]:
                for j in range(nh):
                    holes[p, j] = rest[pos]
                    buf[p, j] = rest[pos]
                    pos += 1
        for i in range(k):
            full[n_known + i] = rest[pos + i]
        _score_all(game, holes, nh, full, buf, hi, lo, t)
        _award(game, hi, lo, share, square, wins, ties)
        n += 1
    return share, square, wins, ties, n, attempts
