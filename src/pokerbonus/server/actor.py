"""The sequential actor of one table: an asyncio task reading one mailbox
(:mod:`pokerbonus.server.mailbox`), so every intention (a message from a socket, a join
over HTTP, a timer tick, a bot's turn) is handled alone and in order. A change is
decided, written to the database (group commit) and only then applied and sent to each
receiver, built from that receiver's view (see :mod:`pokerbonus.server.protocol`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from pokerbonus.engine.views import redact
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, using_language
from pokerbonus.server.conn import Conn, encode
from pokerbonus.server.journal import Fenced
from pokerbonus.server.mailbox import Call, Connect, Disconnect, Intent, Item, Tick
from pokerbonus.server.protocol import (
    StateEncoder,
    action_from_model,
    last_hand_json,
    receiver_seats,
    record_json,
    state_json,
    table_json,
)
from pokerbonus.server.session import EventRecord, Person, ServerError, TableSession
from pokerbonus.server.settings import CLOSE_MOVED, CLOSE_REFUSED, CLOSE_TOO_MANY, hash_secret

if TYPE_CHECKING:
    from pokerbonus.server.manager import TableManager

log = logging.getLogger("pokerbonus.server")


class TableActor:
    """The sequential actor of one table (see the module doc)."""

    def __init__(
        self,
        session: TableSession,
        manager: TableManager,
        invite_hash: str,
        *,
        marked_live: bool = True,
    ) -> None:
        self.session = session
        self.manager = manager
        self.invite_hash = invite_hash
        self.marked_live = marked_live
        """Whether the database lists the table in the working set a start brings back
        (a table loaded for a read is not, until its first write)."""
        self.sockets = 0
        """Sockets open on this table, said hello or not (a table with one is not quiet)."""
        self.unloaded = False
        self.last_active = asyncio.get_running_loop().time()
        """When the actor last handled an item (the event loop's clock)."""
        self.queue: asyncio.Queue[Item] = asyncio.Queue()
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
        self.lease: int | None = None
        """The fencing token of this node's lease on the table (``None``: no leases)."""
        self._current: Item | None = None
        """The item being handled (``None``: waiting for the next)."""

    # -- plumbing --------------------------------------------------------------------

    def start(self) -> None:
        """Start the actor's task."""
        self.task = asyncio.get_running_loop().create_task(
            self._run(), name=f"table-{self.session.id}"
        )
        self.wake()

    async def stop(self) -> None:
        """Stop the task, asking again until it ends; close the sockets. A first
        cancellation can be lost (Python 3.11's ``asyncio.wait_for`` returns an answer
        that came with the cancellation instead of raising it, and the task goes back to
        its mailbox): a shutdown then waited for ever (seen once in the suite)."""
        task = self.task
        for _ in range(40):
            if task is None or task.done():
                break
            task.cancel()
            await asyncio.wait({task}, timeout=0.25)
        if task is not None and task.done() and not task.cancelled():
            with contextlib.suppress(BaseException):
                task.result()  # retrieved: no "exception never retrieved" at exit
        self.task = None
        for conn in list(self.conns):
            conn.closed = True
            conn.outbox.put_nowait(None)

    async def move_away(self) -> None:
        """The table is another server's now: every socket is told so (``moved``) and
        closed with 4307 (the pages connect again and are sent to the owner), every
        intention still in the mailbox is refused with ``moved``, and the actor stops."""
        limit = self.manager.settings.outbox_limit
        for conn in list(self.conns):
            with using_language(conn.lang):
                conn.send(self._moved_error(None), limit)
        # what waits in the mailbox is answered, never dropped in silence (the intention
        # being handled too: its write was refused, or committed and then heard on the
        # reconnect, never acknowledged here)
        waiting: list[Item] = [] if self._current is None else [self._current]
        while not self.queue.empty():
            waiting.append(self.queue.get_nowait())
        for item in waiting:
            match item:
                case Intent(conn, msg, _):
                    with using_language(conn.lang):
                        self._reply(conn, self._moved_error(msg.id))
                case Call(_, fut) if not fut.done():
                    fut.set_exception(ServerError("moved", self._moved_error(None)["message"]))
                case _:
                    pass
        for conn in list(self.conns):
            conn.close(CLOSE_MOVED, limit)
        self.conns.clear()
        await self.stop()

    def _moved_error(self, msg_id: Any) -> dict[str, Any]:
        return {
            "type": "error",
            "id": msg_id,
            "code": "moved",
            "message": gettext("table {table}: served by another server, connect again").format(
                table=self.session.id
            ),
        }

    def wake(self, delay: float = 0.0) -> None:
        """Ask the actor to look for a move of its own (a bot, a deal, a timeout)."""
        if delay > 0:
            asyncio.get_running_loop().call_later(delay, self.wake)
            return
        if not self._wake_pending:
            self._wake_pending = True
            self.queue.put_nowait(Tick())

    async def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` inside the actor (in order with everything else); its result."""
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(Call(fn, fut))
        return await fut

    async def _run(self) -> None:
        while True:
            item = await self.queue.get()
            self._current = item
            try:
                await self._handle(item)
                self.last_active = asyncio.get_running_loop().time()
            except asyncio.CancelledError:
                raise
            except ServerError as exc:  # a move of the table's own refused (lease lost)
                log.warning("table %s: %s", self.session.id, exc.message)
                if isinstance(item, Call) and not item.future.done():
                    item.future.set_exception(exc)
            except Exception as exc:  # a bug must not kill the table silently
                log.exception("table %s: %s", self.session.id, exc)
                if isinstance(item, Call) and not item.future.done():
                    item.future.set_exception(exc)
            finally:
                self._current = None

    async def _handle(self, item: Item) -> None:
        staged = [c for c in self.conns if c.batch]
        if isinstance(item, Connect) and item.conn.batch:
            staged.append(item.conn)
        for conn in staged:
            conn.stage()
        try:
            await self._handle_item(item)
        finally:
            if staged:
                limit = self.manager.settings.outbox_limit
                for conn in staged:
                    conn.flush(limit)

    async def _handle_item(self, item: Item) -> None:
        match item:
            case Tick():
                self._wake_pending = False
                await self._auto()
            case Intent(conn, msg, received):
                await self._message(conn, msg, received)
            case Connect(conn, token, since):
                person = self._hello(conn, token, since)
                if person is not None:
                    back = self.session.decide_return(person.pid)
                    if back is not None:
                        await self.change([back])
            case Disconnect(conn):
                self.conns.discard(conn)
                person = conn.person
                if person is not None and person.pid not in self._connected():
                    self.offline_since[person.pid] = self.manager.now()
                    self.wake()
                await self._broadcast([])
            case Call(fn, fut):
                try:
                    result = fn()
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
        fence = None if self.lease is None else {self.session.id: self.lease}
        try:
            await self.manager.write(
                rows, None if self.marked_live else {self.session.id: True}, fence
            )
        except Fenced:
            # another node holds the table now: nothing of ours was written; the sockets
            # hear it after this refusal (the actor goes on to its next item first)
            asyncio.get_running_loop().call_soon(self.manager.drop, self)
            raise ServerError(
                "moved",
                gettext("table {table}: served by another server, connect again").format(
                    table=self.session.id
                ),
            ) from None
        except SQLAlchemyError as exc:
            log.error("table %s: the journal refused a write: %s", self.session.id, exc)
            raise ServerError(
                "unavailable",
                gettext("table {table}: the database refused the change, try again").format(
                    table=self.session.id
                ),
            ) from None
        self.marked_live = True
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
                    text = encoded[key] = encode(record_json(rec, *seats))
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
        if occ.bot is not None and not occ.leaving and occ.player is not None:
            await self.change([await self._bot_decision(seat)])
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

    def quiet(self) -> bool:
        """Whether the table may leave the working set: no socket open, nothing in its
        mailbox, no hand being played, and no person seated (or the session is over)."""
        s = self.session
        return (
            self.sockets == 0
            and not self.conns
            and self.queue.empty()
            and s.current is None
            and (s.closed or all(o is None or o.pid is None for o in s.seats))
        )

    async def unload_if_quiet(self) -> bool:
        """Leave the manager's tables if still quiet (run inside the actor): the next use
        loads the table again from its journal; a start no longer brings it back."""
        if not self.quiet() or self.unloaded:
            return False
        if self.manager.tables.get(self.session.id) is self:
            del self.manager.tables[self.session.id]
        self.unloaded = True
        if self.marked_live:  # queued before any write of a table loaded again since
            fence = None if self.lease is None else {self.session.id: self.lease}
            try:
                await self.manager.write([], {self.session.id: False}, fence)
            except Fenced:  # another node's now: not ours to unload
                asyncio.get_running_loop().call_soon(self.manager.drop, self)
                return False
        return True

    async def _bot_decision(self, seat: int) -> dict[str, Any]:
        """The bot's decision, thought in the manager's worker pool while the actor waits
        (other tables are served meanwhile; nothing changes this table: its mailbox waits
        too); past ``ServerSettings.bot_seconds`` the safe action is played, as for a
        person out of time (the late answer is dropped)."""
        s = self.session
        task = s.bot_task(seat)
        limit = self.manager.settings.bot_seconds
        future = asyncio.get_running_loop().run_in_executor(self.manager.pool, task)
        try:
            action = await asyncio.wait_for(future, limit)
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise asyncio.CancelledError  # the answer came with a cancellation: stop
        except TimeoutError:
            log.warning("table %s: the bot at seat %d thought over %g s", s.id, seat, limit)
            return s.bot_entry(seat, None, timeout=True)
        return s.bot_entry(seat, action)

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
