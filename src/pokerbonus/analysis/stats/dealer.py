"""Dealer mode ("Poker vs Dealer", RULES.md section 9): return to player.

What the return to player (RTP) covers: the **wager against the bank**, bonus
included, per unit wagered, for the 52-card deck without jokers. A player's
five cards and the dealer's first (face-up) card are dealt; the player keeps,
exchanges exactly one card, or folds (the wager is lost). The dealer then turns
his other four cards. A better hand than the dealer's returns the wager plus
even money, a tie returns the wager, a worse hand loses it; a straight or
better is paid the bonus of the paytable on the wager whatever the dealer holds.
The antes are *not* part of the RTP: they form the table pot that the players
win from one another (the bank takes no part of it), so they move money between
players, not to the house. The strategy maximizes the wager's expected return.

Other players at the table do not change one player's expectation: the cards
they hold or draw are unseen, so from the player's side every unseen card is
equally likely to be the replacement or one of the dealer's cards.

Method: for one situation (five cards and the up card) every decision is valued
*exactly* by enumerating all 163,185 dealer completions from the 46 unseen
cards once: a histogram of the dealer's values, plus for each unseen card the
histogram of the completions holding it (removed when that card is the
replacement). The situations themselves are sampled (seeded shards): a full
enumeration of the 122 million situations, even reduced by suit isomorphism
(about 5 million classes at a few milliseconds each), is out of reach of a
small machine, so the RTP comes with a 95% confidence interval.

>>> r = dealer_rtp(situations=20, seed=1)
>>> r.situations, 0.0 < r.rtp < 2.0
(20, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.analysis.stats.tables import BINOM, class_tables, hand_class
from pokerbonus.errors import ConfigurationError

__all__ = ["DEFAULT_PAYTABLE", "DealerResult", "dealer_rtp", "dealer_shard", "situation_values"]

DEFAULT_PAYTABLE: Final = {
    "straight": 1,
    "flush": 2,
    "full_house": 3,
    "quads": 10,
    "straight_flush": 50,
    "royal_flush": 100,
}
"""The rule book's default bonus, each "to 1" on the wager."""

_KEEP_N: Final = comb(46, 4)  # dealer completions when the player keeps
_SCALE: Final = 46 * comb(45, 4)  # common denominator of keep (x42) and exchange values
COUNTS_SIZE: Final = 6  # situations, sum of best, sum of squares (milli units), fold/keep/exchange


@dataclass(frozen=True, slots=True)
class DealerResult:
    """RTP of the wager against the bank under the best keep / exchange-one / fold play."""

    situations: int
    rtp: float
    ci95: tuple[float, float]
    fold_share: float
    keep_share: float
    exchange_share: float
    paytable: dict[str, int]
    seed: int | None = None
    interrupted: bool = False

    @property
    def house_edge(self) -> float:
        """One less the RTP: what the bank keeps per unit wagered, on average."""
        return 1.0 - self.rtp

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict of the result."""
        return {
            "situations": self.situations,
            "rtp": self.rtp,
            "ci95": list(self.ci95),
            "house_edge": self.house_edge,
            "decisions": {
                "fold": self.fold_share,
                "keep": self.keep_share,
                "exchange_one": self.exchange_share,
            },
            "paytable": self.paytable,
            "seed": self.seed,
            "interrupted": self.interrupted,
            "method": "exact per decision, sampled situations",
            "covers": "the wager against the bank incl. bonus; antes excluded (table pot)",
        }

    @classmethod
    def from_counts(
        cls,
        counts: npt.NDArray[np.int64],
        paytable: Mapping[str, int],
        *,
        seed: int | None = None,
        interrupted: bool = False,
    ) -> DealerResult:
        """The result from merged integer counts (see :func:`dealer_shard`)."""
        n = int(counts[0])
        if n < 1:
            raise ConfigurationError("situations: no situation was played")
        mean = int(counts[1]) / _SCALE / n
        second = int(counts[2]) / 1e6 / n
        var = max(second - mean * mean, 0.0) * n / max(n - 1, 1)
        half = 1.959963984540054 * math.sqrt(var / n)
        return cls(
            n, mean, (mean - half, mean + half), int(counts[3]) / n, int(counts[4]) / n,
            int(counts[5]) / n, dict(paytable), seed, interrupted,
        )  # fmt: skip


def _bonus_table(paytable: Mapping[str, int]) -> npt.NDArray[np.int64]:
    """Bonus by dense value (52 cards, no jokers): index 7462 is the royal flush."""
    unknown = set(paytable) - set(DEFAULT_PAYTABLE)
    if unknown:
        raise ConfigurationError(
            f"paytable: unknown hand {sorted(unknown)[0]!r} "
            f"(expected {', '.join(DEFAULT_PAYTABLE)})"
        )
    tables = class_tables(52)
    bonus = np.zeros(7463, dtype=np.int64)
    keys = ("straight", "flush", "full_house", "quads", "straight_flush")
    for category, key in zip((4, 5, 6, 7, 8), keys, strict=True):
        paid = int(paytable.get(key, 0))
        if paid < 0:
            raise ConfigurationError(f"paytable: {key} pays {paid}, a negative bonus")
        bonus[np.unique(tables.value[tables.category == category])] = paid
    bonus[7462] = int(paytable.get("royal_flush", paytable.get("straight_flush", 0)))
    return bonus


@numba.njit(cache=True, nogil=True)
def _situation(
    hand: npt.NDArray[np.int64],
    up: int,
    value: npt.NDArray[np.int32],
    bonus: npt.NDArray[np.int64],
    binom: npt.NDArray[np.int64],
    out: npt.NDArray[np.int64],
) -> None:  # pragma: no cover - compiled
    """Scaled expected returns: ``out[0]`` keep, ``out[1 + d]`` exchange card ``d``."""
    used = np.zeros(52, dtype=np.bool_)
    for i in range(5):
        used[hand[i]] = True
    used[up] = True
    unseen = np.empty(46, dtype=np.int64)
    m = 0
    for c in range(52):
        if not used[c]:
            unseen[m] = c
            m += 1
    hist = np.zeros(7463, dtype=np.int64)
    held = np.zeros((46, 7463), dtype=np.int64)
    five = np.empty(5, dtype=np.int64)
    five[0] = up
    for a in range(43):
        five[1] = unseen[a]
        for b in range(a + 1, 44):
            five[2] = unseen[b]
            for c in range(b + 1, 45):
                five[3] = unseen[c]
                for d in range(c + 1, 46):
                    five[4] = unseen[d]
                    j, s, x = hand_class(five, binom)
                    v = value[j, s, x]
                    hist[v] += 1
                    held[a, v] += 1
                    held[b, v] += 1
                    held[c, v] += 1
                    held[d, v] += 1
    below = np.zeros(7463, dtype=np.int64)  # dealer hands strictly weaker than each value
    for v in range(1, 7463):
        below[v] = below[v - 1] + hist[v - 1]
    j, s, x = hand_class(hand, binom)
    mine = value[j, s, x]
    keep = 2 * below[mine] + hist[mine]
    out[0] = keep * 42 + bonus[mine] * 6853770
    mixed = np.empty(5, dtype=np.int64)
    for d in range(5):
        out[1 + d] = 0
    for k in range(46):
        # dealer completions that avoid the replacement card unseen[k]
        row_below = np.zeros(7463, dtype=np.int64)
        for v in range(1, 7463):
            row_below[v] = row_below[v - 1] + held[k, v - 1]
        for d in range(5):
            for i in range(5):
                mixed[i] = hand[i]
            mixed[d] = unseen[k]
            j, s, x = hand_class(mixed, binom)
            v = value[j, s, x]
            wins = below[v] - row_below[v]
            ties = hist[v] - held[k, v]
            out[1 + d] += 2 * wins + ties + bonus[v] * 148995


@numba.njit(cache=True, nogil=True)
def _dealer_sim(
    seed: int,
    situations: int,
    value: npt.NDArray[np.int32],
    bonus: npt.NDArray[np.int64],
    binom: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    np.random.seed(seed)
    counts = np.zeros(6, dtype=np.int64)
    deck = np.arange(52)
    out = np.empty(6, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    for _ in range(situations):
        for i in range(6):  # a partial shuffle: five cards and the up card
            r = np.random.randint(i, 52)
            tmp = deck[i]
            deck[i] = deck[r]
            deck[r] = tmp
        for i in range(5):
            hand[i] = deck[i]
        _situation(hand, deck[5], value, bonus, binom, out)
        best = 0
        choice = 0
        if out[0] > best:
            best = out[0]
            choice = 1
        for d in range(5):
            if out[1 + d] > best:
                best = out[1 + d]
                choice = 2
        counts[0] += 1
        counts[1] += best
        milli = (best * 1000 + 3426885) // 6853770
        counts[2] += milli * milli
        counts[3 + choice] += 1
    return counts


def situation_values(
    hand: npt.NDArray[np.int64], up: int, paytable: Mapping[str, int] = DEFAULT_PAYTABLE
) -> tuple[float, ...]:
    """Exact expected return per unit wager of keep, then of exchanging card 0..4.

    (Fold returns 0.) ``hand`` holds five card indices, ``up`` the dealer's card.
    """
    tables = class_tables(52)
    out = np.zeros(6, dtype=np.int64)
    _situation(
        np.asarray(hand, dtype=np.int64), int(up), tables.value, _bonus_table(paytable), BINOM, out
    )
    return tuple(int(v) / _SCALE for v in out)


def dealer_shard(
    seed: int, situations: int, paytable: tuple[tuple[str, int], ...] = ()
) -> npt.NDArray[np.int64]:
    """Integer counts of ``situations`` sampled situations (a shard task for :mod:`pokerbonus.sim`).

    ``counts[0]`` situations, ``[1]`` sum of the best expected return scaled by
    ``46 * C(45, 4)``, ``[2]`` sum of squares in thousandths, ``[3:6]`` how many
    times folding, keeping, exchanging was best.
    """
    table = dict(paytable) if paytable else DEFAULT_PAYTABLE
    counts: npt.NDArray[np.int64] = _dealer_sim(
        int(seed) & 0xFFFFFFFF, situations, class_tables(52).value, _bonus_table(table), BINOM
    )
    return counts


def dealer_rtp(
    situations: int, seed: int, paytable: Mapping[str, int] = DEFAULT_PAYTABLE
) -> DealerResult:
    """RTP of dealer mode from ``situations`` sampled situations, in this process."""
    if situations < 1:
        raise ConfigurationError(f"situations: {situations!r} is not a positive number")
    state = int(np.random.SeedSequence(seed).generate_state(1, dtype=np.uint32)[0])
    counts = dealer_shard(state, situations, tuple(sorted(paytable.items())))
    return DealerResult.from_counts(counts, paytable, seed=seed)
