"""Bring your own bot (``pokerbonus.bots.loader``): a class loaded by its import path
in ``match``, ``gauntlet`` and ``play``, the example of docs/bots.md run as written,
and every bad path refused in one line with exit code 2."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.bots import Bot
from pokerbonus.bots.loader import is_bot_path, load_bot, load_bot_class
from pokerbonus.cli import app
from pokerbonus.errors import BotPathError

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[1] / "docs" / "bots.md"


def _example() -> str:
    """The complete bot of docs/bots.md, "Write your own bot"."""
    section = DOCS.read_text(encoding="utf-8").split("## Write your own bot", 1)[1]
    found = re.search(r"```python\n(.*?)```", section, re.S)
    assert found is not None
    return found.group(1)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A current folder holding the docs' ``mybots.py`` and a few bad modules; the
    modules imported from it are forgotten afterwards."""
    (tmp_path / "mybots.py").write_text(_example(), encoding="utf-8")
    (tmp_path / "badbots.py").write_text(
        "NUMBER = 3\n\nclass Plain:\n    pass\n\n"
        "class Duck:\n    def __init__(self, seed=None):\n        pass\n\n"
        "    def decide(self, view, info, budget):\n"
        "        from pokerbonus.bots import fallback_action\n"
        "        return fallback_action(view.legal, view.hole)\n",
        encoding="utf-8",
    )
    (tmp_path / "brokenbots.py").write_text("raise RuntimeError('no luck')\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for name in ("mybots", "badbots", "brokenbots"):
        sys.modules.pop(name, None)


def test_the_docs_example_plays_a_match(folder: Path) -> None:
    """``match --bots mybots:Snow,hard``: the docs' bot, found in the current folder,
    plays every hand without a fallback, and loses to hard."""
    result = runner.invoke(
        app, ["match", "--players", "2", "--bots", "mybots:Snow,hard", "--hands", "200",
              "--duplicate", "--seed", "3", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    snow, hard = data["results"]
    assert snow["bot"] == "mybots:Snow" and snow["fallbacks"] == 0 and snow["decisions"] > 200
    assert snow["mbb_per_hand"] < 0 < hard["mbb_per_hand"]


def test_the_docs_example_runs_the_gauntlet(folder: Path) -> None:
    """``gauntlet --bots mybots:Snow``: one row per table, named by the path."""
    result = runner.invoke(
        app, ["gauntlet", "--level", "hard", "--bots", "mybots:Snow", "--hands", "40", "--json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["rows"]
    assert [(r["bot"], r["players"]) for r in rows] == [("mybots:Snow", 2), ("mybots:Snow", 4)]


def test_a_class_with_decide_but_no_base_is_adapted(folder: Path) -> None:
    bot = load_bot("badbots:Duck", seed=1, search=[str(folder)])
    assert isinstance(bot, Bot) and bot.name == "badbots:Duck"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("mybots", "expected package.module:ClassName"),
        ("mybots:Snoww", "module 'mybots' has no 'Snoww'"),
        ("nosuchmodule:Bot", "cannot import 'nosuchmodule' (No module named 'nosuchmodule')"),
        ("brokenbots:Bot", "cannot import 'brokenbots' (no luck)"),
        ("badbots:NUMBER", "not a bot"),
        ("badbots:Plain", "not a bot"),
        ("pokerbonus.bots.base:Bot", "leaves decide unimplemented"),
    ],
)
def test_a_bad_path_is_one_line_and_exit_code_2(folder: Path, path: str, message: str) -> None:
    """In ``match``, ``gauntlet`` and ``play``: one line on stderr, exit code 2,
    nothing on stdout."""
    with pytest.raises(BotPathError, match=re.escape(message)):
        load_bot_class(path, [str(folder)])
    bots = f"{path},hard"
    for args in (
        ["match", "--players", "2", "--bots", bots, "--hands", "10"],
        ["gauntlet", "--bots", path, "--hands", "10"],
        ["play", "--opponent", path],
    ):
        if args[0] != "play" or ":" in path:
            result = runner.invoke(app, args)
            assert result.exit_code == 2, (args, result.output)
            assert result.stdout == ""
            lines = result.stderr.strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("error: "), (args, lines)


def test_is_bot_path() -> None:
    assert is_bot_path("pokerbonus.bots.gauntlet:Maniac")
    assert not is_bot_path("my-bots:Snow") and not is_bot_path(":Snow") and not is_bot_path("a:b:c")


def test_play_seats_the_bot_named_at_every_computer_seat() -> None:
    """``play --opponent``: the session builds each opponent with the factory."""
    from pokerbonus.bots.gauntlet import Maniac
    from pokerbonus.tui.session import PlaySession
    from pokerbonus.tui.settings import PlaySettings

    settings = PlaySettings.build({"opponents": 3, "level": "easy"})
    path = "pokerbonus.bots.gauntlet:Maniac"
    session = PlaySession(settings, seed=1, opponent=lambda seed: load_bot(path, seed))
    assert len(session.bots) == 3
    assert all(isinstance(b, Maniac) and b.name == path for b in session.bots.values())
    plain = PlaySession(settings, seed=1)
    assert {b.name for b in plain.bots.values()} == {"easy"}
