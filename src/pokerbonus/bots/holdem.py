"""Hold'em bots: a pre-flop chart by position, then equity against inferred ranges.

* **Chart**: the 169 starting hands are ordered by their equity against one
  random hand (computed once, Monte Carlo with a fixed seed); a hand's
  *percentile* is the share of the 1,326 combinations at least as strong.
  Opening ranges by the number of players left to act behind the opener
  (:data:`OPEN_RANGE`; heads-up the button opens 80%).
* **Ranges**: an opener's range is its position's opening range, a 3-bettor's the
  top 7%, a 4-bettor's the top 3%; a caller's range is wider than the raiser's
  and holds the very top less often (it would have re-raised); a limper's is the
  top 55%; a blind that checked holds anything. ``hard`` narrows them on each
  later street: a bet shows a pair using a hole card or a draw, a raise top
  pair or better, a call a pair or a draw (weaker hands kept with a chance:
  bluffs and floats).
* **Levels**: ``easy`` plays a loose fixed chart and rates its hand against random
  hands; ``medium`` uses the chart and pre-flop ranges; ``hard`` adds the
  narrowing, texture-based sizes and semi-bluffs (see
  :mod:`pokerbonus.bots.equity_bots`).

>>> p = percentile_table()
>>> from pokerbonus.cards import parse_cards
>>> a, b = parse_cards("As Ad"); bool(p[a, b] < 0.01)
True
>>> a, b = parse_cards("7c 2d"); bool(p[a, b] > 0.9)
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.bots.base import Budget, GameInfo
from pokerbonus.bots.equity_bots import EquityBot, TableRead, choose_size
from pokerbonus.bots.equity_kernels import (
    GAME_HOLDEM,
    community_equity,
    get_tables,
)
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import BetOrRaised, Called, Checked, RoundEnded
from pokerbonus.engine.views import SeatView

__all__ = [
    "OPEN_RANGE",
    "HoldemBot",
    "opening_range",
    "percentile_table",
    "postflop_reads",
    "preflop_weights",
]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

OPEN_RANGE: Final = {1: 0.40, 2: 0.42, 3: 0.26, 4: 0.19}
"""Share of hands opened by the number of players left to act behind (5 or more: 15%)."""

HEADS_UP_OPEN: Final = 0.80


def percentile_chart(equity_of: Callable[[I64, int, int], float], lowest: int = 0) -> F64:
    """``p[a, b]``: the share of the starting hands of ranks ``lowest`` (index) to
    ace at least as strong as cards ``a, b``, the 169 (or fewer) classes ordered by
    ``equity_of(hero, high, low)`` (``hero``: one two-card hand of the class);
    symmetric, 1 on the diagonal and for cards below ``lowest``."""
    classes: list[tuple[float, int, int, int]] = []  # (equity, combos, high, low/suited)
    for hi in range(lowest, 13):
        for lo in range(lowest, hi + 1):
            for suited in (False,) if hi == lo else (False, True):
                hero = np.array([4 * hi, 4 * lo + (0 if suited else 1)], np.int64)
                combos = 6 if hi == lo else (4 if suited else 12)
                classes.append((equity_of(hero, hi, lo), combos, hi, lo * 2 + int(suited)))
    classes.sort(reverse=True)
    total = sum(combos for _, combos, _, _ in classes)
    table = np.ones((52, 52))
    seen = 0
    for _, combos, hi, code in classes:
        seen += combos
        lo, suited = code // 2, bool(code % 2)
        share = seen / total
        for sa in range(4):
            for sb in range(4):
                if hi == lo and sa == sb:
                    continue
                if hi != lo and (sa == sb) != suited:
                    continue
                table[4 * hi + sa, 4 * lo + sb] = share
                table[4 * lo + sb, 4 * hi + sa] = share
    return table


@lru_cache(maxsize=1)
def percentile_table() -> F64:
    """``p[a, b]``: the share of starting hands at least as strong as cards ``a, b``
    (0 = aces, about 1 = seven-deuce offsuit); symmetric, ``p[a, a]`` is 1."""
    t = get_tables()
    ones = np.ones((1, 52, 52))
    levels = np.zeros((1, 3), np.int64)
    leaks = np.ones((1, 3))
    none = np.zeros(0, np.int64)

    def equity_of(hero: I64, hi: int, lo: int) -> float:
        return float(
            community_equity(
                GAME_HOLDEM, hero, none, none, ones, np.zeros(1), levels, leaks,
                1500, 17 + hi * 13 + lo, t,
            )
        )  # fmt: skip

    return percentile_chart(equity_of)


def opening_range(seat: int, dealer: int, players: int) -> float:
    """The share of hands ``seat`` opens with when nobody has raised before it.

    >>> opening_range(0, 0, 2), opening_range(3, 0, 6), opening_range(0, 0, 6)
    (0.8, 0.15, 0.42)
    """
    if players == 2:
        return HEADS_UP_OPEN
    first = (dealer + 3) % players
    index = (seat - first) % players
    behind = players - 1 - index
    return OPEN_RANGE.get(behind, 0.15)


def _band(
    pct: F64, top: float, cut: float = 0.0, cut_weight: float = 1.0, leak: float = 0.02
) -> F64:
    w = np.where(pct <= top, 1.0, leak)
    if cut > 0:
        w = np.where(pct <= cut, cut_weight, w)
    return w


def preflop_weights(view: SeatView, seat: int, chart: F64 | None = None) -> F64:
    """The chance that each two-card hand (``w[a, b]``) played as ``seat`` did in
    the first betting round of ``view``'s hand (see the module doc); ``chart``:
    the percentiles (:func:`percentile_table` by default)."""
    pct = percentile_table() if chart is None else chart
    raises = 0
    last: str | None = None
    open_share = 0.3
    for event in view.log:
        if isinstance(event, RoundEnded):
            break
        if isinstance(event, BetOrRaised):
            if event.seat == seat:
                last = "open" if raises == 0 else ("3bet" if raises == 1 else "4bet")
            if raises == 0:
                open_share = opening_range(event.seat, view.dealer, view.players)
            raises += 1
        elif isinstance(event, Called) and event.seat == seat:
            last = "call" if raises > 0 else "limp"
        elif isinstance(event, Checked) and event.seat == seat:
            last = "check"
    if last == "open":
        return _band(pct, opening_range(seat, view.dealer, view.players))
    if last == "3bet":
        return _band(pct, 0.07)
    if last == "4bet":
        return _band(pct, 0.03)
    if last == "call":
        return _band(pct, min(1.0, 1.5 * open_share + 0.08), cut=0.03, cut_weight=0.35)
    if last == "limp":
        return _band(pct, 0.55, cut=0.05, cut_weight=0.3)
    return np.ones((52, 52))


Read = tuple[int, float]
"""A read: the least level an action shows, and the chance a weaker hand did it."""


def postflop_reads(
    view: SeatView,
    seat: int,
    *,
    bet: Read = (1, 0.3),
    raise_: Read = (2, 0.2),
    call: Read | None = (1, 0.5),
) -> tuple[list[int], list[float]]:
    """The least :func:`~pokerbonus.bots.equity_kernels.made_level` ``seat`` showed
    on the flop, turn and river, and the chance a weaker hand did the same: the
    strongest of its bets (``bet``, or ``raise_`` once someone bet that round);
    a call reads ``call`` where nothing else did (``None``: a call shows nothing)."""
    levels = [0, 0, 0]
    leaks = [1.0, 1.0, 1.0]
    street = 0
    bets = 0
    for event in view.log:
        if isinstance(event, RoundEnded):
            street += 1
            bets = 0
            continue
        if street == 0 or street > 3:
            continue
        s = street - 1
        if isinstance(event, BetOrRaised):
            if event.seat == seat:
                level, leak = raise_ if bets > 0 else bet
                if level > levels[s]:
                    levels[s], leaks[s] = level, leak
            bets += 1
        elif isinstance(event, Called) and event.seat == seat and call and not levels[s]:
            levels[s], leaks[s] = call
    return levels, leaks


class HoldemBot(EquityBot):
    """Hold'em at ``easy``, ``medium`` or ``hard`` (no-limit, pot-limit or limit).

    >>> HoldemBot(seed=1, level="hard").name
    'holdem:hard'
    """

    game = "holdem"

    def warm_up(self, info: GameInfo) -> None:
        """Build the pre-flop chart and compile the kernel."""
        self.chart()

    def chart(self) -> F64:
        """The pre-flop percentiles of this game's two-card hands (:func:`percentile_table`)."""
        return percentile_table()

    def _opponents(self, view: SeatView, read: TableRead, preflop: bool) -> list[int]:
        if not preflop:
            return list(read.live)
        # before the flop, only players who put money in voluntarily or still may
        voluntary = [s for s in read.live if read.aggressive(s, 0) or read.called(s, 0)]
        return voluntary or list(read.live)

    def range_weights(self, view: SeatView, seat: int) -> F64:
        """The pre-flop range of ``seat`` as weights ``w[a, b]`` (every hand at ``easy``)."""
        if self.level.ranges:
            return preflop_weights(view, seat, self.chart())
        return np.ones((52, 52))

    def opponent_ranges(self, view: SeatView, read: TableRead) -> tuple[F64, I64, F64]:
        """The live opponents' pre-flop weights and later reads, one row each:
        ``(weights, levels, leaks)`` as the equity kernel takes them."""
        opponents = self._opponents(view, read, not view.board)
        k = len(opponents)
        weights = np.ones((k, 52, 52))
        levels = np.zeros((k, 3), np.int64)
        leaks = np.ones((k, 3))
        for i, seat in enumerate(opponents):
            weights[i] = self.range_weights(view, seat)
            if self.level.narrow:
                lv, lk = postflop_reads(view, seat)
                levels[i] = lv
                leaks[i] = lk
        return weights, levels, leaks

    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Equity against the live opponents' ranges (random hands at ``easy``)."""
        weights, levels, leaks = self.opponent_ranges(view, read)
        hero = np.array([int(c) for c in view.hole], np.int64)
        return self.showdown_equity(view, hero, weights, levels, leaks, samples)

    def showdown_equity(
        self, view: SeatView, hero: I64, weights: F64, levels: I64, leaks: F64, samples: int
    ) -> float:
        """The kernel's equity for the two cards ``hero`` on ``view``'s board against
        the opponents' ranges (``weights``) and reads (``levels``, ``leaks``)."""
        board = np.array([int(c) for c in view.board], np.int64)
        return float(
            community_equity(
                GAME_HOLDEM, hero, board, np.zeros(0, np.int64), weights,
                np.zeros(len(weights)), levels, leaks, samples, self.rng.getrandbits(31),
                get_tables(),
            )
        )  # fmt: skip

    def first_round(
        self, view: SeatView, read: TableRead, info: GameInfo, budget: Budget
    ) -> Action | None:
        """The pre-flop chart (see the module doc)."""
        if view.board or read.street > 0:
            return None
        legal = view.legal
        assert legal is not None
        a, b = (int(c) for c in view.hole[:2])
        pct = float(self.chart()[a, b])
        bb = max(read.big_blind, info.unit, 1)
        raises = len(read.raisers)
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        current = max(view.bets)
        easy = self.level.name == "easy"
        if raises == 0:
            share = 0.12 if easy else opening_range(read.seat, view.dealer, view.players)
            if pct <= share and can_raise:
                limpers = sum(1 for s in range(view.players) if read.called(s, 0))
                return self._raise_to(legal, int((2.5 + limpers) * bb))
            if legal.can_check:
                return Action.check_or_call()
            if easy and pct <= 0.5:
                return Action.check_or_call()
            if view.players == 2 and pct <= 0.9 and read.to_call * 2 <= bb:
                return Action.check_or_call()  # heads-up small blind completes
            return Action.fold()
        if easy:
            if pct <= 0.05 and can_raise:
                return self._raise_to(legal, 3 * current)
            if pct <= 0.12 or (pct <= 0.35 and current <= 4 * bb):
                return Action.check_or_call()
            return Action.check_or_call() if legal.can_check else Action.fold()
        top = 0.05 if raises == 1 else 0.025
        if pct <= top and can_raise:
            return self._raise_to(legal, 3 * current)
        if budget.expired():
            return None
        samples = min(self.level.samples, budget.samples)
        if samples <= 0:
            return None
        eq = self.equity(view, read, info, samples)
        behind = view.players > 2 and (read.seat - view.dealer) % view.players in (1, 2)
        margin = self.level.call_margin + (0.04 if behind else 0.0)
        if eq >= read.pot_odds + margin or legal.can_check:
            return Action.check_or_call()
        return Action.fold()

    @staticmethod
    def _raise_to(legal: LegalActions, amount: int) -> Action:
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None and high is not None
        return Action.raise_to(choose_size(0, 0.0, min(high, max(low, amount)), high))
