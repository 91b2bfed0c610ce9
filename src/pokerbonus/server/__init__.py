"""The web tables' server (``pokerbonus serve``).

See ``docs/server.md`` and ``docs/protocol.md``.
"""

from __future__ import annotations

from pokerbonus.server.app import (
    UVICORN_OPTIONS,
    ServerSettings,
    TableManager,
    create_app,
    hash_secret,
)
from pokerbonus.server.session import ServerError, TableSession, TimerConfig

__all__ = [
    "UVICORN_OPTIONS",
    "ServerError",
    "ServerSettings",
    "TableManager",
    "TableSession",
    "TimerConfig",
    "create_app",
    "hash_secret",
]
