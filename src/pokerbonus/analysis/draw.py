"""Draw odds: the exact distribution of the final hand after an exchange.

For a five-card hand, a set of discards and the table's deck (size, jokers, wheel,
ranking), :func:`draw_odds` enumerates every possible set of replacement cards
from the unseen cards and counts the final categories. :func:`best_discard`
ranks all the discard choices (32 with ``max_discard=5``) by expected value
against a goal: a category to reach ("at least two pair"), or a value per final
category.

All unseen cards are equally likely, so the counts are exact from the drawing
player's point of view: cards held by opponents are unknown to them and count
as unseen. Known dead cards (seen by accident, burnt face up) can be removed.

>>> odds = draw_odds("Ah Ad Kc 9s 2h", discard="Kc 9s 2h")
>>> odds.outcomes, round(odds.probability("two_pair"), 4)
(16215, 0.1599)
>>> best_discard("7h 8h 9h Th 2c", goal="flush").discard
(Card('2c'),)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import Card, CardsLike, format_cards, make_deck, parse_cards
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands import Category
from pokerbonus.hands.classes import BINOM, class_tables, hand_class_in
from pokerbonus.i18n import gettext

__all__ = [
    "DrawOdds",
    "best_discard",
    "category_strength",
    "discard_choices",
    "draw_odds",
    "rank_discards",
]

_ARCHAIC_ORDER = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.STRAIGHT,
    Category.TRIPS,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.STRAIGHT_FLUSH,
    Category.QUADS,
    Category.FIVE_OF_A_KIND,
)

Goal = Category | str | Mapping[Category, float] | Mapping[str, float]


def category_strength(category: Category, ranking: str = "modern") -> int:
    """The position of a category in the ranking's order (0 = weakest).

    >>> straight = category_strength(Category.STRAIGHT, "archaic")
    >>> straight < category_strength(Category.TRIPS, "archaic")
    True
    """
    if ranking == "archaic":
        return _ARCHAIC_ORDER.index(category)
    return int(category)


def _category(value: Category | str) -> Category:
    if isinstance(value, Category):
        return value
    for category in Category:
        if value in (category.key, category.name.lower()):
            return category
    names = ", ".join(c.key for c in Category)
    raise InvalidHandError(
        gettext("unknown hand category: {value!r} (expected one of {names})").format(
            value=value, names=names
        )
    )


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """The exact distribution of the final category for one discard choice.

    ``counts[c]`` of the ``outcomes`` equally likely replacement sets give the
    category ``c``; ``value`` is the expected value against the goal it was
    computed for (the probability of reaching it, for a category goal).
    """

    hand: tuple[Card, ...]
    discard: tuple[Card, ...]
    outcomes: int
    counts: tuple[int, ...]
    value: float = float("nan")

    @property
    def kept(self) -> tuple[Card, ...]:
        """The cards kept."""
        return tuple(c for c in self.hand if c not in self.discard)

    def probability(self, category: Category | str) -> float:
        """The probability that the final hand is exactly ``category``."""
        return self.counts[_category(category)] / self.outcomes

    @property
    def distribution(self) -> dict[str, float]:
        """Probability of each final category, by category key (``pair``, ...)."""
        return {c.key: self.counts[c] / self.outcomes for c in Category if self.counts[c]}

    def __str__(self) -> str:
        drawn = format_cards(self.discard) or "nothing (stand pat)"
        return f"discard {drawn}: {self.value:.4f}"


@lru_cache(maxsize=32)
def _class_table(deck: int, jokers: int, wheel: bool, ranking: str) -> npt.NDArray[np.int8]:
    """Category of every class (jokers, suited, multiset of the other ranks).

    The class of a five-card hand is its number of jokers, whether all its other
    cards share a suit, and the multiset of their ranks; the category follows from
    the class alone (:func:`pokerbonus.hands.classes.class_tables` rates
    one hand per class with :func:`evaluate`).
    Index: ``[jokers, suited, colex rank of the sorted ranks]``; -1 = no such hand.
    """
    return class_tables(deck, jokers, wheel, ranking).category


@numba.njit(cache=True)
def _count_draws(
    kept: npt.NDArray[np.int64],
    stub: npt.NDArray[np.int64],
    draw: int,
    table: npt.NDArray[np.int8],
    binom: npt.NDArray[np.int64],
) -> npt.NDArray[np.int64]:  # pragma: no cover - compiled
    counts = np.zeros(10, dtype=np.int64)
    n = stub.shape[0]
    hand = np.empty(5, dtype=np.int64)
    for i in range(kept.shape[0]):
        hand[i] = kept[i]
    idx = np.arange(draw)
    ranks = np.empty(5, dtype=np.int64)
    while True:
        for i in range(draw):
            hand[kept.shape[0] + i] = stub[idx[i]]
        # inlined, and sorting into this loop's ranks: no call and no allocation per
        # hand (all 32 choices of a 52-card hand: the same 0.078 s as the class
        # written out here; calling hand_class, which allocates, took 0.111 s)
        jokers, suited, index = hand_class_in(hand, ranks, binom)
        counts[table[jokers, suited, index]] += 1
        # next combination of `draw` indices out of n
        k = draw - 1
        while k >= 0 and idx[k] == n - draw + k:
            k -= 1
        if k < 0:
            break
        idx[k] += 1
        for i in range(k + 1, draw):
            idx[i] = idx[i - 1] + 1
    return counts


def _prepare(
    hand: CardsLike, deck: int, jokers: int, dead: CardsLike
) -> tuple[tuple[Card, ...], list[Card]]:
    cards = parse_cards(hand)
    dead_cards = parse_cards(dead)
    if len(cards) != 5:
        raise InvalidHandError(
            gettext("a draw hand has five cards, got {count}: {cards!r}").format(
                count=len(cards), cards=format_cards(cards)
            )
        )
    deck_cards = make_deck(deck, jokers)
    for card in cards + dead_cards:
        if card not in deck_cards:
            raise InvalidHandError(
                gettext("card {card!r} is not in a {deck}-card deck with {jokers} joker(s)").format(
                    card=str(card), deck=deck, jokers=jokers
                )
            )
    overlap = set(cards) & set(dead_cards)
    if overlap:
        raise InvalidHandError(
            gettext("card {overlap!r} is both in the hand and dead").format(
                overlap=format_cards(sorted(overlap))
            )
        )
    unseen = [c for c in deck_cards if c not in cards and c not in dead_cards]
    return cards, unseen


def _goal_values(goal: Goal, ranking: str) -> npt.NDArray[np.float64]:
    values = np.zeros(10, dtype=np.float64)
    if isinstance(goal, Mapping):
        for key, value in goal.items():
            values[_category(key)] = float(value)
        return values
    target = category_strength(_category(goal), ranking)
    for category in Category:
        values[category] = 1.0 if category_strength(category, ranking) >= target else 0.0
    return values


def draw_odds(
    hand: CardsLike,
    discard: CardsLike = "",
    *,
    deck: int = 52,
    jokers: int = 0,
    wheel: bool = True,
    ranking: str = "modern",
    dead: CardsLike = "",
    goal: Goal | None = None,
) -> DrawOdds:
    """Exact distribution of the final category after discarding ``discard`` from ``hand``.

    Every set of replacements from the unseen cards (the deck less the hand and
    ``dead``) is enumerated; the discards themselves are out of play. ``goal``
    (optional) sets :attr:`DrawOdds.value`, as in :func:`best_discard`.

    >>> draw_odds("7s 8s 9s Ts 2c", discard="2c", deck=32).outcomes
    Traceback (most recent call last):
    ...
    pokerbonus.errors.InvalidHandError: card '2c' is not in a 32-card deck with 0 joker(s)
    >>> odds = draw_odds("Ks Qs Js Ts 2c", discard="2c", deck=52)
    >>> odds.outcomes, odds.counts[Category.STRAIGHT_FLUSH], odds.counts[Category.FLUSH]
    (47, 2, 7)
    """
    cards, unseen = _prepare(hand, deck, jokers, dead)
    thrown = parse_cards(discard)
    for card in thrown:
        if card not in cards:
            raise InvalidHandError(
                gettext("cannot discard {card!r}: it is not in the hand").format(card=str(card))
            )
    return _odds(cards, thrown, unseen, deck, jokers, wheel, ranking, goal)


def _odds(
    cards: tuple[Card, ...],
    thrown: tuple[Card, ...],
    unseen: list[Card],
    deck: int,
    jokers: int,
    wheel: bool,
    ranking: str,
    goal: Goal | None,
) -> DrawOdds:
    if ranking not in ("modern", "archaic"):
        raise InvalidHandError(
            gettext("unknown ranking: {ranking!r} (expected 'modern' or 'archaic')").format(
                ranking=ranking
            )
        )
    table = _class_table(deck, jokers, wheel, ranking)
    kept = np.array([c for c in cards if c not in thrown], dtype=np.int64)
    stub = np.array(unseen, dtype=np.int64)
    if len(thrown) > len(stub):
        raise InvalidHandError(
            gettext("cannot draw {count} cards from {count2} unseen cards").format(
                count=len(thrown), count2=len(stub)
            )
        )
    counts = _count_draws(kept, stub, len(thrown), table, BINOM)
    outcomes = comb(len(stub), len(thrown))
    value = float("nan")
    if goal is not None:
        value = float(counts @ _goal_values(goal, ranking)) / outcomes
    return DrawOdds(tuple(cards), thrown, outcomes, tuple(int(c) for c in counts), value)


def discard_choices(hand: Iterable[Card], max_discard: int = 5) -> list[tuple[Card, ...]]:
    """Every discard choice of at most ``max_discard`` cards (32 for five cards and 5)."""
    cards = tuple(hand)
    return [d for k in range(max_discard + 1) for d in itertools.combinations(cards, k)]


def best_discard(
    hand: CardsLike,
    goal: Goal,
    *,
    max_discard: int = 5,
    deck: int = 52,
    jokers: int = 0,
    wheel: bool = True,
    ranking: str = "modern",
    dead: CardsLike = "",
) -> DrawOdds:
    """The discard with the best expected value against ``goal``.

    ``goal`` is a category (value 1 for a final hand at least that strong in the
    table's ranking, else 0: the value is then the probability of reaching it) or
    a mapping of categories to values. Ties go to the choice drawing fewer cards
    (then the earlier one). Use :func:`rank_discards` for every choice in order.

    >>> best_discard("As Ad Ah 7c 2d", goal="full_house").discard
    (Card('7c'), Card('2d'))
    """
    ranked = rank_discards(
        hand, goal, max_discard=max_discard, deck=deck, jokers=jokers,
        wheel=wheel, ranking=ranking, dead=dead,
    )  # fmt: skip
    return ranked[0]


def rank_discards(
    hand: CardsLike,
    goal: Goal,
    *,
    max_discard: int = 5,
    deck: int = 52,
    jokers: int = 0,
    wheel: bool = True,
    ranking: str = "modern",
    dead: CardsLike = "",
) -> list[DrawOdds]:
    """Every discard choice with its exact odds, best expected value first."""
    if not 0 <= max_discard <= 5:
        raise InvalidHandError(
            gettext("max_discard must be 0..5, got {max_discard!r}").format(max_discard=max_discard)
        )
    cards, unseen = _prepare(hand, deck, jokers, dead)
    results = [
        _odds(cards, choice, unseen, deck, jokers, wheel, ranking, goal)
        for choice in discard_choices(cards, max_discard)
    ]
    order = sorted(
        range(len(results)), key=lambda i: (-results[i].value, len(results[i].discard), i)
    )
    return [results[i] for i in order]
