"""How the web tables' server runs: its settings, what it measures, its constants.

``ServerSettings`` is what ``create_app`` takes; ``ServerStats`` what it measures when
asked (``GET /api/server-stats``, the benchmark); the close codes and caps are the
protocol's (docs/protocol.md).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerbonus.server.collector import Collector
    from pokerbonus.server.journal import JournalWriter

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

CLOSE_MOVED = 4307
"""The WebSocket close code of a socket whose table is owned by another server; the
close reason is that server's node name: connect again with ``?node=<name>``."""

MAX_BODY = 16384
"""The largest HTTP request body read, in bytes (counted as it arrives, chunked or not)."""


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
    unload_after: float = 300.0
    """Seconds a table stays in memory once quiet (no socket open, no hand being played,
    no person seated or the session over); then it is unloaded, loaded again on use."""
    bot_seconds: float = 10.0
    """A bot's time for one decision: past it the safe action is played (a ``timed_out``
    event), as for a person out of time."""
    bot_workers: int | None = None
    """Threads deciding for the bots (``None``: one per core, at least 2)."""
    warm_games: tuple[str, ...] = ()
    """Games whose bots' kernels are compiled or loaded at start, before any table deals
    (``pokerbonus serve``: the French draw and hold'em; tests: none)."""
    node: str | None = None
    """This server's name among the servers sharing a PostgreSQL database (the name of its
    ``server`` line in the proxy's configuration; ``None``: ``host-port``, see
    :func:`pokerbonus.server.leases.default_node_name`)."""
    public_url: str = ""
    """Where clients reach this server directly (``http://10.0.0.5:8001``), put in the
    redirects to it; ``""``: through the proxy, which routes by the ``node`` hint."""
    lease_seconds: float = 4.0
    """How long a table's lease runs without a renewal (renewed every quarter of it): a
    dead server's tables are taken by the others after at most this long."""
    leases: bool | None = None
    """Own tables through leases (``None``: on PostgreSQL, not on SQLite)."""
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
