"""The HTTP reads of a table's past hands and statistics (docs/protocol.md, "Past
hands and statistics"), each answered for the person of the token (or a spectator
with the invite) from their per-seat views (:mod:`pokerbonus.server.hand_views`):

- ``GET /api/tables/{id}/hands``: the hands that have ended, newest first;
- ``GET /api/tables/{id}/hands/{number}/steps``: one hand step by step (the replayer);
- ``GET /api/tables/{id}/stats``: every player's statistics over the table's hands.
"""

from __future__ import annotations

import asyncio

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from pokerbonus.server.hand_views import (
    count_hands,
    hand_list_json,
    hand_steps_json,
    table_stats_json,
    uncounted,
)
from pokerbonus.server.manager import TableManager
from pokerbonus.server.middleware import query_secrets
from pokerbonus.server.routes import Auth, _bearer, hint
from pokerbonus.server.session import Person, TableSession

__all__ = ["install_hand_routes"]


def install_hand_routes(app: FastAPI, manager: TableManager) -> None:
    """Add the routes of the module's doc to ``app``."""

    async def reader(
        table_id: str, request: Request, authorization: str | None
    ) -> tuple[TableSession, Person | None]:
        """The table's session and the person reading (``None``: a spectator with the
        invite); 403 without either, 404 for no such table."""
        actor = await manager.load(table_id, hint(request))
        token, invite = query_secrets(request.scope["query_string"])
        return actor.session, manager.check_access(actor, _bearer(authorization) or token, invite)

    @app.get("/api/tables/{table_id}/hands")
    async def hands(table_id: str, request: Request, authorization: Auth = None) -> JSONResponse:
        return JSONResponse(hand_list_json(*await reader(table_id, request, authorization)))

    @app.get("/api/tables/{table_id}/hands/{number}/steps")
    async def hand_steps(
        table_id: str, number: int, request: Request, authorization: Auth = None
    ) -> JSONResponse:
        session, person = await reader(table_id, request, authorization)
        return JSONResponse(hand_steps_json(session, number, person))

    @app.get("/api/tables/{table_id}/stats")
    async def stats(table_id: str, request: Request, authorization: Auth = None) -> JSONResponse:
        session, person = await reader(table_id, request, authorization)
        todo = uncounted(session, person)
        if todo:  # the hands not counted yet, in a thread: the tables play on meanwhile
            await asyncio.to_thread(count_hands, session, todo)
        return JSONResponse(table_stats_json(session, person))
