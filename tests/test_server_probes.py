"""Hostile and unlucky input that the web tables answer with a clear error (docs/server.md,
"Security model"; docs/protocol.md, "Errors"): a socket that never says hello, nested JSON
under the size cap, a NUL byte in a static path, a secret under a percent-encoded key, a
refused hello on a batch socket, a body that is not UTF-8, and an absent person played
for at once after their first timeout in a hand. In process (Starlette TestClient, a
fake clock).
"""

from __future__ import annotations

import logging
import random
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS
    from starlette.websockets import WebSocketDisconnect

from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.app import RedactSecrets


class FakeClock:
    """The action timer's clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def settings(clock: Callable[[], float] = lambda: 1000.0, **kw: Any) -> ServerSettings:
    base: dict[str, Any] = {
        "db": "sqlite://",
        "clock": clock,
        "bot_delay": 0,
        "hand_pause": 0,
        "tick": 0.01,
        "rng": lambda _t: random.Random(7),
        "rate": 1000,
        "burst": 1000,
    }
    base.update(kw)
    return ServerSettings(**base)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings())) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Ann",
        "seat": 0,
        "config": {"players": 3},
        "timer": {"action_seconds": 0},
    }
    data.update(body)
    r = client.post("/api/tables", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def until(ws: WS, pred: Callable[[dict[str, Any]], bool], limit: int = 3000) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == "batch":
            found: list[dict[str, Any]] = [x for x in m["messages"] if pred(x)]
            if found:
                return found[0]
        elif pred(m):
            return m
    raise AssertionError("message not received")


def wait_for(pred: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


# -- the hello timeout -----------------------------------------------------------------


def test_a_socket_that_never_says_hello_is_closed() -> None:
    """An idle socket is answered ``hello_timeout`` and closed (code 4408), and no longer
    counts against its address's cap; a socket that said hello stays open."""
    with TestClient(create_app(settings(hello_seconds=0.3, sockets_per_address=2))) as c:
        t = create(c)
        manager = c.app.state.manager  # type: ignore[attr-defined]
        with c.websocket_connect(f"/ws/{t['table']}") as good:
            good.send_json({"type": "hello", "token": t["token"]})
            until(good, lambda m: m["type"] == "welcome")
            with c.websocket_connect(f"/ws/{t['table']}") as idle:
                err = idle.receive_json()
                assert err["type"] == "error" and err["code"] == "hello_timeout"
                assert "0.3 seconds" in err["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    idle.receive_json()
                assert closed.value.code == 4408
            wait_for(lambda: sum(manager.sockets.values()) == 1)
            with c.websocket_connect(f"/ws/{t['table']}") as again:  # room again
                again.send_json({"type": "hello", "token": t["token"]})
                until(again, lambda m: m["type"] == "welcome")
            time.sleep(0.4)  # past the hello time: the socket that said hello is still served
            good.send_json({"type": "ping", "id": "p"})
            assert until(good, lambda m: m["type"] == "pong")["id"] == "p"


# -- nested JSON -----------------------------------------------------------------------


def test_deeply_nested_json_is_malformed_not_a_crash(client: TestClient) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_text("[" * 2000)  # before hello
        err = ws.receive_json()
        assert err["code"] == "malformed" and "nested too deep" in err["message"]
        ws.send_json({"type": "hello", "token": t["token"]})
        until(ws, lambda m: m["type"] == "welcome")
        ws.send_text('{"type": "chat", "text": ' + "[" * 2000 + "]" * 2000 + "}")
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "malformed" and "nested too deep" in err["message"]
        ws.send_json({"type": "ping", "id": 1})  # the socket is still served
        assert until(ws, lambda m: m["type"] == "pong")["id"] == 1
    r = client.post(
        "/api/tables", content=b"[" * 2000, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "malformed" and "detail" not in r.json()


# -- HTTP refusals in the documented shape -----------------------------------------------


def test_a_body_that_is_not_utf8_gets_the_documented_error(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=b'{"name": "\xff\xfe"}', headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 400 and set(r.json()) == {"error"}
    assert r.json()["error"]["code"] == "malformed"
    assert "JSON" in r.json()["error"]["message"]
    r = client.get("/api/nowhere")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.put("/api/tables")
    assert r.status_code == 405 and r.json()["error"]["code"] == "not_allowed"


def test_a_nul_byte_in_a_static_path_is_not_found(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>", encoding="utf-8")
    with TestClient(create_app(settings(static_dir=tmp_path))) as c:
        assert c.get("/static/index.html").status_code == 200
        for path in ("/static/index.html%00.js", "/static/%00", "/static/js/%00x.js"):
            r = c.get(path)
            assert r.status_code == 404, (path, r.status_code, r.text)


# -- secrets under other spellings -------------------------------------------------------


def test_a_percent_encoded_key_is_not_the_token(client: TestClient) -> None:
    t = create(client)
    url = f"/api/tables/{t['table']}"
    assert client.get(f"{url}?token={t['token']}").status_code == 200
    for key in ("tok%65n", "%74oken", "TOKEN", "tok%2565n"):
        r = client.get(f"{url}?{key}={t['token']}")
        assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token", key
    assert client.get(f"{url}?invit%65={t['invite_secret']}").status_code == 403
    assert client.get(f"{url}?invite={t['invite_secret']}").status_code == 200
    r = client.get(f"{url}/hands.phhs?tok%65n={t['token']}")
    assert r.status_code == 403


@pytest.mark.parametrize(
    "line",
    [
        "/api/tables/ab?tok%65n=SECRET",
        "/api/tables/ab?x=1&%74%6F%6B%65%6E=SECRET",
        "/api/tables/ab?tok%2565n=SECRET",
        "/api/tables/ab?TOKEN=SECRET&n=2",
        "/api/tables/ab?Invit%45=SECRET",
        "/api/tables/ab?access_token=SECRET",
        "/api/tables/ab?to+ken=SECRET",
    ],
)
def test_the_log_redacts_secrets_however_their_key_is_spelled(line: str) -> None:
    record = logging.LogRecord(
        "uvicorn.access", 20, "", 0, '%s - "%s %s HTTP/1.1" %d', ("1.2.3.4", "GET", line, 200),
        None,
    )  # fmt: skip
    assert RedactSecrets().filter(record)
    text = record.getMessage()
    assert "SECRET" not in text and "=***" in text, text


# -- a refused hello on a batch socket -----------------------------------------------------


def test_a_refused_batch_hello_gets_its_error_before_the_close(client: TestClient) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token", "batch": True})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_a_batch_hello_over_the_per_person_cap_gets_its_error() -> None:
    with TestClient(create_app(settings(sockets_per_token=1))) as c:
        t = create(c)
        with c.websocket_connect(f"/ws/{t['table']}") as first:
            first.send_json({"type": "hello", "token": t["token"], "batch": True})
            until(first, lambda m: m["type"] == "welcome")
            with c.websocket_connect(f"/ws/{t['table']}") as second:
                second.send_json({"type": "hello", "token": t["token"], "batch": True})
                err = second.receive_json()
                assert err["code"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
                assert closed.value.code == 4429


# -- the start's log -----------------------------------------------------------------------


def test_the_host_is_not_sat_out_before_the_table_starts(client: TestClient) -> None:
    """Between the creation and the host's page opening, the table (not started) sits
    nobody out: the page's log does not say the host "has no page open"."""
    t = create(client, bots=[{"seat": 1, "level": "station"}])
    time.sleep(0.3)  # many ticks of the table before the page opens
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        state = until(ws, lambda m: m["type"] == "state")
    kinds = [e["event"]["kind"] for e in state["log"]]
    assert "sat_out" not in kinds and "sat_in" not in kinds, kinds
    assert state["you"]["sitting_out"] is False and state["you"]["away"] is False


# -- an absent person after their first timeout ------------------------------------------------


def test_an_absent_person_timed_out_once_is_played_for_at_once_for_the_rest_of_the_hand() -> None:
    """Bob's page closes at his turn; the clock passes ``away_seconds`` once and he is
    played for; his later turns in that hand are played at once, the clock not moved
    again. (A watchdog moves the clock if the table waits, and the test then fails
    instead of hanging.)"""
    clock = FakeClock()
    config = {"game": "holdem", "players": 3, "betting": "no-limit", "big_blind": 2}
    with TestClient(create_app(settings(clock, away_seconds=30))) as c:
        bots = [{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}]
        t = create(c, start="now", config=config, bots=bots)
        manager = c.app.state.manager  # type: ignore[attr-defined]
        actor = manager.tables[t["table"]]
        with c.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": t["token"]})
            while True:  # Ann calls until a turn where she could check
                m = until(ws, lambda m: m["type"] == "state" and m["hand"] is not None
                          and m["hand"]["legal"] is not None)  # fmt: skip
                h = m["hand"]
                if h["legal"]["can_check"]:
                    break
                action = {"kind": "check_or_call"}
                ws.send_json(
                    {"type": "act", "hand": h["number"], "seq": h["seq"], "action": action}
                )
            hand = h["number"]
        # Ann's page is gone while she is to act, and she could check
        clock.t += 31

        def timed_out() -> list[dict[str, Any]]:
            return [
                r.table for r in actor.session.events if r.table and r.table["kind"] == "timed_out"
            ]

        wait_for(lambda: len(timed_out()) >= 1)
        stalls: list[float] = []
        done = threading.Event()

        def watchdog() -> None:
            last = (hand, actor.session.seq)
            quiet = time.monotonic()
            while not done.wait(0.05):
                cur = actor.session.current
                now = (cur.number if cur else -1, actor.session.seq)
                if now != last:
                    last, quiet = now, time.monotonic()
                elif time.monotonic() - quiet > 3:
                    stalls.append(clock.t)
                    clock.t += 31
                    quiet = time.monotonic()

        dog = threading.Thread(target=watchdog, daemon=True)
        dog.start()
        try:
            wait_for(lambda: actor.session.hands[hand - 1].status != "playing", seconds=60)
        finally:
            done.set()
            dog.join(5)
        assert not stalls, f"the table waited {len(stalls)} more time(s) for Ann"
        timed = timed_out()
        assert len(timed) >= 2, timed  # she had later turns in the hand, each played at once
