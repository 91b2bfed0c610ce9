"""Per-seat views: everything one seat (or a spectator) may see, and nothing else.

All hidden information of a hand flows through :func:`build_view`; the faces
(terminal, web, bots) build what they show from a :class:`SeatView`. A seat sees
its own cards, the number of cards every other seat holds, face-up cards, the
board, chips and bets, and the public log: cards dealt face down to others,
their discards and the cards served to them appear with their count only; burned
cards are never shown; hands shown at the showdown are public.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerbonus.cards import Card
from pokerbonus.engine.actions import Decision, LegalActions
from pokerbonus.engine.events import (
    CardBurned,
    CardsDealt,
    CardsServed,
    Discarded,
    Drew,
    Event,
)
from pokerbonus.engine.pots import PotResult
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from pokerbonus.engine.state import Hand

__all__ = ["SeatView", "build_view", "redact"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` may see of a hand (``seat`` ``None``: a spectator).

    ``hole``: the seat's own cards (empty for a spectator); ``card_counts``: how
    many private cards each seat holds; ``up_cards``: each seat's face-up cards;
    ``shown``: hands shown at the showdown, as ``(seat, cards)``; ``legal``: the
    legal actions when this seat is to act; ``log``: the public record of the hand
    as this seat may read it; ``boards``: every board (two in a double-board game;
    ``board`` is the first).
    """

    seat: int | None
    game: str
    players: int
    dealer: int
    deck_size: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    hole: tuple[Card, ...]
    card_counts: tuple[int, ...]
    up_cards: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    stub_size: int
    actor: int | None
    decision: Decision | None
    legal: LegalActions | None
    finished: bool
    all_passed: bool
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    pot_results: tuple[PotResult, ...]
    log: tuple[Event, ...]
    boards: tuple[tuple[Card, ...], ...] = ()


def redact(event: Event, seat: int | None) -> Event:
    """``event`` as ``seat`` may see it: others' hidden cards removed, counts kept.

    >>> from pokerbonus.cards import parse_cards
    >>> redact(Drew(2, parse_cards("As Kd"), 2), 0)
    Drew(seat=2, cards=(), count=2)
    """
    if isinstance(event, CardsDealt):
        if event.face != "up" and event.seat != seat:
            return dataclasses.replace(event, cards=())
    elif isinstance(event, Drew | CardsServed | Discarded):
        if event.seat != seat:
            return dataclasses.replace(event, cards=())
    elif isinstance(event, CardBurned) and event.card is not None:
        return CardBurned(None)
    return event


def build_view(hand: Hand, seat: int | None) -> SeatView:
    """The view of ``hand`` for ``seat`` (``None``: a spectator)."""
    n = hand.n
    if seat is not None and not 0 <= seat < n:
        raise PokerError(
            gettext("view: seat {seat!r} is not one of 0..{n}").format(seat=seat, n=n - 1)
        )
    legal = hand.legal_actions() if seat is not None and hand.actor == seat else None
    shown = hand.shown
    return SeatView(
        seat=seat,
        game=hand.game.name,
        players=n,
        dealer=hand.dealer,
        deck_size=hand.deck_size,
        stacks=hand.stacks,
        bets=hand.bets,
        pot=hand.pot,
        folded=hand.folded,
        hole=hand.hole_cards(seat) if seat is not None else (),
        card_counts=tuple(len(hand.hole_cards(s)) for s in range(n)),
        up_cards=tuple(hand.up_cards(s) for s in range(n)),
        board=hand.board,
        stub_size=hand.stub_size,
        actor=hand.actor,
        decision=hand.decision,
        legal=legal,
        finished=hand.finished,
        all_passed=hand.all_passed,
        shown=tuple(sorted(shown.items())),
        pot_results=hand.pot_results,
        log=tuple(redact(e, seat) for e in hand.events),
        boards=hand.boards,
    )
