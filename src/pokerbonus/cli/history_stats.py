"""``pokerbonus history stats``: player statistics over stored hands.

The statistics are sums of the facts stored beside each finished hand
(:mod:`pokerbonus.analysis.hand_facts`, public information only). Hands stored
before the statistics existed get their facts once, by a replay of their session
(a progress bar on a terminal). Reading an SQLite file whose facts are all there
goes through the standard library's ``sqlite3`` alone: ten thousand hands are read
and summed before SQLAlchemy would have finished importing.
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, pgettext
from pokerbonus.player_stats import FACTS_VERSION, PlayerStats, aggregate

__all__ = ["FactsQuery", "load_facts", "parse_date", "stats_rows"]

FactsRow = tuple[int, int, str, Mapping[str, Any]]
"""One stored hand's facts: session id, hand number, start (ISO text), facts."""


class FactsQuery:
    """Which hands: one ``session`` or all, started in ``[since, until)``."""

    def __init__(
        self,
        session: int | None = None,
        since: datetime.datetime | None = None,
        until: datetime.datetime | None = None,
    ) -> None:
        self.session = session
        self.since = since
        self.until = until


def parse_date(text: str, option: str) -> datetime.datetime:
    """A date (``2026-12-01``) or a date and time (``2026-12-01T18:30``), in UTC."""
    try:
        value = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise PokerError(
            gettext("{option}: {text!r} is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)").format(
                option=option, text=text
            )
        ) from None
    if value.tzinfo is None:
        value = value.replace(tzinfo=datetime.UTC)
    return value.astimezone(datetime.UTC)


def _sqlite_path(db: str | None) -> Path | None:
    """The SQLite file a ``--db`` value names, if it is one that exists."""
    location = db if db is not None else os.environ.get("POKERBONUS_DB")
    if location is None:
        import platformdirs

        location = str(Path(platformdirs.user_data_dir("pokerbonus")) / "pokerbonus.db")
    if location.startswith("sqlite:///"):
        location = location[len("sqlite:///") :]
    elif "://" in location:
        return None
    path = Path(location).expanduser().absolute()
    return path if path.is_file() else None


def _stored(value: datetime.datetime) -> str:
    """A UTC time as SQLAlchemy writes it in SQLite (naive, space-separated)."""
    return value.astimezone(datetime.UTC).replace(tzinfo=None).isoformat(" ")


def _fast_rows(path: Path, query: FactsQuery) -> list[FactsRow] | None:
    """The facts read with ``sqlite3`` alone, or ``None`` when the store must work
    first (a hand without facts, an old database, an unknown session)."""
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return None
    try:
        if query.session is not None:
            row = connection.execute(
                "SELECT kind FROM sessions WHERE id = ?", (query.session,)
            ).fetchone()
            if row is None or row[0] != "table":
                return None  # the store says why
        missing = connection.execute(
            "SELECT 1 FROM hands h JOIN sessions s ON s.id = h.session_id "
            "LEFT JOIN hand_facts f ON f.hand_id = h.id "
            "WHERE s.kind = 'table' AND h.status = 'finished' "
            "AND (f.hand_id IS NULL OR f.version != ?) LIMIT 1",
            (FACTS_VERSION,),
        ).fetchone()
        if missing is not None:
            return None
        sql = (
            "SELECT h.session_id, h.number, h.started, f.data FROM hands h "
            "JOIN hand_facts f ON f.hand_id = h.id WHERE h.status = 'finished'"
        )
        args: list[Any] = []
        if query.session is not None:
            sql += " AND h.session_id = ?"
            args.append(query.session)
        if query.since is not None:
            sql += " AND h.started >= ?"
            args.append(_stored(query.since))
        if query.until is not None:
            sql += " AND h.started < ?"
            args.append(_stored(query.until))
        sql += " ORDER BY h.started, h.id"
        found = connection.execute(sql, args).fetchall()
        # one decode of the whole list: a third faster than one call per hand
        data = json.loads("[" + ",".join(row[3] for row in found) + "]")
        return [(s, n, t, d) for (s, n, t, _text), d in zip(found, data, strict=True)]
    except sqlite3.Error:
        return None
    finally:
        connection.close()


def load_facts(db: str | None, query: FactsQuery, *, quiet: bool = False) -> list[FactsRow]:
    """The stored facts of the hands ``query`` names, filled first where missing."""
    path = _sqlite_path(db)
    if path is not None:
        rows = _fast_rows(path, query)
        if rows is not None:
            return rows
    from pokerbonus.cli.progress import progress_bar
    from pokerbonus.store import Store, fill_facts

    with Store(db) as store:
        if query.session is not None:
            saved = store.load_session(query.session)  # raises for an unknown session
            if saved.kind not in ("table", "tournament"):
                raise PokerError(
                    gettext(
                        "stats: session {session} is a {kind} session; player statistics "
                        "are kept for table sessions"
                    ).format(session=query.session, kind=saved.kind)
                )
        with progress_bar(gettext("reading stored hands once"), quiet=quiet) as bar:
            task = bar.add_task("sessions", total=None)

            def step(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            fill_facts(store, step)
        items = store.facts(query.session, since=query.since, until=query.until)
    return [(i.session, i.number, i.started.isoformat(), i.data) for i in items]


def player_stats(rows: Iterable[FactsRow], player: str | None = None) -> dict[str, PlayerStats]:
    """Each player's statistics over ``rows``, the most hands first."""
    stats = aggregate(((s, facts) for s, _n, _t, facts in rows), player)
    return dict(sorted(stats.items(), key=lambda kv: (-kv[1].hands, kv[0])))


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


_CATEGORIES = (
    "high card", "pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush", "Poker (five of a kind)",
)  # fmt: skip


def category_words(category: int) -> str:
    """A hand category's name in the current language."""
    words = {
        # Translators: the hand categories (the same words as the hand descriptions).
        0: pgettext("category", "high card"), 1: pgettext("category", "pair"),
        2: pgettext("category", "two pair"), 3: pgettext("category", "three of a kind"),
        4: pgettext("category", "straight"), 5: pgettext("category", "flush"),
        6: pgettext("category", "full house"), 7: pgettext("category", "four of a kind"),
        8: pgettext("category", "straight flush"),
        9: pgettext("category", "Poker (five of a kind)"),
    }  # fmt: skip
    return words.get(category, _CATEGORIES[0])


def best_hand_text(stats: PlayerStats) -> str:
    """The best hand shown: its category and its cards (and the board's)."""
    if stats.best is None:
        return "-"
    from pokerbonus.cards import Card

    category, _rank, cards, board, _session = stats.best
    text = category_words(category) + ": " + " ".join(str(Card(c)) for c in cards)
    if board:
        text += " | " + " ".join(str(Card(c)) for c in board)
    return text


def stats_rows(stats: PlayerStats) -> list[tuple[str, str]]:
    """The statistics of one player as ``(name, value)`` lines, in the current language."""
    interval = stats.mbb_interval
    mbb = _num(stats.mbb_per_hand, 0)
    if interval is not None:
        mbb += f" [{interval[0]:.0f}, {interval[1]:.0f}]"
    rows = [
        # Translators: the lines of the player statistics (docs/stats.md words).
        (pgettext("player stats", "hands"), str(stats.hands)),
        (pgettext("player stats", "VPIP"), _pct(stats.vpip_pct)),
        (pgettext("player stats", "PFR"), _pct(stats.pfr_pct)),
        (pgettext("player stats", "re-raise"), _pct(stats.reraise_pct)),
        (pgettext("player stats", "aggression factor"), _num(stats.aggression)),
        (pgettext("player stats", "went to showdown"), _pct(stats.wtsd_pct)),
        (pgettext("player stats", "won at showdown"), _pct(stats.wsd_pct)),
        (pgettext("player stats", "net chips"), f"{stats.net:+d}"),
        (pgettext("player stats", "mbb/hand [95%]"), mbb),
        (pgettext("player stats", "biggest pot won"), str(stats.biggest_pot)),
        (pgettext("player stats", "best hand shown"), best_hand_text(stats)),
    ]
    if stats.draws:
        rows += [
            (pgettext("player stats", "cards drawn (mean)"), _num(stats.mean_drawn)),
            (pgettext("player stats", "stood pat"), _pct(stats.pat_pct)),
            (pgettext("player stats", "pat hand a bluff when shown"), _pct(stats.pat_bluff_pct)),
        ]
    return rows


def stats_json(stats: Mapping[str, PlayerStats], rows: Sequence[FactsRow]) -> dict[str, Any]:
    """The JSON of ``history stats``: the hands counted and each player's figures."""
    return {
        "hands": len(rows),
        "sessions": sorted({r[0] for r in rows}),
        "players": [s.to_json() for s in stats.values()],
    }
