"""Local best response against the exact best response on games small enough for both."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbonus.solvers import Policy, best_response_values, kuhn_poker, leduc_poker, solve
from pokerbonus.solvers.draw import draw_poker
from pokerbonus.solvers.game import Game
from pokerbonus.solvers.lbr import lbr_value, local_best_response, passive_action


def _random(game: Game, seed: int) -> Policy:
    rng = np.random.default_rng(seed)
    probs = np.empty(game.num_slots)
    for k in range(game.num_infosets):
        lo, hi = int(game.infoset_offset[k]), int(game.infoset_offset[k + 1])
        probs[lo:hi] = rng.dirichlet(np.ones(hi - lo))
    return Policy(game, probs)


@pytest.mark.parametrize("build", [kuhn_poker, leduc_poker, draw_poker])
def test_lbr_never_wins_more_than_the_best_response(build: object) -> None:
    """Against uniform, random and partly solved policies, for both players, the local
    best response wins at most the exact best response's value; against weak
    policies it wins something."""
    game = build()  # type: ignore[operator]
    policies = [Policy.uniform(game), _random(game, 1), _random(game, 2)]
    policies += [solve(game, n, checkpoints=()).average for n in (3, 30)]
    for policy in policies:
        best = best_response_values(game, policy)
        for player in (0, 1):
            lbr = lbr_value(game, policy, player)
            assert lbr <= best[player] + 1e-12
    uniform = Policy.uniform(game)
    assert lbr_value(game, uniform, 0) + lbr_value(game, uniform, 1) > 0.0


def test_lbr_is_a_pure_policy_keeping_the_opponent() -> None:
    game = leduc_poker()
    policy = _random(game, 5)
    response = local_best_response(game, policy, 1)
    mine = game.infoset_player[game.slot_infoset] == 1
    assert set(np.unique(response.probs[mine])) <= {0.0, 1.0}
    assert np.array_equal(response.probs[~mine], policy.probs[~mine])


def test_passive_action() -> None:
    assert passive_action("Kc|r", ("f", "c", "r")) == "c"
    assert passive_action("KdAc|", ("k", "b")) == "k"
    assert passive_action("Kb", ("p", "b")) == "b"
    assert passive_action("K", ("p", "b")) == "p"
    assert passive_action("KdAc|kk|draw", ("pat", "discard Kd")) == "pat"
