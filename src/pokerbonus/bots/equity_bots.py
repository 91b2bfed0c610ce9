"""The shared part of the equity bots (hold'em, Omaha, stud, lowball): reading the
public history of a view, the level settings, and betting from an equity.

A bot of this family estimates its *equity* (its average share of the pot at the
showdown) by Monte Carlo against the hands its opponents' actions make likely
(see :mod:`pokerbonus.bots.equity_kernels`), then bets:

* nothing to call: bet for value when the equity beats the fair share
  ``1 / players`` by the level's margin; size a fraction of the pot by strength
  and board texture (wetter boards, bigger bets); ``hard`` also semi-bluffs
  sometimes with some equity when few opponents are left;
* facing a bet: raise when far ahead, call when the equity beats the pot odds
  (plus a margin), else fold.

Sizes are clamped to the legal range; in limit games the fixed bet is used.

>>> choose_size(pot=100, fraction=0.5, low=2, high=40)
40
>>> choose_size(pot=100, fraction=0.5, low=2, high=400)
50
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Final

from pokerbonus.bots.base import UNLIMITED, Bot, Budget, GameInfo, fallback_action
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import (
    BetOrRaised,
    BlindPosted,
    Called,
    Checked,
    Drew,
    Folded,
    RoundEnded,
)
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError

__all__ = [
    "LEVELS",
    "EquityBot",
    "Level",
    "TableRead",
    "board_wetness",
    "choose_size",
    "read_table",
]


@dataclass(frozen=True, slots=True)
class Level:
    """The settings of one difficulty.

    ``samples``: Monte Carlo deals per decision (capped by the budget);
    ``ranges``: opponents' pre-flop (first-round) ranges from their actions;
    ``narrow``: later rounds narrow them too (bets show made hands or draws);
    ``value_margin``: share of the distance from the fair share to 1 the equity
    must cover to bet; ``call_margin``: equity over the pot odds to call;
    ``raise_equity``: equity over the fair share (scaled) to raise;
    ``bluff``: semi-bluff frequency with a weak hand (0: never);
    ``texture``: sizes follow board texture (else half pot).
    """

    name: str
    samples: int
    ranges: bool
    narrow: bool
    value_margin: float
    call_margin: float
    raise_equity: float
    bluff: float
    texture: bool


LEVELS: Final = {
    "easy": Level("easy", 120, False, False, 0.45, -0.03, 0.75, 0.0, False),
    "medium": Level("medium", 250, True, False, 0.22, 0.02, 0.55, 0.0, False),
    "hard": Level("hard", 400, True, True, 0.15, 0.03, 0.50, 0.12, True),
}
"""The levels, weakest first."""


@dataclass(frozen=True, slots=True)
class TableRead:
    """The public history of a hand, summed up for a bot.

    ``street``: betting rounds already ended (0 = first round); ``actions[s]``:
    per seat, the actions of round ``s`` (``"bet"`` for a bet or raise, ``"call"``,
    ``"check"``, ``"fold"``); ``raisers``: the seats that bet or raised in the
    first round, in order; ``drawn``: cards each seat exchanged in the last draw
    (-1: none yet); ``live``: opponents not folded; ``to_call``, ``pot_total``
    (pot and bets on the table), ``stack``; ``behind``: live opponents who act
    after this seat in the first round's order.
    """

    seat: int
    players: int
    dealer: int
    street: int
    actions: tuple[tuple[tuple[str, ...], ...], ...]
    raisers: tuple[int, ...]
    drawn: tuple[int, ...]
    live: tuple[int, ...]
    to_call: int
    pot_total: int
    stack: int
    big_blind: int

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call costs (0 when nothing to call)."""
        if self.to_call <= 0:
            return 0.0
        return self.to_call / (self.pot_total + self.to_call)

    def aggressive(self, seat: int, street: int) -> int:
        """How many times ``seat`` bet or raised in round ``street``."""
        if street >= len(self.actions):
            return 0
        return self.actions[street][seat].count("bet")

    def called(self, seat: int, street: int) -> bool:
        """Whether ``seat`` called in round ``street``."""
        return street < len(self.actions) and "call" in self.actions[street][seat]


def read_table(view: SeatView) -> TableRead:
    """Sum up the public history of ``view`` (see :class:`TableRead`)."""
    seat = view.seat
    if seat is None:
        raise ConfigurationError("read_table: a spectator's view has no seat to play")
    n = view.players
    rounds: list[list[list[str]]] = [[[] for _ in range(n)]]
    raisers: list[int] = []
    drawn = [-1] * n
    folded = list(view.folded)
    big_blind = 0
    for event in view.log:
        current = rounds[-1]
        if isinstance(event, RoundEnded):
            rounds.append([[] for _ in range(n)])
        elif isinstance(event, BetOrRaised):
            current[event.seat].append("bet")
            if len(rounds) == 1:
                raisers.append(event.seat)
        elif isinstance(event, Called):
            current[event.seat].append("call")
        elif isinstance(event, Checked):
            current[event.seat].append("check")
        elif isinstance(event, Folded):
            current[event.seat].append("fold")
            folded[event.seat] = True
        elif isinstance(event, Drew):
            drawn[event.seat] = event.count
        elif isinstance(event, BlindPosted):
            big_blind = max(big_blind, event.amount)
    legal = view.legal
    to_call = (legal.call_amount or 0) if legal is not None else 0
    return TableRead(
        seat=seat,
        players=n,
        dealer=view.dealer,
        street=len(rounds) - 1,
        actions=tuple(tuple(tuple(a) for a in r) for r in rounds),
        raisers=tuple(raisers),
        drawn=tuple(drawn),
        live=tuple(s for s in range(n) if s != seat and not folded[s]),
        to_call=to_call,
        pot_total=view.pot + sum(view.bets),
        stack=view.stacks[seat],
        big_blind=big_blind,
    )


def board_wetness(board: tuple[int, ...]) -> float:
    """How many draws a board allows, 0 (dry) to 1 (wet): suits and connected ranks.

    >>> from pokerbonus.cards import parse_cards
    >>> board_wetness(parse_cards("Ks 7d 2c"))
    0.0
    >>> board_wetness(parse_cards("Jh Th 9h"))
    1.0
    """
    if len(board) < 3:
        return 0.0
    suits = [0, 0, 0, 0]
    for c in board:
        suits[c & 3] += 1
    flush = max(suits)
    ranks = sorted({c >> 2 for c in board})
    connected = max(sum(1 for r in ranks if lo <= r < lo + 5) for lo in range(-1, 10))
    wet = 0.0
    wet += {0: 0.0, 1: 0.0, 2: 0.35, 3: 0.6}.get(flush, 0.6)
    wet += {0: 0.0, 1: 0.0, 2: 0.1, 3: 0.4}.get(connected, 0.5)
    return min(1.0, wet)


def choose_size(pot: int, fraction: float, low: int, high: int, base: int = 0) -> int:
    """A bet or raise to ``base + fraction * pot``, clamped to ``low..high``; all-in
    (``high``) once it would leave less than a third of it behind."""
    target = base + round(fraction * pot)
    target = max(low, min(high, target))
    if target * 3 > high * 2:
        return high
    return target


class EquityBot(Bot):
    """A bot that bets by its equity against its opponents' likely hands.

    Subclasses give :meth:`equity` (and may override :meth:`first_round` for a
    pre-flop chart or :meth:`special` for draws and discards).
    """

    name = "equity"
    game = "any"

    def __init__(self, seed: int | None = None, level: str = "hard") -> None:
        super().__init__(seed)
        if level not in LEVELS:
            raise ConfigurationError(
                f"level: unknown level {level!r} (expected one of {', '.join(LEVELS)})"
            )
        self.level = LEVELS[level]
        self.name = f"{self.game}:{level}"

    @abstractmethod
    def equity(self, view: SeatView, read: TableRead, info: GameInfo, samples: int) -> float:
        """Average share of the pot this seat wins at the showdown (0..1)."""

    def first_round(
        self, view: SeatView, read: TableRead, info: GameInfo, budget: Budget
    ) -> Action | None:
        """A first-round (pre-flop) decision, or ``None`` to bet by equity."""
        return None

    def special(self, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """A non-betting decision (draw, discard, offers): the safe one by default."""
        return fallback_action(view.legal, view.hole)

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Bet by equity (see the module doc); the fallback when time is up."""
        legal = view.legal
        assert legal is not None
        read = read_table(view)
        if legal.decision != "bet":
            return self.special(view, read, info)
        chart = self.first_round(view, read, info, budget)
        if chart is not None:
            return chart
        if budget.expired():
            return fallback_action(legal, view.hole)
        samples = min(self.level.samples, budget.samples) if budget.samples else 0
        if samples <= 0 or not read.live:
            return fallback_action(legal, view.hole)
        eq = self.equity(view, read, info, samples)
        return self.bet_by_equity(eq, view, read, info)

    def bet_by_equity(self, eq: float, view: SeatView, read: TableRead, info: GameInfo) -> Action:
        """The betting action for equity ``eq`` (see the module doc)."""
        legal = view.legal
        assert legal is not None
        level = self.level
        players = len(read.live) + 1
        fair = 1.0 / players
        value = fair + (1.0 - fair) * level.value_margin
        strong = fair + (1.0 - fair) * level.raise_equity
        wet = board_wetness(view.board) if level.texture else 0.5
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        if read.to_call <= 0:
            if eq >= value and can_raise:
                fraction = 0.45 + 0.35 * wet + (0.2 if eq >= strong else 0.0)
                return self.raise_action(legal, read, view, fraction)
            if (
                level.bluff > 0
                and can_raise
                and len(read.live) <= 2
                and eq >= fair * 0.6
                and self.rng.random() < level.bluff
            ):
                return self.raise_action(legal, read, view, 0.5 + 0.25 * wet)
            return Action.check_or_call()
        odds = read.pot_odds
        if eq >= max(strong, odds + 0.25) and can_raise:
            return self.raise_action(legal, read, view, 0.8 + 0.3 * wet)
        if eq >= odds + level.call_margin or not legal.can_fold:
            return Action.check_or_call()
        return Action.fold()

    def raise_action(
        self, legal: LegalActions, read: TableRead, view: SeatView, fraction: float
    ) -> Action:
        """Bet or raise to the call plus ``fraction`` of the pot after the call."""
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None and high is not None
        if low == high:
            return Action.raise_to(low)
        current = max(view.bets)
        pot_after_call = read.pot_total + read.to_call
        return Action.raise_to(choose_size(pot_after_call, fraction, low, high, current))
