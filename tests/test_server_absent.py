"""People who are not there, and the start of a table (docs/server.md, "Absent players").

In process (Starlette TestClient WebSockets, a fake clock): the host's Start, a
``join`` table starting when a second person sits, a person with no page open
sat out before the deal and back when their page connects, a person out of time
for a whole hand sat out until "I'm back", a table whose only person never
connects dealing nothing, a friend sitting during a hand shown with their cave,
and the resync's log and chat (the last hands, ``timed_out`` included, and the
last 100 chat lines), also after a restart.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS

from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.session import CHAT_LINES


class FakeClock:
    """The action timer's clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def settings(clock: FakeClock, db: str = "sqlite://") -> ServerSettings:
    return ServerSettings(
        db=db,
        clock=clock,
        bot_delay=0,
        hand_pause=0,
        tick=0.01,
        rng=lambda _t: random.Random(7),
        rate=1000,
        burst=1000,
        away_seconds=30,
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(clock: FakeClock) -> Iterator[TestClient]:
    with TestClient(create_app(settings(clock))) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Ann",
        "seat": 0,
        "config": {"players": 3},
        "timer": {"action_seconds": 0},
    }
    data.update(body)
    r = client.post("/api/tables", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def join(client: TestClient, table: dict[str, Any], name: str) -> dict[str, Any]:
    r = client.post(
        f"/api/tables/{table['table']}/join", json={"invite": table["invite_secret"], "name": name}
    )
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def info(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    r = client.get(
        f"/api/tables/{table['table']}", headers={"Authorization": f"Bearer {table['token']}"}
    )
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def until(ws: WS, pred: Callable[[dict[str, Any]], bool], limit: int = 3000) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("message not received")


def event(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "event" and m["event"]["kind"] == kind


def hello(ws: WS, token: str, since: int | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "since": since})
    return until(ws, lambda m: m["type"] == "welcome")


def answer(ws: WS, m: dict[str, Any]) -> None:
    """Check or call, stand pat, decline: the state ``m`` is this socket's turn."""
    h = m["hand"]
    kind = {"bet": "check_or_call", "draw": "discard"}.get(h["legal"]["decision"], "decline")
    ws.send_json({"type": "act", "hand": h["number"], "seq": h["seq"], "action": {"kind": kind}})


def my_turn(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["hand"] is not None and m["hand"]["legal"] is not None


def play_until(ws: WS, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Answer this socket's turns until a message satisfies ``done``."""
    acted: set[tuple[int, int]] = set()
    for _ in range(5000):
        m: dict[str, Any] = ws.receive_json()
        if done(m):
            return m
        if my_turn(m) and (m["hand"]["number"], m["hand"]["seq"]) not in acted:
            acted.add((m["hand"]["number"], m["hand"]["seq"]))
            answer(ws, m)
    raise AssertionError("never done")


def wait_for(pred: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not pred():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def test_no_hand_before_the_hosts_start(client: TestClient) -> None:
    t = create(client, bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as a,
        client.websocket_connect(f"/ws/{t['table']}") as b,
    ):
        hello(a, t["token"])
        hello(b, bob["token"])
        b.send_json({"type": "sit", "id": "s", "seat": 2})
        until(b, lambda m: m["type"] == "ack")
        time.sleep(0.2)  # many ticks of the table: still nothing dealt
        state = info(client, t)
        assert state["started"] is False and state["start"] == "host"
        assert state["hands_played"] == 0 and state["hand"] is None
        b.send_json({"type": "start", "id": "x"})
        err = until(b, lambda m: m["type"] == "error")
        assert err["code"] == "not_host" and err["id"] == "x"
        a.send_json({"type": "start", "id": "go"})
        started = until(a, event("started"))
        assert started["event"]["name"] == "Ann"
        dealt = until(a, event("hand_started"))
        assert dealt["event"]["number"] == 1 and dealt["event"]["seats"] == [0, 1, 2]
        a.send_json({"type": "start", "id": "again"})
        assert until(a, lambda m: m["type"] == "error" and m["id"] == "again")["code"] == "illegal"


def test_start_needs_two_players(client: TestClient) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        a.send_json({"type": "start", "id": 1})
        err = until(a, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and "2 are needed" in err["message"]
    assert info(client, t)["started"] is False


def test_join_table_starts_when_a_second_person_sits(client: TestClient) -> None:
    t = create(client, start="join", bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as a,
        client.websocket_connect(f"/ws/{t['table']}") as b,
    ):
        hello(a, t["token"])
        hello(b, bob["token"])
        time.sleep(0.2)  # Ann and a bot could play, but Ann waits for a friend
        assert info(client, t)["hands_played"] == 0
        b.send_json({"type": "sit", "seat": 2})
        started = until(a, event("started"))
        assert started["event"]["name"] is None
        assert until(a, event("hand_started"))["event"]["seats"] == [0, 1, 2]


def test_friend_sitting_during_a_hand_shows_the_cave(client: TestClient) -> None:
    t = create(client, start="now", bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as a,
        client.websocket_connect(f"/ws/{t['table']}") as b,
    ):
        hello(a, t["token"])
        until(a, my_turn)  # a hand is being played (waiting for Ann)
        hello(b, bob["token"])
        b.send_json({"type": "sit", "seat": 2})
        seated = until(b, event("seated"))
        assert seated["event"]["stack"] == 100
        state = until(b, lambda m: m["type"] == "state")
        assert state["table"]["seats"][2]["stack"] == 100 and state["hand"]["seats"] == [0, 1]
    assert info(client, t)["seats"][2]["stack"] == 100


def test_only_person_never_connects_so_nothing_is_dealt(client: TestClient) -> None:
    t = create(client, start="now", bots=[{"seat": 1, "level": "station"}])
    wait_for(lambda: info(client, t)["seats"][0]["away"])
    time.sleep(0.2)
    state = info(client, t)
    assert state["hands_played"] == 0 and state["seats"][0]["sitting_out"]
    assert state["chips"]["stacks"] == 200


def test_absent_person_is_sat_out_then_back_when_their_page_connects(
    client: TestClient, clock: FakeClock
) -> None:
    """Bob's page closes mid-hand: his turns are played for him after ``away_seconds``,
    he is not dealt the next hand (no ante), and he is back when his page connects."""
    t = create(client, start="now", bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        with client.websocket_connect(f"/ws/{t['table']}") as b:
            hello(b, bob["token"])
            b.send_json({"type": "sit", "seat": 2})
            until(b, lambda m: m["type"] == "ack")
            # Bob is dealt in from hand 2: Ann plays hand 1 out
            play_until(a, lambda m: m["type"] == "event" and m["event"]["kind"] == "hand_started"
                       and 2 in m["event"]["seats"])  # fmt: skip
        # Bob's page is gone: Ann plays, Bob's turns wait away_seconds, then are played
        timed_out: list[dict[str, Any]] = []

        def step(m: dict[str, Any]) -> bool:
            if m["type"] == "event" and m["event"]["kind"] == "timed_out":
                timed_out.append(m["event"])
            if m["type"] == "state" and m["hand"] and m["hand"]["actor"] == 2:
                clock.t += 31
            return bool(m["type"] == "event" and m["event"]["kind"] == "hand_ended")

        ended = play_until(a, step)
        assert timed_out and all(e["seat"] == 2 for e in timed_out)
        stack = ended["event"]["stacks"]["2"]
        away = until(a, event("sat_out"))
        assert away["event"] == {"kind": "sat_out", "seat": 2, "name": "Bob", "away": "offline"}
        nxt = until(a, event("hand_started"))
        assert nxt["event"]["seats"] == [0, 1]
        play_until(a, event("hand_ended"))
        assert info(client, t)["seats"][2]["stack"] == stack  # no ante, no chip lost
        # Bob's page connects again: he is back, dealt in at the next hand
        with client.websocket_connect(f"/ws/{t['table']}") as b:
            hello(b, bob["token"])
            back = until(a, event("sat_in"))
            assert back["event"]["seat"] == 2
            nxt = play_until(a, event("hand_started"))
            assert 2 in nxt["event"]["seats"]
    chips = info(client, t)["chips"]
    assert chips["stacks"] + chips["in_hand"] == chips["bought"] == 300


def test_out_of_time_for_a_whole_hand_sits_out_until_im_back(
    client: TestClient, clock: FakeClock
) -> None:
    """Ann's page stays open but she never acts: each turn times out; at the end of the
    hand she is sat out, and as the only person the table stops dealing until "I'm back"."""
    t = create(
        client,
        start="now",
        timer={"action_seconds": 10, "time_bank": 0},
        bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}],
    )
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        words: list[str] = []
        for _ in range(3000):
            m = a.receive_json()
            if my_turn(m):
                clock.t += 11
            if m["type"] == "event" and m["event"]["kind"] == "timed_out":
                words.append(m["event"]["action"])
            if m["type"] == "event" and m["event"]["kind"] == "sat_out":
                break
        assert m["event"] == {"kind": "sat_out", "seat": 0, "name": "Ann", "away": "timed_out"}
        assert words and set(words) <= {"check", "fold", "stand_pat", "decline"}
        state = until(a, lambda m: m["type"] == "state")
        assert state["you"]["sitting_out"] and state["you"]["away"]
        time.sleep(0.2)
        assert info(client, t)["hands_played"] == 1  # the bots alone deal nothing
        a.send_json({"type": "sit_in", "id": "back"})
        assert until(a, event("sat_in"))["event"]["seat"] == 0
        nxt = until(a, event("hand_started"))
        assert nxt["event"]["number"] == 2 and 0 in nxt["event"]["seats"]


def test_resync_keeps_the_log_the_timeouts_and_the_chat_across_a_restart(
    tmp_path: Path, clock: FakeClock
) -> None:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    texts = [f"line {i}" for i in range(CHAT_LINES + 20)]
    with TestClient(create_app(settings(clock, db))) as c:
        t = create(
            c,
            start="now",
            timer={"action_seconds": 10, "time_bank": 0},
            bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}],
        )
        with c.websocket_connect(f"/ws/{t['table']}") as a:
            hello(a, t["token"])
            for text in texts:
                a.send_json({"type": "chat", "text": text})
            # hand 1: Ann plays; hand 2: she lets her first turn time out, then plays
            play_until(a, event("hand_ended"))
            m = until(a, my_turn)
            clock.t += 11
            until(a, event("timed_out"))
            play_until(a, lambda m: my_turn(m) and m["hand"]["seq"] > 3)
        with c.websocket_connect(f"/ws/{t['table']}") as a:
            hello(a, t["token"])
            before = until(a, lambda m: m["type"] == "state")
    assert m["hand"]["number"] == 2
    assert before["resync"] and [e["event"]["text"] for e in before["chat"]] == texts[-CHAT_LINES:]
    kinds = [(e["hand"], e["event"]["kind"]) for e in before["log"]]
    assert (1, "hand_started") in kinds  # the hand before, to its end
    ends = [e["event"]["number"] for e in before["log"] if e["event"]["kind"] == "hand_ended"]
    assert ends == [1]
    assert (2, "timed_out") in kinds and not any(k == "chat" for _, k in kinds)
    numbers = [e["n"] for e in before["log"]]
    assert numbers == sorted(numbers)
    ann_cards = [e for e in before["log"] if e["event"]["kind"] == "cards_dealt"]
    assert all((e["event"]["seat"] == 0) == bool(e["event"]["cards"]) for e in ann_cards)
    # a restart rebuilds the same log and chat from the journal
    with (
        TestClient(create_app(settings(clock, db))) as c,
        c.websocket_connect(f"/ws/{t['table']}") as a,
    ):
        hello(a, t["token"])
        after = until(a, lambda m: m["type"] == "state")
    assert after["log"] == before["log"] and after["chat"] == before["chat"]
