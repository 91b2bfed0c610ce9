"""Numba kernels of the equity calculator: exact enumeration and Monte Carlo.

Internal module: :mod:`pokerbonus.analysis.equity` prepares the arrays and reads
the counts back. Everything per runout happens here, in compiled loops that read
the evaluator's tables (:mod:`pokerbonus.hands.tables`) directly.

A runout's result is the set of players who win the pot (and, in Omaha
high/low, the set who win the low half): the kernels count each set in
``outcomes`` (``outcomes[winners]`` for the high hands, with the low winners'
bits above them in omaha8), and :func:`pokerbonus.analysis.equity` turns those
counts into pot shares, wins and ties. The kernels then hold no pot
arithmetic, and the heads-up and multiway cases are one loop.

Each kernel is one function with no compiled helper, and allocates nothing:
the caller passes every work array. Numba's cost at a command's first run is
the compilation (type inference above all, per operation and per call between
compiled functions), so a command compiles exactly one kernel of its game
family and mode: ``exact_two_card`` or ``monte_carlo_two_card`` (hold'em and
short-deck, the game's tables passed), ``exact_board`` or ``monte_carlo_board``
(Omaha, high or high/low).

Inputs shared by the kernels:

- ``combos``: ``(rows, hole_size)`` card indices; player ``p`` may hold rows
  ``starts[p] .. starts[p] + counts[p] - 1`` (one row for a known hand);
- ``masks``: the card mask (bit ``c`` for card ``c``) of each row, ``int64``;
- ``board``: the 5-slot board, its first ``n_known`` cards known;
- ``deck``: every card that may still be dealt (deck less board and dead cards);
- ``key``, ``row_offset``, ``multi``, ``flush``: the tables of the game
  (:class:`~pokerbonus.hands.tables.EvalTables`), ``multi_low`` the ``low8``
  one in the board games;
- ``bit``: per card the bit ``16 * suit + rank``: a hand's bits, shifted by
  ``16 * suit`` and cut to 13 bits, are the ranks of its cards of that suit
  (the index of ``flush``);
- ``work``: a 2-D ``int64`` scratch array (see :func:`work_shape`);
- ``outcomes``: ``int64`` zeros, one per set of winners (:func:`outcome_size`).

Every kernel returns the number of runouts it counted.
"""

from __future__ import annotations

from typing import Any, Final

from numba import njit

from pokerbonus.hands.tables import FLUSH_BITS, FLUSH_TEST, ROW_SHIFT, SIZE_KEY, SUIT_SHIFT

__all__ = [
    "exact_board",
    "exact_two_card",
    "monte_carlo_board",
    "monte_carlo_two_card",
    "outcome_size",
    "work_shape",
]

_LOW32: Final = 0xFFFFFFFF
_BASE: Final = 5 * SIZE_KEY  # the low halves of five keys: where the hash starts
_PAIRS: Final = 10  # two of at most five hole cards

Array = Any  # numpy arrays; numba does the typing here


def work_shape(players: int, hole_size: int, deck_size: int) -> tuple[int, int]:
    """Shape of the ``work`` array of every kernel: 10 rows, wide enough for the
    deck (and five empty slots), every player and every hole-card pair."""
    return 10, max(deck_size + 5, players * max(hole_size, _PAIRS) + 1)


def outcome_size(players: int, split: bool) -> int:
    """Length of ``outcomes``: one count per set of high winners (and of low winners)."""
    return 1 << (2 * players if split else players)


@njit(cache=True)
def _two_card_winners(
    s: int, u: int, hole_sum: Array, hole_bits: Array, players: int, row_offset: Array,
    multi: Array, flush: Array,
) -> int:  # fmt: skip
    """The bit set of the players holding the best hand, the board's five cards being
    ``s`` (their key sum) and ``u`` (their suit bits); each player's two cards are
    ``hole_sum[q]`` and ``hole_bits[q]``."""
    best = 0
    winners = 0
    for q in range(players):
        total = s + hole_sum[q]
        index = (total & _LOW32) - _BASE
        v = multi[index + row_offset[index >> ROW_SHIFT]]
        suits = ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS
        if suits:  # five cards of a suit: the flush's ranks
            shift = 0 if suits & 0x8 else (16 if suits & 0x80 else (32 if suits & 0x800 else 48))
            f = flush[((u | hole_bits[q]) >> shift) & 0x1FFF]
            if f > v:
                v = f
        if v > best:
            best = v
            winners = 1 << q
        elif v == best:
            winners |= 1 << q
    return winners


@njit(cache=True)
def _board_outcome(
    full: Array, key: Array, bit: Array, pair_sum: Array, pair_bits: Array,
    triple_sum: Array, triple_bits: Array, players: int, pairs: int, split: bool,
    row_offset: Array, multi: Array, flush: Array, multi_low: Array,
) -> int:  # fmt: skip
    """The outcome index of one runout of a board game, ``full`` its five board cards:
    the high winners' bits, and the low winners' shifted by ``players`` (``split``).
    Fills ``triple_sum`` and ``triple_bits`` with the board's ten triples; each player
    ranks ``pairs`` pairs of hole cards (``pair_sum``, ``pair_bits``) with them."""
    j = 0
    for x in range(3):
        for y in range(x + 1, 4):
            for z in range(y + 1, 5):
                a = full[x]
                b = full[y]
                c = full[z]
                triple_sum[j] = key[a] + key[b] + key[c]
                triple_bits[j] = bit[a] | bit[b] | bit[c]
                j += 1
    best = 0
    winners = 0
    best_low = 0
    low_winners = 0
    for q in range(players):
        high = 0
        low = 0
        for i in range(q * _PAIRS, q * _PAIRS + pairs):
            for j in range(10):
                total = pair_sum[i] + triple_sum[j]
                index = (total & _LOW32) - _BASE
                index += row_offset[index >> ROW_SHIFT]
                suits = ((total >> SUIT_SHIFT) + FLUSH_TEST) & FLUSH_BITS
                if suits:  # five cards of a suit: a flush at least
                    shift = 0 if suits & 0x8 else (
                        16 if suits & 0x80 else (32 if suits & 0x800 else 48)
                    )  # fmt: skip
                    v = flush[((pair_bits[i] | triple_bits[j]) >> shift) & 0x1FFF]
                else:
                    v = multi[index]
                if v > high:
                    high = v
                if split and multi_low[index] > low:
                    low = multi_low[index]
        if high > best:
            best = high
            winners = 1 << q
        elif high == best:
            winners |= 1 << q
        if low > best_low:
            best_low = low
            low_winners = 1 << q
        elif low == best_low and low > 0:
            low_winners |= 1 << q
    return winners | low_winners << players


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
    bit: Array,
    row_offset: Array,
    multi: Array,
    flush: Array,
    work: Array,
    outcomes: Array,
) -> int:
    """Count the winners of every runout, for every assignment of range rows with
    no card held twice and every completion of the board: hold'em or short-deck
    (``multi`` and ``flush`` are that game's tables).

    Each player's two cards and the known board cards are summed once per
    assignment; five nested loops, one per board slot, carry the key sum and the
    suit bits of the cards drawn so far, so a runout costs a few additions and
    two table reads per player.
    """
    players = starts.shape[0]
    rows = work[0]
    used = work[1]
    hole_sum = work[2]
    hole_bits = work[3]
    rest_key = work[4]
    rest_bit = work[5]
    known_sum = 0
    known_bits = 0
    for i in range(n_known):
        c = board[i]
        known_sum += key[c]
        known_bits |= bit[c]
    for p in range(players):
        rows[p] = -1
    used[0] = 0
    n = 0
    p = 0
    while p >= 0:
        # the next assignment: players before p keep their rows, p takes its next one
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
        for q in range(players):
            a = combos[starts[q] + rows[q], 0]
            b = combos[starts[q] + rows[q], 1]
            hole_sum[q] = known_sum + key[a] + key[b]
            hole_bits[q] = known_bits | bit[a] | bit[b]
        # the cards left, after one empty place per known board card
        m = n_known
        for i in range(n_known):
            rest_key[i] = 0
            rest_bit[i] = 0
        taken = used[players]
        for c in deck:
            if not (taken >> c) & 1:
                rest_key[m] = key[c]
                rest_bit[m] = bit[c]
                m += 1
        if m < 5:
            continue
        # slot j takes a place after slot j - 1's, leaving room for the later slots;
        # a known slot has one place, its empty one
        end0 = m - 4 if n_known <= 0 else 1
        end1 = m - 3 if n_known <= 1 else 2
        end2 = m - 2 if n_known <= 2 else 3
        end3 = m - 1 if n_known <= 3 else 4
        end4 = m if n_known <= 4 else 5
        for i0 in range(end0):
            s0 = rest_key[i0]
            u0 = rest_bit[i0]
            for i1 in range(i0 + 1, end1):
                s1 = s0 + rest_key[i1]
                u1 = u0 | rest_bit[i1]
                for i2 in range(i1 + 1, end2):
                    s2 = s1 + rest_key[i2]
                    u2 = u1 | rest_bit[i2]
                    for i3 in range(i2 + 1, end3):
                        s3 = s2 + rest_key[i3]
                        u3 = u2 | rest_bit[i3]
                        for i4 in range(i3 + 1, end4):
                            s4 = s3 + rest_key[i4]
                            u4 = u3 | rest_bit[i4]
                            winners = _two_card_winners(
                                s4, u4, hole_sum, hole_bits, players, row_offset, multi, flush
                            )
                            outcomes[winners] += 1
                            n += 1
    return n


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
    bit: Array,
    row_offset: Array,
    multi: Array,
    flush: Array,
    work: Array,
    outcomes: Array,
) -> int:
    """Deal ``samples`` random runouts of a two-card game, uniform over
    assignments and completions, and count their winners.

    Players with ``random_hand[p]`` are dealt from the deck after the others;
    the others draw one row of their range each and the whole assignment is
    redrawn when two rows share a card (rejection, so every valid assignment is
    equally likely). A partial Fisher-Yates shuffle of the cards left deals the
    random hands first, then the board. Fewer than ``samples`` runouts are
    counted only when ``max_attempts`` draws in a row found no valid assignment.
    """
    players = starts.shape[0]
    rows = work[0]
    hole_sum = work[1]
    hole_bits = work[2]
    rest = work[3]
    known_sum = 0
    known_bits = 0
    for i in range(n_known):
        c = board[i]
        known_sum += key[c]
        known_bits |= bit[c]
    need = 5 - n_known
    fixed = True  # one row for every hand not dealt: the rows are set once
    for p in range(players):
        rows[p] = starts[p]
        if random_hand[p]:
            need += 2
        elif counts[p] != 1:
            fixed = False
    m = 0
    n = 0
    while n < samples:
        if n == 0 or not fixed:
            # draw one row per hand not dealt until no card is held twice
            found = fixed
            tries = 0
            while not found and tries < max_attempts:
                tries += 1
                found = True
                taken = 0
                for p in range(players):
                    if random_hand[p]:
                        continue
                    pick = int(rng.random() * counts[p])
                    row = starts[p] + min(pick, counts[p] - 1)
                    if masks[row] & taken:
                        found = False
                        break
                    taken |= masks[row]
                    rows[p] = row
            if not found:
                break
            taken = 0
            for p in range(players):
                if not random_hand[p]:
                    taken |= masks[rows[p]]
                    a = combos[rows[p], 0]
                    b = combos[rows[p], 1]
                    hole_sum[p] = known_sum + key[a] + key[b]
                    hole_bits[p] = known_bits | bit[a] | bit[b]
            m = 0
            for c in deck:
                if not (taken >> c) & 1:
                    rest[m] = c
                    m += 1
        for i in range(need):
            swap = min(i + int(rng.random() * (m - i)), m - 1)
            c = rest[i]
            rest[i] = rest[swap]
            rest[swap] = c
        pos = 0
        for p in range(players):
            if random_hand[p]:
                a = rest[pos]
                b = rest[pos + 1]
                pos += 2
                hole_sum[p] = known_sum + key[a] + key[b]
                hole_bits[p] = known_bits | bit[a] | bit[b]
        s = 0
        u = 0
        for i in range(pos, need):
            c = rest[i]
            s += key[c]
            u |= bit[c]
        winners = _two_card_winners(s, u, hole_sum, hole_bits, players, row_offset, multi, flush)
        outcomes[winners] += 1
        n += 1
    return n


@njit(cache=True)
def exact_board(
    combos: Array,
    masks: Array,
    starts: Array,
    counts: Array,
    board: Array,
    n_known: int,
    deck: Array,
    split: bool,
    key: Array,
    bit: Array,
    row_offset: Array,
    multi: Array,
    flush: Array,
    multi_low: Array,
    work: Array,
    outcomes: Array,
) -> int:
    """:func:`exact_two_card` for the board games (Omaha, and Omaha high/low when
    ``split``): each hand ranked with exactly two hole cards and three board cards.

    The key sums and suit bits of each player's pairs of hole cards are taken
    once per assignment, the board's ten triples once per runout; a player's
    hand is the best of every pair with every triple.
    """
    players = starts.shape[0]
    nh = combos.shape[1]
    pairs = nh * (nh - 1) // 2
    rows = work[0]
    used = work[1]
    rest = work[2]
    full = work[3]
    slot = work[4]
    pair_sum = work[5]
    pair_bits = work[6]
    triple_sum = work[7]
    triple_bits = work[8]
    for i in range(n_known):
        full[i] = board[i]
    k = 5 - n_known
    for p in range(players):
        rows[p] = -1
    used[0] = 0
    n = 0
    p = 0
    while p >= 0:
        # the next assignment: players before p keep their rows, p takes its next one
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
        for q in range(players):
            j = q * _PAIRS
            for x in range(nh - 1):
                for y in range(x + 1, nh):
                    a = combos[starts[q] + rows[q], x]
                    b = combos[starts[q] + rows[q], y]
                    pair_sum[j] = key[a] + key[b]
                    pair_bits[j] = bit[a] | bit[b]
                    j += 1
        m = 0
        taken = used[players]
        for c in deck:
            if not (taken >> c) & 1:
                rest[m] = c
                m += 1
        if m < k:
            continue
        for i in range(k):
            slot[i] = i
        while True:
            for i in range(k):
                full[n_known + i] = rest[slot[i]]
            outcomes[
                _board_outcome(
                    full, key, bit, pair_sum, pair_bits, triple_sum, triple_bits, players,
                    pairs, split, row_offset, multi, flush, multi_low,
                )
            ] += 1  # fmt: skip
            n += 1
            # the next k cards of the m left, in lexicographic order
            i = k - 1
            while i >= 0 and slot[i] == m - k + i:
                i -= 1
            if i < 0:
                break
            slot[i] += 1
            for j in range(i + 1, k):
                slot[j] = slot[j - 1] + 1
    return n


@njit(cache=True)
def monte_carlo_board(
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
    split: bool,
    key: Array,
    bit: Array,
    row_offset: Array,
    multi: Array,
    flush: Array,
    multi_low: Array,
    work: Array,
    outcomes: Array,
) -> int:
    """:func:`monte_carlo_two_card` for the board games, ranked as in :func:`exact_board`."""
    players = starts.shape[0]
    nh = combos.shape[1]
    pairs = nh * (nh - 1) // 2
    rows = work[0]
    rest = work[2]
    full = work[3]
    hole = work[4]
    pair_sum = work[5]
    pair_bits = work[6]
    triple_sum = work[7]
    triple_bits = work[8]
    for i in range(n_known):
        full[i] = board[i]
    need = 5 - n_known
    fixed = True  # one row for every hand not dealt: the rows are set once
    for p in range(players):
        rows[p] = starts[p]
        if random_hand[p]:
            need += nh
        elif counts[p] != 1:
            fixed = False
    m = 0
    n = 0
    while n < samples:
        if n == 0 or not fixed:
            # draw one row per hand not dealt until no card is held twice
            found = fixed
            tries = 0
            while not found and tries < max_attempts:
                tries += 1
                found = True
                taken = 0
                for p in range(players):
                    if random_hand[p]:
                        continue
                    pick = int(rng.random() * counts[p])
                    row = starts[p] + min(pick, counts[p] - 1)
                    if masks[row] & taken:
                        found = False
                        break
                    taken |= masks[row]
                    rows[p] = row
            if not found:
                break
            taken = 0
            for p in range(players):
                if not random_hand[p]:
                    taken |= masks[rows[p]]
            m = 0
            for c in deck:
                if not (taken >> c) & 1:
                    rest[m] = c
                    m += 1
        for i in range(need):
            swap = min(i + int(rng.random() * (m - i)), m - 1)
            c = rest[i]
            rest[i] = rest[swap]
            rest[swap] = c
        pos = 0
        for q in range(players):
            for x in range(nh):
                if random_hand[q]:
                    hole[x] = rest[pos]
                    pos += 1
                else:
                    hole[x] = combos[rows[q], x]
            j = q * _PAIRS
            for x in range(nh - 1):
                for y in range(x + 1, nh):
                    a = hole[x]
                    b = hole[y]
                    pair_sum[j] = key[a] + key[b]
                    pair_bits[j] = bit[a] | bit[b]
                    j += 1
        for i in range(5 - n_known):
            full[n_known + i] = rest[pos + i]
        outcomes[
            _board_outcome(
                full, key, bit, pair_sum, pair_bits, triple_sum, triple_bits, players,
                pairs, split, row_offset, multi, flush, multi_low,
            )
        ] += 1  # fmt: skip
        n += 1
    return n
