"""``pokerbonus match`` on the real app: every game with bots, names checked per
game, the JSON schema, duplicate rotations, and draw results equal to the draw runner's."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerbonus.bots.game_bots import GAME_FAMILIES, bot_names
from pokerbonus.cli import app
from pokerbonus.cli.match import MATCH_GAMES
from pokerbonus.engine.config import TableConfig
from pokerbonus.sim.match import play_match

runner = CliRunner()


def _match(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["match", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _check_schema(data: dict[str, Any], hands: int, rotations: int) -> None:
    assert data["hands"] == hands
    for entry in data["results"]:
        assert set(entry) >= {"bot", "seat_rotations", "mbb_per_hand", "ci95"}
        assert entry["seat_rotations"] == rotations
        lo, hi = entry["ci95"]
        assert lo <= entry["mbb_per_hand"] <= hi


# One short duplicate match per game (hard against easy, or expert against random).
GAME_LINEUPS = [
    ("draw", "hard,easy"),
    ("holdem", "hard,fish"),
    ("omaha", "hard,easy"),
    ("seven-card-stud", "hard,easy"),
    ("razz", "hard,easy"),
    ("ace-to-five-draw", "hard,easy"),
    ("deuce-to-seven-single-draw", "hard,easy"),
    ("deuce-to-seven-triple-draw", "medium,easy"),
    ("kuhn", "expert,random"),
    ("leduc", "expert,station"),
    ("reduced-draw", "expert,random"),
    ("short-deck", "hard,easy"),
    ("double-board-holdem", "hard,easy"),
    ("omaha-hi-lo", "hard,easy"),
    ("aviation", "hard,easy"),
    ("courchevel", "hard,easy"),
    ("courchevel-hi-lo", "hard,easy"),
    ("irish", "hard,easy"),
    ("pineapple", "hard,easy"),
    ("crazy-pineapple", "hard,easy"),
    ("badugi", "hard,easy"),
    ("five-card-stud", "hard,easy"),
    ("stud-hi-lo", "hard,easy"),
]


def test_every_match_game_is_covered() -> None:
    assert sorted(g for g, _ in GAME_LINEUPS) == sorted(MATCH_GAMES)
    assert set(GAME_FAMILIES) <= set(MATCH_GAMES)


@pytest.mark.parametrize(("game", "bots"), GAME_LINEUPS, ids=[g for g, _ in GAME_LINEUPS])
def test_duplicate_match_in_every_game(game: str, bots: str) -> None:
    data = _match("--game", game, "--bots", bots, "--hands", "6", "--duplicate", "--seed", "5")
    _check_schema(data, 6, 2)
    assert data["game"] == game and data["duplicate"] is True
    assert [e["bot"] for e in data["results"]] == bots.split(",")
    first, second = data["results"]
    assert first["mbb_per_hand"] == pytest.approx(-second["mbb_per_hand"])  # heads-up: zero-sum
    assert first["fallbacks"] == second["fallbacks"] == 0


def test_six_handed_duplicate_rotates_through_every_seat() -> None:
    data = _match(
        "--game", "holdem", "--players", "6", "--bots", "hard,medium*5", "--hands", "7",
        "--duplicate", "--seed", "2",
    )  # fmt: skip
    _check_schema(data, 12, 6)  # rounded up to whole blocks of six
    hard, medium = data["results"]
    assert (hard["seats"], medium["seats"]) == (1, 5)
    assert hard["mbb_per_hand"] == pytest.approx(-5 * medium["mbb_per_hand"], abs=0.01)


def test_full_names_are_accepted_and_reported_short() -> None:
    data = _match("--game", "razz", "--bots", "razz:hard,easy", "--hands", "3", "--seed", "1")
    assert [e["bot"] for e in data["results"]] == ["hard", "easy"]


def test_draw_results_equal_the_draw_runner() -> None:
    """The command plays draw through play_game_match; with bots other than expert the
    result is play_match's, to the chip."""
    data = _match("--game", "draw", "--players", "3", "--bots", "hard,medium,easy",
                  "--hands", "12", "--seed", "9")  # fmt: skip
    direct = play_match(TableConfig(players=3), ["hard", "medium", "easy"], hands=12, seed=9)
    assert [e["mbb_per_hand"] for e in data["results"]] == [
        round(r.mbb_per_hand, 3) for r in direct.results
    ]


def test_same_seed_same_match() -> None:
    args = ("--game", "leduc", "--bots", "expert,random", "--hands", "50", "--seed", "4")
    first, again = _match(*args), _match(*args)
    for data in (first, again):
        for entry in data["results"]:
            del entry["ms_per_decision"]  # thinking time is the machine's
    assert first == again


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--game", "holdem", "--bots", "hard,expert"],
            "unknown bot 'expert' for holdem "
            "(expected one of easy, medium, hard, honest, fish, rlcard, tournament)",
        ),
        (
            ["--game", "draw", "--bots", "hard,honest"],
            "unknown bot 'honest' for draw "
            "(expected one of random, station, easy, medium, hard, expert)",
        ),
        (
            ["--game", "kuhn", "--bots", "expert,hard"],
            "unknown bot 'hard' for kuhn (expected one of random, station, expert)",
        ),
        (
            ["--game", "omaha", "--bots", "hard,omaha:honest"],
            "unknown bot 'omaha:honest' for omaha (expected one of easy, medium, hard)",
        ),
        (["--game", "hearts"], "unknown game 'hearts'"),
        (["--game", "holdem", "--bots", "hard"], "names 1 bot for 2 players"),
        (["--game", "holdem", "--bots", "hard,easy*x"], "bad count 'x'"),
        (["--game", "kuhn", "--players", "3", "--bots", "expert*3"], "kuhn is played heads-up"),
        (["--game", "leduc", "--betting", "no-limit"], "leduc has its own fixed limit betting"),
        (
            ["--game", "omaha", "--betting", "spread", "--bots", "hard,easy"],
            "Omaha is played pot-limit, limit, no-limit, not 'spread'",
        ),
        (
            ["--game", "seven-card-stud", "--players", "9", "--bots", "hard*9"],
            "seats 2 to 8 players, got 9",
        ),
        (["--hands", "0"], "--hands: '0' is not a whole number from 1 to 1,000,000"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["match", *args])
    assert result.exit_code == 2
    text = result.output.strip()
    assert text.startswith("error: ") and "\n" not in text and "Traceback" not in text
    assert message in text


def test_table_output_names_each_bot_and_interval() -> None:
    result = runner.invoke(
        app, ["match", "--game", "kuhn", "--bots", "expert,station", "--hands", "40", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "kuhn, 2 players, 40 hands (plain)" in result.stdout
    assert "expert" in result.stdout and "station" in result.stdout and "[" in result.stdout


def test_names_listed_for_each_game() -> None:
    assert bot_names("holdem") == (
        "easy",
        "medium",
        "hard",
        "honest",
        "fish",
        "rlcard",
        "tournament",
    )
    assert bot_names("seven-card-stud") == ("easy", "medium", "hard")
    assert bot_names("short-deck") == ("easy", "medium", "hard")
    assert bot_names("hearts") == ()
