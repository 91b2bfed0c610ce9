"""Hold'em equity bots and the reference players: legal answers, reproducibility,
fallbacks, the ranges they read, and short smoke matches."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerbonus.analysis import equity
from pokerbonus.bots import Budget, GameInfo, is_legal
from pokerbonus.bots.base import Bot
from pokerbonus.bots.equity_bots import board_wetness, read_table
from pokerbonus.bots.equity_kernels import GAME_HOLDEM, community_equity, get_tables, made_level
from pokerbonus.bots.game_bots import GAME_BOTS, make_game_bot
from pokerbonus.bots.holdem import HoldemBot, percentile_table, preflop_weights
from pokerbonus.bots.reference import FishBot, HonestBot, rlcard_cards, rlcard_legal_actions
from pokerbonus.cards import make_deck, parse_cards
from pokerbonus.engine import Action, Hand
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import Stakes
from pokerbonus.rules.betting import limit
from pokerbonus.rules.catalog import holdem
from pokerbonus.sim.game_match import play_game_match

BLINDS = Stakes(ante=0, blinds=(1, 2))
NL = holdem()
FL = holdem(limit(2, 4))
HOLDEM_BOTS = ["holdem:easy", "holdem:medium", "holdem:hard", "holdem:honest", "holdem:fish"]


def _cards(text: str) -> np.ndarray:
    return (
        np.array([int(c) for c in parse_cards(text)], dtype=np.int64)
        if text
        else np.zeros(0, np.int64)
    )


def _equity(
    hero: str, board: str, k: int, weights: np.ndarray | None = None, n: int = 20000
) -> float:
    w = np.ones((k, 52, 52)) if weights is None else weights
    return float(
        community_equity(
            GAME_HOLDEM, _cards(hero), _cards(board), _cards(""), w, np.zeros(k),
            np.zeros((k, 3), np.int64), np.ones((k, 3)), n, 5, get_tables(),
        )
    )  # fmt: skip


# -- the kernel ----------------------------------------------------------------------


def test_kernel_against_the_exact_equity() -> None:
    """With no range read, the kernel's equity of AhKh against a random hand on a
    flop agrees with the exact calculator within four standard errors."""
    exact = equity(["AhKh", "random"], board="Qh 9h 6c", exact=True).equity[0]
    n = 20000
    got = _equity("Ah Kh", "Qh 9h 6c", 1, n=n)
    assert abs(got - exact) < 4 * (0.25 / n) ** 0.5


def test_a_narrow_range_lowers_the_equity() -> None:
    """Kings against a pre-flop 3-bettor (top 7%) do worse than against any hand;
    a flop bettor read as holding a pair makes top pair weaker than against anyone."""
    view_free = _equity("Ks Kd", "", 1)
    pct = percentile_table()
    tight = np.where(pct <= 0.07, 1.0, 0.0)[None, :, :]
    assert _equity("Ks Kd", "", 1, tight) < view_free - 0.1
    levels = np.array([[2, 0, 0]], np.int64)
    read = community_equity(
        GAME_HOLDEM, _cards("Ah 9c"), _cards("As 7d 2c"), _cards(""), np.ones((1, 52, 52)),
        np.zeros(1), levels, np.zeros((1, 3)), 20000, 3, get_tables(),
    )  # fmt: skip
    assert read < _equity("Ah 9c", "As 7d 2c", 1) - 0.1


def test_made_level() -> None:
    t = get_tables()
    board = _cards("As 7d 2c 9h Kd")
    assert made_level(_cards("Ah Kc"), board, 3, t) == 2  # top pair
    assert made_level(_cards("Ah Kc"), board, 5, t) == 3  # two pair by the river
    assert made_level(_cards("7h 3c"), board, 3, t) == 1  # middle pair
    assert made_level(_cards("Qd Jd"), board, 3, t) == 0  # nothing
    assert made_level(_cards("Qd 8d"), _cards("Td 7d 2c"), 3, t) == 1  # flush draw


def test_percentile_table_orders_the_starting_hands() -> None:
    p = percentile_table()
    assert np.allclose(p, p.T)
    grade = {text: p[tuple(int(c) for c in parse_cards(text))] for text in
             ("As Ad", "Ks Kd", "As Ks", "As Kd", "7c 2d", "Tc 9c")}  # fmt: skip
    assert grade["As Ad"] < grade["Ks Kd"] < grade["As Kd"] < grade["Tc 9c"] < grade["7c 2d"]
    assert grade["As Ks"] < grade["As Kd"]
    assert abs(p[tuple(int(c) for c in parse_cards("As Ad"))] - 6 / 1326) < 1e-12


def test_board_wetness() -> None:
    assert board_wetness(tuple(parse_cards("Ks 7d 2c"))) == 0.0
    assert board_wetness(tuple(parse_cards("Jh Th 9h"))) == 1.0
    assert 0 < board_wetness(tuple(parse_cards("Jh Th 2c"))) < 1


# -- ranges read from the actions ------------------------------------------------------


def _hand(seed: int, players: int = 6, game=NL) -> Hand:  # type: ignore[no-untyped-def]
    return Hand(game, [200] * players, dealer=0, stakes=BLINDS, rng=random.Random(seed))


def test_an_early_raiser_holds_a_tighter_range_than_a_caller() -> None:
    hand = _hand(1)
    assert hand.actor == 3  # under the gun, six-handed
    hand.complete_bet_or_raise_to(6)
    hand.check_or_call()  # seat 4 calls
    view = hand.view(hand.actor)
    opener, caller = preflop_weights(view, 3), preflop_weights(view, 4)
    assert opener.sum() < caller.sum()
    aces = tuple(int(c) for c in parse_cards("As Ad"))
    junk = tuple(int(c) for c in parse_cards("7c 2d"))
    assert opener[aces] == 1.0 and opener[junk] < 0.1
    assert caller[aces] < 1.0  # aces would usually have re-raised
    assert preflop_weights(view, 5).min() == 1.0  # not acted yet: anything


def test_read_table() -> None:
    hand = _hand(2, players=3)
    hand.complete_bet_or_raise_to(6)  # the button opens
    read = read_table(hand.view(hand.actor))
    assert read.raisers == (0,) and read.street == 0
    assert read.to_call == 5 and read.pot_total == 9 and read.big_blind == 2


# -- legal answers, reproducibility, fallbacks ----------------------------------------


@pytest.mark.parametrize("game", [NL, FL], ids=["no-limit", "limit"])
def test_every_answer_is_legal(game) -> None:  # type: ignore[no-untyped-def]
    """Every hold'em bot answers a legal action at every decision of random hands
    (checked before the engine sees it), heads-up to six-handed."""
    rng = random.Random(7)
    for trial in range(24):
        players = 2 + trial % 5
        names = [rng.choice(HOLDEM_BOTS) for _ in range(players)]
        bots = [make_game_bot(n, trial * 10 + i) for i, n in enumerate(names)]
        info = GameInfo.from_game(game, players, BLINDS)
        stacks = [rng.randint(3, 300) for _ in range(players)]
        hand = Hand(game, stacks, dealer=trial % players, stakes=BLINDS, rng=rng)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            action = bots[seat].decide(view, info, Budget(samples=200))
            assert view.legal is not None and is_legal(action, view.legal, view.hole), (
                names[seat], action, view.legal,
            )  # fmt: skip
            hand.act(action)
        assert sum(hand.net) == 0


def test_matches_are_reproducible() -> None:
    lineup = ["holdem:hard", "holdem:medium", "holdem:honest"]
    a = play_game_match(NL, BLINDS, lineup, 30, seed=11, duplicate=True)
    b = play_game_match(NL, BLINDS, lineup, 30, seed=11, duplicate=True)
    assert a.results and [r.mbb_per_hand for r in a.results] == [r.mbb_per_hand for r in b.results]
    assert all(r.fallbacks == 0 for r in a.results)


def test_same_seed_same_action_and_fallback_when_time_is_up() -> None:
    hand = _hand(3)
    hand.complete_bet_or_raise_to(6)
    view = hand.view(hand.actor)
    info = GameInfo.from_game(NL, 6, BLINDS)
    assert HoldemBot(4, "hard").decide(view, info) == HoldemBot(4, "hard").decide(view, info)
    expired = Budget(samples=400, seconds=0.0, clock=lambda: 1.0, start=0.0)
    for level in ("easy", "medium", "hard"):
        bot = HoldemBot(4, level)
        # a hand the chart does not settle needs the Monte Carlo: over time, the safe action
        action = bot.decide(view, info, expired)
        assert view.legal is not None and is_legal(action, view.legal, view.hole)
    flop = _hand(6, players=2)
    flop.check_or_call()  # the small blind completes
    flop.check_or_call()  # the big blind checks: the flop
    v = flop.view(flop.actor)
    assert HoldemBot(1, "hard").decide(v, info, expired) == Action.check_or_call()
    assert HoldemBot(1, "hard").decide(v, info, Budget(samples=0)) == Action.check_or_call()


class _Broken(Bot):
    def decide(self, view, info, budget=None):  # type: ignore[no-untyped-def]
        raise RuntimeError("bug")


def test_the_runner_plays_the_fallback_for_a_broken_bot() -> None:
    def factory(name: str, seed: int) -> Bot:
        return _Broken(seed) if name == "broken" else make_game_bot(name, seed)

    r = play_game_match(NL, BLINDS, ["broken", "holdem:fish"], 6, seed=1, factory=factory)
    broken = r.results[0]
    assert broken.fallbacks == broken.decisions > 0


def test_registry_builds_every_name() -> None:
    for name in GAME_BOTS:
        try:
            bot = make_game_bot(name, 1)
        except ConfigurationError:  # rlcard not installed
            assert name == "holdem:rlcard"
            continue
        assert bot.name == name
    with pytest.raises(ConfigurationError, match="unknown name 'holdem:expert'"):
        make_game_bot("holdem:expert")
    with pytest.raises(ConfigurationError, match="unknown level 'pro'"):
        HoldemBot(1, "pro")


# -- the reference players -------------------------------------------------------------


def test_honest_calls_strong_hands_and_folds_weak_ones_and_never_raises() -> None:
    bot = HonestBot(1, simulations=2000)
    assert bot.win_rate(parse_cards("As Ad"), (), 6) > 1 / 6
    assert bot.win_rate(parse_cards("7c 2d"), (), 6) < 1 / 6
    info = GameInfo.from_game(NL, 6, BLINDS)
    kinds = set()
    for seed in range(40):
        hand = _hand(seed)
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            action = bot.decide(view, info)
            kinds.add(action.kind)
            hand.act(action)
    assert kinds == {"fold", "check_or_call"}


def test_fish_always_calls() -> None:
    hand = _hand(4)
    hand.complete_bet_or_raise_to(150)
    view = hand.view(hand.actor)
    assert FishBot(1).decide(view, GameInfo.from_game(NL, 6, BLINDS)) == Action.check_or_call()


def test_rlcard_mapping() -> None:
    assert rlcard_cards(parse_cards("Tc 9h 2s Ad")) == ["CT", "H9", "S2", "DA"]
    assert rlcard_legal_actions(True, 4, False) == ["call", "fold"]
    assert rlcard_legal_actions(False, 0, True) == ["raise", "fold", "check"]


def test_rlcard_rule_agent_through_the_adapter() -> None:
    pytest.importorskip("rlcard")
    from pokerbonus.bots.reference import RLCardRuleBot

    info = GameInfo.from_game(FL, 2, BLINDS)
    deck = list(make_deck(52))
    # a pocket pair pre-flop: the rule agent raises; seven-deuce: it folds
    for hole, kind in (("Qs Qd", "raise_to"), ("7c 2d", "fold")):
        cards = parse_cards(hole)
        rest = [c for c in deck if c not in cards]
        order = [cards[0], rest[0], cards[1], rest[1], *rest[2:]]  # dealer 1: seat 0 first
        hand = Hand(FL, [100, 100], dealer=1, stakes=BLINDS, deck=order)
        assert hand.actor == 1
        hand.complete_bet_or_raise_to(4)  # the button raises
        view = hand.view(0)
        assert view.hole == tuple(cards)
        assert RLCardRuleBot(1).decide(view, info).kind == kind


# -- smoke matches (a positive mean over a short fixed-seed match; significance is
#    the benchmark's job: benchmarks/bench_holdem_bots.py) -------------------------------


@pytest.mark.parametrize(
    ("game", "lineup", "hands"),
    [
        (NL, ["holdem:hard", "holdem:fish"], 200),
        (NL, ["holdem:hard", "holdem:honest"], 300),
        (NL, ["holdem:hard", *["holdem:fish"] * 5], 60),
    ],
    ids=["hard-fish-hu", "hard-honest-hu", "hard-5-fish"],
)
def test_smoke_hard_wins_a_short_match(game, lineup, hands) -> None:  # type: ignore[no-untyped-def]
    result = play_game_match(game, BLINDS, lineup, hands, seed=2, duplicate=True)
    first = result.results[0]
    assert first.fallbacks == 0
    assert first.mbb_per_hand > 0
