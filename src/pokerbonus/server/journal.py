"""Persistence of the web tables: each table's journal of entries, in a database.

A table is a row (id, house rules, timer, options, the invite's hash) and its
journal: the entries of :class:`~pokerbonus.server.session.TableSession`, numbered
1, 2, 3... Replaying the journal rebuilds the table exactly (the deck order and
the seed of every hand are in it). SQLite by default (WAL, ``synchronous=FULL``),
any SQLAlchemy URL otherwise (``postgresql://...``).

Writes go through :class:`JournalWriter`: one thread that commits whatever is
waiting in one transaction (group commit) and only then answers the waiting
tables, so every chip movement is on disk before it is acknowledged.

>>> j = Journal("sqlite://")
>>> j.create_table("t1", {"players": 2}, {"timer": {}}, "h")
>>> j.append([("t1", 1, {"k": "person"})])
>>> [t.id for t in j.load_tables()], j.load_tables()[0].entries
(['t1'], [{'k': 'person'}])
"""

from __future__ import annotations

import asyncio
import os
import queue
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.pool import StaticPool

from pokerbonus.errors import ConfigurationError
from pokerbonus.store import resolve_url

__all__ = ["Journal", "JournalWriter", "StoredTable"]

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
)


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
        try:
            self.engine: Engine = create_engine(self.url, **kwargs)
        except Exception as exc:  # a bad URL or a missing driver
            raise ConfigurationError(f"db: cannot open {self.url!r}: {exc}") from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)

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

    def append(self, rows: Sequence[tuple[str, int, dict[str, Any]]]) -> None:
        """Store journal entries ``(table, n, entry)`` in one transaction (committed on return)."""
        if not rows:
            return
        with self.engine.begin() as conn:
            conn.execute(
                insert(web_journal), [{"table_id": t, "n": n, "entry": e} for t, n, e in rows]
            )

    def load_tables(self) -> list[StoredTable]:
        """Every table with its journal, in entry order."""
        out: list[StoredTable] = []
        with self.engine.connect() as conn:
            tables = conn.execute(select(web_tables)).all()
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
        self._queue: queue.Queue[
            tuple[
                list[tuple[str, int, dict[str, Any]]],
                asyncio.Future[None],
                asyncio.AbstractEventLoop,
            ]
            | None
        ] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
        self.commits = 0
        self.rows = 0
        self.durations: list[float] = []
        """Seconds of each commit (the transaction and its fsync), kept when ``timed``."""
        self.timed = False
        self._thread.start()

    async def write(self, rows: list[tuple[str, int, dict[str, Any]]]) -> None:
        """Commit ``rows``; returns when they are on disk."""
        if not rows:
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put((rows, done, loop))
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
            rows = [r for rs, _, _ in batch for r in rs]
            error: BaseException | None = None
            try:
                t0 = time.perf_counter()
                self.journal.append(rows)
                if self.timed:
                    self.durations.append(time.perf_counter() - t0)
                self.commits += 1
                self.rows += len(rows)
            except BaseException as exc:  # answered to every waiting table
                error = exc
            for _, fut, loop in batch:
                loop.call_soon_threadsafe(_settle, fut, error)
            if stop:
                return

    def close(self) -> None:
        """Finish what is queued and stop the thread."""
        self._queue.put(None)
        self._thread.join(timeout=10)


def _settle(fut: asyncio.Future[None], error: BaseException | None) -> None:
    if fut.done():
        return
    if error is None:
        fut.set_result(None)
    else:
        fut.set_exception(error)
