"""Tests for the table: a session of many hands (engine/table.py, RULES.md sections 1, 4, 5)."""

from __future__ import annotations

import random

import pytest

from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import ForcedBetSchedule, Table, random_legal_action
from pokerbonus.errors import ConfigurationError, IllegalActionError


def play_random(table: Table, rng: random.Random) -> Hand:
    hand = table.start_hand()
    while not hand.finished:
        hand.act(random_legal_action(hand, rng))
        table.check_chips()
    return hand


def everyone_folds_to_the_blinder(hand: Hand) -> None:
    while not hand.finished:
        legal = hand.legal_actions()
        if legal.decision in ("surblind", "buy_pot"):
            hand.act(Action("decline"))
        elif legal.decision == "draw":
            hand.stand_pat()
        elif legal.can_fold:
            hand.fold()
        else:
            hand.check_or_call()


def test_section5_first_dealer_is_drawn_by_cards() -> None:
    """RULES.md section 5: seats drawn at random; the highest card deals first."""
    table = Table(TableConfig(players=5), random.Random(3), ["a", "b", "c", "d", "e"])
    assert sorted(table.players) == ["a", "b", "c", "d", "e"]
    draw = table.dealer_draw
    assert draw is not None
    last = draw.rounds[-1]
    assert last.highest_seats == (draw.dealer,)
    assert table.next_plan().dealer == draw.dealer


def test_seats_in_given_order_without_seat_draw() -> None:
    table = Table(TableConfig(players=3), random.Random(1), ["a", "b", "c"], seat_draw=False)
    assert table.players == ("a", "b", "c")
    with pytest.raises(ConfigurationError, match="the table has 3 seats, got 2 names"):
        Table(TableConfig(players=3), random.Random(1), ["a", "b"])
    with pytest.raises(ConfigurationError, match=r"dealer: must be a seat 0\.\.2"):
        Table(TableConfig(players=3), random.Random(1), dealer=3)


def test_section5_deal_passes_clockwise_hand_after_hand() -> None:
    """RULES.md section 5: the deal then passes clockwise."""
    rng = random.Random(8)
    table = Table(TableConfig(players=4), rng, dealer=2)
    dealers = []
    for _ in range(6):
        play_random(table, rng)
        record = table.finish_hand()
        dealers.append(record.plan.dealer)
        for player in table.sitting_out():
            table.rebuy(player)
    assert dealers == [2, 3, 0, 1, 2, 3]


@pytest.mark.parametrize(
    ("players", "size"), [(2, 32), (4, 32), (5, 40), (6, 44), (7, 48), (8, 52)]
)
def test_section1_hands_use_the_deck_size_for_the_number_of_players(
    players: int, size: int
) -> None:
    """RULES.md section 1: default deck size by number of seated players."""
    table = Table(TableConfig(players=players), random.Random(players))
    hand = table.start_hand()
    assert hand.deck_size == size and len(hand.deck_order) == size
    assert table.plan is not None and table.plan.deck_size == size


def test_section1_deck_size_and_jokers_set_by_the_table() -> None:
    table = Table(TableConfig(players=3, deck_size=52, jokers=2), random.Random(2))
    hand = table.start_hand()
    assert len(hand.deck_order) == 54 and {52, 53} <= set(hand.deck_order)


def test_section5_every_hand_policy_deals_a_freshly_shuffled_deck() -> None:
    """RULES.md section 5: every-hand (casino style) shuffles before each hand."""
    rng = random.Random(4)
    table = Table(TableConfig(players=3), rng, dealer=0)
    hand = play_random(table, rng)
    gathered = hand.gathered_cards()
    table.finish_hand()
    nxt = table.start_hand()
    assert nxt.deck_order not in {gathered[k:] + gathered[:k] for k in range(len(gathered))}
    assert table.shuffler.shuffles == 2


def test_section5_cut_only_policy_gathers_and_cuts_exactly() -> None:
    """RULES.md section 5: cut-only: shuffled once, then gathered and cut between hands."""
    rng = random.Random(5)
    config = TableConfig(players=4, shuffle="cut-only", cut_min_packet=4)
    table = Table(config, rng, dealer=1)
    for _ in range(5):
        hand = play_random(table, rng)
        gathered = hand.gathered_cards()
        table.finish_hand()
        nxt = table.start_hand()
        cuts = [k for k in range(4, 29) if gathered[k:] + gathered[:k] == nxt.deck_order]
        assert len(cuts) == 1, "the next deck is the gathered cards cut once"
        while not nxt.finished:
            nxt.act(random_legal_action(nxt, rng))
        table.finish_hand()
    assert table.shuffler.shuffles == 1
    table.bring_new_deck()
    table.start_hand()
    assert table.shuffler.shuffles == 2


def test_section4_busted_player_sits_out_until_rebuy() -> None:
    """RULES.md section 4: only chips on the table play; chips are added between hands."""
    rng = random.Random(61)
    # cave 1 and ante 1: every player is all-in with the ante, so someone busts at once
    config = TableConfig(players=4, cave=1, ante=1, blind=1)
    table = Table(config, rng, dealer=0)
    hand = play_random(table, rng)
    with pytest.raises(IllegalActionError, match="only between hands"):
        table.rebuy(table.players[0])
    assert not table.can_rebuy(table.players[0])
    assert hand.finished
    record = table.finish_hand()
    busted = table.sitting_out()
    assert busted and sum(record.final_stacks) == 4
    if len(busted) == 3:
        with pytest.raises(IllegalActionError, match=r"1 player\(s\) with chips, at least 2"):
            table.next_plan()
    table.rebuy(busted[0])
    still_out = busted[1:]
    plan = table.next_plan()
    with_chips = [s for s in range(4) if table.stack(table.players[s]) > 0]
    assert plan.seats == tuple(with_chips)
    assert {table.players[s] for s in plan.seats}.isdisjoint(still_out)
    # the deal passes to the next seat clockwise among the players dealt in
    assert plan.dealer == next(s % 4 for s in range(1, 5) if s % 4 in with_chips)
    for player in still_out:
        table.rebuy(player)
    assert table.next_plan().seats == (0, 1, 2, 3)
    table.check_chips()
    assert table.ledger.total_bought == 4 + len(busted)


def test_section4_limited_rebuy_keeps_a_broke_player_out() -> None:
    """RULES.md section 4: limited rebuys: a player out of caves stays out."""
    rng = random.Random(9)
    config = TableConfig(players=3, cave=1, ante=1, blind=1, rebuy="limited", max_caves=1)
    table = Table(config, rng, dealer=0)
    play_random(table, rng)
    table.finish_hand()
    for player in table.sitting_out():
        assert not table.can_rebuy(player)
        with pytest.raises(IllegalActionError, match="the limit is 1"):
            table.rebuy(player)
    if len(table.active_seats()) < 2:
        with pytest.raises(IllegalActionError, match="at least 2 are needed"):
            table.start_hand()


def test_section5_all_pass_makes_the_next_deal_a_pot_game_opened_at_the_blind() -> None:
    """RULES.md section 5: everyone folds to the blinder: the blinder takes the blind
    back and the next deal is a pot game whose minimum opening is the blind."""
    rng = random.Random(10)
    table = Table(TableConfig(players=4, forced_bets="blind", blind=6), rng, dealer=0)
    hand = table.start_hand()
    assert table.plan is not None and table.plan.mode == "blind"
    everyone_folds_to_the_blinder(hand)
    record = table.finish_hand()
    assert record.all_passed and record.final_stacks == record.starting_stacks
    plan = table.next_plan()
    assert (plan.mode, plan.min_opening) == ("pot", 6)
    assert plan.stakes.blind is None and plan.stakes.ante == 1
    assert plan.stakes.opening_minimum == 6
    pot_hand = table.start_hand()
    assert pot_hand.stakes.opening_minimum == 6
    legal = pot_hand.legal_actions()
    if legal.decision == "bet" and legal.min_raise_to is not None:
        assert legal.min_raise_to >= 6
    everyone_folds_to_the_blinder(pot_hand)
    table.finish_hand()
    assert table.next_plan().mode == "blind"  # back to the blind game


def test_section5_mixed_table_alternates_orbits() -> None:
    """RULES.md section 5: a table may alternate blind orbits inside a pot game."""
    rng = random.Random(11)
    config = TableConfig(players=3, forced_bets="mixed", pot_orbits=1, blind_orbits=2, cave=10_000)
    table = Table(config, rng, dealer=0)
    modes = []
    for _ in range(12):
        hand = table.start_hand()
        while not hand.finished:
            legal = hand.legal_actions()
            # never all-pass: the player to act checks or calls
            hand.act(
                Action("decline")
                if legal.decision in ("surblind", "buy_pot")
                else Action.check_or_call()
                if legal.decision == "bet"
                else Action.stand_pat()
            )
        record = table.finish_hand()
        assert not record.all_passed
        modes.append(record.plan.mode)
    assert "".join(m[0] for m in modes) == "pppbbbbbbppp"


def test_section5_mixed_table_the_reverse_starts_with_blind_orbits() -> None:
    """RULES.md section 5: ... or the reverse (pot orbits inside a blind game)."""
    config = TableConfig(
        players=4, forced_bets="mixed", mixed_start="blind", blind_orbits=1, pot_orbits=1
    )
    schedule = ForcedBetSchedule(config)
    modes = []
    for _ in range(10):
        modes.append(schedule.next_hand(4)[0])
        assert schedule.next_hand(4)[0] == modes[-1]  # asking twice changes nothing
        schedule.hand_played(all_passed=False)
    assert "".join(m[0] for m in modes) == "bbbbppppbb"


def test_orbit_length_follows_the_players_dealt_in() -> None:
    schedule = ForcedBetSchedule(TableConfig(forced_bets="mixed", pot_orbits=1, blind_orbits=1))
    modes = []
    for players in (3, 3, 3, 2, 2, 5, 5, 5, 5, 5):
        modes.append(schedule.next_hand(players)[0])
        schedule.hand_played(all_passed=False)
    assert "".join(m[0] for m in modes) == "pppbbppppp"


def test_all_pass_inside_a_blind_orbit_counts_in_the_orbit() -> None:
    schedule = ForcedBetSchedule(TableConfig(forced_bets="mixed", mixed_start="blind", blind=4))
    plans = []
    for all_passed in (True, False, False, False):
        plans.append(schedule.next_hand(3))
        schedule.hand_played(all_passed=all_passed)
    assert plans == [("blind", None), ("pot", 4), ("blind", None), ("pot", None)]


def test_start_and_finish_refusals() -> None:
    rng = random.Random(12)
    table = Table(TableConfig(players=2), rng, dealer=0)
    with pytest.raises(IllegalActionError, match="no hand is being played"):
        table.finish_hand()
    hand = table.start_hand()
    with pytest.raises(IllegalActionError, match="a hand is being played"):
        table.start_hand()
    with pytest.raises(IllegalActionError, match="the hand is not over"):
        table.finish_hand()
    with pytest.raises(IllegalActionError, match="only between hands"):
        table.bring_new_deck()
    while not hand.finished:
        hand.act(random_legal_action(hand, rng))
    table.finish_hand()
    assert table.hands_played == 1 and table.hand is None


def test_section4_chips_conserved_over_a_session() -> None:
    """RULES.md section 4: stacks + pot == everything bought in, at every step."""
    rng = random.Random(13)
    table = Table(TableConfig(players=6, cave=20, forced_bets="mixed", buy_pot=True), rng)
    for _ in range(150):
        for player in table.sitting_out():
            table.rebuy(player)
        play_random(table, rng)
        table.finish_hand()
        table.check_chips()
    assert table.hands_played == 150
    assert sum(e.net for e in table.ledger.entries()) == 0
    assert len(table.ledger.purchases) > 6  # some players went broke and bought back in
