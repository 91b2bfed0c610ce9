"""The web tables' server: FastAPI routes, one sequential actor per table, the clock.

``create_app(settings)`` builds the application; ``pokerbonus serve`` runs it with
uvicorn. Each table is a :class:`TableActor`: an asyncio task reading one queue,
so every intention (a message from a socket, a join over HTTP, a timer tick, a
bot's turn) is handled alone and in order. A change is decided, written to the
database (group commit) and only then applied and sent to each receiver, built
from that receiver's view (see :mod:`pokerbonus.server.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import unquote_plus

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.views import redact
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.i18n import DEFAULT_LANGUAGE, N_, current_language, gettext, using_language
from pokerbonus.i18n.language import language_for_request
from pokerbonus.server.collector import Collector
from pokerbonus.server.journal import Journal, JournalWriter, StoredTable
from pokerbonus.server.protocol import (
    StateEncoder,
    action_from_model,
    last_hand_json,
    message_id,
    parse_client,
    receiver_seats,
    record_json,
    state_json,
    table_json,
)
from pokerbonus.server.session import (
    MAX_CHIPS,
    EventRecord,
    Person,
    ServerError,
    TableSession,
    TimerConfig,
)

__all__ = [
    "CLOSE_TOO_MANY",
    "MAX_BODY",
    "UVICORN_OPTIONS",
    "BodyLimit",
    "RedactSecrets",
    "ServerSettings",
    "ServerStats",
    "TableActor",
    "TableManager",
    "create_app",
    "hash_secret",
]

log = logging.getLogger("pokerbonus.server")

UVICORN_OPTIONS: dict[str, Any] = {"ws_max_size": 65536, "ws_per_message_deflate": False}
"""How uvicorn runs the app (``pokerbonus serve``, the benchmark): messages of at most
64 KiB; no permessage-deflate, whose compression of every frame was the largest
single cost of a broadcast (docs/server.md)."""


CLOSE_TOO_MANY = 4429
"""The WebSocket close code of a socket over the per-token or per-address cap."""

CLOSE_REFUSED = 4403
"""The WebSocket close code of a socket whose token is not the table's."""

CLOSE_HELLO_TIMEOUT = 4408
"""The WebSocket close code of a socket that did not say ``hello`` in time."""

MAX_BODY = 16384
"""The largest HTTP request body read, in bytes (counted as it arrives, chunked or not)."""

_QUERY_PAIR = re.compile(r"(?<=[?&])([^=&\s\"]*)=([^&\s\"]*)")
_SECRET_KEY = re.compile(r"token|invite")


def _secret_key(key: str) -> bool:
    """Whether a query key names a secret, however it is spelled: percent-encoded (even
    twice), ``+`` for spaces, any case, with any punctuation around it."""
    for _ in range(4):  # bounded: each round removes one level of encoding
        decoded = unquote_plus(key)
        if decoded == key:
            break
        key = decoded
    return _SECRET_KEY.search(re.sub(r"[^a-z]", "", key.lower())) is not None


def _redact(text: str) -> str:
    return _QUERY_PAIR.sub(
        lambda m: f"{m.group(1)}=***" if _secret_key(m.group(1)) else m.group(0), text
    )


def query_secrets(query: bytes) -> tuple[str | None, str | None]:
    """The ``token`` and ``invite`` of a raw query string, read only under exactly those
    keys: a key spelled otherwise (``tok%65n``) is not a secret's, so the server never
    acts on a secret the log's redaction might not have recognised.

    >>> query_secrets(b"token=a%2Bb&invite=x")
    ('a+b', 'x')
    >>> query_secrets(b"tok%65n=abc&TOKEN=abc")
    (None, None)
    """
    found: dict[bytes, str] = {}
    for part in query.split(b"&"):
        key, _, value = part.partition(b"=")
        if key in (b"token", b"invite") and key not in found:
            found[key] = unquote_plus(value.decode("latin-1"))
    return found.get(b"token") or None, found.get(b"invite") or None


class RedactSecrets(logging.Filter):
    """Writes ``token=***`` and ``invite=***`` for the secrets of a logged request line.

    Installed by :func:`create_app` on uvicorn's access and error loggers, so a server
    log never holds a person's token or a table's invite (the page sends its token in
    the WebSocket's ``hello`` and an ``Authorization`` header; a download link may carry
    ``?token=``).

    >>> f = RedactSecrets()
    >>> r = logging.LogRecord("uvicorn.access", 20, "", 0, '%s "%s %s"', ("1.2.3.4", "GET",
    ...     "/api/tables/ab?token=s3cret&x=1"), None)
    >>> f.filter(r), r.getMessage()
    (True, '1.2.3.4 "GET /api/tables/ab?token=***&x=1"')
    >>> _redact("/a?tok%65n=s3cret&Invite=s3cret&access_token=s3cret&n=2")
    '/a?tok%65n=***&Invite=***&access_token=***&n=2'
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's message and arguments (always keeps the record)."""
        if isinstance(record.msg, str):
            record.msg = _redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def _install_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())


class BodyLimit:
    """ASGI middleware: an HTTP request body is read as it arrives, up to ``limit`` bytes.

    A ``Content-Length`` over the limit is answered 413 at once, without reading the
    body; a body sent without one (``Transfer-Encoding: chunked``) is counted chunk by
    chunk and answered 413 as soon as it passes the limit, the rest left unread (the
    connection is closed). The application gets the whole body at once.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks)}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"body: over {self.limit} bytes"}}
            # (English: the request's language is not known before its headers are read)
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


LANG_COOKIE = "pokerbonus_lang"
"""The cookie of the page's language switch (``en``/``fr``; ``web/src/i18n.ts``)."""


def request_language(cookie: str | None, headers: Mapping[str, str]) -> str:
    """The language of a request: its switch cookie, else its ``Accept-Language``."""
    return language_for_request(cookie, headers.get("accept-language"))


class LanguageMiddleware:
    """ASGI middleware: an HTTP request is handled in its language (the words of its
    answers, refusals included): the ``pokerbonus_lang`` cookie, else the best of
    ``Accept-Language``, else English (:func:`language_for_request`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        with using_language(request_language(request.cookies.get(LANG_COOKIE), request.headers)):
            await self.app(scope, receive, send)


def hash_secret(secret: str) -> str:
    """The stored form of a token or invite secret (SHA-256, hex).

    >>> hash_secret("abc")[:12]
    'ba7816bf8f01'
    """
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(slots=True)
class ServerSettings:
    """How the server runs.

    ``db``: SQLAlchemy URL or SQLite file (``None``: the default data file);
    ``clock``: the action timer's clock (seconds, injectable for tests);
    ``rng``: a factory of each table's random source (default: the system's);
    ``rate``/``burst``: messages per second and burst per connection;
    ``bot_delay``: seconds before a bot acts (so people can follow);
    ``hand_pause``: seconds between hands; ``tick``: how often the clock is checked;
    ``resume``: ``"resume"`` or ``"void"`` a hand cut by a restart.
    """

    db: str | None = None
    clock: Callable[[], float] = time.monotonic
    rng: Callable[[str], Any] | None = None
    rate: float = 20.0
    burst: float = 40.0
    bot_delay: float = 0.6
    hand_pause: float = 3.0
    tick: float = 0.25
    resume: str = "resume"
    static_dir: Path | None = None
    bot_samples: int = 200
    outbox_limit: int = 2000
    switch_interval: float | None = 0.0005
    """The interpreter's thread switch interval while the server runs (``None``: keep it)."""
    checkpoint_rows: int = 100
    """Journal entries written between two checkpoints of the SQLite WAL."""
    stats: bool = False
    """Keep timings of every action and commit, served at ``GET /api/server-stats``
    (benchmarks)."""
    gc_freeze: float | None = 1.0
    """Seconds between two freezes of the long-lived objects (``gc.freeze()``, see
    :mod:`pokerbonus.server.collector`; ``None``: leave the garbage collector alone)."""
    gc_full: float = 600.0
    """Seconds between two full collections of everything (frozen objects included)."""
    away_seconds: float = 30.0
    """A person to act with no page open is acted for (a timeout) after this many
    seconds, or when their own clock runs out if that comes first."""
    sockets_per_token: int = 8
    """Open sockets one person may hold at a table (one per open page)."""
    sockets_per_address: int = 64
    """Open sockets one network address may hold on the server."""
    hello_seconds: float = 10.0
    """A socket that has not said ``hello`` this many seconds after it opened is closed
    (``hello_timeout``, code 4408), so idle sockets cannot fill an address's cap."""


@dataclass(slots=True)
class ServerStats:
    """What the server measured (``ServerSettings.stats``), in seconds.

    ``act``: from an ``act`` read off its socket to its ``ack`` queued (every
    receiver's ``state`` queued before it); ``queued``: of that, the wait in the
    table's queue; ``commit``: the wait for the group commit; ``broadcast``: building
    and queueing the messages of a change.
    """

    act: list[float] = field(default_factory=list)
    queued: list[float] = field(default_factory=list)
    commit: list[float] = field(default_factory=list)
    broadcast: list[float] = field(default_factory=list)
    messages: int = 0

    def to_dict(self, writer: JournalWriter, collector: Collector) -> dict[str, Any]:
        """The JSON form, with the journal writer's commits and the collector's pauses."""
        return {
            "gc": collector.pauses or {},
            "gc_freezes": collector.freezes,
            "act": self.act,
            "queued": self.queued,
            "commit": self.commit,
            "broadcast": self.broadcast,
            "messages": self.messages,
            "commits": writer.commits,
            "rows": writer.rows,
            "fsync": writer.durations,
            "pickup": writer.pickup,
            "wakeup": writer.wakeup or [],
        }


@dataclass(slots=True, eq=False)
class Conn:
    """One open socket: who it is, its outgoing queue, its rate bucket.

    ``batch`` (asked for in ``hello``): while the table's actor handles one item,
    the messages for this socket are held (``staged``) and :meth:`flush` queues them
    as one ``batch`` message, one WebSocket frame.
    """

    ws: WebSocket
    person: Person | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tokens: float = 0.0
    last: float = 0.0
    closed: bool = False
    batch: bool = False
    staged: list[str] | None = None
    close_code: int | None = None
    """The code the socket is closed with (``None``: the usual 1000, or 4403 refused)."""
    lang: str = DEFAULT_LANGUAGE
    """The language of the words sent to this socket (``hello``'s ``lang``, else the
    socket request's cookie or ``Accept-Language``)."""

    def send(self, message: dict[str, Any], limit: int) -> None:
        """Queue a message (a connection too far behind is closed: it will resync)."""
        if not self.closed:
            self.send_text(_encode(message), limit)

    def send_text(self, text: str, limit: int) -> None:
        """Queue an encoded message (see :meth:`send`); held while staged."""
        if self.closed:
            return
        if self.staged is not None:
            self.staged.append(text)
            return
        self._put(text, limit)

    def stage(self) -> None:
        """Hold the messages sent from now on until :meth:`flush` (a batch connection)."""
        if self.staged is None:
            self.staged = []

    def flush(self, limit: int) -> None:
        """Queue the held messages: one alone as it is, several as one ``batch`` message."""
        staged, self.staged = self.staged, None
        if not staged or self.closed:
            return
        if len(staged) == 1:
            self._put(staged[0], limit)
        else:
            self._put('{"type":"batch","messages":[' + ",".join(staged) + "]}", limit)

    def close(self, code: int | None, limit: int) -> None:
        """Close the socket after the messages queued or held so far (a refusal's
        ``error`` is sent before the close code, batch or not)."""
        if self.closed:
            return
        self.flush(limit)
        if self.closed:  # the outbox overflowed: already closing
            return
        self.close_code = code
        self.closed = True
        self.outbox.put_nowait(None)

    def _put(self, text: str, limit: int) -> None:
        if self.outbox.qsize() >= limit:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)


def _encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class TableActor:
    """The sequential actor of one table (see the module doc)."""

    def __init__(self, session: TableSession, manager: TableManager, invite_hash: str) -> None:
        self.session = session
        self.manager = manager
        self.invite_hash = invite_hash
        self.queue: asyncio.Queue[tuple[Any, ...]] = asyncio.Queue()
        self.conns: set[Conn] = set()
        self.task: asyncio.Task[None] | None = None
        self.next_deal_at = 0.0
        self._wake_pending = False
        self.failed: str | None = None
        self.started_at = manager.now()
        self.offline_since: dict[int, float] = {}
        """When each person's last socket closed (timer clock), for the absent-player rule."""
        self.away_acted: dict[int, int] = {}
        """The hand in which the server last acted for each person with no page open (they
        are then played for at once, at a bot's pace, for the rest of that hand)."""
        self._encoded: dict[str, Any] = {}
        """The state encoder's parts kept between broadcasts (see ``StateEncoder``)."""

    # -- plumbing --------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(
            self._run(), name=f"table-{self.session.id}"
        )
        self.wake()

    async def stop(self) -> None:
        """Stop the task; close the sockets."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conn in list(self.conns):
            conn.closed = True
            conn.outbox.put_nowait(None)

    def wake(self, delay: float = 0.0) -> None:
        """Ask the actor to look for a move of its own (a bot, a deal, a timeout)."""
        if delay > 0:
            asyncio.get_running_loop().call_later(delay, self.wake)
            return
        if not self._wake_pending:
            self._wake_pending = True
            self.queue.put_nowait(("tick",))

    async def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` inside the actor (in order with everything else); its result."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(("call", fn, fut))
        return await fut

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            try:
                await self._handle(item)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bug must not kill the table silently
                log.exception("table %s: %s", self.session.id, exc)
                if item[0] == "call" and not item[2].done():
                    item[2].set_exception(exc)

    async def _handle(self, item: tuple[Any, ...]) -> None:
        staged = [c for c in self.conns if c.batch]
        if item[0] == "hello" and item[1].batch:
            staged.append(item[1])
        for conn in staged:
            conn.stage()
        try:
            await self._handle_item(item)
        finally:
            if staged:
                limit = self.manager.settings.outbox_limit
                for conn in staged:
                    conn.flush(limit)

    async def _handle_item(self, item: tuple[Any, ...]) -> None:
        kind = item[0]
        if kind == "tick":
            self._wake_pending = False
            await self._auto()
        elif kind == "msg":
            received = item[3] if len(item) > 3 else time.perf_counter()
            await self._message(item[1], item[2], received)
        elif kind == "hello":
            person = self._hello(item[1], item[2], item[3])
            if person is not None:
                back = self.session.decide_return(person.pid)
                if back is not None:
                    await self.change([back])
        elif kind == "drop":
            conn = item[1]
            self.conns.discard(conn)
            person = conn.person
            if person is not None and person.pid not in self._connected():
                self.offline_since[person.pid] = self.manager.now()
                self.wake()
            await self._broadcast([])
        elif kind == "call":
            fut = item[2]
            try:
                result = item[1]()
                if asyncio.iscoroutine(result):
                    result = await result
            except Exception as exc:
                if not fut.done():
                    fut.set_exception(exc)
            else:
                if not fut.done():
                    fut.set_result(result)

    # -- changes ---------------------------------------------------------------------

    async def commit(self, entries: list[dict[str, Any]]) -> list[EventRecord]:
        """Write ``entries`` to the database, then apply them; the events they produced."""
        if self.failed is not None:
            raise ServerError(
                "unavailable",
                gettext("table {id}: {failed}").format(id=self.session.id, failed=self.failed),
            )
        base = self.session.entries
        rows = [(self.session.id, base + i + 1, e) for i, e in enumerate(entries)]
        stats = self.manager.stats
        t0 = time.perf_counter()
        await self.manager.write(rows)
        if stats is not None:
            stats.commit.append(time.perf_counter() - t0)
        now = self.manager.now()
        records: list[EventRecord] = []
        for entry in entries:
            records += self.session.apply(entry, now)
        return records

    async def change(self, entries: list[dict[str, Any]]) -> None:
        """Commit, apply and broadcast; then look for the table's own next move."""
        if not entries:
            return
        records = await self.commit(entries)
        await self._broadcast(records)
        if any(r.table is not None and r.table.get("kind") == "hand_ended" for r in records):
            self.next_deal_at = asyncio.get_running_loop().time() + self.manager.settings.hand_pause
        self.wake()

    async def _broadcast(self, records: list[EventRecord]) -> None:
        t0 = time.perf_counter()
        session = self.session
        now = self.manager.now()
        connected: dict[int, bool] = {c.person.pid: True for c in self.conns if c.person}
        states = StateEncoder(session, now, connected, self._encoded)
        limit = self.manager.settings.outbox_limit
        # an event is encoded once as its owner sees it and once redacted (the same
        # for every other receiver): redact() returns the event itself when nothing is hidden
        encoded: dict[tuple[int, bool], str] = {}
        for conn in list(self.conns):
            person = conn.person
            for rec in records:
                seats = self._seats_for(rec, person)
                whole = rec.event is None or redact(rec.event, seats[1]) is rec.event
                key = (rec.n, whole)
                text = encoded.get(key)
                if text is None:
                    text = encoded[key] = _encode(record_json(rec, *seats))
                conn.send_text(text, limit)
            conn.send_text(states.text(person, conn.lang), limit)
        stats = self.manager.stats
        if stats is not None:
            stats.broadcast.append(time.perf_counter() - t0)
            stats.messages += len(self.conns) * (len(records) + 1)

    def _seats_for(self, rec: EventRecord, person: Person | None) -> tuple[int | None, int | None]:
        """The receiver's table seat and hand seat for a record (by name: who was dealt in)."""
        return receiver_seats(self.session, rec, person)

    def offline_deadline(self) -> float | None:
        """When the person to act, who has no page open, is acted for (``None``: no such
        person to act): ``ServerSettings.away_seconds`` after their last socket closed or
        their turn came, whichever is later."""
        s = self.session
        seat = s.actor_seat()
        occ = s.seats[seat] if seat is not None else None
        if occ is None or occ.pid is None or occ.leaving or occ.pid in self._connected():
            return None
        since = max(self.offline_since.get(occ.pid, self.started_at), s.turn_start or 0.0)
        settings = self.manager.settings
        if s.current is not None and self.away_acted.get(occ.pid) == s.current.number:
            # already played for in this hand and not back since: no second long wait
            return since + min(settings.away_seconds, settings.bot_delay)
        return since + settings.away_seconds

    async def _auto(self) -> None:
        """One move of the table's own, if one is due (then wake again)."""
        s = self.session
        loop = asyncio.get_running_loop()
        if self.failed is not None or s.closed:
            return
        if s.current is None:
            rebuys = s.decide_between_hands()
            if rebuys:
                await self.change(rebuys)
                return
            away = s.decide_away(frozenset(self._connected()))
            if away:
                await self.change(away)
                return
            start = s.decide_auto_start()
            if start is not None:
                await self.change([start])
                return
            if s.can_deal():
                wait = self.next_deal_at - loop.time()
                if wait > 0:
                    self.wake(wait)
                    return
                await self.change([s.decide_hand()])
            return
        seat = s.actor_seat()
        if seat is None:
            return
        occ = s.seats[seat]
        assert occ is not None
        if occ.bot is not None and self.manager.settings.bot_delay > 0:
            due = getattr(self, "_bot_due", None)
            if due is None or due[0] != (s.current.number, s.seq):
                self._bot_due = (
                    (s.current.number, s.seq),
                    loop.time() + self.manager.settings.bot_delay,
                )
                self.wake(self.manager.settings.bot_delay)
                return
            if loop.time() < due[1]:
                self.wake(due[1] - loop.time())
                return
        now = self.manager.now()
        entry = s.decide_auto(now)
        if entry is not None and entry.get("timeout"):
            entry["bank"] = self._bank_of(seat)
        if entry is None:
            offline = self.offline_deadline()
            if offline is not None and now >= offline:
                entry = s.decide_offline(now)
        if entry is None:
            return
        if entry.get("timeout") and occ.pid is not None and occ.pid not in self._connected():
            self.away_acted[occ.pid] = s.current.number
        await self.change([entry])

    def _bank_of(self, seat: int) -> float:
        occ = self.session.seats[seat]
        if occ is None or occ.pid is None:
            return 0.0
        return self.session.persons[occ.pid].time_bank

    # -- messages --------------------------------------------------------------------

    def _hello(self, conn: Conn, token: str, since: int | None) -> Person | None:
        """Welcome a socket (its events or a resync); the person, or ``None`` if refused."""
        with using_language(conn.lang):
            return self._welcome(conn, token, since)

    def _welcome(self, conn: Conn, token: str, since: int | None) -> Person | None:
        s = self.session
        settings = self.manager.settings
        limit = settings.outbox_limit
        person = s.person_by_token(hash_secret(token))
        if person is None:
            conn.send(
                {
                    "type": "error",
                    "id": None,
                    "code": "bad_token",
                    "message": gettext("hello: this token is not one of table {table}'s").format(
                        table=s.id
                    ),
                },
                limit,
            )
            conn.close(CLOSE_REFUSED, limit)
            return None
        open_ = sum(1 for c in self.conns if c.person is not None and c.person.pid == person.pid)
        if open_ >= settings.sockets_per_token:
            conn.send(
                {
                    "type": "error",
                    "id": None,
                    "code": "too_many_connections",
                    "message": gettext(
                        "hello: {name!r} already has {count} open connections at this table, "
                        "the most allowed; close a page first"
                    ).format(name=person.name, count=open_),
                },
                limit,
            )
            conn.close(CLOSE_TOO_MANY, limit)
            return None
        conn.person = person
        self.offline_since.pop(person.pid, None)
        self.away_acted.pop(person.pid, None)
        self.conns.add(conn)
        conn.send(
            {
                "type": "welcome",
                "table": s.id,
                "n": s.last_n,
                "you": {"name": person.name, "seat": person.seat, "host": person.host},
            },
            limit,
        )
        now = self.manager.now()
        events = s.events
        if (
            since is not None
            and since <= s.last_n
            and (since == s.last_n or (events and events[0].n <= since + 1))
        ):
            for rec in events:
                if rec.n > since:
                    conn.send(record_json(rec, *self._seats_for(rec, person)), limit)
            conn.send(
                state_json(s, person, now, connected=self._connected(), lang=conn.lang), limit
            )
        else:
            conn.send(
                state_json(
                    s, person, now, resync=True, connected=self._connected(), lang=conn.lang
                ),
                limit,
            )
        # the others see who is connected
        table = table_json(s, self._connected())
        lasts: dict[str, dict[str, Any] | None] = {}
        for other in self.conns:
            if other is not conn:
                if other.lang not in lasts:
                    lasts[other.lang] = last_hand_json(s, other.lang)
                state = state_json(
                    s, other.person, now, table=table, last_hand=lasts[other.lang],
                    lang=other.lang,
                )  # fmt: skip
                other.send(state, limit)
        return person

    def _connected(self) -> dict[int, bool]:
        return {c.person.pid: True for c in self.conns if c.person}

    def _reply(self, conn: Conn, message: dict[str, Any]) -> None:
        conn.send(message, self.manager.settings.outbox_limit)

    async def _message(self, conn: Conn, msg: Any, received: float) -> None:
        """Decide, commit, apply, broadcast, then answer (``received``: when it was read,
        ``time.perf_counter()``); a refusal is said in the socket's language."""
        with using_language(conn.lang):
            await self._handle_message(conn, msg, received)

    async def _handle_message(self, conn: Conn, msg: Any, received: float) -> None:
        stats = self.manager.stats
        if stats is not None and msg.type == "act":
            stats.queued.append(time.perf_counter() - received)
        person = conn.person
        if person is None:  # its hello was refused
            return
        s = self.session
        try:
            entries = self._decide(person, msg)
            if entries is None:
                self._reply(conn, {"type": "ack", "id": msg.id, "of": msg.type, "duplicate": True})
                return
            await self.change(entries)
        except ServerError as exc:
            self._reply(
                conn, {"type": "error", "id": msg.id, "code": exc.code, "message": exc.message}
            )
            return
        except PokerError as exc:
            self._reply(
                conn, {"type": "error", "id": msg.id, "code": "illegal", "message": str(exc)}
            )
            return
        del s
        self._reply(conn, {"type": "ack", "id": msg.id, "of": msg.type, "duplicate": False})
        if stats is not None and msg.type == "act":
            stats.act.append(time.perf_counter() - received)

    def _decide(self, person: Person, msg: Any) -> list[dict[str, Any]] | None:
        s = self.session
        kind = msg.type
        if kind == "act":
            if person.seat is None:
                raise ServerError(
                    "not_seated", gettext("act: {name!r} holds no seat").format(name=person.name)
                )
            hole: tuple[Any, ...] = ()
            hs = s.hand_seat(person.seat)
            if s.current is not None and hs is not None:
                hole = s.current.hand.hole_cards(hs)
            action = action_from_model(msg.action, hole)
            entry = s.decide_act(person.pid, msg.hand, msg.seq, action)
            if entry is None:
                return None
            entry["bank"] = s.bank_used(self.manager.now())
            return [entry]
        if kind == "sit":
            return [s.decide_sit(person.pid, msg.seat)]
        if kind == "leave":
            return [s.decide_leave(person.pid)]
        if kind in ("sit_out", "sit_in"):
            return [s.decide_sit_out(person.pid, kind == "sit_out")]
        if kind == "start":
            self.next_deal_at = 0.0  # the first hand at once
            return [s.decide_start(person.pid)]
        if kind == "rebuy":
            if person.seat is None:
                raise ServerError(
                    "not_seated", gettext("rebuy: {name!r} holds no seat").format(name=person.name)
                )
            return [s.decide_rebuy(person.seat, msg.caves, msg.chips)]
        if kind == "add_bot":
            return [s.decide_add_bot(person.pid, msg.seat, msg.level)]
        if kind == "remove_bot":
            return [s.decide_remove_bot(person.pid, msg.seat)]
        if kind == "chat":
            return [s.decide_chat(person.pid, msg.text)]
        raise ServerError(
            "malformed", gettext("type: {kind!r} is not handled by the table").format(kind=kind)
        )


class TableManager:
    """Every table of the server, the journal and its writer, the timer loop."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.journal = Journal(settings.db)
        self.writer = JournalWriter(self.journal)
        self.stats: ServerStats | None = ServerStats() if settings.stats else None
        self.writer.timed = settings.stats
        self.writer.checkpoint_rows = settings.checkpoint_rows
        if settings.stats:
            self.writer.wakeup = []
        self.tables: dict[str, TableActor] = {}
        self._ticker: asyncio.Task[None] | None = None
        self.collector = Collector(settings.gc_freeze, settings.gc_full, timed=settings.stats)
        self.restored: dict[str, str] = {}
        """What a restart did to each table's cut hand: ``resumed`` or ``voided``."""
        self.sockets: dict[str, int] = {}
        """Open WebSockets by client address (``ServerSettings.sockets_per_address``)."""

    def now(self) -> float:
        """The timer clock."""
        return self.settings.clock()

    async def write(self, rows: list[tuple[str, int, dict[str, Any]]]) -> None:
        """Commit journal rows (group commit)."""
        await self.writer.write(rows)

    def _rng(self, table_id: str) -> Any:
        if self.settings.rng is not None:
            return self.settings.rng(table_id)
        return secrets.SystemRandom()

    def new_session(
        self, table_id: str, config: TableConfig, options: dict[str, Any]
    ) -> TableSession:
        """A session with the table's options."""
        timer = options.get("timer", {})
        return TableSession(
            table_id,
            config,
            TimerConfig(
                float(timer.get("action_seconds", 30.0)), float(timer.get("time_bank", 60.0))
            ),
            rng=self._rng(table_id),
            max_hands=options.get("max_hands"),
            bots_alone=bool(options.get("bots_alone", False)),
            bot_samples=self.settings.bot_samples,
            start=str(options.get("start", "now")),  # tables stored before Start dealt at once
        )

    async def start(self) -> None:
        """Bring back every stored table (replaying its journal), start the actors and the clock."""
        for stored in await asyncio.to_thread(self.journal.load_tables):
            actor = self._restore(stored)
            if actor is not None:
                self.tables[stored.id] = actor
                actor.start()
                if actor.session.current is not None and self.settings.resume == "void":
                    void = actor.session.decide_void()
                    assert void is not None
                    await actor.call(lambda v=void, a=actor: a.change([v]))  # type: ignore[misc]
                    self.restored[stored.id] = "voided"
                elif actor.session.current is not None:
                    actor.session.restart_clock(self.now())
                    self.restored[stored.id] = "resumed"
        self.collector.start(asyncio.get_running_loop().time())
        self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    def _restore(self, stored: StoredTable) -> TableActor | None:
        try:
            config = TableConfig.from_dict(stored.config)
            session = self.new_session(stored.id, config, stored.options)
            for entry in stored.entries:
                session.apply(entry, None)
        except Exception as exc:  # kept out of play, reported in the log
            log.error("table %s: cannot be rebuilt from its journal: %s", stored.id, exc)
            return None
        return TableActor(session, self, stored.invite)

    async def stop(self) -> None:
        """Stop the clock, the actors and the writer."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for actor in self.tables.values():
            await actor.stop()
        await asyncio.to_thread(self.writer.close)
        self.journal.close()
        self.collector.stop()

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.tick)
            now = self.now()
            for actor in self.tables.values():
                deadline = actor.session.deadline()
                offline = actor.offline_deadline()
                if (deadline is not None and now >= deadline) or (
                    offline is not None and now >= offline
                ):
                    actor.wake()
            self.collector.tick(asyncio.get_running_loop().time())

    async def create_table(self, body: CreateTable) -> dict[str, Any]:
        """Create a table (see ``POST /api/tables``)."""
        try:
            config = TableConfig.from_dict(body.config)
        except ConfigurationError as exc:
            raise ServerError("malformed", str(exc)) from None
        except (TypeError, ValueError) as exc:
            raise ServerError("malformed", gettext("config: {exc}").format(exc=exc)) from None
        if config.cave * config.players > MAX_CHIPS:
            raise ServerError(
                "malformed",
                gettext(
                    "cave: {cave:,} chips for each of {players} seats is more than "
                    "{max_chips:,}, the most chips a table may hold (and an action may "
                    "carry)"
                ).format(cave=config.cave, players=config.players, max_chips=MAX_CHIPS),
            )
        table_id = secrets.token_urlsafe(6)
        while table_id in self.tables:
            table_id = secrets.token_urlsafe(6)
        invite, token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        options: dict[str, Any] = {"timer": body.timer.model_dump(), "start": body.start}
        if body.max_hands is not None:
            options["max_hands"] = body.max_hands
        if body.bots_alone:
            if body.max_hands is None:
                raise ServerError(
                    "malformed", gettext("bots_alone: needs max_hands (a bounded session)")
                )
            options["bots_alone"] = True
        session = self.new_session(table_id, config, options)
        entries = [session.decide_person(body.name, hash_secret(token), host=True)]
        session.apply(entries[0])
        for bot in body.bots:
            entries.append(session.decide_bot(bot.seat, bot.level))
            session.apply(entries[-1])
        if body.seat is not None:
            entries.append(session.decide_sit(1, body.seat))
            session.apply(entries[-1])
        rows = [(table_id, i + 1, e) for i, e in enumerate(entries)]
        table_row = {
            "id": table_id,
            "config": config.to_dict(),
            "options": options,
            "invite": hash_secret(invite),
        }
        await self.writer.write(rows, [table_row])
        actor = TableActor(session, self, hash_secret(invite))
        self.tables[table_id] = actor
        actor.start()
        return {
            "table": table_id,
            "invite": f"/t/{table_id}#invite={invite}",
            "invite_secret": invite,
            "token": token,
            "name": session.persons[1].name,
            "seat": body.seat,
        }

    def actor(self, table_id: str) -> TableActor:
        """The actor of a table, or a 404 error."""
        actor = self.tables.get(table_id)
        if actor is None:
            raise ServerError(
                "not_found", gettext("table: no table {table!r}").format(table=table_id)
            )
        return actor

    def check_access(
        self, actor: TableActor, token: str | None, invite: str | None
    ) -> Person | None:
        """The person of ``token`` (or ``None`` with the right invite); 403 otherwise."""
        if token:
            person = actor.session.person_by_token(hash_secret(token))
            if person is not None:
                return person
        if invite and hmac.compare_digest(hash_secret(invite), actor.invite_hash):
            return None
        raise ServerError(
            "bad_token", gettext("access: a token or the invite of this table is required")
        )


# -- HTTP bodies -----------------------------------------------------------------------


class BotSpec(BaseModel):
    """A bot at a seat."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=63)
    level: str = Field(max_length=16)


class TimerSpec(BaseModel):
    """The action clock."""

    model_config = ConfigDict(extra="forbid")
    action_seconds: float = Field(default=30.0, ge=0, le=3600)
    time_bank: float = Field(default=60.0, ge=0, le=36000)


class CreateTable(BaseModel):
    """``POST /api/tables``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    seat: int | None = Field(default=None, ge=0, le=63)
    config: dict[str, Any] = Field(default_factory=dict)
    bots: list[BotSpec] = Field(default_factory=list, max_length=8)
    timer: TimerSpec = Field(default_factory=TimerSpec)
    max_hands: int | None = Field(default=None, ge=1, le=100000)
    bots_alone: bool = False
    start: Literal["host", "join", "now"] = "host"


class JoinTable(BaseModel):
    """``POST /api/tables/{table}/join``."""

    model_config = ConfigDict(extra="forbid")
    invite: str = Field(min_length=1, max_length=128)
    name: str = Field(min_length=1, max_length=64)


_STATUS = {
    "malformed": 400,
    "name_taken": 400,
    "seat_taken": 400,
    "illegal": 400,
    "bad_token": 403,
    "bad_invite": 403,
    "not_found": 404,
    "too_large": 413,
    "unavailable": 503,
}

_PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Poker Bonus</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Poker Bonus</h1>
<p>The web tables' server is running. The table page is not built yet:
see docs/protocol.md to talk to the server.</p></main></body></html>
"""


Auth = Annotated[str | None, Header(include_in_schema=False)]
"""The ``Authorization`` header of the API's reads: ``Bearer <token>``."""


def _bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


_HTTP_ERRORS = {
    400: ("malformed", N_("body: not a JSON document in UTF-8 (or nested too deep)")),
    404: ("not_found", N_("path: no such page or call")),
    405: ("not_allowed", N_("method: this path does not take it")),
}
"""The documented error of FastAPI's own refusals, by status (anything else: ``malformed``)."""


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": exc.code, "message": exc.message}},
        status_code=_STATUS.get(exc.code, 400),
    )


def _static_dir(settings: ServerSettings) -> Path | None:
    if settings.static_dir is not None:
        return settings.static_dir
    try:
        path = Path(str(resources.files("pokerbonus") / "web" / "static"))
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_dir() else None


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The FastAPI application of the web tables (see ``docs/server.md``)."""
    cfg = settings if settings is not None else ServerSettings()
    manager = TableManager(cfg)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The journal writer thread needs the GIL a few times per commit (around the
        # fsync); with the default 5 ms switch interval each handover from a busy event
        # loop can cost 5 ms, so a commit waited 5x its fsync (docs/server.md).
        interval = sys.getswitchinterval()
        if cfg.switch_interval is not None:
            sys.setswitchinterval(cfg.switch_interval)
        _install_redaction()  # again: uvicorn configured its loggers after create_app
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            sys.setswitchinterval(interval)

    app = FastAPI(title="Poker Bonus", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager

    @app.exception_handler(ServerError)
    async def _server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return _error(exc)

    @app.exception_handler(RequestValidationError)
    async def _bad_body(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid body"}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "body"
        return JSONResponse(
            {"error": {"code": "malformed", "message": f"{where}: {first['msg']}"}}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body that is not UTF-8 JSON, an unknown path or
        # method) in the documented shape, not ``{"detail": ...}``
        code, message = _HTTP_ERRORS.get(exc.status_code, ("malformed", N_("request: refused")))
        return JSONResponse(
            {"error": {"code": code, "message": gettext(message)}},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(LanguageMiddleware)
    _install_redaction()

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable) -> JSONResponse:
        result = await manager.create_table(body)
        return JSONResponse(result, status_code=201)

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def join(table_id: str, body: JoinTable) -> JSONResponse:
        actor = manager.actor(table_id)
        if not hmac.compare_digest(hash_secret(body.invite), actor.invite_hash):
            raise ServerError(
                "bad_invite",
                gettext("join: this invite is not table {table_id}'s").format(table_id=table_id),
            )
        token = secrets.token_urlsafe(24)

        async def _join() -> dict[str, Any]:
            entry = actor.session.decide_person(body.name, hash_secret(token))
            await actor.change([entry])
            return {"table": table_id, "token": token, "name": entry["name"], "seat": None}

        return JSONResponse(await actor.call(_join), status_code=201)

    if cfg.stats:

        @app.get("/api/server-stats")
        async def server_stats() -> JSONResponse:
            assert manager.stats is not None
            return JSONResponse(manager.stats.to_dict(manager.writer, manager.collector))

    @app.get("/api/config-schema")
    async def config_schema_route() -> JSONResponse:
        from pokerbonus.web.schema import config_schema

        return JSONResponse(config_schema())

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request, authorization: Auth = None) -> JSONResponse:
        actor = manager.actor(table_id)
        token, invite = query_secrets(request.scope["query_string"])
        manager.check_access(actor, _bearer(authorization) or token, invite)
        data = table_json(actor.session, actor._connected())
        data["chips"] = actor.session.chips()
        data["hand"] = actor.session.current.number if actor.session.current else None
        data["restored"] = manager.restored.get(table_id)
        return JSONResponse(data)

    @app.get("/api/tables/{table_id}/hands/{number}.phh")
    async def hand_phh(
        table_id: str, number: int, request: Request, authorization: Auth = None
    ) -> PlainTextResponse:
        from pokerbonus.server.history import hand_phh_text

        actor = manager.actor(table_id)
        token, invite = query_secrets(request.scope["query_string"])
        person = manager.check_access(actor, _bearer(authorization) or token, invite)
        return PlainTextResponse(
            hand_phh_text(actor.session, number, person), media_type="text/plain; charset=utf-8"
        )

    @app.get("/api/tables/{table_id}/hands.phhs")
    async def hands_phhs(
        table_id: str, request: Request, authorization: Auth = None
    ) -> PlainTextResponse:
        from pokerbonus.server.history import session_phhs_text

        actor = manager.actor(table_id)
        token, invite = query_secrets(request.scope["query_string"])
        person = manager.check_access(actor, _bearer(authorization) or token, invite)
        return PlainTextResponse(
            session_phhs_text(actor.session, person), media_type="text/plain; charset=utf-8"
        )

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        lang = request_language(websocket.cookies.get(LANG_COOKIE), websocket.headers)
        with using_language(lang):
            await _socket(websocket, table_id, lang)

    async def _socket(websocket: WebSocket, table_id: str, lang: str) -> None:
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
            await _serve_socket(websocket, table_id, lang)
        finally:
            left = manager.sockets.get(address, 1) - 1
            if left > 0:
                manager.sockets[address] = left
            else:
                manager.sockets.pop(address, None)

    async def _serve_socket(websocket: WebSocket, table_id: str, lang: str) -> None:
        actor = manager.tables.get(table_id)
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
                    actor.queue.put_nowait(("hello", conn, msg.token, msg.since))
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
                    actor.queue.put_nowait(("msg", conn, msg, time.perf_counter()))
        except WebSocketDisconnect:
            pass
        finally:
            conn.closed = True
            actor.queue.put_nowait(("drop", conn))
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

    static = _static_dir(cfg)

    @app.get("/", response_model=None)
    async def index() -> HTMLResponse:
        """The page, in the request's language (its words in it: pokerbonus.web.words)."""
        if static is None or not (static / "index.html").is_file():
            return HTMLResponse(_PLACEHOLDER)
        from pokerbonus.web.words import page_html

        lang = current_language()  # the request's (LanguageMiddleware)
        template = (static / "index.html").read_text(encoding="utf-8")
        headers = {"Content-Language": lang, "Vary": "Cookie, Accept-Language"}
        return HTMLResponse(page_html(template, lang), headers=headers)

    @app.get("/t/{table_id}", response_model=None)
    async def table_page(table_id: str) -> HTMLResponse:
        return await index()

    @app.get("/static/{path:path}", response_model=None)
    async def static_file(path: str) -> FileResponse | PlainTextResponse:
        if static is None:
            return PlainTextResponse("not found", status_code=404)
        try:  # a NUL byte (``%00``) or a name the system refuses: not a file of ours
            target = (static / path).resolve()
            found = target.is_file() and static.resolve() in target.parents
        except (OSError, ValueError):
            found = False
        if not found:
            return PlainTextResponse("not found", status_code=404)
        return FileResponse(target)

    return app
