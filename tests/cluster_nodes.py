"""Real server processes on one PostgreSQL database, and HAProxy in front of them, for
the tests of several servers (``tests/test_cluster*.py``)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from pokerbonus.engine.config import TableConfig
from pokerbonus.server.history import session_phhs_text
from pokerbonus.server.journal import Journal
from pokerbonus.server.session import TableSession, TimerConfig

SERVE = "from pokerbonus.cli import main; main()"
ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Node:
    """``pokerbonus serve --db URL --node NAME`` on a free loopback port."""

    def __init__(
        self,
        url: str,
        name: str,
        lease: float = 2.0,
        bot_delay: float = 0.0,
        src: Path | None = None,
    ) -> None:
        self.url, self.name, self.lease, self.bot_delay = url, name, lease, bot_delay
        self.src = src
        """The package's sources to run (``None``: this checkout's, as imported)."""
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Node:
        argv = [sys.executable, "-c", SERVE, "serve", "--db", self.url, "--port",
                str(self.port), "--node", self.name, "--lease-seconds", str(self.lease),
                "--bot-delay", str(self.bot_delay), "--hand-pause", "0", "--no-warm"]  # fmt: skip
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        if self.src is not None:
            env["PYTHONPATH"] = str(self.src)
        self.proc = subprocess.Popen(
            argv, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        return self

    def wait(self) -> Node:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                raise AssertionError(f"{self.name} exited with {self.proc.returncode}: {err}")
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError(f"{self.name} did not start")

    def health(self) -> dict[str, Any]:
        data: dict[str, Any] = httpx.get(f"{self.base}/healthz", timeout=5).json()
        return data

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()

    def stop(self) -> None:
        """SIGTERM, as systemd stops a server (its leases given up)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self.proc.stderr:
            self.proc.stderr.close()


def start_nodes(url: str, names: list[str], lease: float = 2.0) -> list[Node]:
    nodes = [Node(url, n, lease).start() for n in names]  # started together: one wait
    try:
        for node in nodes:
            node.wait()
    except BaseException:  # none left running
        for node in nodes:
            node.kill()
        raise
    return nodes


class Proxy:
    """HAProxy with the shipped ``deploy/haproxy.cfg`` in front of ``nodes`` (named n1,
    n2, n3), a throwaway self-signed certificate for its TLS side; ``base`` is its plain
    internal side, ``tls`` its public one."""

    def __init__(self, nodes: list[Node], tmp: Path, root: Path = ROOT) -> None:
        exe = shutil.which("haproxy") or (
            "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
        )
        if exe is None:
            pytest.skip("HAProxy is not installed (Debian: apt-get install haproxy)")
        if shutil.which("openssl") is None:
            pytest.skip("openssl is not installed (for the proxy's test certificate)")
        key, crt, pem = tmp / "key.pem", tmp / "crt.pem", tmp / "proxy.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                        str(key), "-out", str(crt), "-days", "1", "-subj", "/CN=localhost"],
                       check=True, capture_output=True)  # fmt: skip
        pem.write_bytes(crt.read_bytes() + key.read_bytes())
        self.port, self.tls_port, self.http_port = free_port(), free_port(), free_port()
        env = {**os.environ, "PB_INTERNAL": f"127.0.0.1:{self.port}",
               "PB_HTTPS": f"127.0.0.1:{self.tls_port}", "PB_HTTP": f"127.0.0.1:{self.http_port}",
               "PB_CERT": str(pem)}  # fmt: skip
        by_name = {n.name: n for n in nodes}
        for k in (1, 2, 3):  # a server line without a server: a port nobody listens on
            node = by_name.get(f"n{k}")
            env[f"PB_N{k}"] = f"127.0.0.1:{node.port if node else free_port()}"
        cfg = str(root / "deploy" / "haproxy.cfg")
        check = subprocess.run([exe, "-c", "-f", cfg], capture_output=True, text=True, env=env)
        assert check.returncode == 0, check.stdout + check.stderr
        self.proc = subprocess.Popen([exe, "-db", "-f", cfg], env=env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError("haproxy did not start")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def tls(self) -> str:
        return f"https://127.0.0.1:{self.tls_port}"

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)


def create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def bots_table(players: int = 3, hands: int = 400, seat: int | None = None) -> dict[str, Any]:
    """A table of bots that plays by itself (``seat``: Ann sits there, bots elsewhere)."""
    seats = [s for s in range(players) if s != seat]
    return {
        "name": "Ann",
        "seat": seat,
        "config": {"players": players},
        "bots": [{"seat": s, "level": "station"} for s in seats],
        "bots_alone": seat is None,
        "max_hands": hands,
        "timer": {"action_seconds": 0},
        "start": "now",
    }


def state(base: str, table: str, token: str, **params: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table}", params={"token": token, **params},
                  follow_redirects=True, timeout=30)  # fmt: skip
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_for(what: Callable[[], Any], seconds: float, message: str) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            got = what()
        except (httpx.HTTPError, AssertionError):
            got = None
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError(message)


def recv(ws: ClientConnection, timeout: float = 20) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return data


def messages(ws: ClientConnection, timeout: float = 20) -> list[dict[str, Any]]:
    """The messages of the next frame (a batch unpacked)."""
    m = recv(ws, timeout)
    return list(m["messages"]) if m["type"] == "batch" else [m]


def hello(base: str, table: str, token: str, node: str | None = None) -> ClientConnection:
    query = f"?node={node}" if node else ""
    ws = connect(base.replace("http://", "ws://") + f"/ws/{table}{query}", legacy=True)
    ws.send(json.dumps({"type": "hello", "token": token, "batch": True}))
    return ws


def replay(url: str, table: str) -> tuple[TableSession, list[dict[str, Any]]]:
    """The table rebuilt from its journal as stored (the restart check), and its rows."""
    journal = Journal(url)
    try:
        stored = journal.load_table(table)
        with journal.engine.connect() as conn:
            rows = [dict(r._mapping) for r in conn.exec_driver_sql(
                "SELECT n, lease FROM web_journal WHERE table_id = %(t)s ORDER BY n", {"t": table}
            )]  # fmt: skip
    finally:
        journal.close()
    assert stored is not None
    timer = stored.options.get("timer", {})
    session = TableSession(
        table, TableConfig.from_dict(stored.config),
        TimerConfig(float(timer.get("action_seconds", 30)), float(timer.get("time_bank", 60))),
        max_hands=stored.options.get("max_hands"),
        bots_alone=bool(stored.options.get("bots_alone", False)),
        start=str(stored.options.get("start", "now")),
    )  # fmt: skip
    for entry in stored.entries:
        session.apply(entry, None)
    return session, rows


def phhs(base: str, table: str, token: str) -> str:
    r = httpx.get(f"{base}/api/tables/{table}/hands.phhs", params={"token": token},
                  follow_redirects=True, timeout=30)  # fmt: skip
    assert r.status_code == 200, r.text
    return r.text


def replayed_phhs(session: TableSession) -> str:
    return session_phhs_text(session, None)
