"""The opponent model's betting counts and what ``hard`` and ``expert`` do with them:
the steal where bets are folded to, no bluff into callers, the read of a player who
bets every time it is checked to, and the minimum defence against its small bets."""

from __future__ import annotations

import random

import pytest

from pokerbonus.bots import Budget, GameInfo, HardBot
from pokerbonus.bots.base import read_view
from pokerbonus.bots.draw import LOOSE, USUAL_BET_RATE, read_ranges
from pokerbonus.bots.expert import ExpertBot
from pokerbonus.bots.model import PRIOR_BETS, OpponentModel, Tally
from pokerbonus.engine import Action, Hand, deck_for_hands
from pokerbonus.rules import FIVE_CARD_DRAW

INFO2 = GameInfo.from_game(FIVE_CARD_DRAW, 2)
INFO3 = GameInfo.from_game(FIVE_CARD_DRAW, 3)


def _min_bet_three_handed(mine: str, stub: str) -> Hand:
    """Three-handed, dealer 0: everyone checks before the draw and draws three;
    after the draw seats 1 and 2 check and seat 0 bets the minimum (1 chip into 3).
    Seat 1 holds ``mine`` (it keeps its first two cards) and is to act, seat 2
    behind it."""
    order = deck_for_hands(
        ["9c Td Qd 8s 7d", mine, "Ac Kd 7s 8h 9s"], dealer=0, stub=stub, deck_size=32
    )
    hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0, deck=order)
    for _ in range(3):
        hand.check_or_call()
    for seat in (1, 2, 0):
        hand.discard(hand.hole_cards(seat)[2:])
    hand.check_or_call()
    hand.check_or_call()
    hand.complete_bet_or_raise_to(1)
    assert hand.actor == 1
    return hand


def _checked_to_after_draw(seed: int) -> Hand:
    """Heads-up, dealer 0: both check before the draw, both draw three, seat 1
    checks after the draw; seat 0 is to act with nothing to call."""
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, rng=random.Random(seed))
    hand.check_or_call()
    hand.check_or_call()
    hand.discard(hand.hole_cards(1)[2:])
    hand.discard(hand.hole_cards(0)[2:])
    hand.check_or_call()
    assert hand.actor == 0
    return hand


def _finish(hand: Hand) -> None:
    while not hand.finished:
        hand.act(Action.check_or_call())


def test_the_model_counts_folds_opening_bets_and_the_fold_equity_of_its_own_bets() -> None:
    """One heads-up hand: seat 1 bets after the draw, seat 0 folds. Seen from seat 0,
    its opponent had one chance to bet after the draw and took it; seen from seat 1,
    its opponent faced one bet and folded, and seat 1's one bet was folded to."""
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, rng=random.Random(3))
    hand.check_or_call()
    hand.check_or_call()
    hand.discard(hand.hole_cards(1)[2:])
    hand.discard(hand.hole_cards(0)[2:])
    hand.complete_bet_or_raise_to(2)  # seat 1 opens after the draw
    hand.fold()
    assert hand.finished
    mine, theirs = OpponentModel(), OpponentModel()
    mine.observe(hand.view(0))
    theirs.observe(hand.view(1))
    seen = mine.tally(0, 1, 2)
    assert (seen.chances, seen.bets) == ([1, 1], [0, 1])
    assert (seen.faced, seen.folds) == ([0, 0], [0, 0])
    folder = theirs.tally(1, 0, 2)
    assert (folder.faced, folder.folds) == ([0, 1], [0, 1])
    assert folder.chances == [1, 0]  # it checked before the draw
    assert theirs.fold_equity(2, 1, False, 1, 0.5) == pytest.approx(
        (1 + PRIOR_BETS * 0.5) / (1 + PRIOR_BETS)
    )
    assert mine.fold_equity(2, 1, False, 1, 0.5) == 0.5  # seat 0 bet nothing


def test_a_frequent_bettor_s_opening_bets_read_as_diluted() -> None:
    """A player measured to bet every time it is checked to: its opening bet after
    the draw reads with more than half bluffs (one in twenty with no hands seen), and
    its dilution is under the loose-bettor line."""
    view = _min_bet_three_handed("8c 8d 9h Jc 7h", "Ah Kh Qs Tc 9d Qh 7c Ts Js").view(1)
    fresh = HardBot(1)
    taught = HardBot(1)
    taught.model._tallies[(2, 3)] = Tally(deals=200, chances=[0, 200], bets=[0, 200])
    assert fresh.dilution(view)[0] == (1.0, 1.0)
    kept = taught.dilution(view)[0][1]
    assert kept < LOOSE
    assert kept == pytest.approx(USUAL_BET_RATE[1][1] / ((200 + 40 * 0.4) / 240))
    assert fresh.ranges(view, INFO3)[0].bluff == pytest.approx(0.05)
    assert taught.ranges(view, INFO3)[0].bluff > 0.5
    assert read_ranges(view, INFO3)[0] == fresh.ranges(view, INFO3)[0]
    assert taught.loose_bettor(view) == 0 and fresh.loose_bettor(view) is None


def test_hard_defends_against_a_frequent_bettor_s_minimum_bet() -> None:
    """Facing a minimum bet after the draw (a quarter of the pot) from a player who
    bets every time it is checked to, a pair of kings calls in all of 12 seeds; with
    no hands seen (the bet read as two pair or better) it folds in all 12."""
    view = _min_bet_three_handed("Ah Qc 9h Jc 7h", "Kc Kh Jd Tc 9d Qs 7c 8d Ts").view(1)
    assert sorted(c.rank for c in view.hole).count(11) == 2  # the pair of kings
    fresh, taught = [], []
    for seed in range(12):
        taught_bot = HardBot(seed)
        taught_bot.model._tallies[(2, 3)] = Tally(deals=200, chances=[0, 200], bets=[0, 200])
        taught.append(taught_bot.decide(view, INFO3).kind)
        fresh.append(HardBot(seed).decide(view, INFO3).kind)
    assert taught == ["check_or_call"] * 12
    assert fresh == ["fold"] * 12


def _mine(bot: HardBot, bets: int, won: int) -> None:
    bot.model._mine[(2, 1, False, 1)] = [bets, won]


def test_hard_steals_where_its_bets_are_folded_to_and_never_bluffs_into_callers() -> None:
    """Heads-up after the draw, checked to, over 60 deals: with its bets after the draw
    folded to nine times in ten (200 bets) hard bets at least as often as with no
    hands seen, and bets every hand it holds under a quarter of the pot's equity;
    with none of 200 bets folded to (a calling station) it bets no hand under a half
    of equity (no bluff), and bets more hands from 0.5 to 0.55 than with no hands seen
    (thinner value)."""
    fresh_bets = steal_bets = station_bets = 0
    weak_steals = weak = 0
    thin_fresh = thin_station = 0
    for deal in range(60):
        view = _checked_to_after_draw(deal).view(0)
        read = read_view(view)
        fresh, stealing, station = HardBot(deal), HardBot(deal), HardBot(deal)
        _mine(stealing, 200, 180)
        _mine(station, 200, 0)
        equity = HardBot(deal).equity(view, INFO2, read, Budget(samples=400))
        assert equity is not None
        a, b, c = (bot.decide(view, INFO2).kind == "raise_to" for bot in (fresh, stealing, station))
        fresh_bets += a
        steal_bets += b
        station_bets += c
        if equity < 0.25:
            weak += 1
            weak_steals += b
        if equity < 0.45:
            assert not c  # no bluff into a calling station
        if 0.5 <= equity < 0.55:
            thin_fresh += a
            thin_station += c
    assert weak >= 5 and weak_steals == weak
    assert steal_bets > fresh_bets
    assert thin_station >= thin_fresh
    assert station_bets >= 1


def test_expert_plays_hard_heads_up_against_callers() -> None:
    """At a covered heads-up table, once its bets are measured to be called every
    time, expert's betting decisions are hard's (same seed, same model), over 20
    deals; with no hands seen its strategy answers some of the same spots otherwise."""
    differ = 0
    for deal in range(20):
        view = _checked_to_after_draw(deal).view(0)
        expert, hard = ExpertBot(deal), HardBot(deal)
        _mine(expert, 200, 0)
        _mine(hard, 200, 0)
        for bot in (expert, hard):
            bot.new_hand(0, INFO2)
        assert expert.decide(view, INFO2) == hard.decide(view, INFO2)
        fresh, fresh_hard = ExpertBot(deal), HardBot(deal)
        for bot in (fresh, fresh_hard):
            bot.new_hand(0, INFO2)
        differ += fresh.decide(view, INFO2) != fresh_hard.decide(view, INFO2)
    assert differ >= 1
