"""Shuffling, cutting and the table's shuffle policy (RULES.md section 5, "Seating and the deal").

The random source is always passed in: ``secrets.SystemRandom()`` for real play
(the default when none is given), a seeded ``random.Random`` in tests and
simulations. Nothing here reads a clock or a global generator.

>>> import random
>>> deck = tuple(range(10))
>>> sorted(fisher_yates(deck, random.Random(1))) == list(deck)
True
>>> cut_at("ABCDEFGH", 3)
('D', 'E', 'F', 'G', 'H', 'A', 'B', 'C')
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

from pokerbonus.cards import Card, format_cards
from pokerbonus.engine.config import ShufflePolicy
from pokerbonus.errors import ConfigurationError, InvalidCardError
from pokerbonus.i18n import gettext

__all__ = ["Shuffler", "cut", "cut_at", "fisher_yates", "system_rng"]

T = TypeVar("T")

DEFAULT_MIN_PACKET = 4
"""Each packet of a cut keeps at least this many cards (unless the deck is tiny)."""


def system_rng() -> random.Random:
    """The random source for real play: the operating system's generator."""
    return secrets.SystemRandom()


def fisher_yates(items: Iterable[T], rng: random.Random | None = None) -> tuple[T, ...]:
    """A uniformly random permutation of ``items`` (Durstenfeld's Fisher-Yates).

    Going down from the last position ``i``, swap it with a position drawn
    uniformly from ``0..i`` *inclusive*: every one of the ``n!`` orders has
    probability ``1/n!`` given a uniform ``rng.randrange``.

    >>> fisher_yates("abc", random.Random(0))
    ('a', 'c', 'b')
    """
    source = rng if rng is not None else system_rng()
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = source.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def cut_at(items: Sequence[T], position: int) -> tuple[T, ...]:
    """Cut after ``position`` cards: the bottom packet goes on top.

    The first ``position`` cards (the top packet) end up under the rest.
    """
    if not 0 <= position <= len(items):
        raise InvalidCardError(
            gettext("invalid cut position: {position} (deck of {count} cards)").format(
                position=position, count=len(items)
            )
        )
    return tuple(items[position:]) + tuple(items[:position])


def cut(
    items: Sequence[T], rng: random.Random | None = None, min_packet: int = DEFAULT_MIN_PACKET
) -> tuple[T, ...]:
    """Cut at a random point that leaves at least ``min_packet`` cards in each packet.

    The position is uniform over ``min_packet .. len(items) - min_packet``; a deck
    too small for two such packets is cut anywhere.

    >>> deck = tuple(range(20))
    >>> c = cut(deck, random.Random(3))
    >>> c[0] in range(4, 17) and c == deck[c[0]:] + deck[:c[0]]
    True
    """
    if min_packet < 1:
        raise InvalidCardError(
            gettext("invalid minimum packet size: {min_packet} (at least 1)").format(
                min_packet=min_packet
            )
        )
    source = rng if rng is not None else system_rng()
    n = len(items)
    low, high = (min_packet, n - min_packet) if n >= 2 * min_packet else (0, n)
    return cut_at(items, source.randint(low, high))


class Shuffler:
    """The deck between hands, by the table's shuffle policy.

    - ``"every-hand"``: each hand gets a fresh deck, shuffled and cut.
    - ``"cut-only"``: the deck is shuffled (and cut) for the first hand, or after
      :meth:`bring_new_deck`; afterwards the cards gathered at the end of a hand,
      in the order the hand engine gathers them, are only cut.

    >>> shuffler = Shuffler(tuple(range(8)), "cut-only", random.Random(5), min_packet=2)
    >>> first = shuffler.deck_for_hand()
    >>> second = shuffler.deck_for_hand(gathered=first)
    >>> second in {first[k:] + first[:k] for k in range(2, 7)}
    True
    """

    __slots__ = ("_deck", "_fresh", "_min_packet", "_policy", "_rng", "shuffles")

    def __init__(
        self,
        deck: Sequence[Card] | Sequence[int],
        policy: ShufflePolicy = "every-hand",
        rng: random.Random | None = None,
        *,
        min_packet: int = DEFAULT_MIN_PACKET,
    ) -> None:
        if policy not in ("every-hand", "cut-only"):
            raise ConfigurationError(
                gettext("shuffle: must be one of 'every-hand', 'cut-only', got {policy!r}").format(
                    policy=policy
                )
            )
        self._deck: tuple[Card, ...] = tuple(Card(c) for c in deck)
        if len(set(self._deck)) != len(self._deck):
            raise InvalidCardError(
                gettext("deck holds a card twice: {deck}").format(deck=format_cards(self._deck))
            )
        self._policy: ShufflePolicy = policy
        self._rng = rng if rng is not None else system_rng()
        self._min_packet = min_packet
        self._fresh = True
        self.shuffles = 0
        """How many times the deck has been shuffled (cuts do not count)."""

    @property
    def policy(self) -> ShufflePolicy:
        """The shuffle policy, ``"every-hand"`` or ``"cut-only"``."""
        return self._policy

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, in index order."""
        return self._deck

    def bring_new_deck(self, deck: Sequence[Card] | Sequence[int] | None = None) -> None:
        """Bring in a new deck (optionally of other cards): the next hand is shuffled."""
        if deck is not None:
            self._deck = tuple(Card(c) for c in deck)
        self._fresh = True

    def deck_for_hand(
        self, gathered: Sequence[Card] | Sequence[int] | None = None
    ) -> tuple[Card, ...]:
        """The ordered deck (top first) for the next hand.

        ``gathered`` is the previous hand's cards as the hand engine gathered
        them; the cut-only policy requires it after the first hand and checks
        that it holds exactly the deck's cards.
        """
        if self._policy == "every-hand" or self._fresh:
            self._fresh = False
            self.shuffles += 1
            return cut(fisher_yates(self._deck, self._rng), self._rng, self._min_packet)
        if gathered is None:
            raise InvalidCardError(
                gettext("cut-only: the gathered cards of the last hand are required")
            )
        cards = tuple(Card(c) for c in gathered)
        if Counter(cards) != Counter(self._deck):
            missing = sorted(set(self._deck) - set(cards))
            extra = sorted((Counter(cards) - Counter(self._deck)).elements())
            raise InvalidCardError(
                gettext(
                    "cut-only: gathered cards are not the deck (missing: {value}, extra: {value2})"
                ).format(value=format_cards(missing) or "-", value2=format_cards(extra) or "-")
            )
        return cut(cards, self._rng, self._min_packet)
