"""Hold'em bots for the two-card games that are not one 52-card board: short-deck
hold'em and double-board hold'em.

Both are :class:`~pokerbonus.bots.holdem.HoldemBot` (the pre-flop chart by
position, ranges from the actions, ``hard``'s narrowing on later streets), with
their own showdown:

* **Short deck** (36 cards, six to ace; a flush beats a full house, trips rank
  under a straight): the chart orders the 81 starting-hand classes by their
  equity against one random short-deck hand (fixed-seed Monte Carlo), and the
  equity deals from the 36-card deck with the short-deck ranking
  (:data:`~pokerbonus.bots.variant_kernels.RULE_SHORT`). The later-street reads
  (a pair or a draw, top pair, two pair) are taken with the standard ranking:
  they only sort hands roughly.
* **Double board**: the hold'em chart; the equity is the average of the two
  boards' shares (each board's best hand wins half the pot), the reads are taken
  on the first board.

>>> from pokerbonus.cards import parse_cards
>>> p = shortdeck_percentile_table()
>>> a, b = parse_cards("As Ad"); bool(p[a, b] < 0.02)
True
>>> a, b = parse_cards("7c 6d"); bool(p[a, b] > 0.8)
True
>>> ShortDeckBot(seed=1, level="easy").name, DoubleBoardBot(seed=1).name
('short-deck:easy', 'double-board:hard')
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.holdem import HoldemBot, percentile_chart
from pokerbonus.bots.variant_kernels import RULE_HIGH, RULE_SHORT, board_equity, get_tables
from pokerbonus.engine.views import SeatView

__all__ = ["DoubleBoardBot", "ShortDeckBot", "shortdeck_percentile_table"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

SHORT_LOW_RANK = 4
"""The rank index of the six, the lowest rank of the short deck."""


@lru_cache(maxsize=1)
def shortdeck_percentile_table() -> F64:
    """``p[a, b]``: the share of the 630 short-deck starting hands at least as
    strong as cards ``a, b`` (ordered by equity against one random hand); 1 for
    cards outside the short deck and on the diagonal."""
    t = get_tables()
    ones = np.ones((1, 52, 52))
    levels = np.zeros((1, 3), np.int64)
    leaks = np.ones((1, 3))
    none = np.zeros(0, np.int64)
    boards = np.zeros((1, 5), np.int64)

    def equity_of(hero: I64, hi: int, lo: int) -> float:
        return float(
            board_equity(
                RULE_SHORT, hero, boards, 0, none, ones, np.zeros(1), levels, leaks,
                1500, 29 + hi * 13 + lo, t,
            )
        )  # fmt: skip

    return percentile_chart(equity_of, SHORT_LOW_RANK)


class ShortDeckBot(HoldemBot):
    """Short-deck hold'em at ``easy``, ``medium`` or ``hard`` (see the module doc)."""

    game = "short-deck"

    def chart(self) -> F64:
        """The short-deck percentiles (:func:`shortdeck_percentile_table`)."""
        return shortdeck_percentile_table()

    def showdown_equity(
        self, view: SeatView, hero: I64, weights: F64, levels: I64, leaks: F64, samples: int
    ) -> float:
        """The equity dealt from the 36-card deck with the short-deck ranking."""
        boards = np.zeros((1, 5), np.int64)
        known = len(view.board)
        boards[0, :known] = [int(c) for c in view.board]
        return float(
            board_equity(
                RULE_SHORT, hero, boards, known, np.zeros(0, np.int64), weights,
                np.zeros(len(weights)), levels, leaks, samples, self.rng.getrandbits(31),
                get_tables(),
            )
        )  # fmt: skip


class DoubleBoardBot(HoldemBot):
    """Double-board hold'em at ``easy``, ``medium`` or ``hard`` (see the module doc)."""

    game = "double-board"

    def showdown_equity(
        self, view: SeatView, hero: I64, weights: F64, levels: I64, leaks: F64, samples: int
    ) -> float:
        """The average of the two boards' shares."""
        dealt = view.boards or (view.board,)
        boards = np.zeros((len(dealt), 5), np.int64)
        known = min(len(b) for b in dealt)
        for i, board in enumerate(dealt):
            boards[i, :known] = [int(c) for c in board[:known]]
        return float(
            board_equity(
                RULE_HIGH, hero, boards, known, np.zeros(0, np.int64), weights,
                np.zeros(len(weights)), levels, leaks, samples, self.rng.getrandbits(31),
                get_tables(),
            )
        )  # fmt: skip
