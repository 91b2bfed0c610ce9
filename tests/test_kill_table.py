"""Kill pots as a table setting (RULES.md section 8, "Kill pot"): the ``kill``,
``kill_min_pot`` and ``look_at_two`` fields of ``TableConfig`` played by ``Table``.

The hands are steered, not stacked: one named player raises (or calls) and never
folds, every other player folds as soon as folding is allowed, so the named
player scoops the pot without a showdown.
"""

from __future__ import annotations

import random

import pytest

from pokerbonus.engine import Hand
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted, Declined
from pokerbonus.engine.kill import KillRule
from pokerbonus.engine.table import Table
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules import limit

NAMES = ("ann", "bob", "cy")


def _table(config: TableConfig, seed: int = 5) -> Table:
    return Table(config, random.Random(seed), NAMES, seat_draw=False, dealer=0)


def _seat(table: Table, name: str) -> int:
    """The hand seat of ``name`` in the hand being played."""
    plan = table.plan
    assert plan is not None
    return plan.seats.index(table.players.index(name))


def _play(table: Table, hand: Hand, winner: str) -> None:
    """``winner`` raises once and then calls or checks; the others fold when they
    may, else check; at a draw everyone stands pat; a kill offer is declined."""
    raised = False
    won_seat = _seat(table, winner)
    while not hand.finished:
        legal = hand.legal_actions()
        if legal.decision in ("draw", "discard"):
            hand.act(Action.stand_pat())
        elif legal.decision != "bet":
            hand.act(Action("decline"))
        elif legal.seat == won_seat:
            if not raised and legal.min_raise_to is not None:
                raised = True
                hand.act(Action.raise_to(legal.min_raise_to))
            else:
                hand.act(Action.check_or_call())
        elif legal.can_fold:
            hand.act(Action.fold())
        else:
            hand.act(Action.check_or_call())


def _hand_won_by(table: Table, winner: str) -> int:
    """Play a hand that ``winner`` scoops; returns the pot (what the pots paid)."""
    hand = table.start_hand()
    _play(table, hand, winner)
    pot = sum(r.amount for r in hand.pot_results)
    assert {s for r in hand.pot_results for s, chips in r.shares if chips} == {_seat(table, winner)}
    table.finish_hand()
    table.check_chips()
    return pot


def _kill_posted(hand: Hand, seat: int) -> list[int]:
    return [e.amount for e in hand.events if isinstance(e, BlindPosted) and e.kind == "kill"
            and e.seat == seat]  # fmt: skip


def test_full_kill_after_two_scoops_doubles_the_blind_and_ends_when_the_killer_loses() -> None:
    # The cardroom end of the kill (RULES.md section 8 changed this month: it is now
    # an option, the source text's end being the default): the kill goes on while
    # the killer wins.
    table = _table(TableConfig(game="holdem", players=3, small_blind=1, big_blind=2, kill="full",
                               kill_end="cardroom"))  # fmt: skip
    assert table.kill is not None and table.kill.rule == KillRule("full", end="cardroom")
    _hand_won_by(table, "ann")
    assert table.next_plan().killer is None  # one scoop is not enough
    _hand_won_by(table, "ann")
    plan = table.next_plan()
    assert plan.killer == "ann" and plan.stakes.kill_blind == 4
    hand = table.start_hand()
    seat = _seat(table, "ann")
    assert _kill_posted(hand, seat)
    assert hand.bets[seat] == 4  # twice the big blind, posted by the killer
    assert hand.bets.count(4) == 1 and max(hand.bets) == 4
    assert hand.legal_actions().min_raise_to == 8  # the kill blind is the largest blind
    _play(table, hand, "ann")  # the killer wins again: the kill goes on
    table.finish_hand()
    assert table.next_plan().killer == "ann"
    _hand_won_by(table, "bob")  # the killer loses a pot: the kill ends
    plan = table.next_plan()
    assert plan.killer is None and plan.stakes.kill_blind == 0
    hand = table.start_hand()
    assert max(hand.bets) == 2 and not _kill_posted(hand, _seat(table, "ann"))


def test_half_kill_posts_one_and_a_half_big_blinds_and_scales_limit_bets() -> None:
    config = TableConfig(
        game="holdem", players=3, small_blind=2, big_blind=4, betting="limit",
        small_bet=4, big_bet=8, kill="half",
    )  # fmt: skip
    table = _table(config)
    _hand_won_by(table, "bob")
    _hand_won_by(table, "bob")
    plan = table.next_plan()
    assert plan.killer == "bob" and plan.stakes.kill_blind == 6
    hand = table.start_hand()
    seat = _seat(table, "bob")
    assert hand.bets[seat] == 6 and _kill_posted(hand, seat)
    assert hand.game.structure == limit(6, 12)  # 1.5 times the small and big bets
    _play(table, hand, "cy")
    table.finish_hand()
    hand = table.start_hand()  # the kill ended: the plain structure again
    assert hand.game.structure == limit(4, 8) and max(hand.bets) == 4


def test_kill_min_pot_counts_only_scoops_of_pots_that_big() -> None:
    base = dict(
        game="holdem", players=3, small_blind=1, big_blind=2, kill="full", kill_end="cardroom"
    )  # the kill goes on while ann wins (the option)
    probe = _table(TableConfig(**base))  # type: ignore[arg-type]
    pots = [_hand_won_by(probe, "ann"), _hand_won_by(probe, "ann")]
    assert probe.next_plan().killer == "ann"
    smallest = min(pots)
    at = _table(TableConfig(**base, kill_min_pot=smallest))  # type: ignore[arg-type]
    above = _table(TableConfig(**base, kill_min_pot=smallest + 1))  # type: ignore[arg-type]
    for table in (at, above):
        assert [_hand_won_by(table, "ann") for _ in range(2)] == pots  # the same hands
    assert at.next_plan().killer == "ann"
    assert above.next_plan().killer is None  # a scoop of a smaller pot does not count
    streak, killer = 0, False  # ann's scoops in a row of pots of at least the minimum
    seen = []
    for _ in range(8):
        pot = _hand_won_by(above, "ann")
        seen.append(pot)
        streak = streak + 1 if pot > smallest else 0
        killer = killer or streak >= 2  # once on, the kill goes on while ann wins
        assert (above.next_plan().killer == "ann") == killer, seen
    assert min(seen) <= smallest < max(seen)  # both kinds of pots were played


@pytest.mark.parametrize("take", [True, False])
def test_look_at_two_and_kill_at_a_lowball_table(take: bool) -> None:
    # RULES.md section 8 (changed this month): any player may put the kill on after
    # seeing two cards, no earlier scoop needed (before, only a player who had
    # scooped two pots was offered it). The offer goes round from the dealer's left.
    config = TableConfig(
        game="ace-to-five-draw", players=3, betting="limit", small_bet=2, big_bet=4,
        kill="full", look_at_two=True,
    )  # fmt: skip
    table = _table(config)
    plan = table.next_plan()
    assert plan.killer is None and plan.stakes.kill_offer and plan.stakes.kill_bets == (4, 8)
    hand = table.start_hand()
    assert hand.decision == "kill" and hand.actor == _seat(table, "bob")  # left of the dealer
    assert [len(hand.hole_cards(s)) for s in range(3)] == [2, 2, 2]  # seen two cards
    if take:
        hand.kill()  # bob, the small blind, tops his blind up to the kill blind
        seat = _seat(table, "bob")
        assert hand.bets[seat] == 4 and _kill_posted(hand, seat)
        assert hand.legal_actions().min_raise_to == 8  # killed: the bets are doubled
    else:
        for name in ("bob", "cy", "ann"):
            assert hand.decision == "kill" and hand.actor == _seat(table, name)
            hand.decline()
            assert Declined(_seat(table, name), "kill") in hand.events
        assert max(hand.bets) == 2 and hand.legal_actions().min_raise_to == 4
    assert [len(hand.hole_cards(s)) for s in range(3)] == [5, 5, 5]
    _play(table, hand, "cy")
    table.finish_hand()
    table.check_chips()
    assert table.kill is not None and table.kill.killer is None  # the default end


def test_without_look_at_two_the_lowball_kill_is_posted_before_the_deal() -> None:
    config = TableConfig(
        game="deuce-to-seven-triple-draw", players=3, betting="limit", small_bet=2,
        big_bet=4, kill="full",
    )  # fmt: skip
    table = _table(config)
    _hand_won_by(table, "ann")
    _hand_won_by(table, "ann")
    hand = table.start_hand()
    assert hand.decision == "bet" and hand.bets[_seat(table, "ann")] == 4


def test_french_blind_game_kill_from_the_configuration() -> None:
    config = TableConfig(players=3, forced_bets="blind", blind=2, surblind=False, kill="full")
    table = _table(config)
    _hand_won_by(table, "ann")  # bob blinds, ann raises, the others fold
    _hand_won_by(table, "ann")
    plan = table.next_plan()
    assert plan.mode == "blind" and plan.killer == "ann" and plan.stakes.kill_blind == 4
    hand = table.start_hand()
    seat = _seat(table, "ann")  # the blinder this time: her blind is topped up to the kill
    assert hand.bets[seat] == 4 and _kill_posted(hand, seat)


def test_no_kill_by_default_and_a_conflicting_rule_is_refused() -> None:
    table = _table(TableConfig(game="holdem", players=3))
    assert table.kill is None
    for _ in range(3):
        _hand_won_by(table, "ann")
    assert table.next_plan().killer is None
    config = TableConfig(game="holdem", players=3, kill="half")
    with pytest.raises(ConfigurationError, match="kill"):
        Table(config, random.Random(1), NAMES, kill=KillRule("full"))
    same = Table(config, random.Random(1), NAMES, kill=KillRule("half"))
    assert same.kill is not None and same.kill.rule.kind == "half"
