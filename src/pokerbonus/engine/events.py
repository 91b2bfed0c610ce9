"""The record of a hand: every change of state is one frozen event.

Events hold the whole truth (the cards too); :mod:`pokerbonus.engine.views`
decides who may see what and hides the rest (``cards=()``, ``card=None``)
while keeping the counts public.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerbonus.cards import Card

__all__ = [
    "AllPassed",
    "AntePosted",
    "BetOrRaised",
    "BetReturned",
    "BlindPosted",
    "BoardDealt",
    "Called",
    "CardBurned",
    "CardsDealt",
    "CardsServed",
    "Checked",
    "Declined",
    "Discarded",
    "Drew",
    "Event",
    "Folded",
    "PotAwarded",
    "PotBought",
    "RoundEnded",
    "Shown",
    "StubReshuffled",
]


@dataclass(frozen=True, slots=True)
class AntePosted:
    """``seat`` put ``amount`` into the pot as an ante (less than the ante: all-in)."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BlindPosted:
    """``seat`` bet ``amount`` blind: ``kind`` ``blind``, ``surblind`` (a blind raise
    to ``amount``), ``small``, ``big`` or ``straddle``."""

    seat: int
    amount: int
    kind: str


@dataclass(frozen=True, slots=True)
class PotBought:
    """``seat`` doubled the pot before the deal, adding ``amount``."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class Declined:
    """``seat`` declined an offer: ``decision`` ``buy_pot`` or ``surblind``."""

    seat: int
    decision: str


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """``count`` cards dealt to ``seat`` (``face`` ``down`` or ``up``)."""

    seat: int
    cards: tuple[Card, ...]
    count: int
    face: str


@dataclass(frozen=True, slots=True)
class BoardDealt:
    """Cards turned on the board."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardBurned:
    """One card burned (dead, face down; ``card`` is hidden in every view)."""

    card: Card | None


@dataclass(frozen=True, slots=True)
class Checked:
    """``seat`` checked ("parole"; a pass before the opening)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Called:
    """``seat`` called, putting in ``amount`` more (``all_in``: for all their chips)."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class BetOrRaised:
    """``seat`` opened or raised to a total bet of ``to`` this round, adding ``amount``."""

    seat: int
    to: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class Folded:
    """``seat`` folded; their cards are dead, their chips stay in."""

    seat: int


@dataclass(frozen=True, slots=True)
class BetReturned:
    """The uncalled part ``amount`` of ``seat``'s bet went back to their stack."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """A betting round ended; the bets were gathered into the pot, now ``pot``."""

    pot: int


@dataclass(frozen=True, slots=True)
class Drew:
    """``seat`` exchanges ``count`` cards (0: stands pat), discarding ``cards``."""

    seat: int
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True, slots=True)
class CardsServed:
    """``seat`` received ``count`` replacement cards."""

    seat: int
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True, slots=True)
class StubReshuffled:
    """The stub ran out: ``count`` gathered discards were shuffled into a new stub."""

    count: int


@dataclass(frozen=True, slots=True)
class Discarded:
    """``seat`` discarded ``count`` cards without replacement (Pineapple style)."""

    seat: int
    cards: tuple[Card, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Shown:
    """``seat`` showed ``cards`` at the showdown."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PotAwarded:
    """Pot number ``index`` (0 = main) of ``amount`` chips: ``shares`` ``(seat, chips)``."""

    index: int
    amount: int
    shares: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class AllPassed:
    """Everyone folded to the blinder, who took the blind ``amount`` back; the next
    deal is a pot game whose minimum opening is the blind."""

    seat: int
    amount: int


Event = (
    AntePosted | BlindPosted | PotBought | Declined | CardsDealt | BoardDealt | CardBurned
    | Checked | Called | BetOrRaised | Folded | BetReturned | RoundEnded | Drew
    | CardsServed | StubReshuffled | Discarded | Shown | PotAwarded | AllPassed
)
"""Any event of a hand."""
