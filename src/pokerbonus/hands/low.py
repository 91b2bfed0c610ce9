"""Low hands (RULES.md section 3) and badugi: ace-to-five, deuce-to-seven, eight-or-better.

Ranks are dense (1 = weakest) over the distinct values of five-card hands of a
52-card deck, as the shared scheme of the contributor notes says; greater is a
better low.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokerbonus.hands.category import Category
from pokerbonus.hands.high import (
    RANK_KEYS,
    HighRules,
    display_order,
    five_card_classes,
    high5,
    rank_multisets,
)

__all__ = [
    "A5_COUNT",
    "BADUGI_COUNT",
    "a5_key",
    "a5_rank",
    "badugi_best",
    "badugi_rank",
    "best_27",
    "best_a5",
    "deuce_to_seven_rank",
]

C = Category
ACE: Final = 12
WHEEL_OFF: Final = HighRules(wheel=False)

_SHAPES: Final = {
    (1, 1, 1, 1, 1): C.HIGH_CARD,
    (2, 1, 1, 1): C.PAIR,
    (2, 2, 1): C.TWO_PAIR,
    (3, 1, 1): C.TRIPS,
    (3, 2): C.FULL_HOUSE,
    (4, 1): C.QUADS,
}


def low_rank(rank: int) -> int:
    """A rank counted ace low: ace 0, two 1, ..., king 12."""
    return 0 if rank == ACE else rank + 1


def a5_key(ranks: Sequence[int]) -> tuple[Category, tuple[int, ...]]:
    """The ace-to-five badness of five ranks (smaller is a better low).

    Pairs are bad: no pair < one pair < two pair < trips < full house < quads,
    then the groups (largest first) compare from the highest card down, ace low.

    >>> a5_key([3, 2, 1, 0, 12])  # 5-4-3-2-A, the best low
    (<Category.HIGH_CARD: 0>, (4, 3, 2, 1, 0))
    """
    counts: dict[int, int] = {}
    for r in ranks:
        lr = low_rank(r)
        counts[lr] = counts.get(lr, 0) + 1
    groups = sorted(((n, lr) for lr, n in counts.items()), reverse=True)
    return _SHAPES[tuple(n for n, _ in groups)], tuple(lr for _, lr in groups)


def _a5_table() -> dict[int, int]:
    """The ace-to-five ranks by the sum of the :data:`RANK_KEYS` of five ranks: the
    install's file as it is (no multiset to list or rate), else rated here."""
    from pokerbonus.hands.five import stored_tables  # five builds on this module

    stored = stored_tables("a5")
    if stored is not None and len(stored[0]) == A5_COUNT:
        return stored[0]
    badness = {ranks: a5_key(ranks) for ranks in rank_multisets(5)}
    ordered = sorted(set(badness.values()), reverse=True)
    dense = {key: i for i, key in enumerate(ordered, start=1)}
    return {sum(RANK_KEYS[r] for r in ranks): dense[key] for ranks, key in badness.items()}


_A5: dict[int, int] = {}
A5_COUNT: Final = 6175  # rank multisets of five with at most four of a kind
BADUGI_COUNT: Final = 13 + 78 + 286 + 715


def a5_rank(ranks: Sequence[int]) -> int:
    """The shared ace-to-five rank of five ranks (1 = worst, 6175 = 5-4-3-2-A)."""
    if not _A5:
        _A5.update(_a5_table())
    keys = RANK_KEYS
    a, b, c, d, e = ranks
    return _A5[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]]


def best_a5(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best ace-to-five five of ``cards``: ``(rank, five cards)``."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for five in combinations(cards, 5):
        rank = a5_rank([c >> 2 for c in five])
        if rank > best[0]:
            best = (rank, five)
    return best


_DEUCE: dict[int, int] = {}


def deuce_to_seven_rank(five: Sequence[int]) -> int:
    """The shared deuce-to-seven rank of five cards (1 = royal flush, 7462 = 7-5-4-3-2).

    The reverse of the high order with the ace only high (no wheel straight).
    """
    if not _DEUCE:
        keys = sorted({key for _, _, key in five_card_classes(WHEEL_OFF)}, reverse=True)
        _DEUCE.update({key: i for i, key in enumerate(keys, start=1)})
    return _DEUCE[high5(five, WHEEL_OFF)[0]]


def best_27(cards: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The best deuce-to-seven five of ``cards``: ``(rank, five cards)``."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for five in combinations(cards, 5):
        rank = deuce_to_seven_rank(five)
        if rank > best[0]:
            best = (rank, five)
    return best


def a5_display(five: Sequence[int]) -> tuple[Category, list[int]]:
    """Category and display order (groups first, then highest down, ace low) of a low."""
    category, _ = a5_key([c >> 2 for c in five])
    counts: dict[int, int] = {}
    for c in five:
        counts[c >> 2] = counts.get(c >> 2, 0) + 1
    ordered = sorted(five, key=lambda c: (counts[c >> 2], low_rank(c >> 2), c), reverse=True)
    return category, ordered


def deuce_display(five: Sequence[int]) -> tuple[Category, list[int], list[int]]:
    """Category, display order and played ranks of a deuce-to-seven hand."""
    _, category, played = high5(five, WHEEL_OFF)
    order = display_order(five, category, played)
    return category, [five[i] for i in order], [played[i] for i in order]


def badugi_best(cards: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The best badugi of ``cards``: ``(key, cards used, highest first)``.

    More cards is better; among badugis of the same size the lower one wins,
    compared from the highest card down (ace low). The key is
    ``(size, negated ace-low ranks, highest first)``: greater is better.
    """
    best_key: tuple[int, ...] = ()
    best_cards: tuple[int, ...] = ()
    for size in range(len(cards), 0, -1):
        for part in combinations(cards, size):
            if len({c >> 2 for c in part}) < size or len({c & 3 for c in part}) < size:
                continue
            ordered = tuple(sorted(part, key=lambda c: (low_rank(c >> 2), c), reverse=True))
            key = (size, *(-low_rank(c >> 2) for c in ordered))
            if key > best_key:
                best_key, best_cards = key, ordered
        if best_key:
            break
    return best_key, best_cards


_BADUGI: dict[tuple[int, ...], int] = {}


def badugi_rank(key: tuple[int, ...]) -> int:
    """Dense badugi rank (1 = worst one-card hand, 1092 = 4-3-2-A) of a badugi key."""
    if not _BADUGI:
        keys = [
            (size, *(-r for r in sorted(part, reverse=True)))
            for size in range(1, 5)
            for part in combinations(range(13), size)
        ]
        _BADUGI.update({k: i for i, k in enumerate(sorted(keys), start=1)})
    return _BADUGI[key]
