"""Who owns each live table when several servers share one PostgreSQL database.

Each table in play is owned by one server process (a *node*) through a row of
``web_lease``: the owner's name, a fencing token and an expiry, on the database's
clock (``clock_timestamp()``, one clock for every node). The owner renews the expiry
of all its rows in one statement every ``seconds / 4``; once a row has expired, any
node may claim it, which adds one to its token. Every journal write carries the
writer's token for its table and checks it in the same transaction
(:meth:`Leases.fence`, a ``FOR KEY SHARE`` lock on the lease row), so a node that
lost a table (paused past its lease, cut from the network) can never write for it
again: its write is refused, and a claim waits for any write in flight to commit
before it reads the journal. The token is part of a unique key, so the claim's
``UPDATE`` of it waits for those locks while the renewals (which change only the
expiry) do not.

``web_nodes`` lists the nodes (name, the public address of the redirects, a
heartbeat), for the redirect to a table's owner (docs/server.md).

SQLite and a single process need none of it (no lease: the one process owns every
table, as before).
"""

from __future__ import annotations

import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Index,
    MetaData,
    String,
    Table,
    text,
)
from sqlalchemy.engine import Connection, Engine

__all__ = ["Leases", "Owner", "cluster_metadata", "default_node_name", "web_lease", "web_nodes"]

cluster_metadata = MetaData()

web_lease = Table(
    "web_lease",
    cluster_metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("token", BigInteger, nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
    # the token in a unique key: a claim (which changes it) waits for the writes in
    # flight (FOR KEY SHARE), a renewal (which changes only the expiry) does not
    Index("web_lease_token", "table_id", "token", unique=True),
)

web_nodes = Table(
    "web_nodes",
    cluster_metadata,
    Column("name", String(64), primary_key=True),
    Column("url", String(256), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)


@dataclass(frozen=True, slots=True)
class Owner:
    """Who holds a table: ``node``, its public ``url`` (``""``: reach it through the
    proxy) and whether the lease is still running (``live``)."""

    node: str
    url: str
    live: bool


_CLAIM = text(
    """
    INSERT INTO web_lease (table_id, owner, token, expires)
    SELECT id, CAST(:me AS text), 1,
           clock_timestamp() + CAST(:secs AS float8) * interval '1 second'
    FROM web_tables WHERE id = CAST(:t AS text)
    ON CONFLICT (table_id) DO UPDATE
    SET owner = EXCLUDED.owner, token = web_lease.token + 1, expires = EXCLUDED.expires
    WHERE web_lease.expires < clock_timestamp() OR web_lease.owner IN (CAST(:me AS text), '')
    RETURNING token
    """
)

_CLAIM_EXPIRED = text(
    """
    INSERT INTO web_lease (table_id, owner, token, expires)
    SELECT w.table_id, CAST(:me AS text), 1,
           clock_timestamp() + CAST(:secs AS float8) * interval '1 second'
    FROM web_live w LEFT JOIN web_lease l ON l.table_id = w.table_id
    WHERE l.table_id IS NULL OR l.expires < clock_timestamp() OR l.owner = ''
       OR (CAST(:mine AS boolean) AND l.owner = CAST(:me AS text))
    ORDER BY random() LIMIT :limit
    ON CONFLICT (table_id) DO UPDATE
    SET owner = EXCLUDED.owner, token = web_lease.token + 1, expires = EXCLUDED.expires
    WHERE web_lease.expires < clock_timestamp() OR web_lease.owner = ''
       OR (CAST(:mine AS boolean) AND web_lease.owner = CAST(:me AS text))
    RETURNING table_id, token
    """
)

_OWNER = text(
    """
    SELECT l.owner, coalesce(n.url, '') AS url, l.expires >= clock_timestamp() AS live
    FROM web_lease l LEFT JOIN web_nodes n ON n.name = l.owner
    WHERE l.table_id = CAST(:t AS text)
    """
)

_RENEW = text(
    """
    UPDATE web_lease
    SET expires = clock_timestamp() + CAST(:secs AS float8) * interval '1 second'
    WHERE owner = CAST(:me AS text) AND table_id = ANY(:ids)
    RETURNING table_id, token
    """
)

_HEARTBEAT = text(
    """
    INSERT INTO web_nodes (name, url, expires)
    VALUES (CAST(:me AS text), CAST(:url AS text),
            clock_timestamp() + CAST(:secs AS float8) * interval '1 second')
    ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url, expires = EXCLUDED.expires
    """
)

_FENCE = text(
    """
    SELECT table_id, owner, token FROM web_lease
    WHERE table_id = ANY(:ids) ORDER BY table_id FOR KEY SHARE
    """
)

_NEW = text(
    """
    INSERT INTO web_lease (table_id, owner, token, expires)
    VALUES (CAST(:t AS text), CAST(:me AS text), 1,
            clock_timestamp() + CAST(:secs AS float8) * interval '1 second')
    """
)

_RELEASE = text(
    """
    UPDATE web_lease SET owner = '', expires = clock_timestamp()
    WHERE owner = CAST(:me AS text) AND table_id = ANY(:ids)
    """
)


class Leases:
    """The leases of one node (``node``, reached at ``url``; ``seconds``: a lease's
    length) on ``engine``'s PostgreSQL database (see the module doc)."""

    def __init__(self, engine: Engine, node: str, url: str = "", seconds: float = 4.0) -> None:
        self.engine = engine
        self.node = node
        self.url = url
        self.seconds = seconds

    def heartbeat(self) -> None:
        """Say this node is alive (and where it is reached)."""
        with self.engine.begin() as conn:
            conn.execute(_HEARTBEAT, {"me": self.node, "url": self.url, "secs": self.seconds})

    def claim(self, table_id: str) -> int | None:
        """Take ``table_id`` when its lease has expired, was released or is this node's
        (a table this node had unloaded): the new token, or ``None`` (another node holds
        it, or there is no such table)."""
        with self.engine.begin() as conn:
            token = conn.execute(
                _CLAIM, {"t": table_id, "me": self.node, "secs": self.seconds}
            ).scalar()
        return None if token is None else int(token)

    def claim_expired(self, limit: int = 50, *, mine: bool = False) -> dict[str, int]:
        """Take up to ``limit`` tables of the working set whose owner is gone (their
        lease expired or released, or never made; ``mine``: also those held under this
        node's name, by the process this one replaces): table id to new token."""
        params = {"me": self.node, "secs": self.seconds, "limit": limit, "mine": mine}
        with self.engine.begin() as conn:
            rows = conn.execute(_CLAIM_EXPIRED, params).all()
        return {str(r.table_id): int(r.token) for r in rows}

    def owner(self, table_id: str) -> Owner | None:
        """Who holds ``table_id`` (``None``: nobody ever did)."""
        with self.engine.connect() as conn:
            row = conn.execute(_OWNER, {"t": table_id}).first()
        if row is None:
            return None
        return Owner(str(row.owner), str(row.url), bool(row.live))

    def renew(self, owned: Mapping[str, int]) -> set[str]:
        """Extend the leases of ``owned`` (table id to token) and the node's heartbeat in
        one transaction; the tables lost (taken by another node since)."""
        ids = list(owned)
        with self.engine.begin() as conn:
            conn.execute(_HEARTBEAT, {"me": self.node, "url": self.url, "secs": self.seconds})
            kept: dict[str, int] = {}
            if ids:
                rows = conn.execute(_RENEW, {"me": self.node, "ids": ids, "secs": self.seconds})
                kept = {str(r.table_id): int(r.token) for r in rows}
        return {t for t, token in owned.items() if kept.get(t) != token}

    def release(self, table_ids: Iterable[str]) -> None:
        """Give tables up at once (unloaded, or the node stopping): another node may
        claim them without waiting for the expiry."""
        ids = list(table_ids)
        if not ids:
            return
        with self.engine.begin() as conn:
            conn.execute(_RELEASE, {"me": self.node, "ids": ids})

    # -- inside the journal's transaction ----------------------------------------------

    def fence(self, conn: Connection, tokens: Mapping[str, int]) -> set[str]:
        """Check the writer's token of each table in the current transaction (the rows
        stay locked until it ends): the tables whose writes must be refused."""
        if not tokens:
            return set()
        rows = conn.execute(_FENCE, {"ids": sorted(tokens)}).all()
        held = {
            str(r.table_id) for r in rows if r.owner == self.node and r.token == tokens[r.table_id]
        }
        return set(tokens) - held

    def insert_new(self, conn: Connection, table_ids: Iterable[str]) -> None:
        """The leases of tables this node creates (token 1), in the creation's transaction."""
        params = [{"t": t, "me": self.node, "secs": self.seconds} for t in table_ids]
        if params:
            conn.execute(_NEW, params)


def default_node_name(port: int) -> str:
    """The node name of a server on this machine and ``port``: ``host-port`` (give each
    server the name of its ``server`` line in the proxy's configuration instead)."""
    return f"{socket.gethostname()[:48]}-{port}"
