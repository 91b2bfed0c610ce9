"""Double-board hold'em on stacked decks (RULES.md section 8: each board's best
high hand wins half the pot; section 7: side pots, odd chips)."""

from __future__ import annotations

from pokerbonus.engine import Hand
from pokerbonus.engine.events import BoardDealt, CardBurned
from pokerbonus.engine.state import deck_for_hands
from pokerbonus.rules import Stakes
from pokerbonus.rules.catalog import double_board_holdem

BLINDS = Stakes(ante=0, blinds=(1, 2))
# burn, flop 1, burn, flop 2, burn, turn 1, burn, turn 2, burn, river 1, burn, river 2
STUB = "2d Ac 9s 4h 2h Kh 9d 5s 2s 3d 3c 6c 3h 8c 3s Jh"


def _deck(hands: list[str], dealer: int) -> list[int]:
    return list(deck_for_hands(hands, dealer=dealer, stub=STUB))


def _check_down(hand: Hand) -> None:
    while not hand.finished:
        hand.check_or_call()


def test_each_board_wins_half_odd_chip_to_the_first_board() -> None:
    # seat 0 (As Ad) makes trip aces on board 1, seat 2 (Kc Kd) trip kings on board 2
    deck = _deck(["As Ad", "7h 2c", "Kc Kd"], dealer=0)
    hand = Hand(double_board_holdem(), [50, 50, 50], dealer=0, stakes=BLINDS, deck=deck)
    hand.check_or_call()  # seat 0 calls 2
    hand.fold()  # seat 1 folds its small blind
    _check_down(hand)  # pot 5
    assert [len(b) for b in hand.boards] == [5, 5]
    assert hand.view(1).boards == hand.boards and hand.view(1).board == hand.boards[0]
    assert [e.board for e in hand.events if isinstance(e, BoardDealt)] == [0, 1] * 3
    assert sum(isinstance(e, CardBurned) for e in hand.events) == 6
    (pot,) = hand.pot_results
    assert pot.amount == 5 and pot.shares == ((0, 3), (2, 2))
    assert hand.stacks == (51, 49, 50)


def test_one_player_scoops_both_boards() -> None:
    deck = _deck(["As Ad", "7h 2c", "Ah 9h"], dealer=0)  # seat 0 best on both boards
    hand = Hand(double_board_holdem(), [50, 50, 50], dealer=0, stakes=BLINDS, deck=deck)
    _check_down(hand)
    assert hand.stacks == (54, 48, 48)


def test_side_pots_are_split_per_board() -> None:
    # seat 2 all-in for 10: main pot 30 (all three), side pot 80 (seats 0 and 1)
    deck = _deck(["As Ad", "Ah 9h", "Kc Kd"], dealer=0)
    hand = Hand(double_board_holdem(), [100, 100, 10], dealer=0, stakes=BLINDS, deck=deck)
    hand.complete_bet_or_raise_to(50)  # seat 0
    hand.check_or_call()  # seat 1
    hand.check_or_call()  # seat 2 all-in for 10
    _check_down(hand)
    main, side = hand.pot_results
    # main pot: board 1 to seat 0 (aces), board 2 to seat 2 (kings)
    assert main.amount == 30 and dict(main.shares) == {0: 15, 2: 15}
    # side pot: seat 0 wins both halves (trip aces; aces against nines on board 2)
    assert side.amount == 80 and side.eligible == (0, 1) and side.shares == ((0, 80),)
    assert sum(hand.stacks) == 210 and hand.stacks[2] == 15
