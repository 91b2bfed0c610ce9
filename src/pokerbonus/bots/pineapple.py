"""Bots for the hold'em games with a discard: Pineapple (three cards, one
discarded before the flop), Crazy Pineapple (one discarded after the flop
betting) and Irish (four cards, two discarded after the flop betting).

Once the discard is made the hand is hold'em and the bot is a
:class:`~pokerbonus.bots.holdem.HoldemBot` (its own discarded cards are known
to be out of the deck). Before it:

* **Equity** of a hand of three or four cards: the best, over the two-card hands
  it could keep, of that pair's hold'em equity (the other cards out of the deck).
* **Opponents** who still hold ``n`` cards will keep their best two of the
  ``m = n(n-1)/2`` pairs: a pair of chart percentile ``p`` is weighed by
  ``(1 - p) ** (m - 1)`` (the chance that it is the best of ``m`` random pairs,
  relative to the top), on top of the range their actions give.
* **Betting** before the discard goes by that equity (no chart: the chart is
  for two cards).
* **The discard**: keep the two cards with the best equity against the same
  opponents (level's samples per pair).

>>> PineappleBot(seed=1, level="medium").name
'pineapple:medium'
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.base import Budget, GameInfo
from pokerbonus.bots.equity_bots import TableRead
from pokerbonus.bots.equity_kernels import GAME_HOLDEM, community_equity, get_tables
from pokerbonus.bots.holdem import HoldemBot
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import Discarded
from pokerbonus.engine.views import SeatView

__all__ = ["PineappleBot", "discarded_by"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]


def discarded_by(view: SeatView, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` discarded that ``view`` shows (a seat sees its own only)."""
    return tuple(c for e in view.log if isinstance(e, Discarded) and e.seat == seat
                 for c in e.cards)  # fmt: skip


class PineappleBot(HoldemBot):
    """Pineapple, Crazy Pineapple and Irish at ``easy``, ``medium`` or ``hard``."""

    game = "pineapple"

    def range_weights(self, view: SeatView, seat: int) -> F64:
        """The action range, narrowed to the best two of the cards ``seat`` still holds."""
        weights = super().range_weights(view, seat)
        held = view.card_counts[seat]
        if held > 2:
            pairs = held * (held - 1) // 2
            weights = weights * (1.0 - self.chart()) ** (pairs - 1)
        return weights

    def first_round(
        self, view: SeatView, read: TableRead, info: GameInfo, budget: Budget
    ) -> Action | None:
        """The hold'em chart with two cards; by equity before the discard."""
        if len(view.hole) > 2:
            return None
        return super().first_round(view, read, info, budget)

    def keep_equities(
        self, view: SeatView, read: TableRead, samples: int
    ) -> list[tuple[tuple[Card, Card], float]]:
        """Every pair this seat could keep with its equity, best first (one pair
        once the discard is made)."""
        weights, levels, leaks = self.opponent_ranges(view, read)
        board = np.array([int(c) for c in view.board], np.int64)
        out = discarded_by(view, read.seat)
        results: list[tuple[tuple[Card, Card], float]] = []
        for a, b in combinations(view.hole, 2):
            dead = [int(c) for c in (*out, *view.hole) if c not in (a, b)]
            eq = community_equity(
                GAME_HOLDEM, np.array([int(a), int(b)], np.int64), board,
                np.array(dead, np.int64), weights, np.zeros(len(weights)), levels, leaks,
                samples, self.rng.getrandbits(31), get_tables(),
            )  # fmt: skip
            results.append(((a, b), float(eq)))
        results.sort(key=lambda r: -r[1])
        return results

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """The best keepable pair's equity (see the module doc)."""
        pairs = len(view.hole) * (len(view.hole) - 1) // 2
        return self.keep_equities(view, read, max(40, samples // pairs))[0][1]

    def special(self, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """The discard: keep the pair with the best equity."""
        legal = view.legal
        assert legal is not None
        if legal.decision != "discard" or len(view.hole) - legal.discard_count != 2:
            return super().special(view, read, info)
        (a, b), _ = self.keep_equities(view, read, self.level.samples)[0]
        return Action.discard(tuple(c for c in view.hole if c not in (a, b)))
