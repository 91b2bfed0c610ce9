"""Bot decisions off the event loop (docs/server.md, "Bots"): a bot thinking at one table
does not hold up another table's answers; a bot past ``bot_seconds`` plays the safe
action as a person out of time does; the bots' kernels are warmed before any table
is brought back or deals. In process (Starlette TestClient, its loop in a thread of its
own, so the test's thread can act while a bot thinks)."""

from __future__ import annotations

import random
import threading
import warnings
from collections.abc import Callable
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server import manager as manager_module
from pokerbonus.server.journal import Journal
from pokerbonus.server.workers import pool_size


class SlowBot(Bot):
    """A test bot that thinks until released, for at most ``seconds`` (2 s), then plays
    the safe action; it says whether it was released in time."""

    name = "slow"

    def __init__(self, seconds: float = 2.0) -> None:
        super().__init__(0)
        self.seconds = seconds
        self.thinking = threading.Event()
        self.release = threading.Event()
        self.released: list[bool] = []

    def decide(self, view: SeatView, info: GameInfo, budget: Budget | None = None) -> Action:
        self.thinking.set()
        self.released.append(self.release.wait(self.seconds))
        assert view.legal is not None
        return fallback_action(view.legal, view.hole)


def settings(**kw: Any) -> ServerSettings:
    base: dict[str, Any] = {
        "db": "sqlite://",
        "clock": lambda: 1000.0,
        "bot_delay": 0,
        "hand_pause": 0,
        "tick": 0.01,
        "rng": lambda _t: random.Random(5),
        "rate": 1000,
        "burst": 1000,
    }
    base.update(kw)
    return ServerSettings(**base)


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Ann", "seat": 0, "config": {"players": 2},
                            "timer": {"action_seconds": 0}}  # fmt: skip
    data.update(body)
    r = client.post("/api/tables", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def until(ws: WS, pred: Callable[[dict[str, Any]], bool], limit: int = 3000) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("message not received")


def my_turn(m: dict[str, Any]) -> bool:
    return m["type"] == "state" and m["hand"] is not None and m["hand"]["legal"] is not None


def slow_table(client: TestClient, bot: SlowBot) -> tuple[dict[str, Any], Any]:
    """A bots-only table (Ann hosts and watches) whose two bots are ``bot``, not started."""
    bots = [{"seat": 0, "level": "station"}, {"seat": 1, "level": "station"}]
    t = create(client, seat=None, bots=bots, bots_alone=True, max_hands=1, start="host")
    actor = client.app.state.manager.tables[t["table"]]  # type: ignore[attr-defined]
    for occ in actor.session.seats:
        occ.player = bot
    return t, actor


def test_a_thinking_bot_does_not_hold_up_another_table() -> None:
    """Table A's bot thinks (until released, 8 s at most: room for a loaded machine);
    meanwhile Bob acts at table B and gets his ack, then releases the bot: it was
    released while still thinking."""
    bot = SlowBot(seconds=8.0)
    with TestClient(create_app(settings())) as c:
        b = create(c, name="Bob", bots=[{"seat": 1, "level": "station"}], start="now")
        a, _ = slow_table(c, bot)
        with (
            c.websocket_connect(f"/ws/{b['table']}") as bob,
            c.websocket_connect(f"/ws/{a['table']}") as ann,
        ):
            bob.send_json({"type": "hello", "token": b["token"]})
            h = until(bob, my_turn)["hand"]
            ann.send_json({"type": "hello", "token": a["token"]})
            until(ann, lambda m: m["type"] == "welcome")
            ann.send_json({"type": "start", "id": "go"})
            assert bot.thinking.wait(10), "the bot never had to decide"
            action = {"kind": "check_or_call"}
            bob.send_json({"type": "act", "id": 1, "hand": h["number"], "seq": h["seq"],
                           "action": action})  # fmt: skip
            ack = until(bob, lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack", ack
            bot.release.set()
            until(ann, lambda m: m["type"] == "event" and m["event"]["kind"] == "hand_ended")
    assert bot.released[0] is True, "table B waited for table A's bot"


def test_a_bot_past_its_time_plays_the_safe_action() -> None:
    bot = SlowBot()
    try:
        with TestClient(create_app(settings(bot_seconds=0.2))) as c:
            a, actor = slow_table(c, bot)
            with c.websocket_connect(f"/ws/{a['table']}") as ann:
                ann.send_json({"type": "hello", "token": a["token"]})
                until(ann, lambda m: m["type"] == "welcome")
                ann.send_json({"type": "start"})
                moves = ("timed_out", "checked", "called", "folded", "bet_or_raised")
                first = until(ann, lambda m: m["type"] == "event" and m["event"]["kind"] in moves)
                assert first["event"]["kind"] == "timed_out", first
                assert first["event"]["action"] in ("check", "fold", "stand_pat", "decline")
                bot.release.set()  # later decisions answer at once
                until(ann, lambda m: m["type"] == "event" and m["event"]["kind"] == "hand_ended")
            cur = actor.session.hands[0]
            assert cur.timed_out and not cur.acted  # bots: nobody to sit out
    finally:
        bot.release.set()


def test_the_bots_are_warmed_before_any_table_comes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    order: list[str] = []

    def warm(games: tuple[str, ...]) -> dict[str, float]:
        order.append("warm " + ",".join(games))
        return dict.fromkeys(games, 0.0)

    real_load = Journal.load_tables

    def load(self: Any, **kw: Any) -> Any:
        order.append("load")
        return real_load(self, **kw)

    monkeypatch.setattr(manager_module, "warm_bots", warm)
    monkeypatch.setattr(Journal, "load_tables", load)
    with TestClient(create_app(settings(warm_games=("draw", "holdem")))):
        pass
    assert order == ["warm draw,holdem", "load"]
    with TestClient(create_app(settings())):
        pass
    assert order == ["warm draw,holdem", "load", "load"]  # the tests' default: no warming


def test_the_pool_is_sized_to_the_machine() -> None:
    assert pool_size(4) == 4 and pool_size(0) == 1
    assert pool_size() >= 2
