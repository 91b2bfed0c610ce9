"""HandValue behaviour and the agreement of the fast path with the general one."""

from __future__ import annotations

import pickle
import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.errors import InvalidHandError, PokerError
from pokerbonus.hands import Category, HandValue, evaluate
from pokerbonus.hands.high import (
    HIGH_DENSE,
    KEY_LIMIT,
    RANK_KEYS,
    best_high,
    high5,
    rank_multisets,
)

DECK = make_deck(52)


def test_values_compare_within_a_game() -> None:
    """Greater is stronger; equal ranks are ties with equal hashes."""
    a = evaluate("As Ad Kc 7h 2d")
    b = evaluate("Ah Ac Kd 7s 2c")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a < evaluate("As Ad Kc 8h 2d") <= evaluate("As Ad Kc 8h 2d")
    assert a != evaluate("As Ad Kc 8h 2d")


def test_values_of_different_games_do_not_order() -> None:
    """Ordering values of two games raises TypeError; == between them is false."""
    high = evaluate("7h 5d 4c 3s 2h")
    low = evaluate("7h 5d 4c 3s 2h", "a5")
    with pytest.raises(TypeError, match="'high' and 'a5'"):
        _ = high < low
    with pytest.raises(TypeError):
        _ = high >= low
    assert high != low
    with pytest.raises(TypeError):
        _ = high < 3


def test_values_are_read_only_and_pickle() -> None:
    value = evaluate("Ks Kd 8c 8h Ts 3c 2d")
    with pytest.raises(AttributeError):
        value.rank = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        value.extra = 1  # type: ignore[attr-defined]
    again = pickle.loads(pickle.dumps(value))
    assert again == value
    assert again.description == "two pair, kings and eights, ten kicker"
    assert repr(value) == "HandValue('high', 4816, 'two pair, kings and eights, ten kicker')"
    assert str(value) == value.description


def test_cards_are_the_five_played() -> None:
    value = evaluate("2c 9d Ks Kd 8c 8h Ts")
    assert [str(c) for c in value.cards] == ["Ks", "Kd", "8h", "8c", "Ts"]
    assert all(isinstance(c, Card) for c in value.cards)
    assert value.category == Category.TWO_PAIR


def test_input_forms_agree() -> None:
    """Text, lists, tuples of cards, ints or tokens all give the same value."""
    text = "As Kd Qh 7c 2d 3c 9s"
    cards = tuple(Card(t) for t in text.split())
    expected = evaluate(text)
    assert evaluate(cards) == expected
    assert evaluate(list(cards)) == expected
    assert evaluate(tuple(int(c) for c in cards)) == expected
    assert evaluate(text.split()) == expected
    assert evaluate(c for c in cards) == expected
    assert evaluate(text, "high:deck=52") == expected
    indices = np.array([int(c) for c in cards])  # numpy's default int64
    assert evaluate(indices) == expected
    assert evaluate(tuple(indices)) == expected  # np.int64 scalars, the fast path's input
    assert evaluate(tuple(indices)).cards == expected.cards
    assert evaluate(indices.astype(np.uint8), "a5") == evaluate(text, "a5")


@settings(max_examples=300, deadline=None)
@given(st.integers(5, 7), st.randoms(use_true_random=False))
def test_fast_path_matches_best_of_combinations(n: int, rnd: random.Random) -> None:
    """The table path (tuples of cards) equals the best of all five-card subsets
    rated one by one, and the rank scheme with packed keys."""
    cards = tuple(rnd.sample(DECK, n))
    value = evaluate(cards)
    key, category, _, _ = best_high(cards)
    assert value.rank == HIGH_DENSE[key]
    assert value.category == category
    assert max(HIGH_DENSE[high5(five)[0]] for five in combinations(cards, 5)) == value.rank


@settings(max_examples=200, deadline=None)
@given(st.integers(5, 7), st.randoms(use_true_random=False))
def test_fast_path_refuses_repeated_cards(n: int, rnd: random.Random) -> None:
    """A tuple holding a card twice (or more) is refused, whatever its place."""
    cards = list(rnd.sample(DECK, n))
    repeat = rnd.randrange(2, n + 1)
    for i in rnd.sample(range(n), repeat - 1):
        cards[i] = cards[rnd.randrange(n)]
    if len(set(cards)) == n:
        cards[0] = cards[1]
    with pytest.raises(InvalidHandError, match="duplicate card"):
        evaluate(tuple(cards))


def test_value_explanation_is_consistent() -> None:
    """The cards played re-evaluate to the same value."""
    rnd = random.Random(7)
    for _ in range(200):
        cards = tuple(rnd.sample(DECK, 7))
        value = evaluate(cards)
        assert evaluate(value.cards) == value
        assert isinstance(value, HandValue)


def test_fast_path_values_behave_as_the_general_ones() -> None:
    """Values from Card tuples and lists (the fast path) equal, hash, order, pickle
    and stay read-only like the values of parsed text."""
    text = "Ks Kd 8c 8h Ts 3c 2d"
    cards = tuple(Card(t) for t in text.split())
    for fast in (evaluate(cards), evaluate(list(cards)), evaluate(cards[:5])):
        slow = evaluate(" ".join(str(c) for c in fast.explain().cards))
        assert fast == slow and hash(fast) == hash(slow) and not fast < slow
        assert fast.game == "high" and isinstance(fast, HandValue)
        with pytest.raises(AttributeError):
            fast._game = "a5"
        with pytest.raises(AttributeError):
            fast.extra = 1  # type: ignore[attr-defined]
        again = pickle.loads(pickle.dumps(fast))
        assert again == fast and again.description == fast.description
    with pytest.raises(TypeError, match="'high' and 'a5'"):
        _ = evaluate(cards) < evaluate(cards, "a5")


def test_fast_path_refuses_jokers_and_unknown_items() -> None:
    """Jokers, out-of-range ints and tokens leave the fast path: the general one
    rates the joker hand or raises the proper error."""
    base = parse_cards("As Kd Qh 7c 2d 3c")
    assert evaluate((*base, Card(52))).game == "high:jokers"
    assert evaluate((*base, Card(52))) == evaluate("As Kd Qh 7c 2d 3c Jk")
    assert evaluate((*base, "9s")) == evaluate("As Kd Qh 7c 2d 3c 9s")
    for bad in (54, -1, -57, 1 << 40, None):
        with pytest.raises(PokerError):
            evaluate((*base, bad))  # type: ignore[arg-type]
        with pytest.raises(PokerError):
            evaluate((*base[:4], bad))  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_rank_keys_are_unique_per_size(size: int) -> None:
    """The sums of RANK_KEYS over rank multisets of one size never collide, and
    all of them stay below KEY_LIMIT (the seven-card table's length)."""
    sums = [sum(RANK_KEYS[r] for r in ranks) for ranks in rank_multisets(size)]
    assert len(set(sums)) == len(sums)
    assert max(sums) < KEY_LIMIT
