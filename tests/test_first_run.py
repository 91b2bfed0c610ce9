"""The first run: the command line with empty caches works and says it is preparing
the compiled kernels (on a terminal), once; later runs reuse them silently.

Timings are not asserted here: ``benchmarks/bench_first_run.py`` measures them.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from pokerbonus.compiling import TerminalReporter, _on_end, _on_start, set_reporter

POKERBONUS = str(Path(sys.executable).with_name("pokerbonus"))
PREPARING = "Preparing the compiled kernels for this computer"
READY = "The compiled kernels are ready"


def _empty_caches(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "POKERBONUS_CACHE": str(tmp_path / "pokerbonus"),
        "NUMBA_CACHE_DIR": str(tmp_path / "numba"),
        "XDG_CACHE_HOME": str(tmp_path / "xdg"),
    }


def _run_on_terminal(args: list[str], env: dict[str, str]) -> tuple[int, str, str]:
    """Run the command line with stderr on a pseudo-terminal: (status, stdout, stderr)."""
    master, slave = pty.openpty()
    try:
        done = subprocess.run(
            [POKERBONUS, *args], env=env, stdout=subprocess.PIPE, stderr=slave,
            text=True, timeout=300, check=False,
        )  # fmt: skip
    finally:
        os.close(slave)
    err = b""
    try:
        while chunk := os.read(master, 65536):
            err += chunk
    except OSError:  # the terminal is closed once everything is read
        pass
    os.close(master)
    return done.returncode, done.stdout, err.decode().replace("\r\n", "\n")


def test_first_run_with_empty_caches_works_and_says_it_is_preparing(tmp_path: Path) -> None:
    env = _empty_caches(tmp_path)
    # three hands: the kernels answer (two hands preflop come from the shipped table)
    three = ["equity", "AhKh", "QsQc", "7c7d"]
    status, out, err = _run_on_terminal(three, env)
    assert status == 0, err
    assert "38.984" in out and "42.600" in out  # the exact equity, table printed
    assert err.count(PREPARING) == 1 and err.count(READY) == 1, err
    assert err.index(PREPARING) < err.index(READY)
    assert (tmp_path / "numba").is_dir()  # numba's cache was warmed
    # the next run loads the kernels from the cache: nothing to say
    status, out, err = _run_on_terminal(three, env)
    assert status == 0 and "38.984" in out
    assert PREPARING not in err, err


def test_nothing_is_said_when_stderr_is_not_a_terminal_or_with_json(tmp_path: Path) -> None:
    env = _empty_caches(tmp_path)
    piped = subprocess.run(
        [POKERBONUS, "equity", "AhKh", "QsQc", "--board", "Ks 7d 2c"], env=env,
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert piped.returncode == 0, piped.stderr
    assert PREPARING not in piped.stderr
    status, out, err = _run_on_terminal(["equity", "AhKh", "QsQc", "--json", "-n", "1000"], env)
    assert status == 0 and '"equity"' in out
    assert PREPARING not in err, err


def test_the_reporter_hears_the_outermost_compilation_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Nested compilations (a kernel and the helpers it calls) make one start and
    one end; the terminal reporter speaks for the first one only."""
    reporter = TerminalReporter()
    set_reporter(reporter)
    try:
        for _ in range(2):
            _on_start()
            _on_start()  # a helper compiled inside the kernel's compilation
            _on_end()
            _on_end()
    finally:
        set_reporter(None)
    err = capsys.readouterr().err
    assert err.count(PREPARING) == 1 and err.count(READY) == 1
