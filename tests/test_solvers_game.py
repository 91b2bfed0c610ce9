"""The game arrays, their checks, policies and exact best responses (pokerbonus.solvers)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import (
    CHANCE,
    TERMINAL,
    Game,
    GameDescription,
    Policy,
    best_response,
    best_response_values,
    build_game,
    expected_value,
    exploitability,
    kuhn_poker,
    leduc_poker,
    to_mbb,
)
from pokerbonus.solvers.draw import draw_poker
from pokerbonus.solvers.kuhn import KuhnPoker


@pytest.fixture(scope="module", params=["kuhn", "leduc", "draw"])
def game(request: pytest.FixtureRequest) -> Game:
    return {"kuhn": kuhn_poker, "leduc": leduc_poker, "draw": draw_poker}[request.param]()


def test_tree_arrays_are_consistent(game: Game) -> None:
    """Parents first, consecutive children, chance rows summing to 1, slots in order."""
    n = game.num_nodes
    parent = game.node_parent
    assert parent[0] == -1 and np.all(parent[1:] < np.arange(1, n))
    kids = np.arange(1, n)
    first = game.node_first_child[parent[1:]]
    assert np.all((first <= kids) & (kids < first + game.node_num_children[parent[1:]]))
    assert game.node_num_children.sum() == n - 1
    terminal = game.node_player == TERMINAL
    assert np.all((game.node_num_children == 0) == terminal)
    chance_nodes = np.flatnonzero(game.node_player == CHANCE)
    sums = np.zeros(n)
    np.add.at(sums, parent[1:], game.node_chance[1:])
    np.testing.assert_allclose(sums[chance_nodes], 1.0, rtol=0, atol=1e-12)
    for node in np.flatnonzero(game.node_player >= 0)[:2000]:
        k = game.node_infoset[node]
        assert game.infoset_player[k] == game.node_player[node]
        children = range(
            game.node_first_child[node], game.node_first_child[node] + game.node_num_children[node]
        )
        assert [game.node_slot[c] for c in children] == list(
            range(game.infoset_offset[k], game.infoset_offset[k + 1])
        )
    decisions = np.flatnonzero(game.node_player >= 0)
    assert sorted(game.decisions.tolist()) == decisions.tolist()
    assert not game.node_payoff.flags.writeable


def test_kuhn_tree() -> None:
    game = kuhn_poker()
    assert int((game.node_player == TERMINAL).sum()) == 30
    assert game.player_of("K") == 0 and game.player_of("Kb") == 1
    assert game.infoset_level[game.infoset_index("Qpb")] == 1
    assert game.infoset_level[game.infoset_index("Qp")] == 0
    assert sorted(game.node_payoff[game.node_player == TERMINAL].tolist()) == (
        [-2.0] * 6 + [-1.0] * 9 + [1.0] * 9 + [2.0] * 6
    )
    with pytest.raises(ConfigurationError, match="'Xp'"):
        game.infoset_index("Xp")


class _Broken(GameDescription[tuple[str, ...]]):
    """A one-card game whose flaws are switched on one at a time."""

    name = "broken"

    def __init__(self, flaw: str) -> None:
        self.flaw = flaw

    def initial_state(self) -> tuple[str, ...]:
        return ()

    def player(self, state: tuple[str, ...]) -> int:
        if not state:
            return CHANCE
        if len(state) == 1 and self.flaw == "player":
            return 7
        return TERMINAL if len(state) == 3 else len(state) - 1

    def actions(self, state: tuple[str, ...]) -> Sequence[str]:
        if self.flaw == "duplicate":
            return ("a", "a")
        if self.flaw == "actions" and state[0] == "y":
            return ("a", "c")
        return ("a", "b")

    def chance_outcomes(self, state: tuple[str, ...]) -> Sequence[tuple[str, float]]:
        return (("x", 0.5), ("y", 0.6 if self.flaw == "chance" else 0.5))

    def child(self, state: tuple[str, ...], action: str) -> tuple[str, ...]:
        return (*state, action)

    def infoset(self, state: tuple[str, ...]) -> str:
        return "".join(state) if len(state) == 1 else "?" + state[1]

    def payoff(self, state: tuple[str, ...]) -> float:
        return 1.0 if state[1] == state[2] else -1.0


@pytest.mark.parametrize(
    ("flaw", "message"),
    [
        ("chance", "sum to 1"),
        ("duplicate", "distinct labels"),
        ("actions", "elsewhere"),
        ("player", "not 0, 1"),
    ],
)
def test_build_refuses_broken_descriptions(flaw: str, message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        build_game(_Broken(flaw))


def test_build_refuses_imperfect_recall() -> None:
    """Player 0 acting twice without remembering the first action is refused."""

    class Forgetful(KuhnPoker):
        def infoset(self, state: tuple[str, str]) -> str:
            cards, history = state
            if history == "pb":
                return cards[0]  # player 0 forgets that they passed
            return super().infoset(state)

    with pytest.raises(ConfigurationError, match="perfect recall"):
        build_game(Forgetful())


def test_small_custom_game_builds() -> None:
    """Without a flaw: player 1 sees player 0's action, not the card."""
    game = build_game(_Broken("none"))
    assert game.infoset_names == ("x", "y", "?a", "?b")
    assert exploitability(game, Policy.uniform(game)) >= 0.0


def test_policy_checks() -> None:
    game = kuhn_poker()
    rows = {name: {"p": 1.0} for name in game.infoset_names}
    assert Policy.from_mapping(game, rows)["Kb"] == {"p": 1.0, "b": 0.0}
    with pytest.raises(ConfigurationError, match="misses 1 infosets"):
        Policy.from_mapping(game, {k: v for k, v in rows.items() if k != "Q"})
    with pytest.raises(ConfigurationError, match="unknown action 'x'"):
        Policy.from_mapping(game, {**rows, "Q": {"x": 1.0}})
    with pytest.raises(ConfigurationError, match="1 probabilities for 2 actions"):
        Policy.from_mapping(game, {**rows, "Q": [1.0]})
    with pytest.raises(ConfigurationError, match=r"'Q': probabilities sum to 0\.5,"):
        Policy.from_mapping(game, {**rows, "Q": [0.25, 0.25]})
    with pytest.raises(ConfigurationError, match=r"probability -0\.5 is not"):
        Policy.from_mapping(game, {**rows, "Q": [1.5, -0.5]})
    with pytest.raises(ConfigurationError, match="one probability per slot"):
        Policy(game, np.ones(3))
    other = leduc_poker()
    with pytest.raises(ConfigurationError, match="same Game object"):
        exploitability(other, Policy.uniform(game))
    with pytest.raises(ConfigurationError, match="player 2"):
        best_response(game, Policy.uniform(game), 2)
    policy = Policy.uniform(game)
    assert list(policy) == list(game.infoset_names) and len(policy) == 12
    assert policy.to_dict()["J"] == {"p": 0.5, "b": 0.5}
    with pytest.raises(ValueError, match="read-only"):
        policy.probs[0] = 1.0


def _pure_values(game: Game, policy: Policy, player: int) -> list[float]:
    """Player ``player``'s payoff of every one of their pure strategies against ``policy``."""
    mine = [k for k in range(game.num_infosets) if game.infoset_player[k] == player]
    sizes = [len(game.infoset_actions[k]) for k in mine]
    values = []
    for choice in itertools.product(*(range(s) for s in sizes)):
        probs = policy.probs.copy()
        for k, a in zip(mine, choice, strict=True):
            lo, hi = game.infoset_offset[k], game.infoset_offset[k + 1]
            probs[lo:hi] = 0.0
            probs[lo + a] = 1.0
        value = expected_value(game, Policy(game, probs))
        values.append(value if player == 0 else -value)
    return values


@pytest.mark.parametrize("seed", range(4))
def test_kuhn_best_response_is_the_best_pure_strategy(seed: int) -> None:
    """Against random policies, BR equals the max over all 64 pure strategies."""
    game = kuhn_poker()
    rng = np.random.default_rng(seed)
    rows = {name: list(rng.dirichlet([1.0, 1.0])) for name in game.infoset_names}
    policy = Policy.from_mapping(game, rows)
    br = best_response_values(game, policy)
    for player in (0, 1):
        assert br[player] == pytest.approx(max(_pure_values(game, policy, player)), abs=1e-12)


@pytest.mark.parametrize("make", [kuhn_poker, leduc_poker])
def test_best_response_actions_reach_the_best_response_value(make: Callable[[], Game]) -> None:
    """Playing the returned best-response actions earns exactly the reported value."""
    game = make()
    policy = Policy.uniform(game)
    for player in (0, 1):
        br = best_response(game, policy, player)
        probs = policy.probs.copy()
        for name, action in br.actions.items():
            slots = game.slots(name)
            probs[slots.start : slots.stop] = 0.0
            probs[slots.start + game.actions(name).index(action)] = 1.0
        value = expected_value(game, Policy(game, probs))
        assert (value if player == 0 else -value) == pytest.approx(br.value, abs=1e-12)
        # ... and is at least what the uniform policy earns
        assert br.value >= (1 - 2 * player) * expected_value(game, policy)


def test_exploitability_units() -> None:
    game = kuhn_poker()
    uniform = Policy.uniform(game)
    br0, br1 = best_response_values(game, uniform)
    assert exploitability(game, uniform) == pytest.approx((br0 + br1) / 2)
    # Uniform play in Kuhn: the two best responses win 1/2 and 5/12 (hand computation
    # over the 6 deals); the game's unit (the ante) is 1 chip.
    assert (br0, br1) == pytest.approx((0.5, 5 / 12))
    assert to_mbb(game, exploitability(game, uniform)) == pytest.approx(1000 * 11 / 24)
