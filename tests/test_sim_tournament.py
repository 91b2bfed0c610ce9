"""Simulated tournaments (``pokerbonus match --tournament``): places, prizes, ROI."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokerbonus.cli import app
from pokerbonus.engine.tournament_config import TournamentConfig, preset
from pokerbonus.sim.tournament import play_tournaments

runner = CliRunner()


def test_places_and_prizes_add_up() -> None:
    config = preset("quick")
    lineup = ["holdem:fish", "holdem:fish", "holdem:easy", "holdem:easy", "holdem:medium",
              "holdem:hard"]  # fmt: skip
    result = play_tournaments(config, lineup, 4, seed=5)
    assert result.tournaments == 4 and result.hands > 4 * 5
    seats = {r.bot: r.seats for r in result.results}
    assert seats == {"holdem:fish": 2, "holdem:easy": 2, "holdem:medium": 1, "holdem:hard": 1}
    for place in range(6):  # every place is held once a tournament (or shared)
        held = sum(r.places[place] for r in result.results)
        assert held <= 4 * 2
    assert sum(sum(r.places) for r in result.results) == 4 * 6
    pool = 6 * config.buy_in
    paid = sum(r.average_prize * r.seats for r in result.results)
    assert math.isclose(paid, pool)
    # no rake: the entrants' returns cancel out
    assert math.isclose(sum(r.roi * r.seats for r in result.results), 0.0, abs_tol=1e-9)


def test_same_seed_same_result() -> None:
    config = preset("quick")
    a = play_tournaments(config, ["holdem:easy"] * 6, 2, seed=9)
    b = play_tournaments(config, ["holdem:easy"] * 6, 2, seed=9)
    assert a == b


def test_the_french_pot_preset_plays() -> None:
    result = play_tournaments(preset("french-pot"), ["easy", "medium", "easy"], 1, seed=3)
    assert result.tournaments == 1 and sum(result.results[0].places) == 2


def test_match_command_json(tmp_path: Path) -> None:
    out = runner.invoke(
        app, ["match", "--tournament", "quick", "--bots", "hard,fish*5", "--tournaments", "2",
              "--seed", "4", "--json"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    data: dict[str, Any] = json.loads(out.stdout)
    assert data["tournaments"] == 2 and data["entrants"] == 6
    assert [r["bot"] for r in data["results"]] == ["hard", "fish"]
    assert all(len(r["places"]) == 6 for r in data["results"])
    # a file of one's own, here three players
    file = tmp_path / "mine.toml"
    mine = TournamentConfig.from_dict({**preset("quick").to_dict(), "name": "mine",
                                       "entrants": 3, "payouts": None})  # fmt: skip
    file.write_text(mine.to_toml(), encoding="utf-8")
    out = runner.invoke(
        app, ["match", "--tournament", str(file), "--bots", "easy*3", "--tournaments", "1"]
    )
    assert out.exit_code == 0, out.output
    assert "mine" in out.stdout and "ROI" in out.stdout


def test_match_command_refuses_an_unknown_tournament() -> None:
    out = runner.invoke(app, ["match", "--tournament", "turbo", "--tournaments", "1"])
    assert out.exit_code == 2
    assert "--tournament: expected a preset" in out.output
