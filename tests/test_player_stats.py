"""Player statistics (``pokerbonus.analysis.hand_facts`` and ``pokerbonus.player_stats``)
on scripted hands whose answers are known."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from pokerbonus.analysis.hand_facts import hand_facts
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.player_stats import PlayerStats, aggregate

CALL, FOLD, PAT = Action.check_or_call(), Action.fold(), Action.stand_pat()


def _play(table: Table, script: Sequence[Action]) -> tuple[Hand, dict[str, Any], list[str]]:
    """Play ``script``, then check or call to the end; return the hand, its facts
    and the names in hand seat order."""
    hand = table.start_hand()
    for action in script:
        hand.act(action)
    while not hand.finished:
        legal = hand.legal_actions()
        hand.act(PAT if legal.decision == "draw" else CALL)
    assert table.plan is not None
    names = [table.players[s] for s in table.plan.seats]
    facts = hand_facts(hand, table.config, names)
    table.finish_hand()
    return hand, facts, names


def _by_name(facts: dict[str, Any], names: list[str]) -> dict[str, dict[str, Any]]:
    return dict(zip(names, facts["seats"], strict=True))


def _holdem() -> Table:
    return Table(TableConfig(players=2, game="holdem"), random.Random(1), ["ann", "bob"])


def test_forced_blinds_are_not_voluntary() -> None:
    """A big blind who checks put nothing in of their own will: no VPIP. The small
    blind who completes does (the classic mistake counts the blinds)."""
    table = _holdem()
    hand, facts, names = _play(table, [CALL, CALL])  # small blind calls, big blind checks
    seats = facts["seats"]
    small, big = 1, 0  # heads-up: the dealer (seat 1) posts the small blind
    posted = [e for e in hand.events if isinstance(e, BlindPosted)]
    assert [(e.seat, e.kind) for e in posted] == [(small, "small"), (big, "big")]
    assert seats[small]["vpip"] == 1 and seats[big]["vpip"] == 0
    assert seats[small]["pfr"] == seats[big]["pfr"] == 0
    assert all(s["saw"] == 1 and s["sd"] == 1 for s in seats)
    assert facts["unit"] == 2  # the big blind
    stats = aggregate([facts])
    assert stats[names[big]].vpip_pct == 0.0 and stats[names[small]].vpip_pct == 100.0
    assert stats[names[big]].wtsd_pct == 100.0


def test_raise_reraise_and_aggression() -> None:
    """The small blind raises, the big blind re-raises, the small blind calls."""
    table = _holdem()
    _hand, facts, names = _play(table, [Action.raise_to(6), Action.raise_to(18), CALL])
    small, big = facts["seats"][1], facts["seats"][0]
    assert small["vpip"] == small["pfr"] == 1 and big["vpip"] == big["pfr"] == 1
    assert small["rr_chance"] == 1 and small["rr"] == 0  # faced the re-raise, called
    assert big["rr_chance"] == 1 and big["rr"] == 1  # faced the raise, raised again
    assert small["agg"] == 1 and small["calls"] == 1 and big["agg"] == 1 and big["calls"] == 0
    stats = aggregate([facts])
    assert stats[names[1]].aggression == 1.0 and stats[names[0]].aggression is None
    assert stats[names[0]].reraise_pct == 100.0 and stats[names[1]].reraise_pct == 0.0


def test_a_fold_before_the_showdown_stays_unknown() -> None:
    """The small blind folds at once: no card of either hand is in the facts (the
    winner did not show either), and the facts are the same whatever was dealt."""
    from pokerbonus.engine.events import CardsDealt

    table = _holdem()
    hand, facts, _names = _play(table, [FOLD])
    assert [s["best"] for s in facts["seats"]] == [None, None]
    assert [s["sd"] for s in facts["seats"]] == [0, 0]
    assert facts["seats"][1]["net"] == -1 and facts["seats"][0]["net"] == 1
    assert facts["seats"][0]["saw"] == 0  # the hand ended in the first round
    dealt = [e for e in hand.events if isinstance(e, CardsDealt)]
    assert len(dealt) == 2 and all(e.cards for e in dealt)
    _h, again, _n = _play(_holdem_reseeded(), [FOLD])  # another deal, the same actions
    assert json.dumps(again["seats"]) == json.dumps(facts["seats"])


def _holdem_reseeded() -> Table:
    return Table(TableConfig(players=2, game="holdem"), random.Random(99), ["ann", "bob"])


def test_net_and_mbb_interval() -> None:
    """Net chips are the engine's; mbb/hand is 1000 x net / big blind, with the
    normal 95% interval of the mean."""
    table = _holdem()
    all_facts = []
    rng = random.Random(4)
    for _ in range(25):
        hand = table.start_hand()
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        assert table.plan is not None
        names = [table.players[s] for s in table.plan.seats]
        facts = hand_facts(hand, table.config, names)
        assert [s["net"] for s in facts["seats"]] == list(hand.net)
        all_facts.append(facts)
        table.finish_hand()
        for name in table.players:
            if table.stack(name) == 0:
                table.rebuy(name)
    ann = aggregate(all_facts)["ann"]
    mbb = [1000 * f["seats"][f["names"].index("ann")]["net"] / f["unit"] for f in all_facts]
    mean = sum(mbb) / len(mbb)
    sd = (sum((x - mean) ** 2 for x in mbb) / (len(mbb) - 1)) ** 0.5
    assert ann.mbb_per_hand == pytest.approx(mean)
    interval = ann.mbb_interval
    assert interval is not None
    assert interval[0] == pytest.approx(mean - 1.96 * sd / len(mbb) ** 0.5)
    assert ann.net == sum(f["seats"][f["names"].index("ann")]["net"] for f in all_facts)


def _draw_table() -> Table:
    return Table(TableConfig(players=2), random.Random(3), ["ann", "bob"])


def test_draw_counts_stood_pat_and_pat_bluffs() -> None:
    """Both players check, stand pat, check to the showdown: two draws of 0 cards,
    100% pat, and a pat hand shown is a bluff when it is one pair or less."""
    table = _draw_table()
    _hand, facts, _names = _play(table, [])
    for seat in facts["seats"]:
        assert seat["draws"] == [0] and seat["pat_shown"] == 1 and seat["sd"] == 1
        category = seat["best"][0]
        assert seat["pat_bluff"] == (1 if category <= 1 else 0)
    stats = aggregate([facts])
    assert all(s.pat_pct == 100.0 and s.mean_drawn == 0.0 for s in stats.values())


def test_exchanges_are_counted() -> None:
    table = _draw_table()
    hand = table.start_hand()
    while hand.decision != "draw":
        hand.act(CALL)
    first = hand.actor
    assert first is not None
    hand.act(Action.discard(hand.hole_cards(first)[:3]))
    while not hand.finished:
        hand.act(PAT if hand.decision == "draw" else CALL)
    assert table.plan is not None
    facts = hand_facts(hand, table.config, [table.players[s] for s in table.plan.seats])
    assert facts["seats"][first]["draws"] == [3] and facts["seats"][first]["pat_shown"] == 0
    assert facts["seats"][1 - first]["draws"] == [0]


def test_aggregate_one_player_and_sessions() -> None:
    table = _holdem()
    _h, one, _n = _play(table, [CALL, CALL])
    _h, two, _n = _play(table, [FOLD])
    stats = aggregate([(1, one), (2, two)], player="bob")
    assert list(stats) == ["bob"] and stats["bob"].hands == 2
    assert isinstance(stats["bob"], PlayerStats) and stats["bob"].to_json()["hands"] == 2
    assert stats["bob"].results == [one["seats"][one["names"].index("bob")]["net"],
                                    two["seats"][two["names"].index("bob")]["net"]]  # fmt: skip


def test_all_in_ev_line_in_holdem() -> None:
    """Both all in before the flop: each player's all-in EV is their equity times
    the pot less what they put in; the two add up to zero."""
    table = _holdem()
    hand, facts, _names = _play(table, [Action.raise_to(100), CALL])
    evs = [s["allin_ev"] for s in facts["seats"]]
    assert all(ev is not None for ev in evs)
    assert sum(evs) == pytest.approx(0, abs=0.01)
    assert all(-100 <= ev <= 100 for ev in evs)
    assert hand.finished
