"""The web tables' journal on PostgreSQL (a throwaway server, see ``tests/conftest.py``):
group commits through the one writer, and ``pokerbonus serve --db postgresql://...``
killed with SIGKILL while bots play, then started again on the same database: the
table comes back with every chip."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from typing import Any

import httpx

from pokerbonus.server.journal import Journal, JournalWriter

SERVE = "from pokerbonus.cli import main; main()"


def test_journal_writer_group_commits_on_postgresql(postgres_url: str) -> None:
    journal = Journal(postgres_url)
    assert journal.engine.dialect.name == "postgresql" and not journal.checkpoints_wal
    writer = JournalWriter(journal)
    writer.checkpoint_rows = 10

    async def go() -> None:
        tables = [{"id": f"t{k}", "config": {}, "options": {}, "invite": "h"} for k in range(8)]
        await writer.write([], tables)

        async def table(k: int) -> None:
            for n in range(1, 26):
                await writer.write([(f"t{k}", n, {"k": "chat", "n": n, "text": "é\u0000?"})])

        await asyncio.gather(*(table(k) for k in range(8)))

    asyncio.run(go())
    assert writer.rows == 200 and writer.commits < 200  # grouped
    writer.close()
    assert writer.checkpoints == 0  # PostgreSQL checkpoints by itself
    journal.close()
    journal = Journal(postgres_url)
    stored = journal.load_tables()
    journal.close()
    assert sorted(t.id for t in stored) == [f"t{k}" for k in range(8)]
    assert all([e["n"] for e in t.entries] == list(range(1, 26)) for t in stored)
    assert stored[0].entries[0]["text"] == "é\u0000?"


def test_a_duplicate_entry_is_refused_to_its_writer(postgres_url: str) -> None:
    journal = Journal(postgres_url)
    writer = JournalWriter(journal)

    async def go() -> str:
        await writer.write([("t", 1, {"k": "a"})], [{"id": "t", "config": {}, "options": {},
                                                      "invite": "h"}])  # fmt: skip
        try:
            await writer.write([("t", 1, {"k": "again"})])
        except Exception as exc:
            return type(exc).__name__
        return "accepted"

    assert asyncio.run(go()) == "IntegrityError"
    asyncio.run(writer.write([("t", 2, {"k": "b"})]))  # the writer goes on after an error
    writer.close()
    assert [e["k"] for e in journal.load_tables()[0].entries] == ["a", "b"]
    journal.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(url: str, port: int) -> subprocess.Popen[bytes]:
    """``pokerbonus serve --db URL`` on a free loopback port, once it answers."""
    argv = [sys.executable, "-c", SERVE, "serve", "--db", url, "--port", str(port),
            "--bot-delay", "0", "--hand-pause", "0", "--no-warm"]  # fmt: skip
    proc = subprocess.Popen(argv, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise AssertionError(f"serve exited with {proc.returncode}: {err}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def kill(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if proc.stderr:
        proc.stderr.close()


def table_state(port: int, table: str, token: str) -> dict[str, Any]:
    # followed: a server started again on another port is another node (``host-port``),
    # which sends the client to the dead one's name until its lease runs out, then takes
    # the table (docs/server.md, "Several servers")
    r = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table}", params={"token": token},
                  follow_redirects=True, timeout=30)  # fmt: skip
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_hands(port: int, table: str, token: str, hands: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = table_state(port, table, token)
        if state["hands_played"] >= hands:
            return state
        time.sleep(0.05)
    raise AssertionError(f"fewer than {hands} hands played in 60 s")


def test_serve_on_postgresql_survives_sigkill(postgres_url: str) -> None:
    url = postgres_url.replace("postgresql+psycopg://", "postgresql://")  # as a person types it
    port = free_port()
    proc = serve(url, port)
    try:
        r = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "name": "Ann",
                "seat": None,
                "config": {"players": 3},
                "bots": [{"seat": s, "level": "station"} for s in range(3)],
                "bots_alone": True,
                "max_hands": 400,
                "timer": {"action_seconds": 0},
                "start": "now",
            },
        )
        assert r.status_code == 201, r.text
        t = r.json()
        before = wait_hands(port, t["table"], t["token"], 3)
    finally:
        kill(proc)  # the bots were playing on: most likely mid-hand
    bought = before["chips"]["bought"]
    assert before["chips"]["stacks"] + before["chips"]["in_hand"] == bought
    port = free_port()
    proc = serve(url, port)
    try:
        after = table_state(port, t["table"], t["token"])
        assert after["hands_played"] >= before["hands_played"]  # nothing acknowledged is lost
        c = after["chips"]
        assert c["bought"] == bought and c["stacks"] + c["in_hand"] == bought
        # "resumed" when the kill cut a hand, None when it fell between two hands; the
        # bots play on at once, so a hand seen now may already be the next one
        assert after["restored"] in ("resumed", None)
        # the bots play on after the restart, still with every chip
        later = wait_hands(port, t["table"], t["token"], after["hands_played"] + 2)
        c = later["chips"]
        assert c["bought"] == bought and c["stacks"] + c["in_hand"] == bought
    finally:
        kill(proc)
    journal = Journal(url)
    stored = journal.load_tables()
    journal.close()
    assert [s.id for s in stored] == [t["table"]] and len(stored[0].entries) > 10
