"""What a bot learns of its opponents from the hands they played: per-opponent
frequencies, fed by :meth:`pokerbonus.bots.Bot.hand_over` (the seat's view of each
finished hand: only public events and the hands shown).

An opponent is known by its place relative to the bot (``(seat - mine) % players``)
at a table of that size: at a table of fixed seats that is the same player from
hand to hand, and in a duplicate match too (the seats rotate together).

The one frequency read today is the **stand-pat rate**: how often an opponent
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

from dataclasses import dataclass

from pokerbonus.engine.events import Drew
from pokerbonus.engine.views import SeatView

__all__ = ["PRIOR_DEALS", "OpponentModel", "Tally"]

PRIOR_DEALS = 50
"""The weight of the prior, in deals: an estimate is the prior's rate for the first
hands and the opponent's own rate once it has played many more than this."""


@dataclass(slots=True)
class Tally:
    """One opponent's counts: the hands dealt to it, and those it stood pat in."""

    deals: int = 0
    pats: int = 0


class OpponentModel:
    """Per-opponent counts from finished hands (module doc)."""

    def __init__(self) -> None:
        self._tallies: dict[tuple[int, int], Tally] = {}

    def tally(self, me: int, seat: int, players: int) -> Tally:
        """The counts of the opponent at ``seat`` seen from ``me`` (zero if unseen)."""
        return self._tallies.get(((seat - me) % players, players), Tally())

    def observe(self, view: SeatView) -> None:
        """Count a finished hand, as seat ``view.seat`` saw it."""
        me, n = view.seat, view.players
        if me is None:
            return
        pats = {e.seat for e in view.log if isinstance(e, Drew) and e.count == 0}
        for seat in range(n):
            if seat == me:
                continue
            t = self._tallies.setdefault(((seat - me) % n, n), Tally())
            t.deals += 1
            t.pats += seat in pats

    def pat_rate(self, me: int, seat: int, players: int, prior: float) -> float:
        """The estimated share of its deals the opponent at ``seat`` stands pat in:
        its own count and :data:`PRIOR_DEALS` deals at the rate ``prior``."""
        t = self.tally(me, seat, players)
        return (t.pats + PRIOR_DEALS * prior) / (t.deals + PRIOR_DEALS)
