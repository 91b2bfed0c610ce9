"""Forced bets of the French draw (RULES.md section 5): the pot game and its
buying of the pot, the blind game, surblinds and the all-pass rule."""

from __future__ import annotations

import pytest

from pokerbonus.cards import default_deck_size
from pokerbonus.engine import Hand, stacked_deck
from pokerbonus.engine.events import AllPassed, AntePosted, BlindPosted, Declined, PotBought
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes


def new_hand(stacks: list[int], dealer: int, stakes: Stakes) -> Hand:
    deck = stacked_deck((), default_deck_size(len(stacks)))
    return Hand(FIVE_CARD_DRAW, stacks, dealer=dealer, stakes=stakes, deck=deck)


def betting_order_when_all_check(hand: Hand) -> list[int]:
    order = []
    while hand.decision == "bet":
        assert hand.actor is not None
        order.append(hand.actor)
        hand.check_or_call()
    return order


def stand_pat_all(hand: Hand) -> None:
    while hand.decision == "draw":
        hand.stand_pat()


def test_s5_pot_game_everyone_antes_first_left_of_dealer_opens() -> None:
    hand = new_hand([100, 100, 100], dealer=1, stakes=Stakes.pot_game(ante=2))
    assert [e.seat for e in hand.events if isinstance(e, AntePosted)] == [2, 0, 1]
    assert hand.pot == 6 and hand.stacks == (98, 98, 98)
    assert hand.actor == 2 and hand.decision == "bet"
    legal = hand.legal_actions()
    assert legal.can_check and not legal.can_fold and legal.call_amount is None
    assert legal.min_raise_to == 2  # the minimum opening is the ante


def test_s5_minimum_opening_is_the_ante() -> None:
    hand = new_hand([100, 100, 100], dealer=0, stakes=Stakes.pot_game(ante=3))
    with pytest.raises(IllegalActionError, match=r"must be 3\.\.97"):
        hand.complete_bet_or_raise_to(2)
    hand.complete_bet_or_raise_to(3)
    assert hand.bets == (0, 3, 0)


def test_s4_short_stack_antes_all_in() -> None:
    hand = new_hand([1, 100, 100], dealer=0, stakes=Stakes.pot_game(ante=2))
    assert hand.stacks == (0, 98, 98) and hand.pot == 5
    assert betting_order_when_all_check(hand) == [1, 2]  # the all-in seat 0 is skipped


def test_s5_buying_the_pot_doubles_it_and_buyer_speaks_last_in_both_rounds() -> None:
    hand = new_hand([100, 100, 100], dealer=0, stakes=Stakes.pot_game(2, buy_pot=True))
    assert hand.actor == 1 and hand.decision == "buy_pot"
    assert hand.legal_actions().offer_amount == 6
    assert hand.hole_cards(1) == ()  # decided before looking: no card dealt yet
    hand.buy_pot()
    assert [e for e in hand.events if isinstance(e, PotBought)] == [PotBought(1, 6)]
    assert hand.pot == 12 and hand.stacks == (98, 92, 98)
    assert betting_order_when_all_check(hand) == [2, 0, 1]
    stand_pat_all(hand)
    assert betting_order_when_all_check(hand) == [2, 0, 1]


def test_s5_declining_to_buy_keeps_the_usual_order() -> None:
    hand = new_hand([100, 100, 100], dealer=0, stakes=Stakes.pot_game(2, buy_pot=True))
    hand.decline()
    assert isinstance(hand.events[3], Declined)
    assert hand.pot == 6
    assert betting_order_when_all_check(hand) == [1, 2, 0]


def test_s5_blind_is_the_whole_pot_and_the_opening_bet_blinder_speaks_last() -> None:
    hand = new_hand([100] * 4, dealer=3, stakes=Stakes.blind_game(2, surblind=False))
    assert hand.pot == 0 and hand.bets == (2, 0, 0, 0)
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert not legal.can_check and legal.call_amount == 2 and legal.min_raise_to == 4
    for seat in (1, 2, 3):
        assert hand.actor == seat
        hand.check_or_call()
    # Everyone just called the blind: the blinder has the last word (RULES.md section 5,
    # changed this month: the round is not over until the blinder checks or raises).
    assert hand.actor == 0 and hand.legal_actions().can_check
    hand.check_or_call()
    assert hand.decision == "draw" and hand.pot == 8
    stand_pat_all(hand)
    assert betting_order_when_all_check(hand) == [1, 2, 3, 0]


def test_s5_blinder_acts_last_when_raised() -> None:
    hand = new_hand([100] * 3, dealer=0, stakes=Stakes.blind_game(2, surblind=False))
    assert hand.actor == 2
    hand.complete_bet_or_raise_to(6)
    hand.check_or_call()
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 4 and legal.min_raise_to == 10


def test_s5_surblind_chain_last_one_speaks_last_in_both_rounds() -> None:
    hand = new_hand([100] * 5, dealer=0, stakes=Stakes.blind_game(2))
    assert (hand.actor, hand.decision) == (2, "surblind")
    assert hand.legal_actions().offer_amount == 4
    hand.surblind()
    assert (hand.actor, hand.decision) == (3, "surblind")
    assert hand.legal_actions().offer_amount == 8
    hand.surblind()
    assert (hand.actor, hand.decision) == (4, "surblind")
    hand.decline()
    posted = [(e.seat, e.amount, e.kind) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(1, 2, "blind"), (2, 4, "surblind"), (3, 8, "surblind")]
    assert hand.bets == (0, 2, 4, 8, 0)
    assert hand.actor == 4
    legal = hand.legal_actions()
    assert legal.call_amount == 8 and legal.min_raise_to == 12
    order = betting_order_when_all_check(hand)
    # seat 3 made the last blind raise: the last word is theirs (RULES.md section 5,
    # changed this month: before, the round ended without seat 3 speaking)
    assert order == [4, 0, 1, 2, 3]
    stand_pat_all(hand)
    assert betting_order_when_all_check(hand) == [4, 0, 1, 2, 3]


def test_s5_surblind_chain_stops_at_a_player_who_cannot_double() -> None:
    hand = new_hand([100, 100, 100, 3], dealer=0, stakes=Stakes.blind_game(2))
    hand.surblind()  # seat 2 to 4; seat 3 cannot put 8
    assert hand.decision == "bet" and hand.actor == 3


def test_s5_surblind_chain_goes_round_to_the_dealer_at_most() -> None:
    hand = new_hand([100] * 3, dealer=0, stakes=Stakes.blind_game(1))
    hand.surblind()  # seat 2
    hand.surblind()  # seat 0, the dealer; the chain cannot come back to the blinder
    assert hand.decision == "bet" and hand.actor == 1
    assert hand.bets == (4, 1, 2)


def test_s5_all_pass_blinder_takes_the_blind_back() -> None:
    hand = new_hand([100] * 3, dealer=0, stakes=Stakes.blind_game(2, surblind=False))
    hand.fold()
    hand.fold()
    assert hand.finished and hand.all_passed
    assert hand.stacks == (100, 100, 100)
    assert isinstance(hand.events[-2], AllPassed) and hand.events[-2].amount == 2


def test_s5_fold_to_a_surblinder_is_not_an_all_pass() -> None:
    hand = new_hand([100] * 3, dealer=0, stakes=Stakes.blind_game(2))
    hand.surblind()  # seat 2 to 4
    hand.decline()  # seat 0
    assert hand.actor == 0
    hand.fold()
    hand.fold()  # the blinder
    assert hand.finished and not hand.all_passed
    assert hand.stacks == (100, 98, 102)


def test_s5_after_an_all_pass_the_pot_game_opens_at_the_blind() -> None:
    stakes = Stakes.pot_game(1, min_opening=4)
    hand = new_hand([100] * 3, dealer=1, stakes=stakes)
    assert hand.legal_actions().min_raise_to == 4
    with pytest.raises(IllegalActionError):
        hand.complete_bet_or_raise_to(3)


def test_stakes_are_validated() -> None:
    # Antes and a French blind together are accepted now (RULES.md section 5, changed
    # this month: "antes and blinds may be used together"); they were refused before.
    assert Stakes(ante=1, blind=2).ante == 1
    with pytest.raises(ConfigurationError, match="buy_pot"):
        Stakes(ante=0, blind=2, buy_pot=True)
    with pytest.raises(ConfigurationError, match="blind"):
        Stakes.blind_game(0)
