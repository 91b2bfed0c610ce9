"""Every table of the server: the journal and its one writer, the actors, the clock's
tick, the creation of tables and the check of a request's secret."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import threading
import time
from typing import Any

from pokerbonus.engine.config import TableConfig
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.server.actor import TableActor
from pokerbonus.server.bodies import CreateTable
from pokerbonus.server.collector import Collector
from pokerbonus.server.journal import Journal, JournalWriter, StoredTable
from pokerbonus.server.leases import Leases, Owner, default_node_name
from pokerbonus.server.session import MAX_CHIPS, Person, ServerError, TableSession, TimerConfig
from pokerbonus.server.settings import ServerSettings, ServerStats, hash_secret
from pokerbonus.server.tournaments import Tournaments, is_tournament
from pokerbonus.server.workers import make_pool, warm_bots

log = logging.getLogger("pokerbonus.server")


def table_config(data: dict[str, Any]) -> TableConfig:
    """A client's table configuration, read; anything wrong in it is a ``malformed``
    :class:`ServerError` (the create call's and the coverage call's one reading)."""
    try:
        return TableConfig.from_dict(data)
    except ConfigurationError as exc:
        raise ServerError("malformed", str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise ServerError("malformed", gettext("config: {exc}").format(exc=exc)) from None


class Moved(ServerError):
    """The table is owned by another server (``owner``: its node name and public address,
    ``None`` when unknown yet): the client goes there (HTTP 307, WebSocket close 4307)."""

    def __init__(self, table_id: str, owner: Owner | None) -> None:
        super().__init__(
            "moved",
            gettext("table {table}: served by another server, connect again").format(
                table=table_id
            ),
        )
        self.table_id = table_id
        self.owner = owner


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
        self.pool = make_pool(settings.bot_workers)
        """The worker threads of the bots' decisions (:mod:`pokerbonus.server.workers`)."""
        self._ticker: asyncio.Task[None] | None = None
        self.collector = Collector(settings.gc_freeze, settings.gc_full, timed=settings.stats)
        self.restored: dict[str, str] = {}
        """What a restart did to each table's cut hand: ``resumed`` or ``voided``."""
        self._loading: dict[str, asyncio.Future[TableActor | None]] = {}
        """Tables being loaded from the database (one load each, whoever asks)."""
        self._unloading: set[str] = set()
        self.sockets: dict[str, int] = {}
        """Open WebSockets by client address (``ServerSettings.sockets_per_address``)."""
        self.leases: Leases | None = None
        """This node's leases (several servers on one PostgreSQL database), else ``None``."""
        use = settings.leases if settings.leases is not None else self.journal.shared
        self.node = settings.node or default_node_name(0)
        if use:
            self.leases = self.journal.use_leases(
                self.node, settings.public_url, settings.lease_seconds
            )
        self.owned: dict[str, int] = {}
        """The lease token of each table this node holds (read by the renewal thread)."""
        self.renewed = time.monotonic()
        """When the leases were last renewed (``time.monotonic()``), for ``/healthz``."""
        self.takeovers: dict[str, float] = {}
        """When each table was taken from another node (``time.time()``), for the tests."""
        self._renewer: threading.Thread | None = None
        self._stopping = threading.Event()
        self._scanner: asyncio.Task[None] | None = None
        self.tournaments = Tournaments(self)
        """The tournaments (:mod:`pokerbonus.server.tournaments`): their tables are here too."""

    def now(self) -> float:
        """The timer clock."""
        return self.settings.clock()

    async def write(
        self,
        rows: list[tuple[str, int, dict[str, Any]]],
        live: dict[str, bool] | None = None,
        fence: dict[str, int] | None = None,
    ) -> None:
        """Commit journal rows (group commit); ``live``: tables entering or leaving the
        working set a start brings back, in the same transaction; ``fence``: the lease
        token of each table written (:class:`~pokerbonus.server.journal.Fenced` when lost)."""
        await self.writer.write(rows, None, live, fence)

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
        if self.settings.warm_games:  # before any deal: no decision pays for a compilation
            loop = asyncio.get_running_loop()
            took = await loop.run_in_executor(self.pool, warm_bots, self.settings.warm_games)
            log.info("bots warmed: %s", ", ".join(f"{g} {t:.1f} s" for g, t in took.items()))
        loop = asyncio.get_running_loop()
        if self.leases is not None:
            # the working set is shared: this node takes the tables nobody holds, now and
            # whenever their owner is gone (the scan)
            await asyncio.to_thread(self.leases.heartbeat)
            self.renewed = time.monotonic()
            self._renewer = threading.Thread(
                target=self._renew_loop, args=(loop,), name="lease-renewal", daemon=True
            )
            self._renewer.start()
            await self._take_orphans(mine=True)  # a restart under the same name: at once
            self._scanner = loop.create_task(self._scan_loop())
        else:
            # only the working set: tables finished or left quiet stay on disk until used
            for stored in await asyncio.to_thread(self.journal.load_tables, live=True):
                await self._bring_back(stored, marked_live=True)
        self.collector.start(loop.time())
        self._ticker = loop.create_task(self._tick_loop())

    # -- leases (several servers on one database) ----------------------------------------

    def _renew_loop(self, loop: asyncio.AbstractEventLoop) -> None:
        """The renewal thread: every quarter lease, extend every lease held (off the event
        loop, so a busy loop does not lose its tables); tell the loop of those lost."""
        assert self.leases is not None
        every = self.settings.lease_seconds / 4
        while not self._stopping.wait(every):
            owned = dict(self.owned)
            try:
                lost = self.leases.renew(owned)
            except Exception as exc:  # the database unreachable: /healthz says so
                log.warning("lease renewal failed: %s", exc)
                continue
            self.renewed = time.monotonic()
            if lost:
                gone = {t: owned[t] for t in lost}
                with contextlib.suppress(RuntimeError):  # the loop closed: stopping anyway
                    loop.call_soon_threadsafe(self._lose, gone)

    def _lose(self, gone: dict[str, int]) -> None:
        """Drop the tables whose leases were taken (their token ``gone``): no write of
        theirs could commit any more; their pages are told to go to the new owner."""
        for table_id, token in gone.items():
            actor = self.tables.get(table_id)
            if actor is None or actor.lease != token:
                continue
            log.warning("table %s: lease lost (token %d), dropped", table_id, token)
            self.drop(actor)

    def drop(self, actor: TableActor) -> None:
        """Take a table out of this node (its lease lost): its actor stops, its sockets
        close with 4307 so the pages connect again, to the owner."""
        table_id = actor.session.id
        if self.tables.get(table_id) is actor:
            del self.tables[table_id]
        if actor.lease is not None and self.owned.get(table_id) == actor.lease:
            del self.owned[table_id]
        actor.failed = gettext("served by another server now")
        asyncio.get_running_loop().create_task(actor.move_away())

    async def _scan_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 8)
            try:
                await self._take_orphans()
            except Exception as exc:  # the database unreachable: the next scan
                log.warning("lease scan failed: %s", exc)

    async def _take_orphans(self, *, mine: bool = False) -> None:
        """Claim the tables of the working set that nobody holds (their owner died or
        stopped) and bring them back from their journals (``mine``: at start, those of
        the process this one replaces under the same node name too)."""
        assert self.leases is not None
        claimed = await asyncio.to_thread(self.leases.claim_expired, 50, mine=mine)
        for table_id, token in claimed.items():
            stored = await asyncio.to_thread(self.journal.load_table, table_id)
            if stored is None:
                continue
            old = self.tables.pop(table_id, None)
            if old is not None:
                await old.stop()
            self.takeovers[table_id] = time.time()
            await self._bring_back(stored, marked_live=True, lease=token)

    async def _claim(self, table_id: str, hint: str | None) -> int | None:
        """This node's new token for ``table_id``, or ``None``: no such table. When
        another node holds it, :class:`Moved` (to it); when the client was sent to that
        node and reached this one (the proxy found it down), wait for its lease to
        expire (at most one lease and a bit), then claim."""
        assert self.leases is not None
        deadline = time.monotonic() + self.settings.lease_seconds + 2.0
        while True:
            token = await asyncio.to_thread(self.leases.claim, table_id)
            if token is not None:
                return token
            owner = await asyncio.to_thread(self.leases.owner, table_id)
            if owner is None:
                return None  # no such table (a table is leased from its creation)
            if owner.node == self.node or not owner.live:
                await asyncio.sleep(0.05)  # released or expired meanwhile: claim again
                continue
            if hint == owner.node and owner.live and time.monotonic() < deadline:
                await asyncio.sleep(0.2)
                continue
            raise Moved(table_id, owner)

    async def _bring_back(
        self, stored: StoredTable, *, marked_live: bool, lease: int | None = None
    ) -> TableActor | None:
        """A stored table in play again: its journal replayed, its actor started, a hand cut
        by a restart resumed or voided (``None``: its journal cannot be replayed). A
        tournament is brought back whole, its tables with it (``None`` here)."""
        if is_tournament(stored):
            self.tournaments.bring_back(stored)
            return None
        actor = self._restore(stored, marked_live=marked_live)
        if actor is None:
            return None
        actor.lease = lease
        if lease is not None:
            self.owned[stored.id] = lease
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
        return actor

    async def find(self, table_id: str, hint: str | None = None) -> TableActor | None:
        """The actor of a table, loaded from the database if it is not in the working set
        (``None``: no such table, or its journal cannot be replayed). With leases, a table
        held by another node raises :class:`Moved`; ``hint``: the node the client was
        sent to (the ``node`` of its query)."""
        actor = self.tables.get(table_id)
        if actor is not None:
            return actor
        if len(table_id) > 32:
            return None
        if "." in table_id:  # a tournament's table: brought back with its tournament
            await self.tournaments.find(table_id.partition(".")[0])
            return self.tables.get(table_id)
        loading = self._loading.get(table_id)
        if loading is None:
            loading = self._loading[table_id] = asyncio.get_running_loop().create_future()
            try:
                token = None
                if self.leases is not None:
                    token = await self._claim(table_id, hint)
                    if token is None:
                        loading.set_result(None)
                        return None
                stored = await asyncio.to_thread(self.journal.load_table, table_id)
                found = self.tables.get(table_id)
                if found is not None and token is not None:  # taken by the scan meanwhile
                    await found.stop()
                    found = None
                if found is None and stored is not None:
                    if token is not None and hint is not None and hint != self.node:
                        self.takeovers[table_id] = time.time()
                    found = await self._bring_back(stored, marked_live=False, lease=token)
                loading.set_result(found)
            except Exception as exc:
                loading.set_exception(exc)
            finally:
                del self._loading[table_id]
        return await asyncio.shield(loading)

    async def load(self, table_id: str, hint: str | None = None) -> TableActor:
        """The actor of a table (loaded if need be), or a 404 error (:class:`Moved` when
        another node holds it)."""
        actor = await self.find(table_id, hint)
        if actor is None:
            raise ServerError(
                "not_found", gettext("table: no table {table!r}").format(table=table_id)
            )
        return actor

    async def _unload(self, actor: TableActor) -> None:
        try:
            if await actor.call(actor.unload_if_quiet):
                await actor.stop()
                table_id = actor.session.id
                if self.leases is not None and self.owned.get(table_id) == actor.lease:
                    del self.owned[table_id]
                    await asyncio.to_thread(self.leases.release, [table_id])
        finally:
            self._unloading.discard(actor.session.id)

    def _sweep(self, now: float) -> None:
        """Unload each table quiet for ``ServerSettings.unload_after`` seconds."""
        after = self.settings.unload_after
        for actor in list(self.tables.values()):
            table_id = actor.session.id
            if table_id in self._unloading or now - actor.last_active < after:
                continue
            if actor.quiet():
                self._unloading.add(table_id)
                asyncio.get_running_loop().create_task(self._unload(actor))

    def _restore(self, stored: StoredTable, *, marked_live: bool = True) -> TableActor | None:
        try:
            config = TableConfig.from_dict(stored.config)
            session = self.new_session(stored.id, config, stored.options)
            for entry in stored.entries:
                session.apply(entry, None)
        except Exception as exc:  # kept out of play, reported in the log
            log.error("table %s: cannot be rebuilt from its journal: %s", stored.id, exc)
            return None
        return TableActor(session, self, stored.invite, marked_live=marked_live)

    async def stop(self) -> None:
        """Stop the clock, the actors and the writer."""
        for task in (self._ticker, self._scanner):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self.tournaments.stop()
        for actor in list(self.tables.values()):
            await actor.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)
        await asyncio.to_thread(self.writer.close)
        self._stopping.set()
        if self._renewer is not None:
            self._renewer.join(timeout=10)
        if self.leases is not None and self.owned:
            # given up at once: the other nodes take them on their next scan, not a
            # lease later
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.leases.release, list(self.owned))
            self.owned.clear()
        self.journal.close()
        self.collector.stop()

    async def _tick_loop(self) -> None:
        loop = asyncio.get_running_loop()
        swept = loop.time()
        while True:
            await asyncio.sleep(self.settings.tick)
            if loop.time() - swept >= min(5.0, self.settings.unload_after / 2):
                swept = loop.time()
                self._sweep(swept)
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
        config = table_config(body.config)
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
        await self.writer.write(rows, [table_row], {table_id: True})
        actor = TableActor(session, self, hash_secret(invite))
        if self.leases is not None:  # leased in the creation's transaction, token 1
            actor.lease = self.owned[table_id] = 1
        self.tables[table_id] = actor
        actor.start()
        return {
            "node": self.node,
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
