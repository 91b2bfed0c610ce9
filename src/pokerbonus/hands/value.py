"""`HandValue`: the result of evaluating a hand, comparable within one game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerbonus.cards import Card

if TYPE_CHECKING:
    from pokerbonus.hands.category import Category

__all__ = ["DefaultHighValue", "Explanation", "HandValue"]


@dataclass(frozen=True, slots=True)
class Explanation:
    """What a hand value is made of: its category, the cards played and a description."""

    category: Category | None
    cards: tuple[Card, ...]
    description: str


class HandValue:
    """The value of a hand in one game: greater is stronger, equal ranks tie.

    Values are made by the evaluators (:func:`pokerbonus.hands.evaluate` and
    friends), never built by hand. They are immutable: ``game`` and ``rank`` are
    read-only, and ``category``, ``cards`` and ``description`` are worked out on
    first use from the cards that were evaluated (that keeps evaluation fast).

    Values of the same game compare with ``<``, ``<=``, ``==`` ...; ordering
    values of two different games raises :class:`TypeError`, and ``==`` between
    them is simply false (the rule Python's ``datetime`` follows for naive and
    aware times).

    >>> from pokerbonus.hands import evaluate
    >>> v = evaluate("Kh Ks 8d 8c Ts")
    >>> v.game, v.rank, v.category.key
    ('high', 4816, 'two_pair')
    >>> v.description
    'two pair, kings and eights, ten kicker'
    >>> v > evaluate("Kh Ks 8d 8c 9s")
    True
    """

    # Private slots set once by the evaluators (the pattern of fractions.Fraction):
    # a plain slotted object is what keeps per-hand evaluation cheap.
    __slots__ = ("_game", "_rank", "_src")

    _game: str
    _rank: int
    _src: tuple[Card | int | str, ...]

    @property
    def game(self) -> str:
        """The key of the game and its non-default options, e.g. ``"high:wheel=off"``."""
        return self._game

    @property
    def rank(self) -> int:
        """The integer rank: greater is stronger for this game (lows included)."""
        return self._rank

    @property
    def category(self) -> Category | None:
        """The hand's category, or ``None`` where categories do not apply (badugi)."""
        return self.explain().category

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards played (five for poker hands), in display order."""
        return self.explain().cards

    @property
    def description(self) -> str:
        """Plain English, e.g. ``"full house, tens full of kings"`` (other languages:
        :meth:`describe`)."""
        return self.explain().description

    def explain(self) -> Explanation:
        """Category, cards played and description together (computed once and cached)."""
        from pokerbonus.hands.evaluation import explain

        return explain(self._game, self._rank, tuple(self._src))

    def describe(self, lang: str | None = None, *, served: bool = False) -> str:
        """The description in ``lang`` (``"en"``, ``"fr"``; default: the current
        language of :mod:`pokerbonus.i18n`); ``served`` for a hand kept as dealt.

        >>> from pokerbonus.hands import evaluate
        >>> evaluate("Kh Ks 8d 8c Ts").describe("fr")
        'double paire, rois et huit, dix'
        >>> evaluate("Kh Ks Kd Kc Ts").describe("fr", served=True)
        'carré servi de rois, dix'
        """
        from pokerbonus.hands.evaluation import describe
        from pokerbonus.i18n import current_language

        language = current_language() if lang is None else lang
        return describe(self._game, self._rank, tuple(self._src), language, served)

    def _check(self, other: object) -> HandValue | None:
        if not isinstance(other, HandValue):
            return None
        if other._game != self._game:
            raise TypeError(
                f"cannot compare hand values of different games: {self._game!r} and {other._game!r}"
            )
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._rank == other._rank and self._game == other._game

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self._rank != other._rank or self._game != other._game

    def __hash__(self) -> int:
        return hash((self._game, self._rank))

    def __lt__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is None:
            return NotImplemented
        return self._rank < checked._rank

    def __le__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is None:
            return NotImplemented
        return self._rank <= checked._rank

    def __gt__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is None:
            return NotImplemented
        return self._rank > checked._rank

    def __ge__(self, other: object) -> bool:
        checked = self._check(other)
        if checked is None:
            return NotImplemented
        return self._rank >= checked._rank

    def __repr__(self) -> str:
        return f"HandValue({self._game!r}, {self._rank}, {self.description!r})"

    def __str__(self) -> str:
        return self.description

    def __reduce__(self) -> tuple[object, tuple[str, int, tuple[int, ...]]]:
        return (_rebuild, (self._game, self._rank, tuple(int(c) for c in self._src)))


class DefaultHighValue(HandValue):
    """A value of the default game ``"high"``, made by the fast path of
    :func:`~pokerbonus.hands.evaluate`: the game is a class constant, which saves
    one store per hand. It behaves exactly as a :class:`HandValue` of that game.
    """

    __slots__ = ()
    _game = "high"


def _rebuild(game: str, rank: int, src: tuple[int, ...]) -> HandValue:
    return make_value(game, rank, tuple(Card(c) for c in src))


def make_value(game: str, rank: int, src: tuple[Card | int | str, ...]) -> HandValue:
    """Build a value (for the evaluators only): ``src`` are cards that evaluate to it."""
    value = HandValue()
    value._game = game
    value._rank = rank
    value._src = src
    return value
