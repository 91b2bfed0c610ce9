"""Where ``pokerbonus play`` keeps its sessions: one SQLite file.

A small interface (:class:`SessionStore`) and its SQLite implementation
(:class:`SqliteSessionStore`, standard library ``sqlite3``). Every hand is
written when it starts (who deals, the seats, the forced bets, the random seed
and the deck order, the stacks), every action as it is played, and the result
and the ledger when it ends, so quitting at any moment loses nothing: the hand
can be replayed to where it stood, or voided with every chip returned.

>>> store = SqliteSessionStore(":memory:")
>>> sid = store.create_session('{"level": "easy"}', ["You", "Bob"], "You", dealer_mode=False)
>>> hid = store.begin_hand(sid, HandStart(1, 0, (0, 1), "pot", None, "ab", ("As", "Kd"),
...                                      (100, 100), True))
>>> store.record_action(hid, 0, 1, "check_or_call", 0, ())
>>> store.load(sid).open_hand.actions
(StoredAction(seat=1, kind='check_or_call', amount=0, cards=()),)
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from pokerbonus.errors import PokerError

__all__ = [
    "HandStart",
    "SessionStore",
    "SqliteSessionStore",
    "StoredAction",
    "StoredHand",
    "StoredSession",
    "default_db_path",
]


def default_db_path() -> Path:
    """The default database file, under the user's data directory."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("pokerbonus", appauthor=False)) / "pokerbonus.db"


@dataclass(frozen=True, slots=True)
class HandStart:
    """What a hand was dealt from: enough to deal it again exactly.

    ``dealer`` and ``seats`` are table seats; ``seed`` is the hex seed of the
    table's random source for this hand; ``deck`` the deck order (card texts);
    ``stacks`` the stacks of the seats dealt in; ``fresh``: whether the deck was
    freshly shuffled (it can then be shuffled again identically from the seed).
    """

    number: int
    dealer: int
    seats: tuple[int, ...]
    mode: str
    min_opening: int | None
    seed: str
    deck: tuple[str, ...]
    stacks: tuple[int, ...]
    fresh: bool


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One action of a stored hand; ``seat`` is the seat in the hand."""

    seat: int
    kind: str
    amount: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StoredHand:
    """A stored hand: how it was dealt, its actions, its status and summary."""

    id: int
    start: HandStart
    status: str
    actions: tuple[StoredAction, ...]
    summary: str


@dataclass(frozen=True, slots=True)
class StoredSession:
    """A stored session: settings (JSON), the players by table seat, the person,
    the ledger rows ``(player, caves, bought, stack)``, the last finished hand
    and the hand left open (``None`` when none was)."""

    id: int
    created: str
    settings: str
    players: tuple[str, ...]
    person: str
    dealer_mode: bool
    ended: bool
    ledger: tuple[tuple[str, int, int, int], ...]
    last_finished: StoredHand | None
    open_hand: StoredHand | None
    hands: int


class SessionStore(Protocol):
    """What the table needs from a store of sessions."""

    def create_session(
        self, settings: str, players: Sequence[str], person: str, *, dealer_mode: bool
    ) -> int:
        """Create a session; returns its id."""

    def save_ledger(self, session_id: int, rows: Sequence[tuple[str, int, int, int]]) -> None:
        """Replace the session's ledger rows ``(player, caves, bought, stack)``."""

    def begin_hand(self, session_id: int, start: HandStart) -> int:
        """Record a hand being dealt; returns its id."""

    def record_action(
        self, hand_id: int, index: int, seat: int, kind: str, amount: int, cards: Sequence[str]
    ) -> None:
        """Record the ``index``-th action of a hand."""

    def finish_hand(self, hand_id: int, status: str, summary: str) -> None:
        """Close a hand: ``status`` ``finished`` or ``voided``, with a summary in words."""

    def end_session(self, session_id: int) -> None:
        """Mark the session as left by the person."""

    def load(self, session_id: int | None = None) -> StoredSession | None:
        """A session (``None``: the latest one), or ``None`` if there is none."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS play_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    settings TEXT NOT NULL,
    players TEXT NOT NULL,
    person TEXT NOT NULL,
    dealer_mode INTEGER NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0,
    ledger TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE IF NOT EXISTS play_hands (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id INTEGER NOT NULL REFERENCES play_sessions(id),
    number INTEGER NOT NULL,
    start TEXT NOT NULL,
    status TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS play_actions (
    hand_id INTEGER NOT NULL REFERENCES play_hands(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    amount INTEGER NOT NULL,
    cards TEXT NOT NULL,
    PRIMARY KEY (hand_id, idx)
);
"""


class SqliteSessionStore:
    """:class:`SessionStore` in one SQLite file (``":memory:"`` for tests).

    Each write is its own transaction, so the file is consistent after any stop.
    """

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(str(path))
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise PokerError(f"database: cannot open {str(path)!r} ({exc})") from exc
        self.path = str(path)

    def close(self) -> None:
        """Close the file."""
        self._db.close()

    def _write(self, sql: str, args: tuple[object, ...]) -> int:
        with self._db:
            cursor = self._db.execute(sql, args)
        return int(cursor.lastrowid or 0)

    def create_session(
        self, settings: str, players: Sequence[str], person: str, *, dealer_mode: bool
    ) -> int:
        """Create a session; returns its id."""
        created = datetime.now(UTC).isoformat(timespec="seconds")
        return self._write(
            "INSERT INTO play_sessions (created, settings, players, person, dealer_mode) "
            "VALUES (?, ?, ?, ?, ?)",
            (created, settings, json.dumps(list(players)), person, int(dealer_mode)),
        )

    def save_ledger(self, session_id: int, rows: Sequence[tuple[str, int, int, int]]) -> None:
        """Replace the session's ledger rows."""
        self._write(
            "UPDATE play_sessions SET ledger = ? WHERE id = ?",
            (json.dumps([list(r) for r in rows]), session_id),
        )

    def begin_hand(self, session_id: int, start: HandStart) -> int:
        """Record a hand being dealt; returns its id."""
        data = {
            "number": start.number,
            "dealer": start.dealer,
            "seats": list(start.seats),
            "mode": start.mode,
            "min_opening": start.min_opening,
            "seed": start.seed,
            "deck": list(start.deck),
            "stacks": list(start.stacks),
            "fresh": start.fresh,
        }
        return self._write(
            "INSERT INTO play_hands (session_id, number, start, status) VALUES (?, ?, ?, ?)",
            (session_id, start.number, json.dumps(data), "playing"),
        )

    def record_action(
        self, hand_id: int, index: int, seat: int, kind: str, amount: int, cards: Sequence[str]
    ) -> None:
        """Record the ``index``-th action of a hand."""
        self._write(
            "INSERT INTO play_actions (hand_id, idx, seat, kind, amount, cards) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (hand_id, index, seat, kind, amount, " ".join(cards)),
        )

    def finish_hand(self, hand_id: int, status: str, summary: str) -> None:
        """Close a hand as ``finished`` or ``voided``."""
        if status not in ("finished", "voided"):
            raise PokerError(f"hand status: must be 'finished' or 'voided', got {status!r}")
        self._write(
            "UPDATE play_hands SET status = ?, summary = ? WHERE id = ?", (status, summary, hand_id)
        )

    def end_session(self, session_id: int) -> None:
        """Mark the session as left by the person."""
        self._write("UPDATE play_sessions SET ended = 1 WHERE id = ?", (session_id,))

    def _hand(self, row: tuple[int, str, str, str]) -> StoredHand:
        hand_id, start_text, status, summary = row
        s = json.loads(start_text)
        start = HandStart(
            number=s["number"],
            dealer=s["dealer"],
            seats=tuple(s["seats"]),
            mode=s["mode"],
            min_opening=s["min_opening"],
            seed=s["seed"],
            deck=tuple(s["deck"]),
            stacks=tuple(s["stacks"]),
            fresh=s["fresh"],
        )
        actions = tuple(
            StoredAction(seat, kind, amount, tuple(cards.split()))
            for seat, kind, amount, cards in self._db.execute(
                "SELECT seat, kind, amount, cards FROM play_actions WHERE hand_id = ? ORDER BY idx",
                (hand_id,),
            )
        )
        return StoredHand(hand_id, start, status, actions, summary)

    def load(self, session_id: int | None = None) -> StoredSession | None:
        """A session (``None``: the latest one), or ``None`` if there is none."""
        query = (
            "SELECT id, created, settings, players, person, dealer_mode, ended, ledger "
            "FROM play_sessions "
        )
        if session_id is None:
            row = self._db.execute(query + "ORDER BY id DESC LIMIT 1").fetchone()
        else:
            row = self._db.execute(query + "WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            return None
        sid, created, settings, players, person, dealer_mode, ended, ledger = row
        hands = self._db.execute(
            "SELECT id, start, status, summary FROM play_hands WHERE session_id = ? ORDER BY id",
            (sid,),
        ).fetchall()
        finished = [h for h in hands if h[2] == "finished"]
        open_rows = [h for h in hands if h[2] == "playing"]
        return StoredSession(
            id=sid,
            created=created,
            settings=settings,
            players=tuple(json.loads(players)),
            person=person,
            dealer_mode=bool(dealer_mode),
            ended=bool(ended),
            ledger=tuple((p, c, b, s) for p, c, b, s in json.loads(ledger)),
            last_finished=self._hand(finished[-1]) if finished else None,
            open_hand=self._hand(open_rows[-1]) if open_rows else None,
            hands=len(finished),
        )
