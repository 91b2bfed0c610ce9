"""The bots of the catalog games beyond hold'em, Omaha, stud, razz and draw
lowball: short deck, double board, Omaha and Courchevel high/low, Aviation,
Courchevel, Pineapple, Crazy Pineapple, Irish, badugi, five-card stud and stud
eight-or-better. Legal answers at real tables of each game, views only, sane
kernels, and short duplicate matches against the calling station."""

from __future__ import annotations

import random
from itertools import combinations

import numpy as np
import pytest

from pokerbonus.bots import Budget, GameInfo, is_legal
from pokerbonus.bots.badugi import BadugiBot
from pokerbonus.bots.equity_bots import read_table
from pokerbonus.bots.equity_kernels import STUD_HILO, get_tables, stud_equity
from pokerbonus.bots.game_bots import GAME_FAMILIES, bot_names, make_game_bot
from pokerbonus.bots.pineapple import PineappleBot
from pokerbonus.bots.variant_kernels import (
    RULE_HIGH,
    RULE_OMAHA_HILO,
    RULE_SHORT,
    badugi_discard_mask,
    badugi_draw_mask,
    badugi_equity,
    badugi_value,
    board_equity,
)
from pokerbonus.cards import parse_cards
from pokerbonus.engine import Hand
from pokerbonus.engine.actions import Action
from pokerbonus.hands.low import badugi_best, badugi_rank
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.sim.game_match import play_game_match

NEW_GAMES = [
    "short-deck", "double-board-holdem", "omaha-hi-lo", "aviation", "courchevel",
    "courchevel-hi-lo", "irish", "pineapple", "crazy-pineapple", "badugi",
    "five-card-stud", "stud-hi-lo",
]  # fmt: skip


def _a(text: str) -> np.ndarray:
    return np.array([int(c) for c in parse_cards(text)], np.int64)


def test_every_catalog_game_has_bots() -> None:
    assert set(GAME_FAMILIES) == set(CATALOG)
    for game in CATALOG:
        assert bot_names(game)[:3] == ("easy", "medium", "hard")


@pytest.mark.parametrize("key", NEW_GAMES)
def test_every_answer_is_legal_and_from_the_seat_view(key: str) -> None:
    entry = CATALOG[key]
    game = entry.game()
    stakes = entry.stakes()
    family = GAME_FAMILIES[key]
    rng = random.Random(11)
    for trial in range(4):
        players = 2 + trial % 3
        bots = [make_game_bot(f"{family}:{lvl}", trial * 7 + i)
                for i, lvl in enumerate(("easy", "medium", "hard", "hard")[:players])]  # fmt: skip
        info = GameInfo.from_game(game, players, stakes)
        hand = Hand(game, [rng.randint(20, 200) for _ in range(players)], dealer=trial % players,
                    stakes=stakes, rng=rng)  # fmt: skip
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            action = bots[seat].decide(view, info, Budget(samples=60))
            assert view.legal is not None and is_legal(action, view.legal, view.hole), action
            hand.act(action)
        assert sum(hand.net) == 0


def test_board_equity_short_deck_double_board_and_hilo() -> None:
    t = get_tables()
    none = np.zeros(0, np.int64)
    one = (np.ones((1, 52, 52)), np.zeros(1), np.zeros((1, 3), np.int64), np.ones((1, 3)))

    def eq(rule: int, hero: str, boards: list[str], samples: int = 6000) -> float:
        rows = np.zeros((max(1, len(boards)), 5), np.int64)
        known = len(parse_cards(boards[0])) if boards else 0
        for i, b in enumerate(boards):
            rows[i, :known] = _a(b)
        return float(board_equity(rule, _a(hero), rows, known, none, *one, samples, 3, t))

    # short deck: A 6 7 8 9 is a straight, a flush beats a full house
    assert (
        eq(RULE_SHORT, "As Jh", ["6c 7d 8h 9s Kc"])
        > eq(RULE_HIGH, "As Jh", ["6c 7d 8h 9s Kc"]) + 0.3
    )
    assert (
        eq(RULE_SHORT, "Ah 7h", ["Qh Jh 6h 6s Qd"])
        > eq(RULE_HIGH, "Ah 7h", ["Qh Jh 6h 6s Qd"]) + 0.1
    )
    # double board: the average of the two boards' shares
    first, second = eq(RULE_HIGH, "As Ad", ["Ac 7d 2h"]), eq(RULE_HIGH, "As Ad", ["9s Ts Jc"])
    assert eq(RULE_HIGH, "As Ad", ["Ac 7d 2h", "9s Ts Jc"]) == pytest.approx(
        (first + second) / 2, abs=0.03
    )
    # Omaha high/low: a steel wheel scoops nearly always
    assert eq(RULE_OMAHA_HILO, "As 2s Kd Qc", ["3s 4s 5s Td Jh"]) > 0.97
    # the nut low is at least a quartered half; without a low, no share of the low half
    assert 0.25 < eq(RULE_OMAHA_HILO, "Ad 2c 9h 9d", ["3s 4s 8s Kd Kh"]) < 0.8
    assert eq(RULE_OMAHA_HILO, "Kc Qc 9h 9d", ["3s 4s 8s Kd Kh"]) < eq(
        RULE_OMAHA_HILO, "Kc 2c 9h Ad", ["3s 4s 8s Kd Kh"]
    )


def test_stud_hilo_equity_splits() -> None:
    t = get_tables()
    up = _a("Kc").reshape(1, 1)

    def eq(hero: str, mode: int) -> float:
        return float(stud_equity(mode, _a(hero), up, np.array([1]), np.array([2]), _a(""), 7,
                                 np.array([0]), 0.0, 6000, 2, t))  # fmt: skip

    # rolled-up aces win the high; in eight-or-better the low half often goes elsewhere
    assert eq("As Ah Ad", STUD_HILO) < eq("As Ah Ad", 0)
    # a perfect low start is worth more in eight-or-better than in stud high
    assert eq("As 2h 3d", STUD_HILO) > eq("As 2h 3d", 0) + 0.1


def test_badugi_ranking_draw_and_equity() -> None:
    rng = random.Random(5)
    hands = [rng.sample(range(52), 4) for _ in range(400)]
    ours = [badugi_value(np.array(h, np.int64)) for h in hands]
    ranks = [badugi_rank(badugi_best(h)[0]) for h in hands]
    for (a, ra), (b, rb) in combinations(list(zip(ours, ranks, strict=True))[:80], 2):
        assert (a < b) == (ra < rb) and (a == b) == (ra == rb)
    assert badugi_discard_mask(_a("As 2s 3d 4h"), 7) in (0b0001, 0b0010)
    assert badugi_discard_mask(_a("As 2c 3d Kh"), 7) == 0b1000
    assert BadugiBot(1, "easy").discard(parse_cards("As 2c 3d Kh")) == ()  # easy pats any badugi
    none = np.zeros(0, np.int64)

    def eq(hero: str, mask: int, drawn: int, hero_draws: int = 0, draws: int = 0) -> float:
        return float(badugi_equity(_a(hero), mask, hero_draws, none, np.array([drawn]),
                                   np.array([7]), np.array([draws]), np.array([0]), 0.0, 0.0, 7, 10,
                                   6000, 4))  # fmt: skip

    assert eq("Ac 2d 3h 4s", 0, 2) > 0.95  # the nuts against a two-card draw
    assert eq("Ac 2d 3h Ks", 0, 0) < eq("Ac 2d 3h Ks", 0, 2)  # a king badugi fears a pat hand
    assert eq("Ac 2c 3c 4c", 0, 1) < 0.1  # a one-card hand against a one-card draw
    # every remaining draw counts, for both sides: a king badugi standing pat against a
    # two-card draw with three draws to come, an ace-deuce-trey draw against a pat eight
    assert eq("Ac 2d 3h Ks", 0, 2, 0, 3) < eq("Ac 2d 3h Ks", 0, 2, 0, 1) - 0.05
    assert eq("Ac 2d 3h 3s", 0b1000, 0, 3) > eq("Ac 2d 3h 3s", 0b1000, 0, 1) + 0.05
    # the opponent who has drawn keeps drawing: the draw does worse than against a pat hand
    assert eq("Ac 2d 3h 3s", 0b1000, 1, 3, 3) < eq("Ac 2d 3h 3s", 0b1000, 1, 3, 0)
    assert badugi_draw_mask(_a("As 2c 3d Kh"), 7, 10) == 0b1000  # a king badugi is broken
    assert badugi_draw_mask(_a("As 2c 3d Jh"), 7, 10) == 0  # a jack badugi stands pat


def test_hard_badugi_draws_the_keep_of_best_equity() -> None:
    entry = CATALOG["badugi"]
    info = GameInfo.from_game(entry.game(), 2, entry.stakes())
    for seed in range(40):  # the first draw where another keep beats the table's
        hand = Hand(entry.game(), [200, 200], dealer=0, stakes=entry.stakes(),
                    rng=random.Random(seed))  # fmt: skip
        while hand.legal_actions().decision != "draw":
            hand.act(Action.check_or_call())
        assert hand.actor is not None
        view = hand.view(hand.actor)
        ranked = BadugiBot(3, "hard").keep_equities(view, read_table(view), 400)
        best = max(ranked, key=lambda pair: pair[1])[0]
        if best != ranked[0][0]:
            break
    assert all(0.0 <= e <= 1.0 for _, e in ranked)
    table = BadugiBot(3, "hard").discard(view.hole)
    assert {c for i, c in enumerate(view.hole) if ranked[0][0] >> i & 1} == set(table)
    action = BadugiBot(3, "hard").decide(view, info)  # the same seed, the same deals
    assert set(action.cards) == {c for i, c in enumerate(view.hole) if best >> i & 1}
    assert set(action.cards) != set(table)
    # easy draws by its table, whatever the equities
    assert BadugiBot(3, "easy").decide(view, info).cards == BadugiBot(3, "easy").discard(view.hole)


def test_pineapple_keeps_the_best_pair() -> None:
    game = CATALOG["pineapple"].game()
    hand = Hand(game, [200, 200], dealer=0, stakes=CATALOG["pineapple"].stakes(),
                rng=random.Random(1))  # fmt: skip
    bot = PineappleBot(2, "hard")
    while hand.legal_actions().decision != "discard":
        hand.act(Action.check_or_call())  # both players see the flop
    assert hand.actor is not None
    view = hand.view(hand.actor)
    ranked = bot.keep_equities(view, read_table(view), 400)
    assert len(ranked) == 3 and ranked[0][1] >= ranked[-1][1]
    action = bot.decide(view, GameInfo.from_game(game, 2, CATALOG["pineapple"].stakes()))
    assert set(action.cards) == set(view.hole) - set(ranked[0][0])


SMOKE = [
    ("short-deck", 60), ("omaha-hi-lo", 40), ("pineapple", 60), ("badugi", 60),
    ("five-card-stud", 60), ("stud-hi-lo", 40), ("double-board-holdem", 60),
]  # fmt: skip


@pytest.mark.parametrize(("key", "hands"), SMOKE, ids=[k for k, _ in SMOKE])
def test_hard_beats_the_station_in_a_short_duplicate_match(key: str, hands: int) -> None:
    """A seeded duplicate smoke match: ``hard`` ends ahead of the calling station
    (the significant figures come from the long run below / benchmarks)."""
    entry = CATALOG[key]
    family = GAME_FAMILIES[key]
    result = play_game_match(entry.game(), entry.stakes(), [f"{family}:hard", "station"], hands,
                             seed=9, duplicate=True, samples=150)  # fmt: skip
    by_bot = {r.bot: r for r in result.results}
    assert all(r.fallbacks == 0 for r in result.results)
    assert by_bot[f"{family}:hard"].mbb_per_hand > 0


@pytest.mark.long
@pytest.mark.parametrize("key", NEW_GAMES)
def test_hard_beats_the_station_significantly(key: str) -> None:
    """3,000 duplicate hands: the lower end of ``hard``'s 95% interval is above zero."""
    entry = CATALOG[key]
    family = GAME_FAMILIES[key]
    result = play_game_match(entry.game(), entry.stakes(), [f"{family}:hard", "station"], 3000,
                             seed=2026, duplicate=True)  # fmt: skip
    hard = {r.bot: r for r in result.results}[f"{family}:hard"]
    assert hard.ci95 is not None and hard.ci95[0] > 0, hard


def test_five_card_stud_remembers_a_bet_from_an_earlier_round() -> None:
    """Five-card stud (one down card): an opponent who raised on the first round and
    checked since is still read as holding a pair or better two rounds later, so the
    hero's equity mostly falls against the bot that forgets a raise after one round
    (it stays where the opponent's up cards already show a pair)."""
    entry = CATALOG["five-card-stud"]
    game, stakes = entry.game(), entry.stakes()
    info = GameInfo.from_game(game, 2, stakes)
    lower = deals = 0
    for seed in range(40):
        hand = Hand(game, [500, 500], dealer=0, stakes=stakes, rng=random.Random(seed))
        raiser = hero = None
        while hand.actor is not None and hand.legal_actions().decision == "bet":
            street = read_table(hand.view(hand.actor)).street
            if street == 2 and hand.actor == hero:
                break
            legal = hand.legal_actions()
            if street == 0 and raiser is None and legal.min_raise_to:
                raiser, hero = hand.actor, 1 - hand.actor
                hand.act(Action.raise_to(legal.min_raise_to))
            else:
                hand.act(Action.check_or_call())
        else:
            continue
        assert raiser is not None and hero is not None
        view = hand.view(hero)
        read = read_table(view)
        assert read.aggressive(raiser, 0) and not read.aggressive(raiser, 1)
        remembers = make_game_bot("stud5:hard", seed=3)
        forgets = make_game_bot("stud5:hard", seed=3)
        forgets.memory, forgets.leak = False, 0.3  # type: ignore[attr-defined]
        with_memory = remembers.equity(view, read, info, 20_000)  # type: ignore[attr-defined]
        without = forgets.equity(view, read, info, 20_000)  # type: ignore[attr-defined]
        deals += 1
        lower += with_memory < without - 0.02
        if deals == 20:
            break
    assert deals == 20 and lower >= 15, (deals, lower)
