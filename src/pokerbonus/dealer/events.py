"""The record of a dealer-mode hand: one frozen event per change of state.

Events hold the whole truth; :meth:`DealerHand.view` hides what a seat may not
see (other players' cards until they are shown, the dealer's face-down cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pokerbonus.cards import Card

__all__ = [
    "AntePosted",
    "CardsDealt",
    "DealerCardTurned",
    "DealerEvent",
    "Exchanged",
    "Folded",
    "HandShown",
    "Kept",
    "PotAwarded",
    "PotCarried",
    "WagerPosted",
    "WagerSettled",
]

WagerOutcome = Literal["win", "push", "lose", "fold"]


@dataclass(frozen=True, slots=True)
class AntePosted:
    """``seat`` put ``amount`` into the table pot."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class WagerPosted:
    """``seat`` wagered ``amount`` against the bank."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Five cards dealt face down to ``seat`` (``None``: the dealer); ``cards`` hidden in views."""

    seat: int | None
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True, slots=True)
class DealerCardTurned:
    """The dealer turned his card number ``position`` (0..4) face up."""

    position: int
    card: Card


@dataclass(frozen=True, slots=True)
class Kept:
    """``seat`` kept their five cards."""

    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    """``seat`` gave up ``discarded`` and received ``received`` (both hidden from others)."""

    seat: int
    discarded: Card | None
    received: Card | None


@dataclass(frozen=True, slots=True)
class Folded:
    """``seat`` folded, losing ante and wager."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """``seat`` (``None``: the dealer) shows ``cards``, worth ``description``."""

    seat: int | None
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class WagerSettled:
    """The wager of ``seat`` against the bank: ``outcome``, the chips ``returned``
    to the player from the wager (0, the wager or twice it) and the ``bonus`` paid."""

    seat: int
    outcome: WagerOutcome
    returned: int
    bonus: int


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """The table pot of ``amount`` chips, as ``(seat, chips)`` shares."""

    amount: int
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class PotCarried:
    """Everyone folded: the table pot of ``amount`` chips carries over to the next hand."""

    amount: int


DealerEvent = (
    AntePosted | WagerPosted | CardsDealt | DealerCardTurned | Kept | Exchanged | Folded
    | HandShown | WagerSettled | PotAwarded | PotCarried
)  # fmt: skip
"""Any event of a dealer-mode hand."""
