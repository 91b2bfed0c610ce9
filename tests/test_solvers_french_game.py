"""The abstract French draw game: its public tree, the CFR kernels and their exactness.

The central check: on a small abstract game written out in full as an ordinary
two-player game (every bucket dealt by an explicit chance node, perfect recall:
the post-draw information sets remember the pre-draw bucket), the exact best
responses and values of :mod:`pokerbonus.solvers.best_response` equal those of
the public-tree kernels, which keep only the post-draw bucket after the draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import Policy, best_response_values, build_game, expected_value
from pokerbonus.solvers.french.cards import CardAbstraction
from pokerbonus.solvers.french.solver import DrawSolver
from pokerbonus.solvers.french.tree import (
    ACT_CALL,
    ACT_FOLD,
    BET,
    DRAW,
    FOLD_END,
    LIMIT_HEADS_UP,
    NO_LIMIT_HEADS_UP,
    SHOWDOWN,
    Betting,
    GameSpec,
    PublicTree,
    build_tree,
)
from pokerbonus.solvers.game import CHANCE, TERMINAL, GameDescription

PRE, POST = 3, 4


def _synthetic(seed: int, pre: int = PRE, post: int = POST) -> CardAbstraction:
    """A card abstraction with random chances and transitions (the kernels use nothing
    else of it)."""
    rng = np.random.default_rng(seed)
    probs = rng.dirichlet(np.ones(pre))
    trans = rng.dirichlet(np.ones(post), size=(pre, 4))
    empty = np.zeros(0, dtype=np.int64)
    return CardAbstraction(
        deck=32, pre_buckets=pre, post_buckets=post, seed=seed, keys=empty, counts=empty,
        class_bucket=np.zeros(0, dtype=np.int32), discards=np.zeros((0, 4), dtype=np.int8),
        edges=np.zeros(post - 1, dtype=np.int32), transitions=trans, pre_probs=probs,
        values=np.zeros((2, 1), dtype=np.int32),
    )  # fmt: skip


SMALL = GameSpec(2, Betting("limit", max_raises=(1, 1)), 32, pre_buckets=PRE, post_buckets=POST,
                 draws=(0, 1, 3))  # fmt: skip


@dataclass(frozen=True)
class _State:
    node: int
    pre: tuple[int, ...]  # -1: not dealt yet
    post: tuple[int, ...]  # -1: not drawn
    pending: int  # a player whose draw waits for its chance outcome, else -1


class _Explicit(GameDescription[_State]):
    """The abstract game written out with explicit chance nodes and perfect recall."""

    name = "explicit french draw"

    def __init__(self, tree: PublicTree, cards: CardAbstraction) -> None:
        self.tree = tree
        self.cards = cards

    def initial_state(self) -> _State:
        return _State(-1, (-1, -1), (-1, -1), -1)

    def player(self, s: _State) -> int:
        if s.node < 0 or s.pending >= 0:
            return CHANCE
        kind = int(self.tree.kind[s.node])
        if kind in (FOLD_END, SHOWDOWN):
            return TERMINAL
        return int(self.tree.actor[s.node])

    def actions(self, s: _State) -> Sequence[str]:
        return [str(c) for c in self.tree.children(s.node)]

    def chance_outcomes(self, s: _State) -> Sequence[tuple[str, float]]:
        c = self.cards
        if s.node < 0:
            return [
                (f"{a}.{b}", float(c.pre_probs[a] * c.pre_probs[b]))
                for a in range(c.pre_buckets)
                for b in range(c.pre_buckets)
            ]
        p = s.pending
        d = int(self.tree.amount[s.node])
        return [(str(q), float(c.transitions[s.pre[p], d, q])) for q in range(c.post_buckets)]

    def child(self, s: _State, action: str) -> _State:
        if s.node < 0:
            a, b = (int(x) for x in action.split("."))
            return _State(0, (a, b), (-1, -1), -1)
        if s.pending >= 0:
            post = list(s.post)
            post[s.pending] = int(action)
            return _State(s.node, s.pre, tuple(post), -1)
        child = int(action)
        if int(self.tree.kind[s.node]) == DRAW:
            return _State(child, s.pre, s.post, int(self.tree.actor[s.node]))
        return _State(child, s.pre, s.post, -1)

    def infoset(self, s: _State) -> str:
        p = int(self.tree.actor[s.node])
        return f"{s.node}|{s.pre[p]}|{s.post[p]}"

    def payoff(self, s: _State) -> float:
        tree = self.tree
        contrib = tree.contrib[s.node]
        pot = float(contrib.sum())
        if int(tree.kind[s.node]) == FOLD_END:
            winner = 0 if tree.folded[s.node, 1] else 1
            return (pot if winner == 0 else 0.0) - float(contrib[0])
        q0, q1 = s.post
        share = 1.0 if q0 > q1 else 0.5 if q0 == q1 else 0.0
        return share * pot - float(contrib[0])


def _explicit_policy(game: object, tree: PublicTree, probs: np.ndarray) -> Policy:
    """The public-tree policy as a policy of the explicit game (the same row for
    every pre-draw bucket after the draw)."""
    mapping: dict[str, list[float]] = {}
    for name in game.infoset_names:  # type: ignore[attr-defined]
        node, pre, post = (int(x) for x in name.split("|"))
        bucket = post if post >= 0 else pre
        count = int(tree.num_children[node])
        base = int(tree.slot[node]) + bucket * count
        mapping[name] = list(probs[base : base + count])
    return Policy.from_mapping(game, mapping)  # type: ignore[arg-type]


def _random_policy(tree: PublicTree, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    out = np.zeros(tree.num_slots)
    for node in np.flatnonzero(tree.slot >= 0):
        count = int(tree.num_children[node])
        base = int(tree.slot[node])
        rows = rng.dirichlet(np.ones(count) * 0.7, size=int(tree.width[node]))
        out[base : base + rows.size] = rows.ravel()
    return out


@pytest.fixture(scope="module")
def small() -> tuple[PublicTree, CardAbstraction, object]:
    cards = _synthetic(3)
    tree = build_tree(SMALL, POST)
    game = build_game(_Explicit(tree, cards))
    return tree, cards, game


def test_kernels_equal_the_explicit_game(small: tuple[PublicTree, CardAbstraction, object]) -> None:
    """Values and exact best responses of random policies: the public-tree walk (which
    forgets the pre-draw bucket after the draw) equals the perfect-recall game."""
    tree, cards, game = small
    solver = DrawSolver(tree, cards)
    for seed in (1, 2, 3):
        probs = _random_policy(tree, seed)
        policy = _explicit_policy(game, tree, probs)
        ev = expected_value(game, policy)  # type: ignore[arg-type]
        br0, br1 = best_response_values(game, policy)  # type: ignore[arg-type]
        values = solver.values(probs)
        assert values[0] == pytest.approx(ev, abs=1e-9)
        assert values[1] == pytest.approx(-ev, abs=1e-9)
        assert solver.best_responses(probs) == pytest.approx((br0, br1), abs=1e-9)


def test_full_width_cfr_converges(small: tuple[PublicTree, CardAbstraction, object]) -> None:
    tree, cards, game = small
    solver = DrawSolver(tree, cards, weighting="dcfr")
    gaps = []
    for target in (10, 100, 1000):
        solver.run(target - solver.iteration)
        gaps.append(solver.evaluate(solver.average_policy()).exploitability)
    assert gaps[0] > gaps[1] > gaps[2]
    assert gaps[2] < 1e-4
    # the value agrees with the explicit game's CFR+ value within the exploitability bound
    from pokerbonus.solvers import solve

    reference = solve(game, 1000)  # type: ignore[arg-type]
    value = solver.values(solver.average_policy())[0]
    assert abs(value - reference.value) <= 2 * (gaps[2] + reference.exploitability)


def test_sampled_cfr_converges(small: tuple[PublicTree, CardAbstraction, object]) -> None:
    """Monte Carlo CFR (opponents' actions sampled) on the same game: exploitability
    falls, and two runs with the same seed are identical."""
    tree, cards, _ = small
    a = DrawSolver(tree, cards, weighting="linear", sample=True)
    gaps = []
    for target in (100, 1000, 10000):
        a.run(target - a.iteration, seed=4)
        gaps.append(a.evaluate(a.average_policy()).exploitability)
    assert gaps[0] > gaps[1] > gaps[2]
    assert gaps[2] < 0.05
    b = DrawSolver(tree, cards, weighting="linear", sample=True)
    b.run(10000, seed=4)
    assert np.array_equal(a.regret, b.regret) and np.array_equal(a.avg, b.avg)


def test_sampled_regrets_are_unbiased(small: tuple[PublicTree, CardAbstraction, object]) -> None:
    """The mean of many sampled walks' regret increments is the full-width increment
    (the importance weights make each walk an unbiased estimate)."""
    tree, cards, _ = small
    rng = np.random.default_rng(7)
    regret = rng.normal(size=tree.num_slots)
    full = DrawSolver(tree, cards, weighting="linear")
    full.regret[:] = regret
    empty = np.zeros(0)
    exact = np.zeros(tree.num_slots)
    full._walk(0, 0, empty, exact, np.zeros(tree.num_slots), False)
    sampled = DrawSolver(tree, cards, weighting="linear", sample=True, batch=4000, shards=4)
    sampled.regret[:] = regret
    from pokerbonus.solvers.french.solver import Job

    total = np.zeros(tree.num_slots)
    for lo, hi in sampled.groups():
        _scatter(tree, sampled.walk_group(Job(0, 1, 9, lo, hi)), total)
    mean = total / 4000
    scale = np.abs(exact).max()
    assert np.abs(mean - exact).max() < 0.05 * scale


def _scatter(tree: PublicTree, part: object, total: np.ndarray) -> None:
    m = 0
    for node in part.nodes:  # type: ignore[attr-defined]
        lo = int(tree.slot[node])
        size = int(tree.width[node] * tree.num_children[node])
        total[lo : lo + size] += part.delta[m : m + size]  # type: ignore[attr-defined]
        m += size


def test_betting_rules_of_the_tree() -> None:
    """RULES.md sections 5 and 6 in the abstract tree: no fold before the opening,
    position 0 speaks first in both rounds, the draw after the first round, the
    raise cap of the abstraction, the all-in ends the betting."""
    tree = build_tree(GameSpec(2, LIMIT_HEADS_UP, 32, pre_buckets=4, post_buckets=4), 4)
    assert tree.describe(0) == "position 0 to bet: k b1"
    assert ACT_FOLD not in [int(tree.act[c]) for c in tree.children(0)]
    for node in range(tree.num_nodes):
        kind = int(tree.kind[node])
        if kind == BET and int(tree.bets[node].max()) > int(tree.bets[node, tree.actor[node]]):
            assert int(tree.act[tree.first_child[node]]) == ACT_FOLD
        if kind == BET and int(tree.round[node]) == 1:
            first = int(tree.parent[node])
            if int(tree.kind[first]) == DRAW:
                assert int(tree.actor[node]) == 0
    nl = build_tree(GameSpec(2, NO_LIMIT_HEADS_UP, 32, pre_buckets=4, post_buckets=4), 4)
    all_in = [n for n in range(nl.num_nodes) if int(nl.contrib[n].min()) == 100]
    assert all_in and all(int(nl.kind[n]) in (DRAW, SHOWDOWN) for n in all_in)
    calls = [c for c in nl.children(0) if int(nl.act[c]) == ACT_CALL]
    assert nl.label(calls[0]) == "k"


def test_solver_settings_are_checked() -> None:
    cards = _synthetic(1)
    tree = build_tree(SMALL, POST)
    with pytest.raises(ConfigurationError, match="dcfr"):
        DrawSolver(tree, cards, weighting="dcfr", sample=True)
    with pytest.raises(ConfigurationError, match="shards"):
        DrawSolver(tree, cards, weighting="linear", sample=True, batch=2, shards=3)
    with pytest.raises(ConfigurationError, match="weighting"):
        DrawSolver(tree, cards, weighting="fast")  # type: ignore[arg-type]


def test_checkpoint_resume_and_workers(tmp_path: Path) -> None:
    """A run stopped and resumed from its checkpoint ends where an unbroken run ends,
    and the groups of sampled walks give the same strategy in other processes."""
    from pokerbonus.solvers.french.recipes import Recipe
    from pokerbonus.solvers.french.train import ProcessRunner, train

    recipe = Recipe("t", SMALL, 40, weighting="linear", sample=True, batch=4, shards=2, seed=3)
    cards = _synthetic(5)
    tree = build_tree(SMALL, POST)

    def solver() -> DrawSolver:
        return DrawSolver(tree, cards, weighting="linear", sample=True, batch=4, shards=2)

    whole = train(recipe, solver=solver(), measure=False)
    path = tmp_path / "run.npz"
    train(recipe, iterations=15, solver=solver(), checkpoint=path, measure=False)
    resumed = train(recipe, solver=solver(), checkpoint=path, measure=False)
    assert resumed.solver.iteration == 40
    assert np.array_equal(whole.solver.regret, resumed.solver.regret)
    # a checkpoint past the iterations asked is refused, not taken for them
    with pytest.raises(ConfigurationError, match="at iteration 40, past the 20 asked"):
        train(recipe, iterations=20, solver=solver(), checkpoint=path, measure=False)
    base = solver()
    runner = ProcessRunner(base, 2)
    try:
        other = train(recipe, solver=base, runner=runner, measure=False)
    finally:
        runner.close()
    assert np.array_equal(whole.solver.avg, other.solver.avg)


def test_a_raise_size_of_zero_is_the_minimum_raise() -> None:
    """``raises`` of 0.0 offers the minimum raise (the last full bet again): heads-up,
    after an opening pot (2 chips into 2), the raises are to 4 (the minimum), to 8
    (a pot) and the all-in; a negative size is refused."""
    from pokerbonus.solvers.french.tree import build_tree

    betting = Betting(
        "no-limit", max_raises=(1, 0), opens=((1.0,), (1.0,)), raises=((0.0, 1.0), ())
    )
    tree = build_tree(GameSpec(2, betting, 32, pre_buckets=2, post_buckets=2), post=2)
    opened = next(c for c in tree.children(0) if tree.label(c) == "b2")
    assert [tree.label(c) for c in tree.children(opened)] == ["f", "c", "r4", "r8", "r99"]
    with pytest.raises(ConfigurationError, match="minimum raise"):
        Betting("no-limit", max_raises=(1, 0), opens=((1.0,), ()), raises=((-0.5,), ()))
