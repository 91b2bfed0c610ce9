"""Protocol tests of the web tables, in process (Starlette TestClient WebSockets).

See docs/protocol.md: joining, acting, duplicates and stale actions, reconnecting
and resync, the timer on a fake clock, forged tokens, malformed and oversized
messages, the rate limit.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS

from pokerbonus.server import ServerSettings, create_app


class FakeClock:
    """The action timer's clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(clock: FakeClock) -> Iterator[TestClient]:
    settings = ServerSettings(
        db="sqlite://",
        clock=clock,
        bot_delay=0,
        hand_pause=0,
        tick=0.01,
        rng=lambda _t: random.Random(11),
        rate=1000,
        burst=1000,
    )
    with TestClient(create_app(settings)) as c:
        yield c


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": "Ann",
        "seat": 0,
        "config": {"players": 3},
        "timer": {"action_seconds": 0},
        "start": "now",
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


def until(ws: WS, pred: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("message not received")


def my_turn(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["hand"] is not None and m["hand"]["legal"] is not None


def hello(ws: WS, token: str, since: int | None = None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "since": since})
    return until(ws, lambda m: m["type"] == "welcome")


def test_create_join_sit_and_play_a_hand(client: TestClient) -> None:
    t = create(client, bots=[{"seat": 2, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as a,
        client.websocket_connect(f"/ws/{t['table']}") as b,
    ):
        assert hello(a, t["token"])["you"] == {"name": "Ann", "seat": 0, "host": True}
        assert hello(b, bob["token"])["you"]["seat"] is None
        b.send_json({"type": "sit", "id": "s1", "seat": 1})
        assert until(b, lambda m: m["type"] in ("ack", "error")) == {
            "type": "ack",
            "id": "s1",
            "of": "sit",
            "duplicate": False,
        }
        # both play check/call and stand pat until hand 1 ends (Ann's socket sees every turn)
        socks = {0: a, 1: b}
        acted: set[tuple[int, int]] = set()
        while True:
            m = until(
                a,
                lambda m: (
                    m["type"] == "state"
                    or (m["type"] == "event" and m["event"]["kind"] == "hand_ended")
                ),
            )
            if m["type"] == "event":
                break
            h = m["hand"]
            if h is None or h["actor"] not in socks or (h["number"], h["seq"]) in acted:
                continue
            if h["actor"] == 0:
                assert h["legal"] is not None and m["you"]["seat"] == 0
            else:
                assert h["legal"] is None and h["card_counts"]["1"] == 5
            acted.add((h["number"], h["seq"]))
            kind = "check_or_call" if h["decision"] == "bet" else "discard"
            socks[h["actor"]].send_json(
                {"type": "act", "hand": h["number"], "seq": h["seq"], "action": {"kind": kind}}
            )
        info = client.get(f"/api/tables/{t['table']}", params={"token": t["token"]}).json()
        chips = info["chips"]
        assert chips["stacks"] + chips["in_hand"] == chips["bought"] == 300
        assert info["hands_played"] >= 1
        phh = client.get(f"/api/tables/{t['table']}/hands/1.phh", params={"token": bob["token"]})
        assert phh.status_code == 200 and 'variant = "NFD"' in phh.text


def test_duplicate_is_acknowledged_once_and_stale_is_refused(client: TestClient) -> None:
    t = create(client, bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}])
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        m = until(a, my_turn)
        h = m["hand"]
        act = {
            "type": "act",
            "id": 1,
            "hand": h["number"],
            "seq": h["seq"],
            "action": {"kind": "check_or_call"},
        }
        a.send_json(act)
        assert until(a, lambda m: m["type"] == "ack")["duplicate"] is False
        n_after = client.get(f"/api/tables/{t['table']}", params={"token": t["token"]}).json()
        a.send_json(act)  # the same action again: acknowledged, nothing done
        assert until(a, lambda m: m["type"] in ("ack", "error")) == {
            "type": "ack",
            "id": 1,
            "of": "act",
            "duplicate": True,
        }
        again = client.get(f"/api/tables/{t['table']}", params={"token": t["token"]}).json()
        assert again["chips"] == n_after["chips"]
        # another action with an old sequence number is stale
        a.send_json({**act, "id": 2, "action": {"kind": "raise_to", "amount": 5}})
        err = until(a, lambda m: m["type"] in ("ack", "error"))
        assert err["code"] == "stale" and err["id"] == 2
        a.send_json({**act, "id": 3, "hand": h["number"] + 5})
        assert until(a, lambda m: m["type"] in ("ack", "error"))["code"] in (
            "stale",
            "not_your_turn",
        )


def test_out_of_turn_and_illegal_actions_change_nothing(client: TestClient) -> None:
    t = create(client, bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as a,
        client.websocket_connect(f"/ws/{t['table']}") as b,
    ):
        hello(a, t["token"])
        hello(b, bob["token"])
        b.send_json({"type": "sit", "seat": 2})
        m = until(a, my_turn)
        h = m["hand"]
        # Bob acts while Ann is to act
        b.send_json(
            {
                "type": "act",
                "id": 9,
                "hand": h["number"],
                "seq": h["seq"],
                "action": {"kind": "check_or_call"},
            }
        )
        err = until(b, lambda m: m["type"] == "error")
        assert err["code"] == "not_your_turn" and "seat 0 is to act" in err["message"]
        # Ann raises below the minimum
        a.send_json(
            {
                "type": "act",
                "id": 10,
                "hand": h["number"],
                "seq": h["seq"],
                "action": {"kind": "raise_to", "amount": 10**6},
            }
        )
        err = until(a, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and err["id"] == 10
        # Ann discards a card she does not hold
        a.send_json(
            {
                "type": "act",
                "id": 11,
                "hand": h["number"],
                "seq": h["seq"],
                "action": {"kind": "discard", "cards": ["Zz"]},
            }
        )
        assert until(a, lambda m: m["type"] == "error")["code"] == "malformed"
        # still Ann's turn, same sequence
        a.send_json(
            {
                "type": "act",
                "id": 12,
                "hand": h["number"],
                "seq": h["seq"],
                "action": {"kind": "check_or_call"},
            }
        )
        assert until(a, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_forged_token_is_refused_and_closed(client: TestClient) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token"})
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "bad_token"
    r = client.get(f"/api/tables/{t['table']}", params={"token": "forged"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{t['table']}/join", json={"invite": "wrong", "name": "Eve"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_invite"


def test_a_token_only_acts_for_its_own_seat(client: TestClient) -> None:
    t = create(client, seat=None, bots=[{"seat": 1, "level": "station"}])
    bob = join(client, t, "Bob")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as b,
        client.websocket_connect(f"/ws/{t['table']}") as a,
    ):
        hello(b, bob["token"])
        b.send_json({"type": "sit", "seat": 0})
        m = until(b, my_turn)
        hello(a, t["token"])  # Ann watches: she holds no seat
        h = m["hand"]
        a.send_json(
            {
                "type": "act",
                "id": 1,
                "hand": h["number"],
                "seq": h["seq"],
                "action": {"kind": "check_or_call"},
            }
        )
        assert until(a, lambda m: m["type"] == "error")["code"] == "not_seated"
        a.send_json({"type": "sit", "id": 2, "seat": 0})
        assert until(a, lambda m: m["type"] == "error")["code"] == "seat_taken"
        b.send_json({"type": "add_bot", "id": 3, "seat": 2, "level": "easy"})
        assert until(b, lambda m: m["type"] == "error")["code"] == "not_host"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": "launch"}', "malformed"),
        ('{"type": "sit", "seat": "zero"}', "malformed"),
        ('{"type": "sit", "seat": 1, "extra": true}', "malformed"),
        ('{"type": "chat", "text": "' + "x" * 5000 + '"}', "too_large"),
    ],
)
def test_malformed_and_oversized_messages(client: TestClient, text: str, code: str) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, t["token"])
        ws.send_text(text)
        err = until(ws, lambda m: m["type"] == "error")
        assert err["code"] == code and err["message"]
        ws.send_json({"type": "ping", "id": "p"})
        assert until(ws, lambda m: m["type"] == "pong")["id"] == "p"


def test_hello_first(client: TestClient) -> None:
    t = create(client)
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "sit", "seat": 1})
        assert ws.receive_json()["code"] == "hello_first"


def test_rate_limit_per_connection(clock: FakeClock) -> None:
    settings = ServerSettings(
        db="sqlite://", clock=clock, bot_delay=0, hand_pause=0, rate=1, burst=5
    )
    with TestClient(create_app(settings)) as c:
        t = create(c)
        with c.websocket_connect(f"/ws/{t['table']}") as ws:
            hello(ws, t["token"])
            for i in range(12):
                ws.send_json({"type": "ping", "id": i})
            answers = [until(ws, lambda m: m["type"] in ("pong", "error")) for _ in range(11)]
            limited = [m for m in answers if m["type"] == "error"]
            assert limited and all(m["code"] == "rate_limited" for m in limited)
            assert sum(m["type"] == "pong" for m in answers) <= 5


def test_reconnect_gets_missed_events_or_a_resync(client: TestClient) -> None:
    t = create(client, bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}])
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        m = until(a, my_turn)
        last = m["n"]
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        w = hello(a, t["token"], since=last - 3)
        got = [until(a, lambda m: m["type"] in ("event", "state")) for _ in range(4)]
        assert [g["n"] for g in got[:3]] == [last - 2, last - 1, last]
        assert got[3]["type"] == "state" and got[3]["resync"] is False and w["n"] == last
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        s = until(a, lambda m: m["type"] == "state")
        assert s["resync"] is True and s["hand"]["log"]
        mine = [e for e in s["hand"]["log"] if e["kind"] == "cards_dealt" and e["seat"] == 0]
        others = [e for e in s["hand"]["log"] if e["kind"] == "cards_dealt" and e["seat"] != 0]
        assert len(mine[0]["cards"]) == 5 and all(e["cards"] == [] for e in others)
        assert s["hand"]["hole"] == mine[0]["cards"]


def test_timer_checks_or_folds_on_expiry(client: TestClient, clock: FakeClock) -> None:
    t = create(
        client,
        bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}],
        timer={"action_seconds": 10, "time_bank": 5},
    )
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"])
        m = until(a, my_turn)
        assert m["hand"]["clock"]["action_left"] == 10 and m["hand"]["clock"]["bank_left"] == 5
        clock.t += 12  # the action clock ran out, 3 s of the bank are left: nothing happens yet
        time.sleep(0.1)
        clock.t += 4
        ev = until(a, lambda m: m["type"] == "event" and m["event"]["kind"] == "timed_out")
        assert ev["event"]["seat"] == 0
        # the action played for her, in the protocol's words (docs/protocol.md), is the next event
        nxt = until(a, lambda m: m["type"] == "event" and m["n"] == ev["n"] + 1)
        played = {"checked": "check", "called": "call", "folded": "fold", "drew": "stand_pat"}
        assert ev["event"]["action"] == played.get(nxt["event"]["kind"], "decline")
        assert nxt["event"]["kind"] in played or nxt["event"]["kind"] == "declined"
        st = until(a, lambda m: m["type"] == "state")
        assert st["you"]["time_bank"] == 0


def test_placeholder_page_is_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "<html" in r.text.lower()


def test_blind_kind_names_and_last_hand(client: TestClient) -> None:
    """blind_posted keeps its event kind (the blind's own kind is ``blind``); shown hands
    carry the engine's names; a state between hands still holds the last showdown."""
    from pokerbonus.cards import parse_cards
    from pokerbonus.hands import evaluate

    t = create(
        client,
        seat=None,
        config={"players": 3, "forced_bets": "blind"},
        bots=[{"seat": s, "level": "station"} for s in range(3)],
        max_hands=2,
        bots_alone=True,
    )
    with client.websocket_connect(f"/ws/{t['table']}") as a:
        hello(a, t["token"], since=0)  # the bots may have started: every event from the first
        blinds: list[dict[str, Any]] = []
        ended = 0
        while ended < 2:
            m = until(a, lambda m: m["type"] == "event")
            blinds += [m["event"]] if m["event"]["kind"] == "blind_posted" else []
            ended += m["event"]["kind"] == "hand_ended"
        assert blinds and all(b["blind"] in ("blind", "surblind") for b in blinds)
        last = until(a, lambda m: m["type"] == "state" and m["hand"] is None)["last_hand"]
    assert last["number"] == 2 and last["status"] == "finished"
    # stations call down: at least two hands are shown, each named as the engine names it
    assert len(last["shown"]) >= 2 and set(last["names"]) == set(last["shown"])
    for seat, cards in last["shown"].items():
        assert last["names"][seat] == evaluate(parse_cards(" ".join(cards)), deck=32).description
    assert sum(last["net"].values()) == 0
    # a page opened between hands gets it too, in its resync state
    with client.websocket_connect(f"/ws/{t['table']}") as b:
        hello(b, t["token"])
        s = until(b, lambda m: m["type"] == "state")
        assert s["resync"] and s["hand"] is None and s["last_hand"] == last


def test_config_schema_is_served(client: TestClient) -> None:
    from pokerbonus.web.schema import config_schema

    r = client.get("/api/config-schema")
    assert r.status_code == 200 and r.json() == config_schema()


def test_state_encoder_equals_each_receivers_state() -> None:
    """A broadcast's states, encoded once for all, equal each receiver's ``state_json``
    (built from their own view) at every step of bot hands: players, spectators, between
    hands, showdowns."""
    import json

    from pokerbonus.engine.config import TableConfig
    from pokerbonus.server.protocol import StateEncoder, state_json
    from pokerbonus.server.session import TableSession

    s = TableSession("t", TableConfig(players=4, rebuy="free"), rng=random.Random(5))
    for i, level in enumerate(("station", "easy", "medium")):
        s.apply(s.decide_bot(i + 1, level))
    s.apply(s.decide_person("Ann", "h1", host=True))
    ann = s.persons[1]
    s.apply(s.decide_sit(ann.pid, 0))
    s.apply(s.decide_person("Bob", "h2"))  # a spectator
    receivers = [ann, s.persons[2], None]
    checked = 0
    cache: dict[str, Any] = {}  # kept between broadcasts, as the table's actor does
    for _ in range(6):
        s.apply(s.decide_hand(), 0.0)
        while True:
            enc = StateEncoder(s, 0.0, {1: True})
            kept = StateEncoder(s, 0.0, {1: True}, cache)
            for p in receivers:
                want = state_json(s, p, 0.0, connected={1: True})
                assert json.loads(enc.text(p)) == want
                assert kept.text(p) == enc.text(p)
                checked += 1
            if s.current is None:
                break
            entry = s.decide_auto(0.0)
            if entry is None:  # Ann's turn: she checks or calls, stands pat
                legal = s.current.hand.legal_actions()
                kind = "check_or_call" if legal.decision == "bet" else "discard"
                hs = s.hand_seat(0)
                assert hs is not None and s.current.hand.actor == hs
                entry = {
                    "k": "act", "hand": s.current.number, "seq": s.seq, "seat": 0,
                    "action": {"kind": kind},
                }  # fmt: skip
            s.apply(entry, 0.0)
    assert checked > 100


def frames_until_hand_ended(ws: WS, limit: int = 2000) -> list[dict[str, Any]]:
    """Every frame up to the one holding hand 1's ``hand_ended`` event."""
    frames: list[dict[str, Any]] = []
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        frames.append(frame)
        inner = frame["messages"] if frame["type"] == "batch" else [frame]
        if any(m["type"] == "event" and m["event"]["kind"] == "hand_ended" for m in inner):
            return frames
    raise AssertionError("hand 1 did not end")


def flat(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages of the frames, up to hand 1's ``hand_ended`` event."""
    out = [m for f in frames for m in (f["messages"] if f["type"] == "batch" else [f])]
    end = next(
        i for i, m in enumerate(out) if m["type"] == "event" and m["event"]["kind"] == "hand_ended"
    )
    return out[: end + 1]


def test_batch_clients_get_the_same_messages_in_one_frame_per_change(client: TestClient) -> None:
    """A client that says ``batch`` in its ``hello`` gets each change's events, state and
    ack in one ``batch`` frame: the same messages, in the same order, as a client
    without it (two spectators compared over a hand)."""
    t = create(client, seat=None, bots=[{"seat": 1, "level": "station"}])
    bob, eve = join(client, t, "Bob"), join(client, t, "Eve")
    with (
        client.websocket_connect(f"/ws/{t['table']}") as plain,
        client.websocket_connect(f"/ws/{t['table']}") as batched,
        client.websocket_connect(f"/ws/{t['table']}") as a,
    ):
        hello(plain, bob["token"])
        until(plain, lambda m: m["type"] == "state")  # the resync
        batched.send_json({"type": "hello", "token": eve["token"], "batch": True})
        until(batched, lambda m: m["type"] == "batch")  # welcome and the resync together
        until(plain, lambda m: m["type"] == "state")  # Eve connected
        a.send_json({"type": "hello", "token": t["token"], "batch": True})
        a.send_json({"type": "sit", "seat": 0})
        acted: set[tuple[int, int]] = set()
        mine: list[dict[str, Any]] = []
        while True:
            frame: dict[str, Any] = a.receive_json()
            mine.append(frame)
            inner = frame["messages"] if frame["type"] == "batch" else [frame]
            if any(m["type"] == "event" and m["event"]["kind"] == "hand_ended" for m in inner):
                break
            states = [m for m in inner if m["type"] == "state"]
            h = states[-1]["hand"] if states else None
            if h is None or h["legal"] is None or (h["number"], h["seq"]) in acted:
                continue
            acted.add((h["number"], h["seq"]))
            kind = "check_or_call" if h["decision"] == "bet" else "discard"
            a.send_json(
                {"type": "act", "hand": h["number"], "seq": h["seq"], "action": {"kind": kind}}
            )
        seen_plain = flat(frames_until_hand_ended(plain))
        frames = frames_until_hand_ended(batched)
        seen_batched = flat(frames)
    assert acted and all(f["type"] != "event" for f in frames if f["type"] == "batch")
    assert len(frames) < len(seen_batched)  # several messages per frame
    for m in seen_plain + seen_batched:  # the two spectators differ only by name
        if m["type"] == "state":
            m["you"]["name"] = None
    assert seen_batched == seen_plain
    # the acting client's acks (its sit, its actions) come in the frames of their changes
    acks = [
        f["messages"] for f in mine if f["type"] == "batch" and f["messages"][-1]["type"] == "ack"
    ]
    assert len(acks) == 1 + len(acted) and all(m[-2]["type"] == "state" for m in acks)


def test_the_create_form_is_told_what_expert_plays_at_its_table(client: TestClient) -> None:
    heads_up = client.post("/api/expert-coverage", json={"config": {"players": 2}})
    assert heads_up.status_code == 200
    assert heads_up.json() == {
        "strategy": "draw-2p-no-limit-32",
        "text": "expert at this table: strategy draw-2p-no-limit-32",
    }
    six = client.post("/api/expert-coverage", json={"config": {"players": 6}}).json()
    assert six["strategy"] is None
    assert six["text"] == (
        "expert at this table: plays hard (no strategy for 6 players at 44 cards in no-limit)"
    )
    assert client.post("/api/expert-coverage", json={"config": {"players": 99}}).status_code == 400
    french = client.post(
        "/api/expert-coverage", json={"config": {"players": 2}}, headers={"Accept-Language": "fr"}
    ).json()
    assert french["text"] == "expert à cette table : stratégie draw-2p-no-limit-32"
