"""The ``stats`` commands (issue 8): JSON shapes, plots, errors exit 2."""

from __future__ import annotations

import json
import multiprocessing
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from pokerbonus import shards
from pokerbonus.cli.stats import stats_app

app = typer.Typer()
app.add_typer(stats_app, name="stats")


@app.callback()
def _root() -> None:
    """Test root."""


runner = CliRunner()


def test_dealt_json_and_svg_plot(tmp_path: Path) -> None:
    plot = tmp_path / "dealt.svg"
    result = runner.invoke(app, ["stats", "dealt", "--deck", "32", "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["total"] == 201376 and data["counts"]["straight_flush"] == 20
    assert plot.read_text().lstrip().startswith("<?xml")


def test_draw_json_matches_api_and_png_plot(tmp_path: Path) -> None:
    plot = tmp_path / "draw.png"
    args = ["stats", "draw", "--players", "3", "--hands", "2000", "--seed", "4"]
    result = runner.invoke(app, [*args, "--workers", "1", "--json", "--plot", str(plot)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 2000 and data["players"] == 3 and data["deck"] == 32
    assert abs(sum(v["freq"] for v in data["final"].values()) - 1) < 1e-9
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = runner.invoke(app, [*args, "--workers", "1"])
    assert table.exit_code == 0 and "2,000 deals" in table.output


def test_dealer_json_with_settings_from_flags_and_a_file(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_text('[dealer]\nqualifier = "44"\n[dealer.paytable]\nflush = 5\n', "utf-8")
    plot = tmp_path / "dealer.svg"
    args = ["stats", "dealer", "--situations", "2000", "--workers", "1", "--json"]
    result = runner.invoke(
        app, [*args, "--config", str(path), "--bet", "10", "--no-switch", "--plot", str(plot)]
    )
    assert result.exit_code == 0, result.output
    assert plot.read_text().lstrip().startswith("<?xml")
    data = json.loads(result.output)
    assert data["situations"] == 2000 and "antes excluded" in data["covers"]
    assert data["method"] == "sampled" and data["decisions"]["exchange_one"] == 0
    assert data["settings"]["qualifier"] == "44" and data["settings"]["paytable"]["flush"] == 5
    assert data["settings"]["bet"] == 10 and data["settings"]["switch"] is False
    low, high = data["ci95"]
    assert low < data["rtp"] < high


def test_dealer_refuses_bad_settings_in_one_line() -> None:
    bad = runner.invoke(app, ["stats", "dealer", "--qualifier", "KA"])
    assert bad.exit_code == 2 and "error: qualifier: write the higher rank first" in bad.output
    bad = runner.invoke(app, ["stats", "dealer", "--situations", "10"])
    assert bad.exit_code == 2 and "situations: at least 1,000" in bad.output
    bad = runner.invoke(app, ["stats", "dealer", "--play-multiple", "0"])
    assert (
        bad.exit_code == 2
        and "--play-multiple: '0' is not a whole number from 1 to 10" in bad.output
    )


def test_errors_exit_2(tmp_path: Path) -> None:
    bad_deck = runner.invoke(app, ["stats", "dealt", "--deck", "33"])
    assert bad_deck.exit_code == 2 and "33" in bad_deck.output
    bad_players = runner.invoke(app, ["stats", "draw", "--players", "7", "--deck", "32"])
    assert bad_players.exit_code == 2 and "38 cards" in bad_players.output
    bad_plot = runner.invoke(app, ["stats", "dealt", "--plot", str(tmp_path / "x.gif")])
    assert bad_plot.exit_code == 2 and ".png or .svg" in bad_plot.output


def test_workers_is_the_most_and_no_helper_outlives_the_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--workers N``: helpers only where the run decides they pay (here: always,
    and as many as wanted), never more than N in all; none left once it returns."""
    monkeypatch.setattr(shards, "_helpers_worth_it", lambda work_left, share: 7)
    args = ["stats", "draw", "--players", "3", "--hands", "400000", "--seed", "4"]  # 4 shards
    helped = runner.invoke(app, [*args, "--workers", "2"])
    assert helped.exit_code == 0, helped.output
    assert "on 2 workers" in helped.output
    assert multiprocessing.active_children() == []
    alone = runner.invoke(app, [*args, "--workers", "1"])
    assert "on 1 worker," in alone.output
    assert _table(alone.output) == _table(helped.output)  # the same counts either way


def test_workers_are_not_started_for_a_small_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shards, "_helpers_worth_it", lambda work_left, share: 0)
    shards.stop_helpers()  # a team kept by an earlier test in this process would be reused
    args = ["stats", "draw", "--players", "3", "--hands", "3000", "--workers", "4"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and "on 1 worker," in result.output
    assert multiprocessing.active_children() == []


def _table(output: str) -> str:
    """The table of ``stats draw`` without its timing line."""
    return output.split("deals in")[0]


@pytest.mark.parametrize("command", [["dealt"], ["draw", "--hands", "1000"], ["dealer"]])
def test_a_plot_without_matplotlib_is_one_line_before_any_work(
    command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pokerbonus.cli.stats as stats

    def no_work(*args: object, **kwargs: object) -> None:
        raise AssertionError("work started before the plot was checked")

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib: ImportError
    import pokerbonus.analysis.stats.dealt as dealt

    monkeypatch.setattr(dealt, "dealt_frequencies", no_work)
    monkeypatch.setattr(stats, "_run", no_work)
    monkeypatch.setattr(stats, "_run_plan", no_work)
    plot = tmp_path / "x.svg"
    result = runner.invoke(app, ["stats", *command, "--plot", str(plot)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: plot: matplotlib is not installed; install the plots extra: "
        "pip install 'pokerbonus[plots]'"
    ]
    assert not plot.exists()


def test_only_the_plots_module_imports_matplotlib() -> None:
    """matplotlib is the plots extra: nothing else of the package may need it."""
    import ast

    import pokerbonus

    package = Path(pokerbonus.__file__).parent
    importers = set()
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(n == "matplotlib" or n.startswith("matplotlib.") for n in names):
                importers.add(path.relative_to(package).as_posix())
    assert importers == {"analysis/stats/plots.py"}
