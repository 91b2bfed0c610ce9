"""A 27-player multi-table tournament of bots on a real server process (uvicorn on a
free loopback port), killed with SIGKILL in the middle of a level and started again
on the same database (RULES.md section 11; docs/tournaments.md, "On the web").

It runs to the end; after the restart the level and the time it had left are the
ones before the kill (the clock stops while the server is down), and the places of
the players out before the kill stand. The journal, replayed here entry by entry,
keeps the tables balanced at every step (no table between hands more than one player
larger than another), every chip in play, and ends with the standings the server
showed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx

from pokerbonus.engine.tournament_config import TournamentConfig
from pokerbonus.server.journal import Journal
from pokerbonus.server.tournaments import KIND, TournamentRoom

SERVER = """
import sys, uvicorn
from pokerbonus.server import ServerSettings, create_app
settings = ServerSettings(db=sys.argv[1], bot_delay=0.03, hand_pause=0, tick=0.02)
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""

LEVEL_SECONDS = 4.0

STRUCTURE: dict[str, Any] = {
    "name": "fast",
    "game": "holdem",
    "starting_stack": 1000,
    "entrants": 27,
    "seats_per_table": 9,
    "levels": [
        {"small_blind": b, "big_blind": 2 * b, "minutes": LEVEL_SECONDS / 60}
        for b in (10, 20, 40, 80, 160, 320, 640, 1280, 2560, 5120)
    ],
}


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER, db, str(port)],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    deadline = time.monotonic() + 120  # a loaded machine imports slowly
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


def read(port: int, room: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"http://127.0.0.1:{port}/api/tournaments/{room}", params={"token": token})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    assert data["chips"]["in_play"] == data["chips"]["issued"] == 27 * 1000
    return data


def replay_checked(db: str, room_id: str) -> TournamentRoom:
    """The room rebuilt from its journal, checking the tables and the chips after
    each entry."""
    journal = Journal(db)
    try:
        stored = journal.load_table(room_id)
    finally:
        journal.close()
    assert stored is not None
    manager = SimpleNamespace(
        now=lambda: 0.0, _rng=lambda _t: random.Random(0), settings=SimpleNamespace(bot_samples=1)
    )
    config = TournamentConfig.from_dict(stored.config[KIND])
    room = TournamentRoom(manager, room_id, config, stored.options, stored.invite)  # type: ignore[arg-type]
    settled = 0
    for entry in stored.entries:
        room.apply(entry)
        t = room.tournament
        if t is None:
            continue
        t.check_chips()
        counts = {k: len(table.players) for k, table in t.tables.items()}
        assert max(counts.values()) <= config.seats_per_table
        for k, table in t.tables.items():
            if table.hand is None:  # a table in a hand gives no player until it ends
                assert counts[k] - min(counts.values()) <= 1, (entry, counts)
        inner = entry.get("e", {})
        settled += inner.get("k") == "hand"
    assert settled >= 20  # hands were replayed (50 to 70 in a run: a bound, not a count)
    return room


def test_a_27_player_tournament_survives_a_kill_mid_level(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tournament.db'}"
    port = free_port()
    proc = start(db, port)
    try:
        r = httpx.post(
            f"http://127.0.0.1:{port}/api/tournaments",
            json={
                "name": "Host",
                "play": False,
                "structure": STRUCTURE,
                "bots": 27,
                "level": "random",
                "start": True,
            },
        )
        assert r.status_code == 201, r.text
        room, token = r.json()["tournament"], r.json()["token"]
        # mid-level, some players out, several tables still: cut it there
        deadline = time.monotonic() + 30
        while True:
            before = read(port, room, token)
            clock = before["clock"]
            left = clock["seconds_left"]
            if (
                before["players_left"] < 27
                and len(before["tables"]) > 1
                and left is not None
                and 2.5 <= left <= LEVEL_SECONDS - 0.5
            ):
                break
            assert time.monotonic() < deadline, before
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        time.sleep(LEVEL_SECONDS)  # the server is down for a whole level's time
        proc = start(db, port)
        after = read(port, room, token)
        assert after["restored"] is True
        assert after["clock"]["level"] == clock["level"]
        # the clock went on from the last entry before the kill (it ran again from the
        # replay, a moment before this read): without the stop the level would be over
        assert left - 2.0 <= after["clock"]["seconds_left"] <= left + 0.1
        out_before = {(e["name"], e["place"]) for e in before["eliminations"]}
        assert out_before <= {(e["name"], e["place"]) for e in after["eliminations"]}
        deadline = time.monotonic() + 40
        while after["status"] != "finished":
            assert time.monotonic() < deadline, after["players_left"]
            time.sleep(0.2)
            after = read(port, room, token)
        final = after
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    standings = final["standings"]
    assert len(standings) == 27 and standings[0]["place"] == 1
    places = [s["place"] for s in standings]
    assert all(places.count(s["place"]) == s["shared"] for s in standings)
    assert sum(s["prize"] for s in standings) == final["prize_pool"] == 27 * 10
    assert out_before <= {(s["name"], s["place"]) for s in standings}
    replayed = replay_checked(db, room)
    t = replayed.tournament
    assert t is not None and t.finished
    assert [(s.player, s.place, s.prize) for s in t.standings()] == [
        (s["name"], s["place"], s["prize"]) for s in standings
    ]
