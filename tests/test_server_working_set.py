"""A working set, not a museum (docs/server.md, "The working set"): a quiet table (no
socket, no hand, nobody seated or the session over) leaves memory after
``unload_after`` and comes back on its next use, the same table; a start brings back
only the tables in the working set; the tick visits only those. In process (Starlette
TestClient), SQLite files."""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient

from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.journal import Journal


def settings(db: str, **kw: Any) -> ServerSettings:
    base: dict[str, Any] = {
        "db": db,
        "clock": lambda: 1000.0,
        "bot_delay": 0,
        "hand_pause": 0,
        "tick": 0.01,
        "rng": lambda _t: random.Random(3),
        "rate": 1000,
        "burst": 1000,
        "unload_after": 0.2,
    }
    base.update(kw)
    return ServerSettings(**base)


def create(client: TestClient, **kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Ann", "seat": None, "config": {"players": 3},
                            "timer": {"action_seconds": 0}}  # fmt: skip
    data.update(kw)
    r = client.post("/api/tables", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def wait_for(pred: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def info(client: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    r = client.get(f"/api/tables/{t['table']}", headers={"Authorization": f"Bearer {t['token']}"})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def test_a_quiet_table_is_unloaded_and_loaded_again_on_use(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(settings(db))) as c:
        tables = c.app.state.manager.tables  # type: ignore[attr-defined]
        quiet = create(c)  # Ann watches: nobody seated
        seated = create(c, seat=0, bots=[{"seat": 1, "level": "station"}])  # Ann seated
        wait_for(lambda: quiet["table"] not in tables)
        time.sleep(0.5)
        assert seated["table"] in tables  # a person seated: kept
        before = info(c, quiet)  # loaded again for the read
        assert quiet["table"] in tables and before["seats"][0] is None
        with c.websocket_connect(f"/ws/{quiet['table']}") as ws:
            ws.send_json({"type": "hello", "token": quiet["token"]})
            assert ws.receive_json()["type"] == "welcome"
            time.sleep(0.5)  # a socket open: not quiet
            assert quiet["table"] in tables
            ws.send_json({"type": "chat", "text": "still here"})
            while ws.receive_json()["type"] != "ack":
                pass
        wait_for(lambda: quiet["table"] not in tables)
        r = c.post(f"/api/tables/{quiet['table']}/join",
                   json={"invite": quiet["invite_secret"], "name": "Bob"})  # fmt: skip
        assert r.status_code == 201  # the invite works on an unloaded table
        assert c.get("/api/tables/nothere?invite=x").status_code == 404
    journal = Journal(db)
    try:
        live = {t.id for t in journal.load_tables(live=True)}
        every = {t.id for t in journal.load_tables()}
    finally:
        journal.close()
    assert every == {quiet["table"], seated["table"]}
    assert seated["table"] in live  # Ann seated: in the working set
    # a restart brings back the working set only; the others load on use, unchanged
    with TestClient(create_app(settings(db, unload_after=600))) as c:
        tables = c.app.state.manager.tables  # type: ignore[attr-defined]
        assert set(tables) == live
        assert info(c, quiet)["id"] == quiet["table"] and quiet["table"] in tables


def test_a_start_brings_back_only_the_live_tables(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    with TestClient(create_app(settings(db))) as c:
        tables = c.app.state.manager.tables  # type: ignore[attr-defined]
        made = [create(c) for _ in range(5)]
        keep = create(c, seat=0, bots=[{"seat": 1, "level": "station"}])
        wait_for(lambda: set(tables) == {keep["table"]})
    with TestClient(create_app(settings(db, unload_after=600))) as c:
        tables = c.app.state.manager.tables  # type: ignore[attr-defined]
        assert set(tables) == {keep["table"]}
        assert all(info(c, t)["id"] == t["table"] for t in made)
        assert set(tables) == {keep["table"], *(t["table"] for t in made)}


def test_a_database_from_before_the_working_set_brings_back_every_table(tmp_path: Path) -> None:
    """Without the ``web_live`` table (a database written before it), every table is live."""
    path = tmp_path / "tables.db"
    journal = Journal(f"sqlite:///{path}")
    journal.create_table("old1", {"players": 2}, {"timer": {}}, "h")
    journal.create_table("old2", {"players": 2}, {"timer": {}}, "h")
    with journal.engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE web_live")
    journal.close()
    journal = Journal(f"sqlite:///{path}")
    try:
        assert {t.id for t in journal.load_tables(live=True)} == {"old1", "old2"}
    finally:
        journal.close()
