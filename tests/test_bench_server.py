"""The load benchmark runs at HEAD (``benchmarks/bench_server.py``): a small run in CI, so
it cannot rot again. 11 tables of six are 66 sockets, over the server's 64 per address:
the clients connect from several loopback addresses (127.0.0.2...). Only the output's
shape is checked here; the figures are the benchmark's (docs/server.md)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench_server.py"


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_server", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_clients_parser_reads_a_resync_state() -> None:
    """A resync carries the last hands' ``log`` after ``hand``: its events' ``"hand": 3``
    are not the state's hand (the parser landed there: ``'int' object is not
    subscriptable``)."""
    b = bench()
    hand = {"number": 4, "seq": 2, "finished": False, "legal": None, "actor": 1}
    state = {"type": "state", "n": 9, "resync": True, "table": {"hands_played": 3},
             "hand": hand, "log": [{"type": "event", "n": 8, "hand": 3, "event": {}}]}  # fmt: skip
    assert b.last_state(json.dumps(state, separators=(",", ":"))) == (hand, None)
    state["hand"] = None
    got = b.last_state(json.dumps(state, separators=(",", ":")))
    assert got is not None and got[0] is None and got[1]["table"] == {"hands_played": 3}
    lean = dict(state, resync=False, log=None, hand=hand)
    assert b.last_state(json.dumps(lean, separators=(",", ":"))) == (hand, None)
    assert [b.client_address(k) for k in (0, 1, 200)] == ["127.0.0.2", "127.0.0.3", "127.0.0.2"]


def test_a_small_run_of_the_benchmark() -> None:
    argv = [sys.executable, str(BENCH), "--tables", "11", "--seats", "6", "--hands", "1",
            "--think", "0", "--timeout", "120"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(argv, capture_output=True, text=True, timeout=300, env=env, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert "tables 11 x 6 people" in out and "load average" in out
    actions = int(re.search(r"actions: (\d+) in", out).group(1))  # type: ignore[union-attr]
    assert actions > 11 * 6  # every table played its hand
    assert re.search(r"end to end, .* over \d+ receivers: p50 [\d.]+ ms, p99 [\d.]+ ms", out)
    assert re.search(r"CPU over [\d.]+ s wall: server [\d.]+ s \([\d.]+ of a core\)", out)
    assert re.search(r"server memory: \d+ MB before the tables, \d+ MB after", out)
    assert "4429" not in done.stderr and "Traceback" not in done.stderr
