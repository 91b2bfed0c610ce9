"""The games of the catalog on stacked decks (RULES.md sections 3, 6, 7 and 8)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.engine import Hand
from pokerbonus.engine.random_play import play_random_hand
from pokerbonus.engine.state import deck_for_hands
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import Stakes
from pokerbonus.rules.catalog import (
    CATALOG,
    ace_to_five_draw,
    badugi,
    courchevel,
    crazy_pineapple,
    deuce_to_seven_single_draw,
    game_for_code,
    holdem,
    irish,
    omaha,
    pineapple,
    short_deck_holdem,
)

ROOT = Path(__file__).resolve().parents[1]
BLINDS = Stakes(ante=0, blinds=(1, 2))


def _check_down(hand: Hand) -> None:
    while not hand.finished:
        assert hand.decision == "bet", hand.decision
        hand.check_or_call()


def test_omaha_two_hole_cards_and_three_board_cards() -> None:
    # RULES.md section 8: exactly two hole cards. Seat 1 holds one spade with four
    # spades on the board: no flush; seat 2's pair of kings wins.
    deck = deck_for_hands(
        ["Qd Qh 7h 6c", "As Kd Qc Jh", "Kh Kc 7d 8c"], dealer=0,
        stub="9c 2s 5s 8s 9h Ts 9d 3h", deck_size=52,
    )  # fmt: skip
    hand = Hand(omaha(), [100, 100, 100], dealer=0, stakes=BLINDS, deck=deck)
    _check_down(hand)
    assert hand.board == tuple(hand.board) and len(hand.board) == 5
    assert hand.stacks == (98, 98, 104)


def test_holdem_plays_the_board_and_splits() -> None:
    deck = deck_for_hands(["2c 3d", "4c 5d"], dealer=1, stub="9c As Ks Qs 9h Js 9d Ts")
    hand = Hand(holdem(), [50, 50], dealer=1, stakes=BLINDS, deck=deck)
    _check_down(hand)
    assert hand.stacks == (50, 50)  # both play the royal flush on the board


def test_heads_up_button_posts_small_blind_and_acts_first_then_last() -> None:
    hand = Hand(holdem(), [100, 100], dealer=0, stakes=BLINDS, rng=random.Random(1))
    assert hand.bets == (1, 2) and hand.actor == 0
    hand.check_or_call()
    hand.check_or_call()
    assert len(hand.board) == 3 and hand.actor == 1


def test_straddle_acts_last_pre_flop() -> None:
    stakes = Stakes(ante=0, blinds=(1, 2), straddle=True)
    hand = Hand(holdem(), [100] * 4, dealer=0, stakes=stakes, rng=random.Random(2))
    assert hand.bets == (0, 1, 2, 4) and hand.actor == 0
    legal = hand.legal_actions()
    assert legal.call_amount == 4 and legal.min_raise_to == 8
    for _ in range(3):
        hand.check_or_call()
    assert hand.actor == 3 and hand.legal_actions().can_check  # the straddle's option


def test_omaha_hi_lo_odd_chip_goes_to_the_high_half() -> None:
    # RULES.md sections 3 and 7: the pot of 5 splits 3 (high) / 2 (low).
    deck = deck_for_hands(
        ["Kc Qd Jh Th", "Ah Ad Kd Qh", "2c 3d Jc Jd"], dealer=2,
        stub="9c As 7h 8s 9h 4s 9d 6d",
    )  # fmt: skip
    hand = Hand(omaha(hi_lo=True), [50, 50, 50], dealer=2, stakes=BLINDS, deck=deck)
    hand.check_or_call()  # seat 2 (button) calls 2
    hand.fold()  # seat 0 folds its small blind
    _check_down(hand)
    (pot,) = hand.pot_results
    assert pot.amount == 5 and pot.winners == (1,) and pot.low_winners == (2,)
    assert hand.stacks == (49, 51, 50)


def test_short_deck_flush_beats_full_house() -> None:
    stub = "6c Ks 8s Kd 7c 9s 8c Kc"
    deck = deck_for_hands(["As Ts", "9h Ah"], dealer=1, stub=stub, deck_size=36)
    hand = Hand(short_deck_holdem(), [50, 50], dealer=1, stakes=BLINDS, deck=deck)
    _check_down(hand)
    assert hand.stacks == (52, 48)


@pytest.mark.parametrize(("game", "when"), [
    (pineapple(), 0), (crazy_pineapple(), 3), (irish(), 3),
])  # fmt: skip
def test_discards_come_at_their_street(game: object, when: int) -> None:
    assert isinstance(game, type(holdem()))
    hand = Hand(game, [100, 100, 100], dealer=0, stakes=BLINDS, rng=random.Random(3))
    while hand.decision == "bet":
        hand.check_or_call()
    assert hand.decision == "discard" and len(hand.board) == when
    count = hand.legal_actions().discard_count
    assert count == (2 if game.name == "Irish" else 1)
    seat = hand.actor
    assert seat == 1
    before = len(hand.hole_cards(seat))
    hand.discard(hand.hole_cards(seat)[:count])
    assert len(hand.hole_cards(seat)) == before - count
    _finish(hand)
    assert all(len(cards) == 2 for cards in hand.shown.values())


def _finish(hand: Hand) -> None:
    while not hand.finished:
        if hand.decision == "discard":
            hand.discard(hand.hole_cards(hand.actor or 0)[: hand.max_discard()])
        else:
            hand.check_or_call()


def test_courchevel_first_flop_card_before_the_first_round() -> None:
    hand = Hand(courchevel(), [100, 100, 100], dealer=0, stakes=BLINDS, rng=random.Random(4))
    assert len(hand.board) == 1 and all(len(hand.hole_cards(s)) == 5 for s in range(3))
    hand.check_or_call()
    hand.check_or_call()
    hand.check_or_call()
    assert len(hand.board) == 3


@pytest.mark.parametrize(("game", "winner"), [
    (deuce_to_seven_single_draw(), 0),  # 7-5-4-3-2 beats A-2-3-4-5 (ace high, a straight)
    (ace_to_five_draw(), 1),  # the wheel is the best ace-to-five low
])  # fmt: skip
def test_lowball_draw_winner(game: object, winner: int) -> None:
    assert isinstance(game, type(holdem()))
    deck = deck_for_hands(["7h 5d 4c 3s 2h", "As 2d 3c 4s 5h"], dealer=1)
    hand = Hand(game, [50, 50], dealer=1, stakes=BLINDS, deck=deck)
    while not hand.finished:
        if hand.decision == "draw":
            hand.stand_pat()
        else:
            hand.check_or_call()
    assert hand.stacks[winner] > 50


def test_badugi_four_suits_win() -> None:
    deck = deck_for_hands(["Kc Qd Jh Ts", "Ac 2c 3d 4h"], dealer=1)
    hand = Hand(badugi(), [50, 50], dealer=1, stakes=BLINDS, deck=deck)
    while not hand.finished:
        if hand.decision == "draw":
            hand.stand_pat()
        else:
            hand.check_or_call()
    assert hand.stacks == (52, 48)  # a king-high badugi beats a three-card hand


def test_every_game_plays_random_hands_and_conserves_chips() -> None:
    rng = random.Random(11)
    for entry in CATALOG.values():
        for kind in entry.structures:
            game = entry.game(kind)
            for _ in range(20):
                n = rng.randint(2, 6)
                stacks = [rng.randint(1, 200) for _ in range(n)]
                stakes = entry.stakes()
                hand = Hand(game, stacks, dealer=rng.randrange(n), stakes=stakes, rng=rng)
                play_random_hand(hand, rng)
                assert hand.finished and sum(hand.stacks) == sum(stacks), entry.key


def test_codes_and_refusals() -> None:
    assert game_for_code("PO").name == "Omaha"
    assert game_for_code("FO/8").rule.mode == "high/low"
    assert game_for_code("F7S").name == "seven-card stud"
    assert game_for_code("FR").rule.mode == "low" and game_for_code("F7S/8").rule.low == "low8"
    with pytest.raises(ConfigurationError, match="'F7X'"):
        game_for_code("F7X")
    with pytest.raises(ConfigurationError, match="Short-deck"):
        CATALOG["short-deck"].game("limit")
    codes = [c for e in CATALOG.values() for c in e.codes.values()]
    assert len(codes) == len(set(codes))


def test_games_command_lists_every_game_with_a_rules_page() -> None:
    import typer

    from pokerbonus.cli.games import games_command

    app = typer.Typer()
    app.command()(games_command)
    out = CliRunner().invoke(app, ["--json"])
    assert out.exit_code == 0
    rows = json.loads(out.output)
    # the French five-card draw, the default game, first (issue 14: it was missing)
    assert [r["key"] for r in rows] == ["draw", *CATALOG]
    assert rows[0]["codes"] == {"no-limit": "NFD", "pot-limit": "PFD", "limit": "FFD"}
    for row in rows:
        assert row["description"] and (ROOT / row["page"]).is_file(), row["page"]
    text = CliRunner().invoke(app, []).output
    assert "Crazy Pineapple" in text and "Badugi" in text
    assert "French five-card draw" in text
    header = next(line for line in text.splitlines() if "description" in line)
    assert "key" in header  # the column the help promises
    assert "deuce-to-seven-triple-draw" in text
