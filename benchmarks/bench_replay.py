"""Replaying PHH files: ours (read + replay through the engine) vs pokerkit
(``HandHistory.load``/``load_all`` + iterating its states), same files, same run.

Both sides read the files from disk each round (the file bytes are cached by
the OS after the first round for both). Only files both engines replay count,
every game included (stud too): a file is left out when one side refuses one
of its hands, checked once before timing and listed with the reason (of the
1,097 shared hands, pokerkit cannot repair the razz hand ``wsop/2023/43/5/85.phh``
and we refuse ``wsop-2019/42-3-00-01-07.phh``, which skips a player's action).
Times are the CPU time of this process (``time.process_time``), so other work
on a shared machine does not count; ``--wall`` uses the wall clock.

    python benchmarks/bench_replay.py [--root ../shared/phh] [--repeat 3] [--limit 0] [--wall]
                                      [--process]

Prints hands/s for each side, each repeat, and the min/median of the ratios;
then where our time goes: reading (``load``: file, TOML, typed hand, actions)
and replaying (``replay_hand``: setup, stacked deck, engine), each timed alone.
Our reader keeps each action it parsed (``PARSED_ACTIONS``, bounded): each
timed round of the ratio empties it first, as a fresh process starts; the split
is printed both ways (warm: every action text of the files seen before).

``--process``: whole processes instead, as a person runs them: ``pokerbonus replay
FILES --json`` against a Python script that loads and replays the same files with
pokerkit (:data:`POKERKIT_SCRIPT`), each a fresh interpreter, imports included;
the CPU time of the child (user + system), each repeat both ways, then the ratios.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pokerkit

from pokerbonus.notation import load
from pokerbonus.notation.actions import PARSED_ACTIONS
from pokerbonus.notation.replay import iter_phh_files, replay_hand


def _ours_refuses(path: Path) -> str | None:
    try:
        for history in load(path):
            replay_hand(history)
    except Exception as exc:  # any refusal leaves the file out
        return f"ours: {exc}"
    return None


def _theirs_refuses(path: Path) -> str | None:
    try:
        theirs([path])
    except Exception as exc:  # any refusal leaves the file out
        return f"pokerkit: {type(exc).__name__}: {exc}"
    return None


def _files(root: Path, limit: int) -> list[Path]:
    """The files both sides replay (every hand of them), the first ``limit`` (0: all)."""
    chosen = []
    for path in iter_phh_files([root]):
        why = _ours_refuses(path) or _theirs_refuses(path)
        if why is not None:
            print(f"left out {path.relative_to(root)}: {why}")
            continue
        chosen.append(path)
    return chosen[:limit] if limit else chosen


def ours(files: list[Path]) -> int:
    """Read and replay every file with our notation and engine; hands replayed.

    The table of parsed actions is emptied first: each round reads as a fresh
    process would (the actions repeated within the round are still looked up)."""
    PARSED_ACTIONS.clear()
    count = 0
    for path in files:
        for history in load(path):
            replay_hand(history)
            count += 1
    return count


def ours_split(
    files: list[Path], clock: Callable[[], float], cold: bool = False
) -> tuple[float, float]:
    """Our time per hand reading the files, then replaying the hands read (seconds);
    ``cold``: the table of parsed actions emptied first, as in a fresh process."""
    if cold:
        PARSED_ACTIONS.clear()
    start = clock()
    histories = [history for path in files for history in load(path)]
    read = clock() - start
    start = clock()
    for history in histories:
        replay_hand(history)
    replay = clock() - start
    return read / len(histories), replay / len(histories)


def theirs(files: list[Path]) -> int:
    """Load and replay every file with pokerkit (``load_all`` for a ``.phhs``); hands replayed."""
    count = 0
    for path in files:
        with path.open("rb") as file:
            if path.suffix == ".phhs":
                histories = list(pokerkit.HandHistory.load_all(file))
            else:
                histories = [pokerkit.HandHistory.load(file)]
        for history in histories:
            for _state in history:
                pass
            count += 1
    return count


POKERKIT_SCRIPT = """
import sys, warnings
import pokerkit
warnings.simplefilter("ignore", UserWarning)
count = 0
for name in open(sys.argv[1]).read().split("\\n"):
    with open(name, "rb") as file:
        if name.endswith(".phhs"):
            histories = list(pokerkit.HandHistory.load_all(file))
        else:
            histories = [pokerkit.HandHistory.load(file)]
    for history in histories:
        for _state in history:
            pass
        count += 1
print(count)
"""
"""The competitor's whole process: read the listed files with pokerkit and play every state."""


def _child_cpu(command: list[str]) -> float:
    """CPU seconds (user + system) of one child process run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def whole_processes(files: list[Path], hands: int, repeat: int) -> None:
    """Time ``pokerbonus replay`` and the pokerkit script as whole processes."""
    ours_command = shutil.which("pokerbonus", path=str(Path(sys.executable).parent))
    if ours_command is None:
        raise SystemExit("pokerbonus is not installed next to this Python")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as listing:
        listing.write("\n".join(str(f) for f in files))
    try:
        ours_argv = [ours_command, "replay", *map(str, files), "--json"]
        theirs_argv = [sys.executable, "-c", POKERKIT_SCRIPT, listing.name]
        # Both packages' bytecode compiled first, as on a person's machine: pip
        # compiles pokerkit at install, and an editable checkout writes ours on
        # first use (unless PYTHONDONTWRITEBYTECODE is set, as on some CI machines:
        # then every run would compile our sources again and time that too).
        import compileall

        import pokerbonus

        compileall.compile_dir(str(Path(pokerbonus.__file__).parent), quiet=1)
        compileall.compile_dir(str(Path(pokerkit.__file__).parent), quiet=1)
        _child_cpu(ours_argv)  # warm: the OS's file cache, numba's cache
        _child_cpu(theirs_argv)
        ratios = []
        for k in range(repeat):
            a, b = _child_cpu(ours_argv), _child_cpu(theirs_argv)
            ratios.append(b / a)
            print(
                f"repeat {k + 1}: pokerbonus replay {a:.2f} s CPU ({hands / a:,.0f} hands/s), "
                f"pokerkit script {b:.2f} s ({hands / b:,.0f} hands/s), ratio {b / a:.2f}x"
            )
        print(
            f"whole process: ratio min {min(ratios):.2f}x, median {statistics.median(ratios):.2f}x"
        )
    finally:
        os.unlink(listing.name)


def _rate(run: Callable[[list[Path]], int], files: list[Path], clock: Callable[[], float]) -> float:
    start = clock()
    hands = run(files)
    return hands / (clock() - start)


def main() -> None:
    """Run the benchmark and print the rates and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_root = Path(__file__).resolve().parents[2] / "shared" / "phh"
    parser.add_argument("--root", type=Path, default=default_root)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--limit", type=int, default=0, help="files per round (0: all)")
    parser.add_argument("--wall", action="store_true", help="wall clock instead of CPU time")
    parser.add_argument("--process", action="store_true", help="whole processes, imports included")
    args = parser.parse_args()
    # pokerkit warns about fields it does not know (``time_zone_abbreviation``)
    warnings.simplefilter("ignore", UserWarning)
    clock = time.perf_counter if args.wall else time.process_time
    files = _files(args.root, args.limit)  # also the warm-up: evaluator tables built
    hands = ours(files)
    print(f"{len(files)} files, {hands} hands ({'wall' if args.wall else 'CPU'} time)")
    if args.process:
        whole_processes(files, hands, args.repeat)
        return
    ratios = []
    for k in range(args.repeat):
        a = _rate(ours, files, clock)
        b = _rate(theirs, files, clock)
        ratios.append(a / b)
        print(
            f"repeat {k + 1}: ours {a:,.0f} hands/s, pokerkit {b:,.0f} hands/s, ratio {a / b:.1f}x"
        )
    print(f"ratio min {min(ratios):.1f}x, median {statistics.median(ratios):.1f}x")
    splits = [ours_split(files, clock) for _ in range(args.repeat)]
    read = min(r for r, _ in splits) * 1e6
    replay = min(p for _, p in splits) * 1e6
    print(
        f"ours per hand (best of {args.repeat}, warm): read {read:.0f} us, replay {replay:.0f} us "
        f"({100 * replay / (read + replay):.0f}% replaying)"
    )
    cold = min(ours_split(files, clock, cold=True)[0] for _ in range(args.repeat)) * 1e6
    print(f"ours reading, the table of parsed actions emptied first: {cold:.0f} us per hand")


if __name__ == "__main__":
    main()
