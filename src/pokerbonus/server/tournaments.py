"""Tournaments on the web server (RULES.md section 11): a host creates one, friends
join by its invite, bots fill seats on request, and its tables play on this server,
each its own actor.

A :class:`TournamentRoom` holds the engine's
:class:`~pokerbonus.engine.tournament.Tournament` and one
:class:`~pokerbonus.server.tournament_session.TournamentSession` per table, each
served by a :class:`TournamentTableActor` (the cash table's actor: sockets,
bots in the worker pool, timeouts), so no table waits for another. The room has
one journal: a numbered stream of entries (``person``, ``bot``, ``start``,
``tick`` and each table's own entries, tagged with the table), applied in memory
in the order they are numbered and sent to anyone only once on disk. The
tournament's random source is seeded from the ``start`` entry and each entry
carries the tournament's time (``clock``), so replaying the stream after a
restart gives the same levels, stacks, places, tables and moves; a hand cut by
the restart goes on from its last action.

The tournament's clock is the server's clock less the time the server was down:
at a restart it goes on from the last entry written (a ``tick`` is written every
few seconds while nothing else is), so a level keeps the time it had left.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import math
import random
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from pokerbonus.bots.draw import LADDER
from pokerbonus.engine.tournament import Tournament
from pokerbonus.engine.tournament_config import PRESETS, TournamentConfig, roman
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules.prizes import icm_equities
from pokerbonus.server.actor import TableActor
from pokerbonus.server.journal import StoredTable
from pokerbonus.server.mailbox import Call
from pokerbonus.server.names import check_name, confusable_key
from pokerbonus.server.session import EventRecord, Occupant, ServerError, TimerConfig
from pokerbonus.server.settings import hash_secret
from pokerbonus.server.tournament_buys import (
    BustAsk,
    DealOffer,
    answer_seconds,
    apply_buy,
    due_answers,
    queued_buys,
)
from pokerbonus.server.tournament_session import TournamentSession

if TYPE_CHECKING:
    from pokerbonus.bots import Bot
    from pokerbonus.server.manager import TableManager

__all__ = [
    "KIND",
    "TournamentRoom",
    "TournamentTableActor",
    "Tournaments",
    "is_tournament",
    "tournament_config",
]

log = logging.getLogger("pokerbonus.server")

KIND: Final = "tournament"
"""The ``kind`` of a tournament's row among the stored tables."""

TICK_SECONDS: Final = 5.0
"""How often the room writes its clock while no other entry is written."""

MAX_ENTRANTS: Final = 200
"""The most entrants a web tournament takes."""

ICM_WORK: Final = 2_000_000
"""The most steps (about a second) the ICM equities of a read may take."""

Entry = dict[str, Any]


def _icm_work(players: int, paid: int) -> int:
    """The steps of Malmuth-Harville for ``players`` and ``paid`` places: each set of
    players placed before the last paid place, times the players."""
    return players * sum(math.comb(players, k) for k in range(min(paid, players)))


def is_tournament(stored: StoredTable) -> bool:
    """Whether a stored row is a tournament's (not a cash table's)."""
    return stored.options.get("kind") == KIND


def tournament_config(preset: str | None, structure: Mapping[str, Any] | None) -> TournamentConfig:
    """The structure a host asked for: a preset by name, or a whole structure (the
    ``TournamentConfig`` fields); a ``malformed`` :class:`ServerError` says what is wrong."""
    try:
        if structure:
            return TournamentConfig.from_dict(structure)
        name = preset or "quick"
        if name not in PRESETS:
            raise ConfigurationError(
                gettext("tournament: unknown preset {name!r} (expected one of {names})").format(
                    name=name, names=", ".join(PRESETS)
                )
            )
        return PRESETS[name]
    except ConfigurationError as exc:
        raise ServerError("malformed", str(exc)) from None
    except (TypeError, ValueError, KeyError) as exc:
        raise ServerError("malformed", gettext("structure: {exc}").format(exc=exc)) from None


@dataclass(slots=True)
class RoomPerson:
    """Someone with a token: the host (playing or not) or a friend who joined."""

    pid: int
    name: str
    token_hash: str
    host: bool
    plays: bool


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player registered: a person (``pid``) or a bot (``level``, ``seed``)."""

    name: str
    pid: int | None
    level: str | None
    seed: int


class TournamentRoom:
    """One web tournament: its entrants, the engine's tournament, its tables' sessions
    and actors, its journal stream (see the module doc)."""

    def __init__(
        self,
        manager: TableManager,
        room_id: str,
        config: TournamentConfig,
        options: dict[str, Any],
        invite_hash: str,
    ) -> None:
        self.manager = manager
        self.id = room_id
        self.config = config
        self.options = options
        self.invite_hash = invite_hash
        timer = options.get("timer", {})
        self.timer = TimerConfig(
            float(timer.get("action_seconds", 30.0)), float(timer.get("time_bank", 60.0))
        )
        self.persons: dict[int, RoomPerson] = {}
        self.entrants: list[Entrant] = []
        self.tournament: Tournament | None = None
        self.sessions: dict[int, TournamentSession] = {}
        self.actors: dict[int, TournamentTableActor] = {}
        self.bots: dict[str, Bot] = {}
        self.n = 0
        """The number of the last entry of the stream."""
        self.offset = 0.0
        """The server's clock less the tournament's (the time the server was down)."""
        self.last_clock: float | None = None
        """The tournament's time of the last entry applied."""
        self.pending: dict[int, list[EventRecord]] = {}
        """Events of other tables made by the entry being committed (their actors send them)."""
        self.failed: str | None = None
        self.restored = False
        self.lock = asyncio.Lock()
        """Serialises the room's own changes (registration, the start)."""
        self._ticker: asyncio.Task[None] | None = None
        self._icm: tuple[int, asyncio.Future[dict[str, float]]] | None = None
        self.asks: dict[str, BustAsk] = {}
        """The persons out of chips in the rebuy period, asked to rebuy or leave."""
        self.offer: DealOffer | None = None
        """The last deal put to the final table (open, refused or made)."""
        self.queued: dict[str, bool] = {}
        """Rebuys (``True``: the add-on) asked for during the asker's hand, made by its
        table once that hand is over (:func:`~pokerbonus.server.tournament_buys.queued_buys`;
        in memory only: a restart forgets them, and the page shows the button again)."""

    # -- reading -------------------------------------------------------------------------

    def clock(self) -> float:
        """The tournament's time now."""
        return self.manager.now() - self.offset

    @property
    def deal_open(self) -> bool:
        """Whether a deal put to the final table waits for its answers."""
        return self.offer is not None and self.offer.status == "open"

    @property
    def started(self) -> bool:
        """Whether the tournament has started."""
        return self.tournament is not None

    @property
    def finished(self) -> bool:
        """Whether the tournament is over."""
        return self.tournament is not None and self.tournament.finished

    def table_id(self, number: int) -> str:
        """The web table id of table ``number``."""
        return f"{self.id}.{number}"

    def person_by_token(self, token_hash: str) -> RoomPerson | None:
        """The person of a token (by its hash), if any."""
        for person in self.persons.values():
            if hmac.compare_digest(person.token_hash, token_hash):
                return person
        return None

    def names_taken(self) -> set[str]:
        """Every name used in the room, by confusable key."""
        names = [p.name for p in self.persons.values()] + [e.name for e in self.entrants]
        return {confusable_key(n) for n in names}

    def can_deal(self, number: int) -> bool:
        """Whether table ``number`` may deal its next hand now."""
        t = self.tournament
        if t is None or t.finished or self.failed is not None:
            return False
        table = t.tables.get(number)
        if table is None or table.hand is not None or len(table.occupied()) < 2:
            return False
        if self.deal_open:
            return False  # the final table waits for the answers
        return not t.on_break(self.clock())

    def deal_wait(self, number: int) -> float | None:
        """Seconds until table ``number`` may deal (a break under way), else ``None``."""
        t = self.tournament
        if t is None or t.finished or number not in t.tables:
            return None
        now = self.clock()
        if not t.on_break(now):
            return None
        return max(0.05, t.clock(now).break_left)

    def icm_players(self) -> int:
        """The most players left for which the ICM equities are worked out (the sums grow
        with the sets of players who could fill the paid places)."""
        t = self.tournament
        paid = len(t.place_prizes()) if t is not None else 1
        n = 2
        while n < MAX_ENTRANTS and _icm_work(n + 1, paid) <= ICM_WORK:
            n += 1
        return n

    async def icm(self) -> dict[str, float] | None:
        """Each player's ICM equity (Malmuth-Harville) of the prizes left, worked out in a
        thread once per entry of the stream (``None``: too many players left)."""
        t = self.tournament
        assert t is not None
        cached = self._icm
        if cached is not None and cached[0] == self.n:
            return await asyncio.shield(cached[1])
        left = t.players_left()
        prizes = t.prizes_left()
        if not prizes or _icm_work(len(left), len(prizes)) > ICM_WORK:
            return None
        stacks = [t.stacks[p] for p in left]

        def work() -> dict[str, float]:  # the inputs taken above: the tables go on meanwhile
            values = icm_equities(stacks, prizes)
            return {p: round(v, 2) for p, v in zip(left, values, strict=True)}

        task = asyncio.ensure_future(asyncio.to_thread(work))
        self._icm = (self.n, task)
        return await asyncio.shield(task)

    # -- deciding ------------------------------------------------------------------------

    def decide_person(self, name: str, token_hash: str, *, host: bool, plays: bool) -> Entry:
        """A person registers (``plays``) or the host organises only; after the start, a
        player registers late while the structure allows it (their entry carries the
        tournament's time: the engine seats them)."""
        late = self.started
        if late:
            self._verify_late(plays)
        name = check_name(name)
        if confusable_key(name) in self.names_taken():
            raise ServerError(
                "name_taken",
                gettext("name: {name!r} is already used in this tournament; pick another").format(
                    name=name
                ),
            )
        if plays and len(self.entrants) >= MAX_ENTRANTS:
            raise ServerError(
                "illegal",
                gettext("join: the tournament is full ({count} players)").format(
                    count=MAX_ENTRANTS
                ),
            )
        pid = len(self.persons) + 1
        entry: Entry = {
            "k": "person",
            "pid": pid,
            "name": name,
            "token": token_hash,
            "host": host,
            "plays": plays,
        }
        if late:
            entry["clock"] = self.clock()
        return entry

    def _verify_late(self, plays: bool) -> None:
        t = self.tournament
        assert t is not None
        levels = self.config.late_registration_levels
        if t.finished:
            raise ServerError("illegal", gettext("join: the tournament is over"))
        if not levels or not plays:
            raise ServerError(
                "illegal", gettext("join: the tournament has started (no late registration)")
            )
        if not t.can_register(self.clock()):
            raise ServerError(
                "illegal",
                gettext("join: late registration closed at the end of level {level}").format(
                    level=roman(levels)
                ),
            )
        if self.deal_open:
            raise ServerError("illegal", gettext("join: a deal is being decided; try again soon"))

    def decide_bots(self, count: int, level: str) -> list[Entry]:
        """``count`` computer opponents of ``level`` register."""
        if self.started:
            raise ServerError("illegal", gettext("bots: the tournament has started"))
        if level not in LADDER:
            raise ServerError(
                "malformed",
                gettext("level: unknown bot level {level!r} (one of {ladder})").format(
                    level=level, ladder=", ".join(LADDER)
                ),
            )
        if count < 1 or len(self.entrants) + count > MAX_ENTRANTS:
            raise ServerError(
                "illegal",
                gettext("bots: {count} more would pass {most} players").format(
                    count=count, most=MAX_ENTRANTS
                ),
            )
        taken = self.names_taken()
        out: list[Entry] = []
        k = 1
        rng = secrets.SystemRandom()
        for _ in range(count):
            while confusable_key(f"{level}-{k}") in taken:
                k += 1
            taken.add(confusable_key(f"{level}-{k}"))
            out.append(
                {"k": "bot", "name": f"{level}-{k}", "level": level, "seed": rng.getrandbits(32)}
            )
        return out

    def decide_start(self, person: RoomPerson | None) -> Entry:
        """The host starts the tournament (``None``: at the creation, for a room that
        starts at once)."""
        if person is not None and not person.host:
            raise ServerError("not_host", gettext("start: only the host may start the tournament"))
        if self.started:
            raise ServerError("illegal", gettext("start: the tournament has already started"))
        if len(self.entrants) < 2:
            raise ServerError(
                "illegal",
                gettext("start: {count} player(s) registered, 2 are needed").format(
                    count=len(self.entrants)
                ),
            )
        return {"k": "start", "seed": secrets.randbits(63), "clock": self.clock()}

    # -- applying ------------------------------------------------------------------------

    def apply(self, entry: Mapping[str, Any], now: float | None = None) -> list[EventRecord]:
        """Apply one entry of the stream (its number is ``self.n + 1``)."""
        self.n += 1
        kind = entry["k"]
        if kind == "person":
            pid = int(entry["pid"])
            self.persons[pid] = RoomPerson(
                pid, entry["name"], entry["token"], bool(entry["host"]), bool(entry["plays"])
            )
            if entry["plays"]:
                self.entrants.append(Entrant(entry["name"], pid, None, 0))
            if self.tournament is not None:
                self.last_clock = float(entry["clock"])
                self._register_late(entry)
            return []
        if kind in ("rebuy", "bust", "deal", "deal_answer"):
            self.last_clock = float(entry["clock"])
            apply_buy(self, entry)
            return []
        if kind == "bot":
            self.entrants.append(Entrant(entry["name"], None, entry["level"], int(entry["seed"])))
            return []
        if kind == "tick":
            self.last_clock = float(entry["clock"])
            return []
        if kind == "start":
            self.last_clock = float(entry["clock"])
            self._start(int(entry["seed"]))
            return []
        if kind == "t":
            inner = entry["e"]
            self.last_clock = float(inner["clock"])
            return self.sessions[int(entry["t"])].apply(inner, now)
        raise ServerError(
            "malformed", gettext("journal: unknown tournament entry {kind!r}").format(kind=kind)
        )

    def _start(self, seed: int) -> None:
        names = [e.name for e in self.entrants]
        t = Tournament(self.config, names, random.Random(seed))
        self.tournament = t
        entrants = {e.name: e for e in self.entrants}
        for e in self.entrants:
            if e.level is not None:
                self.bots[e.name] = self._bot(e.level, e.seed)
        for number, table in t.tables.items():
            session = self._new_session(number)
            out: list[EventRecord] = []
            for seat, name in enumerate(table.seats):
                if name is not None:
                    session.seat_player(seat, self._occupant(entrants[name]), t.stacks[name], out)

    def _new_session(self, number: int) -> TournamentSession:
        """The session of table ``number``, every person of the room known there."""
        session = TournamentSession(
            self,
            number,
            self.timer,
            rng=self.manager._rng(self.table_id(number)),
            bot_samples=self.manager.settings.bot_samples,
        )
        for person in self.persons.values():
            session.apply(_session_person(person))
        self.sessions[number] = session
        return session

    def _register_late(self, entry: Mapping[str, Any]) -> None:
        """A person registered after the start: known at every table, seated where the
        engine's ``register`` puts them (a new table when all are full)."""
        t = self.tournament
        assert t is not None
        person = self.persons[int(entry["pid"])]
        for session in self.sessions.values():
            session.apply(_session_person(person))
        if not person.plays:
            return
        number, seat = t.register(person.name, float(entry["clock"]))
        t.check_chips()
        seated = self.sessions.get(number)
        if seated is None:
            seated = self._new_session(number)
        entrant = next(e for e in self.entrants if e.name == person.name)
        out = self.pending.setdefault(number, [])
        seated.seat_player(seat, self._occupant(entrant), t.stacks[person.name], out)

    def _bot(self, level: str, seed: int) -> Bot:
        from pokerbonus.bots.tournament import tournament_bot

        return tournament_bot(self.config.game, self.config.betting, level, seed)

    def _occupant(self, entrant: Entrant) -> Occupant:
        if entrant.level is not None:
            return Occupant(entrant.name, None, entrant.level, player=self.bots[entrant.name])
        return Occupant(entrant.name, entrant.pid, None)

    def settle(self, session: TournamentSession, out: list[EventRecord]) -> None:
        """The hand of ``session`` is over: the tournament settles it (busts, places,
        balancing); each change is said at the table it happens at (``out`` for
        ``session``'s, :attr:`pending` for the others')."""
        t = self.tournament
        assert t is not None
        number = session.number
        table = t.tables[number]
        hand = table.hand
        assert hand is not None
        asked = [
            name
            for name in table.hand_players
            if name not in self.bots and t.may_rebuy_at_settle(number, name, session.clock_now)
        ]
        if asked:
            # the hand is settled once each of them rebuys or leaves (or their time runs out)
            clock = session.clock_now if session.clock_now is not None else self.clock()
            deadline = clock + answer_seconds(self)
            for name in asked:
                self.asks[name] = BustAsk(name, number, deadline)
                seat = table.seats.index(name)
                session._table_event(
                    out,
                    {
                        "kind": "rebuy_asked",
                        "seat": seat,
                        "name": name,
                        "chips": self.config.effective_rebuy_chips,
                        "seconds": answer_seconds(self),
                    },
                )
            return
        self.settle_now(session, out, set())

    def say_rebought(
        self, number: int, name: str, chips: int, addon: bool, out: list[EventRecord]
    ) -> None:
        """At table ``number``: ``name`` bought ``chips`` (``addon``: the add-on), their
        stack in the ledger and the ``rebought`` event in ``out``."""
        t = self.tournament
        assert t is not None
        session = self.sessions[number]
        session.ledger.sync({name: t.stacks[name]})
        session._table_event(
            out,
            {"kind": "rebought", "seat": t.tables[number].seats.index(name), "name": name,
             "chips": chips, "caves": 0, "addon": addon, "stack": t.stacks[name]},
        )  # fmt: skip

    def settle_now(
        self, session: TournamentSession, out: list[EventRecord], persons: set[str]
    ) -> None:
        """Settle the finished hand of ``session``: the broke bots rebuy when they may (as in
        the terminal), and the ``persons`` who chose to; the others are out."""
        t = self.tournament
        assert t is not None
        table = t.tables[session.number]
        hand = table.hand
        assert hand is not None
        broke = {n for n, c in zip(table.hand_players, hand.stacks, strict=True) if c == 0}
        rebuys = {n for n in broke if n in self.bots} | (persons & broke)
        outcome = t.finish_hand(session.number, session.clock_now, rebuys=rebuys)
        t.check_chips()
        prizes = {s.player: s.prize for s in t.standings()}
        for name in outcome.rebought:
            self.say_rebought(session.number, name, self.config.effective_rebuy_chips, False, out)
        for finish in outcome.busted:
            seat = session.seats.index(
                next(o for o in session.seats if o is not None and o.name == finish.player)
            )
            session.unseat_player(
                seat,
                {
                    "kind": "busted",
                    "place": finish.place,
                    "shared": finish.shared,
                    "prize": prizes.get(finish.player, 0),
                },
                out,
            )
        for move in outcome.moves:
            source = self.sessions[move.from_table]
            target = self.sessions[move.to_table]
            occ = source.unseat_player(
                move.from_seat,
                {"kind": "moved", "table": self.table_id(move.to_table), "reason": move.reason},
                self._out(source, session, out),
            )
            target.seat_player(
                move.to_seat, occ, t.stacks[occ.name], self._out(target, session, out)
            )
        for number in outcome.broken:
            broken = self.sessions[number]
            broken.close(self._out(broken, session, out), "table_broken")
        for number, other in self.sessions.items():
            other.ledger.sync(t.stacks)
            if outcome.finished:
                other.close(self._out(other, session, out), "tournament_over")
            elif number != session.number and number in t.tables:
                self.pending.setdefault(number, [])  # wake it: it may deal now

    def _out(
        self, target: TournamentSession, acting: TournamentSession, out: list[EventRecord]
    ) -> list[EventRecord]:
        if target is acting:
            return out
        return self.pending.setdefault(target.number, [])

    # -- committing ----------------------------------------------------------------------

    async def commit_table(
        self, actor: TournamentTableActor, entries: list[Entry]
    ) -> list[EventRecord]:
        """Number, apply and write a table's entries; the events they made at that table
        (those of other tables are sent by their actors once on disk)."""
        if self.failed is not None:
            raise ServerError(
                "unavailable",
                gettext("tournament {id}: {failed}").format(id=self.id, failed=self.failed),
            )
        clock = self.clock()
        now = self.manager.now()
        number = actor.tsession.number
        rows: list[tuple[str, int, dict[str, Any]]] = []
        records: list[EventRecord] = []
        for e in entries:
            entry = {"k": "t", "t": number, "e": {**e, "clock": clock}}
            records += self.apply(entry, now)
            rows.append((self.id, self.n, entry))
        others, self.pending = self.pending, {}
        await self._write(rows)
        for other_number, recs in others.items():
            other = self.actors.get(other_number)
            if other is not None and other is not actor:
                other.tell(recs)
        if self.finished:
            await self._write([], {self.id: False})
        return records

    async def commit(self, entries: list[Entry]) -> None:
        """Apply and write the room's own entries (registration, the start, rebuys, deals);
        the events they made at the tables are sent by the tables' actors once on disk."""
        if self.failed is not None:
            raise ServerError(
                "unavailable",
                gettext("tournament {id}: {failed}").format(id=self.id, failed=self.failed),
            )
        rows = []
        for e in entries:
            self.apply(e)
            rows.append((self.id, self.n, e))
        others, self.pending = self.pending, {}
        await self._write(rows)
        for number, recs in others.items():
            actor = self.actors.get(number)
            if actor is not None:
                actor.tell(recs)
        if self.finished and self.started:
            await self._write([], {self.id: False})

    async def _write(
        self, rows: list[tuple[str, int, dict[str, Any]]], live: dict[str, bool] | None = None
    ) -> None:
        try:
            await self.manager.write(rows, live)
        except Exception as exc:
            # what is in memory is ahead of the disk now: the room stops, and a restart
            # brings it back from what was written
            log.error("tournament %s: the journal refused a write: %s", self.id, exc)
            self.failed = gettext("the database refused a change; the server must restart")
            for actor in self.actors.values():
                actor.failed = self.failed
            raise ServerError(
                "unavailable",
                gettext("tournament {id}: {failed}").format(id=self.id, failed=self.failed),
            ) from None

    # -- running -------------------------------------------------------------------------

    def launch(self) -> None:
        """Start the actors of the tables (after the start, or a restart's replay)."""
        now = self.manager.now()
        for number, session in self.sessions.items():
            if number in self.actors:
                continue
            actor = TournamentTableActor(session, self)
            self.actors[number] = actor
            self.manager.tables[session.id] = actor
            if session.current is not None:
                session.restart_clock(now)
            actor.start()
        if self._ticker is None and not self.finished:
            self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    async def _tick_loop(self) -> None:
        """Write the clock while nothing else is written (a restart goes on from it)."""
        while not self.finished and self.failed is None:
            await asyncio.sleep(TICK_SECONDS / 2)
            clock = self.clock()
            if self.last_clock is None or clock - self.last_clock >= TICK_SECONDS:
                with contextlib.suppress(ServerError):
                    await self.commit([{"k": "tick", "clock": clock}])
            if self.tournament is not None:
                for number, actor in self.actors.items():
                    if self.deal_wait(number) is None and self.can_deal(number):
                        actor.wake()

    async def stop(self) -> None:
        """Stop the clock's task (the actors are stopped with the manager's tables)."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
            self._ticker = None


class TournamentTableActor(TableActor):
    """The actor of one tournament table: the cash table's, writing to the room's
    journal stream, never unloaded, waiting out the breaks."""

    def __init__(self, session: TournamentSession, room: TournamentRoom) -> None:
        super().__init__(session, room.manager, room.invite_hash)
        self.room = room
        self.tsession = session

    async def commit(self, entries: list[dict[str, Any]]) -> list[EventRecord]:
        """Write the entries in the room's stream (see :meth:`TournamentRoom.commit_table`)."""
        return await self.room.commit_table(self, entries)

    def quiet(self) -> bool:
        """Never: a tournament table stays in memory."""
        return False

    def tell(self, records: list[EventRecord]) -> None:
        """Send ``records`` (made at this table by another table's hand) and look for a
        move: in order with the actor's own items."""

        async def send() -> None:
            await self._broadcast(records)
            self.wake()

        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait(Call(send, fut))

    async def _auto(self) -> None:
        s = self.tsession
        if s.current is None and not s.closed and self.failed is None:
            bought = queued_buys(self.room, s.number)
            if bought:
                with contextlib.suppress(ServerError):  # the database refused: said in the log
                    await self.room.commit(bought)
            due, later = due_answers(self.room, s.number)
            if due:
                with contextlib.suppress(ServerError):  # the database refused: said in the log
                    await self.room.commit(due[:1])
                self.wake()
                return
            if later is not None:
                self.wake(later)
                return
            wait = self.room.deal_wait(s.number)
            if wait is not None:
                self.wake(wait)
                return
        await super()._auto()


class Tournaments:
    """The tournaments of a server (``TableManager.tournaments``)."""

    def __init__(self, manager: TableManager) -> None:
        self.manager = manager
        self.rooms: dict[str, TournamentRoom] = {}

    async def create(
        self,
        config: TournamentConfig,
        name: str,
        *,
        plays: bool,
        bots: int,
        level: str,
        timer: dict[str, Any],
        start: bool,
    ) -> dict[str, Any]:
        """A new tournament (see ``POST /api/tournaments``)."""
        room_id = secrets.token_urlsafe(6)
        while room_id in self.rooms or room_id in self.manager.tables:
            room_id = secrets.token_urlsafe(6)
        invite, token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        options: dict[str, Any] = {"kind": KIND, "timer": timer}
        room = TournamentRoom(self.manager, room_id, config, options, hash_secret(invite))
        entries = [room.decide_person(name, hash_secret(token), host=True, plays=plays)]
        room.apply(entries[0])
        if bots:
            for e in room.decide_bots(bots, level):
                entries.append(e)
                room.apply(e)
        if start:
            entries.append(room.decide_start(None))
            room.apply(entries[-1])
        row = {
            "id": room_id,
            "config": {KIND: config.to_dict()},
            "options": options,
            "invite": room.invite_hash,
        }
        rows = [(room_id, i + 1, e) for i, e in enumerate(entries)]
        await self.manager.writer.write(rows, [row], {room_id: True})
        self.rooms[room_id] = room
        if room.started:
            room.launch()
        return {
            "tournament": room_id,
            "invite": f"/tournament/{room_id}#invite={invite}",
            "invite_secret": invite,
            "token": token,
            "name": room.persons[1].name,
        }

    async def find(self, room_id: str) -> TournamentRoom | None:
        """The room of ``room_id`` (loaded from the journal if need be), or ``None``."""
        room = self.rooms.get(room_id)
        if room is not None or len(room_id) > 32:
            return room
        stored = await asyncio.to_thread(self.manager.journal.load_table, room_id)
        if stored is None or not is_tournament(stored):
            return None
        room = self.rooms.get(room_id)  # loaded meanwhile
        return room if room is not None else self.bring_back(stored)

    async def load(self, room_id: str) -> TournamentRoom:
        """The room of ``room_id``, or a ``not_found`` error."""
        room = await self.find(room_id)
        if room is None:
            raise ServerError(
                "not_found",
                gettext("tournament: no tournament {id!r}").format(id=room_id),
            )
        return room

    def bring_back(self, stored: StoredTable) -> TournamentRoom | None:
        """A stored tournament in play again: its stream replayed, its clock going on from
        its last entry, its tables' actors started (``None``: it cannot be replayed)."""
        try:
            config = TournamentConfig.from_dict(stored.config[KIND])
            room = TournamentRoom(self.manager, stored.id, config, stored.options, stored.invite)
            for entry in stored.entries:
                room.apply(entry)
        except Exception as exc:  # kept out of play, reported in the log
            log.error("tournament %s: cannot be rebuilt from its journal: %s", stored.id, exc)
            return None
        room.pending = {}
        if room.last_clock is not None:
            room.offset = self.manager.now() - room.last_clock
        room.restored = True
        self.rooms[stored.id] = room
        if room.started:
            room.launch()
        return room

    async def stop(self) -> None:
        """Stop every room's clock."""
        for room in self.rooms.values():
            await room.stop()


def _session_person(person: RoomPerson) -> Entry:
    """The ``person`` entry that makes a room's person known at one of its tables."""
    return {
        "k": "person",
        "pid": person.pid,
        "name": person.name,
        "token": person.token_hash,
        "host": False,
    }
