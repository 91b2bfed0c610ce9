"""``pokerbonus solve --game french-draw``: its errors, its report, and ``--ray``.

The Ray path is checked twice: a stand-in ``ray`` module (it runs the remote calls
in this process) shows that :class:`RayRunner` sends the solver's fixed groups of
sampled walks and merges them in order, so the strategy is the one of a local run;
with Ray installed, a long test does the same on a local Ray instance.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from test_solvers_french_game import POST, SMALL, _synthetic
from typer.testing import CliRunner

from pokerbonus.cli import app
from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.french import store
from pokerbonus.solvers.french.recipes import Recipe
from pokerbonus.solvers.french.solver import DrawSolver
from pokerbonus.solvers.french.train import RayRunner, train
from pokerbonus.solvers.french.tree import build_tree

runner = CliRunner()


def _solve(*args: str) -> Any:
    return runner.invoke(app, ["solve", "--game", "french-draw", *args])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3"], "--players: the french-draw solver plays 2 or 4 players, got 3"),
        (["--deck", "36"], "--deck: expected 32 or 52, got 36"),
        (["--betting", "pot-limit"], "--betting: expected no-limit or limit, got 'pot-limit'"),
        (["--iterations", "0"], "--iterations: '0' is not a whole number from 1"),
        (["--players", "4", "--deck", "52"], "no strategy for 4 players, no-limit, 52 cards"),
        (["--ray", "auto"], "--ray: draw-2p-no-limit-32 is solved by full-width CFR"),
        (["--candidate"], "--candidate: no candidate recipe for 2 players, no-limit, 32 cards"),
    ],
)
def test_bad_settings_are_one_line_errors(args: list[str], message: str) -> None:
    result = _solve(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_report_json() -> None:
    """Heads-up limit: the exact exploitability of the shipped file (the figure its
    manifest records) and a local best response against expert and against hard,
    each with its 95% interval around its mean."""
    result = _solve("--betting", "limit", "--report", "--json", "--lbr-hands", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["key"] == "draw-2p-limit-32" and data["players"] == 2
    meta = json.loads((store.DATA_DIR / "draw-2p-limit-32.json").read_text())
    assert data["expert"]["exploitability_mbb"] == pytest.approx(
        meta["measured"]["exploitability_mbb"], rel=1e-9
    )
    for bot in ("expert", "hard"):
        entry = data[bot]
        lo, hi = entry["lbr_ci95"]
        assert lo <= entry["lbr_mbb"] <= hi
        assert entry["lbr_hands"] == 2


def test_report_shows_what_it_measures_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The report's first part, the measure in the abstract game, has a spinner (the
    local best response runs have their bars): no silent wait. The strategy and its
    measure are stand-ins here, so the test takes no time."""
    from pokerbonus.cli import solve_french

    stand_in = types.SimpleNamespace(
        meta={"iterations": 7}, tree=types.SimpleNamespace(num_infosets=3)
    )
    monkeypatch.setattr(solve_french, "shipped_strategy", lambda key: stand_in)
    measured = {"exploitability_mbb": 1.5, "values_mbb": [0.0, 0.0], "best_responses_mbb": []}
    monkeypatch.setattr(solve_french, "_evaluate", lambda strategy: measured)
    terminal = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "TERM": "xterm-256color"}
    shown = runner.invoke(
        app, ["solve", "--game", "french-draw", "--report", "--lbr-hands", "0"], env=terminal
    )
    assert shown.exit_code == 0, shown.output
    assert "measuring the strategy in the abstract game" in shown.stderr
    assert "exploitability in the abstract game 1.5000 mbb/hand" in shown.stdout
    quiet = runner.invoke(
        app, ["solve", "--game", "french-draw", "--report", "--lbr-hands", "0", "--json"],
        env=terminal,
    )  # fmt: skip
    assert quiet.stderr == "" and json.loads(quiet.stdout)["infosets"] == 3


@pytest.mark.long
def test_report_json_four_handed() -> None:
    """Four-handed no-limit: the local best response plays too (the responder in one
    seat, the bot in the three others), one duplicate block of four hands each."""
    result = _solve("--players", "4", "--report", "--json", "--lbr-hands", "4")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["key"] == "draw-4p-no-limit-32" and data["players"] == 4
    for bot in ("expert", "hard"):
        entry = data[bot]
        lo, hi = entry["lbr_ci95"]
        assert lo <= entry["lbr_mbb"] <= hi
        assert entry["lbr_hands"] == 4


class _Ref:
    def __init__(self, value: object) -> None:
        self.value = value


def _fake_ray(calls: list[str]) -> types.ModuleType:
    """A stand-in for the ``ray`` package: remote calls run here, in order."""
    ray = types.ModuleType("ray")
    state = {"up": False}

    def init(address: str | None = None, **_: object) -> None:
        calls.append(f"init {address}")
        state["up"] = True

    def remote(fn: Callable[..., Any]) -> Any:
        def call(*args: object) -> _Ref:
            calls.append("remote")
            return _Ref(fn(*[a.value if isinstance(a, _Ref) else a for a in args]))

        return types.SimpleNamespace(remote=call)

    ray.init = init  # type: ignore[attr-defined]
    ray.is_initialized = lambda: state["up"]  # type: ignore[attr-defined]
    ray.cluster_resources = lambda: {"CPU": 3.0}  # type: ignore[attr-defined]
    ray.put = _Ref  # type: ignore[attr-defined]
    ray.remote = remote  # type: ignore[attr-defined]
    ray.get = lambda refs: [r.value for r in refs]  # type: ignore[attr-defined]
    return ray


RECIPE = Recipe("t", SMALL, 12, weighting="linear", sample=True, batch=4, shards=2, seed=5)


def _solver() -> DrawSolver:
    return DrawSolver(build_tree(SMALL, POST), _synthetic(5), weighting="linear", sample=True,
                      batch=4, shards=2)  # fmt: skip


def test_ray_runner_sends_the_fixed_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setitem(sys.modules, "ray", _fake_ray(calls))
    local = train(RECIPE, solver=_solver(), measure=False)
    base = _solver()
    ray_runner = RayRunner(base, "10.0.0.1:6379")
    assert calls == ["init 10.0.0.1:6379"] and ray_runner.workers == 3
    remote = train(RECIPE, solver=base, runner=ray_runner, measure=False)
    # two players, two groups each, per iteration
    assert calls.count("remote") == RECIPE.iterations * 2 * 2
    assert np.array_equal(local.solver.avg, remote.solver.avg)
    assert np.array_equal(local.solver.regret, remote.solver.regret)


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(ConfigurationError, match=r"--ray: needs the ray package"):
        RayRunner(_solver(), "auto")


@pytest.mark.long
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
def test_ray_runner_on_a_local_ray_instance() -> None:
    import ray

    local = train(RECIPE, solver=_solver(), measure=False)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        base = _solver()
        remote = train(RECIPE, solver=base, runner=RayRunner(base, None), measure=False)
    finally:
        ray.shutdown()
    assert np.array_equal(local.solver.avg, remote.solver.avg)
