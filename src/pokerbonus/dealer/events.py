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
    "DealerQualified",
    "Exchanged",
    "Folded",
    "HandShown",
    "Kept",
    "PotAwarded",
    "PotCarried",
    "SwitchFeePaid",
    "WagerPosted",
    "WagerSettled",
]

WagerKind = Literal["bet", "play"]
WagerOutcome = Literal["fold", "no_qualify", "win", "push", "lose"]


@dataclass(frozen=True, slots=True)
class AntePosted:
    """``seat`` put ``amount`` into the table pot."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class WagerPosted:
    """``seat`` put ``amount`` against the bank: the ``bet`` before the deal, or the
    ``play`` wager with a keep or an exchange."""

    seat: int
    kind: WagerKind
    amount: int


@dataclass(frozen=True, slots=True)
class SwitchFeePaid:
    """``seat`` paid the switch fee of ``amount`` to the bank (lost whatever happens)."""

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
    """``seat`` kept their five cards (and added the play wager)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Exchanged:
    """``seat`` gave up ``discarded`` and received ``received`` (both hidden from others)."""

    seat: int
    discarded: Card | None
    received: Card | None


@dataclass(frozen=True, slots=True)
class Folded:
    """``seat`` folded: the bet is lost, the ante stays in the table pot."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandShown:
    """``seat`` (``None``: the dealer) shows ``cards``, worth ``description``."""

    seat: int | None
    cards: tuple[Card, ...]
    description: str


@dataclass(frozen=True, slots=True)
class DealerQualified:
    """Whether the dealer's hand reaches the table's qualifier."""

    qualified: bool


@dataclass(frozen=True, slots=True)
class WagerSettled:
    """The wagers of ``seat`` against the bank: the ``outcome`` and the chips given
    back from the bet (``bet_back``: 0, the bet, or twice it) and from the play
    wager (``play_back``: 0, the wager, or the wager plus what the paytable pays)."""

    seat: int
    outcome: WagerOutcome
    bet_back: int
    play_back: int

    @property
    def returned(self) -> int:
        """Everything the bank gave back to the seat."""
        return self.bet_back + self.play_back


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
    AntePosted | WagerPosted | SwitchFeePaid | CardsDealt | DealerCardTurned | Kept
    | Exchanged | Folded | HandShown | DealerQualified | WagerSettled | PotAwarded | PotCarried
)  # fmt: skip
"""Any event of a dealer-mode hand."""
