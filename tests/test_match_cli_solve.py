"""``pokerbonus solve``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerbonus.cli import app
from pokerbonus.solvers import exploitability, kuhn_poker
from pokerbonus.solvers.cfr import solve

runner = CliRunner()


def test_kuhn_value_and_exploitability() -> None:
    result = runner.invoke(app, ["solve", "--game", "kuhn", "--iterations", "1000", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] == pytest.approx(-1 / 18, abs=2e-4)
    assert data["exploitability"] < 1e-4
    assert data["exploitability_mbb"] == pytest.approx(1000 * data["exploitability"])
    # the same figure as the library's solve and exact best response
    expected = exploitability(kuhn_poker(), solve(kuhn_poker(), 1000).average)
    assert data["exploitability"] == pytest.approx(expected, rel=1e-9)


def test_text_output_and_errors() -> None:
    result = runner.invoke(app, ["solve", "--game", "leduc", "--iterations", "20"])
    assert result.exit_code == 0, result.output
    assert "exploitability" in result.stdout and "mbb/hand" in result.stdout
    bad = runner.invoke(app, ["solve", "--game", "holdem"])
    assert bad.exit_code == 2 and "unknown game 'holdem'" in bad.output
    assert runner.invoke(app, ["solve", "--iterations", "0"]).exit_code == 2
