"""CFR+ (pokerbonus.solvers.cfr): convergence on Kuhn poker, averaging, resuming, errors."""

from __future__ import annotations

import numpy as np
import pytest

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers import CFRPlus, Policy, exploitability, kuhn_poker, leduc_poker, solve


def test_kuhn_exploitability_and_value() -> None:
    """1,000 iterations: exploitability below 1e-4 and the value -1/18.

    Tolerance: for any profile, both the profile's value u and the game value
    v* lie in [-BR1, BR0] (each player can guarantee at least the other's best
    response bound), an interval of width BR0 + BR1 = 2 * exploitability; so
    |u - v*| <= 2 * exploitability, which the test uses.
    """
    solution = solve(kuhn_poker(), 1000)
    assert solution.exploitability < 1e-4
    assert abs(solution.value - (-1 / 18)) <= 2 * solution.exploitability
    br0, br1 = solution.best_responses
    assert -br1 <= solution.value <= br0
    assert solution.exploitability == exploitability(kuhn_poker(), solution.average)
    assert solution.exploitability_mbb == pytest.approx(1000 * solution.exploitability)


def test_kuhn_strategy_is_in_the_equilibrium_family() -> None:
    """Kuhn's equilibria: player 0 bets J with some alpha <= 1/3, K with 3 alpha, never Q
    first, calls with Q after check-bet with alpha + 1/3; player 1's strategy is unique."""
    avg = solve(kuhn_poker(), 1000).average
    alpha = avg["J"]["b"]
    assert 0.0 <= alpha <= 1 / 3 + 0.01
    assert avg["K"]["b"] == pytest.approx(3 * alpha, abs=0.01)
    assert avg["Q"]["b"] == pytest.approx(0.0, abs=0.01)
    assert avg["Qpb"]["b"] == pytest.approx(alpha + 1 / 3, abs=0.01)
    assert avg["Jpb"]["b"] == pytest.approx(0.0, abs=0.01)
    assert avg["Kpb"]["b"] == pytest.approx(1.0, abs=0.01)
    unique_player_1 = {"Jp": 1 / 3, "Qp": 0.0, "Kp": 1.0, "Jb": 0.0, "Qb": 1 / 3, "Kb": 1.0}
    for name, bet in unique_player_1.items():
        assert avg[name]["b"] == pytest.approx(bet, abs=0.01), name


def test_history_records_the_checkpoints() -> None:
    seen: list[tuple[int, float]] = []
    solution = solve(
        kuhn_poker(),
        300,
        checkpoints=[300, 10, 0, 100, 999],
        on_checkpoint=lambda i, e: seen.append((i, e)),
    )
    assert [i for i, _ in solution.history] == [10, 100, 300]
    assert seen == list(solution.history)
    exploitabilities = [e for _, e in solution.history]
    assert exploitabilities == sorted(exploitabilities, reverse=True)
    assert solution.history[-1][1] == pytest.approx(solution.exploitability, abs=1e-15)
    assert solve(kuhn_poker(), 20, checkpoints=()).history == ()
    default = solve(kuhn_poker(), 20)
    assert [i for i, _ in default.history] == [1, 2, 5, 10, 20]
    assert default.history[0][1] == pytest.approx(11 / 24)  # the uniform policy


def test_resuming_gives_the_same_iterates() -> None:
    one = CFRPlus(leduc_poker())
    one.run(40)
    two = CFRPlus(leduc_poker())
    two.run(15)
    two.run(0)
    two.run(25)
    assert two.iteration == 40
    assert np.array_equal(one.average_policy().probs, two.average_policy().probs)
    assert np.array_equal(one.current_policy().probs, two.current_policy().probs)


@pytest.mark.parametrize("averaging", ["linear", "quadratic", "uniform"])
def test_every_averaging_converges_on_kuhn(averaging: str) -> None:
    solution = solve(kuhn_poker(), 1000, averaging=averaging, checkpoints=[20, 1000])  # type: ignore[arg-type]
    assert solution.averaging == averaging
    assert solution.history[1][1] < solution.history[0][1] / 10
    assert solution.exploitability < 2e-3


def test_delay_leaves_the_first_iterations_out() -> None:
    """With delay d the average only starts at iteration d + 1."""
    game = kuhn_poker()
    delayed = CFRPlus(game, delay=5)
    delayed.run(5)
    assert np.array_equal(delayed.average_policy().probs, Policy.uniform(game).probs)
    after_5 = CFRPlus(game)
    after_5.run(5)
    delayed.run(1)
    # Only iteration 6 counts: at player 0's first infosets (own reach 1) the average
    # is the strategy iteration 6 played, the one left by the first five.
    for name in ("J", "Q", "K"):
        assert delayed.average_policy()[name] == pytest.approx(
            after_5.current_policy()[name], abs=1e-12
        )
    assert solve(game, 1000, delay=50).exploitability < 1e-3


def test_cfr_plus_refuses_bad_settings() -> None:
    game = kuhn_poker()
    with pytest.raises(ConfigurationError, match="averaging 'cubic'"):
        CFRPlus(game, averaging="cubic")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="delay -1"):
        CFRPlus(game, delay=-1)
    with pytest.raises(ConfigurationError, match="iterations 0"):
        solve(game, 0)
    with pytest.raises(ConfigurationError, match="iterations -3"):
        CFRPlus(game).run(-3)


def test_leduc_converges() -> None:
    solution = solve(leduc_poker(), 200, checkpoints=[10, 50, 200])
    errors = [e for _, e in solution.history]
    assert errors == sorted(errors, reverse=True)
    assert solution.exploitability < 0.01  # 10 mbb/hand at 200 iterations
