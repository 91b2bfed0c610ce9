"""``pokerbonus play`` options: TOML file, flags over the file, refused choices."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.testing import CliRunner

from pokerbonus.cli.play import play_command, settings_from_options


def test_flags_win_over_the_toml_file(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('opponents = 5\nlevel = "easy"\njokers = 1\nante = 2\n', encoding="utf-8")
    settings = settings_from_options(path, {"ante": 3, "opponents": None})
    assert settings.config.players == 6 and settings.level == "easy"
    assert settings.config.jokers == 1 and settings.config.ante == 3
    assert settings_from_options(path, {"opponents": 2}).config.players == 3


def test_a_refused_choice_exits_with_its_message(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(play_command)
    db = str(tmp_path / "play.db")
    result = CliRunner().invoke(app, ["--max-discard", "4", "--db", db])
    assert result.exit_code == 2
    assert "max_discard: must be 3 or 5, got 4" in result.output
    result = CliRunner().invoke(app, ["--resume", "--db", db])
    assert result.exit_code == 2
    assert "no open table session" in result.output
