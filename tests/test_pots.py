"""Pots, side pots and splits (RULES.md section 7), alone and through a hand."""

from __future__ import annotations

import dataclasses

from pokerbonus.engine import Hand, deck_for_hands, side_pots, split_high_low, split_pot
from pokerbonus.rules import (
    BettingRound,
    Deal,
    GameDef,
    HandRule,
    PostForcedBets,
    Showdown,
    Stakes,
)

HOLDEM = GameDef(
    "test hold'em",
    (
        PostForcedBets(),
        Deal(2),
        BettingRound("small", first="forced"),
        Deal(3, "board", burn=True),
        BettingRound("small"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Deal(1, "board", burn=True),
        BettingRound("big"),
        Showdown(),
    ),
    max_players=10,
)


def test_s7_side_pots_reference_example() -> None:
    pots = side_pots([200, 200, 100, 50], [False] * 4)
    assert [(p.amount, p.eligible) for p in pots] == [
        (200, (0, 1, 2, 3)),
        (150, (0, 1, 2)),
        (200, (0, 1)),
    ]
    assert sum(p.amount for p in pots) == 550


def test_s7_folded_chips_stay_in_but_cannot_win() -> None:
    pots = side_pots([40, 40, 25, 10], [False, False, True, False])
    assert [(p.amount, p.eligible) for p in pots] == [(40, (0, 1, 3)), (75, (0, 1))]
    assert sum(p.amount for p in pots) == 115


def test_s7_chips_above_every_live_level_join_the_last_pot() -> None:
    pots = side_pots([30, 10, 10], [True, False, False])
    assert [(p.amount, p.eligible) for p in pots] == [(50, (1, 2))]


def test_s7_odd_chip_to_first_winner_clockwise_from_dealer() -> None:
    assert split_pot(7, [0, 3], dealer=1, seats=4) == {3: 4, 0: 3}
    assert split_pot(7, [0, 3], dealer=3, seats=4) == {0: 4, 3: 3}
    assert split_pot(8, [1, 2, 4], dealer=4, seats=5) == {1: 3, 2: 3, 4: 2}


def test_s3_high_low_odd_chip_to_high_half() -> None:
    assert split_high_low(9, [2], [0], dealer=0, seats=3) == {2: 5, 0: 4}
    assert split_high_low(9, [1], [1], dealer=0, seats=3) == {1: 9}
    assert split_high_low(10, [1, 2], [], dealer=0, seats=3) == {1: 5, 2: 5}


def _reference_hand(hands: list[str]) -> Hand:
    # Seats 0..3 hold 300, 200, 100, 50; seat 3 deals, so seat 0 speaks first.
    deck = deck_for_hands(hands, dealer=3, stub="2c 2d 3h 8c 4s Th 5s 9d")
    hand = Hand(HOLDEM, [300, 200, 100, 50], dealer=3, stakes=Stakes(ante=0), deck=deck)
    hand.complete_bet_or_raise_to(200)
    for _ in range(3):
        hand.check_or_call()
    assert hand.finished
    return hand


def test_s7_reference_example_each_player_wins_what_they_can() -> None:
    # Board 2d 3h 8c Th 9d (burns 2c 4s 5s): seat 3 best, then 2, then 1, then 0.
    hand = _reference_hand(["7d 4d", "Kc Qd", "Jh Jd", "Ah Ad"])
    assert [(r.amount, r.eligible, r.winners) for r in hand.pot_results] == [
        (200, (0, 1, 2, 3), (3,)),
        (150, (0, 1, 2), (2,)),
        (200, (0, 1), (1,)),
    ]
    assert hand.stacks == (100, 200, 150, 200)


def test_s7_reference_example_largest_stacks_can_win_550() -> None:
    hand = _reference_hand(["Ah Ad", "Jh Jd", "Kc Qd", "7d 4d"])
    assert hand.stacks == (100 + 550, 0, 0, 0)


def test_s7_reference_example_short_stacks_win_350_and_200() -> None:
    hand = _reference_hand(["7d 4d", "Kc Qd", "Ah Ad", "Jh Jd"])
    assert hand.stacks == (100, 200, 350, 0)
    hand = _reference_hand(["7d 4d", "Kc Qd", "Jh Jd", "Ah Ad"])
    assert hand.stacks[3] == 200


def test_s3_high_low_hand_halves_with_the_odd_chip_to_high() -> None:
    game = dataclasses.replace(HOLDEM, rule=HandRule("high", "low8"))
    # Board 2d 3h 8c Kh 9d: seat 0 has three kings and no low, seat 1 the low A-2-3-4-8.
    deck = deck_for_hands(["Ks Kd", "Ac 4d", "Qc Jd"], dealer=2, stub="2c 2d 3h 8c 4s Kh 5s 9d")
    hand = Hand(game, [50, 50, 50], dealer=2, stakes=Stakes(ante=1), deck=deck)
    hand.complete_bet_or_raise_to(2)  # seat 0
    hand.check_or_call()  # seat 1
    hand.fold()  # seat 2
    while not hand.finished:
        hand.check_or_call()
    (result,) = hand.pot_results
    assert (result.amount, result.winners, result.low_winners) == (7, (0,), (1,))
    assert hand.stacks == (51, 50, 49)


def test_s3_high_low_without_a_qualifying_low_high_scoops() -> None:
    game = dataclasses.replace(HOLDEM, rule=HandRule("high", "low8"))
    deck = deck_for_hands(["Ks Kd", "Ac Td", "Qc Jd"], dealer=2, stub="2c 2d 3h 8c 4s Kh 5s 9d")
    hand = Hand(game, [50, 50, 50], dealer=2, stakes=Stakes(ante=1), deck=deck)
    hand.complete_bet_or_raise_to(2)
    hand.check_or_call()
    hand.fold()
    while not hand.finished:
        hand.check_or_call()
    (result,) = hand.pot_results
    assert (result.winners, result.low_winners, result.shares) == ((0,), (), ((0, 7),))
