"""The gauntlet (``pokerbonus.sim.gauntlet``, ``pokerbonus gauntlet``): the short run
CI plays (it runs and reports every bot at both tables), the verdicts, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerbonus.bots.gauntlet import GAUNTLET
from pokerbonus.cli import app
from pokerbonus.errors import ConfigurationError
from pokerbonus.sim.gauntlet import GauntletRow, run_gauntlet
from pokerbonus.sim.match import BotResult, MatchResult

runner = CliRunner()


def test_short_gauntlet_runs_and_reports_every_bot() -> None:
    """A few hundred hands against hard: every gauntlet bot at both tables, results
    in mbb/hand with intervals, one verdict line per target."""
    result = runner.invoke(app, ["gauntlet", "--level", "hard", "--hands", "24", "--seed", "5"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for name in GAUNTLET:
        assert name in out
    assert out.count("heads-up") >= len(GAUNTLET) and out.count("4-handed") == len(GAUNTLET)
    assert "heads-up, each bot's interval (95%) not above 0: hard holds against" in out
    assert "four-handed, hard's interval (95%) above 0: hard holds against" in out


def test_gauntlet_json_is_zero_sum_and_seats_the_level() -> None:
    result = runner.invoke(
        app, ["gauntlet", "--level", "expert", "--players", "4", "--hands", "16",
              "--bots", "maniac,pusher-limper", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["level"], data["hands"], data["seed"]) == ("expert", 16, 11)
    assert [r["bot"] for r in data["rows"]] == ["maniac", "pusher-limper"]
    for row in data["rows"]:
        seats = {e["bot"]: e for e in row["match"]["results"]}
        assert set(seats) == {f"gauntlet:{row['bot']}", "expert", "hard"}
        assert seats["hard"]["seats"] == 2
        total = sum(e["mbb_per_hand"] * e["seats"] for e in seats.values())
        assert total == pytest.approx(0, abs=0.01)
        assert row["level_mbb"] == seats["expert"]["mbb_per_hand"]


def _row(players: int, bot_ci: tuple[float, float], level_ci: tuple[float, float]) -> GauntletRow:
    def entry(name: str, ci: tuple[float, float]) -> BotResult:
        return BotResult(name, 1, players, sum(ci) / 2, ci, 10, 10, 0, 0.1)

    results = (entry("gauntlet:x", bot_ci), entry("hard", level_ci))
    return GauntletRow("x", "hard", players, MatchResult(10, players, True, 1, 1, results))


def test_verdicts_follow_the_targets() -> None:
    """Heads-up the level holds unless the bot's interval lies above 0; four-handed
    it holds only when its own interval lies above 0."""
    assert _row(2, (-5, 10), (-10, 5)).holds is True
    assert _row(2, (1, 10), (-10, -1)).holds is False
    assert _row(4, (-30, -2), (1, 10)).holds is True
    assert _row(4, (-30, -2), (-1, 10)).holds is False


def test_gauntlet_bots_are_checked_before_the_first_hand() -> None:
    with pytest.raises(ConfigurationError, match="unknown gauntlet bot 'genius'"):
        run_gauntlet("hard", [2], hands=10, bots=["maniac", "genius"])
    with pytest.raises(ConfigurationError, match="--level"):
        run_gauntlet("medium", [2], hands=10)


@pytest.mark.parametrize(
    "args",
    [
        ["--game", "holdem"],
        ["--players", "3"],
        ["--level", "medium"],
        ["--hands", "0"],
        ["--bots", "genius"],
        ["--bots", ","],
    ],
)
def test_bad_gauntlet_input_is_one_line_and_exit_code_2(args: list[str]) -> None:
    result = runner.invoke(app, ["gauntlet", *args])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
