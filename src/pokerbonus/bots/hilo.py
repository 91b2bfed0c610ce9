"""Omaha high/low bots (Omaha eight-or-better, Courchevel high/low).

The :class:`~pokerbonus.bots.omaha.OmahaBot` structure (pre-flop percentiles by
position, ranges of hand-strength buckets) with a high/low hand score, a split
showdown and, at ``hard``, later-street reads that know the low:

* **Score**: :func:`~pokerbonus.bots.variant_kernels.hilo_score`: half the Omaha
  high score plus the cards that make the nut low (ace-deuce best, then
  ace-trey, deuce-trey), three or more low cards and a suited ace. Percentiles
  are among random hands of the same size (four cards; five in Courchevel).
* **Equity**: half the pot to the best high hand and half to the best
  eight-or-better low (exactly two hole cards and three board cards each); all
  of it to the high hand when nobody has a low. A scoop counts 1, a half 0.5, a
  quartered low 0.25 (:data:`~pokerbonus.bots.variant_kernels.RULE_OMAHA_HILO`).
* **Reads** (``hard``, :func:`hilo_reads`): a bet on the flop, turn or river shows
  top pair or better *or* one of the two best lows the board allows; a raise two
  pair or better (a low does not raise alone); weaker hands are kept with a small
  chance (:data:`BET_READ`, :data:`RAISE_READ`). A call shows nothing: in a
  split game a player calls with a draw to either half as often as with a made
  hand. The levels come from
  :func:`~pokerbonus.bots.variant_kernels.hilo_level` (the high read or the low one,
  the greater).
* **Betting** (``hard``, :data:`HARD_HILO`): thinner value bets than the other
  games' ``hard`` (an opponent with any low or high chance calls, and half a
  pot is often enough to call for), a higher margin to call a bet, a raise
  only with a hand close to a scoop (a bettor often holds the other half, or
  the same low: a raise with half a pot feeds a quartering), and no semi-bluffs
  (they rarely make a split-pot player fold).

>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> bot = OmahaHiLoBot(seed=1, level="medium")
>>> bot.name
'omaha-hilo:medium'
>>> good = np.array(parse_cards("As 2s 3d Kd"), np.int64)
>>> bad = np.array(parse_cards("Ts 9h 7d Kc"), np.int64)
>>> bool(bot.score(good) > bot.score(bad))
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.equity_bots import LEVELS, Level
from pokerbonus.bots.holdem import postflop_reads
from pokerbonus.bots.omaha import OmahaBot, Score
from pokerbonus.bots.variant_kernels import RULE_OMAHA_HILO, board_equity, get_tables, hilo_score
from pokerbonus.engine.views import SeatView

__all__ = ["BET_READ", "HARD_HILO", "RAISE_READ", "OmahaHiLoBot", "hilo_reads"]

BET_READ: Final = (2, 0.10)
"""A bet on a later street: the least :func:`~pokerbonus.bots.variant_kernels.hilo_level`
it shows (top pair or better, or one of the two best lows) and the chance a
weaker hand bets too."""
RAISE_READ: Final = (3, 0.05)
"""A raise on a later street: two pair or better, and the chance of a weaker hand."""

HARD_HILO: Final[Level] = replace(
    LEVELS["hard"], value_margin=0.03, call_margin=0.06, raise_equity=0.9, bluff=0.0
)
"""``hard``'s betting settings in the high/low games (see the module doc)."""


def hilo_reads(view: SeatView, seat: int) -> tuple[list[int], list[float]]:
    """The least :func:`~pokerbonus.bots.variant_kernels.hilo_level` ``seat`` showed
    on the flop, turn and river (0: no read) and the chance a weaker hand did the
    same: a bet :data:`BET_READ`, a raise :data:`RAISE_READ`, a call nothing."""
    return postflop_reads(view, seat, bet=BET_READ, raise_=RAISE_READ, call=None)


class OmahaHiLoBot(OmahaBot):
    """Omaha high/low (four or five hole cards) at ``easy``, ``medium`` or ``hard``."""

    game = "omaha-hilo"
    score: Score = staticmethod(hilo_score)

    def __init__(self, seed: int | None = None, level: str = "hard") -> None:
        super().__init__(seed, level)
        if level == "hard":
            self.level = HARD_HILO

    def later_reads(self, view: SeatView, seat: int) -> tuple[list[int], list[float]]:
        """The reads that know the low (:func:`hilo_reads`)."""
        return hilo_reads(view, seat)

    def showdown_equity(
        self, hero: npt.NDArray[np.int64], board: npt.NDArray[np.int64],
        min_score: npt.NDArray[np.float64], levels: npt.NDArray[np.int64],
        leaks: npt.NDArray[np.float64], samples: int,
    ) -> float:  # fmt: skip
        """The high/low split equity; where the level reads later streets, with
        the reads that know the low (``low_reads`` of
        :func:`~pokerbonus.bots.variant_kernels.board_equity`)."""
        boards = np.zeros((1, 5), np.int64)
        boards[0, : len(board)] = board
        k = len(min_score)
        return float(
            board_equity(
                RULE_OMAHA_HILO, hero, boards, len(board), np.zeros(0, np.int64),
                np.ones((k, 1, 1)), min_score, levels, leaks, samples,
                self.rng.getrandbits(31), get_tables(), self.level.narrow,
            )
        )  # fmt: skip
