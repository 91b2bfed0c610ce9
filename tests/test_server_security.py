"""The web tables against an attacker (docs/server.md, "Security model"): the body cap
counted as the bytes arrive (chunked or sized), no secret in the server's log, look-alike
and invisible names, one chip limit for caves and actions, sockets capped per token and
per address.

The cap and the log are checked on a real ``pokerbonus serve`` process (uvicorn, a
temporary SQLite file, its log written to a file and read after a session); the rest in
process (Starlette TestClient).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator, MutableMapping
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.app import CLOSE_TOO_MANY, MAX_BODY, BodyLimit
from pokerbonus.server.names import check_name, confusable_key
from pokerbonus.server.session import MAX_CHIPS, ServerError

# one `pokerbonus serve` process serves the module: all on one worker
pytestmark = pytest.mark.xdist_group("server_security")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def settings(**kw: Any) -> ServerSettings:
    base: dict[str, Any] = {
        "db": "sqlite://",
        "clock": lambda: 1000.0,
        "bot_delay": 0,
        "hand_pause": 0,
        "tick": 0.01,
        "rng": lambda _t: random.Random(3),
        "rate": 1000,
        "burst": 1000,
    }
    base.update(kw)
    return ServerSettings(**base)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings())) as c:
        yield c


def body(**kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Ann",
        "seat": 0,
        "config": {"players": 3},
        "timer": {"action_seconds": 0},
    }
    data.update(kw)
    return data


def create(client: TestClient, **kw: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=body(**kw))
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def join(client: TestClient, t: dict[str, Any], name: str) -> httpx.Response:
    response: httpx.Response = client.post(
        f"/api/tables/{t['table']}/join", json={"invite": t["invite_secret"], "name": name}
    )
    return response


# -- the body cap ----------------------------------------------------------------------


def test_body_limit_stops_reading_a_chunked_body_at_the_cap() -> None:
    """At the ASGI level: chunks are counted as they arrive; past the cap the app is not
    called, 413 is sent and no further chunk is read."""
    reached: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        reached.append("app")

    chunk = b"x" * 1000
    read = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": chunk, "more_body": read < 2000}  # 2 MB in all

    sent: list[MutableMapping[str, Any]] = []

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": []}
    asyncio.run(BodyLimit(app, limit=MAX_BODY)(scope, receive, send))
    assert not reached and sent[0]["status"] == 413
    assert read == MAX_BODY // len(chunk) + 1  # 17 chunks of 2,000: stopped at the cap
    assert json.loads(sent[1]["body"])["error"]["code"] == "too_large"


def test_body_limit_passes_a_small_chunked_body_whole(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        text = json.dumps(body(start="now")).encode()
        for i in range(0, len(text), 7):
            yield text[i : i + 7]

    r = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text
    big = client.post(
        "/api/tables", content=b" " * (MAX_BODY + 1), headers={"Content-Type": "application/json"}
    )
    assert big.status_code == 413 and big.json()["error"]["code"] == "too_large"


SERVE = [sys.executable, "-c", "from pokerbonus.cli import main; main()", "serve"]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``pokerbonus serve`` on a free port (its log in a file); its base URL and log path."""
    folder = tmp_path_factory.mktemp("serve")
    log = folder / "server.log"
    port = free_port()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*SERVE, "--port", str(port), "--db", str(folder / "tables.db"), "--no-warm"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/api/config-schema", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "the server did not start"
            time.sleep(0.1)
        yield base, log
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def raw_post_chunked(port: int, total: int) -> tuple[bytes, int]:
    """POST /api/tables with a chunked body of ``total`` bytes (sent by a thread as fast as
    the server takes it) while reading the answer; the answer and the bytes sent."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        sent = 0

        def feed() -> None:
            nonlocal sent
            chunk = b" " * 4096
            try:
                while sent < total:
                    s.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                    sent += len(chunk)
                s.sendall(b"0\r\n\r\n")
            except OSError:
                pass  # the server answered and closed before the end: that is the point

        feeder = threading.Thread(target=feed)
        feeder.start()
        answer = b""
        try:
            while data := s.recv(65536):
                answer += data
        except OSError:
            pass
        feeder.join(10)
        return answer, sent


def test_served_chunked_and_sized_bodies_over_the_cap_get_413(served: tuple[str, Path]) -> None:
    base, _ = served
    port = int(base.rsplit(":", 1)[1])
    answer, _ = raw_post_chunked(port, 2_000_000)
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"too_large" in answer
    # the server stops reading at the cap and closes: a 64 MB body cannot all be sent
    # (the sockets' buffers take a few MB at most)
    answer, sent = raw_post_chunked(port, 64_000_000)
    assert answer.startswith(b"HTTP/1.1 413") and sent < 16_000_000, sent
    sized = httpx.post(
        base + "/api/tables", content=b" " * 3_000_000, headers={"Content-Type": "application/json"}
    )
    assert sized.status_code == 413


# -- no secret in the log --------------------------------------------------------------


def test_the_servers_log_holds_no_token_and_no_invite(served: tuple[str, Path]) -> None:
    base, log = served
    t = httpx.post(base + "/api/tables", json=body(start="now")).json()
    bob = httpx.post(
        f"{base}/api/tables/{t['table']}/join", json={"invite": t["invite_secret"], "name": "Bob"}
    ).json()
    secrets = {t["token"], t["invite_secret"], bob["token"]}
    table_url = f"{base}/api/tables/{t['table']}"
    assert httpx.get(table_url, params={"token": t["token"]}).status_code == 200
    assert httpx.get(table_url, params={"invite": t["invite_secret"]}).status_code == 200
    bearer = {"Authorization": f"Bearer {bob['token']}"}
    assert httpx.get(table_url, headers=bearer).status_code == 200
    assert httpx.get(f"{table_url}/hands.phhs", params={"token": bob["token"]}).status_code == 200
    assert httpx.get(f"{table_url}/hands/9.phh", params={"token": t["token"]}).status_code == 404
    assert httpx.get(table_url, params={"token": "x" + t["token"]}).status_code == 403
    with connect(base.replace("http", "ws") + f"/ws/{t['table']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": bob["token"]}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    time.sleep(0.3)  # the access log is written after each answer
    text = log.read_text(encoding="utf-8", errors="replace")
    assert f"/api/tables/{t['table']}?token=*** HTTP/1.1" in text  # the requests are logged
    assert "invite=***" in text and "hands.phhs?token=***" in text
    for secret in secrets:
        assert secret not in text


# -- names -----------------------------------------------------------------------------


def test_look_alike_names_are_taken(client: TestClient) -> None:
    t = create(client)
    assert join(client, t, "Bob").status_code == 201
    for name in ("ann", "ANN", "\uff21nn", "B0b", "bob "):
        r = join(client, t, name)
        assert r.status_code == 400 and r.json()["error"]["code"] == "name_taken", name
    # a whole-script look-alike (every letter Cyrillic) has Ann's skeleton
    r = join(client, t, "\u0410\u043f\u043f")  # Cyrillic A, pe, pe: pe is not n
    assert r.status_code == 201
    r = join(client, t, "\u0421\u0410\u0422")  # Cyrillic ES, A, TE: looks like "CAT"
    assert r.status_code == 201
    r = join(client, t, "cat")
    assert r.status_code == 400 and "looks like" in r.json()["error"]["message"]


def test_mixed_script_and_invisible_names_are_refused(client: TestClient) -> None:
    t = create(client)
    cases = {
        "\u0410nn": "mixes scripts",  # Cyrillic A + Latin nn
        "Ann\u200b": "invisible",  # zero-width space
        "\u3164": "invisible",  # Hangul filler: a letter drawn as nothing
        "A\u200dnn": "invisible",  # zero-width joiner
        "\u202eAnn": "invisible",  # right-to-left override
        "Ann" + "\u0301" * 4: "mark",  # stacked accents (NFC puts the first on the n)
        "<b>": "not a letter",
        "...": "at least one letter",
    }
    for name, why in cases.items():
        r = join(client, t, name)
        assert r.status_code == 400, name
        error = r.json()["error"]
        assert error["code"] == "malformed" and why in error["message"], (name, error)
    zoe = "Zoe\u0308"  # a combining mark
    yamada = "\u5c71\u7530\u305f\u308d\u3046"  # Han with Hiragana
    namaste = "\u0928\u092e\u0938\u094d\u0924\u0947"  # Devanagari, with its vowel signs
    for name in (zoe, yamada, namaste):
        assert join(client, t, name).status_code == 201, name


def test_name_checks() -> None:
    assert check_name(" Zoe\u0308 ") == "Zo\u00eb"  # stripped, NFC
    assert confusable_key("\u0441\u0430\u0440") == confusable_key("cap")  # Cyrillic es, a, er
    assert confusable_key("rn") == confusable_key("m")
    assert confusable_key("Bob") != confusable_key("Rob")
    with pytest.raises(ServerError, match=r"1\.\.24"):
        check_name("x" * 25)


def test_bot_names_do_not_look_like_a_persons(client: TestClient) -> None:
    t = create(client, name="easy-l")  # a lower-case L: "easy-1" would look the same
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.send_json({"type": "add_bot", "seat": 1, "level": "easy"})
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] == "event" and m["event"]["kind"] == "seated":
                break
        assert m["event"]["name"] == "easy-2"


# -- one chip limit --------------------------------------------------------------------


def test_a_cave_over_the_chip_limit_is_refused_at_creation(client: TestClient) -> None:
    r = client.post("/api/tables", json=body(config={"players": 6, "cave": 10**15}))
    assert r.status_code == 400
    message = r.json()["error"]["message"]
    assert message.startswith("cave: ") and f"{MAX_CHIPS:,}" in message
    r = client.post("/api/tables", json=body(config={"players": 8, "cave": MAX_CHIPS // 8 + 1}))
    assert r.status_code == 400


def test_all_in_with_the_largest_cave_is_accepted(client: TestClient) -> None:
    cave = MAX_CHIPS // 2
    t = create(
        client,
        config={"players": 2, "cave": cave, "ante": 1, "rebuy": "unlimited"},
        bots=[{"seat": 1, "level": "station"}],
        start="now",
    )
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        for _ in range(200):
            m = ws.receive_json()
            if m["type"] == "state" and m["hand"] and m["hand"]["legal"]:
                legal = m["hand"]["legal"]
                if legal["decision"] == "bet" and legal["max_raise_to"]:
                    break
                kind = "discard" if legal["decision"] == "draw" else "check_or_call"
                ws.send_json({"type": "act", "hand": m["hand"]["number"], "seq": m["hand"]["seq"],
                              "action": {"kind": kind}})  # fmt: skip
        top = legal["max_raise_to"]
        assert top == cave - 1  # the whole stack after the ante
        ws.send_json({"type": "act", "id": 1, "hand": m["hand"]["number"], "seq": m["hand"]["seq"],
                      "action": {"kind": "raise_to", "amount": top}})  # fmt: skip
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] in ("ack", "error"):
                break
        assert m == {"type": "ack", "id": 1, "of": "act", "duplicate": False}
        # more chips than the limit cannot come in by a rebuy either (Ann stands pat first)
        for _ in range(500):
            m = ws.receive_json()
            if m["type"] == "state" and m["hand"] is None:
                break
            if m["type"] == "state" and m["hand"] and m["hand"]["legal"]:
                ws.send_json({"type": "act", "hand": m["hand"]["number"], "seq": m["hand"]["seq"],
                              "action": {"kind": "discard"}})  # fmt: skip
        ws.send_json({"type": "rebuy", "id": 2, "chips": MAX_CHIPS})
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] in ("ack", "error") and m["id"] == 2:
                break
        assert m["type"] == "error" and m["code"] == "illegal"
        assert f"{MAX_CHIPS:,}" in m["message"]


# -- sockets per token and per address ----------------------------------------------------


def test_sockets_per_token_are_capped_with_a_close_code() -> None:
    with TestClient(create_app(settings(sockets_per_token=2))) as c:
        t = create(c)
        socks = [c.websocket_connect(f"/ws/{t['table']}") for _ in range(2)]
        for ws in socks:
            ws.__enter__()
            ws.send_json({"type": "hello", "token": t["token"]})
            assert ws.receive_json()["type"] in ("welcome", "state")
        with c.websocket_connect(f"/ws/{t['table']}") as third:
            third.send_json({"type": "hello", "token": t["token"]})
            err = third.receive_json()
            assert err["code"] == "too_many_connections" and "2 open connections" in err["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == CLOSE_TOO_MANY
        for ws in socks:
            ws.__exit__(None, None, None)
        with c.websocket_connect(f"/ws/{t['table']}") as again:  # a page closed: room again
            again.send_json({"type": "hello", "token": t["token"]})
            assert again.receive_json()["type"] == "welcome"


def test_sockets_per_address_are_capped_with_a_close_code() -> None:
    with TestClient(create_app(settings(sockets_per_address=3))) as c:
        t = create(c)
        socks = [c.websocket_connect(f"/ws/{t['table']}") for _ in range(3)]
        for ws in socks:
            ws.__enter__()
        with c.websocket_connect(f"/ws/{t['table']}") as fourth:  # no hello needed to count
            err = fourth.receive_json()
            assert err["code"] == "too_many_connections"
            with pytest.raises(WebSocketDisconnect) as closed:
                fourth.receive_json()
            assert closed.value.code == CLOSE_TOO_MANY
        for ws in socks:
            ws.__exit__(None, None, None)


# -- no code named by a client ---------------------------------------------------------


def test_a_bot_named_by_import_path_is_refused_and_never_imported(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``add_bot`` takes a level of the ladder only: a client naming a module (one
    that would leave a mark if imported) gets an error, and the module is never
    imported."""
    mark = tmp_path / "imported"
    (tmp_path / "evilbot.py").write_text(f"open({str(mark)!r}, 'w').close()\nclass Bot: pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        ws.send_json({"type": "add_bot", "seat": 1, "level": "evilbot:Bot"})
        for _ in range(50):
            m = ws.receive_json()
            if m["type"] == "error":
                break
        assert m["type"] == "error" and "evilbot:Bot" in m["message"]
    assert "evilbot" not in sys.modules and not mark.exists()


def test_no_server_module_loads_code_by_name() -> None:
    """No module of ``pokerbonus.server`` imports the loader of bots by path, or
    imports anything by a name computed at run time."""
    import pokerbonus.server

    folder = Path(pokerbonus.server.__file__).parent
    for source in sorted(folder.glob("*.py")):
        text = source.read_text(encoding="utf-8")
        for needle in ("bots.loader", "load_bot", "import_module", "__import__", "bot_factory"):
            assert needle not in text, (source.name, needle)
