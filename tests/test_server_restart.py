"""Restart test: a real server process (uvicorn on a free loopback port) is killed
with SIGKILL in the middle of a hand and started again on the same database.
No chip is created or lost, and the cut hand is resumed (by default) or voided
(``resume="void"``) as docs/server.md says.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

SERVER = """
import sys, uvicorn
from pokerbonus.server import ServerSettings, create_app
settings = ServerSettings(db=sys.argv[1], bot_delay=0, hand_pause=0, resume=sys.argv[3])
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: str, port: int, resume: str = "resume") -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, db, str(port), resume],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start")


def recv_until(ws: ClientConnection, pred: Any) -> dict[str, Any]:
    for _ in range(1000):
        m: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if pred(m):
            return m
    raise AssertionError("message not received")


def my_turn(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["hand"] is not None and m["hand"]["legal"] is not None


def chips(port: int, table: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table}", params={"token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def act(ws: ClientConnection, h: dict[str, Any]) -> None:
    kind = "check_or_call" if h["legal"]["decision"] == "bet" else "discard"
    ws.send(
        json.dumps({"type": "act", "hand": h["number"], "seq": h["seq"], "action": {"kind": kind}})
    )


def play_until_cut(port: int, table: str, token: str, hands: int) -> dict[str, Any]:
    """Play check/call until hand ``hands`` is under way with our turn after an action."""
    with connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            m = recv_until(ws, my_turn)
            h = m["hand"]
            if h["number"] >= hands and h["seq"] >= 3:
                return m
            act(ws, h)


def test_sigkill_mid_hand_then_resume_or_void(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    port = free_port()
    proc = start(db, port)
    try:
        r = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={
                "name": "Ann",
                "seat": 0,
                "config": {"players": 3},
                "bots": [{"seat": 1, "level": "station"}, {"seat": 2, "level": "random"}],
                "timer": {"action_seconds": 0},
                "start": "now",
            },
        )
        assert r.status_code == 201, r.text
        t = r.json()
        cut = play_until_cut(port, t["table"], t["token"], hands=3)
        before = chips(port, t["table"], t["token"])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    c = before["chips"]
    assert c["stacks"] + c["in_hand"] == c["bought"]
    # restart: the table comes back and the hand goes on where it was cut
    port = free_port()
    proc = start(db, port)
    try:
        after = chips(port, t["table"], t["token"])
        assert after["restored"] == "resumed" and after["hand"] == cut["hand"]["number"]
        assert after["chips"] == before["chips"]
        with connect(f"ws://127.0.0.1:{port}/ws/{t['table']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": t["token"], "since": cut["n"]}))
            m = recv_until(ws, my_turn)
            now = (m["hand"]["number"], m["hand"]["seq"])
            assert now == (cut["hand"]["number"], cut["hand"]["seq"])
            assert m["hand"]["hole"] == cut["hand"]["hole"]
        cut = play_until_cut(port, t["table"], t["token"], hands=cut["hand"]["number"] + 1)
        before = chips(port, t["table"], t["token"])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    # restart with the void policy: every chip of the cut hand goes back
    port = free_port()
    proc = start(db, port, resume="void")
    try:
        after = chips(port, t["table"], t["token"])
        assert after["restored"] == "voided"
        c = after["chips"]
        # the ledger (stacks as of the last settled hand) is as it was when the cut hand began
        assert [(e["name"], e["stack"]) for e in after["ledger"]] == [
            (e["name"], e["stack"]) for e in before["ledger"]
        ]
        assert c["stacks"] + c["in_hand"] == c["bought"] == before["chips"]["bought"]
        phh = httpx.get(
            f"http://127.0.0.1:{port}/api/tables/{t['table']}/hands.phhs",
            params={"token": t["token"]},
        )
        assert phh.status_code == 200 and phh.text.count('variant = "NFD"') >= 3
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()


def test_journal_writer_group_commits_and_checkpoints(tmp_path: Path) -> None:
    """Writes from many tables at once are committed together, new tables through the
    same writer; the WAL is checkpointed off the commits' path; everything reloads."""
    import asyncio

    from pokerbonus.server.journal import Journal, JournalWriter

    journal = Journal(tmp_path / "j.db")
    writer = JournalWriter(journal)
    writer.checkpoint_rows = 10

    async def go() -> None:
        tables = [{"id": f"t{k}", "config": {}, "options": {}, "invite": "h"} for k in range(8)]
        await writer.write([], tables)

        async def table(k: int) -> None:
            for n in range(1, 26):
                await writer.write([(f"t{k}", n, {"k": "chat", "n": n})])

        await asyncio.gather(*(table(k) for k in range(8)))

    asyncio.run(go())
    assert writer.rows == 200 and writer.commits < 200  # grouped
    writer.close()
    assert writer.checkpoints >= 1
    journal.close()
    stored = Journal(tmp_path / "j.db").load_tables()
    assert sorted(t.id for t in stored) == [f"t{k}" for k in range(8)]
    assert all([e["n"] for e in t.entries] == list(range(1, 26)) for t in stored)
