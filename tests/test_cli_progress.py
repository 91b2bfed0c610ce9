"""The long commands show a progress display on a terminal, and nothing piped or
with ``--json``.

Each command runs in this process with a small amount of work: once with its
stderr taken for a terminal (rich reads ``TTY_COMPATIBLE=1`` as one), where the
bar or spinner must be drawn; once plainly captured (a pipe), where stderr
must stay empty; and once on a terminal with ``--json``, where only the JSON
comes out. One command also runs in a real pseudo-terminal.
"""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
from test_replay import HEADS_UP
from typer.testing import CliRunner

from pokerbonus.cli import app

TERMINAL = {
    "TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "TERM": "xterm-256color",
    "FORCE_COLOR": None, "NO_COLOR": None,
}  # fmt: skip
PIPE = {"TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None, "FORCE_COLOR": None}

LONG_COMMANDS: list[tuple[str, list[str], str]] = [
    # name, arguments (small work), the words of its display
    ("equity", ["equity", "AhKh", "QsQc"], "computing the equity"),
    ("stats dealt", ["stats", "dealt", "--deck", "32"], "counting every deal"),
    ("stats draw", ["stats", "draw", "--hands", "500", "--workers", "1"], "simulating"),
    ("match", ["match", "--hands", "4", "--seed", "1"], "playing"),
    ("simulate", ["simulate", "--hands", "5", "--seed", "1"], "simulating"),
    ("solve", ["solve", "--iterations", "5"], "solving"),
    ("solve's tree", ["solve", "--iterations", "5"], "building the game tree"),
    ("replay", ["replay", "{phh}"], "replaying"),
]


def _args(args: list[str], tmp_path: Path) -> list[str]:
    phh = tmp_path / "hand.phh"
    phh.write_text(HEADS_UP, encoding="utf-8")
    return [a.replace("{phh}", str(phh)) for a in args]


@pytest.mark.parametrize(
    ("name", "args", "words"), LONG_COMMANDS, ids=[c[0] for c in LONG_COMMANDS]
)
def test_a_long_command_shows_progress_on_a_terminal_only(
    name: str, args: list[str], words: str, tmp_path: Path
) -> None:
    runner = CliRunner()
    argv = _args(args, tmp_path)
    shown = runner.invoke(app, argv, env=TERMINAL)
    assert shown.exit_code == 0, (name, shown.output, shown.stderr)
    assert words in shown.stderr, (name, shown.stderr)
    piped = runner.invoke(app, argv, env=PIPE)
    assert piped.exit_code == 0, (name, piped.output)
    assert piped.stderr == "", (name, piped.stderr)
    assert piped.stdout.strip()  # the result itself
    quiet = runner.invoke(app, [*argv, "--json"], env=TERMINAL)
    assert quiet.exit_code == 0, (name, quiet.output)
    assert quiet.stderr == "", (name, quiet.stderr)
    json.loads(quiet.stdout)


def test_a_real_terminal_sees_the_spinner_and_a_pipe_does_not(tmp_path: Path) -> None:
    code = "from pokerbonus.cli import main; main()"
    env = {k: v for k, v in os.environ.items() if k not in ("TTY_COMPATIBLE", "FORCE_COLOR")}
    env["TERM"] = "xterm-256color"  # a terminal that can draw (CI may say "dumb")
    argv = [sys.executable, "-c", code, "equity", "AhKh", "QsQc"]
    controller, device = pty.openpty()
    try:
        process = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=device, env=env
        )
        os.close(device)
        seen = b""
        while True:
            ready, _, _ = select.select([controller], [], [], 60)
            if not ready:
                break
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the terminal closed with the command
                break
            if not chunk:
                break
            seen += chunk
        assert process.wait(60) == 0
    finally:
        os.close(controller)
    assert b"computing the equity" in seen
    piped = subprocess.run(argv, capture_output=True, env=env, timeout=120, check=True)
    assert piped.stderr == b"" and b"Equity %" in piped.stdout
