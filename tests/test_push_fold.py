"""Push-or-fold ranges from our own equities, and the tournament bot that plays them."""

from __future__ import annotations

import random

import numpy as np

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.engine.state import Hand, deck_for_hands
from pokerbonus.rules import Stakes
from pokerbonus.rules.catalog import holdem
from pokerbonus.solvers.push_fold import (
    CLASS_NAMES,
    heads_up_equilibrium,
    pair_counts,
    push_range,
    range_share,
)


def test_pair_counts_count_every_deal_once() -> None:
    n = pair_counts()
    assert np.allclose(n, n.T)
    assert n.sum() == 1326 * 1225  # ordered pairs of deals sharing no card
    aa = CLASS_NAMES.index("AA")
    assert n[aa, aa] == 6  # each of the 6 deals of AA against the one of the two other aces


def test_heads_up_equilibrium_widens_as_stacks_shrink() -> None:
    shares = [range_share(heads_up_equilibrium(float(s))[0]) for s in (15, 10, 5, 2)]
    assert shares == sorted(shares)
    push, call = heads_up_equilibrium(10.0)
    assert 0.45 < range_share(push) < 0.7 and 0.25 < range_share(call) < 0.5
    for strong in ("AA", "KK", "AKs", "AKo"):
        assert push[CLASS_NAMES.index(strong)] and call[CLASS_NAMES.index(strong)]
    assert not call[CLASS_NAMES.index("72o")]


def test_more_players_behind_push_tighter() -> None:
    shares = [range_share(push_range(8.0, k, 1.5)) for k in range(1, 6)]
    assert shares == sorted(shares, reverse=True)


def _decide(hole: str, stacks: list[int]) -> str:
    game, stakes = holdem(), Stakes(ante=0, blinds=(50, 100))
    hands = [hole, "7c 2d", "8s 3h"]
    hand = Hand(game, stacks, 0, stakes, deck=deck_for_hands(hands, 0), rng=random.Random(1))
    bot = make_game_bot("holdem:tournament", seed=1)
    info = GameInfo.from_game(game, 3, stakes)
    assert hand.actor == 0
    return bot.decide(hand.view(0), info).kind


def test_the_tournament_bot_pushes_or_folds_when_short() -> None:
    assert _decide("As Ad", [800, 800, 800]) == "raise_to"
    assert _decide("7h 2s", [800, 800, 800]) == "fold"
