"""The store: sessions, hands, actions and ledger rows in a database.

SQLite by default (a file in the user's data folder, or ``POKERBONUS_DB``);
any SQLAlchemy URL works, PostgreSQL with psycopg 3 (``postgresql://...``, the
``postgres`` extra). Every write is committed before the call returns, so what
a method acknowledged survives a crash: SQLite runs with ``journal_mode=WAL``
and ``synchronous=FULL``, PostgreSQL with ``synchronous_commit`` on.

>>> store = Store("sqlite://")          # in memory
>>> sid = store.create_session({"game": "draw", "players": 2}, ["ann", "bob"], first_dealer=0)
>>> store.start_hand(sid, 1, dealer=0, stacks=[100, 100], seed=7, players=["ann", "bob"])
>>> store.record_action(sid, 1, 1, '{"kind": "check_or_call"}', seat=1)
>>> store.load_session(sid).unfinished.actions
('{"kind": "check_or_call"}',)
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NewType

from sqlalchemy import Engine, create_engine, event, func, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import sessionmaker

from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.store.schema import (
    ActionRow,
    Base,
    HandFactsRow,
    HandRow,
    LedgerRow,
    PlayerRow,
    SessionExtrasRow,
    SessionRow,
)

__all__ = [
    "DB_ENV",
    "FactsItem",
    "HandStatus",
    "LedgerItem",
    "PlayerSpec",
    "SavedHand",
    "SavedSession",
    "SessionId",
    "SessionKind",
    "SessionSummary",
    "Store",
    "default_database_path",
    "describe_url",
    "durable_commits",
    "engine_error",
    "resolve_url",
]

SessionId = NewType("SessionId", int)
"""The id of a stored session."""

SessionKind = Literal["table", "dealer", "tournament"]
HandStatus = Literal["in_progress", "finished", "voided"]
PlayerKind = Literal["human", "bot"]

DB_ENV = "POKERBONUS_DB"
"""The environment variable naming the database (a path or an SQLAlchemy URL)."""


def default_database_path() -> Path:
    """The default SQLite file: ``pokerbonus.db`` in the user's data folder."""
    import platformdirs

    return Path(platformdirs.user_data_dir("pokerbonus")) / "pokerbonus.db"


POSTGRES_DRIVER = "postgresql+psycopg"
"""The driver of a plain ``postgresql://`` (or ``postgres://``) URL: psycopg 3."""


def resolve_url(location: str | os.PathLike[str] | None = None) -> str:
    """The SQLAlchemy URL of a location: a URL as given, a path as an SQLite file.

    ``None`` takes ``POKERBONUS_DB`` if set, else :func:`default_database_path`.
    A plain ``postgresql://`` or ``postgres://`` URL gets the psycopg 3 driver
    (SQLAlchemy's default for it is psycopg2); a URL naming its driver is kept.

    >>> resolve_url("postgresql://u@h/db")
    'postgresql+psycopg://u@h/db'
    >>> resolve_url("postgresql+psycopg2://u@h/db")
    'postgresql+psycopg2://u@h/db'
    >>> resolve_url("/tmp/x.db")
    'sqlite:////tmp/x.db'
    """
    if location is None:
        location = os.environ.get(DB_ENV) or default_database_path()
    text = os.fspath(location)
    if not text:
        raise ConfigurationError(gettext("database: an empty location was given"))
    if "://" in text:
        scheme, rest = text.split("://", 1)
        if scheme in ("postgresql", "postgres"):
            return f"{POSTGRES_DRIVER}://{rest}"
        return text
    return "sqlite:///" + str(Path(text).expanduser().absolute())


def describe_url(url: str) -> str:
    """A URL fit for a message: its password hidden.

    >>> describe_url("postgresql+psycopg://ann:secret@db/poker")
    'postgresql+psycopg://ann:***@db/poker'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return repr(url)


def engine_error(url: str, exc: BaseException) -> str:
    """Why an engine could not be made for ``url`` (a missing driver says what to install)."""
    text = f"cannot open {describe_url(url)}: {exc}"
    if isinstance(exc, ImportError) and url.startswith("postgres"):
        text += " (PostgreSQL needs psycopg 3: pip install 'pokerbonus[postgres]')"
    return text


def _postgres_synchronous_commit(dbapi_connection: Any, _record: Any) -> None:
    """Every commit waits for its WAL flush, whatever the server's default says."""
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("SHOW synchronous_commit")
        row = cursor.fetchone()
        if row is not None and row[0] == "off":
            cursor.execute("SET synchronous_commit TO on")
    finally:
        cursor.close()
    dbapi_connection.commit()  # psycopg opened a transaction for the SHOW


def durable_commits(engine: Engine) -> None:
    """On PostgreSQL, make every connection of ``engine`` commit durably
    (``synchronous_commit`` on when the server's default is ``off``)."""
    if engine.dialect.name == "postgresql":
        event.listen(engine, "connect", _postgres_synchronous_commit)


NAME_LIMIT = 64
"""The longest player name the store keeps (the ``players.name`` column)."""
LEVEL_LIMIT = 32
"""The longest bot level name the store keeps (the ``players.level`` column)."""
CHIPS_LIMIT = 2**31 - 1
"""The most chips one purchase may hold (the ``ledger.chips`` column, 32 bits)."""


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A player of a session: ``name``, ``kind`` human or bot, and the bot's ``level``.

    Names hold at most 64 characters and levels 32 (the columns' sizes, enforced
    by PostgreSQL, so the same values are refused on every database).
    """

    name: str
    kind: PlayerKind = "human"
    level: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigurationError(
                gettext("player: a name is required, got {name!r}").format(name=self.name)
            )
        if len(self.name) > NAME_LIMIT:
            raise ConfigurationError(
                gettext(
                    "player {name!r}...: a name has at most {name_limit} characters, got {count}"
                ).format(name=self.name[:20], name_limit=NAME_LIMIT, count=len(self.name))
            )
        if self.level is not None and len(self.level) > LEVEL_LIMIT:
            raise ConfigurationError(
                gettext(
                    "player {name!r}: a bot level has at most {level_limit} characters, "
                    "got {level!r}"
                ).format(name=self.name, level_limit=LEVEL_LIMIT, level=self.level)
            )
        if self.kind not in ("human", "bot"):
            raise ConfigurationError(
                gettext("player {name!r}: kind must be 'human' or 'bot', got {kind!r}").format(
                    name=self.name, kind=self.kind
                )
            )
        if self.kind == "human" and self.level is not None:
            raise ConfigurationError(
                gettext("player {name!r}: a human has no bot level").format(name=self.name)
            )


@dataclass(frozen=True, slots=True)
class LedgerItem:
    """Chips bought: ``kind`` ``"sit"`` (the first cave) or ``"rebuy"``, after
    ``after_hand`` finished hands of the session."""

    player: str
    kind: str
    chips: int
    caves: int
    after_hand: int
    created: datetime.datetime


@dataclass(frozen=True, slots=True)
class SavedHand:
    """A stored hand: who played (in hand seat order), how it started, what happened.

    ``dealer`` is the dealer's seat at the table (``info`` carries what else the
    caller stored, e.g. the forced bets). ``deck`` is the deck order (first card
    dealt first) when one was stored. ``actions`` are the stored action texts,
    in order.
    """

    number: int
    status: HandStatus
    dealer: int
    players: tuple[str, ...]
    starting_stacks: tuple[int, ...]
    seed: int
    deck: tuple[int, ...] | None
    info: Mapping[str, Any]
    actions: tuple[str, ...]
    final_stacks: tuple[int, ...] | None
    phh: str | None
    started: datetime.datetime
    ended: datetime.datetime | None


@dataclass(frozen=True, slots=True)
class FactsItem:
    """The stored statistics' facts of one finished hand (see :meth:`Store.facts`)."""

    session: SessionId
    number: int
    started: datetime.datetime
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class SavedSession:
    """Everything stored about a session, enough to rebuild it.

    ``stacks`` and ``bought`` are per player as of the last finished hand and
    the purchases after it; ``unfinished`` is the hand in progress, if any;
    ``extras`` what the caller stored besides the rules (see
    :meth:`Store.set_extras`).
    """

    id: SessionId
    kind: SessionKind
    game: str
    created: datetime.datetime
    status: str
    config: Mapping[str, Any]
    players: tuple[PlayerSpec, ...]
    first_dealer: int | None
    ledger: tuple[LedgerItem, ...]
    hands: tuple[SavedHand, ...]
    stacks: Mapping[str, int]
    bought: Mapping[str, int]
    extras: Mapping[str, Any] = field(default_factory=dict)

    @property
    def unfinished(self) -> SavedHand | None:
        """The hand in progress (at most one), or ``None``."""
        for hand in self.hands:
            if hand.status == "in_progress":
                return hand
        return None

    @property
    def finished_hands(self) -> tuple[SavedHand, ...]:
        """The finished hands, in order."""
        return tuple(h for h in self.hands if h.status == "finished")

    @property
    def net(self) -> dict[str, int]:
        """Each player's result: stack minus everything bought."""
        return {p: self.stacks[p] - self.bought[p] for p in self.stacks}


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """One line of the session list."""

    id: SessionId
    created: datetime.datetime
    kind: SessionKind
    game: str
    status: str
    players: tuple[str, ...]
    hands: int
    net: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "id": self.id,
            "created": self.created.isoformat(),
            "kind": self.kind,
            "game": self.game,
            "status": self.status,
            "players": list(self.players),
            "hands": self.hands,
            "net": dict(self.net),
        }


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _utc(value: datetime.datetime) -> datetime.datetime:
    """A stored timestamp in UTC: SQLite gives back naive ones (written in UTC),
    PostgreSQL aware ones in the connection's time zone."""
    if value.tzinfo is None:
        return value.replace(tzinfo=datetime.UTC)
    return value.astimezone(datetime.UTC)


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _action_text(action: str | Mapping[str, Any]) -> str:
    if isinstance(action, str):
        if not action:
            raise ConfigurationError(gettext("action: an empty text"))
        return action
    return json.dumps(dict(action), sort_keys=True, separators=(",", ":"))


class Store:
    """Sessions and hands in a database (see the module doc).

    ``url``: an SQLAlchemy URL, a file path (SQLite), or ``None`` for
    ``POKERBONUS_DB`` or the default file. The tables are created if missing.
    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, url: str | os.PathLike[str] | None = None, *, echo: bool = False) -> None:
        self.url = resolve_url(url)
        try:
            parsed = make_url(self.url)
        except ArgumentError as exc:
            raise ConfigurationError(
                gettext("database: cannot read the URL {url!r}: {exc}").format(
                    url=self.url, exc=exc
                )
            ) from None
        sqlite = parsed.get_backend_name() == "sqlite"
        if sqlite and parsed.database:
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        try:
            # a server database: check a pooled connection before use (the server may
            # have restarted since); SQLite has nothing to check
            self.engine: Engine = create_engine(parsed, echo=echo, pool_pre_ping=not sqlite)
        except (ArgumentError, ImportError) as exc:
            raise ConfigurationError(
                gettext("database: {engine_error}").format(engine_error=engine_error(self.url, exc))
            ) from None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _set_sqlite_pragmas)
        durable_commits(self.engine)
        try:
            Base.metadata.create_all(self.engine)
        except SQLAlchemyError as exc:
            self.engine.dispose()
            raise PokerError(
                gettext("database: {engine_error}").format(engine_error=engine_error(self.url, exc))
            ) from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _write(self) -> Iterator[OrmSession]:
        """A transaction committed on exit (before the caller is answered)."""
        with self._sessions.begin() as orm:
            yield orm

    def pragmas(self) -> dict[str, Any]:
        """The durability settings of a connection: on SQLite ``journal_mode`` and
        ``synchronous``, on PostgreSQL ``synchronous_commit`` and ``fsync``."""
        with self.engine.connect() as conn:
            if self.engine.dialect.name == "postgresql":
                return {
                    "synchronous_commit": conn.exec_driver_sql("SHOW synchronous_commit").scalar(),
                    "fsync": conn.exec_driver_sql("SHOW fsync").scalar(),
                }
            mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar()
            sync = conn.exec_driver_sql("PRAGMA synchronous").scalar()
        return {"journal_mode": mode, "synchronous": sync}

    # -- sessions --------------------------------------------------------------------

    def create_session(
        self,
        config: Mapping[str, Any] | Any,
        players: Sequence[PlayerSpec | str],
        *,
        kind: SessionKind = "table",
        first_dealer: int | None = None,
        extras: Mapping[str, Any] | None = None,
    ) -> SessionId:
        """Store a new open session and return its id.

        ``config``: the house rules, a mapping or any value with ``to_dict()``
        (``TableConfig``, ``DealerSettings``); ``players`` in seat order;
        ``extras``: JSON data kept with the session (see :meth:`set_extras`).
        """
        if kind not in ("table", "dealer", "tournament"):
            raise ConfigurationError(
                gettext("kind: must be 'table', 'dealer' or 'tournament', got {kind!r}").format(
                    kind=kind
                )
            )
        data = dict(config) if isinstance(config, Mapping) else dict(config.to_dict())
        specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(p) for p in players]
        if not specs:
            raise ConfigurationError(gettext("players: a session needs at least one player"))
        names = [p.name for p in specs]
        if len(set(names)) != len(names):
            raise ConfigurationError(
                gettext("players: names must differ, got {names}").format(names=names)
            )
        try:
            json.dumps(data)
        except TypeError as exc:
            raise ConfigurationError(
                gettext("config: not JSON data: {exc}").format(exc=exc)
            ) from None
        with self._write() as orm:
            row = SessionRow(
                created=_now(),
                kind=kind,
                game=str(data.get("game", kind)),
                config=data,
                first_dealer=first_dealer,
                status="open",
                players=[
                    PlayerRow(seat=i, name=p.name, kind=p.kind, level=p.level)
                    for i, p in enumerate(specs)
                ],
            )
            orm.add(row)
            orm.flush()
            if extras:
                orm.add(SessionExtrasRow(session_id=row.id, data=_json_data(extras)))
            return SessionId(row.id)

    def set_extras(self, session: int, extras: Mapping[str, Any]) -> None:
        """Merge ``extras`` (JSON data: the person's choices, say) into what the
        session keeps besides its rules; read back as :attr:`SavedSession.extras`.

        >>> store = Store("sqlite://")
        >>> sid = store.create_session({"game": "draw"}, ["ann"], extras={"four_color": False})
        >>> store.set_extras(sid, {"four_color": True, "level": "easy"})
        >>> dict(store.load_session(sid).extras)
        {'four_color': True, 'level': 'easy'}
        """
        data = _json_data(extras)
        with self._write() as orm:
            self._session(orm, session, lock=True)
            row = orm.get(SessionExtrasRow, session)
            if row is None:
                orm.add(SessionExtrasRow(session_id=session, data=data))
            else:
                row.data = {**row.data, **data}

    def close_session(self, session: int) -> None:
        """Mark a session closed (no hand may be in progress)."""
        with self._write() as orm:
            row = self._session(orm, session, lock=True)
            if row.status == "closed":
                raise IllegalActionError(
                    gettext("session {session}: already closed").format(session=session)
                )
            if self._in_progress(orm, session) is not None:
                raise IllegalActionError(
                    gettext(
                        "session {session}: a hand is in progress; finish or void it first"
                    ).format(session=session)
                )
            row.status = "closed"
            row.closed = _now()

    # -- hands -----------------------------------------------------------------------

    def start_hand(
        self,
        session: int,
        number: int,
        dealer: int,
        stacks: Sequence[int],
        seed: int,
        *,
        players: Sequence[str] | None = None,
        deck: Sequence[int] | None = None,
        info: Mapping[str, Any] | None = None,
    ) -> None:
        """Store the start of hand ``number``: its dealer seat, starting stacks, rng seed.

        ``players`` are the names dealt in, in hand seat order (default: the
        session's players); ``deck`` the deck order if it was stacked or
        prepared; ``info`` anything else needed to rebuild the hand.
        """
        if not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ConfigurationError(
                gettext("seed: must be an integer in 0..2**63-1, got {seed!r}").format(seed=seed)
            )
        with self._write() as orm:
            row = self._session(orm, session, lock=True)
            if row.status != "open":
                raise IllegalActionError(
                    gettext("session {session}: closed, no new hand").format(session=session)
                )
            current = self._in_progress(orm, session)
            if current is not None:
                raise IllegalActionError(
                    gettext("session {session}: hand {number} is still in progress").format(
                        session=session, number=current.number
                    )
                )
            names = list(players) if players is not None else [p.name for p in row.players]
            known = {p.name for p in row.players}
            stranger = [n for n in names if n not in known]
            if stranger:
                raise ConfigurationError(
                    gettext("players: {stranger!r} is not in session {session}").format(
                        stranger=stranger[0], session=session
                    )
                )
            if len(stacks) != len(names):
                raise ConfigurationError(
                    gettext("stacks: {count} stacks for {count2} players in hand {number}").format(
                        count=len(stacks), count2=len(names), number=number
                    )
                )
            taken = orm.scalar(
                select(HandRow.id).where(HandRow.session_id == session, HandRow.number == number)
            )
            if taken is not None:
                raise IllegalActionError(
                    gettext("session {session}: hand {number} already exists").format(
                        session=session, number=number
                    )
                )
            orm.add(
                HandRow(
                    session_id=session,
                    number=number,
                    started=_now(),
                    dealer=dealer,
                    players=names,
                    starting_stacks=[int(s) for s in stacks],
                    seed=seed,
                    deck=[int(c) for c in deck] if deck is not None else None,
                    info=dict(info or {}),
                    status="in_progress",
                )
            )

    def record_action(
        self,
        session: int,
        hand: int,
        seq: int,
        action: str | Mapping[str, Any],
        *,
        seat: int | None = None,
    ) -> None:
        """Store action number ``seq`` (1, 2, ... with no gap) of a hand in progress."""
        text = _action_text(action)
        with self._write() as orm:
            row = self._hand(orm, session, hand)
            if row.status != "in_progress":
                raise IllegalActionError(
                    gettext("session {session} hand {hand}: {status}, no action").format(
                        session=session, hand=hand, status=row.status
                    )
                )
            count = orm.scalar(select(func.count()).where(ActionRow.hand_id == row.id)) or 0
            if seq != count + 1:
                raise IllegalActionError(
                    gettext(
                        "session {session} hand {hand}: action {seq} out of order ({count} "
                        "stored, the next is {count2})"
                    ).format(session=session, hand=hand, seq=seq, count=count, count2=count + 1)
                )
            orm.add(ActionRow(hand_id=row.id, seq=seq, seat=seat, action=text))

    def finish_hand(
        self,
        session: int,
        hand: int,
        final_stacks: Sequence[int],
        phh_text: str | None = None,
        *,
        facts: Mapping[str, Any] | None = None,
    ) -> None:
        """Mark a hand finished with the players' final stacks (hand seat order) and its PHH.

        ``facts``: what the player statistics keep of it (stored in the same
        transaction, see :meth:`save_facts`).
        """
        with self._write() as orm:
            row = self._hand(orm, session, hand)
            if row.status != "in_progress":
                raise IllegalActionError(
                    gettext("session {session} hand {hand}: already {status}").format(
                        session=session, hand=hand, status=row.status
                    )
                )
            if len(final_stacks) != len(row.players):
                raise ConfigurationError(
                    gettext("final_stacks: {count} stacks for {count2} players").format(
                        count=len(final_stacks), count2=len(row.players)
                    )
                )
            row.status = "finished"
            row.final_stacks = [int(s) for s in final_stacks]
            row.phh = phh_text
            row.ended = _now()
            if facts is not None:
                orm.flush()
                orm.merge(HandFactsRow(hand_id=row.id, version=int(facts["v"]), data=dict(facts)))

    def void_hand(self, session: int, hand: int) -> None:
        """Mark a hand in progress voided: every player keeps their starting stack."""
        with self._write() as orm:
            row = self._hand(orm, session, hand)
            if row.status != "in_progress":
                raise IllegalActionError(
                    gettext("session {session} hand {hand}: already {status}").format(
                        session=session, hand=hand, status=row.status
                    )
                )
            row.status = "voided"
            row.final_stacks = list(row.starting_stacks)
            row.ended = _now()

    def record_purchase(
        self,
        session: int,
        player: str,
        chips: int,
        *,
        caves: int = 0,
        after_hand: int,
        kind: str = "rebuy",
    ) -> None:
        """Store chips bought by ``player`` after ``after_hand`` finished hands.

        ``kind`` is ``"sit"`` for the first cave, ``"rebuy"`` otherwise.
        """
        if kind not in ("sit", "rebuy"):
            raise ConfigurationError(
                gettext("kind: must be 'sit' or 'rebuy', got {kind!r}").format(kind=kind)
            )
        if not isinstance(chips, int) or isinstance(chips, bool) or not 0 < chips <= CHIPS_LIMIT:
            raise ConfigurationError(
                gettext("chips: must be an integer in 1..{chips_limit}, got {chips!r}").format(
                    chips_limit=CHIPS_LIMIT, chips=chips
                )
            )
        with self._write() as orm:
            row = self._session(orm, session, lock=True)
            if player not in {p.name for p in row.players}:
                raise ConfigurationError(
                    gettext("player: {player!r} is not in session {session}").format(
                        player=player, session=session
                    )
                )
            if self._in_progress(orm, session) is not None:
                raise IllegalActionError(gettext("rebuy: chips can be added only between hands"))
            orm.add(
                LedgerRow(
                    session_id=session,
                    created=_now(),
                    player=player,
                    kind=kind,
                    chips=chips,
                    caves=caves,
                    after_hand=after_hand,
                )
            )

    def record_rebuy(
        self, session: int, player: str, chips: int, *, caves: int = 0, after_hand: int
    ) -> None:
        """Store a rebuy (see :meth:`record_purchase`)."""
        self.record_purchase(session, player, chips, caves=caves, after_hand=after_hand)

    def save_facts(self, session: int, facts: Mapping[int, Mapping[str, Any]]) -> None:
        """Store (or replace) the statistics' facts of finished hands, by hand number."""
        with self._write() as orm:
            rows = {
                number: hand_id
                for number, hand_id in orm.execute(
                    select(HandRow.number, HandRow.id).where(HandRow.session_id == session)
                )
            }
            for number, data in facts.items():
                if number not in rows:
                    raise PokerError(
                        gettext("session {session}: no hand {hand!r}").format(
                            session=session, hand=number
                        )
                    )
                orm.merge(
                    HandFactsRow(hand_id=rows[number], version=int(data["v"]), data=dict(data))
                )

    def sessions_missing_facts(self, version: int) -> list[SessionId]:
        """The table sessions with a finished hand whose facts are missing or of
        another ``version`` than the one the statistics read."""
        with self._sessions() as orm:
            query = (
                select(HandRow.session_id)
                .join(SessionRow, SessionRow.id == HandRow.session_id)
                .outerjoin(HandFactsRow, HandFactsRow.hand_id == HandRow.id)
                .where(
                    SessionRow.kind == "table",
                    HandRow.status == "finished",
                    (HandFactsRow.hand_id.is_(None)) | (HandFactsRow.version != version),
                )
                .distinct()
                .order_by(HandRow.session_id)
            )
            return [SessionId(i) for i in orm.scalars(query)]

    def facts(
        self,
        session: int | None = None,
        *,
        since: datetime.datetime | None = None,
        until: datetime.datetime | None = None,
    ) -> list[FactsItem]:
        """The stored facts of finished hands, in play order: one session's, or
        every session's (``since``/``until``: hands started in that range)."""
        with self._sessions() as orm:
            query = (
                select(HandRow.session_id, HandRow.number, HandRow.started, HandFactsRow.data)
                .join(HandFactsRow, HandFactsRow.hand_id == HandRow.id)
                .where(HandRow.status == "finished")
                .order_by(HandRow.started, HandRow.id)
            )
            if session is not None:
                query = query.where(HandRow.session_id == session)
            if since is not None:
                query = query.where(HandRow.started >= since)
            if until is not None:
                query = query.where(HandRow.started < until)
            return [
                FactsItem(SessionId(sid), number, _utc(started), data)
                for sid, number, started, data in orm.execute(query)
            ]

    # -- reading ---------------------------------------------------------------------

    def sessions(self) -> list[SessionSummary]:
        """Every session, newest first, with its hands count and net per player."""
        with self._sessions() as orm:
            ids = orm.scalars(select(SessionRow.id).order_by(SessionRow.id.desc())).all()
        out = []
        for sid in ids:
            saved = self.load_session(sid)
            out.append(
                SessionSummary(
                    id=saved.id,
                    created=saved.created,
                    kind=saved.kind,
                    game=saved.game,
                    status=saved.status,
                    players=tuple(p.name for p in saved.players),
                    hands=len(saved.finished_hands),
                    net=saved.net,
                )
            )
        return out

    def hands(self, session: int) -> list[SavedHand]:
        """Every hand of a session, in order (finished, voided and in progress)."""
        return list(self.load_session(session).hands)

    def load_session(self, session: int) -> SavedSession:
        """Everything stored about a session (see :class:`SavedSession`)."""
        with self._sessions() as orm:
            row = self._session(orm, session)
            players = tuple(PlayerSpec(p.name, p.kind, p.level) for p in row.players)  # type: ignore[arg-type]
            ledger = tuple(
                LedgerItem(r.player, r.kind, r.chips, r.caves, r.after_hand, _utc(r.created))
                for r in orm.scalars(
                    select(LedgerRow).where(LedgerRow.session_id == session).order_by(LedgerRow.id)
                )
            )
            hand_rows = orm.scalars(
                select(HandRow).where(HandRow.session_id == session).order_by(HandRow.number)
            ).all()
            actions: dict[int, list[str]] = {h.id: [] for h in hand_rows}
            for a in orm.scalars(
                select(ActionRow)
                .join(HandRow, ActionRow.hand_id == HandRow.id)
                .where(HandRow.session_id == session)
                .order_by(ActionRow.hand_id, ActionRow.seq)
            ):
                actions[a.hand_id].append(a.action)
            hands = tuple(
                SavedHand(
                    number=h.number,
                    status=h.status,  # type: ignore[arg-type]
                    dealer=h.dealer,
                    players=tuple(h.players),
                    starting_stacks=tuple(h.starting_stacks),
                    seed=h.seed,
                    deck=tuple(h.deck) if h.deck is not None else None,
                    info=dict(h.info),
                    actions=tuple(actions[h.id]),
                    final_stacks=tuple(h.final_stacks) if h.final_stacks is not None else None,
                    phh=h.phh,
                    started=_utc(h.started),
                    ended=_utc(h.ended) if h.ended is not None else None,
                )
                for h in hand_rows
            )
            stacks, bought = _replay_ledger([p.name for p in players], ledger, hands)
            extras_row = orm.get(SessionExtrasRow, session)
            return SavedSession(
                id=SessionId(row.id),
                kind=row.kind,  # type: ignore[arg-type]
                game=row.game,
                created=_utc(row.created),
                status=row.status,
                config=dict(row.config),
                players=players,
                first_dealer=row.first_dealer,
                ledger=ledger,
                hands=hands,
                stacks=stacks,
                bought=bought,
                extras=dict(extras_row.data) if extras_row is not None else {},
            )

    # -- helpers ---------------------------------------------------------------------

    @staticmethod
    def _session(orm: OrmSession, session: int, *, lock: bool = False) -> SessionRow:
        """The session's row; ``lock``: held until the transaction ends (``SELECT ...
        FOR UPDATE`` on PostgreSQL), so that the checks of a write (one hand in
        progress, actions in sequence) and the write itself are one step for
        concurrent writers. SQLite has one writer at a time anyway."""
        row = orm.get(SessionRow, session, with_for_update=lock)
        if row is None:
            raise PokerError(
                gettext("session {session!r}: no such session").format(session=session)
            )
        return row

    def _hand(self, orm: OrmSession, session: int, hand: int) -> HandRow:
        self._session(orm, session, lock=True)
        row = orm.scalar(
            select(HandRow).where(HandRow.session_id == session, HandRow.number == hand)
        )
        if row is None:
            raise PokerError(
                gettext("session {session}: no hand {hand!r}").format(session=session, hand=hand)
            )
        return row

    @staticmethod
    def _in_progress(orm: OrmSession, session: int) -> HandRow | None:
        return orm.scalar(
            select(HandRow).where(HandRow.session_id == session, HandRow.status == "in_progress")
        )


def _json_data(extras: Mapping[str, Any]) -> dict[str, Any]:
    data = dict(extras)
    try:
        json.dumps(data)
    except TypeError as exc:
        raise ConfigurationError(gettext("extras: not JSON data: {exc}").format(exc=exc)) from None
    return data


def _replay_ledger(
    players: Sequence[str], ledger: Sequence[LedgerItem], hands: Sequence[SavedHand]
) -> tuple[dict[str, int], dict[str, int]]:
    """Stacks and chips bought per player: purchases and finished hands, in order."""
    stacks = dict.fromkeys(players, 0)
    bought = dict.fromkeys(players, 0)
    pending = sorted(ledger, key=lambda item: item.after_hand)
    i = 0
    done = 0
    for hand in hands:
        if hand.status != "finished" or hand.final_stacks is None:
            continue
        while i < len(pending) and pending[i].after_hand <= done:
            stacks[pending[i].player] += pending[i].chips
            bought[pending[i].player] += pending[i].chips
            i += 1
        for name, stack in zip(hand.players, hand.final_stacks, strict=True):
            stacks[name] = stack
        done += 1
    for item in pending[i:]:
        stacks[item.player] += item.chips
        bought[item.player] += item.chips
    return stacks, bought
