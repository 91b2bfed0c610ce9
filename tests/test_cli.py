"""The command line as a whole: commands load on demand, the help lists them all."""

from __future__ import annotations

import subprocess
import sys

import pytest
import typer
from typer.testing import CliRunner

import pokerbonus
from pokerbonus.cli import COMMANDS, app, load_command

runner = CliRunner()


def test_starting_the_command_line_imports_no_heavy_library() -> None:
    code = (
        "import sys, pokerbonus.cli; "
        "print(sorted(m for m in ('numba', 'numpy', 'sqlalchemy', 'textual', 'fastapi', "
        "'pokerbonus.bots', 'pokerbonus.engine', 'pokerbonus.store') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_every_command_is_listed_with_its_own_help() -> None:
    for name in COMMANDS:
        command = load_command(name)
        assert command.name == name
        assert command.get_short_help_str(limit=1000) == COMMANDS[name][2], name
    listed = runner.invoke(app, ["--help"])
    assert listed.exit_code == 0
    words = " ".join(listed.stdout.replace("│", " ").split())  # the panel wraps long lines
    for name, (_, _, summary) in COMMANDS.items():
        assert f" {name} {summary}" in words, name


def test_the_help_is_the_same_with_the_commands_loaded() -> None:
    lazy = runner.invoke(app, ["--help"]).stdout
    eager = typer.Typer(name="pokerbonus", no_args_is_help=True, add_completion=False)
    eager.callback(help=app.info.help)(lambda: None)
    for name in COMMANDS:
        module, attribute, _ = COMMANDS[name]
        target = getattr(__import__(module, fromlist=[attribute]), attribute)
        if isinstance(target, typer.Typer):
            eager.add_typer(target, name=name)
        else:
            eager.command(name)(target)
    assert runner.invoke(eager, ["--help"]).stdout == lazy


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["games", "--json"], '"key"'),
        (["eval", "As Ks Qs Js Ts"], "royal flush"),
        (["stats", "--help"], "dealt"),
    ],
)
def test_commands_and_groups_run_when_named(args: list[str], expected: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert expected in result.stdout


def test_a_mistyped_command_is_refused_with_a_suggestion() -> None:
    result = runner.invoke(app, ["evl"])
    assert result.exit_code == 2
    assert "Did you mean 'eval'?" in result.output


def test_the_package_loads_its_names_on_first_use() -> None:
    code = (
        "import sys, pokerbonus; print('numba' in sys.modules, 'pokerbonus.hands' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
    assert (
        pokerbonus.evaluate("Kh Ks 8d 8c Ts").description
        == "two pair, kings and eights, ten kicker"
    )
    # every public name has a home, and each loads (dir() lists __all__ by itself)
    assert set(pokerbonus._HOMES) == set(pokerbonus.__all__)
    assert all(getattr(pokerbonus, name) is not None for name in pokerbonus.__all__)
    assert set(dir(pokerbonus)) >= set(pokerbonus.__all__)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = pokerbonus.nothing_here


def test_help_draws_without_the_markdown_parser_and_the_same_as_typer() -> None:
    # pokerbonus.cli.help_format: typer.rich_utils loads with Markdown and Traceback
    # deferred; the help printed is typer's own, and the real classes come on use
    code = (
        "import sys\n"
        "from pokerbonus.cli import main\n"
        "sys.argv = ['pokerbonus', 'eval', '--help']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = ('markdown_it', 'rich.markdown', 'rich.traceback')\n"
        "print([m for m in heavy if m in sys.modules])\n"
        "import typer.rich_utils as u\n"
        "from rich.markdown import Markdown\n"
        "print(type(u.Markdown('*a*')) is Markdown, isinstance(Markdown('b'), u.Markdown))\n"
        "print(type(u.Traceback.from_exception(ValueError, ValueError('x'), None)).__name__)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *help_lines, loaded, forwarded, traceback = out.stdout.splitlines()
    assert (loaded, forwarded, traceback) == ("[]", "True True", "Traceback")
    typer_help = runner.invoke(app, ["eval", "--help"], terminal_width=80)
    assert "\n".join(help_lines).split() == typer_help.stdout.split()
