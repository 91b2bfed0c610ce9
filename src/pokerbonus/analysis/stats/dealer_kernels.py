"""Dealer mode: the exact value of every decision of one situation, compiled.

A *situation* is the player's five cards and the dealer's up card. The dealer's
four other cards are any four of the 46 unseen cards, all equally likely (the
other players' cards are unseen too); after an exchange the replacement is any
of the 46, and the dealer's four come from the other 45.

The dealer's hand value depends only on the ranks of his five cards, unless all
five share a suit. So the completions are not enumerated one by one (163,185 of
them): they are counted by **rank multiset**. Four hidden cards with ``k_r``
cards of rank ``r`` can be chosen in ``prod C(a_r, k_r)`` ways, ``a_r`` the
unseen cards of rank ``r``: 1,820 multisets, each with its value once the up
card's rank is known. Sorted by value ahead of time, a running sum of those
counts answers "how many dealer hands are worth less than ``x``" with one table
read (:func:`rank_sums`). The dealer's flushes (four hidden cards of the up
card's suit, at most 495 rank sets) are moved from their unsuited value to
their flush value the same way, with running counts kept per set of ranks out
of his reach (a memo: a few such sets per up card).

An exchange that brings card ``r`` takes ``r`` away from the dealer: the counts
of the completions holding ``r`` (``r`` plus any three others: 455 rank
multisets, one running sum per rank of ``r``) are subtracted, and when ``r`` is
of the up card's suit its rank joins the ranks out of his flushes' reach. Every
query is then O(1): keep, and each of the five discards against each of the 46
replacements (:func:`situation_returns`). The counts by rank depend on the
ranks of the situation only, so a whole-game run shares them among all the
suits of one rank multiset (:func:`exact_part`).

Returns are integers: chips returned times :data:`SCALE` (``46 * C(45, 4)``,
the exchange's denominator; the keep's ``C(46, 4)`` divides it 42 times), so
sums over many situations are exact.

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> hand = np.array(parse_cards("As Ks Qs Js 2d"), dtype=np.int64)
>>> out = np.zeros(6, dtype=np.int64)
>>> pays = play_pays((1, 1, 2, 3, 3, 4, 6, 20, 50, 100))
>>> up = int(parse_cards("7c")[0])
>>> situation_values(hand, up, situation_tables(), pays, 1114, 1, 2, out, situation_work())
>>> bool(out[5] > out[0])  # giving up the 2d beats keeping ace high
True
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from math import comb
from typing import Final, NamedTuple

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.hands.classes import BINOM, class_tables, hand_class_in

__all__ = [
    "CATEGORY_HANDS",
    "EXACT_FIELDS",
    "KEEP_COMPLETIONS",
    "SCALE",
    "STRATA",
    "STRATUM_FIELDS",
    "SituationTables",
    "SituationWork",
    "best_choice",
    "dealt_hands",
    "exact_part",
    "forget_flushes",
    "play_pays",
    "rank_sums",
    "sample_situations",
    "situation_returns",
    "situation_tables",
    "situation_values",
    "situation_work",
]

KEEP_COMPLETIONS: Final = comb(46, 4)
"""Dealer completions when the player keeps: four of the 46 unseen cards."""

SCALE: Final = 46 * comb(45, 4)
"""Common denominator of every return: 46 replacements times C(45, 4) completions."""

_I64 = npt.NDArray[np.int64]
_I32 = npt.NDArray[np.int32]


_I16 = npt.NDArray[np.int16]
_I8 = npt.NDArray[np.int8]

_VALUES: Final = 7464  # dense values 1..7462, and 7463 for "below v + 1"
_PAD: Final = 65  # the index of a 1 in the per-situation table of C(a_r, k)


class SituationTables(NamedTuple):
    """Lookup tables of :func:`situation_returns` (numpy arrays, passable to njit code).

    ``q4[ru, i]``: the ``i``-th rank multiset of the dealer's four hidden cards,
    sorted by the value of his hand when his up card has rank ``ru``, as up to
    four indices ``5 * rank + count`` into a situation's table of ``C(a_r, k)``
    (65 pads); ``pos4[ru, x]``: how many of them are worth less than ``x``.
    ``q3[ru, rho]``/``pos3[ru, rho]``: the same for the three hidden cards that
    go with one of rank ``rho``. ``fmask[ru]``: the 495 sets of four ranks
    other than ``ru`` (the dealer's possible flushes), as 12-bit keys (rank
    ``r`` is bit ``r``, or ``r - 1`` above ``ru``), in the order of their
    unsuited value (``fu_order``, ``fu_pos``) and of their flush value
    (``fs_order``, ``fs_pos``). ``value``/``binom``: the five-card class tables.
    """

    value: _I32
    binom: _I64
    q4: _I8
    pos4: _I32
    q3: _I8
    pos3: _I32
    fmask: _I32
    fu_order: _I32
    fu_pos: _I32
    fs_order: _I32
    fs_pos: _I32


class SituationWork(NamedTuple):
    """Work arrays of :func:`situation_returns`, made once by :func:`situation_work`.

    ``memo_u``/``memo_s``/``known``: running counts of the dealer's possible
    flushes by the 12-bit key of the ranks of the up card's suit that are out of
    his reach, filled on first use; valid for one up-card rank (``known``
    cleared by :func:`forget_flushes` when it changes).
    """

    choose: _I64
    w4: _I64
    w3: _I64
    memo_u: _I16
    memo_s: _I16
    known: npt.NDArray[np.bool_]
    avail: _I64
    ranks: _I64
    mixed: _I64


def situation_work() -> SituationWork:
    """Fresh work arrays (about 8 MB, mostly the flush memo, touched as used)."""
    return SituationWork(
        np.empty(66, np.int64), np.empty(1821, np.int64), np.empty((13, 456), np.int64),
        np.empty((4096, 496), np.int16), np.empty((4096, 496), np.int16),
        np.zeros(4096, np.bool_), np.empty(13, np.int64), np.empty(5, np.int64),
        np.empty(5, np.int64),
    )  # fmt: skip


def _rated(rows: npt.NDArray[np.int64], table: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """The value in ``table`` (unsuited or suited classes) of each row of five
    ranks; 0 for five of a rank (no such hand, and no way to deal it either)."""
    ranks = np.sort(rows, axis=1)
    colex = sum(BINOM[ranks[:, i] + i, i + 1] for i in range(5))
    values: npt.NDArray[np.int64] = table[colex].astype(np.int64)
    values[ranks[:, 0] == ranks[:, 4]] = 0
    return values


def _sorted(values: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The order sorting ``values`` and, for each x, how many are below x."""
    order = np.argsort(values, kind="stable")
    pos = np.searchsorted(values[order], np.arange(_VALUES), side="left")
    return order, pos


def _padded(multisets: npt.NDArray[np.int64]) -> npt.NDArray[np.int8]:
    """Each rank multiset as indices ``5 * rank + count`` of its distinct ranks, padded."""
    out = np.full(multisets.shape, _PAD, dtype=np.int8)
    for i, ranks in enumerate(multisets.tolist()):
        distinct = sorted(set(ranks))
        out[i, : len(distinct)] = [5 * r + ranks.count(r) for r in distinct]
    return out


@lru_cache(maxsize=1)
def situation_tables() -> SituationTables:
    """The tables of :func:`situation_returns`, built once per process (a fraction
    of a second)."""
    value = class_tables(52).value
    unsuited = value[0, 0]
    suited = value[0, 1]
    four = np.array(list(itertools.combinations_with_replacement(range(13), 4)), np.int64)
    three = np.array(list(itertools.combinations_with_replacement(range(13), 3)), np.int64)
    subsets = np.array(list(itertools.combinations(range(12), 4)), np.int64)
    pad4 = _padded(four)
    pad3 = _padded(three)
    q4 = np.zeros((13, len(four), 4), dtype=np.int8)
    pos4 = np.zeros((13, _VALUES), dtype=np.int32)
    q3 = np.zeros((13, 13, len(three), 3), dtype=np.int8)
    pos3 = np.zeros((13, 13, _VALUES), dtype=np.int32)
    fmask = np.zeros((13, len(subsets)), dtype=np.int32)
    fu_order = np.zeros((13, len(subsets)), dtype=np.int32)
    fu_pos = np.zeros((13, _VALUES), dtype=np.int32)
    fs_order = np.zeros((13, len(subsets)), dtype=np.int32)
    fs_pos = np.zeros((13, _VALUES), dtype=np.int32)
    fmask[:] = (1 << subsets).sum(axis=1)  # the same 12-bit keys for every up rank
    for ru in range(13):
        column = np.full((len(four), 1), ru)
        order, pos4[ru] = _sorted(_rated(np.hstack([column, four]), unsuited))
        q4[ru] = pad4[order]
        for rho in range(13):
            pair = np.full((len(three), 2), [ru, rho])
            order, pos3[ru, rho] = _sorted(_rated(np.hstack([pair, three]), unsuited))
            q3[ru, rho] = pad3[order]
        ranks = subsets + (subsets >= ru)  # bit i: the i-th rank other than ru
        rows = np.hstack([np.full((len(subsets), 1), ru), ranks])
        fu_order[ru], fu_pos[ru] = _sorted(_rated(rows, unsuited))
        fs_order[ru], fs_pos[ru] = _sorted(_rated(rows, suited))
    return SituationTables(
        value, BINOM, q4, pos4, q3, pos3, fmask, fu_order, fu_pos, fs_order, fs_pos
    )


def play_pays(pays: tuple[int, ...]) -> _I64:
    """The play wager's paytable by dense hand value (``pays``: high card, pair,
    two pair, trips, straight, flush, full house, quads, straight flush, royal
    flush, each "to 1")."""
    if len(pays) != 10:
        raise ValueError(f"play_pays: ten pays expected, got {len(pays)}")
    t = class_tables(52)
    out = np.zeros(_VALUES, dtype=np.int64)
    for category in range(9):
        out[np.unique(t.value[t.category == category])] = pays[category]
    out[7462] = pays[9]  # the royal flush
    return out


_CHOOSE: Final = np.array(
    [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]],
    dtype=np.int64,
)


@numba.njit(cache=True, nogil=True)
def forget_flushes(w: SituationWork) -> None:  # pragma: no cover - compiled
    """Clear the flush memo of ``w`` (needed when the up card's rank changes)."""
    w.known[:] = False


@numba.njit(cache=True, nogil=True)
def rank_sums(ru: int, w: SituationWork, t: SituationTables) -> None:  # pragma: no cover
    """Running counts of the dealer's completions by rank multiset, for an up card
    of rank ``ru`` and ``w.avail[r]`` unseen cards of each rank ``r``: ``w.w4``
    (any four hidden cards) and ``w.w3[rho]`` (those holding one given card of
    rank ``rho``). They depend on the ranks of the situation only."""
    c = w.choose
    for r in range(13):
        for k in range(5):
            c[5 * r + k] = _CHOOSE[w.avail[r], k]
    c[_PAD] = 1
    q4 = t.q4[ru]
    w4 = w.w4
    w4[0] = 0
    for i in range(q4.shape[0]):
        w4[i + 1] = w4[i] + c[q4[i, 0]] * c[q4[i, 1]] * c[q4[i, 2]] * c[q4[i, 3]]
    for rho in range(13):
        a = w.avail[rho]
        if a == 0:
            continue
        for k in range(5):  # the card of rank rho is taken: a - 1 left for the others
            c[5 * rho + k] = _CHOOSE[a - 1, k]
        q3 = t.q3[ru, rho]
        w3 = w.w3[rho]
        w3[0] = 0
        for i in range(q3.shape[0]):
            w3[i + 1] = w3[i] + c[q3[i, 0]] * c[q3[i, 1]] * c[q3[i, 2]]
        for k in range(5):
            c[5 * rho + k] = _CHOOSE[a, k]


@numba.njit(cache=True, nogil=True, inline="always")
def _flushes(ru: int, key: int, w: SituationWork, t: SituationTables) -> None:  # pragma: no cover
    """Fill the flush memo for ``key`` (the dealer's flushes avoiding its ranks)."""
    if w.known[key]:
        return
    fmask = t.fmask[ru]
    fu = t.fu_order[ru]
    fs = t.fs_order[ru]
    mu = w.memo_u[key]
    ms = w.memo_s[key]
    mu[0] = 0
    ms[0] = 0
    for i in range(fmask.shape[0]):
        mu[i + 1] = mu[i] + (1 if fmask[fu[i]] & key == 0 else 0)
        ms[i + 1] = ms[i] + (1 if fmask[fs[i]] & key == 0 else 0)
    w.known[key] = True


@numba.njit(cache=True, nogil=True, inline="always")
def _returned(
    v: int,
    below_q: int,
    below_v: int,
    below_next: int,
    qualify: int,
    pays: _I64,
    bet: int,
    play: int,
) -> int:  # pragma: no cover - compiled
    """Chips returned (times the number of completions) for a hand worth ``v``."""  # fmt: skip
    total = below_q * (2 * bet + play)  # the dealer does not qualify
    if v >= qualify:
        total += (below_v - below_q) * (2 * bet + play * (1 + pays[v]))  # wins
        total += (below_next - below_v) * (bet + play)  # exact ties: both returned
    return total


@numba.njit(cache=True, nogil=True)
def situation_returns(
    hand: _I64,
    up: int,
    t: SituationTables,
    pays: _I64,
    qualify: int,
    bet: int,
    play: int,
    out: _I64,
    w: SituationWork,
) -> None:  # pragma: no cover - compiled
    """Expected chips returned by the bank, times :data:`SCALE`: ``out[0]`` when
    the player keeps, ``out[1 + d]`` when they exchange card ``d`` (0..4).

    ``hand``: five card indices; ``up``: the dealer's up card; ``pays``: the
    play wager's paytable by hand value (:func:`play_pays`); ``qualify``: the
    lowest dense value with which the dealer qualifies (1: always); ``bet`` and
    ``play``: the bet and the play wager in chips. Returned: the bet and the play
    wager back plus the bet 1 to 1 when the dealer does not qualify; both back,
    the bet 1 to 1 and the play wager by the paytable when the player's hand is
    better; both back on an exact tie; nothing when it is worse. The stakes
    (and a switch fee, lost whatever happens) are not subtracted.

    ``w`` must hold :func:`rank_sums` of this situation, and a flush memo of
    this up card's rank (or none: :func:`forget_flushes`).
    """  # fmt: skip
    ru = up >> 2
    su = up & 3
    dead = 0  # 12-bit key: ranks of the up card's suit the player holds
    seen = 1 << up
    for i in range(5):
        c = hand[i]
        seen |= 1 << c
        if (c & 3) == su:
            r = c >> 2
            dead |= 1 << (r - 1 if r > ru else r)
    _flushes(ru, dead, w, t)
    pos4 = t.pos4[ru]
    fu_pos = t.fu_pos[ru]
    fs_pos = t.fs_pos[ru]
    w4 = w.w4
    mu = w.memo_u[dead]
    ms = w.memo_s[dead]
    below_q = w4[pos4[qualify]] - mu[fu_pos[qualify]] + ms[fs_pos[qualify]]
    j, s, x = hand_class_in(hand, w.ranks, t.binom)
    v = t.value[j, s, x]
    below_v = w4[pos4[v]] - mu[fu_pos[v]] + ms[fs_pos[v]]
    below_n = w4[pos4[v + 1]] - mu[fu_pos[v + 1]] + ms[fs_pos[v + 1]]
    out[0] = 42 * _returned(v, below_q, below_v, below_n, qualify, pays, bet, play)
    for d in range(5):
        out[1 + d] = 0
    mixed = w.mixed
    for r in range(52):
        if (seen >> r) & 1:
            continue
        rho = r >> 2
        key = dead
        if (r & 3) == su:  # the dealer's flushes can no longer use rank rho
            key |= 1 << (rho - 1 if rho > ru else rho)
            _flushes(ru, key, w, t)
        mu = w.memo_u[key]
        ms = w.memo_s[key]
        pos3 = t.pos3[ru, rho]
        w3 = w.w3[rho]
        q = w4[pos4[qualify]] - w3[pos3[qualify]] - mu[fu_pos[qualify]] + ms[fs_pos[qualify]]
        for d in range(5):
            for i in range(5):
                mixed[i] = hand[i]
            mixed[d] = r
            j, s, x = hand_class_in(mixed, w.ranks, t.binom)
            v = t.value[j, s, x]
            bv = w4[pos4[v]] - w3[pos3[v]] - mu[fu_pos[v]] + ms[fs_pos[v]]
            bn = w4[pos4[v + 1]] - w3[pos3[v + 1]] - mu[fu_pos[v + 1]] + ms[fs_pos[v + 1]]
            out[1 + d] += _returned(v, q, bv, bn, qualify, pays, bet, play)


@numba.njit(cache=True, nogil=True)
def situation_values(
    hand: _I64,
    up: int,
    t: SituationTables,
    pays: _I64,
    qualify: int,
    bet: int,
    play: int,
    out: _I64,
    w: SituationWork,
) -> None:  # pragma: no cover - compiled
    """:func:`situation_returns` of one situation from scratch (rank sums included;
    the flush memo is forgotten first)."""  # fmt: skip
    for r in range(13):
        w.avail[r] = 4
    w.avail[up >> 2] -= 1
    for i in range(5):
        w.avail[hand[i] >> 2] -= 1
    forget_flushes(w)
    rank_sums(up >> 2, w, t)
    situation_returns(hand, up, t, pays, qualify, bet, play, out, w)


@numba.njit(cache=True, nogil=True, inline="always")
def best_choice(
    out: _I64, bet: int, play: int, fee: int, switch: bool
) -> tuple[int, int]:  # pragma: no cover - compiled
    """The best decision from :func:`situation_returns`' ``out`` by expected net
    chips: ``(choice, card)`` with choice 0 fold, 1 keep, 2 exchange card ``card``.

    Ties go to keeping, then to exchanging the first card, then to folding.
    """
    best = -bet * SCALE  # folding: the bet is lost
    choice = 0
    card = -1
    keep = out[0] - (bet + play) * SCALE
    if keep >= best:
        best = keep
        choice = 1
    if switch:
        for d in range(5):
            net = out[1 + d] - (bet + play + fee) * SCALE
            if net > best:
                best = net
                choice = 2
                card = d
    return choice, card


# -- whole runs: sampled situations by stratum, and the exact whole game -----------------

STRATA: Final = 9
"""Strata of the sampled runs: the category of the player's dealt hand (0 high
card ... 8 straight flush, royal included)."""

STRATUM_FIELDS: Final = 9
"""Counts per stratum: situations, returned (chips x SCALE), staked (chips),
returned^2, staked^2, returned x staked (chips^2 in fixed point, see
:func:`sample_situations`), and the situations where folding, keeping,
exchanging was best."""


@numba.njit(cache=True, nogil=True)
def _dealt_hands(
    category: _I8, binom: _I64, starts: _I64
) -> npt.NDArray[np.uint8]:  # pragma: no cover - compiled
    """All 2,598,960 five-card hands grouped by category (group ``k`` from
    ``starts[k]``, the known counts of each category)."""
    rows = np.empty((starts[9], 5), dtype=np.uint8)
    cursor = starts[:9].copy()
    hand = np.empty(5, dtype=np.int64)
    ranks = np.empty(5, dtype=np.int64)
    for a in range(48):
        for b in range(a + 1, 49):
            for c in range(b + 1, 50):
                for d in range(c + 1, 51):
                    for e in range(d + 1, 52):
                        hand[0] = a
                        hand[1] = b
                        hand[2] = c
                        hand[3] = d
                        hand[4] = e
                        j, s, x = hand_class_in(hand, ranks, binom)
                        k = category[j, s, x]
                        n = cursor[k]
                        cursor[k] += 1
                        for i in range(5):
                            rows[n, i] = hand[i]
    return rows


CATEGORY_HANDS: Final = (1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40)
"""Five-card hands of each category (straight flushes with the royal ones)."""


@lru_cache(maxsize=1)
def dealt_hands() -> tuple[npt.NDArray[np.uint8], _I64]:
    """Every five-card hand, grouped by category (``starts[k]`` to ``starts[k + 1]``)."""
    t = class_tables(52)
    starts = np.concatenate([[0], np.cumsum(CATEGORY_HANDS)]).astype(np.int64)
    return _dealt_hands(t.category, BINOM, starts), starts


@numba.njit(cache=True, nogil=True, inline="always")
def _best(
    out: _I64, bet: int, play: int, fee: int, switch: bool
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Returned (x SCALE) and staked chips under the best decision, and the choice."""
    choice, card = best_choice(out, bet, play, fee, switch)
    if choice == 0:
        return 0, bet, 0
    if choice == 1:
        return out[0], bet + play, 1
    return out[1 + card], bet + play + fee, 2


@numba.njit(cache=True, nogil=True)
def sample_situations(
    seed: int,
    allocation: _I64,
    hands: npt.NDArray[np.uint8],
    starts: _I64,
    t: SituationTables,
    w: SituationWork,
    pays: _I64,
    qualify: int,
    bet: int,
    play: int,
    fee: int,
    switch: bool,
    scale: int,
) -> _I64:  # pragma: no cover - compiled
    """``allocation[k]`` situations of stratum ``k`` drawn uniformly (seeded), each
    valued exactly under its best decision; :data:`STRATUM_FIELDS` counts per
    stratum (the squares and products times ``scale``)."""  # fmt: skip
    np.random.seed(seed)
    n = 0
    for k in range(STRATA):
        n += allocation[k]
    drawn = np.empty((n, 5), dtype=np.int64)
    ups = np.empty(n, dtype=np.int64)
    strata = np.empty(n, dtype=np.int64)
    m = 0
    for k in range(STRATA):
        size = starts[k + 1] - starts[k]
        for _ in range(allocation[k]):
            row = starts[k] + np.random.randint(0, size)
            for i in range(5):
                drawn[m, i] = hands[row, i]
            up = np.random.randint(0, 52)
            while (
                up == drawn[m, 0] or up == drawn[m, 1] or up == drawn[m, 2]
                or up == drawn[m, 3] or up == drawn[m, 4]
            ):  # fmt: skip
                up = np.random.randint(0, 52)
            ups[m] = up
            strata[m] = k
            m += 1
    order = np.argsort(ups >> 2, kind="mergesort")  # one up-card rank at a time: flush memo
    counts = np.zeros(STRATA * STRATUM_FIELDS, dtype=np.int64)
    out = np.empty(6, dtype=np.int64)
    current = -1
    for i in order:
        hand = drawn[i]
        up = ups[i]
        if up >> 2 != current:
            current = up >> 2
            forget_flushes(w)
        for r in range(13):
            w.avail[r] = 4
        w.avail[current] -= 1
        for c in range(5):
            w.avail[hand[c] >> 2] -= 1
        rank_sums(current, w, t)
        situation_returns(hand, up, t, pays, qualify, bet, play, out, w)
        returned, staked, choice = _best(out, bet, play, fee, switch)
        base = strata[i] * STRATUM_FIELDS
        ratio = returned / SCALE
        counts[base] += 1
        counts[base + 1] += returned
        counts[base + 2] += staked
        counts[base + 3] += round(ratio * ratio * scale)
        counts[base + 4] += staked * staked * scale
        counts[base + 5] += round(ratio * staked * scale)
        counts[base + 6 + choice] += 1
    return counts


EXACT_FIELDS: Final = 6
"""Counts of an exact part: situations, returned (chips x SCALE), staked (chips),
and the situations where folding, keeping, exchanging was best (all weighted)."""

_SUBSETS: Final = np.array(
    [
        [[0, 0, 0, 0, 0, 0], [1, 2, 4, 8, 0, 0], [3, 5, 6, 9, 10, 12], [7, 11, 13, 14, 0, 0],
         [15, 0, 0, 0, 0, 0]],
        [[0, 0, 0, 0, 0, 0], [2, 4, 8, 0, 0, 0], [6, 10, 12, 0, 0, 0], [14, 0, 0, 0, 0, 0],
         [0, 0, 0, 0, 0, 0]],
    ],
    dtype=np.int64,
)  # fmt: skip
"""Suit sets (bit masks) of ``k`` cards of one rank: ``[0]`` any suit, ``[1]`` not suit 0."""
_NSUB: Final = np.array([[1, 4, 6, 4, 1], [1, 3, 3, 1, 0]], dtype=np.int64)


@numba.njit(cache=True, nogil=True)
def exact_part(
    up_rank: int,
    stripe: int,
    stripes: int,
    t: SituationTables,
    w: SituationWork,
    pays: _I64,
    qualify: int,
    bet: int,
    play: int,
    fee: int,
    switch: bool,
) -> _I64:  # pragma: no cover - compiled
    """Every situation whose up card has rank ``up_rank``, one per class of suit
    isomorphism and weighted by its size, for the ``stripe``-th of ``stripes``
    interleaved parts of the player's rank multisets; :data:`EXACT_FIELDS` counts.

    The up card is taken of suit 0 (the four suits are alike: weight 4). The
    player's hands are visited rank multiset by rank multiset (the dealer's
    counts by rank, :func:`rank_sums`, are shared by all the suits of one
    multiset); a hand counts when it is the smallest of its images under the six
    permutations of the other three suits, with weight 6 over the permutations
    that leave it unchanged.
    """  # fmt: skip
    counts = np.zeros(EXACT_FIELDS, dtype=np.int64)
    perms = np.array(
        [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3], [0, 2, 3, 1], [0, 3, 1, 2], [0, 3, 2, 1]],
        dtype=np.int64,
    )
    up = 4 * up_rank
    forget_flushes(w)
    out = np.empty(6, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    group_rank = np.empty(5, dtype=np.int64)
    group_size = np.empty(5, dtype=np.int64)
    digit = np.empty(5, dtype=np.int64)
    group = -1
    for r0 in range(13):
        for r1 in range(r0, 13):
            for r2 in range(r1, 13):
                for r3 in range(r2, 13):
                    for r4 in range(r3, 13):
                        for r in range(13):
                            w.avail[r] = 4
                        w.avail[up_rank] -= 1
                        w.avail[r0] -= 1
                        w.avail[r1] -= 1
                        w.avail[r2] -= 1
                        w.avail[r3] -= 1
                        w.avail[r4] -= 1
                        if w.avail[r0] < 0 or w.avail[r4] < 0 or w.avail[r2] < 0:
                            continue  # five of a rank, or four beside the up card
                        group += 1
                        if group % stripes != stripe:
                            continue
                        rank_sums(up_rank, w, t)
                        n = 0
                        for r in (r0, r1, r2, r3, r4):
                            if n > 0 and group_rank[n - 1] == r:
                                group_size[n - 1] += 1
                            else:
                                group_rank[n] = r
                                group_size[n] = 1
                                n += 1
                        for g in range(n):
                            digit[g] = 0
                        while True:
                            m = 0
                            mask = 0
                            for g in range(n):
                                banned = 1 if group_rank[g] == up_rank else 0
                                suits = _SUBSETS[banned, group_size[g], digit[g]]
                                for s in range(4):
                                    if (suits >> s) & 1:
                                        card = 4 * group_rank[g] + s
                                        hand[m] = card
                                        mask |= 1 << card
                                        m += 1
                            smallest = True
                            same = 0
                            for p in range(6):
                                image = 0
                                for i in range(5):
                                    h = hand[i]
                                    image |= 1 << ((h & ~3) | perms[p, h & 3])
                                if image < mask:
                                    smallest = False
                                    break
                                if image == mask:
                                    same += 1
                            if smallest:
                                weight = 4 * (6 // same)
                                situation_returns(hand, up, t, pays, qualify, bet, play, out, w)
                                returned, staked, choice = _best(out, bet, play, fee, switch)
                                counts[0] += weight
                                counts[1] += weight * returned
                                counts[2] += weight * staked
                                counts[3 + choice] += weight
                            g = 0  # next suit assignment (an odometer over the groups)
                            while g < n:
                                banned = 1 if group_rank[g] == up_rank else 0
                                digit[g] += 1
                                if digit[g] < _NSUB[banned, group_size[g]]:
                                    break
                                digit[g] = 0
                                g += 1
                            if g == n:
                                break
    return counts
