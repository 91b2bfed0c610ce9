"""What a new user waits for: the first run of the command line with empty caches,
and the commands a person types often, warm, beside one-liners of the peers.

Run: ``python benchmarks/bench_first_run.py [--repeat N] [--no-pyc] [--only NAME]
[--pokerbonus PATH]`` (``--only equity``, repeatable: time only that command;
``--only warm``: only the warm figures, a minute).

Warm (``warm``): the caches as they are (compiled kernels, tables, bytecode), each
command run once untimed first, then ``--repeat`` times (at least 5); the CPU time
(user and system) of the process, median, which moves less than the wall time with
the load of other jobs. Timed beside each other in the same run:

- an eval7 one-liner (``python -c`` evaluating one hand) and a poker-equity one
  (``python -c``: the exact equity of AhKh against QsQc), the peers' floor: a Python
  start, the import, the work;
- ``pokerbonus --help`` and every ``COMMAND --help`` (target: under 0.25 s each);
- ``pokerbonus eval "As Ks Qs Js Ts"`` (target: under 0.25 s; ratio to eval7's);
- ``pokerbonus equity AhKh QsQc`` (target: at most 1.5 times poker-equity's);
- ``pokerbonus history sessions`` on an empty database (target: under 0.4 s).

Each run gets empty ``POKERBONUS_CACHE``, ``NUMBA_CACHE_DIR``, ``XDG_CACHE_HOME``,
``XDG_DATA_HOME`` and ``HOME`` folders (new temporary folders), as on a machine
where Poker Bonus was just installed; stderr (and for ``play`` the whole
program) is on a pseudo-terminal, as for a person. Timed, wall clock from the
start of the process:

- ``pokerbonus eval "As Ks Qs Js Ts"``: until it exits (target: under 1 s);
- ``pokerbonus equity AhKh QsQc``: until it exits, then again with the caches it
  left (the second run; target for the first: under 5 s);
- ``pokerbonus play``: until the setup screen is on the terminal (target: under
  2 s); then Play is pressed and the time until the table shows is printed too.

The CPU time of the two other commands (user and system, of the process) is
printed beside the wall time: it moves less with the load of other jobs.

``--no-pyc`` also starts without Python's compiled bytecode
(``PYTHONPYCACHEPREFIX`` on an empty folder: every module is compiled again,
more than a fresh install, whose dependencies come precompiled). The load
average is printed before and after: on a shared machine the figures move with
the other jobs; re-run it on a quiet machine for the figures of the README.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import resource
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path


def fresh_env(root: Path, no_pyc: bool) -> dict[str, str]:
    """Environment variables of a first run: every cache folder new and empty."""
    env = dict(os.environ)
    for name, folder in (
        ("POKERBONUS_CACHE", "pokerbonus"),
        ("NUMBA_CACHE_DIR", "numba"),
        ("XDG_CACHE_HOME", "xdg-cache"),
        ("XDG_DATA_HOME", "xdg-data"),
        ("HOME", "home"),
    ):
        (root / folder).mkdir()
        env[name] = str(root / folder)
    if no_pyc:
        (root / "pyc").mkdir()
        env["PYTHONPYCACHEPREFIX"] = str(root / "pyc")
    if env.get("TERM", "dumb") == "dumb":
        env["TERM"] = "xterm-256color"  # a terminal that draws the screens
    return env


def children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_command(command: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds, exit status and stderr of ``command``, stderr on a
    terminal."""
    master, slave = pty.openpty()
    start, cpu = time.perf_counter(), children_cpu()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=slave, check=False)
    seconds, cpu = time.perf_counter() - start, children_cpu() - cpu
    os.close(slave)
    err = b""
    try:
        while chunk := os.read(master, 65536):
            err += chunk
    except OSError:
        pass
    os.close(master)
    return seconds, cpu, done.returncode, err.decode(errors="replace")


def timed_play(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds until ``play`` shows its setup screen, and until the table shows
    once Play (F5) is pressed at that moment; the program is then stopped."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command on the terminal
        os.execve(command[0], command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 140, 0, 0))
    screen = b""
    setup = table = float("nan")
    while time.perf_counter() - start < 300:
        ready, _, _ = select.select([fd], [], [], 0.02)
        if not ready:
            continue
        try:
            screen += os.read(fd, 65536)
        except OSError:
            break
        now = time.perf_counter() - start
        if setup != setup and b"Opponents" in screen:  # nan: not seen yet
            setup = now
            os.write(fd, b"\x1b[15~")  # F5: Play
        elif setup == setup and any(word in screen for word in _TABLE_WORDS):
            table = now
            break
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    os.close(fd)
    return setup, table


_TABLE_WORDS = (b"Half pot", b"Stand pat", b"Next hand")
"""Buttons of the table screen (one of them shows in every state of a hand)."""


EVAL7_ONE_LINER = (
    "import eval7; print(eval7.evaluate([eval7.Card(c) for c in 'As Ks Qs Js Ts'.split()]))"
)
POKER_EQUITY_ONE_LINER = (
    "import poker_equity; "
    "print(poker_equity.exact_from_text('holdem', ['AhKh', 'QsQc'])['players'][0]['equity'])"
)

WARM_TARGETS: dict[str, str] = {
    "eval": "under 0.25 s",
    "equity AhKh QsQc": "at most 1.5x poker-equity",
    "history sessions (empty)": "under 0.4 s",
}


def warm_cpu(command: list[str], env: dict[str, str], repeat: int) -> tuple[float, float]:
    """Median CPU seconds and median wall seconds of ``command`` over ``repeat``
    runs, after one untimed run (the caches warm)."""
    subprocess.run(command, env=env, capture_output=True, check=False)
    cpu_runs, wall_runs = [], []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), children_cpu()
        done = subprocess.run(command, env=env, capture_output=True, check=False)
        wall_runs.append(time.perf_counter() - start)
        cpu_runs.append(children_cpu() - cpu)
        assert done.returncode == 0, (command, done.stderr[-2000:])
    return statistics.median(cpu_runs), statistics.median(wall_runs)


def warm(command: list[str], repeat: int) -> None:
    """The warm figures (see the module doc), printed as a table with ratios."""
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="pokerbonus-warm-") as folder:
        env["POKERBONUS_DB"] = str(Path(folder) / "empty.db")
        python = sys.executable
        rows: list[tuple[str, list[str]]] = [
            ("eval7 one-liner", [python, "-c", EVAL7_ONE_LINER]),
            ("poker-equity one-liner", [python, "-c", POKER_EQUITY_ONE_LINER]),
            ("eval", [*command, "eval", "As Ks Qs Js Ts"]),
            ("equity AhKh QsQc", [*command, "equity", "AhKh", "QsQc"]),
            ("history sessions (empty)", [*command, "history", "sessions"]),
            ("--help", [*command, "--help"]),
        ]
        for name in _command_names(python):
            rows.append((f"{name} --help", [*command, *name.split(), "--help"]))
        figures = {name: warm_cpu(argv, env, repeat) for name, argv in rows}
    eval7_cpu = figures["eval7 one-liner"][0]
    peq_cpu = figures["poker-equity one-liner"][0]
    width = max(len(name) for name in figures)
    print(f"warm caches, {repeat} runs each (medians)")
    print(f"{'':<{width}}  CPU s  wall s  x eval7  x poker-equity  target")
    for name, (cpu_s, wall_s) in figures.items():
        target = WARM_TARGETS.get(name, "under 0.25 s" if name.endswith("--help") else "")
        print(
            f"{name:<{width}}  {cpu_s:5.3f}  {wall_s:6.3f}  {cpu_s / eval7_cpu:7.2f}"
            f"  {cpu_s / peq_cpu:14.2f}  {target}"
        )


def _command_names(python: str) -> list[str]:
    """Every command and every command of a group (``stats draw``), as typed."""
    code = (
        "from pokerbonus.cli import COMMANDS, load_command\n"
        "for name in COMMANDS:\n"
        "    print(name)\n"
        "    for sub in getattr(load_command(name), 'commands', {}):\n"
        "        print(name, sub)\n"
    )
    out = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split("\n")[:-1]


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, each with new caches")
    parser.add_argument("--no-pyc", action="store_true", help="also without compiled bytecode")
    parser.add_argument(
        "--only",
        action="append",
        choices=("eval", "equity", "play", "warm"),
        help="time only this (repeatable; default: all)",
    )
    parser.add_argument(
        "--pokerbonus",
        default=str(Path(sys.executable).with_name("pokerbonus")),
        help="the command to time (default: the one beside this Python)",
    )
    args = parser.parse_args()
    command = [args.pokerbonus]
    print(f"before: {load()}", flush=True)
    figures: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}

    def record(name: str, seconds: float, cpu_seconds: float | None = None) -> None:
        figures.setdefault(name, []).append(seconds)
        if cpu_seconds is not None:
            cpu.setdefault(name, []).append(cpu_seconds)

    wanted = set(args.only or ("eval", "equity", "play", "warm"))
    if "warm" in wanted:
        warm(command, max(args.repeat, 5))
        if wanted == {"warm"}:
            print(f"after: {load()}")
            return
    for _ in range(args.repeat):
        if "eval" in wanted:
            with tempfile.TemporaryDirectory(prefix="pokerbonus-first-run-") as folder:
                env = fresh_env(Path(folder), args.no_pyc)
                seconds, used, status, _ = timed_command([*command, "eval", "As Ks Qs Js Ts"], env)
                assert status == 0, "eval failed"
                record("eval, first run", seconds, used)
        if "equity" in wanted:
            with tempfile.TemporaryDirectory(prefix="pokerbonus-first-run-") as folder:
                env = fresh_env(Path(folder), args.no_pyc)
                equity = [*command, "equity", "AhKh", "QsQc"]
                seconds, used, status, err = timed_command(equity, env)
                assert status == 0, f"equity failed: {err}"
                record("equity AhKh QsQc, first run", seconds, used)
                seconds, used, status, _ = timed_command(equity, env)
                record("equity AhKh QsQc, second run", seconds, used)
        if "play" in wanted:
            with tempfile.TemporaryDirectory(prefix="pokerbonus-first-run-") as folder:
                env = fresh_env(Path(folder), args.no_pyc)
                setup, table = timed_play([*command, "play"], env)
                record("play, setup screen shown", setup)
                record("play, table shown after Play at once", table)
    print(f"after: {load()}")
    targets = {
        "eval, first run": "under 1 s",
        "equity AhKh QsQc, first run": "under 5 s",
        "play, setup screen shown": "under 2 s",
    }
    width = max(len(name) for name in figures)
    header = "wall s (median; runs)       CPU s (median)  target"
    print(f"{'first run, empty caches':<{width}}  {header}")
    for name, values in figures.items():
        runs = " / ".join(f"{v:.2f}" for v in values)
        cpu_text = f"{statistics.median(cpu[name]):.2f}" if name in cpu else "-"
        wall = f"{statistics.median(values):.2f}; {runs}"
        print(f"{name:<{width}}  {wall:<26}  {cpu_text:>14}  {targets.get(name, '')}")


if __name__ == "__main__":
    main()
