"""The help of every command loads no heavy library: numba, SQLAlchemy, the bots,
the engine and the kernels are imported only when a command does its work (the
figures are in benchmarks/bench_first_run.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pokerbonus.analysis.stats import dealer
from pokerbonus.bots.expert import SOLVER_GAMES
from pokerbonus.bots.game_bots import GAME_FAMILIES
from pokerbonus.cli import load_command, match, stats
from pokerbonus.rules.dealer import DealerSettings
from pokerbonus.store import Store

HEAVY = (
    "numba", "numpy", "sqlalchemy", "textual", "fastapi", "pydantic", "matplotlib",
    "pokerbonus.bots", "pokerbonus.engine", "pokerbonus.store", "pokerbonus.solvers",
    "pokerbonus.sim", "pokerbonus.analysis", "pokerbonus.dealer", "pokerbonus.tui",
    "pokerbonus.server",
)  # fmt: skip

HELPS = """
import sys
from typer.testing import CliRunner
from pokerbonus.cli import COMMANDS, app, load_command
runner = CliRunner()
shown = []
for name in COMMANDS:
    paths = [[name]]
    command = load_command(name)
    paths += [[name, sub] for sub in getattr(command, "commands", {})]
    for path in paths:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        shown.append(" ".join(path))
print(len(shown), sorted(m for m in HEAVY if m in sys.modules))
"""


def test_the_help_of_every_command_imports_no_heavy_library() -> None:
    code = f"HEAVY = {HEAVY!r}\n{HELPS}"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, _, heavy = out.stdout.strip().partition(" ")
    assert int(count) >= 15  # every command, and each command of stats and history
    assert heavy == "[]"


def test_what_the_help_writes_out_agrees_with_its_home() -> None:
    assert ("draw", *GAME_FAMILIES, *SOLVER_GAMES) == match.MATCH_GAMES
    assert tuple(SOLVER_GAMES) == match.SOLVER_GAMES
    assert stats.DEFAULT_SITUATIONS == dealer.DEFAULT_SITUATIONS


LISTING = """
import sys
from typer.testing import CliRunner
from pokerbonus.cli import app
result = CliRunner().invoke(app, ["history", "sessions", "--json"])
print(result.exit_code, result.stdout.strip(), "sqlalchemy" in sys.modules)
"""


def test_listing_an_empty_database_loads_no_sqlalchemy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default database, made by the store, is found and read by the standard
    library while it holds no session; once it holds one, the store lists it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("POKERBONUS_DB", raising=False)
    with Store() as store:  # the default file, in the data folder
        assert Path(store.url.removeprefix("sqlite:///")).is_relative_to(tmp_path)

    def listing() -> list[str]:
        run = subprocess.run([sys.executable, "-c", LISTING], capture_output=True, text=True)
        return run.stdout.split()

    assert listing() == ["0", "[]", "False"]
    with Store() as store:
        store.create_session(DealerSettings(players=1), ["solo"], kind="dealer")
    code, *_, loaded = listing()
    assert code == "0" and loaded == "True"


def test_a_value_the_light_reader_does_not_know_goes_to_typer() -> None:
    command = load_command("eval")
    params = {p.name: p for p in command.params}
    wheel, game, hands = params["wheel"], params["game"], params["hands"]
    assert type(wheel._runtime_param).__name__ == "_LightReader"
    assert wheel._runtime_param.coerce(True, wheel, None) is True  # plain: read here
    assert wheel._runtime_param.coerce("false", wheel, None) is False  # Typer's reader
    assert game._runtime_param.coerce("a5", game, None) == "a5"
    assert hands._runtime_param.coerce(("As Ks Qs Js Ts",), hands, None) == ["As Ks Qs Js Ts"]
    assert hands._runtime_param.coerce(None, hands, None) == ()
