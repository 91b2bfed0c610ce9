"""Stud games on stacked decks (RULES.md section 8: antes and a bring-in, suits
break a bring-in tie, later rounds opened by the best hand showing; section 3 for
razz and the eight-or-better split; section 7 for odd chips)."""

from __future__ import annotations

import random

import pytest

from pokerbonus.cards import parse_cards
from pokerbonus.engine import Hand
from pokerbonus.engine.events import BlindPosted, BoardDealt, CardsDealt
from pokerbonus.engine.state import deck_for_hands
from pokerbonus.errors import IllegalActionError
from pokerbonus.rules.catalog import CATALOG, five_card_stud, razz, seven_card_stud, stud_hi_lo

STUD = CATALOG["seven-card-stud"].stakes()  # ante 1, bring-in 1; limit 2/4


def _stud(game: object, hands: list[str], stub: str = "", stacks: int = 100) -> Hand:
    deck = deck_for_hands(hands, dealer=len(hands) - 1, stub=stub)
    assert isinstance(game, type(seven_card_stud()))
    return Hand(game, [stacks] * len(hands), dealer=len(hands) - 1, stakes=STUD, deck=deck)


def test_lowest_up_card_brings_in_and_clubs_break_the_tie() -> None:
    # third cards (up): 2d, 2c, 9h: two deuces, clubs is the lowest suit
    hand = _stud(seven_card_stud(), ["As Ks 2d", "Ah Kh 2c", "Qc Qd 9h"])
    assert [hand.up_cards(s) for s in range(3)] == [parse_cards(c) for c in ("2d", "2c", "9h")]
    assert hand.actor == 1 and hand.pot == 3
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.can_fold, legal.can_check) == (1, False, False)
    assert (legal.min_raise_to, legal.max_raise_to) == (2, 2)  # completion to the small bet
    with pytest.raises(IllegalActionError, match="bring-in"):
        hand.fold()
    assert not hand.can_fold()
    hand.check_or_call()
    assert hand.events[-1] == BlindPosted(1, 1, "bring-in")
    assert hand.actor == 2 and hand.legal_actions().min_raise_to == 2  # complete 1 -> 2


def test_razz_highest_up_card_brings_in_spades_highest() -> None:
    # razz: the ace is low, the king highest; Ks and Kh tie on rank, spades brings in
    hand = _stud(razz(), ["2c 3c Kh", "2d 3d As", "4c 5c Ks"])
    assert hand.actor == 2
    hand.check_or_call()
    assert hand.bets == (0, 0, 1)


def test_completion_counts_as_the_bet_then_raises_by_the_small_bet() -> None:
    hand = _stud(seven_card_stud(), ["As Ks 2d", "Ah Kh 2c", "Qc Qd 9h"])
    hand.check_or_call()  # seat 1 brings in 1
    hand.complete_bet_or_raise_to(2)  # seat 2 completes
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 4
    hand.complete_bet_or_raise_to(4)  # seat 0 raises
    assert hand.actor == 1 and hand.can_fold()  # the bring-in may now fold
    legal = hand.legal_actions()
    assert legal.call_amount == 3 and legal.min_raise_to == 6
    hand.fold()
    hand.check_or_call()
    assert hand.pot == 3 + 1 + 4 + 4 and hand.actor is not None


def test_later_rounds_open_with_the_best_hand_showing_ties_from_the_dealers_left() -> None:
    # fourth street up cards: seat 0 9s 2d (nine high), seat 1 Tc 2h, seat 2 Td 2s:
    # seats 1 and 2 tie on T-2; the first clockwise from the dealer's left (seat 1) opens
    stub = "3c 9s Tc Td"  # burn, then seats 0, 1, 2
    hand = _stud(seven_card_stud(), ["As Ks 2d", "Ah Kh 2h", "Ac Kc 2s"], stub)
    assert hand.actor == 0  # 2d is the lowest of 2d 2h 2s
    hand.check_or_call()
    hand.check_or_call()
    hand.check_or_call()
    assert [len(hand.up_cards(s)) for s in range(3)] == [2, 2, 2]
    assert hand.actor == 1


def test_open_pair_opens_fourth_street() -> None:
    # up cards on fourth street: seat 0 2d 9s, seat 1 3h 3d (a pair), seat 2 2s Ad
    stub = "4c 9s 3d Ad"
    hand = _stud(seven_card_stud(), ["As Ks 2d", "Ah Kh 3h", "Ac Kc 2s"], stub)
    assert hand.actor == 0  # 2d brings in
    for _ in range(3):
        hand.check_or_call()
    assert hand.up_cards(1) == parse_cards("3h 3d")
    assert hand.actor == 1 and hand.legal_actions().can_check


def test_razz_lowest_hand_showing_opens() -> None:
    # fourth street: seat 0 K 4 (king high), seat 1 7 3, seat 2 A A (pair: bad)
    stub = "Qc 4d 3h Ah"
    hand = _stud(razz(), ["2c 3c Kh", "2d 5d 7s", "4c 5c As"], stub)
    assert hand.actor == 0  # Kh brings in
    for _ in range(3):
        hand.check_or_call()
    assert hand.actor == 1


def test_stud_hi_lo_odd_chip_goes_to_the_high_half() -> None:
    # seat 0 brings in (2c), seat 1 calls, seat 2 folds: pot 3 antes + 2 = 5.
    # Seat 0 makes the low (8-6-4-3-2 ... A), seat 1 the high (three kings).
    stub = "Jc 3d Kd Jh 4s Qc Js 6h Qd Qh 8d 9c"
    hand = _stud(stud_hi_lo(), ["Ac 5h 2c", "Kh Ks 9d", "Th Ts Tc"], stub)
    assert hand.actor == 0
    hand.check_or_call()
    hand.check_or_call()
    hand.fold()
    while not hand.finished:
        hand.check_or_call()
    (pot,) = hand.pot_results
    assert pot.amount == 5 and pot.winners == (1,) and pot.low_winners == (0,)
    assert hand.stacks == (100 - 2 + 2, 100 - 2 + 3, 99)


def test_eight_players_share_a_last_card_when_the_deck_runs_short() -> None:
    # 8 x 3 + 3 x (burn + 8) = 51 cards: one left, dealt face up to the middle
    rng = random.Random(5)
    hand = Hand(seven_card_stud(), [100] * 8, dealer=7, stakes=STUD, rng=rng)
    while not hand.finished:
        hand.check_or_call()
    assert len(hand.board) == 1 and hand.stub_size == 0
    assert all(len(cards) == 6 for cards in hand.shown.values())
    assert [e.cards for e in hand.events if isinstance(e, BoardDealt)] == [hand.board]
    assert sum(hand.stacks) == 800


def test_views_show_up_cards_to_everyone_and_down_cards_to_the_owner() -> None:
    hand = _stud(seven_card_stud(), ["As Ks 2d", "Ah Kh 2c", "Qc Qd 9h"])
    view = hand.view(0)
    assert view.hole == parse_cards("As Ks 2d")
    assert view.up_cards == (parse_cards("2d"), parse_cards("2c"), parse_cards("9h"))
    dealt = [e for e in view.log if isinstance(e, CardsDealt) and e.seat == 1]
    assert [(e.face, e.cards) for e in dealt] == [("down", ()), ("up", parse_cards("2c"))]
    spectator = hand.view(None)
    assert spectator.hole == () and spectator.up_cards == view.up_cards


def test_five_card_stud_one_down_four_up() -> None:
    hand = Hand(five_card_stud(), [50, 50], dealer=1, stakes=STUD, rng=random.Random(2))
    assert [len(hand.hole_cards(s)) for s in range(2)] == [2, 2]
    while not hand.finished:
        hand.check_or_call()
    assert all(len(hand.up_cards(s)) == 4 for s in range(2)) and sum(hand.stacks) == 100
