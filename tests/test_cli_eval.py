"""The ``pokerbonus eval`` command."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerbonus.cli import app

runner = CliRunner()


def test_eval_ranks_hands_best_first_with_ties_sharing_a_place() -> None:
    result = runner.invoke(
        app, ["eval", "--json", "Ah Kh 8d 8c Ts", "As Ks 8h 8s Td", "Kh Ks 8d 8c Ts"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [row["place"] for row in rows] == [1, 2, 2]
    assert rows[0]["description"] == "two pair, kings and eights, ten kicker"
    assert rows[1]["category"] == rows[2]["category"] == "pair"
    assert {rows[1]["hand"], rows[2]["hand"]} == {"Ah Kh 8d 8c Ts", "As Ks 8h 8s Td"}
    assert set(rows[0]) == {"hand", "place", "game", "rank", "category", "description", "cards"}


def test_eval_table_output_and_options() -> None:
    result = runner.invoke(app, ["eval", "Ah 2c 3d 4s 5h", "--no-wheel"])
    assert result.exit_code == 0, result.output
    assert "high card" in result.stdout
    result = runner.invoke(app, ["eval", "As 7s 8d 9c Th", "--deck", "32", "--json"])
    assert json.loads(result.stdout)[0]["category"] == "straight"


def test_eval_bad_input_is_one_line_and_exit_code_2() -> None:
    for args in (
        ["eval", "As Xs Kd Qd Jd"],
        ["eval", "As As Kd Qd Jd"],
        ["eval", "As Kd"],
        ["eval", "As Kd Qd Jd Td", "--game", "omaha-ish"],
        ["eval", "As Kd Qd Jd Td", "--game", "a5", "--deck", "32"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
        assert "Traceback" not in result.output
