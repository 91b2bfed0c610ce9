"""Run many ``pokerbonus`` command lines in one process (the docs' smoke test).

    python tests/run_commands.py COMMANDS.json RESULTS.json

``COMMANDS.json`` is a list of ``{"argv": [...], "env": {...}, "timeout": s}``; each
command runs through :func:`pokerbonus.cli.main` as the console script would, in
English unless it asks otherwise, with its output captured. ``RESULTS.json`` gets one
``{"code", "seconds", "output"}`` per command (``code`` 124: past its timeout), written
after each command, so a crash still leaves what ran. One process pays the imports and
the kernels' loading once for every command (``tests/test_docs_examples.py``).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
import time
from pathlib import Path
from types import FrameType
from typing import Any


class _TimedOut(Exception):
    """The command ran past its timeout."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _TimedOut


def run_one(argv: list[str], env: dict[str, str], timeout: int) -> dict[str, Any]:
    """Run one command line; its exit code, time and (captured) output."""
    from pokerbonus.cli import main
    from pokerbonus.i18n import set_language
    from pokerbonus.i18n.toolkit import speak_toolkit

    saved = dict(os.environ)
    os.environ.update(env)
    if "LANG" in env:  # the example shows the locale deciding: no language forced
        os.environ.pop("POKERBONUS_LANG", None)
    sys.argv = ["pokerbonus", *argv]
    output = io.StringIO()
    start = time.perf_counter()
    code: int = 0
    signal.alarm(timeout)
    try:
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            main()
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except _TimedOut:
        code = 124
    except BaseException as error:  # a traceback is a failure of the example
        code = 1
        output.write(f"\n{type(error).__name__}: {error}")
    finally:
        signal.alarm(0)
        os.environ.clear()
        os.environ.update(saved)
        set_language("en")
        speak_toolkit("en")
    return {"code": code, "seconds": time.perf_counter() - start, "output": output.getvalue()}


def main() -> None:
    """Read the commands, run them in order, write the results."""
    commands = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    results_path = Path(sys.argv[2])
    signal.signal(signal.SIGALRM, _alarm)
    results: list[dict[str, Any]] = []
    for command in commands:
        results.append(run_one(command["argv"], command["env"], command["timeout"]))
        results_path.write_text(json.dumps(results), encoding="utf-8")


if __name__ == "__main__":
    main()
