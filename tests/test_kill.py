"""Kill pots (RULES.md section 8, "Kill pot"): the kill state across hands, the
kill blind in the hand, "look at two and kill" and the table."""

from __future__ import annotations

import random

import pytest

from pokerbonus.engine import Hand
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted, Declined
from pokerbonus.engine.kill import KillRule, KillState, kill_stakes
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.rules import Stakes, limit
from pokerbonus.rules.catalog import ace_to_five_draw, holdem

BLINDS = Stakes(ante=0, blinds=(1, 2))


def test_two_scoops_in_a_row_make_the_killer_and_a_loss_ends_it() -> None:
    # the cardroom end of the kill, now a table option (RULES.md section 8)
    state = KillState(KillRule(end="cardroom"))
    state.hand_played({"ann": 10, "bob": 0}, 10)
    assert state.killer is None
    state.hand_played({"ann": 8, "bob": 0}, 8)
    assert state.killer == "ann"
    state.hand_played({"ann": 30}, 30, killed_by="ann")  # the killer wins again: it goes on
    assert state.killer == "ann"
    state.hand_played({"ann": 0, "bob": 12}, 12, killed_by="ann")  # the killer loses
    assert state.killer is None
    state.hand_played({"bob": 6}, 6)  # bob's streak starts afresh after the kill
    assert state.killer == "bob"


def test_a_split_breaks_the_streak_and_small_pots_do_not_count() -> None:
    state = KillState(KillRule(min_pot=20))
    state.hand_played({"ann": 25}, 25)
    state.hand_played({"ann": 10, "bob": 10}, 20)  # split: no scoop
    state.hand_played({"ann": 25}, 25)
    assert state.killer is None
    state.hand_played({"ann": 19}, 19)  # below the minimum pot
    assert state.killer is None
    state.hand_played({"ann": 40}, 40)
    state.hand_played({"ann": 40}, 40)
    assert state.killer == "ann"


def test_full_and_half_kill_sizes() -> None:
    assert KillRule().kill_blind(2) == 4 and KillRule("half").kill_blind(4) == 6
    assert KillRule().structure(limit(2, 4)) == limit(4, 8)
    assert KillRule("half").structure(limit(4, 8)) == limit(6, 12)
    with pytest.raises(ConfigurationError, match="kind"):
        KillRule("double")  # type: ignore[arg-type]


def test_kill_blind_is_live_and_the_killer_acts_last_pre_flop() -> None:
    stakes = kill_stakes(BLINDS, killer=3, rule=KillRule(), big_blind=2)
    hand = Hand(holdem(), [100] * 5, dealer=0, stakes=stakes, rng=random.Random(1))
    assert hand.bets == (0, 1, 2, 4, 0)
    assert BlindPosted(3, 4, "kill") in hand.events
    assert hand.actor == 4 and hand.legal_actions().min_raise_to == 8
    for _ in range(4):
        hand.check_or_call()  # seats 4, 0, 1, 2 call 4
    assert hand.actor == 3 and hand.legal_actions().can_check  # the killer's option


def test_killer_in_the_big_blind_tops_it_up_to_the_kill() -> None:
    stakes = kill_stakes(BLINDS, killer=2, rule=KillRule(), big_blind=2)
    hand = Hand(holdem(), [100] * 4, dealer=0, stakes=stakes, rng=random.Random(1))
    assert hand.bets == (0, 1, 4, 0) and hand.actor == 3


def test_look_at_two_and_kill() -> None:
    # RULES.md section 8 (changed this month): any player in turn from the dealer's
    # left, after two cards, may put the kill on (before: only the named killer).
    game = ace_to_five_draw()
    stakes = Stakes(ante=0, blinds=(1, 2), kill_blind=4, kill_offer=True, kill_bets=(4, 8))
    hand = Hand(game, [100] * 3, dealer=0, stakes=stakes, rng=random.Random(2))
    assert hand.decision == "kill" and hand.actor == 1
    assert [len(hand.hole_cards(s)) for s in range(3)] == [2, 2, 2]
    with pytest.raises(IllegalActionError):
        hand.check_or_call()
    hand.decline()
    assert (hand.decision, hand.actor) == ("kill", 2)
    hand.kill()
    assert [len(hand.hole_cards(s)) for s in range(3)] == [5, 5, 5]
    assert hand.bets == (0, 1, 4) and hand.actor == 0
    assert hand.legal_actions().min_raise_to == 8  # the kill bets: 4 and 8
    other = Hand(game, [100] * 3, dealer=0, stakes=stakes, rng=random.Random(2))
    for seat in (1, 2, 0):
        assert other.actor == seat
        other.decline()
    assert [Declined(s, "kill") for s in (1, 2, 0)] == [
        e for e in other.events if isinstance(e, Declined)
    ]
    assert other.bets == (0, 1, 2) and other.actor == 0
    assert other.legal_actions().min_raise_to == 4  # not killed: the plain bets
    assert other.hole_cards(0) == hand.hole_cards(0)  # the same deal either way
    with pytest.raises(ConfigurationError, match="kill_offer"):
        Stakes(ante=0, blinds=(1, 2), killer=0, kill_blind=4, kill_offer=True)


def test_table_posts_the_kill_after_two_scoops_and_conserves_chips() -> None:
    config = TableConfig(players=4, forced_bets="blind", blind=2, surblind=False)
    table = Table(config, random.Random(3), kill=KillRule(), dealer=0)
    rng = random.Random(9)
    kills = 0
    for _ in range(60):
        if len(table.active_seats()) < 2:
            break
        plan = table.next_plan()
        killer = table.kill.killer if table.kill else None
        hand = table.start_hand()
        if plan.killer is not None:
            kills += 1
            assert plan.killer == killer
            seat = plan.seats.index(table.players.index(plan.killer))
            posted = [e for e in hand.events if isinstance(e, BlindPosted) and e.seat == seat]
            assert posted[-1].kind == "kill"  # a top-up when the killer is the blinder
            assert hand.bets[seat] == 4 or hand.stacks[seat] == 0
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        table.finish_hand()
        table.check_chips()
    assert kills > 0
