"""Per-seat views: a seat sees its own cards, counts of others', public cards and
the public log, and nothing else (STYLE.md habit 4; RULES.md section 5)."""

from __future__ import annotations

import dataclasses

import pytest

from pokerbonus.cards import Card, parse_cards
from pokerbonus.engine import Hand, SeatView, deck_for_hands
from pokerbonus.engine.events import CardBurned, CardsDealt, CardsServed, Drew
from pokerbonus.errors import PokerError
from pokerbonus.rules import FIVE_CARD_DRAW

HANDS = ["7c 7d 7h 7s 8c", "8d 8h 8s 9c 9d", "9h 9s Tc Td Th"]
STUB = "Ts Jc Jd Jh Js Qc Qd Qh"


def cards_in(value: object) -> set[Card]:
    """Every card anywhere inside a view (fields, tuples, events)."""
    found: set[Card] = set()
    stack: list[object] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
    return found


def new_hand() -> Hand:
    deck = deck_for_hands(HANDS, dealer=0, stub=STUB, deck_size=32)
    return Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0, deck=deck)


def test_s5_a_seat_sees_its_cards_and_only_counts_of_the_others() -> None:
    hand = new_hand()
    view = hand.view(1)
    assert isinstance(view, SeatView)
    assert view.hole == parse_cards(HANDS[1])
    assert view.card_counts == (5, 5, 5)
    assert cards_in(view) == set(parse_cards(HANDS[1]))
    dealt = [e for e in view.log if isinstance(e, CardsDealt)]
    assert [(e.seat, len(e.cards), e.count) for e in dealt] == [(1, 5, 5), (2, 0, 5), (0, 0, 5)]
    assert view.legal is not None and view.legal.seat == 1
    assert hand.view(2).legal is None


def test_spectator_sees_no_private_card() -> None:
    hand = new_hand()
    view = hand.view(None)
    assert view.hole == () and cards_in(view) == set()
    with pytest.raises(PokerError, match="seat 3"):
        hand.view(3)


def test_s5_how_many_cards_each_player_drew_is_public_not_which() -> None:
    hand = new_hand()
    for _ in range(3):
        hand.check_or_call()
    hand.discard(parse_cards("8d 8h 8s 9c"))  # seat 1 takes four
    hand.discard(parse_cards("9h 9s"))
    hand.discard(parse_cards("8c"))
    view = hand.view(2)
    drew = [(e.seat, e.cards, e.count) for e in view.log if isinstance(e, Drew)]
    assert drew == [(1, (), 4), (2, parse_cards("9h 9s"), 2), (0, (), 1)]
    served = [(e.seat, len(e.cards), e.count) for e in view.log if isinstance(e, CardsServed)]
    assert served == [(1, 0, 3), (2, 2, 2), (0, 0, 1), (1, 0, 1)]
    mine = set(parse_cards(HANDS[2])) | set(parse_cards("Jh Js"))
    assert cards_in(view) == mine
    assert view.card_counts == (5, 5, 5)


def test_burned_card_is_seen_by_nobody() -> None:
    hand = new_hand()
    for _ in range(3):
        hand.check_or_call()
    hand.stand_pat()
    hand.stand_pat()
    hand.discard(parse_cards("7c 7d 7h 7s"))  # the last served takes four: a burn
    burned = [e.card for e in hand.events if isinstance(e, CardBurned)]
    assert burned == list(parse_cards("Jh"))  # served Ts Jc Jd, burned Jh, then Js
    for seat in (None, 0, 1, 2):
        view = hand.view(seat)
        burns = [e for e in view.log if isinstance(e, CardBurned)]
        assert burns == [CardBurned(None)]
        assert parse_cards("Jh")[0] not in cards_in(view)


def test_s5_shown_hands_are_public_folded_hands_never() -> None:
    hand = new_hand()
    hand.complete_bet_or_raise_to(5)  # seat 1
    hand.fold()  # seat 2
    hand.check_or_call()  # seat 0
    hand.stand_pat()
    hand.stand_pat()
    hand.check_or_call()
    hand.check_or_call()
    assert hand.finished
    spectator = hand.view(None)
    assert dict(spectator.shown) == {0: parse_cards(HANDS[0]), 1: parse_cards(HANDS[1])}
    assert cards_in(spectator) == set(parse_cards(HANDS[0] + " " + HANDS[1]))
    assert not set(parse_cards(HANDS[2])) & cards_in(hand.view(0))
    assert spectator.finished and spectator.pot_results == hand.pot_results
