"""docs/deploy.md followed from a fresh clone, as far as one machine allows: the shipped
``deploy/haproxy.cfg`` checked by HAProxy, ``deploy/postgresql.conf`` by PostgreSQL
(every name known, every per-session value accepted), then two servers run from the
clone's sources behind HAProxy with that configuration, and a table is created, read
and joined over HTTPS and WSS (the plain port redirecting to HTTPS). Not run here: the
systemd unit and the package's installation."""

from __future__ import annotations

import json
import re
import shutil
import ssl
import subprocess
from pathlib import Path

import httpx
import pytest
from cluster_nodes import ROOT, Node, Proxy, bots_table
from websockets.sync.client import connect


def settings(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, value = line.partition("=")
            out[name.strip()] = value.strip()
    return out


def test_deploy_md_from_a_fresh_clone(postgres_url: str, tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    doc = (clone / "docs" / "deploy.md").read_text()
    for name in ("deploy/haproxy.cfg", "deploy/systemd/pokerbonus@.service",
                 "deploy/postgresql.conf"):  # fmt: skip
        assert (clone / name).is_file() and name in doc
    unit = (clone / "deploy" / "systemd" / "pokerbonus@.service").read_text()
    assert "--node %i" in unit and "ExecStart=" in unit
    # PostgreSQL knows every setting; the per-session ones take their values
    import psycopg

    conf = settings(clone / "deploy" / "postgresql.conf")
    with psycopg.connect(postgres_url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        known: dict[str, str] = dict(
            conn.execute("SELECT name, context FROM pg_settings").fetchall()
        )
        for name, value in conf.items():
            assert name in known, name
            if known[name] in ("user", "superuser"):
                conn.execute(f"SET {name} = '{value.strip(chr(39))}'")  # the value parses
    url = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    nodes = [Node(url, n, src=clone / "src").start() for n in ("n1", "n2")]
    proxy: Proxy | None = None
    try:
        for node in nodes:
            node.wait()
        proxy = Proxy(nodes, tmp_path, root=clone)
        plain = httpx.get(f"http://127.0.0.1:{proxy.http_port}/")
        assert plain.status_code == 308 and plain.headers["location"].startswith("https://")
        with httpx.Client(base_url=proxy.tls, verify=False, follow_redirects=True) as http:
            assert http.get("/healthz").json()["ok"] is True
            r = http.post("/api/tables", json=bots_table(players=3, hands=100, seat=0))
            assert r.status_code == 201, r.text
            t = r.json()
            assert r.headers["strict-transport-security"].startswith("max-age=")
            got = http.get(f"/api/tables/{t['table']}", params={"token": t["token"]})
            assert got.status_code == 200 and got.json()["node"] == t["node"]
            joined = http.post(f"/api/tables/{t['table']}/join",
                               json={"invite": t["invite_secret"], "name": "Bob"})  # fmt: skip
            assert joined.status_code == 201, joined.text
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        wss = proxy.tls.replace("https://", "wss://") + f"/ws/{t['table']}?node={t['node']}"
        with connect(wss, ssl=context) as ws:
            ws.send(json.dumps({"type": "hello", "token": t["token"]}))
            first = json.loads(ws.recv(timeout=20))
            assert first["type"] == "welcome" and first["table"] == t["table"]
        assert re.search(r"pokerbonus serve .*--node n1", doc)
    finally:
        for node in nodes:
            node.kill()
        if proxy is not None:
            proxy.stop()
