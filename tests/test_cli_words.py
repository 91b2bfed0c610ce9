"""Bad command lines: one line on stderr that names the bad value in the
command's own words (opponents, not seats; the token, not a count), exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.cli import app

CASES: list[tuple[list[str], str]] = [
    (
        ["play", "--dealer", "--opponents", "9"],
        "error: --opponents: dealer mode is played against 0 to 4 computer opponents, got 9",
    ),
    (
        ["play", "--opponents", "9"],
        "error: opponents: French five-card draw is played against 1 to 7 computer opponents, "
        "got 9",
    ),
    (
        ["equity", "AhK"],
        "error: hand 1 'AhK': invalid card: 'K' (expected rank 2-9 T J Q K A and suit c d h s)",
    ),
    (
        ["equity", "AhKh"],
        "error: equity needs 2 to 10 hands, got only 'AhKh'; add the opponent's hand, "
        "a range or 'random'",
    ),
    (
        ["match", "--bots", "hard"],
        "error: bots: 'hard' names 1 bot for 2 players; give one per player "
        "(write name*count to repeat one)",
    ),
    (
        ["stats", "dealt", "--deck", "33"],
        "error: deck: invalid deck size: 33 (expected one of 32, 36, 40, 44, 48, 52)",
    ),
    (["replay", "{missing}"], "error: {missing}: no such file or folder"),
]


@pytest.mark.parametrize(("argv", "line"), CASES, ids=[" ".join(c[0][:2]) for c in CASES])
def test_a_bad_command_line_says_what_is_wrong_in_one_line(
    argv: list[str], line: str, tmp_path: Path
) -> None:
    missing = str(tmp_path / "missing.phh")
    argv = [a.replace("{missing}", missing) for a in argv]
    if argv[0] == "play":
        argv += ["--db", str(tmp_path / "play.db")]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, (argv, result.output)
    assert result.stderr == line.replace("{missing}", missing) + "\n"
    assert result.stdout == ""


def test_the_default_bots_fill_every_seat() -> None:
    result = CliRunner().invoke(app, ["match", "--players", "3", "--hands", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert "medium" in result.stdout and "easy" in result.stdout
