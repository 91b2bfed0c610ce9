"""Omaha high/low bots (Omaha eight-or-better, Courchevel high/low).

The :class:`~pokerbonus.bots.omaha.OmahaBot` structure (pre-flop percentiles by
position, ranges of hand-strength buckets, ``hard``'s later-street reads) with a
high/low hand score and a split showdown:

* **Score**: :func:`~pokerbonus.bots.variant_kernels.hilo_score`: half the Omaha
  high score plus the cards that make the nut low (ace-deuce best, then
  ace-trey, deuce-trey), three or more low cards and a suited ace. Percentiles
  are among random hands of the same size (four cards; five in Courchevel).
* **Equity**: half the pot to the best high hand and half to the best
  eight-or-better low (exactly two hole cards and three board cards each); all
  of it to the high hand when nobody has a low. A scoop counts 1, a half 0.5, a
  quartered low 0.25 (:data:`~pokerbonus.bots.variant_kernels.RULE_OMAHA_HILO`).

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

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.omaha import OmahaBot, Score
from pokerbonus.bots.variant_kernels import RULE_OMAHA_HILO, board_equity, get_tables, hilo_score

__all__ = ["OmahaHiLoBot"]


class OmahaHiLoBot(OmahaBot):
    """Omaha high/low (four or five hole cards) at ``easy``, ``medium`` or ``hard``."""

    game = "omaha-hilo"
    score: Score = staticmethod(hilo_score)

    def showdown_equity(
        self, hero: npt.NDArray[np.int64], board: npt.NDArray[np.int64],
        min_score: npt.NDArray[np.float64], levels: npt.NDArray[np.int64],
        leaks: npt.NDArray[np.float64], samples: int,
    ) -> float:  # fmt: skip
        """The high/low split equity (see the module doc)."""
        boards = np.zeros((1, 5), np.int64)
        boards[0, : len(board)] = board
        k = len(min_score)
        return float(
            board_equity(
                RULE_OMAHA_HILO, hero, boards, len(board), np.zeros(0, np.int64),
                np.ones((k, 1, 1)), min_score, levels, leaks, samples,
                self.rng.getrandbits(31), get_tables(),
            )
        )  # fmt: skip
