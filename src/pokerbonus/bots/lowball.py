"""Draw lowball bots (ace-to-five and deuce-to-seven, single or triple draw).

**The draw**: keep one card of each rank up to a limit (eight or lower at
``medium``/``hard``, ten or lower at ``easy``) and exchange the rest; stand pat
on a made hand (no pair, nine-high or better; ``easy``: jack-high), in
deuce-to-seven breaking a straight or a flush by its top card.

**Equity**: opponents' hands are dealt from the unseen cards and must fit the
number of cards they last exchanged (the cards they kept are ones the standard
draw keeps); those who have not drawn yet draw by that table; at ``medium`` and
``hard`` a bet in this round shows an eight-low or better (deuce-to-seven:
nine-low), a weaker hand kept with probability 0.3. Only one more draw is
modelled (in triple draw the later ones are not).

>>> from pokerbonus.cards import parse_cards
>>> bot = LowballBot(seed=1, scheme="a5")
>>> [str(c) for c in bot.discard(parse_cards("As 2d 2h 9c Kd"))]
['2h', '9c', 'Kd']
>>> bot.discard(parse_cards("As 2d 3h 4c 9d"))
()
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead
from pokerbonus.bots.equity_kernels import (
    LOW_27,
    LOW_A5,
    get_tables,
    low_discard_mask,
    lowball_equity,
)
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError

__all__ = ["LowballBot"]


def _low_rank(card: int, scheme: int) -> int:
    r = card >> 2
    if scheme == LOW_A5:
        return 0 if r == 12 else r + 1
    return r + 1 if r < 12 else 13


class LowballBot(EquityBot):
    """Draw lowball, ``scheme`` ``"a5"`` (ace-to-five) or ``"27"`` (deuce-to-seven)."""

    game = "lowball"

    def __init__(self, seed: int | None = None, level: str = "hard", *, scheme: str = "27") -> None:
        if scheme not in ("a5", "27"):
            raise ConfigurationError(f"scheme: must be 'a5' or '27', got {scheme!r}")
        self.game = f"lowball-{scheme}"
        super().__init__(seed, level)
        self.scheme = LOW_A5 if scheme == "a5" else LOW_27
        easy = self.level.name == "easy"
        self.keep_top = 9 if easy else 7  # ten / eight or lower
        self.pat_top = 10 if easy else 8  # jack / nine-high or better stands pat

    def _spoiled(self, cards: Sequence[Card]) -> bool:
        """A deuce-to-seven straight or flush (they count against the hand)."""
        if self.scheme != LOW_27 or len(cards) != 5:
            return False
        if len({c & 3 for c in cards}) == 1:
            return True
        ranks = sorted({c >> 2 for c in cards})
        return len(ranks) == 5 and ranks[4] - ranks[0] == 4

    def discard(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards this bot exchanges from ``cards`` (see the module doc)."""
        ranks = [_low_rank(int(c), self.scheme) for c in cards]
        if len(set(ranks)) == len(ranks) and max(ranks) <= self.pat_top:
            if not self._spoiled(cards):
                return ()
            top = max(range(len(cards)), key=lambda i: ranks[i])
            return (cards[top],)
        mask = int(low_discard_mask(np.array([int(c) for c in cards], np.int64),
                                    self.scheme, self.keep_top))  # fmt: skip
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)

    def special(self, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """The draw (see :meth:`discard`); the safe action for anything else."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return Action.discard(self.discard(view.hole)[: legal.max_discard])
        if legal.decision == "kill":
            return Action("kill") if self.kills(view.hole) else Action("decline")
        return super().special(view, read, info)

    def kills(self, cards: Sequence[Card]) -> bool:
        """Look at two and kill: put the kill on with two unpaired cards no higher
        than a five (ace-to-five) or a seven (deuce-to-seven); ``easy`` also with a six
        or an eight (it overplays its start).

        >>> from pokerbonus.cards import parse_cards
        >>> bot = LowballBot(1, "hard", scheme="a5")
        >>> [bot.kills(parse_cards(two)) for two in ("Ah 4c", "Ah 6c", "4h 4c")]
        [True, False, False]
        """
        ranks = {_low_rank(int(c), self.scheme) for c in cards[:2]}
        top = (4 if self.scheme == LOW_A5 else 6) + (self.level.name == "easy")
        return len(ranks) == 2 and max(ranks) <= top

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against hands that fit the opponents' draws and bets."""
        opponents = list(read.live)
        k = len(opponents)
        # betting round s comes after draw s; another draw follows while s < rounds - 1
        hero = list(view.hole)
        mask = 0
        if read.street < self._rounds(view) - 1:
            out = set(self.discard(hero))
            mask = sum(1 << i for i, c in enumerate(hero) if c in out)
        drawn = np.array([read.drawn[s] for s in opponents], np.int64)
        strong = np.zeros(k, np.int64)
        if self.level.ranges:
            for i, seat in enumerate(opponents):
                strong[i] = 1 if read.aggressive(seat, read.street) else 0
        return float(
            lowball_equity(
                self.scheme, np.array([int(c) for c in hero], np.int64), mask,
                np.zeros(0, np.int64), drawn, np.full(k, self.keep_top, np.int64), strong,
                0.3, samples, self.rng.getrandbits(31), get_tables(),
            )
        )  # fmt: skip

    @staticmethod
    def _rounds(view: SeatView) -> int:
        return 4 if "triple" in view.game else 2
