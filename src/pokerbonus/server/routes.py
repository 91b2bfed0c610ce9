"""The web tables' HTTP routes: ``create_app(settings)`` builds the FastAPI application
(create and join a table, its reads and hand histories, the page and its files, the
WebSocket served by :mod:`pokerbonus.server.sockets`); errors in the documented
``{"error": {"code", "message"}}`` shape."""

from __future__ import annotations

import hmac
import secrets
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from pokerbonus.i18n import N_, current_language, gettext, using_language
from pokerbonus.server.bodies import CoverageQuery, CreateTable, JoinTable
from pokerbonus.server.leases import Owner
from pokerbonus.server.manager import Moved, TableManager, table_config
from pokerbonus.server.middleware import (
    LANG_COOKIE,
    BodyLimit,
    LanguageMiddleware,
    install_redaction,
    query_secrets,
    request_language,
)
from pokerbonus.server.protocol import table_json
from pokerbonus.server.session import ServerError
from pokerbonus.server.settings import MAX_BODY, ServerSettings, hash_secret
from pokerbonus.server.sockets import serve_socket

_STATUS = {
    "malformed": 400,
    "name_taken": 400,
    "seat_taken": 400,
    "illegal": 400,
    "bad_token": 403,
    "bad_invite": 403,
    "not_found": 404,
    "too_large": 413,
    "unavailable": 503,
    "moved": 503,
}

_PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Poker Bonus</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Poker Bonus</h1>
<p>The web tables' server is running. The table page is not built yet:
see docs/protocol.md to talk to the server.</p></main></body></html>
"""


Auth = Annotated[str | None, Header(include_in_schema=False)]
"""The ``Authorization`` header of the API's reads: ``Bearer <token>``."""


def _bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header, if any."""
    if header is None:
        return None
    scheme, _, value = header.partition(" ")
    return value.strip() or None if scheme.lower() == "bearer" else None


_HTTP_ERRORS = {
    400: ("malformed", N_("body: not a JSON document in UTF-8 (or nested too deep)")),
    404: ("not_found", N_("path: no such page or call")),
    405: ("not_allowed", N_("method: this path does not take it")),
}
"""The documented error of FastAPI's own refusals, by status (anything else: ``malformed``)."""


def _error(exc: ServerError) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": exc.code, "message": exc.message}},
        status_code=_STATUS.get(exc.code, 400),
    )


def hint(request: Request | WebSocket) -> str | None:
    """The ``node`` of a request's query: the server it was sent to by a redirect."""
    value = request.query_params.get("node")
    return value[:64] if value else None


def moved_location(request: Request | WebSocket, owner: Owner) -> str:
    """Where a request goes to reach its table's owner: the same path and query with
    ``node=<owner>`` (the proxy routes by it), under the owner's public address if it
    has one (else relative: through the same proxy)."""
    query = [(k, v) for k, v in request.query_params.multi_items() if k != "node"]
    query.append(("node", owner.node))
    target = request.url.path + "?" + urlencode(query)
    return owner.url.rstrip("/") + target if owner.url else target


def _static_dir(settings: ServerSettings) -> Path | None:
    if settings.static_dir is not None:
        return settings.static_dir
    try:
        path = Path(str(resources.files("pokerbonus") / "web" / "static"))
    except (ModuleNotFoundError, TypeError):
        return None
    return path if path.is_dir() else None


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The FastAPI application of the web tables (see ``docs/server.md``)."""
    cfg = settings if settings is not None else ServerSettings()
    manager = TableManager(cfg)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The journal writer thread needs the GIL a few times per commit (around the
        # fsync); with the default 5 ms switch interval each handover from a busy event
        # loop can cost 5 ms, so a commit waited 5x its fsync (docs/server.md).
        interval = sys.getswitchinterval()
        if cfg.switch_interval is not None:
            sys.setswitchinterval(cfg.switch_interval)
        install_redaction()  # again: uvicorn configured its loggers after create_app
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
            sys.setswitchinterval(interval)

    app = FastAPI(title="Poker Bonus", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.manager = manager

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        if isinstance(exc, Moved) and exc.owner is not None:
            # to the owner: its own address, or through the proxy with the node hint
            return JSONResponse(
                {"error": {"code": exc.code, "message": exc.message}, "node": exc.owner.node},
                status_code=307,
                headers={"Location": moved_location(request, exc.owner)},
            )
        response = _error(exc)
        if exc.code in ("moved", "unavailable"):
            response.headers["Retry-After"] = "1"
        return response

    @app.exception_handler(RequestValidationError)
    async def _bad_body(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid body"}
        where = ".".join(str(p) for p in first.get("loc", ())[1:]) or "body"
        return JSONResponse(
            {"error": {"code": "malformed", "message": f"{where}: {first['msg']}"}}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # FastAPI's own refusals (a body that is not UTF-8 JSON, an unknown path or
        # method) in the documented shape, not ``{"detail": ...}``
        code, message = _HTTP_ERRORS.get(exc.status_code, ("malformed", N_("request: refused")))
        return JSONResponse(
            {"error": {"code": code, "message": gettext(message)}},
            status_code=exc.status_code,
            headers=exc.headers,
        )

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(LanguageMiddleware)
    install_redaction()

    @app.post("/api/tables", status_code=201)
    async def create(body: CreateTable) -> JSONResponse:
        result = await manager.create_table(body)
        return JSONResponse(result, status_code=201)

    @app.post("/api/tables/{table_id}/join", status_code=201)
    async def join(table_id: str, body: JoinTable, request: Request) -> JSONResponse:
        actor = await manager.load(table_id, hint(request))
        if not hmac.compare_digest(hash_secret(body.invite), actor.invite_hash):
            raise ServerError(
                "bad_invite",
                gettext("join: this invite is not table {table_id}'s").format(table_id=table_id),
            )
        token = secrets.token_urlsafe(24)

        async def _join() -> dict[str, Any]:
            entry = actor.session.decide_person(body.name, hash_secret(token))
            await actor.change([entry])
            return {"table": table_id, "token": token, "name": entry["name"], "seat": None}

        return JSONResponse(await actor.call(_join), status_code=201)

    if cfg.stats:

        @app.get("/api/server-stats")
        async def server_stats() -> JSONResponse:
            assert manager.stats is not None
            return JSONResponse(manager.stats.to_dict(manager.writer, manager.collector))

    @app.get("/healthz")
    async def healthz() -> JSONResponse:
        """For the proxy's health check: 200 while this server can keep its leases (its
        last renewal within half a lease), 503 otherwise."""
        ok = manager.leases is None or (time.monotonic() - manager.renewed < cfg.lease_seconds / 2)
        body = {"ok": ok, "node": manager.node, "tables": len(manager.tables)}
        return JSONResponse(body, status_code=200 if ok else 503)

    @app.post("/api/expert-coverage")
    async def expert_coverage(body: CoverageQuery) -> JSONResponse:
        # what expert plays at the table of the create form (the level picker's help)
        from pokerbonus.bots.expert_coverage import config_coverage, coverage_text

        config = table_config(body.config)
        return JSONResponse(
            {"strategy": config_coverage(config).key, "text": coverage_text(config)}
        )

    @app.get("/api/config-schema")
    async def config_schema_route() -> JSONResponse:
        from pokerbonus.web.schema import config_schema

        return JSONResponse(config_schema())

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, request: Request, authorization: Auth = None) -> JSONResponse:
        actor = await manager.load(table_id, hint(request))
        token, invite = query_secrets(request.scope["query_string"])
        manager.check_access(actor, _bearer(authorization) or token, invite)
        data = table_json(actor.session, actor._connected())
        data["chips"] = actor.session.chips()
        data["hand"] = actor.session.current.number if actor.session.current else None
        data["restored"] = manager.restored.get(table_id)
        data["node"] = manager.node
        data["journal"] = actor.session.entries
        return JSONResponse(data)

    @app.get("/api/tables/{table_id}/hands/{number}.phh")
    async def hand_phh(
        table_id: str, number: int, request: Request, authorization: Auth = None
    ) -> PlainTextResponse:
        from pokerbonus.server.history import hand_phh_text

        actor = await manager.load(table_id, hint(request))
        token, invite = query_secrets(request.scope["query_string"])
        person = manager.check_access(actor, _bearer(authorization) or token, invite)
        return PlainTextResponse(
            hand_phh_text(actor.session, number, person), media_type="text/plain; charset=utf-8"
        )

    @app.get("/api/tables/{table_id}/hands.phhs")
    async def hands_phhs(
        table_id: str, request: Request, authorization: Auth = None
    ) -> PlainTextResponse:
        from pokerbonus.server.history import session_phhs_text

        actor = await manager.load(table_id, hint(request))
        token, invite = query_secrets(request.scope["query_string"])
        person = manager.check_access(actor, _bearer(authorization) or token, invite)
        return PlainTextResponse(
            session_phhs_text(actor.session, person), media_type="text/plain; charset=utf-8"
        )

    from pokerbonus.server.hand_routes import install_hand_routes

    install_hand_routes(app, manager)  # past hands step by step, the players' statistics

    @app.websocket("/ws/{table_id}")
    async def ws(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        lang = request_language(websocket.cookies.get(LANG_COOKIE), websocket.headers)
        with using_language(lang):
            await serve_socket(manager, websocket, table_id, lang, hint(websocket))

    static = _static_dir(cfg)

    @app.get("/", response_model=None)
    async def index() -> HTMLResponse:
        """The page, in the request's language (its words in it: pokerbonus.web.words)."""
        if static is None or not (static / "index.html").is_file():
            return HTMLResponse(_PLACEHOLDER)
        from pokerbonus.web.words import page_html

        lang = current_language()  # the request's (LanguageMiddleware)
        template = (static / "index.html").read_text(encoding="utf-8")
        headers = {"Content-Language": lang, "Vary": "Cookie, Accept-Language"}
        return HTMLResponse(page_html(template, lang), headers=headers)

    from pokerbonus.server.tournament_routes import add_tournament_routes

    add_tournament_routes(app, manager.tournaments, index)

    @app.get("/t/{table_id}", response_model=None)
    async def table_page(table_id: str) -> HTMLResponse:
        return await index()

    @app.get("/static/{path:path}", response_model=None)
    async def static_file(path: str) -> FileResponse | PlainTextResponse:
        if static is None:
            return PlainTextResponse("not found", status_code=404)
        try:  # a NUL byte (``%00``) or a name the system refuses: not a file of ours
            target = (static / path).resolve()
            found = target.is_file() and static.resolve() in target.parents
        except (OSError, ValueError):
            found = False
        if not found:
            return PlainTextResponse("not found", status_code=404)
        return FileResponse(target)

    return app
