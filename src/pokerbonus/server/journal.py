"""Persistence of the web tables: each table's journal of entries, in a database.

A table is a row (id, house rules, timer, options, the invite's hash) and its
journal: the entries of :class:`~pokerbonus.server.session.TableSession`, numbered
1, 2, 3... Replaying the journal rebuilds the table exactly (the deck order and
the seed of every hand are in it). SQLite by default (WAL, ``synchronous=FULL``),
any SQLAlchemy URL otherwise: PostgreSQL with psycopg 3 (``postgresql://...``,
``synchronous_commit`` on; no checkpoints to run, the server does its own).

Writes go through :class:`JournalWriter`: one thread that commits whatever is
waiting in one transaction (group commit) and only then answers the waiting
tables, so every chip movement is on disk before it is acknowledged.

>>> j = Journal("sqlite://")
>>> j.create_table("t1", {"players": 2}, {"timer": {}}, "h")
>>> j.append([("t1", 1, {"k": "person"})])  # the tables whose writes were refused: none
set()
>>> [t.id for t in j.load_tables()], j.load_tables()[0].entries
(['t1'], [{'k': 'person'}])
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.pool import StaticPool

from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.server.leases import Leases, cluster_metadata
from pokerbonus.store import resolve_url
from pokerbonus.store.store import durable_commits, engine_error

__all__ = ["Fenced", "Journal", "JournalWriter", "StoredTable"]

SCHEMA_LOCK = 7_250_917_029
"""The PostgreSQL advisory lock held while the tables are made."""

metadata = MetaData()

web_tables = Table(
    "web_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("config", JSON, nullable=False),
    Column("options", JSON, nullable=False),
    Column("invite", String(128), nullable=False),
)

web_journal = Table(
    "web_journal",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("entry", JSON, nullable=False),
    Column("lease", BigInteger, nullable=True),
)
"""``lease``: the fencing token the entry was written under (``None``: no lease, one
process; see :mod:`pokerbonus.server.leases`)."""

web_live = Table(
    "web_live",
    metadata,
    Column("table_id", String(32), primary_key=True),
)
"""The tables a start brings back: each table in the server's working set (made, or
written to since it was loaded) until it is unloaded, quiet (docs/server.md)."""


class Fenced(PokerError):
    """A write refused: this node no longer holds the table's lease (another took it)."""

    def __init__(self, tables: set[str]) -> None:
        super().__init__(f"lease lost for {', '.join(sorted(tables))}")
        self.tables = tables


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: its id, house rules, options, invite hash and journal entries."""

    id: str
    config: dict[str, Any]
    options: dict[str, Any]
    invite: str
    entries: list[dict[str, Any]]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        # no checkpoint inside a commit (it fsyncs the database file and stalled every
        # table's writes for 100+ ms): the writer's own thread checkpoints (see JournalWriter)
        cursor.execute("PRAGMA wal_autocheckpoint=0")
    finally:
        cursor.close()


class Journal:
    """The tables and their journals in one database (``url``: SQLAlchemy URL or file path)."""

    def __init__(self, url: str | os.PathLike[str] | None = None) -> None:
        self.url = resolve_url(url)
        kwargs: dict[str, Any] = {}
        if self.url in ("sqlite://", "sqlite:///:memory:"):
            kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
        elif self.url.startswith("sqlite"):
            kwargs = {"connect_args": {"check_same_thread": False}}
        else:
            # a server database: a pooled connection is checked before use (the
            # server may have restarted since the last commit)
            kwargs = {"pool_pre_ping": True}
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except (ArgumentError, ImportError) as exc:  # a bad URL or a missing driver
            raise ConfigurationError(f"db: {engine_error(self.url, exc)}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        durable_commits(self.engine)
        self.leases: Leases | None = None
        """The node's leases when several servers share the database (PostgreSQL)."""
        try:
            with self.engine.begin() as conn:
                if self.shared:  # servers starting together make the tables one at a time
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({SCHEMA_LOCK})")
                inspector = inspect(conn)
                had_live = inspector.has_table("web_live")
                old_journal = inspector.has_table("web_journal") and "lease" not in {
                    c["name"] for c in inspector.get_columns("web_journal")
                }
                metadata.create_all(conn)
                if self.shared:
                    cluster_metadata.create_all(conn)
                if old_journal:  # a journal from before the leases: the column, empty
                    conn.exec_driver_sql("ALTER TABLE web_journal ADD COLUMN lease BIGINT")
                if not had_live:  # a database from before the working set: all are live
                    conn.execute(
                        insert(web_live).from_select(["table_id"], select(web_tables.c.id))
                    )
        except SQLAlchemyError as exc:  # no server there, refused, no such database
            self.engine.dispose()
            raise PokerError(f"db: {engine_error(self.url, exc)}") from None

    @property
    def shared(self) -> bool:
        """Whether several server processes may share this database (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def use_leases(self, node: str, url: str = "", seconds: float = 4.0) -> Leases:
        """Own tables through leases as ``node`` (see :mod:`pokerbonus.server.leases`)."""
        self.leases = Leases(self.engine, node, url, seconds)
        # a process paused inside a transaction would hold its lease rows' locks, and a
        # claim would wait on them for ever: the server ends such a transaction, and a
        # claim (or any statement) waits for a lock at most a lease
        limit = max(1000, int(seconds * 1000))

        def _timeouts(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            try:
                cursor.execute(f"SET idle_in_transaction_session_timeout = {limit}")
                cursor.execute(f"SET lock_timeout = {limit}")
            finally:
                cursor.close()
            dbapi_connection.commit()

        event.listen(self.engine, "connect", _timeouts)
        self.engine.dispose()  # the connections made so far lack them
        return self.leases

    @property
    def checkpoints_wal(self) -> bool:
        """Whether :meth:`checkpoint` has work to do: an SQLite file (its WAL)."""
        return self.engine.dialect.name == "sqlite" and self.url not in (
            "sqlite://",
            "sqlite:///:memory:",
        )

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def create_table(
        self, table_id: str, config: dict[str, Any], options: dict[str, Any], invite: str
    ) -> None:
        """Store a new table (committed on return)."""
        with self.engine.begin() as conn:
            conn.execute(
                insert(web_tables).values(
                    id=table_id, config=config, options=options, invite=invite
                )
            )

    def append(
        self,
        rows: Sequence[tuple[str, int, dict[str, Any]]],
        tables: Sequence[dict[str, Any]] = (),
        live: Mapping[str, bool] | None = None,
        fence: Mapping[str, int] | None = None,
    ) -> set[str]:
        """Store journal entries ``(table, n, entry)`` in one transaction (committed on
        return), after the new ``tables`` (rows of ``web_tables``: id, config, options, invite);
        ``live``: tables entering (``True``) or leaving the working set a start brings back.
        ``fence``: the writer's lease token of each table (with :attr:`leases`), checked
        in the same transaction; the tables refused (their rows and marks left out).
        """
        if not rows and not tables and not live:
            return set()
        refused: set[str] = set()
        with self.engine.begin() as conn:
            if self.leases is not None and fence:
                refused = self.leases.fence(conn, fence)
                if refused:
                    rows = [r for r in rows if r[0] not in refused]
                    if live:
                        live = {t: on for t, on in live.items() if t not in refused}
            if tables:
                conn.execute(insert(web_tables), list(tables))
                if self.leases is not None:
                    self.leases.insert_new(conn, [t["id"] for t in tables])
            if live:
                conn.execute(delete(web_live).where(web_live.c.table_id.in_(list(live))))
                marked = [{"table_id": t} for t, on in live.items() if on]
                if marked:
                    conn.execute(insert(web_live), marked)
            if rows:
                tokens = dict(fence or {})
                if self.leases is not None:  # a new table's first rows: its first lease
                    tokens.update({t["id"]: 1 for t in tables})
                conn.execute(
                    insert(web_journal),
                    [
                        {"table_id": t, "n": n, "entry": e, "lease": tokens.get(t)}
                        for t, n, e in rows
                    ],
                )
        return refused

    def checkpoint(self) -> bool:
        """Copy the WAL into the database file (SQLite, ``PASSIVE``: writers go on);
        ``False`` where there is none (memory, PostgreSQL: the server checkpoints)."""
        if not self.checkpoints_wal:
            return False
        with self.engine.connect() as conn:
            conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        return True

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table with its journal (``None``: no such table)."""
        found = self.load_tables(only=table_id)
        return found[0] if found else None

    def load_tables(self, *, live: bool = False, only: str | None = None) -> list[StoredTable]:
        """Every table with its journal, in entry order (``live``: only the working set a
        start brings back; ``only``: that one table)."""
        out: list[StoredTable] = []
        query = select(web_tables)
        if live:
            query = query.where(web_tables.c.id.in_(select(web_live.c.table_id)))
        if only is not None:
            query = query.where(web_tables.c.id == only)
        with self.engine.connect() as conn:
            tables = conn.execute(query).all()
            for row in tables:
                entries = (
                    conn.execute(
                        select(web_journal.c.entry)
                        .where(web_journal.c.table_id == row.id)
                        .order_by(web_journal.c.n)
                    )
                    .scalars()
                    .all()
                )
                out.append(
                    StoredTable(
                        row.id,
                        dict(row.config),
                        dict(row.options),
                        row.invite,
                        [dict(e) for e in entries],
                    )
                )
        return out


class JournalWriter:
    """One thread committing journal entries in groups; ``await write(...)`` returns
    once the entries are committed (or raises the database's error)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        # a SimpleQueue: its put (on the event loop's thread, once per change) takes no
        # Python-level lock and condition, as queue.Queue's does
        self._queue: queue.SimpleQueue[
            tuple[
                list[tuple[str, int, dict[str, Any]]],
                list[dict[str, Any]],
                asyncio.Future[None],
                asyncio.AbstractEventLoop,
                float,
                dict[str, bool],
                dict[str, int],
            ]
            | None
        ] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self._due = threading.Event()
        self._stopping = False
        self._checkpointer = threading.Thread(
            target=self._checkpoints, name="journal-checkpoint", daemon=True
        )
        self.checkpoint_rows = 100
        """Entries written between checkpoints of the SQLite WAL."""
        self._since_checkpoint = 0
        self.checkpoints = 0
        self.fenced = 0
        """Writes refused because the node no longer held the table's lease."""
        self.commits = 0
        self.rows = 0
        self.durations: list[float] = []
        """Seconds of each commit (the transaction and its fsync), kept when ``timed``."""
        self.timed = False
        self.pickup: list[float] = []
        """Seconds from each write's arrival to the start of its commit (when ``timed``)."""
        self.wakeup: list[float] | None = None
        """Seconds from each commit's end to the event loop hearing of it (when ``timed``)."""
        self._thread.start()
        if journal.checkpoints_wal:  # else nothing to checkpoint: no thread
            self._checkpointer.start()

    async def write(
        self,
        rows: list[tuple[str, int, dict[str, Any]]],
        tables: list[dict[str, Any]] | None = None,
        live: dict[str, bool] | None = None,
        fence: dict[str, int] | None = None,
    ) -> None:
        """Commit ``rows`` (after new ``tables``, see :meth:`Journal.append`); returns when
        they are on disk. The one writer of the database: a second one would wait on
        SQLite's lock with growing sleeps (stalls of 100+ ms were seen). ``fence``: the
        lease token of each table written; :class:`Fenced` when one is no longer held."""
        if not rows and not tables and not live:
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put(
            (rows, tables or [], done, loop, time.perf_counter(), live or {}, fence or {})
        )
        await done

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while True:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            rows = [r for rs, *_ in batch for r in rs]
            tables = [t for _, ts, *_ in batch for t in ts]
            live: dict[str, bool] = {}
            fence: dict[str, int] = {}
            for *_, marks, tokens in batch:  # in order: the last word on a table wins
                live.update(marks)
                fence.update(tokens)
            start = time.perf_counter()
            if self.timed:
                self.pickup += [start - item[4] for item in batch]
            error: BaseException | None = None
            refused: set[str] = set()
            try:
                t0 = time.perf_counter()
                refused = self.journal.append(rows, tables, live, fence)
                self.fenced += len(refused)
                if self.timed:
                    self.durations.append(time.perf_counter() - t0)
                self.commits += 1
                self.rows += len(rows)
                self._since_checkpoint += len(rows)
                if self._since_checkpoint >= self.checkpoint_rows:
                    self._since_checkpoint = 0
                    self._due.set()
            except BaseException as exc:  # answered to every waiting table
                error = exc
            settled = time.perf_counter()
            # one wake-up of each event loop for the whole group (not one per table: each
            # is a write to the loop's self-pipe and a callback of its own)
            by_loop: dict[
                asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]
            ] = {}
            for _, _, fut, loop, _, _, tokens in batch:
                lost = refused.intersection(tokens) if refused else None
                by_loop.setdefault(loop, []).append((fut, Fenced(lost) if lost else error))
            for loop, futs in by_loop.items():
                loop.call_soon_threadsafe(_settle, futs, settled, self.wakeup)
            if stop:
                return

    def _checkpoints(self) -> None:
        """Checkpoint the WAL in its own thread, off the commits' path."""
        while True:
            self._due.wait(timeout=5.0)
            self._due.clear()
            if self._stopping:
                return
            try:
                done = self.journal.checkpoint()
            except Exception:  # a busy database: the next one will do
                continue
            self.checkpoints += done

    def close(self) -> None:
        """Finish what is queued and stop the threads (a last checkpoint)."""
        self._queue.put(None)
        self._thread.join(timeout=10)
        self._stopping = True
        self._due.set()
        if self._checkpointer.is_alive():
            self._checkpointer.join(timeout=10)
        with contextlib.suppress(Exception):  # else left in the WAL, read on the next start
            self.checkpoints += self.journal.checkpoint()


def _settle(
    futs: list[tuple[asyncio.Future[None], BaseException | None]],
    settled: float,
    wakeups: list[float] | None,
) -> None:
    if wakeups is not None:
        wakeups.extend([time.perf_counter() - settled] * len(futs))
    for fut, error in futs:
        if fut.done():
            continue
        if error is None:
            fut.set_result(None)
        else:
            fut.set_exception(error)
