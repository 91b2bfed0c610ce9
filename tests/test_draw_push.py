"""Push or fold at the five-card draw, computed for the deck played
(``bots/draw_push.py``), and the tournament bot that plays it (``draw:tournament``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.draw import HardBot
from pokerbonus.bots.draw_push import bucket_table, equilibrium, field_share
from pokerbonus.bots.tournament import DrawTournamentBot, TournamentBot, tournament_bot
from pokerbonus.engine import Action
from pokerbonus.engine.state import Hand, deck_for_hands
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes

ORDER = tuple(range(10))


@pytest.mark.parametrize("deck", [32, 52])
def test_the_classes_split_the_deals_and_their_equities_add_up(deck: int) -> None:
    table = bucket_table(deck, 5 if deck == 32 else 0, True, ORDER)
    assert table.share.sum() == pytest.approx(1.0)
    assert np.all(table.share > 0.05)  # tenths, near enough
    assert np.allclose(table.equity + table.equity.T, 1.0)
    assert np.allclose(np.diag(table.equity), 0.5)
    # the strongest class wins most against the weakest, and each class does better
    # against the weakest than against the strongest
    assert table.equity[-1, 0] > 0.8
    assert np.all(table.equity[:, 0] >= table.equity[:, -1])
    assert bucket_table(deck, 5 if deck == 32 else 0, True, ORDER) is table  # kept


def test_the_push_range_narrows_as_the_stack_grows_and_as_players_are_added() -> None:
    table = bucket_table(32, 5, True, ORDER)

    def share(ratio: float, opponents: int) -> float:
        return float((equilibrium(table, ratio, opponents)[0] * table.share).sum())

    heads_up = [share(r, 1) for r in (1, 2, 3, 5, 7)]
    assert heads_up == sorted(heads_up, reverse=True)
    assert heads_up[0] > 0.9 and heads_up[-1] < 0.6
    assert share(3, 5) < share(3, 3) < share(3, 1)
    # the best hand of more players is stronger
    assert float((field_share(table, 5) * np.arange(10)).sum()) > float(
        (field_share(table, 2) * np.arange(10)).sum()
    )


def _view(hole: str, stacks: list[int]) -> tuple[Hand, GameInfo]:
    """Three players, 32 cards, antes of 10; seat 1 (first to speak) holds ``hole``,
    the others high cards only."""
    hands = ["7c 8d 9h Jc Th", hole, "7s 8h 9c Jd Ts"]
    stakes = Stakes(ante=10)
    deck = deck_for_hands(hands, 0, deck_size=FIVE_CARD_DRAW.deck_size_for(3))
    hand = Hand(FIVE_CARD_DRAW, stacks, 0, stakes, deck=deck, rng=random.Random(1))
    return hand, GameInfo.from_game(FIVE_CARD_DRAW, 3, stakes)


def test_a_short_stack_pushes_a_strong_hand_and_plays_on_a_weak_one() -> None:
    bot = DrawTournamentBot(seed=1)
    # trips with 19 antes behind, six times the pot: all in; a pair of aces (a
    # common hand with 32 cards) only when the stack is under twice the pot
    for hole, stack in (("Ah Ac As Kd 7h", 200), ("As Ad Kc Qh 9s", 60)):
        hand, info = _view(hole, [stack] * 3)
        assert hand.actor == 1
        legal = hand.legal_actions()
        assert bot.decide(hand.view(1), info) == Action.raise_to(legal.max_raise_to or 0)
    hand, info = _view("As Ad Kc Qh 9s", [200] * 3)
    assert DrawTournamentBot(seed=4).decide(hand.view(1), info) == HardBot(seed=4).decide(
        hand.view(1), info
    )
    weak, info = _view("7h 8c Td Qs Ks", [200, 200, 200])
    # not pushed: the wrapped bot's own choice (hard checks this)
    fresh = DrawTournamentBot(seed=2)
    assert fresh.decide(weak.view(1), info) == HardBot(seed=2).decide(weak.view(1), info)


def test_a_deep_stack_plays_the_wrapped_bot() -> None:
    hand, info = _view("As Ad Kc Qh 9s", [5000, 5000, 5000])
    assert DrawTournamentBot(seed=3).decide(hand.view(1), info) == HardBot(seed=3).decide(
        hand.view(1), info
    )


def test_the_finished_hand_reaches_the_wrapped_bots_model() -> None:
    hand, info = _view("As Ad Kc Qh 9s", [200, 200, 200])
    bot = DrawTournamentBot(seed=1)
    while not hand.finished:
        hand.act(
            Action.check_or_call() if hand.legal_actions().decision == "bet" else Action.stand_pat()
        )
    bot.hand_over(hand.view(1), info)
    inner = bot.inner
    assert isinstance(inner, HardBot) and inner.model.tally(1, 0, 3).deals == 1


def test_a_tournament_seats_the_tournament_bot_of_its_game() -> None:
    assert isinstance(tournament_bot("draw", "no-limit", "hard", seed=1), DrawTournamentBot)
    assert isinstance(tournament_bot("holdem", "no-limit", "medium", seed=1), TournamentBot)
    assert not isinstance(tournament_bot("draw", "pot-limit", "hard", seed=1), TournamentBot)
    assert not isinstance(tournament_bot("draw", "no-limit", "station", seed=1), TournamentBot)
    assert tournament_bot("omaha", "no-limit", "hard", seed=1).name == "omaha:hard"
