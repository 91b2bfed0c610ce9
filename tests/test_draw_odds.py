"""Draw odds: exact distributions of the final category (issue: cards, hand values and equity)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from pokerbonus.analysis.draw import best_discard, discard_choices, draw_odds, rank_discards
from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands import Category, evaluate


def brute_force(
    hand: str,
    discard: str,
    deck: int = 52,
    jokers: int = 0,
    wheel: bool = True,
    ranking: str = "modern",
) -> Counter[Category]:
    """Every replacement set through the scalar evaluator, one by one."""
    cards = parse_cards(hand)
    thrown = set(parse_cards(discard))
    kept = [c for c in cards if c not in thrown]
    unseen = [c for c in make_deck(deck, jokers) if c not in cards]
    counts: Counter[Category] = Counter()
    for new in itertools.combinations(unseen, len(thrown)):
        value = evaluate(kept + list(new), "high", wheel=wheel, ranking=ranking, deck=deck)
        assert value.category is not None
        counts[value.category] += 1
    return counts


@pytest.mark.parametrize(
    ("hand", "discard", "deck", "jokers", "wheel", "ranking"),
    [
        ("Ah Ad Kc 9s 2h", "Kc 9s 2h", 52, 0, True, "modern"),
        ("5h 4d 3c 2s Kh", "Kh", 52, 0, True, "modern"),
        ("5h 4d 3c 2s Kh", "Kh", 52, 0, False, "modern"),
        ("Jk 9h 8h 7c Kd", "Kd 7c", 32, 1, True, "modern"),
        ("Ts 9s Qs Jk Ac", "Ac", 32, 2, True, "modern"),
        ("7h 8h 9d Tc Kh", "Kh", 36, 0, True, "archaic"),
        ("Ac Ad Ah 8s 9s", "8s 9s", 40, 2, True, "modern"),
    ],
)
def test_counts_match_brute_force_through_evaluate(
    hand: str, discard: str, deck: int, jokers: int, wheel: bool, ranking: str
) -> None:
    odds = draw_odds(hand, discard, deck=deck, jokers=jokers, wheel=wheel, ranking=ranking)
    expected = brute_force(hand, discard, deck, jokers, wheel, ranking)
    assert odds.outcomes == sum(expected.values())
    assert {c: n for c, n in zip(Category, odds.counts, strict=True) if n} == dict(expected)


def test_pair_drawing_three_known_figures() -> None:
    """The classic table: a pair drawing three in 52 cards makes two pair 16.0 %, trips 11.4 %."""
    odds = draw_odds("Qh Qd 7c 4s 2h", discard="7c 4s 2h")
    assert odds.outcomes == 16215
    assert odds.counts[Category.TWO_PAIR] == 2592
    assert odds.counts[Category.TRIPS] == 1854
    assert odds.counts[Category.FULL_HOUSE] == 165
    assert odds.counts[Category.QUADS] == 45
    assert round(sum(odds.distribution.values()), 12) == 1.0


def test_flush_draw_and_straight_flush_outs() -> None:
    odds = draw_odds("Ks Qs Js Ts 2c", discard="2c")
    assert (odds.counts[Category.STRAIGHT_FLUSH], odds.counts[Category.FLUSH]) == (2, 7)
    assert odds.counts[Category.STRAIGHT] == 6


def test_dead_cards_are_not_drawn() -> None:
    odds = draw_odds("Ks Qs Js Ts 2c", discard="2c", dead="As 9s 3s")
    assert odds.outcomes == 44
    assert odds.counts[Category.STRAIGHT_FLUSH] == 0
    assert odds.counts[Category.FLUSH] == 6


def test_best_discard_by_goal() -> None:
    # Trips: drawing two is better than keeping a kicker for a full house or better.
    assert best_discard("As Ad Ah 7c 2d", goal="full_house").discard == parse_cards("7c 2d")
    # Four to a flush, aiming at a flush: throw the odd card.
    assert best_discard("7h 8h 9h Th 2c", goal="flush").discard == (Card("2c"),)
    # A made straight flush stands pat.
    assert best_discard("7h 8h 9h Th Jh", goal="straight").discard == ()
    # Values per category: the expected value is the weighted sum.
    goal = {"pair": 1.0, "two_pair": 2.0, "trips": 3.0}
    odds = draw_odds("Qh Qd 7c 4s 2h", discard="7c 4s 2h", goal=goal)
    expected = (
        odds.counts[Category.PAIR] + 2 * odds.counts[Category.TWO_PAIR]
        + 3 * odds.counts[Category.TRIPS]
    ) / odds.outcomes  # fmt: skip
    assert odds.value == pytest.approx(expected)


def test_archaic_goal_order() -> None:
    """RULES.md section 2: in the archaic order a straight is below three of a kind."""
    ranked = rank_discards("9c 9d 9h Ts Jh", goal="straight", ranking="archaic", deck=32)
    # Trips already reach the goal (trips beat a straight): standing pat is certain.
    assert ranked[0].discard == () and ranked[0].value == 1.0


def test_discard_choices_count() -> None:
    hand = parse_cards("As Kd Qh Jc 9s")
    assert len(discard_choices(hand, 5)) == 32
    assert len(discard_choices(hand, 3)) == 26
    assert len(rank_discards(hand, goal="pair", max_discard=3)) == 26


@pytest.mark.parametrize(
    ("hand", "discard", "kwargs", "message"),
    [
        ("As Kd Qh", "", {}, "five cards"),
        ("As Kd Qh Jc 9s", "2c", {}, "not in the hand"),
        ("As Kd Qh Jc 2s", "", {"deck": 32}, "not in a 32-card deck"),
        ("As Kd Qh Jc 9s", "", {"dead": "As"}, "both in the hand and dead"),
        ("As Kd Qh Jc 9s", "", {"ranking": "old"}, "unknown ranking"),
    ],
)
def test_bad_input_is_a_clear_error(
    hand: str, discard: str, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidHandError, match=message):
        draw_odds(hand, discard, **kwargs)  # type: ignore[arg-type]


def test_unknown_goal_category() -> None:
    with pytest.raises(InvalidHandError, match="unknown hand category"):
        best_discard("As Kd Qh Jc 9s", goal="royal")
