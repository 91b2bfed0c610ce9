"""Omaha (high) bots: equity against ranges of hand-strength buckets.

Before the flop a four-card hand is rated by
:func:`~pokerbonus.bots.equity_kernels.omaha_score` (pairs, suited high cards,
connected ranks); its *percentile* is the share of random hands rated at least
as high (from a fixed-seed sample of 20,000 hands). An opponent who raised
before the flop holds a hand in the top 25% (re-raised: top 8%); one who called
a raise the top 55%; others anything. Later rounds narrow like hold'em at
``hard`` (a bet shows a pair using a hole card or a draw; a raise top pair or
better), with the Omaha hand rule. Pre-flop the bot plays the top 30% (15% from
the first seats), re-raises the top 5%, otherwise bets by equity.

The same bot plays Aviation (the Omaha deal and hand rule) and Courchevel (five
hole cards: percentiles among random five-card hands; the first board card is
out before the first round, so that round is bet by equity).

>>> s = score_quantiles()
>>> len(s), bool(s[0] >= s[-1])
(20000, True)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.base import Budget, GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead, choose_size
from pokerbonus.bots.equity_kernels import GAME_OMAHA, community_equity, get_tables, omaha_score
from pokerbonus.bots.holdem import opening_range, postflop_reads
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView

__all__ = ["OmahaBot", "omaha_percentile", "score_quantiles"]


Score = Callable[[npt.NDArray[np.int64]], float]


@lru_cache(maxsize=8)
def score_quantiles(cards: int = 4, score: Score = omaha_score) -> npt.NDArray[np.float64]:
    """The ``score`` (:func:`omaha_score`) of 20,000 random hands of ``cards``
    cards, highest first."""
    gen = np.random.default_rng(20240)
    scores = np.empty(20000)
    for i in range(20000):
        hole = gen.choice(52, cards, replace=False).astype(np.int64)
        scores[i] = score(hole)
    return np.sort(scores)[::-1].copy()


def omaha_percentile(value: float, cards: int = 4, score: Score = omaha_score) -> float:
    """The share of random hands of ``cards`` cards whose ``score`` is at least ``value``."""
    q = score_quantiles(cards, score)
    return float(np.searchsorted(-q, -value, side="right")) / len(q)


def _min_score(top: float, cards: int = 4, score: Score = omaha_score) -> float:
    q = score_quantiles(cards, score)
    return float(q[min(len(q) - 1, int(top * len(q)))])


class OmahaBot(EquityBot):
    """Omaha high at ``easy``, ``medium`` or ``hard`` (pot-limit by default).

    >>> OmahaBot(seed=2, level="easy").name
    'omaha:easy'
    """

    game = "omaha"
    score: Score = staticmethod(omaha_score)

    def warm_up(self, info: GameInfo) -> None:
        """Sample the score distribution and compile the kernels."""
        score_quantiles(4, self.score)

    def showdown_equity(
        self, hero: npt.NDArray[np.int64], board: npt.NDArray[np.int64],
        min_score: npt.NDArray[np.float64], levels: npt.NDArray[np.int64],
        leaks: npt.NDArray[np.float64], samples: int,
    ) -> float:  # fmt: skip
        """The kernel's equity for ``hero`` on ``board`` against the opponents'
        score floors and read levels (see :meth:`equity`)."""
        return float(
            community_equity(
                GAME_OMAHA, hero, board, np.zeros(0, np.int64), np.ones((len(min_score), 1, 1)),
                min_score, levels, leaks, samples, self.rng.getrandbits(31), get_tables(),
            )
        )  # fmt: skip

    def later_reads(self, view: SeatView, seat: int) -> tuple[list[int], list[float]]:
        """What ``seat`` showed on the flop, turn and river (levels and leaks, as
        :func:`~pokerbonus.bots.holdem.postflop_reads`), for :meth:`equity`."""
        return postflop_reads(view, seat)

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against the live opponents' buckets (random hands at ``easy``) and,
        from ``medium``, their later-street reads (:meth:`later_reads`)."""
        opponents = list(read.live)
        k = len(opponents)
        cards = len(view.hole)
        min_score = np.zeros(k)
        levels = np.zeros((k, 3), np.int64)
        leaks = np.ones((k, 3))
        for i, seat in enumerate(opponents):
            if self.level.ranges:
                raises = read.aggressive(seat, 0)
                if raises >= 2 or (raises and read.raisers.index(seat) > 0):
                    min_score[i] = _min_score(0.08, cards, self.score)
                elif raises:
                    min_score[i] = _min_score(0.25, cards, self.score)
                elif read.called(seat, 0) and read.raisers:
                    min_score[i] = _min_score(0.55, cards, self.score)
                leaks[i, 0] = 0.05
            if self.level.narrow:
                lv, lk = self.later_reads(view, seat)
                levels[i] = lv
                leaks[i, 1:] = lk[1:]
                if lv[0]:
                    # the flop read shares its leak slot with the pre-flop one
                    leaks[i, 0] = max(leaks[i, 0], lk[0]) if min_score[i] else lk[0]
        hero = np.array([int(c) for c in view.hole], np.int64)
        board = np.array([int(c) for c in view.board], np.int64)
        return self.showdown_equity(hero, board, min_score, levels, leaks, samples)

    def first_round(
        self, view: SeatView, read: TableRead, info: GameInfo, budget: Budget
    ) -> Action | None:
        """Open the top hands by position, re-raise the very top; else by equity."""
        if view.board or read.street > 0 or self.level.name == "easy":
            return None
        legal = view.legal
        assert legal is not None
        hole = np.array([int(c) for c in view.hole], np.int64)
        pct = omaha_percentile(self.score(hole), len(hole), self.score)
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        if not read.raisers:
            share = (
                0.6
                if view.players == 2
                else 0.75 * opening_range(read.seat, view.dealer, view.players)
            )
            if pct <= share and can_raise and low is not None and high is not None:
                return Action.raise_to(choose_size(read.pot_total + read.to_call, 1.0, low, high,
                                                   max(view.bets)))  # fmt: skip
            if legal.can_check:
                return Action.check_or_call()
            return None
        if pct <= 0.05 and can_raise and low is not None and high is not None:
            return Action.raise_to(choose_size(read.pot_total + read.to_call, 1.0, low, high,
                                               max(view.bets)))  # fmt: skip
        return None
