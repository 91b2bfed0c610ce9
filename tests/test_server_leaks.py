"""No hidden card leaves the server: every message of 300 hands (1,000 in the long
suite), checked against
the engine's ground truth (docs/protocol.md, "Each receiver gets its own messages"),
and every step of every hand's replay, the list of past hands and the statistics as
each reader gets them after the session.

Two seats are played by people (their connections answer from their own states),
two by bots; a spectator listens. A card may appear in a message to a person only
if they were dealt or served it in that hand, or it was shown at the showdown
before that message; a spectator only sees shown cards.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import pytest

from pokerbonus.engine.events import BoardDealt, CardsDealt, CardsServed, Shown
from pokerbonus.server.app import BotSpec, Conn, ServerSettings, TableManager, TimerSpec
from pokerbonus.server.app import CreateTable as Create
from pokerbonus.server.hand_views import hand_list_json, hand_steps_json, table_stats_json
from pokerbonus.server.mailbox import Connect, Intent
from pokerbonus.server.protocol import parse_client
from pokerbonus.server.session import TableSession

CARD = re.compile(r"^(Jk|[2-9TJQKA][cdhs])$")
HANDS = 300
"""Hands of the CI run; the long suite plays :data:`LONG_HANDS`."""
LONG_HANDS = 1000


def cards_in(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj} if CARD.match(obj) else set()
    if isinstance(obj, dict):
        return set().union(*(cards_in(v) for k, v in obj.items() if k not in ("kind", "name")))
    if isinstance(obj, list):
        return set().union(*(cards_in(v) for v in obj))
    return set()


class FakeWS:
    """Stands for the socket: the connection's outbox is what would be sent."""


async def play(tmp_db: str, hands: int = HANDS) -> None:
    settings = ServerSettings(
        db=tmp_db, bot_delay=0, hand_pause=0, tick=0.05, rng=lambda _t: random.Random(5)
    )
    manager = TableManager(settings)
    await manager.start()
    made = await manager.create_table(
        Create(
            name="Ann",
            seat=0,
            config={"players": 4, "max_discard": 5},
            bots=[BotSpec(seat=1, level="random"), BotSpec(seat=3, level="station")],
            timer=TimerSpec(action_seconds=0),
            max_hands=hands,
            bots_alone=True,
            start="now",
        )
    )
    actor = manager.tables[made["table"]]
    session = actor.session
    bob_token, eve_token = "bob-secret", "eve-secret"
    from pokerbonus.server.app import hash_secret

    await actor.call(lambda: actor.change([session.decide_person("Bob", hash_secret(bob_token))]))
    await actor.call(lambda: actor.change([session.decide_person("Eve", hash_secret(eve_token))]))
    await actor.call(lambda: actor.change([session.decide_sit(2, 2)]))
    conns = {name: Conn(FakeWS()) for name in ("Ann", "Bob", "Eve")}  # type: ignore[arg-type]
    for name, token in (("Ann", made["token"]), ("Bob", bob_token), ("Eve", eve_token)):
        actor.queue.put_nowait(Connect(conns[name], token, None))
    recorded: dict[str, list[dict[str, Any]]] = {name: [] for name in conns}
    rng = random.Random(9)
    seats = {"Ann": 0, "Bob": 2}
    answered: set[tuple[str, int, int]] = set()
    loop = asyncio.get_running_loop()
    give_up = loop.time() + 600
    while True:
        assert loop.time() < give_up, f"stuck after {session.hands_played} hands"
        progressed = False
        for name, conn in conns.items():
            while not conn.outbox.empty():
                text = conn.outbox.get_nowait()
                if text is None:
                    continue
                progressed = True
                msg = json.loads(text)
                recorded[name].append(msg)
                hand = msg.get("hand") if msg["type"] == "state" else None
                if name in seats and msg["type"] == "state" and hand is None:
                    mine = msg["table"]["seats"][seats[name]]
                    key = (name, -1, msg["table"]["hands_played"])
                    if mine and mine["stack"] == 0 and key not in answered:
                        answered.add(key)
                        actor.queue.put_nowait(Intent(conn, parse_client('{"type": "rebuy"}')))
                if name in seats and hand and hand["legal"] and hand["actor"] == seats[name]:
                    key = (name, hand["number"], hand["seq"])
                    if key in answered:
                        continue
                    answered.add(key)
                    legal = hand["legal"]
                    if legal["decision"] == "bet":
                        roll = rng.random()
                        if legal["min_raise_to"] is not None and roll < 0.2:
                            action = {"kind": "raise_to", "amount": legal["min_raise_to"]}
                        elif legal["can_fold"] and roll < 0.4:
                            action = {"kind": "fold"}
                        else:
                            action = {"kind": "check_or_call"}
                    elif legal["decision"] == "draw":
                        k = rng.randint(0, min(legal["max_discard"], 3))
                        action = {"kind": "discard", "cards": rng.sample(hand["hole"], k)}
                    else:
                        action = {"kind": "decline"}
                    text = json.dumps(
                        {
                            "type": "act",
                            "hand": hand["number"],
                            "seq": hand["seq"],
                            "action": action,
                        }
                    )
                    actor.queue.put_nowait(Intent(conn, parse_client(text)))
        if session.hands_played >= hands and session.current is None and not progressed:
            break
        await asyncio.sleep(0 if progressed else 0.001)
    # ground truth: the engine's events of each hand, numbered from its hand_started
    # event (n = first_n + 1 + index: no clock runs, so no timeout event comes between)
    checked = 0
    for name, messages in recorded.items():
        last_n = 0
        for msg in messages:
            if msg["type"] in ("event", "state"):
                last_n = msg["n"]  # a state includes every event up to its n
            # (part, its hand, public only): a state's last_hand holds shown cards only
            parts: list[tuple[Any, Any, bool]] = [(msg, msg.get("hand"), False)]
            if msg["type"] == "state":
                last = msg["last_hand"]
                parts = [(msg["hand"], msg["hand"] and msg["hand"]["number"], False)]
                parts.append((msg["you"], None, False))
                parts.append((msg["table"], None, False))
                parts.append((last, last and last["number"], True))
            for part, hand_no, public in parts:
                seen = cards_in(part)
                if not seen:
                    continue
                assert isinstance(hand_no, int), msg
                log = session.hands[hand_no - 1]
                me = log.names.index(name) if name in log.names and not public else None
                allowed: set[str] = set()
                for i, event in enumerate(log.hand.events):
                    if log.first_n + 1 + i > last_n:
                        break
                    if (
                        isinstance(event, CardsDealt | CardsServed) and event.seat == me
                    ) or isinstance(event, Shown):
                        allowed |= {str(c) for c in event.cards}
                assert seen <= allowed, (name, msg, seen - allowed)
                checked += 1
    assert session.hands_played == hands
    assert checked > hands
    assert past_hands_leak_nothing(session) > hands
    chips = session.chips()
    assert chips["stacks"] + chips["in_hand"] == chips["bought"]
    await manager.stop()


def past_hands_leak_nothing(session: TableSession) -> int:
    """The replayer's steps, the list of past hands and the statistics, as each person
    and a spectator reads them after the session (docs/protocol.md, "Past hands and
    statistics"): at each step of a hand a card is the reader's own (dealt or served
    to them by then), face up, or shown at the showdown by then; the list names no
    card; a statistic only cards shown at some showdown. The number of parts checked."""
    every_shown = {
        str(c) for log in session.hands for cards in log.hand.shown.values() for c in cards
    }
    checked = 0
    for name in ("Ann", "Bob", "Eve", None):
        person = session.person_by_name(name) if name is not None else None
        assert not cards_in(hand_list_json(session, person))
        assert cards_in(table_stats_json(session, person)) <= every_shown
        for log in session.hands:
            replay = hand_steps_json(session, log.number, person)
            me = log.names.index(name) if name in log.names else None
            assert replay["you"] == (log.seats[me] if me is not None else None)
            done = 0
            for step in replay["steps"]:
                done += len(step["events"])
                allowed: set[str] = set()
                for event in log.hand.events[:done]:
                    if isinstance(event, CardsDealt | CardsServed | Shown | BoardDealt) and (
                        isinstance(event, Shown | BoardDealt)  # public
                        or (isinstance(event, CardsDealt) and event.face == "up")
                        or event.seat == me  # the reader's own
                    ):
                        allowed |= {str(c) for c in event.cards}
                seen = cards_in(step)
                assert seen <= allowed, (name, log.number, seen - allowed)
                checked += bool(seen)
    return checked


def test_no_card_leaks_over_three_hundred_hands() -> None:
    asyncio.run(play("sqlite://"))


@pytest.mark.long
def test_no_card_leaks_over_a_thousand_hands() -> None:
    asyncio.run(play("sqlite://", LONG_HANDS))
