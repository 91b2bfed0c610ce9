"""The Omaha high/low bots (``bots/hilo.py``, the reads of ``bots/variant_kernels.py``): the low
read, the later-street reads, ``hard``'s decisions on fixed deals, and (``long``)
``hard`` against ``easy`` in duplicate matches."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbonus.bots import GameInfo
from pokerbonus.bots.equity_bots import read_table
from pokerbonus.bots.hilo import BET_READ, RAISE_READ, OmahaHiLoBot, hilo_reads
from pokerbonus.bots.variant_kernels import (
    RULE_OMAHA_HILO,
    board_equity,
    get_tables,
    hilo_level,
    low_level,
)
from pokerbonus.cards import make_deck, parse_cards
from pokerbonus.engine import Hand
from pokerbonus.engine.actions import Action
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.sim.game_match import play_game_match

ENTRY = CATALOG["omaha-hi-lo"]
GAME = ENTRY.game()  # limit, blinds 1/2, bets 2/4
STAKES = ENTRY.stakes()
INFO = GameInfo.from_game(GAME, 2, STAKES)
VILLAIN = "Kh Kc 9d 9c"


def _cards(text: str) -> np.ndarray:
    return np.array([int(c) for c in parse_cards(text)], np.int64)


def _deal(hero: str, villain: str, board: str) -> Hand:
    """A heads-up hand (seat 0 the dealer) dealing ``hero`` to seat 0, ``villain``
    to seat 1 and ``board`` as the flop, turn and river."""
    h0, h1, b = parse_cards(hero), parse_cards(villain), parse_cards(board)
    rest = [c for c in make_deck(52, 0) if c not in {*h0, *h1, *b}]
    order = [c for pair in zip(h1, h0, strict=True) for c in pair]  # seat 1 is dealt first
    order += [rest.pop(), *b[:3], rest.pop(), b[3], rest.pop(), b[4], *rest]  # burns
    return Hand(GAME, [200, 200], dealer=0, stakes=STAKES, deck=order)


def _river_bet(hero: str, board: str) -> Hand:
    """Checked to the river, where seat 1 bets into the dealer (seat 0)."""
    hand = _deal(hero, VILLAIN, board)
    while len(hand.view(0).board) < 5 or hand.actor != 1:
        hand.check_or_call()
    hand.complete_bet_or_raise_to(4)
    assert hand.actor == 0
    return hand


def _answers(level: str, hand: Hand, seeds: int = 12) -> set[str]:
    view = hand.view(0)
    return {OmahaHiLoBot(seed, level).decide(view, INFO).kind for seed in range(seeds)}


# -- the low read ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "low"),
    [
        ("As 2d Kc Jh", "7c 5d Qs", 1),  # the nut low draw
        ("As 2d Kc Jh", "7c 5d 4s", 2),  # the nut low
        ("As 3d Kc Jh", "7c 5d 4s", 2),  # the second nut low
        ("2s 3d Kc Jh", "7c 5d 4s", 1),  # a made low, the third best
        ("7s 6d Kc Jh", "8c 5d 4s 2c", 1),  # a made low, far from the nut
        ("As 2d Kc Jh", "7c 5d Qs Kd Jc", 0),  # the river missed the low
        ("As 5d Kc Jh", "7c 5d Qs", 0),  # only one free low rank on the flop
        ("Ts 9d Kc Jh", "8c 5d 4s", 0),  # no low cards
    ],
)
def test_low_level(hole: str, board: str, low: int) -> None:
    b = _cards(board)
    assert low_level(_cards(hole), b, len(b), get_tables()) == low


def test_hilo_level_is_the_greater_of_the_high_and_the_low_read() -> None:
    t = get_tables()
    board = _cards("7c 5d Ks")
    assert hilo_level(_cards("As 2d Qc Jh"), board, 3, t) == 1  # low draw, no pair
    assert hilo_level(_cards("As 2d Kc Jh"), board, 3, t) == 2  # top pair (and the draw)
    assert hilo_level(_cards("Kd 7s Qc Jh"), board, 3, t) == 3  # two pair
    assert hilo_level(_cards("As 2d Kc Jh"), _cards("7c 5d 4s"), 3, t) == 2  # the nut low


# -- the reads and the equity ------------------------------------------------------------


def test_reads_a_bet_a_raise_and_not_a_call() -> None:
    hand = _deal("As 2d Ks Jh", VILLAIN, "7c 5d Qs 8h 2c")
    hand.check_or_call()  # the dealer completes the small blind
    hand.check_or_call()  # the big blind checks
    hand.complete_bet_or_raise_to(2)  # flop: seat 1 bets
    hand.complete_bet_or_raise_to(4)  # seat 0 raises
    hand.check_or_call()  # seat 1 calls
    hand.check_or_call()  # turn: seat 1 checks
    hand.complete_bet_or_raise_to(4)  # seat 0 bets
    hand.check_or_call()  # seat 1 calls
    view = hand.view(1)
    assert hilo_reads(view, 0) == (
        [RAISE_READ[0], BET_READ[0], 0],
        [RAISE_READ[1], BET_READ[1], 1.0],
    )
    assert hilo_reads(view, 1) == ([BET_READ[0], 0, 0], [BET_READ[1], 1.0, 1.0])


def test_a_bet_read_as_a_low_cuts_a_weak_low_more_than_a_nut_low() -> None:
    """Against a river bettor (top pair or one of the two best lows), an eight-seven
    low loses much of its equity; the nut low keeps its half."""
    t = get_tables()
    board = _cards("6c 5d 2h Kd Ts")
    none, any_hand = np.zeros(1), np.ones((1, 3))
    bettor = np.array([[0, 0, BET_READ[0]]], np.int64)
    leaks = np.array([[1.0, 1.0, BET_READ[1]]])

    boards = np.zeros((1, 5), np.int64)
    boards[0] = board
    no_dead, no_weights = np.zeros(0, np.int64), np.ones((1, 1, 1))

    def equity(hole: str, levels: np.ndarray, lk: np.ndarray) -> float:
        return float(
            board_equity(RULE_OMAHA_HILO, _cards(hole), boards, 5, no_dead, no_weights,
                         none, levels, lk, 6000, 3, t, True)
        )  # fmt: skip

    unread = np.zeros((1, 3), np.int64)
    weak, nut = "8s 7d Qc Qh", "As 3d Qc Jh"
    weak_drop = equity(weak, unread, any_hand) - equity(weak, bettor, leaks)
    nut_drop = equity(nut, unread, any_hand) - equity(nut, bettor, leaks)
    assert weak_drop > 0.05
    assert weak_drop > nut_drop + 0.03


# -- hard's decisions on fixed deals -----------------------------------------------------


def test_hard_folds_a_weak_low_and_second_pair_to_a_river_bet_that_easy_calls() -> None:
    hand = _river_bet("8s 7d Qc Qh", "6c 5d 2h Kd Ts")
    assert _answers("easy", hand) == {"check_or_call"}
    assert _answers("hard", hand) == {"fold"}


def test_hard_calls_with_the_nut_low() -> None:
    hand = _river_bet("As 2d 3c Qh", "8c 5d 4h Kd Ts")
    assert _answers("hard", hand) == {"check_or_call"}


def test_hard_calls_but_does_not_raise_a_hand_short_of_a_scoop() -> None:
    """The nut low and top pair: the bettor often holds a better high or the same
    low, so ``hard`` calls; it raised before its reads knew the low."""
    hand = _river_bet("As 2d Ks 9h", "8c 5d 3h Kd Ts")
    assert _answers("hard", hand) == {"check_or_call"}


def test_hard_does_not_bluff() -> None:
    """Checked to on the river with a weak pair and no low: ``hard`` checks."""
    hand = _deal("Jd 9c 9s 9h", "Kh Kc 4d 4c", "Qs Ts 3c 2h Ac")
    while len(hand.view(0).board) < 5 or hand.actor != 0:
        hand.check_or_call()
    view = hand.view(0)
    assert read_table(view).to_call == 0
    assert {OmahaHiLoBot(seed, "hard").decide(view, INFO) for seed in range(12)} == {
        Action.check_or_call()
    }


# -- matches -------------------------------------------------------------------------------


@pytest.mark.long
@pytest.mark.parametrize("seed", [7, 11, 2026])
def test_hard_beats_easy_significantly(seed: int) -> None:
    """3,000 duplicate hands: the lower end of ``hard``'s 95% interval is above zero."""
    result = play_game_match(GAME, STAKES, ["omaha-hilo:hard", "omaha-hilo:easy"], 3000,
                             seed=seed, duplicate=True)  # fmt: skip
    hard = {r.bot: r for r in result.results}["omaha-hilo:hard"]
    assert hard.fallbacks == 0
    assert hard.ci95 is not None and hard.ci95[0] > 0, hard
