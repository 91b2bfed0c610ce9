"""Every numeric option of every command has a range, written in its help and in
docs/command-line.md, and checked when the command line is read: outside it, or
not a number, one line on stderr and exit code 2, before any work.

The property test draws an option of any command and a value (negative, zero,
huge, in range, not a number) and reads the command line as the command would
(``make_context``: the values are converted, the command is not run), so that it
stays cheap; a value that is refused is then given to the real command line too,
which must refuse it the same way.
"""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.core import TyperGroup
from typer.testing import CliRunner

from pokerbonus.cli import COMMANDS, app, load_command
from pokerbonus.cli.bounds import Bounds, bounds_of, range_text
from pokerbonus.i18n import using_language

DOCS = Path(__file__).resolve().parents[1] / "docs" / "command-line.md"

# what a command needs besides the option, so that its command line reads
REQUIRED: dict[str, list[str]] = {
    "eval": ["As Ks Qs Js Ts"],
    "equity": ["AhKh", "QsQc"],
    "replay": ["x.phh"],
    "history hands": ["1"],
    "history export": ["1"],
    "history review": ["1"],
}


@dataclass(frozen=True)
class Numeric:
    """One numeric option (or argument) of one command."""

    path: tuple[str, ...]
    command: Any
    param: Any
    bounds: Bounds

    @property
    def label(self) -> str:
        return f"{' '.join(self.path)} {self.bounds.name}"


def _commands() -> list[tuple[tuple[str, ...], Any]]:
    found: list[tuple[tuple[str, ...], Any]] = []
    for name in COMMANDS:
        command = load_command(name)
        if isinstance(command, TyperGroup):
            found += [((name, sub), cmd) for sub, cmd in command.commands.items()]
        else:
            found.append(((name,), command))
    return found


def _annotation(param: Any) -> Any:
    return param.type_descriptor.annotation


def _info(param: Any) -> Any:
    return param.type_descriptor.parameter_info


def _numerics() -> list[Numeric]:
    out = []
    for path, command in _commands():
        for param in command.params:
            if _annotation(param) in (int, float):
                bounds = bounds_of(_info(param))
                assert bounds is not None, f"{' '.join(path)} {param.name}: no range"
                out.append(Numeric(path, command, param, bounds))
    return out


NUMERICS = _numerics()


def test_every_numeric_option_of_every_command_has_a_range_in_its_help() -> None:
    assert len(NUMERICS) > 45  # every command's, play's many house rules included
    for n in NUMERICS:
        assert n.param.help is not None
        assert n.param.help.endswith(range_text(n.bounds.low, n.bounds.high)), n.label
        if n.param.param_type_name == "option":
            assert n.bounds.name in n.param.opts, n.label  # the name the messages give


def _doc_row(n: Numeric) -> str:
    kind = "whole number" if n.bounds.kind == "whole" else "number"
    low, high = (range_text(n.bounds.low, n.bounds.high)[1:-1]).split(" to ")
    return f"| `{' '.join(n.path)}` | `{n.bounds.name}` | {kind} | {low} | {high} |"


def test_the_docs_list_every_range() -> None:
    text = DOCS.read_text(encoding="utf-8")
    rows = {line for line in text.splitlines() if line.startswith("| `")}
    expected = {_doc_row(n) for n in NUMERICS}
    assert expected - rows == set(), "missing from docs/command-line.md"
    assert rows - expected == set(), "in docs/command-line.md, not in the code"


def _args(n: Numeric, value: str) -> list[str]:
    required = REQUIRED.get(" ".join(n.path), [])
    if n.param.param_type_name == "argument":
        return [value]
    return [*required, n.bounds.name, value]


def _accepted(bounds: Bounds, value: str) -> bool:
    """Whether ``value`` is a number of ``bounds`` (as a person would judge it)."""
    text = value.strip()
    try:
        number: float = int(text) if bounds.kind == "whole" else float(text)
    except ValueError:
        return False
    return bounds.low <= number <= bounds.high  # nan is never in range


VALUES = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.integers(min_value=-3, max_value=3).map(str),
    st.sampled_from(["", " ", "abc", "1.5", "-0", "nan", "inf", "-inf", "1e3", "0x10", "--"]),
    st.sampled_from(["99999999999999999999999", "10000000000", "-5", "2**63", "5 5"]),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.text(max_size=6),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from(NUMERICS), value=VALUES)
def test_any_value_is_read_or_refused_in_one_line_before_any_work(n: Numeric, value: str) -> None:
    if value.startswith("-") and n.param.param_type_name == "argument":
        value = value.lstrip("-") or "x"  # an argument that looks like an option is click's
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            ctx = n.command.make_context(n.path[-1], _args(n, value))
    except typer.Exit as stop:
        line = err.getvalue()
        assert stop.exit_code == 2 and not _accepted(n.bounds, value), (n.label, value)
        assert line.count("\n") == 1 and line.startswith(f"error: {n.bounds.name}: "), line
        assert "Traceback" not in line
        return
    assert _accepted(n.bounds, value), (n.label, value)
    read = ctx.params[n.param.name or ""]
    assert read == (int(value.strip()) if n.bounds.kind == "whole" else float(value.strip()))
    assert err.getvalue() == ""


def _run(args: list[str], env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, args, env=env)


@pytest.mark.parametrize(
    "args",
    [
        ["equity", "AhKh", "QsQc", "--samples", "99999999999999999999999"],
        ["equity", "AhKh", "QsQc", "--samples", "10000000000"],
        ["equity", "AhKh", "QsQc", "--samples", "-5"],
        ["stats", "draw", "--hands", "99999999999999999999"],
        ["stats", "dealer", "--situations", "0"],
        ["simulate", "--players", "1"],
        ["match", "--hands", "-1"],
        ["solve", "--iterations", "1e9"],
        ["solve", "--game", "french-draw", "--report", "--lbr-hands", "9" * 30],
        ["play", "--cave", "0"],
        ["play", "--resume", "0"],
        ["serve", "--port", "70000"],
        ["serve", "--bot-delay", "nan"],
        ["history", "hands", "99999999999999999999"],
        ["history", "export", "1", "--hand", "abc"],
    ],
    ids=lambda args: " ".join(args[:3]),
)
def test_the_real_command_line_refuses_in_one_line(args: list[str]) -> None:
    result = _run(args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and re.match(r"error: (--[a-z-]+|SESSION(_ID)?): '", lines[0]), lines


def test_the_line_is_translated() -> None:
    with using_language("fr"):  # as pokerbonus.cli.main sets it before reading the line
        samples = _run(["equity", "AhKh", "QsQc", "--samples", "-5"])
        pause = _run(["serve", "--hand-pause", "-1"])
    assert samples.exit_code == 2
    assert samples.stderr == (
        "erreur\xa0: --samples\xa0: '-5' n'est pas un nombre entier de 1 à 100\u202f000\u202f000\n"
    )
    assert pause.stderr == "erreur\xa0: --hand-pause\xa0: '-1' n'est pas un nombre de 0 à 600\n"


def test_the_help_gives_the_range() -> None:
    shown = _run(["stats", "draw", "--help"]).stdout
    words = " ".join(shown.replace("│", " ").split())
    assert "Deals to simulate. [1 to 100,000,000]" in words


@pytest.mark.parametrize(
    "args",
    [["play", "--db", "{db}"], ["history", "--db", "{db}", "sessions"], ["serve", "--db", "{db}"]],
    ids=lambda args: args[0],
)
def test_a_database_file_in_a_missing_folder_is_refused(args: list[str], tmp_path: Path) -> None:
    db = tmp_path / "missing" / "x.db"
    result = _run([a.replace("{db}", str(db)) for a in args])
    assert result.exit_code == 2
    assert result.stderr == f"error: database: the folder {db.parent} does not exist\n"
    assert not db.parent.exists()  # nothing made up


def test_the_database_named_by_the_environment_is_checked_too(tmp_path: Path) -> None:
    db = tmp_path / "missing" / "x.db"
    result = _run(["history", "sessions"], env={"POKERBONUS_DB": str(db)})
    assert result.exit_code == 2 and "missing does not exist" in result.stderr
    assert not db.parent.exists()
