"""Web tables over real WebSockets on loopback: actions per second and the latency
from an action to its broadcast.

A real server process (uvicorn, SQLite file with WAL and full sync, every action
committed before it is broadcast) and, in this process, one asyncio client per
seat: ``--tables`` tables of ``--seats`` people each, every person played by a
simple client-side bot from its own ``state`` messages. Each table plays
``--hands`` hands. Latency: from sending an ``act`` to each connection of the
table receiving the ``state`` that includes it (every receiver counts).

    python benchmarks/bench_server.py --tables 100 --seats 6 --hands 10
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

SERVER = """
import sys, uvicorn
from pokerbonus.server import ServerSettings, create_app
settings = ServerSettings(db=sys.argv[1], bot_delay=0, hand_pause=0, rate=1000, burst=1000)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            ws_max_size=65536)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Stats:
    def __init__(self) -> None:
        self.sent: dict[str, dict[tuple[int, int], float]] = {}
        self.latencies: list[float] = []
        self.actions = 0
        self.first = 0.0
        self.last = 0.0


async def seat_client(
    url: str, table: str, token: str, seat: int, stats: Stats, hands: int, rng: random.Random
) -> None:
    async with connect(f"{url}/ws/{table}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        prev = (0, 0)
        rebought = -1
        async for raw in ws:
            now = time.perf_counter()
            m = json.loads(raw)
            if m["type"] != "state":
                continue
            h = m["hand"]
            played = m["table"]["hands_played"]
            mark = (h["number"], h["seq"]) if h is not None else (played + 1, 0)
            if mark > prev:
                sent = stats.sent.setdefault(table, {})
                for key in [k for k in sent if prev <= k < mark]:
                    stats.latencies.append(now - sent[key])
                prev = mark
            if h is None or h["finished"]:
                mine = m["table"]["seats"][seat]
                if mine and mine["stack"] == 0 and rebought != played:
                    rebought = played
                    await ws.send(json.dumps({"type": "rebuy"}))
                if played >= hands and h is None:
                    return
                continue
            legal = h["legal"]
            if legal is None or h["actor"] != seat:
                continue
            key = (h["number"], h["seq"])
            mine_sent = stats.sent.setdefault(table, {})
            if key in mine_sent:
                continue
            if legal["decision"] == "bet":
                roll = rng.random()
                if legal["min_raise_to"] is not None and roll < 0.15:
                    action: dict[str, Any] = {"kind": "raise_to", "amount": legal["min_raise_to"]}
                elif legal["can_fold"] and roll < 0.35:
                    action = {"kind": "fold"}
                else:
                    action = {"kind": "check_or_call"}
            elif legal["decision"] == "draw":
                action = {"kind": "discard", "cards": rng.sample(h["hole"], rng.randint(0, 3))}
            else:
                action = {"kind": "decline"}
            mine_sent[key] = stats.last = time.perf_counter()
            stats.actions += 1
            await ws.send(
                json.dumps({"type": "act", "hand": h["number"], "seq": h["seq"], "action": action})
            )


async def table_clients(url: str, seats: int, hands: int, stats: Stats, k: int) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        r = await http.post(
            "/api/tables",
            json={
                "name": "p0",
                "seat": 0,
                "config": {"players": seats, "rebuy": "free"},
                "timer": {"action_seconds": 0},
                "max_hands": hands,
            },
        )
        r.raise_for_status()
        t = r.json()
        tokens = [t["token"]]
        for i in range(1, seats):
            j = await http.post(
                f"/api/tables/{t['table']}/join",
                json={"invite": t["invite_secret"], "name": f"p{i}"},
            )
            j.raise_for_status()
            tokens.append(j.json()["token"])

    # the others sit over their sockets, then everyone plays
    async def sit_and_play(i: int) -> None:
        if i:
            async with connect(f"{url.replace('http', 'ws')}/ws/{t['table']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": tokens[i]}))
                await ws.send(json.dumps({"type": "sit", "seat": i}))
                async for raw in ws:
                    if json.loads(raw)["type"] in ("ack", "error"):
                        break
        await seat_client(
            url.replace("http", "ws"),
            t["table"],
            tokens[i],
            i,
            stats,
            hands,
            random.Random(k * 100 + i),
        )

    await asyncio.gather(*(sit_and_play(i) for i in range(seats)))


async def run(url: str, tables: int, seats: int, hands: int, timeout: float) -> Stats:
    stats = Stats()
    stats.first = time.perf_counter()
    await asyncio.wait_for(
        asyncio.gather(*(table_clients(url, seats, hands, stats, k) for k in range(tables))),
        timeout,
    )
    return stats


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'bench.db'}"
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-c", SERVER, db, str(port)], env=dict(os.environ))
        url = f"http://127.0.0.1:{port}"
        try:
            for _ in range(600):
                try:
                    httpx.get(url + "/", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            stats = asyncio.run(run(url, args.tables, args.seats, args.hands, args.timeout))
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    elapsed = stats.last - stats.first
    lat = stats.latencies
    print(
        f"tables {args.tables} x {args.seats} people, {args.hands} hands each "
        f"(SQLite file, WAL, synchronous=FULL, every action committed before its broadcast)"
    )
    print(f"actions: {stats.actions} in {elapsed:.1f} s = {stats.actions / elapsed:,.0f} actions/s")
    if lat:
        print(
            f"action-to-broadcast latency over {len(lat)} receivers: "
            f"p50 {percentile(lat, 0.5) * 1000:.1f} ms, p99 {percentile(lat, 0.99) * 1000:.1f} ms, "
            f"max {max(lat) * 1000:.1f} ms (goal: p99 < 50 ms)"
        )


if __name__ == "__main__":
    main()
