"""What a bot learns of its opponents from the hands they played: per-opponent
frequencies, fed by :meth:`pokerbonus.bots.Bot.hand_over` (the seat's view of each
finished hand: only public events and the hands shown).

An opponent is known by its place relative to the bot (``(seat - mine) % players``)
at a table of that size: at a table of fixed seats that is the same player from
hand to hand, and in a duplicate match too (the seats rotate together).

Three kinds of counts are kept. The **betting counts** of each opponent, per
betting round (before and after the draw): its folds facing a bet or raise
(:meth:`OpponentModel.fold_rate`) and its bets when nothing is to call
(:meth:`OpponentModel.bet_rate`; ``hard`` reads a player who bets far more often
than a usual one as betting weak hands, :meth:`pokerbonus.bots.draw.HardBot.dilution`).
The **fold equity of the bot's own bets**: each bet or raise of its own, by round
and number of live opponents, and whether every opponent folded to it
(:meth:`OpponentModel.fold_equity`; ``hard`` steals where it is high and stops
bluffing where it is low). And the **stand-pat rate**: how often an opponent
stands pat, per hand dealt to it. A player who only stands pat on pat hands does
so on about :func:`pokerbonus.bots.draw.pat_share` of its deals (3.4% with 32
cards); one who stands pat far more often is snowing, and ``hard`` reads its
stand-pats so (:func:`pokerbonus.bots.draw.read_ranges`).

>>> from pokerbonus.engine import Action, Hand
>>> from pokerbonus.rules import FIVE_CARD_DRAW
>>> model = OpponentModel()
>>> hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0)
>>> hand.act(Action.check_or_call()); hand.act(Action.check_or_call())
>>> hand.act(Action.stand_pat()); hand.act(Action.stand_pat())  # both stand pat
>>> while not hand.finished: hand.act(Action.check_or_call())
>>> model.observe(hand.view(0))
>>> round(model.pat_rate(0, 1, 2, prior=0.05), 4)  # one pat in one deal, 50 deals of prior
0.0686
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerbonus.engine.events import BetOrRaised, BlindPosted, Called, Checked, Drew, Folded
from pokerbonus.engine.views import SeatView

__all__ = ["PRIOR_BETS", "PRIOR_CHANCES", "PRIOR_DEALS", "OpponentModel", "Tally"]

PRIOR_DEALS = 50
"""The weight of the prior, in deals: an estimate is the prior's rate for the first
hands and the opponent's own rate once it has played many more than this."""


PRIOR_CHANCES = 40
"""The weight of the prior of the betting frequencies, in decisions of the kind counted."""


PRIOR_BETS = 30
"""The weight of the prior of the fold equity of the bot's own bets, in bets."""


@dataclass(slots=True)
class Tally:
    """One opponent's counts: the hands dealt to it, and those it stood pat in; per
    betting round (0 before the draw, 1 after it): ``faced`` the decisions it took
    facing a bet or raise, ``folds`` the folds among them, ``chances`` the decisions
    it took with nothing to call (it could check or bet), ``bets`` the bets among
    them."""

    deals: int = 0
    pats: int = 0
    faced: list[int] = field(default_factory=lambda: [0, 0])
    folds: list[int] = field(default_factory=lambda: [0, 0])
    chances: list[int] = field(default_factory=lambda: [0, 0])
    bets: list[int] = field(default_factory=lambda: [0, 0])


class OpponentModel:
    """Per-opponent counts from finished hands (module doc)."""

    def __init__(self) -> None:
        self._tallies: dict[tuple[int, int], Tally] = {}
        # (players, round, raise, live opponents up to 3) -> [my bets, those all folded to]
        self._mine: dict[tuple[int, int, bool, int], list[int]] = {}

    def tally(self, me: int, seat: int, players: int) -> Tally:
        """The counts of the opponent at ``seat`` seen from ``me`` (zero if unseen)."""
        return self._tallies.get(((seat - me) % players, players), Tally())

    def observe(self, view: SeatView) -> None:
        """Count a finished hand, as seat ``view.seat`` saw it."""
        me, n = view.seat, view.players
        if me is None:
            return
        pats = {e.seat for e in view.log if isinstance(e, Drew) and e.count == 0}
        tallies = {
            seat: self._tallies.setdefault(((seat - me) % n, n), Tally())
            for seat in range(n)
            if seat != me
        }
        for seat, t in tallies.items():
            t.deals += 1
            t.pats += seat in pats
        round_, bet = 0, False  # bet: a bet or raise (not a blind) to answer this round
        put, top = [0] * n, 0
        for event in view.log:
            if isinstance(event, Drew):
                if round_ == 0:
                    round_, bet, put, top = 1, False, [0] * n, 0
                continue
            if isinstance(event, BlindPosted):
                put[event.seat] += event.amount
                top = max(top, put[event.seat])
                continue
            if not isinstance(event, (Checked, Called, BetOrRaised, Folded)):
                continue
            s = event.seat
            seen = tallies.get(s)
            facing = bet and top > put[s]
            if seen is not None:
                if facing:
                    seen.faced[round_] += 1
                    seen.folds[round_] += isinstance(event, Folded)
                elif top <= put[s]:
                    seen.chances[round_] += 1
                    seen.bets[round_] += isinstance(event, BetOrRaised)
            if isinstance(event, Called):
                put[s] += event.amount
            elif isinstance(event, BetOrRaised):
                put[s] += event.amount
                top = max(top, event.to)
                bet = True
        self._observe_mine(view, me, n)

    def _observe_mine(self, view: SeatView, me: int, n: int) -> None:
        """Count each of this seat's bets and raises, and whether every live
        opponent folded to it (no call, raise or check of theirs before the round
        ended or the hand did)."""
        log = view.log
        round_, bet = 0, False
        folded = [False] * n
        for i, event in enumerate(log):
            if isinstance(event, Drew) and round_ == 0:
                round_, bet = 1, False
            elif isinstance(event, Folded):
                folded[event.seat] = True
            elif isinstance(event, BetOrRaised):
                if event.seat == me:
                    live = sum(1 for t in range(n) if t != me and not folded[t])
                    key = (n, round_, bet, min(live, 3))
                    won = True
                    for later in log[i + 1 :]:
                        if isinstance(later, Drew):
                            won = False
                            break
                        if isinstance(later, (Checked, Called, BetOrRaised)) and later.seat != me:
                            won = False
                            break
                    count = self._mine.setdefault(key, [0, 0])
                    count[0] += 1
                    count[1] += won
                bet = True

    def pat_rate(self, me: int, seat: int, players: int, prior: float) -> float:
        """The estimated share of its deals the opponent at ``seat`` stands pat in:
        its own count and :data:`PRIOR_DEALS` deals at the rate ``prior``."""
        t = self.tally(me, seat, players)
        return (t.pats + PRIOR_DEALS * prior) / (t.deals + PRIOR_DEALS)

    def fold_rate(self, me: int, seat: int, players: int, round_: int, prior: float) -> float:
        """The estimated share of its decisions facing a bet or raise in betting round
        ``round_`` (0 before the draw, 1 after) that the opponent at ``seat`` folds:
        its own count and :data:`PRIOR_CHANCES` decisions at the rate ``prior``."""
        t = self.tally(me, seat, players)
        return (t.folds[round_] + PRIOR_CHANCES * prior) / (t.faced[round_] + PRIOR_CHANCES)

    def bet_rate(self, me: int, seat: int, players: int, round_: int, prior: float) -> float:
        """The estimated share of its decisions with nothing to call in betting round
        ``round_`` that the opponent at ``seat`` bets: its own count and
        :data:`PRIOR_CHANCES` decisions at the rate ``prior``."""
        t = self.tally(me, seat, players)
        return (t.bets[round_] + PRIOR_CHANCES * prior) / (t.chances[round_] + PRIOR_CHANCES)

    def fold_equity(
        self, players: int, round_: int, raise_: bool, live: int, prior: float
    ) -> float:
        """The estimated share of this bot's bets (``raise_``: raises) in betting
        round ``round_`` into ``live`` opponents (3 or more counted together) at a
        table of ``players`` that every opponent folded to: its own count and
        :data:`PRIOR_BETS` bets at the rate ``prior``."""
        bets, won = self._mine.get((players, round_, raise_, min(live, 3)), (0, 0))
        return (won + PRIOR_BETS * prior) / (bets + PRIOR_BETS)
