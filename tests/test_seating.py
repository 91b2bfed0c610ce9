"""Tests for seats, the draw for the first deal and the deal passing (RULES.md section 5)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pokerbonus.cards import Card, parse_cards
from pokerbonus.engine.seating import (
    DrawRound,
    deal_order,
    draw_first_dealer,
    draw_seats,
    next_dealer,
)
from pokerbonus.errors import ConfigurationError, InvalidCardError


def stacked(*decks: str) -> list[tuple[Card, ...]]:
    return [parse_cards(d) for d in decks]


def test_section5_seats_are_drawn_at_random() -> None:
    """RULES.md section 5: seats are drawn at random (every seat reachable, evenly)."""
    rng = random.Random(5)
    names = ["ann", "bob", "cy", "dee"]
    first_seat = Counter(draw_seats(names, rng)[0] for _ in range(4000))
    assert set(first_seat) == set(names)
    assert all(800 < n < 1200 for n in first_seat.values())
    assert sorted(draw_seats(names, rng)) == sorted(names)


def test_seat_draw_refuses_duplicate_names() -> None:
    with pytest.raises(ConfigurationError, match="players: names must be distinct"):
        draw_seats(["ann", "ann"], random.Random(1))


def test_section5_highest_card_deals_first() -> None:
    """RULES.md section 5: each player draws a card; the highest deals first."""
    draw = draw_first_dealer(4, decks=stacked("9c Th Kd 8s"))
    assert draw.dealer == 2
    assert len(draw.rounds) == 1


def test_section5_tie_for_highest_draws_again_ranks_only() -> None:
    """RULES.md section 5: players tied for highest draw again; suits never rank."""
    # seats 1 and 3 tie with aces (the spade does not beat the club); seat 0's
    # queen is out of the re-draw even though it beats both re-drawn cards.
    draw = draw_first_dealer(
        4,
        decks=stacked("Qs Ac 9d As", "8h 8d", "7c Jh"),
    )
    assert [r.seats for r in draw.rounds] == [(0, 1, 2, 3), (1, 3), (1, 3)]
    assert draw.rounds[1].cards == parse_cards("8h 8d")
    assert draw.dealer == 3


def test_draw_ignores_jokers_and_reports_exhausted_stacks() -> None:
    draw = draw_first_dealer(2, decks=stacked("Jk 2c 3c"))
    assert draw.rounds[0].cards == parse_cards("2c 3c") and draw.dealer == 1
    with pytest.raises(InvalidCardError, match="stacked decks ran out after 1 rounds"):
        draw_first_dealer(2, decks=stacked("Ac Ad"))
    with pytest.raises(InvalidCardError, match="1 cards"):
        draw_first_dealer(2, decks=stacked("Ac"))


def test_draw_with_rng_is_fair_between_seats() -> None:
    rng = random.Random(17)
    dealers = Counter(draw_first_dealer(5, rng, deck_size=32).dealer for _ in range(5000))
    assert set(dealers) == set(range(5))
    assert all(850 < n < 1150 for n in dealers.values())


def test_draw_round_highest_seats() -> None:
    r = DrawRound(seats=(0, 1, 2), cards=parse_cards("Kc Ks Kh"))
    assert r.highest_seats == (0, 1, 2)


def test_section5_deal_passes_clockwise() -> None:
    """RULES.md section 5: the deal then passes clockwise (seat numbers grow clockwise)."""
    dealer = 2
    order = []
    for _ in range(6):
        dealer = next_dealer(dealer, seats=5)
        order.append(dealer)
    assert order == [3, 4, 0, 1, 2, 3]
    # a seat sitting out is skipped
    assert next_dealer(2, seats=5, eligible={0, 2, 4}) == 4
    assert next_dealer(4, seats=5, eligible={0, 2, 4}) == 0
    assert next_dealer(4, seats=5, eligible={4}) == 4
    with pytest.raises(ConfigurationError, match="eligible"):
        next_dealer(0, seats=3, eligible={7})


def test_section5_cards_are_dealt_from_the_dealers_left_dealer_last() -> None:
    """RULES.md section 5: dealt clockwise starting left of the dealer; the dealer last."""
    assert deal_order(dealer=0, seats=4) == (1, 2, 3, 0)
    assert deal_order(dealer=3, seats=4) == (0, 1, 2, 3)
    assert deal_order(dealer=1, seats=6, in_hand={0, 1, 5}) == (5, 0, 1)
