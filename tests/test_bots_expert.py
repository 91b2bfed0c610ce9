"""The expert bot: the solver's strategy at solver tables and at the French draw tables a
shipped strategy covers, ``hard`` at the others."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np
import pytest

from pokerbonus.bots.expert import (
    ExpertBot,
    SolverPlayer,
    SolverView,
    StationPlayer,
    UniformPlayer,
    expert_policy,
    make_solver_player,
    policy_path,
)
from pokerbonus.bots.expert_table import StrategyPlayer
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
from pokerbonus.rules.betting import POT_LIMIT, limit
from pokerbonus.rules.games import five_card_draw
from pokerbonus.sim.game_match import play_game_match, play_solver_match
from pokerbonus.solvers import Policy, expected_value, exploitability, kuhn_poker, leduc_poker


class _Recording:
    """Wraps a solver-table player and notes every (infoset, action) it plays."""

    def __init__(self, inner: SolverPlayer, seen: dict[str, Counter[str]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen = seen

    def choose(self, view: SolverView) -> str:
        action = self.inner.choose(view)
        self.seen[view.infoset][action] += 1
        return action

    def strategy(self, key: str) -> Policy:
        return self.inner.strategy(key)


def _frequencies_match(seen: dict[str, Counter[str]], policy: Policy, least: int) -> int:
    """Check every infoset met ``least`` times or more: each action's frequency is
    within 4.5 standard errors (plus 0.01) of the policy's probability. Returns how
    many infosets were checked."""
    checked = 0
    for infoset, counts in seen.items():
        n = sum(counts.values())
        if n < least:
            continue
        checked += 1
        for action, p in policy[infoset].items():
            tolerance = 4.5 * math.sqrt(p * (1 - p) / n) + 0.01
            assert abs(counts[action] / n - p) <= tolerance, (infoset, action, counts, p)
    return checked


@pytest.mark.parametrize(("game", "hands", "least"), [("kuhn", 6000, 300), ("leduc", 6000, 150)])
def test_expert_plays_the_solver_strategy_at_a_solver_table(
    game: str, hands: int, least: int
) -> None:
    """Over a match, the expert's action frequencies at each information set it met
    often are the CFR+ average strategy's probabilities."""
    seen: dict[str, Counter[str]] = defaultdict(Counter)

    def factory(name: str, seed: int) -> SolverPlayer:
        player = make_solver_player(name, seed)
        return _Recording(player, seen) if name == "expert" else player

    result = play_solver_match(game, ["expert", "random"], hands, seed=11, factory=factory)
    assert result.hands == hands
    policy = expert_policy(game)
    checked = _frequencies_match(seen, policy, least)
    assert checked >= (6 if game == "kuhn" else 12)
    # mixed infosets are really mixed in play (not a deterministic stand-in)
    mixed = [i for i, c in seen.items() if sum(c.values()) >= least and len(c) > 1]
    assert mixed


def test_expert_strategy_is_the_solver_equilibrium() -> None:
    kuhn, leduc = kuhn_poker(), leduc_poker()
    assert exploitability(kuhn, expert_policy("kuhn")) < 1e-4
    assert expected_value(kuhn, expert_policy("kuhn")) == pytest.approx(-1 / 18, abs=2e-4)
    assert exploitability(leduc, expert_policy("leduc")) < 1e-3


def test_expert_beats_random_by_its_exact_value() -> None:
    """The match mean is within its interval of the exact value of expert (seat 0)
    against uniform random (seat 1), computed on the tree."""
    game = kuhn_poker()
    expert, uniform = expert_policy("kuhn"), UniformPlayer().strategy("kuhn")
    seat0 = game.infoset_player[game.slot_infoset] == 0
    profile = Policy(game, np.where(seat0, expert.probs, uniform.probs))
    exact = 1000 * expected_value(game, profile)
    assert exact > 100  # the equilibrium wins a lot against random play
    result = play_solver_match("kuhn", ["expert", "random"], 8000, seed=3)
    mine = result.results[0]
    assert mine.ci95 is not None and mine.ci95[0] <= exact <= mine.ci95[1]


def test_station_and_random_at_solver_tables() -> None:
    station = StationPlayer(1)
    assert station.choose(SolverView("kuhn", 1, "Jb", ("p", "b"))) == "b"  # calls
    assert station.choose(SolverView("kuhn", 0, "Kpb", ("p", "b"))) == "b"
    assert station.choose(SolverView("kuhn", 0, "K", ("p", "b"))) == "p"  # never bets
    assert station.choose(SolverView("leduc", 0, "Kc|r", ("f", "c", "r"))) == "c"
    assert station.choose(SolverView("reduced-draw", 0, "QcAd|", ("k", "b"))) == "k"
    draw = ("pat", "discard Qc", "discard Ad")
    assert station.choose(SolverView("reduced-draw", 0, "QcAd|kk|draw", draw)) == "discard Qc"
    pair = ("pat", "discard Kc", "discard Kd")
    assert station.choose(SolverView("reduced-draw", 1, "KcKd|kk|draw after 0", pair)) == "pat"
    rand = UniformPlayer(5)
    picks = Counter(
        rand.choose(SolverView("leduc", 0, "Kc|r", ("f", "c", "r"))) for _ in range(3000)
    )
    assert set(picks) == {"f", "c", "r"} and min(picks.values()) > 850
    with pytest.raises(ConfigurationError, match="'hard' does not play the solver games"):
        make_solver_player("hard")


def test_expert_at_an_uncovered_table_is_hard() -> None:
    """Where no shipped strategy covers the table (six players, pot-limit heads-up and
    four-handed, four-handed limit with other bets than the strategies', jokers, a blind
    game) the expert is hard: with the same seeds, a match with expert in a seat
    equals the match with hard there."""
    tables = [
        (
            FIVE_CARD_DRAW,
            Stakes.pot_game(1),
            ["expert", "easy", "medium", "station", "random", "easy"],
        ),
        (five_card_draw(structure=POT_LIMIT), Stakes.pot_game(1), ["expert", "medium"]),
        (
            five_card_draw(structure=POT_LIMIT),
            Stakes.pot_game(1),
            ["expert", "medium", "easy", "station"],
        ),
        (  # limit bets of 2 and 4 antes: the strategies' are 1 and 2
            five_card_draw(structure=limit(2, 4)),
            Stakes.pot_game(1),
            ["expert", "medium", "easy", "station"],
        ),
        (five_card_draw(jokers=1), Stakes.pot_game(1), ["expert", "medium"]),
        (FIVE_CARD_DRAW, Stakes.blind_game(2), ["expert", "medium"]),
    ]
    for game, stakes, lineup in tables:
        hard = ["hard" if name == "expert" else name for name in lineup]
        a = play_game_match(game, stakes, lineup, 24, seed=8, duplicate=True)
        b = play_game_match(game, stakes, hard, 24, seed=8, duplicate=True)
        assert a.results[0].bot == "expert"
        assert [(r.mbb_per_hand, r.decisions) for r in a.results] == [
            (r.mbb_per_hand, r.decisions) for r in b.results
        ]
    bot = make_game_bot("expert", seed=1)
    assert isinstance(bot, ExpertBot) and bot.name == "expert"


def test_expert_at_a_covered_table_plays_its_strategy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Heads-up no-limit (a shipped strategy): every decision of expert is a draw from
    the strategy's probabilities at its node and bucket. Calibration over the match:
    the actions the strategy gives probability p to are taken about a share p of the
    time (within 4.5 standard errors in each tenth of [0, 1])."""
    picks: list[tuple[tuple[float, ...], int]] = []
    original = StrategyPlayer._pick

    def pick(self: StrategyPlayer, probs: object) -> int:
        choice = original(self, probs)
        picks.append((tuple(float(p) for p in probs), choice))  # type: ignore[attr-defined]
        return choice

    monkeypatch.setattr(StrategyPlayer, "_pick", pick)
    play_game_match(FIVE_CARD_DRAW, Stakes.pot_game(1), ["expert", "medium"], 600, seed=4)
    assert len(picks) > 1000
    bins: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for probs, choice in picks:
        for a, p in enumerate(probs):
            bins[min(int(p * 10), 9)].append((p, int(a == choice)))
    checked = 0
    for rows in bins.values():
        if len(rows) < 100:
            continue
        mean_p = sum(p for p, _ in rows) / len(rows)
        share = sum(x for _, x in rows) / len(rows)
        spread = math.sqrt(sum(p * (1 - p) for p, _ in rows)) / len(rows)
        assert abs(share - mean_p) <= 4.5 * spread + 0.005, (mean_p, share, len(rows))
        checked += 1
    assert checked >= 4


def test_refused_strategy_file_plays_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A strategy file that is refused (damaged or stale) leaves expert playing hard."""
    from pokerbonus.bots import expert_table
    from pokerbonus.solvers.french.store import StrategyFileError

    def refuse(key: str) -> object:
        raise StrategyFileError(f"strategy file {key!r}: damaged")

    monkeypatch.setattr(expert_table, "shipped_strategy", refuse)
    stakes = Stakes.pot_game(1)
    a = play_game_match(FIVE_CARD_DRAW, stakes, ["expert", "medium"], 40, seed=2)
    b = play_game_match(FIVE_CARD_DRAW, stakes, ["hard", "medium"], 40, seed=2)
    assert [(r.mbb_per_hand, r.decisions) for r in a.results] == [
        (r.mbb_per_hand, r.decisions) for r in b.results
    ]


def test_strategy_is_cached_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path))
    expert_policy.cache_clear()
    try:
        first = expert_policy("kuhn", 50)
        path = policy_path("kuhn", 50)
        assert path.parent == tmp_path and path.exists()
        expert_policy.cache_clear()
        assert np.array_equal(expert_policy("kuhn", 50).probs, first.probs)  # read back
        # a file made for another tree, or a damaged one, is solved again
        with path.open("wb") as handle:
            np.savez(handle, fingerprint=np.array("other"), probs=np.ones(24) / 2)
        expert_policy.cache_clear()
        assert np.array_equal(expert_policy("kuhn", 50).probs, first.probs)
        path.write_bytes(b"not a numpy file")
        expert_policy.cache_clear()
        assert np.array_equal(expert_policy("kuhn", 50).probs, first.probs)
    finally:
        expert_policy.cache_clear()
    with pytest.raises(ConfigurationError, match="unknown 'poker'"):
        expert_policy("poker")


def test_expert_answers_an_overbet_all_in_as_hard() -> None:
    """Facing an all-in many times the pot (a maniac's open before the draw, heads-up,
    a covered table) expert answers with hard's equity against the bettor's range:
    the same action as hard with the same seed, and trips or better always call."""
    import random

    from pokerbonus.bots.base import GameInfo, category_of
    from pokerbonus.bots.draw import HardBot, facing_fraction
    from pokerbonus.bots.expert import OVERBET
    from pokerbonus.engine import Hand
    from pokerbonus.hands import Category

    info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
    rng = random.Random(5)
    strong = 0
    for deal in range(60):
        hand = Hand(
            FIVE_CARD_DRAW, [100, 100], dealer=deal % 2, rng=random.Random(rng.getrandbits(32))
        )
        legal = hand.legal_actions()
        assert legal.max_raise_to is not None
        hand.complete_bet_or_raise_to(legal.max_raise_to)  # the opener shoves
        view = hand.view(hand.actor)
        assert facing_fraction(view) > OVERBET
        expert, hard = ExpertBot(deal), HardBot(deal)
        assert view.seat is not None
        expert.new_hand(view.seat, info)
        hard.new_hand(view.seat, info)
        action = expert.decide(view, info)
        assert action == hard.decide(view, info)
        if info.strength(category_of(view.hole, info)) >= info.strength(Category.TRIPS):
            strong += 1
            assert action.kind == "check_or_call"
    assert strong >= 1
