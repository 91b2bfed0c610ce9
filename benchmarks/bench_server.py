"""Web tables over real WebSockets on loopback: actions per second and the latency
from an action to its broadcast.

A real server process (uvicorn, SQLite file with WAL and full sync, every action
committed before it is broadcast) and the clients in other processes
(``--client-procs``): ``--tables`` tables of ``--seats`` people each, every person
played by a simple client-side bot from its own ``state`` messages. Each table
plays ``--hands`` hands.

Latency (end to end): from the acting client sending ``act`` to each connection of
the table receiving the ``state`` that includes it (every receiver counts; only
actions sent after that receiver's first state). The clocks are
``time.monotonic()``, one clock for every process of the machine. The server also
reports what it did (``ServerSettings(stats=True)``): from reading an ``act`` off
its socket to queueing its ``ack`` (every receiver's state queued before), the wait
for the group commit, each commit's duration, the CPU seconds of each side.

``--think`` seconds (uniform 0.5x..1.5x) before each decision sets the offered
load, as people and the server's own bots (``--bot-delay``, 0.6 s) do; ``0`` plays as
fast as possible (a closed loop: each table has one action in flight, so latency is
then the queueing of ``tables`` actions on the CPUs).

A list of think times gives a load curve: one fresh server per point, one row
per point (offered and achieved actions per second, latency, CPU per action), and
where the p99 crosses ``--goal`` ms. ``--page-clients`` makes the clients take
one frame per message (no ``batch`` in their ``hello``), as the page did before
it asked for batches;
``--deflate`` lets server and clients negotiate permessage-deflate (uvicorn's
default, which ``pokerbonus.server.UVICORN_OPTIONS`` turns off).

    python benchmarks/bench_server.py --tables 100 --seats 6 --hands 5 --think 0.5
    python benchmarks/bench_server.py --think 0.5 0.2 0.1 0.05 0 --hands 3
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing as mp
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
import json, sys, time, uvicorn
from pokerbonus.server import UVICORN_OPTIONS, ServerSettings, create_app
slow = float(sys.argv[4])
if slow > 0:  # the 'random' level becomes a bot that thinks `slow` seconds per decision
    from pokerbonus.bots import Bot, fallback_action
    from pokerbonus.server import session
    class SlowBot(Bot):
        name = "slow"
        def decide(self, view, info, budget=None):
            time.sleep(slow)
            return fallback_action(view.legal, view.hole)
    real = session.bot_for
    session.bot_for = lambda game, level, seed=None: (
        SlowBot(seed) if level == "random" else real(game, level, seed=seed))
settings = ServerSettings(db=sys.argv[1], bot_delay=0, hand_pause=0, rate=1000, burst=1000,
                          stats=True, node=sys.argv[5] if len(sys.argv) > 5 else None)
options = {**UVICORN_OPTIONS, **json.loads(sys.argv[3])}
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            **options)
"""


def client_address(k: int) -> str:
    """The loopback address the clients of table ``k`` connect from: 127.0.0.2 to
    127.0.0.201 in turn, so no address holds more than the server's 64 sockets
    (``sockets_per_address``) up to 200 x 10 tables of six; loopback only.

    >>> client_address(0), client_address(199), client_address(200)
    ('127.0.0.2', '127.0.0.201', '127.0.0.2')
    """
    return f"127.0.0.{2 + k % 200}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class TableLog:
    """The actions sent at one table, in order: ``((hand, seq), monotonic time)``."""

    def __init__(self) -> None:
        self.sent: list[tuple[tuple[int, int], float]] = []
        self.keys: set[tuple[int, int]] = set()


class Results:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.first = float("inf")
        self.last = 0.0


_DECODER = json.JSONDecoder()


def last_state(raw: str | bytes) -> tuple[dict[str, Any] | None, dict[str, Any] | None] | None:
    """The ``hand`` of the last ``state`` of a frame (a message alone or a ``batch``) and,
    when no hand is being played or it is finished, the whole state; ``None``: no state.

    A lean client: events are not decoded, and during a hand only the state's ``hand``
    object is (its last key, after the public ``table``).
    """
    text = raw if isinstance(raw, str) else raw.decode()
    start = text.rfind('{"type":"state"')
    if start < 0:
        return None
    if text.startswith('"resync":true', text.find('"resync":', start)):
        # a resync also carries the last hands' ``log``, whose events name their hand:
        # the state is decoded whole rather than searched
        whole = _DECODER.raw_decode(text, start)[0]
        hand = whole["hand"]
        return (hand, None) if hand is not None and not hand["finished"] else (hand, whole)
    at = text.rfind('"hand":', start) + 7
    hand = None if text.startswith("null", at) else _DECODER.raw_decode(text, at)[0]
    if hand is not None and not hand["finished"]:
        return hand, None
    return hand, _DECODER.raw_decode(text, start)[0]


async def seat_client(
    ws_url: str,
    table: str,
    token: str,
    seat: int,
    log: TableLog,
    res: Results,
    hands: int,
    think: float,
    rng: random.Random,
    opts: argparse.Namespace,
) -> None:
    node = opts.table_node.get(table)
    async with connect(
        f"{ws_url}/ws/{table}" + (f"?node={node}" if node else ""),
        max_size=2**22,
        compression="deflate" if opts.deflate else None,
        local_addr=(client_address(opts.table_index[table]), 0),
    ) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "batch": not opts.page_clients}))
        if seat:
            await ws.send(json.dumps({"type": "sit", "seat": seat}))
        index = -1  # the receiver's place in log.sent (-1: no state yet)
        rebought = -1
        async for raw in ws:
            now = time.monotonic()
            got = last_state(raw)
            if got is None:
                continue
            h, m = got
            if h is not None:
                mark = (h["number"], h["seq"])
            else:
                assert m is not None
                mark = (m["table"]["hands_played"] + 1, 0)
            sent = log.sent
            if index < 0:  # actions before this receiver's first state are not its
                index = 0
                while index < len(sent) and sent[index][0] < mark:
                    index += 1
            while index < len(sent) and sent[index][0] < mark:
                res.latencies.append(now - sent[index][1])
                index += 1
            if m is not None:  # no hand being played, or it is finished
                played = m["table"]["hands_played"]
                mine = m["table"]["seats"][seat]
                if mine and mine["stack"] == 0 and rebought != played:
                    rebought = played
                    await ws.send('{"type":"rebuy"}')
                if played >= hands and h is None:
                    return
                continue
            assert h is not None  # a hand being played
            legal = h["legal"]
            if legal is None or h["actor"] != seat:
                continue
            key = (h["number"], h["seq"])
            if key in log.keys:
                continue
            log.keys.add(key)
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
            if think > 0:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            t = time.monotonic()
            log.sent.append((key, t))
            res.actions += 1
            res.first = min(res.first, t)
            res.last = max(res.last, t)
            await ws.send(
                json.dumps({"type": "act", "hand": h["number"], "seq": h["seq"], "action": action})
            )


async def table_clients(
    url: str, think: float, res: Results, k: int, opts: argparse.Namespace
) -> None:
    seats, hands = opts.seats, opts.hands
    async with httpx.AsyncClient(base_url=url, timeout=60, follow_redirects=True) as http:
        r = await http.post(
            "/api/tables",
            json={
                "name": "p0",
                "seat": 0,
                "config": {"players": seats, "rebuy": "free"},
                "timer": {"action_seconds": 0},
                "max_hands": hands,
                "start": "now",
            },
        )
        r.raise_for_status()
        t = r.json()
        opts.table_index[t["table"]] = k
        if t.get("node") and opts.servers:  # several servers: straight to the owner
            opts.table_node[t["table"]] = t["node"]
        tokens = [t["token"]]
        for i in range(1, seats):
            j = await http.post(
                f"/api/tables/{t['table']}/join",
                json={"invite": t["invite_secret"], "name": f"p{i}"},
            )
            j.raise_for_status()
            tokens.append(j.json()["token"])
    log = TableLog()
    ws_url = url.replace("http", "ws")
    await asyncio.gather(
        *(
            seat_client(
                ws_url,
                t["table"],
                tokens[i],
                i,
                log,
                res,
                hands,
                think,
                random.Random(k * 100 + i),
                opts,
            )
            for i in range(seats)
        )
    )


def client_process(
    url: str, ks: list[int], think: float, opts: argparse.Namespace, out: Any
) -> None:
    gc.disable()  # the clients' own bookkeeping (every action, every latency) is not scanned
    opts.table_index = {}
    opts.table_node = {}
    res = Results()
    cpu = time.process_time()

    async def go() -> None:
        await asyncio.wait_for(
            asyncio.gather(*(table_clients(url, think, res, k, opts) for k in ks)),
            opts.timeout,
        )

    asyncio.run(go())
    out.put(
        {
            "latencies": res.latencies,
            "actions": res.actions,
            "first": res.first,
            "last": res.last,
            "cpu": time.process_time() - cpu,
        }
    )


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def ms(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(values, 0.99) * 1000:.1f} ms, "
        f"max {max(values, default=float('nan')) * 1000:.1f} ms"
    )


def memory_mb(pid: int) -> tuple[float, float]:
    """A process's resident memory now and at its peak (``VmRSS``, ``VmHWM``), MB."""
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
    )
    return (int(status["VmRSS"].split()[0]) / 1024, int(status["VmHWM"].split()[0]) / 1024)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_database(db: str) -> None:
    """An empty PostgreSQL database for each point of a run of several servers."""
    from pokerbonus.server.journal import Journal

    journal = Journal(db)
    with journal.engine.begin() as conn:
        conn.exec_driver_sql("TRUNCATE web_journal, web_tables, web_live, web_lease, web_nodes")
    journal.close()


def start_proxy(ports: list[int], tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    """HAProxy with ``deploy/haproxy.cfg`` in front of the servers n1..n3 (its plain
    internal side; the TLS side with a throwaway certificate)."""
    if len(ports) > 3:
        raise SystemExit("--servers: deploy/haproxy.cfg has three server lines")
    root = Path(__file__).resolve().parent.parent
    key, crt, pem = tmp / "key.pem", tmp / "crt.pem", tmp / "proxy.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                    str(key), "-out", str(crt), "-days", "1", "-subj", "/CN=localhost"],
                   check=True, capture_output=True)  # fmt: skip
    pem.write_bytes(crt.read_bytes() + key.read_bytes())
    internal = free_port()
    env = {**os.environ, "PB_INTERNAL": f"127.0.0.1:{internal}", "PB_CERT": str(pem),
           "PB_HTTPS": f"127.0.0.1:{free_port()}",
           "PB_HTTP": f"127.0.0.1:{free_port()}"}  # fmt: skip
    for k in range(3):
        env[f"PB_N{k + 1}"] = f"127.0.0.1:{ports[k] if k < len(ports) else free_port()}"
    cfg = str(root / "deploy" / "haproxy.cfg")
    proc = subprocess.Popen(["haproxy", "-db", "-f", cfg], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    url = f"http://127.0.0.1:{internal}"
    for _ in range(200):
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    time.sleep(1.0)  # every server seen up by the health checks
    return proc, url


def merge_stats(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The servers' stats as one: lists joined, counts added, the collector's pauses
    joined by generation."""
    out: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key == "gc":
                gc_ = out.setdefault("gc", {})
                for g, pauses in value.items():
                    gc_.setdefault(g, []).extend(pauses)
            elif isinstance(value, list):
                out.setdefault(key, []).extend(value)
            else:
                out[key] = out.get(key, 0) + value
    return out


def run_point(think: float, opts: argparse.Namespace) -> dict[str, Any]:
    """One server, ``opts.tables`` tables played at ``think``: what was measured."""
    server_options: dict[str, Any] = {}
    if opts.deflate:
        server_options["ws_per_message_deflate"] = True
    if opts.loop:
        server_options["loop"] = opts.loop
    with tempfile.TemporaryDirectory() as tmp:
        db = opts.db or f"sqlite:///{Path(tmp) / 'bench.db'}"
        if opts.servers:
            reset_database(db)
        count = max(1, opts.servers)
        ports = [free_port() for _ in range(count)]
        argv = [sys.executable, "-c", SERVER, db]
        extra = [json.dumps(server_options), str(opts.slow_bot)]
        nodes = [
            subprocess.Popen([*argv, str(port), *extra, f"n{i + 1}"], env=dict(os.environ))
            for i, port in enumerate(ports)
        ]
        proc = nodes[0]
        haproxy = None
        url = f"http://127.0.0.1:{ports[0]}"
        try:
            for port in ports:
                for _ in range(600):
                    try:
                        httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                        break
                    except httpx.HTTPError:
                        time.sleep(0.1)
            if opts.servers:
                haproxy, url = start_proxy(ports, Path(tmp))
            if opts.slow_bot > 0:  # one more table: two bots thinking slow_bot s each turn
                bots = [{"seat": 0, "level": "random"}, {"seat": 1, "level": "random"}]
                httpx.post(url + "/api/tables", timeout=30, json={
                    "name": "host", "seat": None, "config": {"players": 2}, "bots": bots,
                    "bots_alone": True, "max_hands": 100000, "start": "now",
                }).raise_for_status()  # fmt: skip
            server_cpu = sum(cpu_seconds(n.pid) for n in nodes)
            proxy_cpu = cpu_seconds(haproxy.pid) if haproxy is not None else 0.0
            idle_rss = memory_mb(proc.pid)[0]
            wall = time.monotonic()
            queue: Any = mp.get_context("spawn").Queue()
            procs = [
                mp.get_context("spawn").Process(
                    target=client_process,
                    args=(url, list(range(p, opts.tables, opts.client_procs)), think, opts, queue),
                )
                for p in range(opts.client_procs)
            ]
            for p in procs:
                p.start()
            parts = [queue.get(timeout=opts.timeout + 60) for _ in procs]
            for p in procs:
                p.join()
            wall = time.monotonic() - wall
            server_cpu = sum(cpu_seconds(n.pid) for n in nodes) - server_cpu
            if haproxy is not None:
                proxy_cpu = cpu_seconds(haproxy.pid) - proxy_cpu
            rss, peak = memory_mb(proc.pid)
            server = merge_stats(
                [
                    httpx.get(f"http://127.0.0.1:{port}/api/server-stats", timeout=30).json()
                    for port in ports
                ]
            )
        finally:
            for node in nodes:
                node.terminate()
            for node in nodes:
                node.wait(timeout=30)
            if haproxy is not None:
                haproxy.terminate()
                haproxy.wait(timeout=30)
    actions = sum(part["actions"] for part in parts)
    return {
        "think": think,
        "lat": [x for part in parts for x in part["latencies"]],
        "actions": actions,
        "elapsed": max(p["last"] for p in parts) - min(p["first"] for p in parts),
        "wall": wall,
        "server_cpu": server_cpu,
        "proxy_cpu": proxy_cpu,
        "client_cpu": sum(p["cpu"] for p in parts),
        "server": server,
        "memory": (idle_rss, rss, peak),
    }


def print_point(r: dict[str, Any]) -> None:
    """The detailed lines of one point."""
    server, lat, actions = r["server"], r["lat"], r["actions"]
    print(f"think {r['think']:g} s")
    print(f"  actions: {actions} in {r['elapsed']:.1f} s = {actions / r['elapsed']:,.0f} actions/s")
    print(f"  end to end, act sent -> state received, over {len(lat)} receivers: {ms(lat)}")
    print(f"  server, act read -> every state and the ack queued: {ms(server['act'])}")
    print(f"    of which waiting in the table's queue: {ms(server['queued'])}")
    print(f"    waiting for the group commit (every change, joins too): {ms(server['commit'])}")
    print(f"      for the writer to start it (previous commit): {ms(server['pickup'])}")
    print(f"      for the event loop to hear it is done: {ms(server['wakeup'])}")
    rows = server["rows"] / max(1, server["commits"])
    print(
        f"  commits: {server['commits']} ({rows:.1f} entries each), each {ms(server['fsync'])}; "
        f"broadcasts: {len(server['broadcast'])}, mean "
        f"{sum(server['broadcast']) / max(1, len(server['broadcast'])) * 1000:.2f} ms, "
        f"{server['messages']} messages"
    )
    pauses = server["gc"]
    print(
        f"  garbage collector ({server['gc_freezes']} freezes), pauses by generation: "
        + "; ".join(
            f"{g}: {len(pauses[g])}, max {max(pauses[g], default=0) * 1000:.1f} ms"
            for g in sorted(pauses)
        )
    )
    print(
        f"  CPU over {r['wall']:.1f} s wall: server {r['server_cpu']:.1f} s "
        f"({r['server_cpu'] / r['wall']:.2f} of a core), clients {r['client_cpu']:.1f} s"
        + (f", proxy {r['proxy_cpu']:.1f} s" if r.get("proxy_cpu") else "")
    )
    idle, rss, peak = r["memory"]
    print(
        f"  server memory: {idle:.0f} MB before the tables, {rss:.0f} MB after, peak {peak:.0f} MB"
    )


def print_curve(points: list[dict[str, Any]], tables: int, goal: float) -> None:
    """One row per think time, then where the p99 crosses ``goal`` ms."""
    print()
    print(
        f"{'think s':>8} {'offered/s':>10} {'achieved/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
        f"{'max ms':>8} {'server ms CPU/action':>21} {'clients ms CPU/action':>22}"
    )
    for r in points:
        lat, n = r["lat"], max(1, r["actions"])
        offered = f"{tables / r['think']:,.0f}" if r["think"] > 0 else "closed"
        print(
            f"{r['think']:>8g} {offered:>10} {r['actions'] / r['elapsed']:>10,.0f} "
            f"{percentile(lat, 0.5) * 1000:>8.1f} {percentile(lat, 0.99) * 1000:>8.1f} "
            f"{max(lat, default=float('nan')) * 1000:>8.1f} "
            f"{r['server_cpu'] / n * 1000:>21.2f} {r['client_cpu'] / n * 1000:>22.2f}"
        )

    def rate(r: dict[str, Any]) -> float:
        return float(r["actions"] / r["elapsed"])

    def p99(r: dict[str, Any]) -> float:
        return percentile(r["lat"], 0.99) * 1000

    def where(r: dict[str, Any]) -> str:
        return f"{rate(r):,.0f} actions/s (think {r['think']:g} s, p99 {p99(r):.1f} ms)"

    under = [r for r in points if p99(r) < goal]
    if not under:
        print(f"p99 over {goal:g} ms at every point")
        return
    best = max(under, key=rate)
    above = sorted((r for r in points if p99(r) >= goal and rate(r) > rate(best)), key=rate)
    below = [r for r in points if p99(r) >= goal and rate(r) < rate(best)]
    line = f"p99 under {goal:g} ms up to {where(best)}"
    if above:
        line += f"; over it from {where(above[0])}"
    print(line)
    if below:  # stalls (a slow commit, other work), not the load: see their max
        print(f"  also over at lower loads: {', '.join(where(r) for r in below)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument(
        "--think", type=float, nargs="+", default=[0.0], help="seconds before each action"
    )
    parser.add_argument("--client-procs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--goal", type=float, default=50.0, help="the p99 to meet, ms")
    parser.add_argument(
        "--page-clients", action="store_true", help="one frame per message (no batch)"
    )
    parser.add_argument("--deflate", action="store_true", help="permessage-deflate on")
    parser.add_argument("--loop", default="", help="uvicorn's event loop (asyncio, uvloop)")
    parser.add_argument(
        "--slow-bot", type=float, default=0.0,
        help="one more table whose bots think this many seconds per decision",
    )  # fmt: skip
    parser.add_argument(
        "--db", default="", help="the server's database URL (default: a fresh SQLite file)"
    )
    parser.add_argument(
        "--servers", type=int, default=0,
        help="N servers (n1..nN, 1-3) on the --db PostgreSQL database, behind HAProxy "
        "(deploy/haproxy.cfg); the database is emptied before each point",
    )  # fmt: skip
    opts = parser.parse_args()
    if opts.tables > 2000:
        parser.error("--tables: at most 2,000 (10 tables of six per loopback client address)")
    slow = f"one more table of bots thinking {opts.slow_bot:g} s a decision, "
    print(
        f"tables {opts.tables} x {opts.seats} people, {opts.hands} hands each, "
        f"{slow if opts.slow_bot > 0 else ''}"
        f"{opts.client_procs} client process(es), "
        f"{'page clients (a frame per message)' if opts.page_clients else 'batch clients'}, "
        f"deflate {'on' if opts.deflate else 'off'}, loop {opts.loop or 'default'} "
        f"({opts.db.split('@')[-1] if opts.db else 'SQLite file, WAL, synchronous=FULL'}, "
        f"every action committed before its broadcast); load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        + (f"; {opts.servers} server(s) behind HAProxy" if opts.servers else "")
    )
    if opts.servers and not opts.db.startswith("postgres"):
        parser.error("--servers: needs --db postgresql://...")
    points = []
    for think in opts.think:
        points.append(run_point(think, opts))
        print_point(points[-1])
    print_curve(points, opts.tables, opts.goal)


if __name__ == "__main__":
    main()
