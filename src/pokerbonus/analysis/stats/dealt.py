"""Exact category frequencies of a five-card deal, for any deck and jokers.

Every five-card hand of the deck is enumerated (at most C(54, 5) = 3,162,510)
and rated through :func:`pokerbonus.hands.classes.class_tables`.

>>> stats = dealt_frequencies(52)
>>> stats.total, stats.counts["straight"], stats.counts["straight_flush"]
(2598960, 10200, 40)
>>> round(stats.frequency("pair"), 6)
0.422569
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import make_deck
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.classes import BINOM, CATEGORY_KEYS, class_tables, hand_class
from pokerbonus.i18n import gettext

__all__ = ["DealtStats", "dealt_frequencies"]


@dataclass(frozen=True, slots=True)
class DealtStats:
    """How many of the ``total`` five-card hands of a deck fall in each category."""

    deck: int
    jokers: int
    total: int
    counts: dict[str, int]

    def frequency(self, category: str) -> float:
        """Fraction (0..1) of the hands in ``category`` (a key such as ``"pair"``)."""
        if category not in self.counts:
            raise ConfigurationError(
                gettext("category: {category!r} is not one of {category_keys}").format(
                    category=category, category_keys=", ".join(CATEGORY_KEYS)
                )
            )
        return self.counts[category] / self.total

    def to_json(self) -> dict[str, object]:
        """A JSON-ready dict: deck, jokers, total, and counts and frequencies by category."""
        return {
            "deck": self.deck,
            "jokers": self.jokers,
            "total": self.total,
            "counts": dict(self.counts),
            "freq": {k: v / self.total for k, v in self.counts.items()},
        }


@numba.njit(cache=True, nogil=True)
def _count_deal(
    deck: npt.NDArray[np.int64],
    category: npt.NDArray[np.int8],
    binom: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    counts = np.zeros(10, dtype=np.int64)
    n = deck.shape[0]
    hand = np.empty(5, dtype=np.int64)
    for a in range(n - 4):
        hand[0] = deck[a]
        for b in range(a + 1, n - 3):
            hand[1] = deck[b]
            for c in range(b + 1, n - 2):
                hand[2] = deck[c]
                for d in range(c + 1, n - 1):
                    hand[3] = deck[d]
                    for e in range(d + 1, n):
                        hand[4] = deck[e]
                        j, s, i = hand_class(hand, binom)
                        counts[category[j, s, i]] += 1
    return counts


def dealt_frequencies(
    deck: int = 52, jokers: int = 0, *, wheel: bool = True, ranking: str = "modern"
) -> DealtStats:
    """Exact count of each category over all five-card hands of the deck (with jokers)."""
    tables = class_tables(deck, jokers, wheel, ranking)
    cards = np.array(make_deck(deck, jokers), dtype=np.int64)
    counts = _count_deal(cards, tables.category, BINOM)
    total = comb(len(cards), 5)
    assert int(counts.sum()) == total
    return DealtStats(deck, jokers, total, {k: int(counts[i]) for i, k in enumerate(CATEGORY_KEYS)})
