"""The server's working set: resident memory and start time with many finished tables
in the database, against an empty database and against loading every table (what the
server did before the working set: every table ever stored was replayed at start and
kept in memory).

The database gets ``--tables`` finished tables (each the journal of a real session:
Ann and two bots, ``--hands`` hands played to the end, then over), written straight
through the journal. Each measure is a fresh process: ``TableManager.start()`` timed
(the start proper, after the imports), then its resident memory (``VmRSS``).

    python benchmarks/bench_server_memory.py --tables 10000
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

MEASURE = """
import asyncio, json, sys, time
from pathlib import Path
from pokerbonus.server.manager import TableManager
from pokerbonus.server.settings import ServerSettings
async def main():
    manager = TableManager(ServerSettings(db=sys.argv[1], gc_freeze=None))
    t0 = time.perf_counter()
    await manager.start()
    took = time.perf_counter() - t0
    status = dict(l.split(":", 1) for l in Path("/proc/self/status").read_text().splitlines())
    print(json.dumps({"start": took, "tables": len(manager.tables),
                      "rss": int(status["VmRSS"].split()[0]) / 1024}))
    await manager.stop()
asyncio.run(main())
"""


def finished_journal(hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One finished session's config and journal: Ann and two station bots, ``hands``
    hands, then over."""
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.server.session import TableSession, TimerConfig
    from pokerbonus.server.settings import hash_secret

    config = TableConfig(players=3)
    s = TableSession("x", config, TimerConfig(0.0, 0.0), rng=random.Random(1),
                     max_hands=hands, bots_alone=True, start="now")  # fmt: skip
    entries: list[dict[str, Any]] = []

    def put(entry: dict[str, Any]) -> None:
        entries.append(entry)
        s.apply(entry, 0.0)

    put(s.decide_person("Ann", hash_secret("t"), host=True))
    put(s.decide_bot(1, "station"))
    put(s.decide_bot(2, "station"))
    for _ in range(100_000):  # bounded: a few hundred entries at most
        if s.current is None:
            if not s.can_deal():
                break
            put(s.decide_hand())
        else:
            entry = s.decide_auto(0.0)
            assert entry is not None
            put(entry)
    return config.to_dict(), entries


def build(db: str, tables: int, hands: int, live: bool) -> int:
    from pokerbonus.server.journal import Journal

    config, entries = finished_journal(hands)
    options = {"timer": {"action_seconds": 0, "time_bank": 0}, "start": "now",
               "max_hands": hands, "bots_alone": True}  # fmt: skip
    journal = Journal(db)
    try:
        for start in range(0, tables, 500):
            ids = [f"done{k:05d}" for k in range(start, min(tables, start + 500))]
            rows = [(t, n + 1, e) for t in ids for n, e in enumerate(entries)]
            table_rows = [{"id": t, "config": config, "options": options, "invite": "h"}
                          for t in ids]  # fmt: skip
            journal.append(rows, table_rows, dict.fromkeys(ids, True) if live else None)
    finally:
        journal.close()
    return len(entries)


def measure(db: str) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", MEASURE, db], capture_output=True, text=True,
                          timeout=900, check=True, env=dict(os.environ))  # fmt: skip
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=2)
    opts = parser.parse_args()
    if not 0 < opts.tables <= 100_000:
        parser.error("--tables: 1..100,000")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        empty = f"sqlite:///{Path(tmp) / 'empty.db'}"
        done = f"sqlite:///{Path(tmp) / 'done.db'}"
        every = f"sqlite:///{Path(tmp) / 'every.db'}"
        t0 = time.perf_counter()
        n = build(done, opts.tables, opts.hands, live=False)
        build(every, opts.tables, opts.hands, live=True)
        print(f"{opts.tables:,} finished tables of {n} journal entries each, written in "
              f"{time.perf_counter() - t0:.1f} s (twice)")  # fmt: skip
        from pokerbonus.server.journal import Journal

        Journal(empty).close()
        base = measure(empty)
        rows = [
            ("empty database", base),
            (f"{opts.tables:,} finished tables", measure(done)),
            (f"{opts.tables:,} tables, every one loaded (as before)", measure(every)),
        ]
    print(
        f"{'database':<44} {'tables loaded':>13} {'start s':>8} {'RSS MB':>8} {'RSS / empty':>12}"
    )
    for name, r in rows:
        print(f"{name:<44} {r['tables']:>13,} {r['start']:>8.2f} {r['rss']:>8.1f} "
              f"{r['rss'] / base['rss']:>12.3f}")  # fmt: skip
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
