"""What a table's actor reads from its mailbox: one small frozen type per kind of item,
matched by type (``match item: case Intent(conn, msg, received): ...``).

>>> Tick() == Tick()
True
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerbonus.server.conn import Conn


@dataclass(frozen=True, slots=True)
class Tick:
    """Look for a move of the table's own: a bot, a deal, a timeout."""


@dataclass(frozen=True, slots=True, eq=False)
class Connect:
    """A socket said ``hello``: welcome it (its missed events or a resync) or refuse it."""

    conn: Conn
    token: str
    since: int | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Intent:
    """A client's intention (``act``, ``sit``, ``chat``...), checked model ``msg``;
    ``received``: when it was read off its socket (``time.perf_counter()``)."""

    conn: Conn
    msg: Any
    received: float = field(default_factory=time.perf_counter)


@dataclass(frozen=True, slots=True, eq=False)
class Disconnect:
    """A socket closed."""

    conn: Conn


@dataclass(frozen=True, slots=True, eq=False)
class Call:
    """Run ``fn`` inside the actor (in order with everything else); its result to ``future``."""

    fn: Callable[[], Any]
    future: asyncio.Future[Any]


Item = Tick | Connect | Intent | Disconnect | Call
"""Anything a table's mailbox holds."""
