"""One open WebSocket as a table's actor sees it: who it is, its outgoing queue, its
rate bucket, its batch of held messages."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from pokerbonus.i18n import DEFAULT_LANGUAGE
from pokerbonus.server.session import Person


@dataclass(slots=True, eq=False)
class Conn:
    """One open socket: who it is, its outgoing queue, its rate bucket.

    ``batch`` (asked for in ``hello``): while the table's actor handles one item,
    the messages for this socket are held (``staged``) and :meth:`flush` queues them
    as one ``batch`` message, one WebSocket frame.
    """

    ws: WebSocket
    person: Person | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tokens: float = 0.0
    last: float = 0.0
    closed: bool = False
    batch: bool = False
    staged: list[str] | None = None
    close_code: int | None = None
    """The code the socket is closed with (``None``: the usual 1000, or 4403 refused)."""
    lang: str = DEFAULT_LANGUAGE
    """The language of the words sent to this socket (``hello``'s ``lang``, else the
    socket request's cookie or ``Accept-Language``)."""

    def send(self, message: dict[str, Any], limit: int) -> None:
        """Queue a message (a connection too far behind is closed: it will resync)."""
        if not self.closed:
            self.send_text(encode(message), limit)

    def send_text(self, text: str, limit: int) -> None:
        """Queue an encoded message (see :meth:`send`); held while staged."""
        if self.closed:
            return
        if self.staged is not None:
            self.staged.append(text)
            return
        self._put(text, limit)

    def stage(self) -> None:
        """Hold the messages sent from now on until :meth:`flush` (a batch connection)."""
        if self.staged is None:
            self.staged = []

    def flush(self, limit: int) -> None:
        """Queue the held messages: one alone as it is, several as one ``batch`` message."""
        staged, self.staged = self.staged, None
        if not staged or self.closed:
            return
        if len(staged) == 1:
            self._put(staged[0], limit)
        else:
            self._put('{"type":"batch","messages":[' + ",".join(staged) + "]}", limit)

    def close(self, code: int | None, limit: int) -> None:
        """Close the socket after the messages queued or held so far (a refusal's
        ``error`` is sent before the close code, batch or not)."""
        if self.closed:
            return
        self.flush(limit)
        if self.closed:  # the outbox overflowed: already closing
            return
        self.close_code = code
        self.closed = True
        self.outbox.put_nowait(None)

    def _put(self, text: str, limit: int) -> None:
        if self.outbox.qsize() >= limit:
            self.closed = True
            self.outbox.put_nowait(None)
            return
        self.outbox.put_nowait(text)


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))
