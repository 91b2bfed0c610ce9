"""Web tournaments in process (RULES.md section 11; docs/tournaments.md, "On the web"):
the host creates one, a friend joins by the invite, bots fill seats on request, the
host starts it; the tournament's read says the level, the blinds and antes now and
next, the prizes, the eliminations and each person's place; a person plays at their
tournament table over the table's WebSocket, and follows the tournament when their
table is broken; a stored tournament is brought back from its journal.
"""

from __future__ import annotations

import functools
import random
import time
import warnings
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS

from pokerbonus.engine.table import random_legal_action
from pokerbonus.engine.tournament_config import TournamentConfig, preset
from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.manager import TableManager
from pokerbonus.server.session import action_to_entry
from pokerbonus.server.tournament_buys import decide_bust
from pokerbonus.server.tournaments import ICM_WORK, TournamentRoom, _icm_work

SMALL: dict[str, Any] = {
    "name": "small",
    "game": "holdem",
    "starting_stack": 300,
    "seats_per_table": 3,
    "levels": [{"small_blind": b, "big_blind": 2 * b, "hands": 3} for b in (10, 20, 40, 80, 160)],
}
"""Two tables of three, blinds rising every three hands: a table is broken soon."""


def settings(db: str = "sqlite://") -> ServerSettings:
    return ServerSettings(
        db=db,
        clock=lambda: 1000.0,
        bot_delay=0,
        hand_pause=0,
        tick=0.01,
        rng=lambda _t: random.Random(7),
        rate=1000,
        burst=1000,
    )


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings())) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Ann", "timer": {"action_seconds": 0}}
    data.update(body)
    r = client.post("/api/tournaments", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def read(client: TestClient, room: str, token: str, **query: str) -> dict[str, Any]:
    r = client.get(f"/api/tournaments/{room}", params={"token": token, **query})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_for(
    client: TestClient, room: str, token: str, pred: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        data = read(client, room, token)
        if pred(data):
            return data
        assert time.monotonic() < deadline, data
        time.sleep(0.02)


def until(ws: WS, pred: Callable[[dict[str, Any]], bool], limit: int = 5000) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("message not received")


def test_create_join_fill_and_start(client: TestClient) -> None:
    made = create(client, preset="quick", bots=3, level="station")
    room, host = made["tournament"], made["token"]
    assert made["invite"] == f"/tournament/{room}#invite={made['invite_secret']}"
    r = client.post(f"/api/tournaments/{room}/join", json={"invite": "nope", "name": "Bob"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"
    r = client.post(
        f"/api/tournaments/{room}/join", json={"invite": made["invite_secret"], "name": "ANN"}
    )
    assert r.json()["error"]["code"] == "name_taken"
    r = client.post(
        f"/api/tournaments/{room}/join", json={"invite": made["invite_secret"], "name": "Bob"}
    )
    assert r.status_code == 201, r.text
    bob = r.json()["token"]
    # only the host fills seats with bots and starts
    r = client.post(
        f"/api/tournaments/{room}/bots", json={"token": bob, "count": 1, "level": "easy"}
    )
    assert r.json()["error"]["code"] == "not_host"
    r = client.post(f"/api/tournaments/{room}/start", json={"token": bob})
    assert r.json()["error"]["code"] == "not_host"
    r = client.post(
        f"/api/tournaments/{room}/bots", json={"token": host, "count": 1, "level": "nobody"}
    )
    assert r.json()["error"]["code"] == "malformed" and "nobody" in r.json()["error"]["message"]
    r = client.post(
        f"/api/tournaments/{room}/bots", json={"token": host, "count": 1, "level": "station"}
    )
    assert r.status_code == 201 and r.json()["added"] == ["station-4"]
    lobby = read(client, room, bob)
    assert lobby["status"] == "registering" and lobby["clock"] is None
    assert [e["name"] for e in lobby["entrants"]] == [
        "Ann",
        "station-1",
        "station-2",
        "station-3",
        "Bob",
        "station-4",
    ]
    assert lobby["you"]["name"] == "Bob" and lobby["you"]["host"] is False
    # the invite reads the tournament too; nothing else does
    assert client.get(
        f"/api/tournaments/{room}", params={"invite": made["invite_secret"]}
    ).is_success
    assert client.get(f"/api/tournaments/{room}").status_code == 403
    assert client.get("/api/tournaments/nosuch", params={"token": host}).status_code == 404
    r = client.post(f"/api/tournaments/{room}/start", json={"token": host})
    assert r.status_code == 200, r.text
    started = r.json()
    quick = preset("quick")
    assert started["status"] == "playing"
    assert started["clock"]["level"] == 1 and started["clock"]["roman"] == "I"
    first, second = quick.levels[0], quick.levels[1]
    assert (started["clock"]["small_blind"], started["clock"]["big_blind"]) == first.blinds
    assert (started["clock"]["next"]["small_blind"], started["clock"]["next"]["big_blind"]) == (
        second.blinds
    )
    assert started["clock"]["hands_left"] == first.hands
    assert started["players_left"] == 6 and started["average_stack"] == quick.starting_stack
    assert started["prizes"] == [39, 21] and sum(started["prizes"]) == started["prize_pool"]
    assert started["you"]["table"] == f"{room}.1" and started["you"]["seat"] is not None
    # a tournament table refuses what a cash table allows
    with client.websocket_connect(f"/ws/{room}.1") as ws:
        ws.send_json({"type": "hello", "token": host, "since": None})
        until(ws, lambda m: m["type"] == "welcome")
        for msg, words in (
            ({"type": "leave"}, "chips"),
            ({"type": "sit", "seat": 1}, "draws"),
            ({"type": "rebuy", "caves": 1}, "tournament"),
        ):
            ws.send_json({**msg, "id": msg["type"]})
            refused = until(ws, lambda m: m["type"] == "error")
            assert refused["code"] in ("illegal", "not_seated"), refused
            assert words in refused["message"] or refused["code"] == "not_seated", refused
    # no joining once started, no second start
    r = client.post(
        f"/api/tournaments/{room}/join", json={"invite": made["invite_secret"], "name": "Cy"}
    )
    assert r.json()["error"]["code"] == "illegal"
    r = client.post(f"/api/tournaments/{room}/start", json={"token": host})
    assert r.json()["error"]["code"] == "illegal"


def test_a_bad_structure_is_refused_with_its_reason(client: TestClient) -> None:
    r = client.post("/api/tournaments", json={"name": "Ann", "preset": "turbo"})
    assert r.status_code == 400 and "turbo" in r.json()["error"]["message"]
    r = client.post("/api/tournaments", json={"name": "Ann", "structure": {"starting_stack": -5}})
    assert r.status_code == 400 and "starting_stack" in r.json()["error"]["message"]
    r = client.post("/api/tournaments", json={"name": "Ann", "play": False, "start": True})
    assert r.status_code == 400 and r.json()["error"]["code"] == "illegal"


def elsewhere(table: str, data: dict[str, Any]) -> bool:
    """Whether the tournament's read puts you at another table than ``table`` (or is over)."""
    return bool(data["you"]["table"] != table or data["status"] != "playing")


def test_a_person_plays_to_their_place_and_follows_the_final_table(client: TestClient) -> None:
    made = create(client, structure=SMALL, bots=5, level="station", start=True)
    room, token = made["tournament"], made["token"]
    start = read(client, room, token)
    assert len(start["tables"]) == 2 and sorted(len(t["players"]) for t in start["tables"]) == [
        3,
        3,
    ]
    tables_seen: list[str] = []
    while True:
        data = read(client, room, token)
        table = data["you"]["table"]
        if table is None or data["status"] != "playing":
            break
        tables_seen.append(table)
        with client.websocket_connect(f"/ws/{table}") as ws:
            ws.send_json({"type": "hello", "token": token, "since": None})
            welcome = until(ws, lambda m: m["type"] == "welcome")
            assert welcome["you"]["seat"] == data["you"]["seat"]
            # play (all in each time it can) until out, moved, or the end
            while True:
                m = until(ws, lambda m: m["type"] in ("state", "event", "error"))
                assert m["type"] != "error", m
                if (
                    m["type"] == "event"
                    and m["event"]["kind"] in ("moved", "busted", "table_broken", "tournament_over")
                    and m["event"].get("name", "Ann") == "Ann"
                ):
                    break
                if m["type"] == "state" and m["hand"] and m["hand"]["legal"]:
                    hand, legal = m["hand"], m["hand"]["legal"]
                    if legal["max_raise_to"]:
                        action = {"kind": "raise_to", "amount": legal["max_raise_to"]}
                    else:
                        action = {"kind": "check_or_call"}
                    ws.send_json(
                        {
                            "type": "act",
                            "hand": hand["number"],
                            "seq": hand["seq"],
                            "action": action,
                        }
                    )
        wait_for(client, room, token, functools.partial(elsewhere, table))
    final = wait_for(client, room, token, lambda d: d["you"]["place"] is not None)
    assert final["you"]["place"] in range(1, 7)
    mine = next(s for s in final["standings"] if s["name"] == "Ann")
    assert mine["place"] == final["you"]["place"] and mine["prize"] == final["you"]["prize"]
    assert final["chips"]["in_play"] == final["chips"]["issued"] == 6 * 300
    assert tables_seen[0] == start["you"]["table"]
    done = wait_for(client, room, token, lambda d: d["status"] == "finished")
    assert sum(s["prize"] for s in done["standings"]) == done["prize_pool"]
    out = done["eliminations"]
    assert len(out) == 5 and min(e["place"] for e in out) == 2
    assert all(sum(f["place"] == e["place"] for f in out) == e["shared"] for e in out)


def offline_room(
    players: list[str], bots: int, seed: int, config: TournamentConfig | None = None
) -> TournamentRoom:
    """A room of ``config`` (default ``SMALL``) with ``players`` (persons) and ``bots``
    stations, started, with no server: its entries applied by hand."""
    manager = SimpleNamespace(
        now=lambda: 0.0,
        _rng=lambda _t: random.Random(seed),
        settings=SimpleNamespace(bot_samples=1),
    )
    config = config if config is not None else TournamentConfig.from_dict(SMALL)
    room = TournamentRoom(manager, "r", config, {"timer": {}}, "h")  # type: ignore[arg-type]
    for pid, name in enumerate(players, 1):
        room.apply(room.decide_person(name, f"tok-{name}", host=pid == 1, plays=True))
    for entry in room.decide_bots(bots, "station"):
        room.apply(entry)
    room.apply({"k": "start", "seed": seed, "clock": 0.0})
    return room


def check_mirror(room: TournamentRoom) -> None:
    """Each table's session seats exactly the engine's players, persons included."""
    t = room.tournament
    assert t is not None
    for number, session in room.sessions.items():
        engine = t.tables.get(number)
        seats = [o.name if o is not None else None for o in session.seats]
        assert seats == (engine.seats if engine is not None else [None] * len(seats))
        for occ in session.seats:
            if occ is not None and occ.pid is not None:
                assert session.persons[occ.pid].seat == session.seats.index(occ)
        for person in session.persons.values():
            if person.seat is not None:
                occ = session.seats[person.seat]
                assert occ is not None and occ.pid == person.pid


def play_offline(room: TournamentRoom, rng: random.Random) -> set[str]:
    """Deal (the sessions' own decisions) and play (random legal actions) every table
    of ``room`` to the end, checking the chips and the seats after each hand (a person
    asked after a bust in the rebuy period rebuys or leaves at random); the players
    moved."""
    t = room.tournament
    assert t is not None
    moved: set[str] = set()
    while not t.finished:
        for name in list(room.asks):  # out of chips in the rebuy period: rebuy or leave
            person = next(p for p in room.persons.values() if p.name == name)
            room.apply(decide_bust(room, person, rebuy=rng.random() < 0.5))
            room.pending = {}
            t.check_chips()
        for number, session in list(room.sessions.items()):
            if not room.can_deal(number):
                continue
            deal = {**session.decide_hand(), "clock": 0.0}
            records = room.apply({"k": "t", "t": number, "e": deal})
            while session.current is not None:
                hand = session.current.hand
                act = {
                    "k": "act",
                    "hand": session.current.number,
                    "seq": len(session.current.actions) + 1,
                    "seat": session.actor_seat(),
                    "action": action_to_entry(random_legal_action(hand, rng)),
                    "clock": 0.0,
                }
                records += room.apply({"k": "t", "t": number, "e": act})
            for pending in room.pending.values():
                records += pending
            room.pending = {}
            moved |= {r.table["name"] for r in records if r.table and r.table["kind"] == "moved"}
            t.check_chips()
            check_mirror(room)
    assert all(s.closed for s in room.sessions.values())
    return moved


@pytest.mark.parametrize("seed", range(6))
def test_moves_and_breaks_keep_every_table_session_on_the_engines_seats(seed: int) -> None:
    room = offline_room(["Ann", "Bob"], 5, seed)
    assert room.tournament is not None and len(room.tournament.tables) == 3
    moved = play_offline(room, random.Random(seed))
    assert moved  # players changed tables, and each sat where the engine put them


@pytest.mark.parametrize("name", ["quick", "home", "french-pot", "mtt"])
def test_every_preset_plays_to_its_end_at_web_tables(name: str) -> None:
    """The French draw's deck follows the players dealt in; the forced bets by level."""
    config = preset(name)
    room = offline_room(["Ann"], config.entrants - 1, 3, config)
    play_offline(room, random.Random(4))
    t = room.tournament
    assert t is not None and t.finished
    assert sum(s.prize for s in t.standings()) == t.prize_pool


def test_icm_equities_on_request_share_the_prizes_left(client: TestClient) -> None:
    made = create(client, structure=SMALL, play=False, bots=6, level="station", start=True)
    room, token = made["tournament"], made["token"]
    data = read(client, room, token, icm="1")
    assert "icm" not in read(client, room, token)
    assert set(data["icm"]) == {e["name"] for e in data["entrants"]}
    left = data["prizes"][: data["players_left"]]
    assert sum(data["icm"].values()) == pytest.approx(sum(left), abs=0.1)
    assert data["you"]["table"] is None and data["you"]["watch"] == f"{room}.1"


def test_icm_is_refused_with_a_reason_for_a_field_too_large(client: TestClient) -> None:
    made = create(client, preset="mtt", play=False, bots=120, level="station", start=True)
    data = read(client, made["tournament"], made["token"], icm="1")
    assert data["players_left"] > 100 and len(data["prizes"]) > 10
    assert data["icm"] is None and "ICM" in data["icm_note"]
    count = int(data["icm_note"].rsplit(" ", 2)[1])
    assert 10 <= count < 60
    assert (
        _icm_work(count, len(data["prizes"]))
        <= ICM_WORK
        < _icm_work(count + 1, len(data["prizes"]))
    )


def test_a_stored_tournament_comes_back_from_its_journal(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'j.db'}"
    with TestClient(create_app(settings(db))) as c:
        made = create(c, structure=SMALL, play=False, bots=6, level="station", start=True)
        room, token = made["tournament"], made["token"]
        done = wait_for(c, room, token, lambda d: d["status"] == "finished")
    # a finished tournament is not in the working set any more, but it reads back whole
    with TestClient(create_app(settings(db))) as c:
        manager: TableManager = c.app.state.manager  # type: ignore[attr-defined]
        assert room not in manager.tournaments.rooms
        back = read(c, room, token)
        assert back["restored"] is True
        assert back["standings"] == done["standings"]
        assert back["eliminations"] == done["eliminations"]
        assert c.get(f"/api/tables/{room}.1", params={"token": token}).status_code == 200
        loaded: TournamentRoom = manager.tournaments.rooms[room]
        assert loaded.tournament is not None and loaded.tournament.finished
