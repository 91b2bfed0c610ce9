"""The tournaments' HTTP routes (``docs/server.md``, "Tournaments"): create one, join it
by its invite (late too, while late registration is open), add computer opponents,
start it, read it (its level clock, prizes, eliminations, tables; ICM equities on
request); rebuy or take the add-on, answer the question of a rebuy after a bust,
propose and answer a deal at the final table. Its tables are web tables: the page
plays them over the table's own WebSocket (``/ws/<tournament>.<table>``)."""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from pokerbonus.i18n import gettext
from pokerbonus.server.bodies import TimerSpec
from pokerbonus.server.middleware import query_secrets
from pokerbonus.server.session import ServerError
from pokerbonus.server.settings import hash_secret
from pokerbonus.server.tournament_buys import (
    decide_bust,
    decide_deal,
    decide_deal_answer,
    decide_rebuy,
)
from pokerbonus.server.tournament_read import room_json
from pokerbonus.server.tournaments import (
    RoomPerson,
    TournamentRoom,
    Tournaments,
    tournament_config,
)

__all__ = [
    "AddBots",
    "CreateTournament",
    "DealAnswer",
    "JoinTournament",
    "PersonCall",
    "ProposeDeal",
    "Rebuy",
    "add_tournament_routes",
]


class CreateTournament(BaseModel):
    """``POST /api/tournaments``."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=64)
    preset: str | None = Field(default=None, max_length=32)
    structure: dict[str, Any] | None = None
    play: bool = True
    bots: int = Field(default=0, ge=0, le=199)
    level: str = Field(default="medium", max_length=16)
    timer: TimerSpec = Field(default_factory=TimerSpec)
    start: bool = False


class JoinTournament(BaseModel):
    """``POST /api/tournaments/{id}/join``."""

    model_config = ConfigDict(extra="forbid")
    invite: str = Field(min_length=1, max_length=128)
    name: str = Field(min_length=1, max_length=64)


class AddBots(BaseModel):
    """``POST /api/tournaments/{id}/bots``: computer opponents, by the host."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    count: int = Field(ge=1, le=199)
    level: str = Field(max_length=16)


class HostCall(BaseModel):
    """``POST /api/tournaments/{id}/start``."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)


class PersonCall(BaseModel):
    """``POST /api/tournaments/{id}/leave``: a player out of chips leaves (no rebuy)."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)


class Rebuy(BaseModel):
    """``POST /api/tournaments/{id}/rebuy``: the rebuy chips (``addon``: the add-on)."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    addon: bool = False


class ProposeDeal(BaseModel):
    """``POST /api/tournaments/{id}/deal``: a deal put to the final table."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    kind: str = Field(max_length=8)


class DealAnswer(BaseModel):
    """``POST /api/tournaments/{id}/deal/answer``: accept or refuse the deal open."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(min_length=1, max_length=128)
    accept: bool


def _person(room: TournamentRoom, token: str) -> RoomPerson:
    person = room.person_by_token(hash_secret(token))
    if person is None:
        raise ServerError("bad_token", gettext("access: this token is not this tournament's"))
    return person


def _host(room: TournamentRoom, token: str) -> RoomPerson:
    person = _person(room, token)
    if not person.host:
        raise ServerError("not_host", gettext("only the host may do this"))
    return person


def add_tournament_routes(
    app: FastAPI, tournaments: Tournaments, page: Callable[[], Awaitable[HTMLResponse]]
) -> None:
    """Add the tournaments' routes to ``app`` (``page``: the page's route, for
    ``/tournament/<id>``)."""

    @app.post("/api/tournaments", status_code=201)
    async def create(body: CreateTournament) -> JSONResponse:
        config = tournament_config(body.preset, body.structure)
        result = await tournaments.create(
            config,
            body.name,
            plays=body.play,
            bots=body.bots,
            level=body.level,
            timer=body.timer.model_dump(),
            start=body.start,
        )
        return JSONResponse(result, status_code=201)

    @app.post("/api/tournaments/{room_id}/join", status_code=201)
    async def join(room_id: str, body: JoinTournament) -> JSONResponse:
        room = await tournaments.load(room_id)
        if not hmac.compare_digest(hash_secret(body.invite), room.invite_hash):
            raise ServerError(
                "bad_invite",
                gettext("join: this invite is not tournament {id}'s").format(id=room_id),
            )
        token = secrets.token_urlsafe(24)
        async with room.lock:
            entry = room.decide_person(body.name, hash_secret(token), host=False, plays=True)
            await room.commit([entry])
        if room.started:  # registered late: their table may be a new one
            room.launch()
        return JSONResponse(
            {"tournament": room_id, "token": token, "name": entry["name"]}, status_code=201
        )

    @app.post("/api/tournaments/{room_id}/bots", status_code=201)
    async def bots(room_id: str, body: AddBots) -> JSONResponse:
        room = await tournaments.load(room_id)
        _host(room, body.token)
        async with room.lock:
            entries = room.decide_bots(body.count, body.level)
            await room.commit(entries)
        return JSONResponse({"added": [e["name"] for e in entries]}, status_code=201)

    @app.post("/api/tournaments/{room_id}/start")
    async def start(room_id: str, body: HostCall) -> JSONResponse:
        room = await tournaments.load(room_id)
        person = _host(room, body.token)
        async with room.lock:
            await room.commit([room.decide_start(person)])
        room.launch()
        return JSONResponse(room_json(room, person))

    async def change(
        room_id: str,
        token: str,
        decide: Callable[[TournamentRoom, RoomPerson], dict[str, Any] | None],
    ) -> JSONResponse:
        """Decide one entry for the person of ``token``, commit it (none: the request
        waits, as a rebuy asked for during a hand), answer the page's read."""
        room = await tournaments.load(room_id)
        person = _person(room, token)
        async with room.lock:
            entry = decide(room, person)
            if entry is not None:
                await room.commit([entry])
        return JSONResponse(room_json(room, person))

    @app.post("/api/tournaments/{room_id}/rebuy")
    async def rebuy(room_id: str, body: Rebuy) -> JSONResponse:
        return await change(room_id, body.token, lambda r, p: decide_rebuy(r, p, addon=body.addon))

    @app.post("/api/tournaments/{room_id}/leave")
    async def leave(room_id: str, body: PersonCall) -> JSONResponse:
        return await change(room_id, body.token, lambda r, p: decide_bust(r, p, rebuy=False))

    @app.post("/api/tournaments/{room_id}/deal")
    async def deal(room_id: str, body: ProposeDeal) -> JSONResponse:
        return await change(room_id, body.token, lambda r, p: decide_deal(r, p, body.kind))

    @app.post("/api/tournaments/{room_id}/deal/answer")
    async def deal_answer(room_id: str, body: DealAnswer) -> JSONResponse:
        return await change(
            room_id, body.token, lambda r, p: decide_deal_answer(r, p, accept=body.accept)
        )

    @app.get("/api/tournaments/{room_id}")
    async def read(room_id: str, request: Request) -> JSONResponse:
        room = await tournaments.load(room_id)
        token, invite = query_secrets(request.scope["query_string"])
        person = room.person_by_token(hash_secret(token)) if token else None
        if person is None and not (
            invite and hmac.compare_digest(hash_secret(invite), room.invite_hash)
        ):
            raise ServerError(
                "bad_token",
                gettext("access: a token or the invite of this tournament is required"),
            )
        data = room_json(room, person)
        t = room.tournament
        if request.query_params.get("icm") and t is not None and not t.finished:
            equities = await room.icm()
            data["icm"] = equities
            if equities is None:
                data["icm_note"] = gettext(
                    "ICM: too many players left for the places paid; shown from {count} left"
                ).format(count=room.icm_players())
        return JSONResponse(data)

    @app.get("/tournament", response_model=None)
    async def tournament_form() -> HTMLResponse:
        return await page()

    @app.get("/tournament/{room_id}", response_model=None)
    async def tournament_page(room_id: str) -> HTMLResponse:
        return await page()
