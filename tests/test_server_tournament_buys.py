"""Rebuys, the add-on, the question after a bust, late registration and deals of a web
tournament (RULES.md section 11; docs/tournaments.md, "On the web";
``server/tournament_buys.py``).

Most tests drive a room with no server: its entries are decided by the room and by
its tables' sessions and applied in order, as the actors do, and each one is kept;
at the end the kept stream is applied to a new room (what a restart does) and must
give the same tournament. The HTTP tests check the routes, their refusals in English
and French, and a late registration that a restart of the server keeps.
"""

from __future__ import annotations

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

from pokerbonus.bots.tournament import accepts_deal
from pokerbonus.engine.actions import Action
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import random_legal_action
from pokerbonus.engine.tournament import Tournament
from pokerbonus.engine.tournament_config import TournamentConfig
from pokerbonus.notation import loads
from pokerbonus.server import ServerSettings, create_app
from pokerbonus.server.history import hand_phh_text
from pokerbonus.server.session import EventRecord, ServerError, action_to_entry
from pokerbonus.server.tournament_buys import (
    ANSWER_SECONDS,
    decide_bust,
    decide_deal,
    decide_deal_answer,
    decide_rebuy,
    due_answers,
    queued_buys,
)
from pokerbonus.server.tournament_read import room_json
from pokerbonus.server.tournaments import TournamentRoom

Entry = dict[str, Any]
Policy = Callable[[str, Hand], Action]


def structure(**fields: Any) -> dict[str, Any]:
    """Tables of three, levels of three hands, rebuys in levels I and II (two each), the
    add-on at level II, late registration in level I."""
    base: dict[str, Any] = {
        "name": "rebuys",
        "game": "holdem",
        "starting_stack": 300,
        "seats_per_table": 3,
        "rebuy_levels": 2,
        "max_rebuys": 2,
        "addon_chips": 500,
        "late_registration_levels": 1,
        "levels": [{"small_blind": b, "big_blind": 2 * b, "hands": 3} for b in (10, 20, 40, 80)],
    }
    base.update(fields)
    return base


class Room:
    """A web tournament's room with no server: a clock of our own, and every entry
    applied kept in ``journal``."""

    def __init__(self, persons: list[str], bots: int, seed: int, **fields: Any) -> None:
        self.now = 0.0
        self.seed = seed
        self.config = TournamentConfig.from_dict(structure(**fields))
        self.room = self._room()
        self.journal: list[Entry] = []
        self.records: list[EventRecord] = []
        r = self.room
        for pid, name in enumerate(persons, 1):
            self.apply(r.decide_person(name, f"tok-{name}", host=pid == 1, plays=True))
        for entry in r.decide_bots(bots, "station") if bots else []:
            self.apply(entry)
        self.apply({"k": "start", "seed": seed, "clock": self.now})

    def _room(self) -> TournamentRoom:
        manager = SimpleNamespace(
            now=lambda: self.now,
            _rng=lambda table: random.Random(f"{self.seed}-{table}"),
            settings=SimpleNamespace(bot_samples=1),
        )
        return TournamentRoom(manager, "r", self.config, {"timer": {}}, "h")  # type: ignore[arg-type]

    @property
    def t(self) -> Tournament:
        assert self.room.tournament is not None
        return self.room.tournament

    def person(self, name: str) -> Any:
        return next(p for p in self.room.persons.values() if p.name == name)

    def apply(self, entry: Entry) -> list[EventRecord]:
        records = self.room.apply(entry)
        for pending in self.room.pending.values():
            records += pending
        self.room.pending = {}
        self.journal.append(entry)
        self.records += records
        if self.room.tournament is not None:
            self.room.tournament.check_chips()
        return records

    def table_entry(self, number: int, entry: Entry) -> list[EventRecord]:
        return self.apply({"k": "t", "t": number, "e": {**entry, "clock": self.now}})

    def play_hand(
        self, number: int, policy: Policy, rng: random.Random, bots: Policy | None = None
    ) -> list[EventRecord]:
        """Deal and play one hand at table ``number``: persons by ``policy``, bots by
        ``bots`` (default: at random)."""
        records = self.table_entry(number, self.room.sessions[number].decide_hand())
        return records + self.play_out(number, policy, rng, bots)

    def play_out(
        self, number: int, policy: Policy, rng: random.Random, bots: Policy | None = None
    ) -> list[EventRecord]:
        """Play the hand under way at table ``number`` to its end (as :meth:`play_hand`)."""
        session = self.room.sessions[number]
        records: list[EventRecord] = []
        while session.current is not None:
            hand = session.current.hand
            seat = session.actor_seat()
            assert seat is not None
            occ = session.seats[seat]
            assert occ is not None
            if occ.bot is None:
                action = policy(occ.name, hand)
            else:
                action = bots(occ.name, hand) if bots else random_legal_action(hand, rng)
            records += self.table_entry(
                number,
                {
                    "k": "act",
                    "hand": session.current.number,
                    "seq": len(session.current.actions) + 1,
                    "seat": seat,
                    "action": action_to_entry(action),
                },
            )
        return records

    def play(
        self,
        policy: Policy,
        rng: random.Random,
        until: Callable[[], bool],
        bots: Policy | None = None,
    ) -> None:
        """Play hands at every table that may deal until ``until()`` (or nothing can deal)."""
        for _ in range(500):
            if until():
                return
            dealt = False
            for number in list(self.room.sessions):
                if self.room.can_deal(number) and not until():
                    self.play_hand(number, policy, rng, bots)
                    dealt = True
            if not dealt:
                break
        assert until(), "the condition never came"

    def replayed(self) -> TournamentRoom:
        """A new room from the kept stream, as a restart rebuilds it."""
        room = self._room()
        for entry in self.journal:
            room.apply(entry)
        return room


def state(room: TournamentRoom) -> dict[str, Any]:
    """What a restart must give again: the whole tournament, the questions and the deal."""
    t = room.tournament
    assert t is not None
    seats = {n: [o.name if o else None for o in s.seats] for n, s in room.sessions.items()}
    offer = room.offer
    return {
        "tournament": t.to_dict() if all(x.hand is None for x in t.tables.values()) else None,
        "stacks": dict(t.stacks),
        "finishes": list(t.finishes),
        "prize_pool": t.prize_pool,
        "issued": t.chips_issued,
        "seats": seats,
        "asks": {k: (a.table, a.deadline, a.answer) for k, a in room.asks.items()},
        "offer": None
        if offer is None
        else (offer.kind, offer.status, offer.amounts, offer.answers),
        "closed": [s.closed for s in room.sessions.values()],
    }


def folds(name: str, hand: Hand) -> Action:
    """A person who folds whenever they may (else checks)."""
    legal = hand.legal_actions()
    return Action("fold") if legal.can_fold else Action("check_or_call")


def shoves(name: str, hand: Hand) -> Action:
    """A person all in each time."""
    legal = hand.legal_actions()
    if legal.max_raise_to:
        return Action("raise_to", legal.max_raise_to)
    return Action("check_or_call")


def calls(name: str, hand: Hand) -> Action:
    """A calling station."""
    return Action("check_or_call")


def kinds(records: list[EventRecord], kind: str) -> list[dict[str, Any]]:
    return [dict(r.table) for r in records if r.table is not None and r.table["kind"] == kind]


def made(entry: Entry | None) -> Entry:
    """A rebuy decided between hands: an entry (not a request waiting for a hand's end)."""
    assert entry is not None
    return entry


def refused(decide: Callable[[], Entry | None], words: str) -> None:
    with pytest.raises(ServerError) as exc:
        decide()
    assert exc.value.code in ("illegal", "malformed"), exc.value.code
    assert words in exc.value.message, exc.value.message


# -- rebuys and the add-on -----------------------------------------------------------------


def test_a_person_rebuys_in_the_rebuy_period_at_or_below_the_starting_stack() -> None:
    r = Room(["Ann", "Bob"], 1, seed=1)
    room, t, ann, bob = r.room, r.t, r.person("Ann"), r.person("Bob")
    pool, issued = t.prize_pool, t.chips_issued
    records = r.apply(
        made(decide_rebuy(room, ann, addon=False))
    )  # 300 chips: at the starting stack
    assert t.stacks["Ann"] == 600 and t.rebuys["Ann"] == 1
    assert t.prize_pool == pool + r.config.buy_in and t.chips_issued == issued + 300
    [said] = kinds(records, "rebought")
    assert said["name"] == "Ann" and said["chips"] == 300 and said["stack"] == 600
    session = room.sessions[t.table_of("Ann").id]
    assert session.ledger.stack("Ann") == 600  # the table shows it
    refused(lambda: decide_rebuy(room, ann, addon=False), "600 chips, more than the starting")
    refused(lambda: decide_rebuy(room, ann, addon=True), "only at level II")
    # to level III, past the rebuy period
    rng = random.Random(2)
    r.play(folds, rng, lambda: t.clock().number == 3)
    assert t.stacks["Bob"] <= 300  # folded every hand
    refused(lambda: decide_rebuy(room, bob, addon=False), "rebuy period is over (levels I to II)")
    assert t.rebuys["Bob"] == 0
    assert state(r.replayed()) == state(room)


def test_the_add_on_at_the_last_rebuy_level_only_and_once() -> None:
    r = Room(["Ann", "Bob"], 1, seed=3)
    room, t, ann, bob = r.room, r.t, r.person("Ann"), r.person("Bob")
    refused(lambda: decide_rebuy(room, ann, addon=True), "only at level II, the last")
    rng = random.Random(4)
    r.play(folds, rng, lambda: t.clock().number == 2)
    before, pool = t.stacks["Ann"], t.prize_pool
    records = r.apply(made(decide_rebuy(room, ann, addon=True)))
    assert t.stacks["Ann"] == before + 500 and t.addons == {"Ann"}
    assert t.prize_pool == pool + r.config.effective_addon_cost
    assert kinds(records, "rebought")[0]["addon"] is True
    refused(lambda: decide_rebuy(room, ann, addon=True), "has taken it already")
    r.play(folds, rng, lambda: t.clock().number == 3)
    refused(lambda: decide_rebuy(room, bob, addon=True), "only at level II")
    assert t.addons == {"Ann"}
    assert state(r.replayed()) == state(room)


def test_a_rebuy_asked_for_during_the_persons_hand_is_made_at_its_end() -> None:
    r = Room(["Ann"], 2, seed=5)
    room, t = r.room, r.t
    number = t.table_of("Ann").id
    r.table_entry(number, room.sessions[number].decide_hand())
    assert decide_rebuy(room, r.person("Ann"), addon=False) is None  # waits for the hand
    assert room.queued == {"Ann": False}
    assert queued_buys(room, number) == []  # not while the hand is played
    you = room_json(room, r.person("Ann"))["you"]
    assert you["queued"] == "rebuy" and "made once this hand is over" in you["rebuy_refusal"]
    r.play_out(number, folds, random.Random(1))  # Ann folds: her stack stays at the start's
    before = t.stacks["Ann"]
    (entry,) = queued_buys(room, number)
    assert entry["k"] == "rebuy" and entry["name"] == "Ann" and room.queued == {}
    r.apply(entry)
    assert t.rebuys["Ann"] == 1
    assert t.stacks["Ann"] == before + t.config.effective_rebuy_chips
    assert state(r.replayed()) == state(room)


def test_a_rebuy_asked_for_during_a_hand_that_wins_chips_is_dropped() -> None:
    r = Room(["Ann"], 2, seed=5)
    room, t = r.room, r.t
    number = t.table_of("Ann").id
    r.table_entry(number, room.sessions[number].decide_hand())
    assert decide_rebuy(room, r.person("Ann"), addon=False) is None
    r.play_out(number, shoves, random.Random(1), bots=folds)
    assert t.stacks["Ann"] > t.config.starting_stack  # she won the blinds: above it now
    assert queued_buys(room, number) == [] and room.queued == {}
    assert t.rebuys["Ann"] == 0


# -- a bust in the rebuy period --------------------------------------------------------------


def bust(r: Room, name: str, rng: random.Random) -> list[EventRecord]:
    """Play (``name`` all in each time, the bots calling) until ``name`` is asked to rebuy
    or leave."""
    start = len(r.records)
    r.play(shoves, rng, lambda: name in r.room.asks, bots=calls)
    return r.records[start:]


def test_a_bust_in_the_rebuy_period_asks_then_rebuying_keeps_the_player_in() -> None:
    r = Room(["Ann"], 2, seed=6)
    room, t, ann = r.room, r.t, r.person("Ann")
    rng = random.Random(7)
    records = bust(r, "Ann", rng)
    number = t.table_of("Ann").id
    [asked] = kinds(records, "rebuy_asked")
    assert asked["name"] == "Ann" and asked["seconds"] == ANSWER_SECONDS
    assert asked["chips"] == 300
    # the hand is over, not settled: the table waits for Ann's answer
    assert room.sessions[number].current is None and t.tables[number].hand is not None
    assert not room.can_deal(number) and "Ann" in t.players_left()
    assert room.asks["Ann"].deadline == pytest.approx(r.now + ANSWER_SECONDS)
    refused(lambda: decide_rebuy(room, ann, addon=True), "rebuy first (or leave)")
    records = r.apply(made(decide_rebuy(room, ann, addon=False)))  # the rebuy is the answer
    assert not room.asks and t.tables[number].hand is None
    assert t.stacks["Ann"] == 300 and t.rebuys["Ann"] == 1
    assert "Ann" in t.players_left() and all(f.player != "Ann" for f in t.finishes)
    assert "Ann" in [e["name"] for e in kinds(records, "rebought")]  # a bot broke too, maybe
    assert room.can_deal(number) or t.finished
    refused(lambda: decide_bust(room, ann, rebuy=True), "nobody asked you")
    assert state(r.replayed()) == state(room)


def test_a_bust_in_the_rebuy_period_then_leaving_places_the_player() -> None:
    r = Room(["Ann"], 2, seed=9)
    room, t, ann = r.room, r.t, r.person("Ann")
    bust(r, "Ann", random.Random(9))
    left = len(t.players_left())
    records = r.apply(decide_bust(room, ann, rebuy=False))
    [out] = kinds(records, "busted")
    assert out["name"] == "Ann" and out["place"] == left
    assert [f.place for f in t.finishes if f.player == "Ann"] == [left]
    assert t.rebuys["Ann"] == 0 and not room.asks
    refused(lambda: decide_bust(room, ann, rebuy=False), "by losing their chips")
    assert state(r.replayed()) == state(room)


def test_no_answer_in_time_is_leaving_and_broke_bots_rebuy() -> None:
    r = Room(["Ann"], 2, seed=10)
    room, t = r.room, r.t
    records = bust(r, "Ann", random.Random(11))
    number = t.table_of("Ann").id
    due, later = due_answers(room, number)
    assert due == [] and later == pytest.approx(ANSWER_SECONDS)
    r.now += ANSWER_SECONDS
    due, later = due_answers(room, number)
    assert later is None and [(e["k"], e["name"], e["rebuy"]) for e in due] == [
        ("bust", "Ann", False)
    ]
    records += r.apply(due[0])
    assert any(f.player == "Ann" for f in t.finishes) and not room.asks
    # the bots that went broke in the rebuy period bought again, as in the terminal
    bots_broke = [e["name"] for e in kinds(r.records, "rebought") if e["name"] != "Ann"]
    assert all(t.rebuys[name] >= 1 for name in bots_broke)
    assert state(r.replayed()) == state(room)


# -- late registration -----------------------------------------------------------------------


def test_late_registration_up_to_its_level_then_refused() -> None:
    r = Room(["Ann"], 2, seed=12)
    room, t = r.room, r.t
    rng = random.Random(13)
    r.play(folds, rng, lambda: t.hands_elapsed >= 1)
    pool = t.prize_pool
    records = r.apply(room.decide_person("Zoe", "tok-Zoe", host=False, plays=True))
    # the only table was full: the engine opens table 2 for her
    number = t.table_of("Zoe").id
    assert number == 2 and t.entrants[-1] == "Zoe" and t.prize_pool == pool + 10
    seat = t.tables[number].seats.index("Zoe")
    assert room.sessions[number].seats[seat] is not None
    assert [e["name"] for e in kinds(records, "seated")] == ["Zoe"]
    zoe = r.person("Zoe")
    assert all(zoe.pid in s.persons for s in room.sessions.values())  # she may watch any table
    # balanced after the next hand of table 1: two players at each table
    r.play(folds, rng, lambda: len(t.tables[2].players) == 2)
    assert sorted(len(x.players) for x in t.tables.values()) == [2, 2]
    r.play(folds, rng, lambda: t.clock().number == 2)
    refused(
        lambda: room.decide_person("Yan", "tok-Yan", host=False, plays=True),
        "late registration closed at the end of level I",
    )
    assert state(r.replayed()) == state(room)


def test_no_late_registration_in_a_structure_without_it() -> None:
    r = Room(["Ann"], 2, seed=14, late_registration_levels=0)
    refused(
        lambda: r.room.decide_person("Zoe", "tok", host=False, plays=True),
        "has started (no late registration)",
    )


# -- deals -----------------------------------------------------------------------------------


DEALS: dict[str, Any] = {"rebuy_levels": 0, "max_rebuys": None, "addon_chips": 0,
                         "payouts": [65, 35], "buy_in": 1000}  # fmt: skip
"""One table of three, two paid places (65/35): ICM and chips differ."""


def test_a_deal_refused_by_one_changes_nothing_then_accepted_by_all() -> None:
    r = Room(["Ann", "Bob"], 1, seed=15, **DEALS)
    room, t, ann, bob = r.room, r.t, r.person("Ann"), r.person("Bob")
    r.play(folds, random.Random(16), lambda: t.hands_elapsed >= 4, bots=shoves)
    (bot,) = room.bots
    assert len(set(t.stacks.values())) == 3  # three different stacks: a deal worth making
    before = state(room)
    terms = t.deal_amounts("icm")
    records = r.apply(decide_deal(room, ann, "icm"))
    offer = room.offer
    assert offer is not None and offer.amounts == terms and offer.status == "open"
    assert kinds(records, "deal_proposed")[0]["amounts"] == terms
    assert offer.answers == {"Ann": True, "Bob": None, bot: True}  # the bot: at once
    assert not room.can_deal(1)  # the table waits for the answers
    refused(lambda: decide_deal(room, bob, "chips"), "already being decided")
    refused(lambda: decide_rebuy(room, bob, addon=False), "deal is being decided")
    records = r.apply(decide_deal_answer(room, bob, accept=False))
    assert kinds(records, "deal_refused")[0]["names"] == ["Bob"]
    assert offer.status == "refused" and not t.finished and room.can_deal(1)
    unchanged = {k: v for k, v in state(room).items() if k != "offer"}
    assert unchanged == {k: v for k, v in before.items() if k != "offer"}
    # a chip chop that everyone accepts ends the tournament with the engine's amounts
    chop = t.deal_amounts("chips")
    assert chop != terms
    r.apply(decide_deal(room, bob, "chips"))
    records = r.apply(decide_deal_answer(room, ann, accept=True))
    assert room.offer is not None and room.offer.status == "made"
    assert t.finished and t.deal == chop and kinds(records, "deal_made")
    standings = t.standings()
    assert {s.player: s.prize for s in standings} == chop
    assert sum(s.prize for s in standings) == t.prize_pool == 3000
    assert [s.player for s in standings] == sorted(chop, key=lambda p: -t.stacks[p])
    assert [s.place for s in standings] == [1, 2, 3]
    assert all(s.closed for s in room.sessions.values())
    assert state(r.replayed()) == state(room)


@pytest.mark.parametrize(("seed", "answer"), [(15, False), (21, True)])
def test_a_bot_answers_a_deal_by_the_terminals_rule(seed: int, answer: bool) -> None:
    """A short-stacked bot refuses a chip chop worth well below its ICM equity."""
    r = Room(["Ann", "Bob"], 1, seed=seed, **DEALS)
    room, t = r.room, r.t
    r.play(calls, random.Random(16), lambda: t.hands_elapsed >= 6, bots=folds)
    (bot,) = room.bots
    chop, equities = t.deal_amounts("chips"), t.icm()
    assert accepts_deal(chop[bot], equities[bot], sum(t.place_prizes())) is answer
    records = r.apply(decide_deal(room, r.person("Ann"), "chips"))
    assert room.offer is not None and room.offer.answers[bot] is answer
    if not answer:
        assert room.offer.status == "refused" and room.offer.refused_by == [bot]
        assert kinds(records, "deal_refused")[0]["names"] == [bot] and room.can_deal(1)
    else:
        assert room.offer.status == "open"
    assert not t.finished


def test_a_deal_accepted_by_every_person_is_made() -> None:
    r = Room(["Ann", "Bob", "Cy"], 0, seed=17, **DEALS)
    room, t = r.room, r.t
    r.play(folds, random.Random(18), lambda: t.hands_elapsed >= 2)
    amounts = t.deal_amounts("icm")
    pool = t.prize_pool
    r.apply(decide_deal(room, r.person("Cy"), "icm"))
    refused(lambda: decide_deal_answer(room, r.person("Cy"), accept=True), "answered already")
    r.apply(decide_deal_answer(room, r.person("Ann"), accept=True))
    assert not t.finished
    records = r.apply(decide_deal_answer(room, r.person("Bob"), accept=True))
    assert t.finished and t.deal == amounts and t.prize_pool == pool
    assert sum(amounts.values()) == pool
    assert kinds(records, "deal_made")[0]["amounts"] == amounts
    assert len(kinds(records, "tournament_over")) == 1
    assert state(r.replayed()) == state(room)


def test_a_deal_is_refused_with_its_reason_away_from_the_final_table() -> None:
    r = Room(["Ann", "Bob"], 3, seed=19)  # five players: two tables
    refused(lambda: decide_deal(r.room, r.person("Ann"), "icm"), "only at the final table")
    refused(lambda: decide_deal(r.room, r.person("Ann"), "half"), "expected 'icm' or 'chips'")
    refused(lambda: decide_deal_answer(r.room, r.person("Ann"), accept=True), "no deal")


def test_a_deal_left_unanswered_lapses() -> None:
    r = Room(["Ann", "Bob", "Cy"], 0, seed=20, **DEALS)
    room, t = r.room, r.t
    r.apply(decide_deal(room, r.person("Ann"), "chips"))
    r.now += ANSWER_SECONDS
    due, _ = due_answers(room, 1)
    assert [(e["k"], e["name"], e["accept"], e["timeout"]) for e in due] == [
        ("deal_answer", "Bob", False, True)
    ]
    records = r.apply(due[0])
    assert kinds(records, "deal_refused")[0]["timeout"] is True
    assert room.offer is not None and room.offer.status == "refused" and not t.finished
    assert state(r.replayed()) == state(room)


# -- over HTTP -------------------------------------------------------------------------------


def settings(db: str = "sqlite://") -> ServerSettings:
    return ServerSettings(db=db, clock=lambda: 1000.0, bot_delay=0, hand_pause=0, tick=0.01,
                          rng=lambda _t: random.Random(7), rate=1000, burst=1000)  # fmt: skip


MINUTES = structure(
    levels=[{"small_blind": 10, "big_blind": 20, "minutes": 10}],
    rebuy_levels=1,
    addon_chips=0,
)
"""A level of ten minutes on a clock that stands still: late registration stays open."""


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(settings())) as c:
        yield c


def post(client: TestClient, path: str, body: dict[str, Any], **headers: str) -> Any:
    return client.post(path, json=body, headers=headers)


def test_the_routes_refuse_with_clear_words_in_english_and_french(client: TestClient) -> None:
    body = {"name": "Host", "play": False, "structure": MINUTES, "bots": 3, "level": "station",
            "start": True}  # fmt: skip
    r = post(client, "/api/tournaments", body)
    assert r.status_code == 201, r.text
    room, token = r.json()["tournament"], r.json()["token"]
    base = f"/api/tournaments/{room}"
    r = post(client, f"{base}/rebuy", {"token": token})
    assert r.status_code == 400 and r.json()["error"]["code"] == "illegal"
    assert r.json()["error"]["message"] == "rebuy: 'Host' is not in the tournament"
    r = post(client, f"{base}/rebuy", {"token": token}, **{"Accept-Language": "fr"})
    assert r.json()["error"]["message"] == "recave\u00a0: 'Host' n'est pas dans le tournoi"
    r = post(client, f"{base}/leave", {"token": token})
    assert "by losing their chips" in r.json()["error"]["message"]
    r = post(client, f"{base}/deal", {"token": token, "kind": "icm"})
    assert r.json()["error"]["message"] == "deal: only a player still in may propose one"
    r = post(client, f"{base}/deal/answer", {"token": token, "accept": True})
    assert "no deal" in r.json()["error"]["message"]
    r = post(client, f"{base}/rebuy", {"token": "nope"})
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_token"
    data = client.get(base, params={"token": token}).json()
    assert data["rebuys"] == {"levels": 1, "max": 2, "chips": 300, "addon_chips": 0,
                              "addon_cost": 10}  # fmt: skip
    assert data["late_registration"] == {"levels": 1, "open": True}


def moving(db: str) -> ServerSettings:
    """The server's own clock, and a person with no page open played for at once (checks
    or folds): every table goes on, between hands now and then."""
    return ServerSettings(db=db, bot_delay=0, hand_pause=0, tick=0.01, away_seconds=0.02,
                          rng=lambda _t: random.Random(8), rate=1000, burst=1000)  # fmt: skip


def test_a_friend_registers_late_over_http_and_a_restart_keeps_them(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path / 'late.db'}"
    with TestClient(create_app(moving(db))) as c:
        made = post(c, "/api/tournaments", {"name": "Ann", "structure": MINUTES, "bots": 5,
                                            "level": "station", "start": True}).json()  # fmt: skip
        room, invite = made["tournament"], made["invite_secret"]
        r = post(c, f"/api/tournaments/{room}/join", {"invite": invite, "name": "Zoe"})
        assert r.status_code == 201, r.text
        zoe = r.json()["token"]
        data = c.get(f"/api/tournaments/{room}", params={"token": zoe}).json()
        assert data["status"] == "playing" and data["entries"] == 7
        assert data["prize_pool"] == 70 and data["you"]["table"] is not None
        assert data["you"]["seat"] is not None and data["you"]["may_rebuy"] is True
        assert data["chips"]["in_play"] == data["chips"]["issued"]
        # her table's socket knows her: she plays there
        with c.websocket_connect(f"/ws/{data['you']['table']}") as ws:
            ws.send_json({"type": "hello", "token": zoe, "since": None})
            for _ in range(200):
                m = ws.receive_json()
                if m["type"] == "welcome":
                    break
            assert m["type"] == "welcome" and m["you"]["name"] == "Zoe"
        deadline = time.monotonic() + 20
        while True:
            # asked during her hand, it waits for the hand's end (dropped if she won
            # chips in it: then she is above the starting stack and asks again later)
            r = post(c, f"/api/tournaments/{room}/rebuy", {"token": zoe})
            assert r.status_code == 200 or "more than" in r.text, r.text
            data = r.json() if r.status_code == 200 else {"you": {"queued": None}}
            while data["you"]["queued"] is not None:
                assert time.monotonic() < deadline
                time.sleep(0.05)
                data = c.get(f"/api/tournaments/{room}", params={"token": zoe}).json()
            if data["you"].get("rebuys") == 1:
                break
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert data["you"]["rebuys"] == 1 and data["prize_pool"] == 80
    with TestClient(create_app(moving(db))) as c:
        back = c.get(f"/api/tournaments/{room}", params={"token": zoe}).json()
        assert back["restored"] is True and back["entries"] == 7
        assert back["prize_pool"] == 80 and back["you"]["rebuys"] == 1
        assert back["chips"]["in_play"] == back["chips"]["issued"]
        assert "Zoe" in [p["name"] for t in back["tables"] for p in t["players"]]


# -- hand histories --------------------------------------------------------------------------


def test_a_tournament_hands_phh_carries_the_tournament_fields() -> None:
    r = Room(["Ann"], 4, seed=21)  # five players: tables 1 and 2
    t = r.t
    number = t.table_of("Ann").id
    rng = random.Random(22)
    r.play(folds, rng, lambda: t.tables[number].hands_played >= 4 or number not in t.tables)
    session = r.room.sessions[number]
    ann = session.person_by_name("Ann")
    for log in session.hands:
        [history] = loads(hand_phh_text(session, log.number, ann))
        assert history.event == "Poker Bonus tournament r (rebuys)"
        assert history.level == session.hand_levels[log.number]
        assert history.table == number and history.seat_count == 3
        n = len(log.seats)
        dealer_last = [log.seats[(log.hand.dealer + 1 + i) % n] + 1 for i in range(n)]
        assert history.seats == tuple(dealer_last)
        assert history.extra_fields["_tournament"] == "r"
        assert history.extra_fields["_buy_in"] == 10
        assert history.players == tuple(log.names[(log.hand.dealer + 1 + i) % n] for i in range(n))
    levels = [session.hand_levels[h.number] for h in session.hands]
    assert levels == sorted(levels) and levels[-1] == 2  # the fourth hand: level II
