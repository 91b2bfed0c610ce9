"""The web tables' server, as one import: the application and the pieces it is made of.

``create_app(settings)`` builds the application; ``pokerbonus serve`` runs it with
uvicorn. The pieces live in their own modules:

- :mod:`~pokerbonus.server.settings`: ``ServerSettings``, ``ServerStats``, the close
  codes and caps;
- :mod:`~pokerbonus.server.middleware`: the body cap, each request's language, the
  log's redaction of secrets;
- :mod:`~pokerbonus.server.conn` and :mod:`~pokerbonus.server.mailbox`: an open
  socket, and the typed items of a table's mailbox;
- :mod:`~pokerbonus.server.actor`: the sequential actor of one table;
- :mod:`~pokerbonus.server.manager`: every table, the journal's writer, the tick;
- :mod:`~pokerbonus.server.bodies`, :mod:`~pokerbonus.server.routes`,
  :mod:`~pokerbonus.server.sockets`: the HTTP bodies, the routes, the WebSocket.
"""

from __future__ import annotations

from pokerbonus.server.actor import TableActor
from pokerbonus.server.bodies import BotSpec, CreateTable, JoinTable, TimerSpec
from pokerbonus.server.conn import Conn
from pokerbonus.server.mailbox import Call, Connect, Disconnect, Intent, Item, Tick
from pokerbonus.server.manager import TableManager
from pokerbonus.server.middleware import (
    BodyLimit,
    LanguageMiddleware,
    RedactSecrets,
    query_secrets,
    request_language,
)
from pokerbonus.server.routes import create_app
from pokerbonus.server.settings import (
    CLOSE_HELLO_TIMEOUT,
    CLOSE_REFUSED,
    CLOSE_TOO_MANY,
    MAX_BODY,
    UVICORN_OPTIONS,
    ServerSettings,
    ServerStats,
    hash_secret,
)

__all__ = [
    "CLOSE_HELLO_TIMEOUT",
    "CLOSE_REFUSED",
    "CLOSE_TOO_MANY",
    "MAX_BODY",
    "UVICORN_OPTIONS",
    "BodyLimit",
    "BotSpec",
    "Call",
    "Conn",
    "Connect",
    "CreateTable",
    "Disconnect",
    "Intent",
    "Item",
    "JoinTable",
    "LanguageMiddleware",
    "RedactSecrets",
    "ServerSettings",
    "ServerStats",
    "TableActor",
    "TableManager",
    "Tick",
    "TimerSpec",
    "create_app",
    "hash_secret",
    "query_secrets",
    "request_language",
]
