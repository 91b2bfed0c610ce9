"""Omaha, stud/razz and draw lowball equity bots: legal answers in every game,
sane equities, the lowball draw, and short smoke matches."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerbonus.bots import Budget, GameInfo, is_legal
from pokerbonus.bots.equity_kernels import (
    LOW_27,
    LOW_A5,
    get_tables,
    low_discard_mask,
    lowball_equity,
    omaha_score,
    stud_equity,
)
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.bots.lowball import LowballBot
from pokerbonus.bots.omaha import omaha_percentile
from pokerbonus.cards import parse_cards
from pokerbonus.engine import Hand
from pokerbonus.rules import (
    BettingRound,
    Deal,
    GameDef,
    HandRule,
    PostForcedBets,
    Showdown,
    Stakes,
    Step,
)
from pokerbonus.rules.betting import limit
from pokerbonus.rules.catalog import (
    ace_to_five_draw,
    deuce_to_seven_single_draw,
    deuce_to_seven_triple_draw,
    omaha,
)
from pokerbonus.sim.game_match import play_game_match

BLINDS = Stakes(ante=0, blinds=(1, 2))


def _stud(low: bool) -> GameDef:
    """Seven-card stud (or razz) without the bring-in (the engine lacks that step):
    antes, two down and one up, three up, one down, a round after each deal."""
    steps: list[Step] = [PostForcedBets(), Deal(2), Deal(1, "up"), BettingRound("small")]
    for big in (False, True, True):
        steps += [Deal(1, "up"), BettingRound("big" if big else "small")]
    steps += [Deal(1), BettingRound("big"), Showdown()]
    rule = HandRule(None, "a5") if low else HandRule("high")
    return GameDef("razz" if low else "seven-card stud", tuple(steps), rule=rule,
                   structure=limit(2, 4), max_players=7)  # fmt: skip


STUD, RAZZ = _stud(False), _stud(True)
ANTES = Stakes(ante=1)

GAMES = [
    ("omaha", omaha(), BLINDS),
    ("stud", STUD, ANTES),
    ("razz", RAZZ, ANTES),
    ("lowball-a5", ace_to_five_draw(), BLINDS),
    ("lowball-27", deuce_to_seven_single_draw(), BLINDS),
    ("lowball-27", deuce_to_seven_triple_draw(), BLINDS),
]


def _a(text: str) -> np.ndarray:
    return np.array([int(c) for c in parse_cards(text)], np.int64)


@pytest.mark.parametrize(("prefix", "game", "stakes"), GAMES, ids=[g.name for _, g, _ in GAMES])
def test_every_answer_is_legal(prefix: str, game: GameDef, stakes: Stakes) -> None:
    rng = random.Random(3)
    levels = ["easy", "medium", "hard"]
    for trial in range(8):
        players = 2 + trial % 4
        bots = [make_game_bot(f"{prefix}:{rng.choice(levels)}", trial + i) for i in range(players)]
        info = GameInfo.from_game(game, players, stakes)
        hand = Hand(game, [rng.randint(5, 200) for _ in range(players)], dealer=trial % players,
                    stakes=stakes, rng=rng)  # fmt: skip
        while not hand.finished:
            seat = hand.actor
            assert seat is not None
            view = hand.view(seat)
            action = bots[seat].decide(view, info, Budget(samples=100))
            assert view.legal is not None and is_legal(action, view.legal, view.hole)
            hand.act(action)
        assert sum(hand.net) == 0


def test_omaha_buckets() -> None:
    assert (
        omaha_score(_a("As Ad Ks Kd"))
        > omaha_score(_a("Qh Jh Tc 9c"))
        > omaha_score(_a("7c 2d 8h 3s"))
    )
    assert omaha_percentile(omaha_score(_a("As Ad Ks Kd"))) < 0.01
    assert omaha_percentile(omaha_score(_a("7c 2d 8h 3s"))) > 0.7


def test_stud_equity_reads_up_cards_and_bets() -> None:
    t = get_tables()
    up = _a("Kc").reshape(1, 1)

    def eq(hero: str, strong: int, low: bool = False) -> float:
        return float(stud_equity(low, _a(hero), up, np.array([1]), np.array([2]), _a(""), 7,
                                 np.array([strong]), 0.0, 8000, 2, t))  # fmt: skip

    assert eq("As Ah Ad", 0) > 0.85  # rolled-up aces
    assert eq("9s 9h 2d", 1) < eq("9s 9h 2d", 0)  # against a bettor holding a pair or better
    assert eq("As 2h 3d", 0, low=True) > eq("Ks Qh Jd", 0, low=True)  # razz: low cards win


def test_lowball_draw_and_equity() -> None:
    assert low_discard_mask(_a("As 2d 2h 9c Kd"), LOW_A5, 7) == 0b11100
    assert low_discard_mask(_a("As 2d 3h 4c 7d"), LOW_27, 7) == 0b00001  # ace is high in 2-7
    bot = LowballBot(1, "hard", scheme="27")
    assert bot.discard(parse_cards("2s 3d 4h 5c 6d")) == (parse_cards("6d")[0],)  # a straight
    assert bot.discard(parse_cards("2s 3d 4h 5c 7d")) == ()
    t = get_tables()

    def eq(hero: str, mask: int, drawn: int) -> float:
        return float(lowball_equity(LOW_A5, _a(hero), mask, _a(""), np.array([drawn]),
                                    np.array([7]), np.array([0]), 0.0, 8000, 4, t))  # fmt: skip

    assert eq("As 2d 3h 4c 6s", 0, 3) > 0.9  # a six-low pat against a three-card draw
    assert eq("As 2d 3h 4c 6s", 0, 0) < eq("As 2d 3h 4c 6s", 0, 3)  # against a pat hand
    assert eq("Ks Kd Qh 4c 6s", 0, 1) < 0.1  # a pair of kings against a one-card draw


@pytest.mark.parametrize(
    ("game", "stakes", "lineup", "hands"),
    [
        (omaha(), BLINDS, ["omaha:hard", "omaha:easy"], 80),
        (ace_to_five_draw(), BLINDS, ["lowball-a5:hard", "lowball-a5:easy"], 120),
        (STUD, ANTES, ["stud:hard", "stud:easy"], 60),
    ],
    ids=["omaha", "lowball-a5", "stud"],
)
def test_smoke_matches_run_without_fallbacks(game, stakes, lineup, hands) -> None:  # type: ignore[no-untyped-def]
    """Short fixed-seed matches run through with no fallback (a smoke test: no
    claim on who wins)."""
    result = play_game_match(game, stakes, lineup, hands, seed=5, duplicate=True)
    assert result.hands == hands
    assert all(r.fallbacks == 0 for r in result.results)
    assert abs(sum(r.mbb_per_hand for r in result.results)) < 1e-6
