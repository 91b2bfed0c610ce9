"""The WebSocket of a page (docs/protocol.md): the per-address cap, the hello and its
time limit, the rate bucket, each message checked and put in its table's mailbox, and
the sender task writing the socket's outgoing queue."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from pokerbonus.i18n import gettext
from pokerbonus.server.conn import Conn
from pokerbonus.server.mailbox import Connect, Disconnect, Intent
from pokerbonus.server.manager import Moved, TableManager
from pokerbonus.server.protocol import message_id, parse_client
from pokerbonus.server.session import ServerError
from pokerbonus.server.settings import (
    CLOSE_HELLO_TIMEOUT,
    CLOSE_MOVED,
    CLOSE_REFUSED,
    CLOSE_TOO_MANY,
)


async def serve_socket(
    manager: TableManager,
    websocket: WebSocket,
    table_id: str,
    lang: str,
    hint: str | None = None,
) -> None:
    """Serve one WebSocket: the per-address cap, then :func:`_serve` (docs/protocol.md)."""
    cfg = manager.settings
    address = websocket.client.host if websocket.client is not None else "?"
    if manager.sockets.get(address, 0) >= cfg.sockets_per_address:
        await websocket.send_text(
            json.dumps(
                {
                    "type": "error",
                    "id": None,
                    "code": "too_many_connections",
                    "message": gettext(
                        "connection: {address} already has {count} open connections, "
                        "the most allowed"
                    ).format(address=address, count=cfg.sockets_per_address),
                }
            )
        )
        await websocket.close(code=CLOSE_TOO_MANY)
        return
    manager.sockets[address] = manager.sockets.get(address, 0) + 1
    try:
        await _serve(manager, websocket, table_id, lang, hint)
    finally:
        left = manager.sockets.get(address, 1) - 1
        if left > 0:
            manager.sockets[address] = left
        else:
            manager.sockets.pop(address, None)


async def _serve(
    manager: TableManager, websocket: WebSocket, table_id: str, lang: str, hint: str | None
) -> None:
    cfg = manager.settings
    try:
        actor = await manager.find(table_id, hint)  # loaded from the database if need be
    except Moved as exc:  # another server's: the page connects again with ?node=<owner>
        node = exc.owner.node if exc.owner is not None else ""
        await websocket.send_text(
            json.dumps(
                {
                    "type": "error",
                    "id": None,
                    "code": "moved",
                    "message": exc.message,
                    "node": node,
                }
            )
        )
        await websocket.close(code=CLOSE_MOVED, reason=node)
        return
    if actor is None:
        await websocket.send_text(
            json.dumps(
                {
                    "type": "error",
                    "id": None,
                    "code": "not_found",
                    "message": gettext("table: no table {table!r}").format(table=table_id),
                }
            )
        )
        await websocket.close(code=4404)
        return
    actor.sockets += 1  # not quiet from now on (before the socket says hello)
    conn = Conn(websocket, tokens=cfg.burst, last=time.monotonic(), lang=lang)
    loop = asyncio.get_running_loop()
    sender = loop.create_task(_sender(conn))
    said_hello = False
    hello_by = loop.time() + cfg.hello_seconds
    try:
        while not conn.closed:
            if said_hello:
                message = await websocket.receive()
            else:
                try:
                    message = await asyncio.wait_for(
                        websocket.receive(), max(0.0, hello_by - loop.time())
                    )
                except TimeoutError:
                    conn.send(
                        {
                            "type": "error",
                            "id": None,
                            "code": "hello_timeout",
                            "message": gettext(
                                "hello: not said within {seconds:g} seconds of opening"
                            ).format(seconds=cfg.hello_seconds),
                        },
                        cfg.outbox_limit,
                    )
                    conn.close(CLOSE_HELLO_TIMEOUT, cfg.outbox_limit)
                    break
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = message.get("bytes") or b""
            now = time.monotonic()
            conn.tokens = min(cfg.burst, conn.tokens + (now - conn.last) * cfg.rate)
            conn.last = now
            if conn.tokens < 1:
                conn.send(
                    {
                        "type": "error",
                        "id": None,
                        "code": "rate_limited",
                        "message": gettext("rate: at most {rate:g} messages per second").format(
                            rate=cfg.rate
                        ),
                    },
                    cfg.outbox_limit,
                )
                continue
            conn.tokens -= 1
            try:
                msg = parse_client(text)
            except ServerError as exc:
                conn.send(
                    {
                        "type": "error",
                        "id": message_id(text),
                        "code": exc.code,
                        "message": exc.message,
                    },
                    cfg.outbox_limit,
                )
                continue
            if msg.type == "hello":
                if said_hello:
                    conn.send(
                        {
                            "type": "error",
                            "id": msg.id,
                            "code": "malformed",
                            "message": gettext("hello: already said"),
                        },
                        cfg.outbox_limit,
                    )
                    continue
                said_hello = True
                conn.batch = msg.batch
                if msg.lang is not None:
                    conn.lang = msg.lang
                actor.queue.put_nowait(Connect(conn, msg.token, msg.since))
            elif not said_hello:
                conn.send(
                    {
                        "type": "error",
                        "id": msg.id,
                        "code": "hello_first",
                        "message": gettext("{type}: send hello with your token first").format(
                            type=msg.type
                        ),
                    },
                    cfg.outbox_limit,
                )
            elif msg.type == "ping":
                conn.send({"type": "pong", "id": msg.id}, cfg.outbox_limit)
            else:
                actor.queue.put_nowait(Intent(conn, msg, time.perf_counter()))
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        actor.queue.put_nowait(Disconnect(conn))
        actor.sockets -= 1
        conn.outbox.put_nowait(None)
        with contextlib.suppress(Exception):
            await sender


async def _sender(conn: Conn) -> None:
    ws_ = conn.ws
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await ws_.send_text(text)
    except Exception:  # the socket went away: the reader ends too
        conn.closed = True
        return
    if ws_.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            code = conn.close_code or (CLOSE_REFUSED if conn.person is None else 1000)
            await ws_.close(code=code)
