"""Web tables play every catalog game with the same forced bets as the terminal table.

A hold'em and a seven-card stud table are played by bots over the protocol
(blinds, straddle, antes and bring-in checked on the first events of each hand,
chips conserved); the kill ("look at two and kill") is accepted over a session at
a lowball table, its kill blind posted, and a replay of the journal gives the
same events.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient

from pokerbonus.bots.base import GameInfo, standard_discard
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted
from pokerbonus.engine.table import hand_mode, hand_stakes
from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.protocol import ActionModel, action_from_model
from pokerbonus.server.session import EventRecord, TableSession


@pytest.fixture
def client() -> Iterator[TestClient]:
    settings = ServerSettings(
        db="sqlite://",
        clock=lambda: 1000.0,
        bot_delay=0,
        hand_pause=0,
        tick=0.01,
        rng=lambda _t: random.Random(5),
        rate=1000,
        burst=1000,
    )
    with TestClient(create_app(settings)) as c:
        yield c


def play_bots(
    client: TestClient,
    config: dict[str, Any],
    hands: int,
    created: list[dict[str, Any]] | None = None,
) -> list[list[dict[str, Any]]]:
    """Create a bots-only table of ``config``, watch ``hands`` hands; each hand's events
    (from its ``hand_started``), and check the chips after the last one. ``created``
    gets the creation's answer (the table id and the host's token)."""
    players = int(config["players"])
    r = client.post(
        "/api/tables",
        json={
            "name": "Ann",
            "seat": None,
            "config": config,
            "timer": {"action_seconds": 0},
            "bots": [{"seat": s, "level": "station"} for s in range(players)],
            "max_hands": hands,
            "bots_alone": True,
            "start": "now",
        },
    )
    assert r.status_code == 201, r.text
    t = r.json()
    if created is not None:
        created.append(t)
    out: list[list[dict[str, Any]]] = []
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "since": 0})
        for _ in range(20000):
            m = ws.receive_json()
            if m["type"] != "event":
                continue
            event = m["event"]
            if event["kind"] == "hand_started":
                out.append([])
            if out:
                out[-1].append(event)
            if event["kind"] == "hand_ended" and len(out) == hands:
                break
        else:
            raise AssertionError("the hands did not end")
    info = client.get(f"/api/tables/{t['table']}", params={"token": t["token"]}).json()
    chips = info["chips"]
    assert chips["stacks"] + chips["in_hand"] == chips["bought"] == 100 * players
    assert info["hands_played"] == hands
    for hand in out:
        ended = hand[-1]
        assert ended["kind"] == "hand_ended" and sum(ended["net"].values()) == 0
    return out


def clockwise_after(dealer: int, seats: list[int]) -> list[int]:
    """The dealt-in seats clockwise from the one after the dealer."""
    i = seats.index(dealer)
    return seats[i + 1 :] + seats[: i + 1]


def test_holdem_table_posts_blinds_and_straddle(client: TestClient) -> None:
    config = {
        "game": "holdem",
        "players": 4,
        "betting": "no-limit",
        "small_blind": 1,
        "big_blind": 2,
        "straddle": True,
    }
    hands = play_bots(client, config, 4)
    dealers = [h[0]["dealer"] for h in hands]
    assert len(set(dealers)) > 1  # the button moves
    for hand in hands:
        start = hand[0]
        assert start["mode"] == "blind" and start["killer"] is None
        order = clockwise_after(start["dealer"], start["seats"])
        posted = hand[1:4]
        assert [e["kind"] for e in posted] == ["blind_posted"] * 3
        assert [(e["seat"], e["blind"], e["amount"]) for e in posted] == [
            (order[0], "small", 1),
            (order[1], "big", 2),
            (order[2], "straddle", 4),
        ]
        assert not any(e["kind"] == "ante_posted" for e in hand)


def test_heads_up_holdem_dealer_posts_the_small_blind(client: TestClient) -> None:
    config = {"game": "holdem", "players": 2, "betting": "no-limit", "big_blind": 2}
    for hand in play_bots(client, config, 3):
        start = hand[0]
        other = next(s for s in start["seats"] if s != start["dealer"])
        assert [(e["seat"], e["blind"]) for e in hand[1:3]] == [
            (start["dealer"], "small"),
            (other, "big"),
        ]


@pytest.mark.parametrize(
    ("config", "variant"),
    [
        ({"game": "holdem", "players": 3, "betting": "no-limit", "big_blind": 2}, "NT"),
        ({"game": "seven-card-stud", "players": 3, "betting": "limit", "small_bet": 4,
          "big_bet": 8, "ante": 1, "bring_in": 2}, "F7S"),
    ],
)  # fmt: skip
def test_hand_histories_of_other_games_download_in_their_phh_code(
    client: TestClient, config: dict[str, Any], variant: str
) -> None:
    """A hold'em or stud hand of a web table downloads in PHH with the game's own code
    (it was written with the French draw's house rules and failed), reads back, and
    gives a spectator no hole card of a hand not shown."""
    from pokerbonus.notation import UNKNOWN, DealHole, ShowOrMuck, loads

    created: list[dict[str, Any]] = []
    hands = play_bots(client, config, 2, created)
    t = created[0]
    for n in (1, 2):
        r = client.get(f"/api/tables/{t['table']}/hands/{n}.phh", params={"token": t["token"]})
        assert r.status_code == 200, r.text
        assert f'variant = "{variant}"' in r.text
    every = client.get(f"/api/tables/{t['table']}/hands.phhs", params={"token": t["token"]})
    assert every.status_code == 200, every.text
    histories = loads(every.text, multi=True)
    assert [h.hand for h in histories] == [1, 2] == [len(hands) - 1, len(hands)]
    for history in histories:
        assert history.finishing_stacks is not None
        assert sum(history.finishing_stacks) == sum(history.starting_stacks)
        showed = {a.player for a in history.actions if isinstance(a, ShowOrMuck) and a.cards}
        for a in history.actions:
            if isinstance(a, DealHole) and a.player not in showed:
                assert set(a.cards) == {UNKNOWN}, a


def test_stud_table_posts_antes_and_a_bring_in(client: TestClient) -> None:
    config = {
        "game": "seven-card-stud",
        "players": 3,
        "betting": "limit",
        "small_bet": 4,
        "big_bet": 8,
        "ante": 1,
        "bring_in": 2,
    }
    for hand in play_bots(client, config, 3):
        start = hand[0]
        assert start["mode"] == "pot"
        antes = [e for e in hand if e["kind"] == "ante_posted"]
        assert sorted(e["seat"] for e in antes) == sorted(start["seats"])
        assert all(e["amount"] == 1 for e in antes)
        blinds = [e for e in hand if e["kind"] == "blind_posted"]
        assert [(b["blind"], b["amount"]) for b in blinds] == [("bring-in", 2)]
        # the bring-in is posted after third street's up cards, before any other bet
        first_bet = next(
            i for i, e in enumerate(hand) if e["kind"] in ("called", "raised", "folded", "bet")
        )
        assert hand.index(blinds[0]) < first_bet


def test_session_deals_the_stakes_of_the_engine_table() -> None:
    """Every hand's stakes equal hand_stakes of its journal entry (one source of truth)."""
    config = TableConfig(game="holdem", players=3, small_blind=1, big_blind=2, straddle=True)
    s = TableSession("t", config, rng=random.Random(2), bots_alone=True, max_hands=2)
    for seat in range(3):
        s.apply(s.decide_bot(seat, "station"))
    entry = s.decide_hand()
    s.apply(entry)
    assert s.hand is not None
    assert s.hand.stakes == hand_stakes(config, "blind", None)
    assert (entry["mode"], entry["min_opening"]) == hand_mode(config, s.schedule, 3)
    assert s.hand.stakes.straddle and s.hand.stakes.ante == 0


def lowball_session(seed: int) -> TableSession:
    config = TableConfig(
        game="deuce-to-seven-triple-draw",
        players=3,
        betting="limit",
        small_blind=1,
        big_blind=2,
        small_bet=2,
        big_bet=4,
        kill="full",
        look_at_two=True,
    )
    s = TableSession("t", config, rng=random.Random(seed), max_hands=60)
    s.apply(s.decide_person("Ann", "h-ann", host=True))
    s.apply(s.decide_sit(s.person_by_name("Ann").pid, 0))
    for seat in (1, 2):
        s.apply(s.decide_bot(seat, "station"))
    return s


def test_kill_is_accepted_at_a_look_at_two_table_and_replays() -> None:
    """Ann raises every hand she can (the stations call) and draws as they do; when
    she is offered the kill after two cards (any player may kill, RULES.md section 8
    as changed this month, no earlier scoop needed), she takes it through the
    protocol's action model and posts twice the big blind. Replaying the journal
    gives the same events."""
    s = lowball_session(0)
    ann = s.person_by_name("Ann")
    journal: list[dict[str, Any]] = []
    events: list[EventRecord] = []
    killed: list[int] = []

    def apply(entry: dict[str, Any]) -> None:
        journal.append(entry)
        events.extend(s.apply(entry))

    while s.can_deal() and len(killed) < 2:
        for entry in s.decide_between_hands():
            apply(entry)
        if s.ledger.stack("Ann") == 0:
            apply(s.decide_rebuy(0))
        apply(s.decide_hand())
        while s.current is not None:
            auto = s.decide_auto(0.0)
            if auto is not None:
                apply(auto)
                continue
            hand = s.current.hand
            legal = hand.legal_actions()
            action: Action
            if legal.decision == "kill":
                assert legal.offer_amount == 4 and s.current.killer is None  # no killer yet
                action = action_from_model(ActionModel(kind="kill"), hand.hole_cards(legal.seat))
                killed.append(s.current.number)
            elif legal.decision == "bet" and legal.min_raise_to is not None:
                action = Action.raise_to(legal.min_raise_to)
            elif legal.decision == "bet":
                action = Action.check_or_call()
            else:  # draws: the standard lowball draw, as the stations draw
                held = hand.hole_cards(legal.seat)
                action = Action.discard(standard_discard(held, GameInfo.from_game(hand.game, 3)))
            mine = s.decide_act(ann.pid, s.current.number, s.seq, action)
            assert mine is not None
            apply(mine)
    assert killed, "the kill offer never came up"
    number = killed[0]
    hand_events = [r.event for r in events if r.hand == number and r.event is not None]
    posts = [e for e in hand_events if isinstance(e, BlindPosted)]
    assert [e.kind for e in posts].count("kill") == 1
    killer = next(e.seat for e in posts if e.kind == "kill")
    # the kill blind replaces the killer's own blind: twice the big blind in all
    assert sum(e.amount for e in posts if e.seat == killer) == 4
    started = next(r.table for r in events if r.table and r.table.get("number") == number)
    assert started["kind"] == "hand_started" and started["killer"] is None  # a kill by choice
    assert s.chips()["stacks"] + s.chips()["in_hand"] == s.chips()["bought"]

    replay = lowball_session(0)
    replayed: list[EventRecord] = []
    for entry in journal:
        replayed.extend(replay.apply(entry))
    assert [(r.n, r.hand, r.event, r.table) for r in replayed] == [
        (r.n, r.hand, r.event, r.table) for r in events
    ]
    assert replay.kill is not None and s.kill is not None
    assert replay.kill.killer == s.kill.killer
    assert replay.chips() == s.chips()


def test_the_protocol_accepts_the_kill_action() -> None:
    assert action_from_model(ActionModel(kind="kill"), ()) == Action("kill")
