"""Local best response in the real French draw game (the responder of sim/lbr.py)."""

from __future__ import annotations

import random

import pytest

from pokerbonus.bots.base import UNLIMITED, Bot, Budget, GameInfo
from pokerbonus.cards import parse_cards
from pokerbonus.engine.actions import Action
from pokerbonus.engine.state import Hand, deck_for_hands
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
from pokerbonus.sim.lbr import BotModel, ExpertModel, _Responder, lbr_match
from pokerbonus.solvers.french.recipes import recipe_for
from pokerbonus.solvers.french.store import shipped_strategy

INFO = GameInfo.from_game(FIVE_CARD_DRAW, 2, Stakes.pot_game(1))


def _responder(bot: str = "station", particles: int = 40) -> _Responder:
    model = ExpertModel() if bot == "expert" else BotModel(bot, 3)
    strategy = shipped_strategy(recipe_for(2, "no-limit", 32).key)  # type: ignore[union-attr]
    return _Responder(model, INFO, strategy, particles, 2, random.Random(4))


def _hand(mine: str, theirs: str) -> Hand:
    """Heads-up, the responder in seat 1 (position 0, first to act) holding ``mine``."""
    deck = deck_for_hands([theirs, mine], dealer=0, deck_size=32)
    return Hand(FIVE_CARD_DRAW, [100, 100], 0, Stakes.pot_game(1), deck=deck, rng=random.Random(1))


def test_the_nuts_bet_the_most_against_a_caller() -> None:
    """Holding a straight flush against a bot that never folds, every bet is called and
    wins: the responder bets the most it can (all in)."""
    hand = _hand("9h Th Jh Qh Kh", "7c 7d 8s 9s Ac")
    responder = _responder("station")
    responder.start(hand, 1)
    action = responder.decide(hand)
    assert action.kind == "raise_to" and action.amount == hand.legal_actions().max_raise_to


def test_hopeless_hand_folds_to_a_big_bet() -> None:
    """After the draw, with the weakest hand of the deck facing an all-in from a bot
    whose betting range is strong, calling is worth less than folding."""
    hand = _hand("7c 8d 9h Jc Kd", "Ac Ad Ah As Ks")
    responder = _responder("station")
    responder.start(hand, 1)
    hand.check_or_call()  # the responder checks
    responder.observe(hand, 0, _all_in(hand))
    hand.complete_bet_or_raise_to(hand.legal_actions().max_raise_to or 0)
    assert responder.decide(hand).kind in ("fold", "check_or_call")


def _all_in(hand: Hand) -> Action:
    return Action.raise_to(hand.legal_actions().max_raise_to or 0)


def test_range_follows_the_bot_s_draw() -> None:
    """The bot (expert, read exactly) stands pat: particles that would never stand pat
    lose their weight; drawing cards gives the particles new cards."""
    hand = _hand("7c 8d 9h Jc Kd", "Ac Kc Qc Jd 9c")
    responder = _responder("expert", particles=200)
    responder.start(hand, 1)
    hand.check_or_call()
    from pokerbonus.engine.actions import Action

    responder.observe(hand, 0, Action.check_or_call())
    hand.check_or_call()  # the round ends: the draw, the responder first
    hand.discard(hand.hole_cards(1)[:3])
    responder.own_draw(hand)
    before = responder.range.weights.copy()
    responder.observe(hand, 0, Action.discard(()))
    after = responder.range.weights
    assert (after <= before).all() and (after < before).any()
    assert responder.range.drawn


def test_expert_read_as_hard_once_the_hand_leaves_its_tree() -> None:
    """A raise to 90 of 100 chips is read as the all-in (the abstraction's); after the
    draw the real hand bets on, which the abstract tree cannot follow: expert plays
    hard's move there, and the responder reads it as it reads hard."""
    hand = _hand("7c 8d 9h Jc Kd", "Ac Ad Kh Ks 9c")
    hand.complete_bet_or_raise_to(90)  # the responder (seat 1)
    hand.check_or_call()
    hand.discard(())
    hand.discard(())
    hand.check_or_call()  # the responder checks after the draw: off the abstract tree
    view = hand.view(0)
    holes = [hand.hole_cards(0), parse_cards("Jc Jd Js Qs Ts")]
    expert = ExpertModel().distributions(view, INFO, holes, [0, 1])
    hard = BotModel("hard", 0).distributions(view, INFO, holes, [0, 1])
    assert expert == hard and all(len(d) == 1 and d[0][1] == 1.0 for d in expert)


def test_lbr_match_duplicate_and_errors() -> None:
    result = lbr_match("station", 4, particles=20, seed=2)
    assert result.hands == 4 and result.ci95[0] <= result.mbb_per_hand <= result.ci95[1]
    with pytest.raises(ConfigurationError, match="at least 2"):
        lbr_match("station", 1)


class _Folder(Bot):
    """Checks when it can, folds to any bet, stands pat: against it the exact best
    response wins the others' antes every hand (3 antes four-handed), and nothing wins
    more (a hand's pot is the four antes)."""

    name = "folder"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return Action.discard(())
        if legal.can_fold and (legal.call_amount or 0) > 0:
            return Action.fold()
        return Action.check_or_call()


def test_four_handed_lbr_never_above_the_exact_best_response() -> None:
    """Four-handed, the responder against three copies of a bot whose exact best
    response is known (the folder: +3,000 mbb/hand, the most any strategy wins):
    the local best response never wins more, and finds it (every hand a bet the
    others fold to)."""
    result = lbr_match(_Folder, 8, players=4, particles=20, configs=30, seed=3)
    assert result.hands == 8
    assert result.mbb_per_hand <= 3000.0 + 1e-9
    assert result.mbb_per_hand == pytest.approx(3000.0)
    assert result.ci95 == pytest.approx((3000.0, 3000.0))


def test_four_handed_lbr_against_hard_and_expert() -> None:
    """The multi-player responder plays whole duplicate blocks (the deal once with it
    in each seat) against three ``hard`` or three ``expert`` (read exactly, and as
    ``hard`` after the draw, as it plays four-handed)."""
    for bot in ("hard", "expert"):
        result = lbr_match(bot, 5, players=4, particles=20, configs=20, seed=2)
        assert result.hands == 8 and result.ci95[0] <= result.mbb_per_hand <= result.ci95[1]
    with pytest.raises(ConfigurationError, match="2 to 8"):
        lbr_match("hard", 4, players=9)


def test_expert_model_in_a_capped_round_gives_fold_or_call() -> None:
    """A raise past the abstraction's cap (four-handed: one raise before the draw) is
    a call in the abstract tree; facing it, expert answers with the fold/call
    probabilities of its last decision, and the responder reads exactly those."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 4, Stakes.pot_game(1))
    hand = Hand(FIVE_CARD_DRAW, [100] * 4, 3, Stakes.pot_game(1), rng=random.Random(2))
    hand.complete_bet_or_raise_to(4)  # seat 0 opens
    hand.complete_bet_or_raise_to(16)  # seat 1 raises a pot
    hand.complete_bet_or_raise_to(40)  # seat 2 raises again: past the cap
    hand.check_or_call()  # seat 3 calls
    view = hand.view(0)
    holes = [hand.hole_cards(0), parse_cards("7c 8d 9h Jc Kd")]
    dists = ExpertModel().distributions(view, info, holes, [0, 1])
    for dist in dists:
        assert {a.kind for a, _ in dist} <= {"fold", "check_or_call"}
        assert sum(q for _, q in dist) == pytest.approx(1.0)
