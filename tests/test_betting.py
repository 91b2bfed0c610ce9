"""Betting rounds (RULES.md section 5, "Betting rounds") and structures (section 6)."""

from __future__ import annotations

import pytest

from pokerbonus.cards import default_deck_size
from pokerbonus.engine import Action, Hand, deck_for_hands, stacked_deck
from pokerbonus.engine.events import BetReturned, Called, Checked
from pokerbonus.errors import IllegalActionError
from pokerbonus.rules import POT_LIMIT, Stakes, five_card_draw, limit
from pokerbonus.rules.betting import BettingStructure


def new_hand(
    stacks: list[int],
    dealer: int = 0,
    structure: BettingStructure | None = None,
    stakes: Stakes | None = None,
) -> Hand:
    game = five_card_draw(structure=structure) if structure else five_card_draw()
    deck = stacked_deck((), default_deck_size(len(stacks)))
    return Hand(game, stacks, dealer=dealer, stakes=stakes, deck=deck)


def test_s5_no_fold_before_the_opening_a_pass_is_a_check() -> None:
    hand = new_hand([50, 50, 50])
    before = hand.snapshot()
    assert not hand.can_fold()
    with pytest.raises(IllegalActionError, match="no fold before the opening"):
        hand.fold()
    with pytest.raises(IllegalActionError, match="no fold before the opening"):
        hand.act(Action.fold())
    assert hand.snapshot() == before
    hand.check_or_call()
    assert isinstance(hand.events[-1], Checked)
    hand.complete_bet_or_raise_to(5)  # seat 2 opens
    assert hand.can_fold()
    hand.fold()  # seat 0
    assert hand.folded == (True, False, False)


def test_s5_nobody_raises_their_own_bet() -> None:
    hand = new_hand([50, 50, 50])
    hand.complete_bet_or_raise_to(5)  # seat 1 opens
    hand.check_or_call()
    hand.check_or_call()
    assert hand.decision == "draw"  # back at the opener: the round is over
    assert hand.pot == 18


def test_s5_a_full_raise_reopens_the_betting_for_the_opener() -> None:
    hand = new_hand([50, 50, 50])
    hand.complete_bet_or_raise_to(5)  # seat 1
    hand.complete_bet_or_raise_to(10)  # seat 2
    hand.check_or_call()  # seat 0
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 5 and legal.min_raise_to == 15 and legal.max_raise_to == 49


def test_s5_minimum_raise_is_the_previous_bet_or_raise() -> None:
    hand = new_hand([100, 100, 100])
    hand.complete_bet_or_raise_to(10)
    assert hand.legal_actions().min_raise_to == 20
    with pytest.raises(IllegalActionError, match="must be 20"):
        hand.complete_bet_or_raise_to(19)
    hand.complete_bet_or_raise_to(30)  # a raise of 20
    assert hand.legal_actions().min_raise_to == 50
    assert not hand.can_complete_bet_or_raise_to(45)
    assert hand.can_complete_bet_or_raise_to(50)


def test_s5_all_in_for_less_does_not_reopen_to_players_who_acted() -> None:
    # Seat 2 has 16 chips (15 after the ante).
    hand = new_hand([100, 100, 16])
    hand.complete_bet_or_raise_to(10)  # seat 1
    assert hand.legal_actions().min_raise_to == 15  # all-in for less than 20 is allowed
    hand.complete_bet_or_raise_to(15)  # seat 2 all-in, a raise of 5 only
    assert hand.actor == 0
    legal = hand.legal_actions()
    assert legal.call_amount == 15 and legal.min_raise_to == 25  # yet to act: may raise
    hand.check_or_call()
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 5 and legal.min_raise_to is None and legal.max_raise_to is None
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.complete_bet_or_raise_to(40)
    assert hand.snapshot() == before
    hand.check_or_call()
    assert hand.decision == "draw"


def test_s5_full_raise_after_a_short_all_in_reopens() -> None:
    hand = new_hand([100, 100, 16])
    hand.complete_bet_or_raise_to(10)
    hand.complete_bet_or_raise_to(15)
    hand.complete_bet_or_raise_to(25)  # seat 0: a full raise of 10
    assert hand.actor == 1 and hand.legal_actions().min_raise_to == 35


def test_s4_call_for_all_ones_chips_and_stay_in() -> None:
    hand = new_hand([100, 8, 100], dealer=2)  # seat 0 speaks first
    hand.complete_bet_or_raise_to(20)
    assert hand.legal_actions().call_amount == 7
    hand.check_or_call()
    event = hand.events[-1]
    assert event == Called(1, 7, True)
    assert hand.stacks[1] == 0 and not hand.folded[1]


def test_s5_uncalled_bet_is_returned() -> None:
    hand = new_hand([50, 50, 50])
    hand.complete_bet_or_raise_to(20)
    hand.fold()
    hand.fold()
    assert hand.finished
    assert BetReturned(1, 20) in hand.events
    assert hand.stacks == (49, 52, 49)
    assert hand.shown == {}  # the last player left shows nothing


def test_s5_bet_above_an_all_in_call_is_returned() -> None:
    hand = new_hand([100, 100, 21])
    hand.complete_bet_or_raise_to(50)  # seat 1
    hand.check_or_call()  # seat 2 calls all-in for 20
    hand.fold()  # seat 0
    assert BetReturned(1, 30) in hand.events
    assert hand.contributions == (1, 21, 21)
    assert sum(hand.stacks) + hand.pot + sum(hand.bets) == 221


def test_s5_players_all_in_skip_the_betting_but_the_hand_goes_on() -> None:
    hand = new_hand([30, 30], dealer=0)
    hand.complete_bet_or_raise_to(29)
    hand.check_or_call()
    assert hand.decision == "draw"  # all-in players still draw
    hand.stand_pat()
    hand.stand_pat()
    assert hand.finished and sum(hand.stacks) == 60


def test_s6_limit_bets_are_fixed_and_capped_at_three_raises() -> None:
    hand = new_hand([100] * 4, structure=limit(2, 4))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (2, 2)
    for total in (2, 4, 6, 8):  # one bet and three raises
        hand.complete_bet_or_raise_to(total)
    legal = hand.legal_actions()  # back at seat 1, who bet 2
    assert legal.call_amount == 6 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="cap of 3 raises"):
        hand.complete_bet_or_raise_to(10)


def test_s6_limit_cap_option_four() -> None:
    hand = new_hand([100] * 4, structure=limit(2, 4, cap=4))
    for total in (2, 4, 6, 8, 10):
        hand.complete_bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to is None


def test_s6_limit_no_cap_heads_up() -> None:
    hand = new_hand([100, 100], structure=limit(2, 4))
    for total in range(2, 30, 2):
        hand.complete_bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to == 30


def test_s6_limit_no_cap_once_only_two_players_remain() -> None:
    hand = new_hand([100] * 3, structure=limit(2, 4))
    hand.complete_bet_or_raise_to(2)  # seat 1
    hand.fold()  # seat 2
    for total in range(4, 20, 2):  # seats 0 and 1 raise on and on
        hand.complete_bet_or_raise_to(total)
    assert hand.legal_actions().min_raise_to == 20


def test_s6_limit_big_bet_after_the_draw() -> None:
    hand = new_hand([100, 100], structure=limit(2, 4))
    hand.check_or_call()
    hand.check_or_call()
    hand.stand_pat()
    hand.stand_pat()
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (4, 4)


def test_s6_pot_limit_maximum_is_the_pot_after_the_call() -> None:
    hand = new_hand([100] * 3, structure=POT_LIMIT)  # antes: pot 3
    assert hand.legal_actions().max_raise_to == 3
    hand.complete_bet_or_raise_to(3)
    # Seat 2: call 3, the pot is then 3 + 3 + 3 = 9, so the raise may make it 3 + 9.
    assert hand.legal_actions().max_raise_to == 12
    hand.complete_bet_or_raise_to(12)
    # Seat 0: call 12, pot 3 + 3 + 12 + 12 = 30, raise to 12 + 30.
    legal = hand.legal_actions()
    assert legal.max_raise_to == 42 and legal.min_raise_to == 21
    with pytest.raises(IllegalActionError):
        hand.complete_bet_or_raise_to(43)


def test_s6_no_limit_maximum_is_the_whole_stack() -> None:
    hand = new_hand([100, 60, 100])
    assert hand.legal_actions().max_raise_to == 59
    hand.complete_bet_or_raise_to(59)
    assert hand.legal_actions().max_raise_to == 99


def test_s5_nobody_may_raise_when_every_opponent_is_all_in() -> None:
    hand = new_hand([100, 10, 100], dealer=2)
    hand.complete_bet_or_raise_to(20)  # seat 0
    hand.check_or_call()  # seat 1 all-in for 9
    hand.fold()  # seat 2
    assert BetReturned(0, 11) in hand.events
    assert hand.decision == "draw"


def _short_all_ins_hand() -> Hand:
    """Four players, seat 0 deals; seats 0 and 2 are short (40 and 30 after the ante).
    Seat 2 holds four aces, seat 0 three queens, seats 1 and 3 less."""
    hands = ["Kh Qh Qc Qs 7s", "7c 8d 9h Jc Kd", "Ac Ad Ah As Kc", "7h 8c Tc Js Qd"]
    deck = deck_for_hands(hands, dealer=0, deck_size=32)
    return Hand(five_card_draw(), [41, 200, 31, 200], dealer=0, deck=deck)


def test_s5_short_all_ins_reopen_only_when_together_a_full_raise() -> None:
    # One short all-in: seat 1 opens 20, seat 2 goes all-in to 30 (a raise of 10, less
    # than the full 20), seat 3 calls, seat 0 folds: seat 1 faces only 10 more and
    # may not raise.
    hand = _short_all_ins_hand()
    hand.complete_bet_or_raise_to(20)  # seat 1 opens
    assert hand.legal_actions().min_raise_to == 30  # all-in for less than 40 is allowed
    hand.complete_bet_or_raise_to(30)  # seat 2 all-in, short
    hand.check_or_call()  # seat 3 calls 30
    hand.fold()  # seat 0
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 10 and legal.min_raise_to is None
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.complete_bet_or_raise_to(60)
    assert hand.snapshot() == before
    hand.check_or_call()
    assert hand.decision == "draw"

    # Two short all-ins adding up to a full raise (TDA): seat 0 now goes all-in to 40,
    # another 10. Seat 1 (who acted at 20) faces 20 more, a full raise: reopened.
    # Seat 3 (who acted at 30) faces only 10 more: call or fold.
    hand = _short_all_ins_hand()
    hand.complete_bet_or_raise_to(20)  # seat 1
    hand.complete_bet_or_raise_to(30)  # seat 2 all-in
    hand.check_or_call()  # seat 3 calls 30
    assert hand.legal_actions().min_raise_to == 40  # seat 0: all-in below the 50 minimum
    hand.complete_bet_or_raise_to(40)  # seat 0 all-in
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 20 and (legal.min_raise_to, legal.max_raise_to) == (60, 199)
    assert hand.can_complete_bet_or_raise_to(60)
    hand.check_or_call()  # seat 1 calls instead
    assert hand.actor == 3
    legal = hand.legal_actions()
    assert legal.call_amount == 10 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="does not reopen"):
        hand.complete_bet_or_raise_to(80)
    hand.check_or_call()
    for _ in range(4):
        hand.stand_pat()
    hand.check_or_call()  # seat 1
    hand.check_or_call()  # seat 3
    assert hand.finished
    # Main pot 4 x 31 to the aces (seat 2), side pot 3 x 10 to the queens (seat 0).
    assert [(r.amount, r.eligible, r.winners) for r in hand.pot_results] == [
        (124, (0, 1, 2, 3), (2,)),
        (30, (0, 1, 3), (0,)),
    ]
    assert hand.stacks == (30, 159, 124, 159)


def test_s5_a_full_raise_between_short_all_ins_counts_once() -> None:
    # Seat 1 opens 20; seat 2 (all-in 30) is short; seat 3 raises fully to 60 (a raise
    # of 30); seat 0 goes all-in to 40 (only a call for less). Seat 1 faces a full
    # raise and may re-raise; the minimum is 60 + 30.
    hand = _short_all_ins_hand()
    hand.complete_bet_or_raise_to(20)
    hand.complete_bet_or_raise_to(30)
    hand.complete_bet_or_raise_to(60)
    hand.check_or_call()  # seat 0: all-in for 40
    assert hand.events[-1] == Called(0, 40, True)
    legal = hand.legal_actions()
    assert hand.actor == 1 and legal.call_amount == 40 and legal.min_raise_to == 90
