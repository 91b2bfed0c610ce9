"""Stud bots (seven-card stud high, razz, stud eight-or-better, five-card stud):
equity from the up cards.

Every opponent's up cards are known; their down cards and everybody's cards to
come are dealt from the unseen cards. At ``medium`` and ``hard`` an opponent who
bet or raised in this round or the last one is read as holding a pair or better
(razz: no pair, all cards eight or lower; eight-or-better: either), a weaker
hand kept with probability 0.3 (bluffs, draws). In five-card stud (one down
card, no draws to speak of) a pair shown by a bet stays: an opponent who bet or
raised in any round so far is read as holding a pair or better, and a limit bet
there is rarely a bluff (a weaker hand kept with probability 0.1); without this
memory ``hard`` does not separate from ``easy``. In eight-or-better the equity
counts half the pot for the best high and half for the best low (a scoop:
all). ``easy`` rates its hand against random down cards. Betting follows
:mod:`pokerbonus.bots.equity_bots` in every round.

>>> StudBot(seed=1, level="medium").name, StudBot(seed=1, low=True).name
('stud:medium', 'razz:hard')
>>> StudBot(seed=1, hilo=True).name
'stud-hilo:hard'
"""

from __future__ import annotations

import numpy as np

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead
from pokerbonus.bots.equity_kernels import STUD_HILO, get_tables, stud_equity
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError

__all__ = ["StudBot"]


class StudBot(EquityBot):
    """Seven-card stud (``low`` False) or razz (``low`` True), or seven-card stud
    eight-or-better (``hilo`` True); ``final_cards``: the cards each player holds
    at the showdown (7; 5 for five-card stud)."""

    game = "stud"

    def __init__(
        self, seed: int | None = None, level: str = "hard", *, low: bool = False,
        final_cards: int = 7, hilo: bool = False,
    ) -> None:  # fmt: skip
        if low and hilo:
            raise ConfigurationError("stud: a bot plays razz (low) or high/low (hilo), not both")
        self.game = "razz" if low else ("stud-hilo" if hilo else "stud")
        super().__init__(seed, level)
        if not 5 <= final_cards <= 7:
            raise ConfigurationError(f"final_cards: must be 5..7, got {final_cards}")
        self.low = low
        self.mode = STUD_HILO if hilo else int(low)
        self.final_cards = final_cards
        # five-card stud: a bet in any round so far shows a pair, seldom a bluff
        self.memory = final_cards == 5
        self.leak = 0.1 if self.memory else 0.3

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against the opponents' up cards and read down cards."""
        opponents = list(read.live)
        k = len(opponents)
        width = max([len(view.up_cards[s]) for s in opponents] + [1])
        up = np.zeros((k, width), np.int64)
        up_count = np.zeros(k, np.int64)
        hidden = np.zeros(k, np.int64)
        strong = np.zeros(k, np.int64)
        for i, seat in enumerate(opponents):
            shown = [int(c) for c in view.up_cards[seat]]
            up[i, : len(shown)] = shown
            up_count[i] = len(shown)
            hidden[i] = max(0, view.card_counts[seat] - len(shown))
            rounds = range(read.street + 1) if self.memory else (read.street, read.street - 1)
            if self.level.ranges and any(read.aggressive(seat, r) for r in rounds):
                strong[i] = 1
        dead = [int(c) for s in range(view.players) if s not in opponents and s != read.seat
                for c in view.up_cards[s]]  # fmt: skip
        hero = np.array([int(c) for c in view.hole], np.int64)
        final = max(self.final_cards, len(hero))
        return float(
            stud_equity(
                self.mode, hero, up, up_count, hidden, np.array(dead, np.int64), final,
                strong, self.leak, samples, self.rng.getrandbits(31), get_tables(),
            )
        )  # fmt: skip
