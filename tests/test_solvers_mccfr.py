"""Monte Carlo CFR (external sampling) against the exact solvers on Kuhn and Leduc."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import expected_value, exploitability, kuhn_poker, leduc_poker, solve
from pokerbonus.solvers.mccfr import MCCFR


@pytest.mark.parametrize("weighting", ["linear", "cfr+", "plain"])
def test_kuhn_converges_to_the_game_value(weighting: str) -> None:
    """Exploitability falls as the iterations grow; the value of the average strategy
    is the game value -1/18 within twice the exploitability (the bound of
    docs/solvers.md)."""
    game = kuhn_poker()
    solver = MCCFR(game, weighting, seed=1)  # type: ignore[arg-type]
    gaps = []
    for target in (1_000, 10_000, 100_000):
        solver.run(target - solver.iteration)
        gaps.append(exploitability(game, solver.average_policy()))
    assert gaps[0] > gaps[1] > gaps[2]
    assert gaps[2] < 0.005
    value = expected_value(game, solver.average_policy())
    assert abs(value - (-1 / 18)) <= 2 * gaps[2]


def test_leduc_against_cfr_plus() -> None:
    """Leduc: the MCCFR value is the CFR+ value within the two exploitabilities."""
    game = leduc_poker()
    exact = solve(game, 1000)
    solver = MCCFR(game, "linear", seed=2)
    gaps = []
    for target in (2_000, 20_000, 100_000):
        solver.run(target - solver.iteration)
        gaps.append(exploitability(game, solver.average_policy()))
    assert gaps[0] > gaps[1] > gaps[2]
    assert gaps[2] < 0.1
    value = expected_value(game, solver.average_policy())
    assert abs(value - exact.value) <= 2 * (gaps[2] + exact.exploitability)


def test_runs_split_in_parts_equal_an_unbroken_run() -> None:
    game = leduc_poker()
    whole = MCCFR(game, seed=3)
    whole.run(300)
    parts = MCCFR(game, seed=3)
    parts.run(120)
    parts.run(180)
    assert np.array_equal(whole.average_policy().probs, parts.average_policy().probs)
    other = MCCFR(game, seed=4)
    other.run(300)
    assert not np.array_equal(whole.average_policy().probs, other.average_policy().probs)


def test_bad_settings() -> None:
    with pytest.raises(ConfigurationError, match="weighting"):
        MCCFR(kuhn_poker(), "fast")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="iterations"):
        MCCFR(kuhn_poker()).run(-1)
