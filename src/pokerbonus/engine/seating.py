"""Seats, the draw for the first deal and the deal passing clockwise (RULES.md section 5).

Seats are numbered ``0..n-1`` clockwise: the player on the left of seat ``s``
sits at ``(s + 1) % n``. Everything random takes an rng passed in.

The draw for the deal: every player draws one card from a freshly shuffled deck
(the table's deck without its jokers), in seat order. Only ranks count, never
suits. The players holding the highest rank draw again, alone, from another
freshly shuffled deck, until a single player holds the highest rank: they deal
first.

>>> import random
>>> draw = draw_first_dealer(4, random.Random(3))
>>> draw.dealer in range(4) and draw.rounds[0].seats == (0, 1, 2, 3)
True
>>> next_dealer(3, seats=4)
0
>>> deal_order(dealer=1, seats=4)
(2, 3, 0, 1)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokerbonus.cards import Card, format_cards, make_deck
from pokerbonus.engine.shuffle import fisher_yates, system_rng
from pokerbonus.errors import ConfigurationError, InvalidCardError
from pokerbonus.i18n import gettext

__all__ = [
    "DealerDraw",
    "DrawRound",
    "deal_order",
    "draw_first_dealer",
    "draw_seats",
    "next_dealer",
]

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DrawRound:
    """One round of the draw for the deal: who drew, and which card each drew.

    >>> r = DrawRound(seats=(0, 2, 3), cards=(Card("Kc"), Card("9h"), Card("Ks")))
    >>> r.highest_seats
    (0, 3)
    """

    seats: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def highest_seats(self) -> tuple[int, ...]:
        """The seats holding the highest rank drawn in this round (suits never rank)."""
        top = max(card.rank for card in self.cards)
        return tuple(s for s, c in zip(self.seats, self.cards, strict=True) if c.rank == top)

    def __str__(self) -> str:
        return ", ".join(f"seat {s}: {c}" for s, c in zip(self.seats, self.cards, strict=True))


@dataclass(frozen=True, slots=True)
class DealerDraw:
    """The result of the draw for the first deal: the dealer and every round drawn."""

    dealer: int
    rounds: tuple[DrawRound, ...]


def draw_seats(players: Sequence[T], rng: random.Random | None = None) -> tuple[T, ...]:
    """Seat the players at random: item ``i`` of the result sits at seat ``i``.

    >>> sorted(draw_seats(["ann", "bob", "cy"], random.Random(0)))
    ['ann', 'bob', 'cy']
    """
    if len(set(players)) != len(players):
        raise ConfigurationError(
            gettext("players: names must be distinct, got {players!r}").format(
                players=list(players)
            )
        )
    return fisher_yates(players, rng)


def draw_first_dealer(
    seats: int | Sequence[int],
    rng: random.Random | None = None,
    *,
    deck_size: int = 52,
    decks: Iterable[Sequence[Card] | Sequence[int]] | None = None,
) -> DealerDraw:
    """Draw cards for the first deal: the highest rank deals, ties draw again.

    ``seats`` is the number of seats (all drawing) or the seats drawing, in
    clockwise order. Each round draws from a freshly shuffled deck of
    ``deck_size`` cards (no jokers), or, when ``decks`` is given, from the next of
    those stacked decks (top card first), the seats drawing in order.

    >>> stacked = [["Ah", "9c", "As"], ["Kd", "Qc"]]
    >>> draw = draw_first_dealer(3, decks=[[Card(c) for c in d] for d in stacked])
    >>> draw.dealer, [str(r) for r in draw.rounds]
    (0, ['seat 0: Ah, seat 1: 9c, seat 2: As', 'seat 0: Kd, seat 2: Qc'])
    """
    drawing = tuple(range(seats)) if isinstance(seats, int) else tuple(seats)
    if len(drawing) < 1 or len(set(drawing)) != len(drawing):
        raise ConfigurationError(
            gettext("seats: need one or more distinct seats, got {drawing!r}").format(
                drawing=drawing
            )
        )
    source = rng if rng is not None else system_rng()
    stacked: Iterator[Sequence[Card] | Sequence[int]] | None = (
        iter(decks) if decks is not None else None
    )
    full = make_deck(deck_size)
    rounds: list[DrawRound] = []
    while True:
        if stacked is None:
            pack: tuple[Card, ...] = fisher_yates(full, source)
        else:
            try:
                pack = tuple(Card(c) for c in next(stacked))
            except StopIteration:
                raise InvalidCardError(
                    gettext("draw for the deal: stacked decks ran out after {count} rounds").format(
                        count=len(rounds)
                    )
                ) from None
        pack = tuple(c for c in pack if not c.is_joker)
        if len(pack) < len(drawing):
            raise InvalidCardError(
                gettext("draw for the deal: {count} cards ({pack}) for {count2} players").format(
                    count=len(pack), pack=format_cards(pack), count2=len(drawing)
                )
            )
        drawn = DrawRound(seats=drawing, cards=pack[: len(drawing)])
        rounds.append(drawn)
        drawing = drawn.highest_seats
        if len(drawing) == 1:
            return DealerDraw(dealer=drawing[0], rounds=tuple(rounds))


def next_dealer(dealer: int, seats: int, eligible: Collection[int] | None = None) -> int:
    """The next dealer: the first eligible seat clockwise after ``dealer``.

    ``eligible`` defaults to every seat; the current dealer is eligible too (they
    deal again only when no one else is).

    >>> next_dealer(1, seats=6, eligible={0, 1, 4})
    4
    >>> next_dealer(4, seats=6, eligible={0, 1, 4})
    0
    """
    allowed = set(range(seats)) if eligible is None else set(eligible)
    if not allowed or not allowed <= set(range(seats)):
        raise ConfigurationError(
            gettext("eligible: need seats among 0..{seats}, got {allowed!r}").format(
                seats=seats - 1, allowed=allowed
            )
        )
    for step in range(1, seats + 1):
        seat = (dealer + step) % seats
        if seat in allowed:
            return seat
    raise AssertionError("unreachable: an eligible seat exists")  # pragma: no cover


def deal_order(dealer: int, seats: int, in_hand: Collection[int] | None = None) -> tuple[int, ...]:
    """The seats served, clockwise from the dealer's left, the dealer last.

    >>> deal_order(dealer=2, seats=5, in_hand={0, 2, 3})
    (3, 0, 2)
    """
    allowed = set(range(seats)) if in_hand is None else set(in_hand)
    return tuple(s for s in ((dealer + k) % seats for k in range(1, seats + 1)) if s in allowed)
