"""Hand categories (RULES.md section 2), in the modern order."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Category"]


class Category(IntEnum):
    """A hand category; the int value follows the modern order (weakest first).

    The archaic and short-deck orders are applied by the evaluator, not here.

    >>> Category.FLUSH > Category.STRAIGHT, Category.FULL_HOUSE.key
    (True, 'full_house')
    >>> Category.FIVE_OF_A_KIND.display_name
    'Poker (five of a kind)'
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def key(self) -> str:
        """A stable lowercase identifier, e.g. ``two_pair``."""
        return self.name.lower()

    @property
    def display_name(self) -> str:
        """The plain English name, e.g. ``three of a kind``."""
        return _DISPLAY[self]


_DISPLAY = {
    Category.HIGH_CARD: "high card",
    Category.PAIR: "pair",
    Category.TWO_PAIR: "two pair",
    Category.TRIPS: "three of a kind",
    Category.STRAIGHT: "straight",
    Category.FLUSH: "flush",
    Category.FULL_HOUSE: "full house",
    Category.QUADS: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush",
    Category.FIVE_OF_A_KIND: "Poker (five of a kind)",
}
