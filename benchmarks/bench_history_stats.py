"""``history stats`` over many stored hands: the whole command, and the sums in process.

Builds (once, then reuses) an SQLite file of ``--hands`` finished hands of the
French draw, three players acting at random, then times:

- the whole process ``pokerbonus history stats --db FILE --json`` (start-up included);
- in process: reading the stored facts and summing them (:func:`load_facts` and
  :func:`player_stats`);
- the first run on a database whose facts were never stored (the replay that fills
  them, once).

    PYTHONPATH=src python benchmarks/bench_history_stats.py --hands 10000
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path


def build(path: Path, hands: int, seed: int = 1) -> None:
    """Store ``hands`` finished hands (in memory, then copied to ``path``)."""
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.table import random_legal_action
    from pokerbonus.store import RecordedTable, Store

    store = Store("sqlite://")
    rng = random.Random(seed)
    rt = RecordedTable.create(
        store, TableConfig(players=3), ["ann", "bob", "cy"], rng=random.Random(seed)
    )
    for _ in range(hands):
        hand = rt.start_hand()
        while not hand.finished:
            rt.act(random_legal_action(hand, rng))
        rt.finish_hand()
        for name in rt.table.players:
            if rt.table.stack(name) == 0:
                rt.rebuy(name)
    raw = store.engine.raw_connection()
    target = sqlite3.connect(path)
    raw.driver_connection.backup(target)  # type: ignore[union-attr]
    target.close()
    raw.close()
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--db", type=Path, default=Path("/tmp/pokerbonus-bench-stats.db"))
    args = parser.parse_args()
    path: Path = args.db.with_name(f"{args.db.stem}-{args.hands}{args.db.suffix}")
    if not path.exists():
        start = time.perf_counter()
        build(path, args.hands)
        print(f"built {path} ({args.hands} hands) in {time.perf_counter() - start:.1f} s")
    env = dict(os.environ)
    launch = "import sys; from pokerbonus.cli import main; sys.argv[0] = 'pokerbonus'; main()"
    command = [sys.executable, "-c", launch, "history", "--db", str(path), "stats", "--json"]
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    print(f"whole process, {args.hands} hands: best {min(times):.3f} s of 3")
    from pokerbonus.cli.history_stats import FactsQuery, load_facts, player_stats

    times = []
    for _ in range(5):
        start = time.perf_counter()
        rows = load_facts(str(path), FactsQuery(), quiet=True)
        player_stats(rows)
        times.append(time.perf_counter() - start)
    print(f"in process (read + sum), {len(rows)} hands: best {min(times):.3f} s of 5")
    copy = path.with_name(path.stem + "-nofacts" + path.suffix)
    source = sqlite3.connect(path)
    target = sqlite3.connect(copy)
    source.backup(target)
    source.close()
    target.execute("DELETE FROM hand_facts")
    target.commit()
    target.close()
    start = time.perf_counter()
    rows = load_facts(str(copy), FactsQuery(), quiet=True)
    print(f"first run without stored facts (replay once), {len(rows)} hands: "
          f"{time.perf_counter() - start:.1f} s")  # fmt: skip
    copy.unlink()
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
