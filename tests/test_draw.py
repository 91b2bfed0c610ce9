"""The draw of the French five-card draw (RULES.md section 5, "The draw")."""

from __future__ import annotations

import random

import pytest

from pokerbonus.cards import format_cards, make_deck, parse_cards
from pokerbonus.engine import Hand, deck_for_hands, stacked_deck
from pokerbonus.engine.events import CardBurned, CardsServed, Drew, StubReshuffled
from pokerbonus.errors import IllegalActionError
from pokerbonus.rules import FIVE_CARD_DRAW, five_card_draw

HANDS = ["7c 7d 7h 7s 8c", "8d 8h 8s 9c 9d", "9h 9s Tc Td Th"]
STUB = "Ts Jc Jd Jh Js Qc Qd Qh"


def at_the_draw(max_discard: int = 3) -> Hand:
    """Three players, seat 0 deals, so the deal and the draw go 1, 2, 0."""
    game = five_card_draw(max_discard=max_discard)
    deck = deck_for_hands(HANDS, dealer=0, stub=STUB, deck_size=32)
    hand = Hand(game, [100, 100, 100], dealer=0, deck=deck)
    for seat in (1, 2, 0):
        assert hand.actor == seat
        hand.check_or_call()
    assert hand.decision == "draw" and hand.actor == 1
    return hand


def held(hand: Hand, seat: int) -> str:
    return format_cards(hand.hole_cards(seat))


def served(hand: Hand) -> list[tuple[int, str]]:
    return [(e.seat, format_cards(e.cards)) for e in hand.events if isinstance(e, CardsServed)]


def test_s5_deal_one_card_at_a_time_from_the_left_of_the_dealer() -> None:
    hand = at_the_draw()
    for seat, cards in enumerate(HANDS):
        assert held(hand, seat) == cards
    assert hand.stub_size == 32 - 15


def test_s5_draw_served_at_once_in_order_from_left_of_dealer() -> None:
    hand = at_the_draw()
    hand.discard(parse_cards("8d 9d"))
    assert hand.actor == 2
    hand.stand_pat()
    hand.discard(parse_cards("8c 7c 7d"))
    assert served(hand) == [(1, "Ts Jc"), (0, "Jd Jh Js")]
    assert held(hand, 1) == "8h 8s 9c Ts Jc"
    assert held(hand, 0) == "7h 7s Jd Jh Js"
    drew = [(e.seat, e.count) for e in hand.events if isinstance(e, Drew)]
    assert drew == [(1, 2), (2, 0), (0, 3)]
    assert hand.decision == "bet" and hand.actor == 1


def test_s5_at_most_three_cards_unless_taking_four() -> None:
    hand = at_the_draw()
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="at most 4 cards, not 5"):
        hand.discard(hand.hole_cards(1))
    with pytest.raises(IllegalActionError, match="does not hold Qh"):
        hand.discard(parse_cards("Qh"))
    assert hand.snapshot() == before
    legal = hand.legal_actions()
    assert legal.max_discard == 4 and legal.can_take_four


def test_s5_four_card_exchange_fourth_card_after_everyone_else() -> None:
    hand = at_the_draw()
    hand.discard(parse_cards("8d 8h 8s 9c"))  # seat 1 takes four
    assert served(hand) == [(1, "Ts Jc Jd")]
    assert hand.actor == 2 and not hand.legal_actions().can_take_four
    with pytest.raises(IllegalActionError, match="another player already did"):
        hand.discard(parse_cards("9h 9s Tc Td"))
    hand.discard(parse_cards("9h 9s"))
    hand.discard(parse_cards("8c"))
    assert served(hand) == [(1, "Ts Jc Jd"), (2, "Jh Js"), (0, "Qc"), (1, "Qd")]
    assert held(hand, 1) == "9d Ts Jc Jd Qd"
    assert hand.decision == "bet"


def test_s5_four_card_exchange_last_served_burns() -> None:
    hand = at_the_draw()
    hand.stand_pat()
    hand.discard(parse_cards("9h"))  # seat 2 gets Ts
    hand.discard(parse_cards("7c 7d 7h 7s"))  # seat 0, the dealer, is served last
    assert served(hand) == [(2, "Ts"), (0, "Jc Jd Jh"), (0, "Qc")]
    burned = [e.card for e in hand.events if isinstance(e, CardBurned)]
    assert tuple(burned) == parse_cards("Js")
    assert held(hand, 0) == "8c Jc Jd Jh Qc"
    # The burned card lies under the pack: gathered last.
    assert hand.gathered_cards()[-1] == parse_cards("Js")[0]


def test_s5_house_option_max_discard_five() -> None:
    hand = at_the_draw(max_discard=5)
    legal = hand.legal_actions()
    assert legal.max_discard == 5 and not legal.can_take_four
    hand.discard(hand.hole_cards(1))
    assert served(hand) == [(1, "Ts Jc Jd Jh Js")]
    hand.discard(parse_cards("9h 9s Tc Td"))  # four, served at once too: no fourth rule
    assert served(hand)[-1] == (2, "Qc Qd Qh Qs")
    hand.discard(parse_cards("7c 7d 7h 7s"))  # and anyone may take four
    assert served(hand)[-1] == (0, "Kc Kd Kh Ks")


def test_s5_stub_exhaustion_reshuffles_the_discards_gathered_so_far() -> None:
    # Six players with a 32-card deck: 30 cards dealt, a stub of two (Ah, As).
    game = five_card_draw(deck_size=32)
    deck = stacked_deck((), 32)
    hand = Hand(game, [100] * 6, dealer=0, deck=deck, rng=random.Random(5))
    for _ in range(6):
        hand.check_or_call()
    first = hand.hole_cards(1)[:2]
    hand.discard(first)  # seat 1 empties the stub
    assert served(hand) == [(1, "Ah As")]
    with pytest.raises(IllegalActionError, match="only 2 cards are left to draw"):
        hand.discard(hand.hole_cards(2)[:3])  # its own discards cannot come back
    own = hand.hole_cards(2)[:2]
    hand.discard(own)
    expected = list(first)
    random.Random(5).shuffle(expected)
    assert StubReshuffled(2) in hand.events
    assert served(hand)[-1] == (2, format_cards([expected[-1], expected[-2]]))
    assert not set(own) & set(hand.hole_cards(2))
    # Every card is still somewhere, exactly once.
    assert sorted(hand.gathered_cards()) == sorted(make_deck(32))


def test_s5_draw_skips_folded_players() -> None:
    deck = deck_for_hands(HANDS, dealer=0, stub=STUB, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0, deck=deck)
    hand.complete_bet_or_raise_to(5)
    hand.fold()
    hand.check_or_call()
    assert hand.decision == "draw" and hand.actor == 1
    hand.stand_pat()
    assert hand.actor == 0


def test_discard_reads_an_iterator_once() -> None:
    # A card not held, given through a generator, is refused (not taken for "stand pat").
    hand = Hand(five_card_draw(), [20, 20], dealer=0, deck=stacked_deck((), 32))
    hand.check_or_call()
    hand.check_or_call()
    seat = hand.actor
    assert seat is not None
    foreign = next(c for c in hand.deck_order if c not in hand.hole_cards(seat))
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="does not hold"):
        hand.discard(c for c in [foreign])
    assert hand.snapshot() == before
    kept = hand.hole_cards(seat)
    hand.discard(c for c in kept[:2])
    assert hand.hole_cards(seat)[:3] == kept[2:]
