"""Badugi bots: the draw lowball bot's structure with the badugi ranking.

**The draw**: keep the best badugi (different suits, different ranks, ace low)
made of cards up to a limit (eight or lower at ``medium``/``hard``, ten or lower
at ``easy``) and exchange the rest; stand pat on a four-card badugi of jack or
better (``easy``: any four-card badugi).

**Equity**: as :class:`~pokerbonus.bots.lowball.LowballBot`: opponents' hands
are dealt from the unseen cards and must fit the number of cards they last
exchanged (the cards they kept are ones the standard draw keeps: a pat hand is
a four-card badugi of the pat limit); those who have not drawn yet draw by that
table; at ``medium`` and ``hard`` a bet in this round shows a four-card badugi,
a weaker hand kept with probability 0.3. Only one more draw is modelled (badugi
has three).

>>> from pokerbonus.cards import parse_cards
>>> bot = BadugiBot(seed=1)
>>> [str(c) for c in bot.discard(parse_cards("As 2s 3d 4h"))]
['2s']
>>> bot.discard(parse_cards("As 2c 3d 4h"))
()
>>> [str(c) for c in bot.discard(parse_cards("As 2c 3d Kh"))]
['Kh']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead
from pokerbonus.bots.variant_kernels import badugi_discard_mask, badugi_equity, badugi_value
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView

__all__ = ["BETTING_ROUNDS", "BadugiBot"]

BETTING_ROUNDS: Final = 4
"""Betting rounds of badugi (three draws)."""

_FOUR_CARDS: Final = 4 * 13**4  # the least value of a four-card badugi


def _ace_low(card: Card) -> int:
    r = (card >> 2) + 1
    return 0 if r == 13 else r


class BadugiBot(EquityBot):
    """Badugi at ``easy``, ``medium`` or ``hard`` (see the module doc)."""

    game = "badugi"

    def __init__(self, seed: int | None = None, level: str = "hard") -> None:
        super().__init__(seed, level)
        easy = self.level.name == "easy"
        self.keep_top = 9 if easy else 7  # ten / eight or lower (ace low: ace 0)
        self.pat_top = 12 if easy else 10  # any / jack or better stands pat

    def discard(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards this bot exchanges from ``cards`` (see the module doc)."""
        hand = np.array([int(c) for c in cards], np.int64)
        if badugi_value(hand) >= _FOUR_CARDS and max(map(_ace_low, cards)) <= self.pat_top:
            return ()
        mask = int(badugi_discard_mask(hand, self.keep_top))
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)

    def special(self, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """The draw (see :meth:`discard`); the safe action for anything else."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return Action.discard(self.discard(view.hole)[: legal.max_discard])
        return super().special(view, read, info)

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against hands that fit the opponents' draws and bets."""
        opponents = list(read.live)
        k = len(opponents)
        hero = list(view.hole)
        mask = 0
        if read.street < BETTING_ROUNDS - 1:
            out = set(self.discard(hero))
            mask = sum(1 << i for i, c in enumerate(hero) if c in out)
        drawn = np.array([read.drawn[s] for s in opponents], np.int64)
        keep_top = np.where(drawn == 0, self.pat_top, self.keep_top).astype(np.int64)
        strong = np.zeros(k, np.int64)
        if self.level.ranges:
            for i, seat in enumerate(opponents):
                strong[i] = 1 if read.aggressive(seat, read.street) else 0
        return float(
            badugi_equity(
                np.array([int(c) for c in hero], np.int64), mask, np.zeros(0, np.int64),
                drawn, keep_top, strong, 0.3, samples, self.rng.getrandbits(31),
            )
        )  # fmt: skip
