"""The gauntlet's bots (``pokerbonus.bots.gauntlet``): every answer legal at random
tables, each trick doing what its name says, and the mixes drawing per hand."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerbonus.bots import Budget, GameInfo, is_legal
from pokerbonus.bots.gauntlet import GAUNTLET, Maniac, Mix, Station, make_gauntlet_bot
from pokerbonus.engine import Action, Hand, deck_for_hands
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import FIVE_CARD_DRAW
from pokerbonus.sim.match import stakes_for


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(GAUNTLET)),
    players=st.integers(2, 6),
    betting=st.sampled_from(["no-limit", "pot-limit", "limit"]),
    deck=st.sampled_from([32, 52]),
    forced=st.sampled_from(["pot", "blind"]),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_every_gauntlet_bot_is_legal_at_random_tables(
    name: str, players: int, betting: str, deck: int, forced: str, seed: int, data: st.DataObject
) -> None:
    """One gauntlet bot at a random table, the other seats random gauntlet bots,
    random stacks: every answer is legal by the view and accepted by the engine."""
    bets = {"small_bet": 2, "big_bet": 4} if betting == "limit" else {}
    config = TableConfig(
        players=players, betting=betting, deck_size=deck, forced_bets=forced,  # type: ignore[arg-type]
        **bets,  # type: ignore[arg-type]
    )  # fmt: skip
    game, stakes = game_for(config), stakes_for(config)
    info = GameInfo.from_game(game, players, stakes)
    rng = random.Random(seed)
    others = [data.draw(st.sampled_from(sorted(GAUNTLET))) for _ in range(players - 1)]
    bots = [make_gauntlet_bot(n, rng.getrandbits(32)) for n in [name, *others]]
    stacks = [data.draw(st.integers(1, 150)) for _ in range(players)]
    hand = Hand(game, stacks, rng.randrange(players), stakes, rng=rng)
    for seat, bot in enumerate(bots):
        bot.new_hand(seat, info)
    while not hand.finished:
        actor = hand.actor
        assert actor is not None
        view = hand.view(actor)
        assert view.legal is not None
        action = bots[actor].decide(view, info, Budget(samples=40))
        assert is_legal(action, view.legal, view.hole), (bots[actor].name, action, view.legal)
        hand.verify(action)
        hand.act(action)


def _first_decision(name: str) -> tuple[Action, Hand]:
    """Heads-up, 32 cards: seat 1 (first to speak) holds a pair of aces."""
    order = deck_for_hands(["9c Td Qd 8s 7d", "Ac Ad Kc Qh 7h"], dealer=0, deck_size=32)
    hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, deck=order)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    return make_gauntlet_bot(name, 1).decide(hand.view(1), info), hand


def test_each_trick_does_what_its_name_says() -> None:
    """The first decision of each simple bot, and the bluffer standing pat."""
    maniac, hand = _first_decision("maniac")
    legal = hand.view(1).legal
    assert legal is not None and maniac == Action.raise_to(legal.max_raise_to or 0)
    assert _first_decision("station")[0] == Action.check_or_call()
    assert _first_decision("pusher")[0] == Action.raise_to(legal.max_raise_to or 0)
    limp, _ = _first_decision("limper")
    assert limp == Action.raise_to(legal.min_raise_to or 0)
    bluff, hand = _first_decision("bluffer")
    assert bluff.kind == "raise_to" and bluff.amount == min(max(2, legal.min_raise_to or 0), 99)
    hand.act(bluff)
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    raiser = make_gauntlet_bot("min-raiser", 2).decide(hand.view(0), info)
    facing = hand.view(0).legal
    assert facing is not None and raiser == Action.raise_to(facing.min_raise_to or 0)
    hand.check_or_call()
    assert make_gauntlet_bot("bluffer", 1).decide(hand.view(1), info) == Action.stand_pat()


def test_mix_draws_its_strategy_per_hand() -> None:
    """A mix plays one of its two strategies for the whole hand, with its weight."""
    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    mix = Mix(Maniac(1), Station(2), 0.25, seed=3)
    order = deck_for_hands(["9c Td Qd 8s 7d", "Ac Ad Kc Qh 7h"], dealer=0, deck_size=32)
    kinds = []
    for _ in range(400):
        mix.new_hand(1, info)
        hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, deck=order)
        kinds.append(mix.decide(hand.view(1), info).kind)
    assert set(kinds) == {"raise_to", "check_or_call"}
    assert 0.18 < kinds.count("raise_to") / 400 < 0.32
    with pytest.raises(ConfigurationError, match="weight"):
        Mix(Maniac(1), Station(2), 1.5)
    with pytest.raises(ConfigurationError, match="unknown bot 'genius'"):
        make_gauntlet_bot("genius")
