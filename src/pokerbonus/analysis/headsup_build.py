"""Build the heads-up preflop table of :mod:`pokerbonus.analysis.headsup`.

    python -m pokerbonus.analysis.headsup_build [--out PATH] [--limit N]

Lists the 47,008 matchups of two hold'em hands up to the suits' names and the
hands' order (numpy, over the 812,175 pairs of disjoint hands and the 24
renamings of the suits), then asks the equity kernels (the table turned off)
for the exact counts of each over all 1,712,304 boards: about 20 minutes of one
core, with a progress bar on a terminal. Stopped (Ctrl-C), it keeps what was
done in ``PATH.partial.npz`` and goes on from there when run again. It prints
the file's SHA-256: paste it into :data:`pokerbonus.analysis.headsup.TABLE_SHA256`.

``--limit N`` computes only the first N matchups and writes no table (a check
of the kernels' speed).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
import zlib
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np

from pokerbonus.analysis.headsup import TABLE_ENV, TABLE_FILE, TABLE_MAGIC

__all__ = ["canonical_matchups", "compute_wins", "encode_table", "main"]


def canonical_matchups() -> Any:
    """Every matchup's canonical key (:func:`pokerbonus.analysis.headsup.canonical`),
    ascending, once each: an ``int64`` array."""
    low, high = np.triu_indices(52, 1)  # every hand: low < high
    first, second = np.triu_indices(len(high), 1)  # every pair of hands, once
    disjoint = (
        (high[first] != high[second])
        & (high[first] != low[second])
        & (low[first] != high[second])
        & (low[first] != low[second])
    )
    first, second = first[disjoint], second[disjoint]
    best = np.full(len(first), 1 << 40, np.int64)
    for perm in permutations(range(4)):
        card_map = np.array([4 * (c >> 2) + perm[c & 3] for c in range(52)], np.int64)
        h, lo = card_map[high], card_map[low]
        hand = np.maximum(h, lo) << 6 | np.minimum(h, lo)
        a, b = hand[first], hand[second]
        np.minimum(best, a << 12 | b, out=best)
        np.minimum(best, b << 12 | a, out=best)
    return np.unique(best)


def _cards(key: int) -> tuple[list[int], list[int]]:
    return [key >> 18 & 63, key >> 12 & 63], [key >> 6 & 63, key & 63]


def compute_wins(keys: Any, done: Any, progress: Any = None) -> None:
    """Fill ``done[i] = (runouts won by the first hand, by the second)`` of each
    key whose row is still ``-1``, with the equity kernels (the table off);
    ``progress(count)`` after each."""
    os.environ[TABLE_ENV] = "off"
    from pokerbonus.analysis.equity import equity

    for i in np.flatnonzero(done[:, 0] < 0).tolist():
        first, second = _cards(int(keys[i]))
        result = equity([first, second], exact=True)
        done[i] = result.wins
        if progress is not None:
            progress(1)


def encode_table(keys: Any, wins: Any) -> bytes:
    """The table file's bytes (see :data:`pokerbonus.analysis.headsup.TABLE_FILE`)."""
    deltas = np.diff(keys, prepend=0)
    columns = np.concatenate([[len(keys)], deltas, wins[:, 0], wins[:, 1]]).astype("<u4")
    return TABLE_MAGIC + zlib.compress(columns.tobytes(), 9)


def main(argv: list[str] | None = None) -> None:
    """The command (see the module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=TABLE_FILE, help="the table file to write")
    parser.add_argument("--limit", type=int, default=0, help="only the first N matchups (a check)")
    args = parser.parse_args(argv)
    keys = canonical_matchups()
    print(f"{len(keys):,} matchups", flush=True)
    partial = args.out.with_name(args.out.name + ".partial.npz")
    done = np.full((len(keys), 2), -1, np.int64)
    if args.limit:
        done[args.limit :] = 0
    elif partial.exists():
        saved = np.load(partial)
        if np.array_equal(saved["keys"], keys):
            done = saved["wins"]
            print(f"going on from {partial}: {int((done[:, 0] >= 0).sum()):,} done", flush=True)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    start = time.perf_counter()
    last_save = [start]

    def save() -> None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(partial, keys=keys, wins=done)

    with Progress(
        "matchups", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), disable=False
    ) as bar:
        task = bar.add_task("matchups", total=len(keys), completed=int((done[:, 0] >= 0).sum()))

        def step(count: int) -> None:
            bar.advance(task, count)
            if not args.limit and time.perf_counter() - last_save[0] > 60:
                save()
                last_save[0] = time.perf_counter()

        try:
            compute_wins(keys, done, step)
        except KeyboardInterrupt:
            if not args.limit:
                save()
                print(f"stopped; kept in {partial}", file=sys.stderr)
            raise SystemExit(130) from None
    seconds = time.perf_counter() - start
    if args.limit:
        print(f"{args.limit} matchups in {seconds:.1f} s")
        return
    data = encode_table(keys, done)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    partial.unlink(missing_ok=True)
    print(f"wrote {args.out} ({len(data):,} bytes) in {seconds:.0f} s")
    print(f'TABLE_SHA256 = "{hashlib.sha256(data).hexdigest()}"')


if __name__ == "__main__":
    main()
