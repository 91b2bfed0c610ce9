"""Exhaustive counts ("perft") of the hand evaluator: RULES.md sections 1, 2 and 3.

Every kind of five-card hand is built from a rank multiset and a suit pattern;
the number of hands of each kind is counted here with closed-form combinatorics
(never by the evaluator), and every kind goes through the public ``evaluate``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import pytest

from pokerbonus.cards import DECK_SIZES, Card, make_deck
from pokerbonus.hands import Category, evaluate

C = Category


def kinds(low: int = 0) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Each kind of five-card hand of a deck whose lowest rank is ``low``:
    a representative hand and how many hands of the deck are of that kind."""
    for ranks in combinations_with_replacement(range(low, 13), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        if len(counts) == 5:
            # five different ranks: 4 suited ways, 4**5 - 4 others
            yield tuple(Card(4 * r + 3) for r in ranks), 4
            off = [Card(4 * r + 3) for r in ranks]
            off[0] = Card(4 * ranks[0] + 2)
            yield tuple(off), 4**5 - 4
        else:
            cards = [Card(4 * r + k) for r, n in counts.items() for k in range(n)]
            yield tuple(cards), prod(comb(4, n) for n in counts.values())


def expected_hands(m: int) -> dict[Category, int]:
    """Hands per category in a deck of ``m`` ranks of four suits, the ace also low."""
    straights = m - 3  # m - 4 windows inside the ranks, plus the ace-low one
    no_pair_rank_sets = comb(m, 5) - straights
    return {
        C.STRAIGHT_FLUSH: 4 * straights,
        C.QUADS: m * (m - 1) * 4,
        C.FULL_HOUSE: m * 4 * (m - 1) * 6,
        C.FLUSH: 4 * no_pair_rank_sets,
        C.STRAIGHT: straights * (4**5 - 4),
        C.TRIPS: m * 4 * comb(m - 1, 2) * 16,
        C.TWO_PAIR: comb(m, 2) * 36 * (m - 2) * 4,
        C.PAIR: m * 6 * comb(m - 1, 3) * 64,
        C.HIGH_CARD: no_pair_rank_sets * (4**5 - 4),
    }


def expected_values(m: int) -> dict[Category, int]:
    """Distinct hand values per category in a deck of ``m`` ranks."""
    straights = m - 3
    return {
        C.STRAIGHT_FLUSH: straights,
        C.QUADS: m * (m - 1),
        C.FULL_HOUSE: m * (m - 1),
        C.FLUSH: comb(m, 5) - straights,
        C.STRAIGHT: straights,
        C.TRIPS: m * comb(m - 1, 2),
        C.TWO_PAIR: comb(m, 2) * (m - 2),
        C.PAIR: m * comb(m - 1, 3),
        C.HIGH_CARD: comb(m, 5) - straights,
    }


def test_section2_perft_7462_values_by_kind() -> None:
    """RULES.md section 2: 7,462 values, the per-category counts, 2,598,960 hands."""
    hands: Counter[Category] = Counter()
    values: dict[Category, set[int]] = {c: set() for c in Category}
    total = 0
    for cards, n in kinds():
        value = evaluate(cards)
        assert value.category is not None
        hands[value.category] += n
        values[value.category].add(value.rank)
        total += n
    assert total == 2_598_960 == comb(52, 5)
    distinct = {c: len(v) for c, v in values.items() if v}
    assert distinct == {
        C.HIGH_CARD: 1277, C.PAIR: 2860, C.TWO_PAIR: 858, C.TRIPS: 858, C.STRAIGHT: 10,
        C.FLUSH: 1277, C.FULL_HOUSE: 156, C.QUADS: 156, C.STRAIGHT_FLUSH: 10,
    }  # fmt: skip
    assert distinct == expected_values(13)
    assert dict(hands) == expected_hands(13)
    assert set().union(*values.values()) == set(range(1, 7463))


def test_section2_shared_rank_bounds() -> None:
    """The shared 1..7462 scheme (docs/CONTRIBUTING-NOTES.md): category bounds."""
    bounds = {
        C.HIGH_CARD: (1, 1277), C.PAIR: (1278, 4137), C.TWO_PAIR: (4138, 4995),
        C.TRIPS: (4996, 5853), C.STRAIGHT: (5854, 5863), C.FLUSH: (5864, 7140),
        C.FULL_HOUSE: (7141, 7296), C.QUADS: (7297, 7452), C.STRAIGHT_FLUSH: (7453, 7462),
    }  # fmt: skip
    seen: dict[Category, list[int]] = {}
    for cards, _ in kinds():
        value = evaluate(cards)
        assert value.category is not None
        seen.setdefault(value.category, []).append(value.rank)
    assert {c: (min(r), max(r)) for c, r in seen.items()} == bounds
    assert evaluate("7s 5d 4c 3h 2s").rank == 1
    assert evaluate("As Ks Qs Js Ts").rank == 7462


def test_section2_perft_all_2598960_hands() -> None:
    """RULES.md section 2: every one of the 2,598,960 hands, one evaluate call each
    (a few seconds: five-card hands of the default game take the table path)."""
    ranks: Counter[int] = Counter(evaluate(h).rank for h in combinations(make_deck(52), 5))
    assert sum(ranks.values()) == 2_598_960
    assert len(ranks) == 7462
    by_category: Counter[Category] = Counter()
    for cards, _ in kinds():
        value = evaluate(cards)
        assert value.category is not None
        by_category[value.category] += ranks.pop(value.rank, 0)
    assert not ranks
    assert dict(by_category) == expected_hands(13)


@pytest.mark.parametrize("deck", [d for d in DECK_SIZES if d < 52])
def test_section1_short_deck_counts(deck: int) -> None:
    """RULES.md section 1: category counts of each short deck, ace low below the
    deck's lowest rank (closed-form counts, not the evaluator)."""
    m = deck // 4
    low = 13 - m
    hands: Counter[Category] = Counter()
    values: dict[Category, set[int]] = {}
    for cards, n in kinds(low):
        value = evaluate(cards, deck=deck)
        assert value.category is not None
        hands[value.category] += n
        values.setdefault(value.category, set()).add(value.rank)
    assert sum(hands.values()) == comb(deck, 5)
    assert dict(hands) == expected_hands(m)
    assert {c: len(v) for c, v in values.items()} == expected_values(m)


@pytest.mark.long
def test_section1_short_deck_32_all_hands() -> None:
    """RULES.md section 1: all 201,376 hands of the 32-card deck, one by one."""
    hands: Counter[Category] = Counter()
    for five in combinations(make_deck(32), 5):
        category = evaluate(five, deck=32).category
        assert category is not None
        hands[category] += 1
    assert dict(hands) == expected_hands(8)


def test_shortdeck_game_dense_ranks() -> None:
    """Short-deck hold'em (36 cards): dense ranks 1..N over its distinct values,
    flush above full house, trips below straight."""
    ranks: dict[int, Category] = {}
    total = 0
    for cards, n in kinds(4):
        value = evaluate(cards, "shortdeck")
        assert value.category is not None
        assert ranks.setdefault(value.rank, value.category) == value.category
        total += n
    assert total == comb(36, 5)
    assert sorted(ranks) == list(range(1, sum(expected_values(9).values()) + 1))
    order = sorted(set(ranks.values()), key=lambda c: min(r for r, k in ranks.items() if k == c))
    assert order == [
        C.HIGH_CARD, C.PAIR, C.TWO_PAIR, C.TRIPS, C.STRAIGHT, C.FULL_HOUSE, C.FLUSH,
        C.QUADS, C.STRAIGHT_FLUSH,
    ]  # fmt: skip


def test_section3_a5_distinct_values() -> None:
    """RULES.md section 3: ace-to-five has one value per rank multiset:
    C(17, 5) - 13 = 6,175 (five of a kind impossible), dense ranks 1..6175."""
    ranks = {evaluate(cards, "a5").rank for cards, _ in kinds()}
    assert len(ranks) == comb(13 + 5 - 1, 5) - 13 == 6175
    assert ranks == set(range(1, 6176))
    assert evaluate("5h 4d 3c 2s Ah", "a5").rank == 6175
    assert evaluate("Kh Kd Kc Ks Qh", "a5").rank == 1


def test_section3_27_distinct_values() -> None:
    """RULES.md section 3: deuce-to-seven has 7,462 values (the high order with no
    wheel: 9 straights and 1,278 no-pair rank sets), dense ranks 1..7462."""
    ranks: Counter[int] = Counter()
    for cards, _ in kinds():
        ranks[evaluate(cards, "27").rank] += 1
    no_pair_sets = comb(13, 5) - 9
    expected = (
        2 * no_pair_sets + 2 * 9 + 13 * 12 * 2 + 13 * comb(12, 2) + 78 * 11 + 13 * comb(12, 3)
    )
    assert len(ranks) == expected == 7462
    assert set(ranks) == set(range(1, 7463))
    assert evaluate("7h 5d 4c 3s 2h", "27").rank == 7462
    assert evaluate("As Ks Qs Js Ts", "27").rank == 1


def test_section3_low8_qualifying_values() -> None:
    """RULES.md section 3: C(8, 5) = 56 qualifying eight-or-better lows; the rest rank 0."""
    ranks = Counter(evaluate(cards, "low8").rank for cards, _ in kinds())
    assert len(ranks) - 1 == comb(8, 5) == 56
    assert 0 in ranks
    a5 = {evaluate(cards, "a5").rank for cards, _ in kinds() if evaluate(cards, "low8").rank}
    assert a5 == set(ranks) - {0}


def test_badugi_distinct_values() -> None:
    """Badugi: 13 + 78 + 286 + 715 = 1,092 values, one per set of ranks and size."""
    ranks: set[int] = set()
    for size in range(1, 5):
        for rank_set in combinations(range(13), size):
            # `size` cards of different suits, padded with cards that repeat both
            # a rank and a suit of them, so the best badugi is exactly those cards
            cards = [Card(4 * r + s) for s, r in enumerate(rank_set)]
            if size == 1:
                pad = [Card(4 * rank_set[0] + s) for s in (1, 2, 3)]
            else:
                pad = [Card(4 * rank_set[(i + 1) % size] + i % size) for i in range(4 - size)]
            value = evaluate(cards + pad, "badugi")
            assert len(value.cards) == size
            ranks.add(value.rank)
    assert ranks == set(range(1, sum(comb(13, k) for k in range(1, 5)) + 1))
    assert len(ranks) == 1092
