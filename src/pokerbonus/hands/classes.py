"""Hand values of every five-card class, for comparing hands inside numba kernels.

The value of a five-card high hand depends only on its *class*: the number of
jokers, whether all its other cards share a suit, and the multiset of their
ranks. :func:`class_tables` rates one representative hand per class with the
scalar evaluator (:func:`pokerbonus.hands.evaluate`) and stores, for each class,
its category and a dense value (1 = the weakest hand of the table's deck,
greater = stronger, equal = a tie). Kernels then rate any hand with a sort of at
most five ranks and two table reads (:func:`hand_class`).

Index of a class: ``[jokers, suited, colex rank of the sorted non-joker ranks]``
(the idea of ``pokerbonus.analysis.draw``), 0 value / -1 category where no
hand has that class.

>>> t = class_tables(52)
>>> int(t.value.max()), int((t.value > 0).sum())  # the 7,462 distinct values of RULES.md
(7462, 7462)
>>> import numpy as np
>>> from pokerbonus.cards import parse_cards
>>> hand = np.array(parse_cards("As Ks Qs Js Ts"), dtype=np.int64)
>>> t.value_of(hand), t.category_of(hand).key
(7462, 'straight_flush')
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Final

import numba
import numpy as np
import numpy.typing as npt

from pokerbonus.cards import lowest_rank
from pokerbonus.errors import ConfigurationError, InvalidCardError
from pokerbonus.hands import Category, evaluate
from pokerbonus.i18n import gettext

__all__ = ["BINOM", "CATEGORY_KEYS", "ClassTables", "class_tables", "hand_class", "hand_class_in"]

CLASSES: Final = comb(17, 5)
"""Colex ranks of sorted multisets of at most five ranks 0..12 are below this."""

BINOM: Final = np.array([[comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)
"""``BINOM[n, k] = C(n, k)``, the colex weights used by :func:`hand_class`."""

CATEGORY_KEYS: Final = tuple(c.key for c in Category)
"""Category keys by category index (``high_card`` ... ``five_of_a_kind``)."""


@dataclass(frozen=True, slots=True)
class ClassTables:
    """Category and dense value of every five-card class of one table's rules.

    ``value[j, s, i]`` is the dense value (1 = weakest) of the hands with ``j``
    jokers, suitedness ``s`` and colex rank ``i`` of the other ranks; 0 where no
    such hand exists. ``category`` holds the category index, -1 where none.
    """

    deck: int
    jokers: int
    wheel: bool
    ranking: str
    value: npt.NDArray[np.int32]
    category: npt.NDArray[np.int8]

    def value_of(self, hand: npt.NDArray[np.int64]) -> int:
        """Dense value of five cards (indices 0..53)."""
        j, s, i = hand_class(hand, BINOM)
        return int(self.value[j, s, i])

    def category_of(self, hand: npt.NDArray[np.int64]) -> Category:
        """Category of five cards (indices 0..53)."""
        j, s, i = hand_class(hand, BINOM)
        return Category(int(self.category[j, s, i]))


@lru_cache(maxsize=32)
def class_tables(
    deck: int = 52, jokers: int = 0, wheel: bool = True, ranking: str = "modern"
) -> ClassTables:
    """The :class:`ClassTables` of a deck of ``deck`` cards plus ``jokers`` jokers.

    One scalar evaluation per class (about 7,000 for 52 cards): the values are
    exactly the evaluator's order, with every joker rule of RULES.md section 1,
    and dense over the hands this deck can make (7,462 for 52 cards, no joker).
    """
    if jokers not in (0, 1, 2):
        raise ConfigurationError(
            gettext("jokers: {jokers!r} is not 0, 1 or 2").format(jokers=jokers)
        )
    if ranking not in ("modern", "archaic"):
        raise ConfigurationError(
            gettext("ranking: {ranking!r} is not 'modern' or 'archaic'").format(ranking=ranking)
        )
    try:
        low = lowest_rank(deck)
    except InvalidCardError as exc:
        raise ConfigurationError(gettext("deck: {exc}").format(exc=exc)) from None
    keys = np.zeros((3, 2, CLASSES), dtype=np.int64)
    category = np.full((3, 2, CLASSES), -1, dtype=np.int8)
    for held in range(jokers + 1):
        size = 5 - held
        for ranks in itertools.combinations_with_replacement(range(low, 13), size):
            most = max(ranks.count(r) for r in ranks)
            if most > 4:
                continue
            index = sum(comb(r + i, i + 1) for i, r in enumerate(ranks))
            for suited in (0, 1):
                if suited and most > 1:
                    continue
                cards = _representative(ranks, bool(suited)) + [52, 53][:held]
                rated = evaluate(
                    cards, "high", wheel=wheel, ranking=ranking, deck=deck, jokers=True
                )
                assert rated.category is not None
                keys[held, suited, index] = rated.rank
                category[held, suited, index] = int(rated.category)
    present = keys > 0
    distinct = np.unique(keys[present])
    value = np.zeros(keys.shape, dtype=np.int32)
    value[present] = np.searchsorted(distinct, keys[present]).astype(np.int32) + 1
    return ClassTables(deck, jokers, wheel, ranking, value, category)


def _representative(ranks: tuple[int, ...], suited: bool) -> list[int]:
    """Cards with the given ranks: one suit if ``suited``, else never a flush."""
    if suited:
        return [4 * r + 3 for r in ranks]
    used: dict[int, int] = {}
    cards: list[int] = []
    for r in ranks:
        suit = used.get(r, 0)
        used[r] = suit + 1
        cards.append(4 * r + suit)
    if len(set(ranks)) == len(ranks) and len(ranks) > 1:
        cards[0] = 4 * ranks[0] + 1  # one card off the others' suit: not a flush
    return cards


@numba.njit(cache=True, nogil=True)
def hand_class(
    hand: npt.NDArray[np.int64], binom: npt.NDArray[np.int64]
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """The class ``(jokers, suited, colex index)`` of five cards (see the module doc)."""
    return hand_class_in(hand, np.empty(5, dtype=np.int64), binom)


# inline="always": inlined into each kernel that calls it (draw odds: an ordinary
# call in the innermost loop cost 8%)
@numba.njit(cache=True, nogil=True, inline="always")
def hand_class_in(
    hand: npt.NDArray[np.int64], ranks: npt.NDArray[np.int64], binom: npt.NDArray[np.int64]
) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """:func:`hand_class`, sorting the ranks in ``ranks`` (five int64s, overwritten):
    a kernel that classes many hands passes one array and allocates none per hand."""
    jokers = 0
    m = 0
    suit = -1
    suited = 1
    for i in range(5):
        c = hand[i]
        if c >= 52:
            jokers += 1
        else:
            r = c >> 2
            j = m
            while j > 0 and ranks[j - 1] > r:
                ranks[j] = ranks[j - 1]
                j -= 1
            ranks[j] = r
            m += 1
            if suit < 0:
                suit = c & 3
            elif suit != (c & 3):
                suited = 0
    index = 0
    for i in range(m):
        index += binom[ranks[i] + i, i + 1]
    return jokers, suited, index
