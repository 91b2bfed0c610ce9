"""The record of a hand: every change of state is one frozen event.

Events hold the whole truth (the cards too); :mod:`pokerbonus.engine.views`
decides who may see what and hides the rest (``cards=()``, ``card=None``)
while keeping the counts public.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    to ``amount``), ``small``, ``big``, ``straddle`` or ``kill`` (the killer's kill
    blind: ``amount`` is what the killer adds to any blind already posted, so that
    the killer's bet becomes the kill blind)."""

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
    """``seat`` declined an offer: ``decision`` ``buy_pot``, ``surblind`` or ``kill``
    (look at two and kill)."""

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
    """Cards turned on the board (``board`` 1: the second board of a double-board game)."""

    cards: tuple[Card, ...]
    board: int = 0


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
    AntePosted
    | BlindPosted
    | PotBought
    | Declined
    | CardsDealt
    | BoardDealt
    | CardBurned
    | Checked
    | Called
    | BetOrRaised
    | Folded
    | BetReturned
    | RoundEnded
    | Drew
    | CardsServed
    | StubReshuffled
    | Discarded
    | Shown
    | PotAwarded
    | AllPassed
)
"""Any event of a hand."""


# -- cheap construction, for the engine's hot path ------------------------------------
#
# Events are immutable values: equal ones may be shared, so the few that repeat hand
# after hand (antes, checks, folds, small calls, standing pat) are built once and
# reused. The others are built by setting their slots directly, skipping the frozen
# dataclass ``__init__`` (nothing else happens there: no defaults, no
# ``__post_init__``); the result is the same value of the same type.

_new = object.__new__
_CACHE_LIMIT = 4096


def _setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The slot setter of field ``name`` of ``cls`` (it bypasses the frozen ``__setattr__``)."""
    setter: Callable[[Any, Any], None] = getattr(cls, name).__set__
    return setter


_checked: dict[int, Checked] = {}
_folded: dict[int, Folded] = {}
_stood_pat: dict[int, Drew] = {}
_antes: dict[tuple[int, int], AntePosted] = {}
_calls: dict[tuple[int, int, bool], Called] = {}
_round_ends: dict[int, RoundEnded] = {}


def checked(seat: int) -> Checked:
    """``Checked(seat)``, shared."""
    event = _checked.get(seat)
    if event is None:
        event = _checked[seat] = Checked(seat)
    return event


def folded(seat: int) -> Folded:
    """``Folded(seat)``, shared."""
    event = _folded.get(seat)
    if event is None:
        event = _folded[seat] = Folded(seat)
    return event


def ante_posted(seat: int, amount: int) -> AntePosted:
    """``AntePosted(seat, amount)``, shared."""
    key = (seat, amount)
    event = _antes.get(key)
    if event is None:
        if len(_antes) > _CACHE_LIMIT:
            _antes.clear()
        event = _antes[key] = AntePosted(seat, amount)
    return event


def called(seat: int, amount: int, all_in: bool) -> Called:
    """``Called(seat, amount, all_in)``, shared."""
    key = (seat, amount, all_in)
    event = _calls.get(key)
    if event is None:
        if len(_calls) > _CACHE_LIMIT:
            _calls.clear()
        event = _calls[key] = Called(seat, amount, all_in)
    return event


def round_ended(pot: int) -> RoundEnded:
    """``RoundEnded(pot)``, shared."""
    event = _round_ends.get(pot)
    if event is None:
        if len(_round_ends) > _CACHE_LIMIT:
            _round_ends.clear()
        event = _round_ends[pot] = RoundEnded(pot)
    return event


_set_seat_dealt = _setter(CardsDealt, "seat")
_set_cards_dealt = _setter(CardsDealt, "cards")
_set_count_dealt = _setter(CardsDealt, "count")
_set_face_dealt = _setter(CardsDealt, "face")


def cards_dealt(seat: int, cards: tuple[Card, ...], count: int, face: str) -> CardsDealt:
    """``CardsDealt(seat, cards, count, face)``, built directly."""
    event: CardsDealt = _new(CardsDealt)
    _set_seat_dealt(event, seat)
    _set_cards_dealt(event, cards)
    _set_count_dealt(event, count)
    _set_face_dealt(event, face)
    return event


_set_seat_raised = _setter(BetOrRaised, "seat")
_set_to_raised = _setter(BetOrRaised, "to")
_set_amount_raised = _setter(BetOrRaised, "amount")
_set_all_in_raised = _setter(BetOrRaised, "all_in")


def bet_or_raised(seat: int, to: int, amount: int, all_in: bool) -> BetOrRaised:
    """``BetOrRaised(seat, to, amount, all_in)``, built directly."""
    event: BetOrRaised = _new(BetOrRaised)
    _set_seat_raised(event, seat)
    _set_to_raised(event, to)
    _set_amount_raised(event, amount)
    _set_all_in_raised(event, all_in)
    return event


_set_seat_drew = _setter(Drew, "seat")
_set_cards_drew = _setter(Drew, "cards")
_set_count_drew = _setter(Drew, "count")


def drew(seat: int, cards: tuple[Card, ...], count: int) -> Drew:
    """``Drew(seat, cards, count)``: shared when standing pat, else built directly."""
    if not count:
        event = _stood_pat.get(seat)
        if event is None:
            event = _stood_pat[seat] = Drew(seat, (), 0)
        return event
    event = _new(Drew)
    _set_seat_drew(event, seat)
    _set_cards_drew(event, cards)
    _set_count_drew(event, count)
    return event


_set_seat_served = _setter(CardsServed, "seat")
_set_cards_served = _setter(CardsServed, "cards")
_set_count_served = _setter(CardsServed, "count")


def cards_served(seat: int, cards: tuple[Card, ...], count: int) -> CardsServed:
    """``CardsServed(seat, cards, count)``, built directly."""
    event: CardsServed = _new(CardsServed)
    _set_seat_served(event, seat)
    _set_cards_served(event, cards)
    _set_count_served(event, count)
    return event


_set_seat_shown = _setter(Shown, "seat")
_set_cards_shown = _setter(Shown, "cards")


def shown(seat: int, cards: tuple[Card, ...]) -> Shown:
    """``Shown(seat, cards)``, built directly."""
    event: Shown = _new(Shown)
    _set_seat_shown(event, seat)
    _set_cards_shown(event, cards)
    return event


_set_index_awarded = _setter(PotAwarded, "index")
_set_amount_awarded = _setter(PotAwarded, "amount")
_set_shares_awarded = _setter(PotAwarded, "shares")


def pot_awarded(index: int, amount: int, shares: tuple[tuple[int, int], ...]) -> PotAwarded:
    """``PotAwarded(index, amount, shares)``, built directly."""
    event: PotAwarded = _new(PotAwarded)
    _set_index_awarded(event, index)
    _set_amount_awarded(event, amount)
    _set_shares_awarded(event, shares)
    return event
