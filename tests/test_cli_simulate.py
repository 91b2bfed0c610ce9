"""Tests for ``pokerbonus simulate`` (cli/simulate.py), through typer's CliRunner."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pokerbonus.cli.simulate import simulate, simulate_command
from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.rules.catalog import CATALOG

app = typer.Typer()
app.command("simulate")(simulate_command)


@app.callback()
def _root() -> None:
    """A tiny app holding only the command under test."""


runner = CliRunner()


def test_simulate_json_summary_adds_up() -> None:
    result = runner.invoke(
        app, ["simulate", "--players", "6", "--hands", "300", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["hands"] == 300 and figures["players"] == 6
    assert figures["showdowns"] + figures["won_without_showdown"] + figures["all_passes"] == 300
    assert figures["chips_conserved"] is True
    assert figures["total_chips"] == 100 * (6 + figures["rebuys"])
    assert figures["hands_per_second"] > 0


def test_simulate_is_reproducible_with_a_seed() -> None:
    args = ["simulate", "--players", "4", "--hands", "100", "--seed", "9", "--json"]
    first, second = (json.loads(runner.invoke(app, args).stdout) for _ in range(2))
    for figures in (first, second):
        del figures["seconds"], figures["hands_per_second"]
    assert first == second


def test_simulate_prints_a_table_by_default() -> None:
    result = runner.invoke(app, ["simulate", "--players", "3", "--hands", "20", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "chips conserved" in result.stdout and "True" in result.stdout


def test_simulate_reads_house_rules_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('forced_bets = "blind"\nblind = 2\ncave = 50\n', encoding="utf-8")
    result = runner.invoke(
        app, ["simulate", "--players", "5", "--hands", "50", "--seed", "2", "--json",
              "--config", str(path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["total_chips"] == 50 * (5 + figures["rebuys"])


def test_bad_input_is_one_line_on_stderr_with_exit_code_2(tmp_path: Path) -> None:
    bad_toml = tmp_path / "bad.toml"
    bad_toml.write_text("max_discard = 4\n", encoding="utf-8")
    cases = [
        (["simulate", "--players", "9"], "error: players: must be 2..8 for draw, got 9"),
        (
            ["simulate", "--hands", "0"],
            "error: --hands: '0' is not a whole number from 1 to 1,000,000",
        ),
        (
            ["simulate", "--game", "chess"],
            f"error: game: must be 'draw' or a game of the catalog ({', '.join(CATALOG)}), "
            "got 'chess'",
        ),
        (
            ["simulate", "--game", "short-deck", "--betting", "limit"],
            "error: betting: Short-deck hold'em is played no-limit, not 'limit'",
        ),
        (["simulate", "--config", str(bad_toml)], "error: max_discard: must be 3 or 5, got 4"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stdout == ""
        assert result.stderr.strip() == message
        assert "Traceback" not in result.output


def test_simulate_function_counts_every_hand() -> None:
    summary = simulate(TableConfig(players=2, forced_bets="blind"), 200, random.Random(4))
    assert summary.hands == 200 and not summary.interrupted
    assert summary.showdowns + summary.won_without_showdown + summary.all_passes == 200
    assert summary.chips_conserved


@pytest.mark.parametrize("game", ["draw", *CATALOG])
def test_simulate_plays_every_game_of_the_rule_book(game: str) -> None:
    """RULES.md section 8: ``simulate --game G`` for every game; chips conserved."""
    players = min(6, GAMES[game][1])
    args = ["simulate", "--game", game, "--players", str(players), "--hands", "40",
            "--seed", "2", "--json"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert figures["game"] == game and figures["hands"] == 40
    assert figures["chips_conserved"] is True
    assert figures["showdowns"] + figures["won_without_showdown"] + figures["all_passes"] == 40


def test_simulate_limit_stud_from_the_flags() -> None:
    args = ["simulate", "--game", "razz", "--betting", "limit", "--players", "8",
            "--hands", "30", "--seed", "3", "--json"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["chips_conserved"] is True
