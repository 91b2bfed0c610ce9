"""A web table's past hands and statistics as one person saw them
(:mod:`pokerbonus.server.hand_views`, the routes of :mod:`pokerbonus.server.hand_routes`).

The replayer deals each hand again and ends it as it was played, in every game; its
steps are the journal's actions and the events the person was sent live, and a table
rebuilt from its journal gives the same steps. The statistics of every player, read
through a person's own views, are those of the house's public facts, with known
answers on scripted hands (the blinds are not voluntary), and a folded hand's cards
are in no statistic and no step.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient

from pokerbonus.analysis.hand_facts import hand_facts
from pokerbonus.cards import Card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import CardsDealt
from pokerbonus.player_stats import aggregate
from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.hand_views import (
    count_hands,
    hand_list_json,
    hand_steps_json,
    replay_views,
    table_stats_json,
    uncounted,
    viewer_seat,
)
from pokerbonus.server.journal import Journal
from pokerbonus.server.session import ServerError, TableSession

TABLE_EVENTS = ("hand_started", "timed_out")
"""The table's own events numbered in a hand (the others are the engine's)."""


def bot_session(config: TableConfig, hands: int, seed: int = 3) -> TableSession:
    """A table of random bots that played ``hands`` hands."""
    s = TableSession("t", config, rng=random.Random(seed), bots_alone=True, max_hands=hands)
    for seat in range(config.players):
        s.apply(s.decide_bot(seat, "random"))
    while s.can_deal():
        s.apply(s.decide_hand())
        while s.current is not None:
            entry = s.decide_auto(0.0)
            assert entry is not None
            s.apply(entry)
        for entry in s.decide_between_hands():
            s.apply(entry)
    return s


@pytest.mark.parametrize(
    "config",
    [
        TableConfig(players=6, max_discard=5),  # the stub runs out: discards reshuffled
        TableConfig(game="holdem", players=4),
        TableConfig(game="razz", players=5),
    ],
    ids=["draw-6", "holdem-4", "razz-5"],
)
def test_a_replayed_hand_ends_as_it_was_played(config: TableConfig) -> None:
    s = bot_session(config, 25)
    reshuffled = 0
    for log in s.hands:
        for seat in (None, *range(len(log.seats))):
            views = replay_views(log, seat)
            assert len(views) == len(log.actions) + 1
            assert views[-1][1] == log.hand.view(seat), (log.number, seat)
            assert [actor for actor, _ in views[1:]] == [
                log.seats.index(table_seat) for table_seat, _ in log.actions
            ]
        reshuffled += any(type(e).__name__ == "StubReshuffled" for e in log.hand.events)
    if config.game == "draw":
        assert reshuffled > 0  # the seed is what deals the reshuffled stub again


def _sit_people(config: TableConfig, names: list[str], seed: int = 1) -> TableSession:
    s = TableSession("t", config, rng=random.Random(seed))
    for k, name in enumerate(names):
        s.apply(s.decide_person(name, f"h-{name}", host=k == 0))
        s.apply(s.decide_sit(s.person_by_name(name).pid, k))
    return s


def _act(s: TableSession, name: str, action: Action) -> None:
    assert s.current is not None
    pid = s.person_by_name(name).pid
    entry = s.decide_act(pid, s.current.number, s.seq, action)
    assert entry is not None
    s.apply(entry)


def _deal(s: TableSession) -> None:
    s.apply(s.decide_hand())


def _to_act(s: TableSession) -> str:
    seat = s.actor_seat()
    assert seat is not None
    occ = s.seats[seat]
    assert occ is not None
    return occ.name


def scripted_heads_up(second: bool = True) -> tuple[TableSession, dict[str, str]]:
    """Two hands of heads-up hold'em (blinds 1-2): in the first, the first to act
    raises to 6, the other calls, then folds to a bet of 6 on the flop; in the second,
    the first to act completes the small blind, the big blind checks, and both check
    to the showdown. Returns the session and who was who (raiser, caller)."""
    s = _sit_people(TableConfig(game="holdem", players=2), ["Ann", "Bob"])
    _deal(s)
    raiser = _to_act(s)
    caller = "Bob" if raiser == "Ann" else "Ann"
    _act(s, raiser, Action.raise_to(6))
    _act(s, caller, Action("check_or_call"))
    first = _to_act(s)
    other = caller if first == raiser else raiser
    _act(s, first, Action.raise_to(6))
    _act(s, other, Action("fold"))
    assert s.current is None and s.hands[0].hand.finished
    limper = ""
    if second:
        _deal(s)
        limper = _to_act(s)
        _act(s, limper, Action("check_or_call"))
        while s.current is not None:
            _act(s, _to_act(s), Action("check_or_call"))
    return s, {"raiser": raiser, "caller": caller, "bettor": first, "folder": other,
               "limper": limper}  # fmt: skip


def test_scripted_hands_give_the_known_statistics() -> None:
    s, who = scripted_heads_up()
    # the flop bet came from the player first to act after the flop; whoever it was, the
    # raiser of the first round won the hand's 12 chips if the caller folded to him, and
    # the second hand went to the showdown (its result: the engine's pot results)
    second = s.hands[1].hand
    won = {s.hands[1].names[hs]: sum(c for r in second.pot_results for t, c in r.shares if t == hs)
           for hs in range(2)}  # fmt: skip
    net2 = {s.hands[1].names[hs]: second.net[hs] for hs in range(2)}
    net1 = {s.hands[0].names[hs]: s.hands[0].hand.net[hs] for hs in range(2)}
    assert net1[who["folder"]] == -6 and net1[who["bettor"]] == 6
    for viewer in ("Ann", "Bob", None):
        person = s.person_by_name(viewer) if viewer else None
        stats = {p["player"]: p for p in table_stats_json(s, person)["players"]}
        assert set(stats) == {"Ann", "Bob"}
        for name, p in stats.items():
            c = p["counts"]
            assert p["hands"] == 2
            # VPIP: the first hand both (a raise, a call); the second only the small blind's
            # completion: the big blind's check is no voluntary chip
            assert c["vpip"] == 1 + (name == who["limper"]), (viewer, name, p)
            assert c["pfr"] == (name == who["raiser"])
            assert c["reraise_chances"] == (name == who["caller"]) and c["reraises"] == 0
            assert c["bets_raises"] == (name == who["raiser"]) + (name == who["bettor"])
            # calls: the caller's call of the raise, the limper's completion
            assert c["calls"] == (name == who["caller"]) + (name == who["limper"])
            assert c["saw_second_round"] == 2 and c["showdowns"] == 1
            assert c["won_showdowns"] == (won[name] > 0)
            assert p["vpip"] == 50.0 * c["vpip"] and p["wtsd"] == 50.0
            assert p["net"] == net1[name] + net2[name]
            # mbb/hand: thousandths of the big blind (2), the mean of the two hands
            assert p["mbb_per_hand"] == pytest.approx(1000 * (net1[name] + net2[name]) / 2 / 2)
            assert p["best_hand"] is not None  # both shown at the second hand's showdown


def _cards(obj: Any) -> set[str]:
    if isinstance(obj, str):
        return {obj} if len(obj) == 2 and obj[0] in "23456789TJQKA" and obj[1] in "cdhs" else set()
    if isinstance(obj, dict):
        return set().union(*(_cards(v) for k, v in obj.items() if k not in ("kind", "player")))
    if isinstance(obj, list):
        return set().union(*(_cards(v) for v in obj))
    return set()


def test_a_folded_hand_is_in_no_step_and_no_statistic_of_the_other() -> None:
    s, who = scripted_heads_up(second=False)  # (a new deck each hand: cards come again)
    first = s.hands[0]
    folder = first.names.index(who["folder"])
    hidden = {str(c) for e in first.hand.events if isinstance(e, CardsDealt) and e.seat == folder
              for c in e.cards}  # fmt: skip
    assert len(hidden) == 2
    other = s.person_by_name(who["bettor"])
    steps = hand_steps_json(s, 1, other)
    assert not _cards(steps) & hidden
    assert not _cards(table_stats_json(s, other)) & hidden
    assert not _cards(hand_steps_json(s, 1, None)) & hidden
    # the folder sees their own cards, from the deal on
    mine = hand_steps_json(s, 1, s.person_by_name(who["folder"]))
    assert set(mine["steps"][0]["hand"]["hole"]) == hidden
    # at the second hand's showdown both hands are shown, to everyone, at the last step
    s, who = scripted_heads_up()
    shown = {str(c) for cards in s.hands[1].hand.shown.values() for c in cards}
    assert len(shown) == 4
    watched = hand_steps_json(s, 2, None)["steps"]
    assert _cards(watched[-1]["hand"]["shown"]) == shown
    assert not _cards(watched[0]) & shown


def test_every_players_statistics_from_a_view_are_the_houses_public_facts() -> None:
    s = _sit_people(TableConfig(players=4, max_discard=5), ["Ann", "Bob"])
    for seat in (2, 3):
        s.apply(s.decide_bot(seat, "station" if seat == 2 else "random"))
    rng = random.Random(4)
    while len(s.hands) < 30:
        _deal(s)
        while s.current is not None:
            entry = s.decide_auto(0.0)
            if entry is None:  # a person's turn: a random legal action of theirs
                hand = s.current.hand
                legal = hand.legal_actions()
                from pokerbonus.bots import fallback_action

                action = fallback_action(legal, hand.hole_cards(legal.seat))
                if legal.decision == "bet" and rng.random() < 0.5:
                    action = Action("check_or_call")
                _act(s, _to_act(s), action)
            else:
                s.apply(entry)
        for entry in s.decide_between_hands():
            s.apply(entry)
        for seat, occ in enumerate(s.seats):
            if occ is not None and occ.pid is not None and s.ledger.stack(occ.name) == 0:
                s.apply(s.decide_rebuy(seat))
    house = aggregate(
        hand_facts(log.hand, s.config, log.names) for log in s.hands if log.status == "finished"
    )
    for viewer in ("Ann", "Bob", None):
        person = s.person_by_name(viewer) if viewer else None
        todo = uncounted(s, person)  # what a server counts in a worker thread
        assert [log.number for log, _ in todo] == list(range(1, 31))
        assert all(seat == viewer_seat(log, person) for log, seat in todo)
        count_hands(s, todo)
        assert uncounted(s, person) == []
        got = table_stats_json(s, person)
        assert got["hands"] == 30 and got["draw"] is True
        assert [p["player"] for p in got["players"]] == [e.player for e in s.ledger.entries()]
        for p in got["players"]:
            expected = house[p["player"]].to_json()
            if expected["best_hand"] is not None:
                for part in ("cards", "board"):
                    expected["best_hand"][part] = [
                        str(Card(c)) for c in expected["best_hand"][part]
                    ]
            assert p == expected
        # only cards shown at a showdown are in a statistic
        shown = {str(c) for log in s.hands for _, cards in log.hand.shown.items() for c in cards}
        assert _cards(got) <= shown
    listed = hand_list_json(s, s.person_by_name("Ann"))["hands"]
    assert [h["number"] for h in listed] == list(range(30, 0, -1))
    assert all(sum(h["net"].values()) == 0 and h["you"] == 0 for h in listed)


def test_a_hand_being_played_or_unknown_is_refused() -> None:
    s = _sit_people(TableConfig(game="holdem", players=2), ["Ann", "Bob"])
    _deal(s)
    for number in (0, 1, 2):
        with pytest.raises(ServerError) as caught:
            hand_steps_json(s, number, None)
        assert caught.value.code == "not_found"
    assert hand_list_json(s, None)["hands"] == []
    assert table_stats_json(s, None)["players"] == []


# -- through the server: the routes, the journal, a restart ------------------------------


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "tables.db")


def _settings(db: str) -> ServerSettings:
    return ServerSettings(
        db=db, bot_delay=0, hand_pause=0, tick=0.01, rng=lambda _t: random.Random(11),
        rate=1000, burst=1000,
    )  # fmt: skip


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(_settings(db))) as c:
        yield c


def _play(client: TestClient, hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A four-seat French draw table: Ann at seat 0 (checking, calling, exchanging a few
    cards at random), two bots and an empty seat, ``hands`` hands; Ann's messages."""
    body = {"name": "Ann", "seat": 0, "config": {"players": 4, "max_discard": 5},
            "timer": {"action_seconds": 0}, "start": "now", "max_hands": hands,
            "bots": [{"seat": 1, "level": "station"}, {"seat": 2, "level": "random"}]}  # fmt: skip
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    t: dict[str, Any] = made.json()
    rng = random.Random(2)
    got: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "since": 0})
        ended = 0
        while ended < hands:
            m = ws.receive_json()
            got.append(m)
            if m["type"] == "event" and m["event"]["kind"] == "hand_ended":
                ended += 1
            hand = m.get("hand") if m["type"] == "state" else None
            if hand and hand["legal"]:
                legal = hand["legal"]
                action: dict[str, Any] = {"kind": "check_or_call"}
                if legal["decision"] == "draw":
                    k = rng.randint(0, min(3, legal["max_discard"]))
                    action = {"kind": "discard", "cards": rng.sample(hand["hole"], k)}
                elif legal["decision"] != "bet":
                    action = {"kind": "decline"}
                ws.send_json({"type": "act", "hand": hand["number"], "seq": hand["seq"],
                              "action": action})  # fmt: skip
    return t, got


def test_the_replayers_steps_are_the_journals(db: str) -> None:
    hands = 4
    with TestClient(create_app(_settings(db))) as client:
        t, messages = _play(client, hands)
        auth = {"Authorization": f"Bearer {t['token']}"}
        steps = {n: client.get(f"/api/tables/{t['table']}/hands/{n}/steps", headers=auth).json()
                 for n in range(1, hands + 1)}  # fmt: skip
        watched = client.get(
            f"/api/tables/{t['table']}/hands/1/steps", params={"invite": t["invite_secret"]}
        ).json()
        stats = client.get(f"/api/tables/{t['table']}/stats", headers=auth).json()
        listed = client.get(f"/api/tables/{t['table']}/hands", params={"token": t["token"]})
    entries = Journal(db).load_table(t["table"])
    assert entries is not None
    for n, replay in steps.items():
        acts = sorted((e for e in entries.entries if e["k"] == "act" and e["hand"] == n),
                      key=lambda e: e["seq"])  # fmt: skip
        assert acts and [step["by"] for step in replay["steps"][1:]] == [e["seat"] for e in acts]
        live = [m["event"] for m in messages if m["type"] == "event" and m["hand"] == n]
        live = [e for e in live if e["kind"] not in TABLE_EVENTS]
        assert [e for step in replay["steps"] for e in step["events"]] == live
        ended = next(m["event"] for m in messages
                     if m["type"] == "event" and m["event"]["kind"] == "hand_ended"
                     and m["event"]["number"] == n)  # fmt: skip
        assert replay["steps"][-1]["hand"]["stacks"] == ended["stacks"]
        assert replay["you"] == 0 and len(replay["steps"][0]["hand"]["hole"]) == 5
    assert watched["you"] is None and all(not s["hand"]["hole"] for s in watched["steps"])
    assert stats["hands"] == hands and {p["player"] for p in stats["players"]} == {
        "Ann", "station-1", "random-1",
    }  # fmt: skip
    assert listed.status_code == 200 and len(listed.json()["hands"]) == hands
    # a restart rebuilds the table from its journal: the same steps, the same statistics
    with TestClient(create_app(_settings(db))) as again:
        for n, replay in steps.items():
            answer = again.get(f"/api/tables/{t['table']}/hands/{n}/steps", headers=auth)
            assert answer.json() == replay
        assert again.get(f"/api/tables/{t['table']}/stats", headers=auth).json() == stats


def test_the_reads_need_a_token_or_the_invite(client: TestClient) -> None:
    t, _ = _play(client, 1)
    base = f"/api/tables/{t['table']}"
    for path in ("/hands", "/hands/1/steps", "/stats"):
        for params in ({}, {"token": "forged"}, {"invite": "forged"}):
            answer = client.get(base + path, params=params)
            assert answer.status_code == 403, (path, params)
            assert answer.json()["error"]["code"] == "bad_token"
        assert client.get(base + path, params={"token": t["token"]}).status_code == 200
    for number in (0, 2, 99):
        answer = client.get(f"{base}/hands/{number}/steps", params={"token": t["token"]})
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    assert client.get("/api/tables/nosuch/stats", params={"token": "x"}).status_code == 404


def test_a_voided_hand_is_listed_and_replayed_up_to_its_void() -> None:
    s = _sit_people(TableConfig(game="holdem", players=2), ["Ann", "Bob"])
    _deal(s)
    _act(s, _to_act(s), Action("check_or_call"))
    void = s.decide_void()
    assert void is not None
    s.apply(void)
    ann = s.person_by_name("Ann")
    (listed,) = hand_list_json(s, ann)["hands"]
    assert listed["status"] == "voided" and listed["net"] == {} and listed["you"] == 0
    replay = hand_steps_json(s, 1, ann)
    assert replay["status"] == "voided" and len(replay["steps"]) == 2
    assert not replay["steps"][-1]["hand"]["finished"]
    assert table_stats_json(s, ann)["hands"] == 0  # a voided hand counts in no statistic
