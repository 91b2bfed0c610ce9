"""Tournaments (RULES.md section 11): levels, antes, eliminations and places,
balancing, rebuys and add-on, deals, snapshots; chips conserved throughout."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbonus.engine.actions import Action
from pokerbonus.engine.events import AntePosted, BlindPosted
from pokerbonus.engine.state import Hand, deck_for_hands
from pokerbonus.engine.table import random_legal_action
from pokerbonus.engine.tournament import Tournament
from pokerbonus.engine.tournament_config import PRESETS, Level, TournamentConfig, preset
from pokerbonus.errors import ConfigurationError, TournamentError

NAMES = [f"p{i}" for i in range(40)]
BOARD = "2h Kd Kh Qs 3h Jc 4h Jd"  # burn, flop, burn, turn, burn, river: aces win


def folds(hand: Hand) -> None:
    """Everyone folds to the big blind (the forced bets move, nobody busts)."""
    while not hand.finished:
        legal = hand.legal_actions()
        hand.act(Action.fold() if legal.can_fold else Action.check_or_call())


def all_in(hand: Hand) -> None:
    """Everyone puts every chip in."""
    while not hand.finished:
        legal = hand.legal_actions()
        if legal.max_raise_to is not None:
            hand.act(Action.raise_to(legal.max_raise_to))
        else:
            hand.act(Action.check_or_call())


def config(**fields: object) -> TournamentConfig:
    base: dict[str, object] = {
        "starting_stack": 1000,
        "seats_per_table": 6,
        "levels": [{"small_blind": 10, "big_blind": 20, "hands": 3},
                   {"small_blind": 20, "big_blind": 40, "ante": 5, "hands": 3},
                   {"small_blind": 50, "big_blind": 100, "ante": 10, "hands": 3}],
    }  # fmt: skip
    base.update(fields)
    return TournamentConfig.from_dict(base)


# -- the structure ----------------------------------------------------------------------


def test_presets_load_and_round_trip() -> None:
    for name, value in PRESETS.items():
        assert value.name == name
        assert TournamentConfig.from_toml(value.to_toml()) == value
        assert TournamentConfig.from_json(value.to_json()) == value
    assert preset("french-pot").table_config(3, 6).effective_ante == 15
    assert preset("french-pot").table_config(1, 6).forced_bets == "pot"


def test_config_refuses_bad_fields() -> None:
    with pytest.raises(ConfigurationError, match=r"^level 1: give its length"):
        TournamentConfig(levels=(Level(10, 20),))
    with pytest.raises(ConfigurationError, match=r"^level 1: blinds need"):
        TournamentConfig(levels=(Level(30, 20, hands=3),))
    with pytest.raises(ConfigurationError, match="payouts: the percentages must sum to 100"):
        TournamentConfig(payouts=(60.0, 30.0))
    with pytest.raises(ConfigurationError, match=r"^seats_per_table"):
        TournamentConfig(game="draw", seats_per_table=9, levels=(Level(ante=5, hands=3),))
    with pytest.raises(ConfigurationError, match=r"^addon_chips"):
        TournamentConfig(addon_chips=100)


# -- levels ------------------------------------------------------------------------------


def test_levels_advance_by_hands_rules_11() -> None:
    t = Tournament(config(), NAMES[:4], random.Random(1))
    seen = []
    for _ in range(8):
        hand = t.start_hand(1)
        seen.append((t.level, hand.stakes.blinds))
        assert t.clock().number == t.level
        folds(hand)
        t.finish_hand(1)
    assert seen == [(1, (10, 20))] * 3 + [(2, (20, 40))] * 3 + [(3, (50, 100))] * 2
    clock = t.clock()
    assert clock.hands_left == 1 and clock.next_level is None


def test_levels_advance_by_clock_with_a_break_rules_11() -> None:
    levels = [{"small_blind": 10, "big_blind": 20, "minutes": 10, "break_minutes": 5},
              {"small_blind": 20, "big_blind": 40, "minutes": 10}]  # fmt: skip
    t = Tournament(config(levels=levels), NAMES[:3], random.Random(2))
    hand = t.start_hand(1, now=1000.0)
    assert hand.stakes.blinds == (10, 20)
    assert t.clock(1000.0 + 60).seconds_left == pytest.approx(540)
    folds(hand)
    t.finish_hand(1, now=1000.0 + 599)
    # the level ends during a hand: the next hand, after the break, is level 2
    hand = t.start_hand(1, now=1000.0 + 599.5)
    assert hand.stakes.blinds == (10, 20)
    folds(hand)
    t.finish_hand(1)
    assert t.on_break(1000.0 + 700)
    assert t.clock(1000.0 + 700).break_left == pytest.approx(200)
    with pytest.raises(TournamentError, match="on a break"):
        t.start_hand(1, now=1000.0 + 700)
    hand = t.start_hand(1, now=1000.0 + 900)
    assert t.level == 2 and hand.stakes.blinds == (20, 40)
    assert t.clock(1000.0 + 900).seconds_left == pytest.approx(600)


def test_antes_from_their_level_rules_11() -> None:
    t = Tournament(config(antes_from=3), NAMES[:4], random.Random(3))
    antes = []
    for _ in range(9):
        hand = t.start_hand(1)
        antes.append(sum(e.amount for e in hand.events if isinstance(e, AntePosted)))
        folds(hand)
        t.finish_hand(1)
    assert antes == [0] * 6 + [40] * 3  # level 2's ante (5) is not paid: antes from level 3


# -- places --------------------------------------------------------------------------------


def test_same_hand_busts_placed_by_starting_stack_rules_11() -> None:
    t = Tournament(config(starting_stack=100), NAMES[:4], random.Random(5))
    table = t.tables[1]
    button = table.next_button()
    assert button is not None
    order = table.occupied()
    names = list(table.players)
    winner = names[0]
    stacks = dict(zip(names, [150, 100, 50, 100], strict=True))
    t.stacks.update(stacks)
    t.check_chips()
    hands = ["As Ah", "7c 2d", "8c 3d", "9c 4d"]
    hand = t.start_hand(1, deck=deck_for_hands(hands, order.index(button), stub=BOARD))
    all_in(hand)
    outcome = t.finish_hand(1)
    assert outcome.finished
    places = {f.player: (f.place, f.shared) for f in outcome.busted}
    assert places == {names[1]: (2, 2), names[3]: (2, 2), names[2]: (4, 1)}
    prizes = {s.player: s.prize for s in t.standings()}
    assert prizes[winner] == t.prize_pool  # 4 entrants: one paid place
    t.check_chips()


def test_tied_places_share_their_prizes() -> None:
    cfg = config(starting_stack=100, payouts=(50.0, 30.0, 20.0))
    t = Tournament(cfg, NAMES[:4], random.Random(6))
    table = t.tables[1]
    button = table.next_button()
    assert button is not None
    order = table.occupied()
    names = list(table.players)
    t.stacks.update(dict(zip(names, [200, 100, 50, 50], strict=True)))
    hands = ["As Ah", "7c 2d", "8c 3d", "9c 4d"]
    hand = t.start_hand(1, deck=deck_for_hands(hands, order.index(button), stub=BOARD))
    all_in(hand)
    t.finish_hand(1)
    standing = {s.player: (s.place, s.shared, s.prize) for s in t.standings()}
    assert t.prize_pool == 40
    assert standing[names[0]] == (1, 1, 20)
    assert standing[names[1]] == (2, 1, 12)
    assert standing[names[2]] == standing[names[3]] == (3, 2, 4)  # 8 + 0 shared


def test_heads_up_button_posts_the_small_blind_rules_11() -> None:
    t = Tournament(config(), NAMES[:2], random.Random(7))
    for _ in range(3):
        hand = t.start_hand(1)
        small = next(e for e in hand.events if isinstance(e, BlindPosted) and e.kind == "small")
        assert small.seat == hand.dealer
        folds(hand)
        t.finish_hand(1)


# -- several tables --------------------------------------------------------------------------


def bust(t: Tournament, name: str) -> None:
    """A scripted bust: ``name``'s chips go to a neighbour and ``name`` is out."""
    table = t.table_of(name)
    other = next(p for p in table.players if p != name)
    t.stacks[other] += t.stacks[name]
    stack, t.stacks[name] = t.stacks[name], 0
    t._eliminate([(stack, name)], t.hand_number)


def sizes(t: Tournament) -> list[int]:
    return sorted(len(table.players) for table in t.tables.values())


def test_balancing_and_breaking_on_scripted_busts_rules_11() -> None:
    t = Tournament(config(seats_per_table=9), NAMES[:20], random.Random(8))
    assert sizes(t) == [6, 7, 7]
    rng = random.Random(9)
    broken_at = []
    while len(t.players_left()) > 1:
        victim = rng.choice(t.players_left())
        big = max(t.tables.values(), key=lambda x: len(x.players))
        due = big.due_big_blind() if len(big.players) > 1 else None
        bust(t, victim)
        before = {p: t.table_of(p).id for p in t.players_left()}
        moves, broken = t.balance()
        counts = sizes(t)
        assert counts[-1] - counts[0] <= 1
        assert len(t.tables) == max(1, -(-len(t.players_left()) // 9))
        for move in moves:
            assert before[move.player] == move.from_table
            if move.reason == "balance":
                assert move.player == due
        if broken:
            broken_at.append(len(t.players_left()))
        t.check_chips()
    assert broken_at == [18, 9]
    assert t.final_table


def test_balanced_move_takes_the_seat_due_the_big_blind() -> None:
    t = Tournament(config(seats_per_table=4), NAMES[:8], random.Random(10))
    small, big = t.tables[1], t.tables[2]
    for table in (small, big):
        hand = t.start_hand(table.id)
        folds(hand)
        t.finish_hand(table.id)
    # two busts at table 1: table 2 gives the player due its big blind
    due = big.due_big_blind()
    last_bb = small.last_bb
    for name in list(small.players)[:2]:
        bust(t, name)
    moves, _ = t.balance()
    assert [m.player for m in moves] == [due]
    seat = moves[0].to_seat
    assert small.seats[seat] == due
    size = len(small.seats)
    assert last_bb is not None
    between = [(last_bb + k) % size for k in range(1, (seat - last_bb) % size)]
    assert all(small.seats[s] is not None for s in between if s != seat)


def test_mtt_plays_to_the_end_with_balanced_tables() -> None:
    rng = random.Random(11)
    cfg = preset("mtt")
    cfg = TournamentConfig.from_dict({**cfg.to_dict(), "levels": [
        {**level.to_dict(), "minutes": None, "hands": 4} for level in cfg.levels]})  # fmt: skip
    t = Tournament(cfg, NAMES[:27], rng)
    while not t.finished:
        for table_id in list(t.tables):
            if table_id not in t.tables or t.finished or len(t.tables[table_id].players) < 2:
                continue
            hand = t.start_hand(table_id)
            while not hand.finished:
                hand.act(random_legal_action(hand, rng))
            t.finish_hand(table_id)
            counts = sizes(t)
            assert counts[-1] - counts[0] <= 1
            t.check_chips()
    standings = t.standings()
    assert len(standings) == 27
    assert sum(s.prize for s in standings) == t.prize_pool
    assert sorted(s.place for s in standings if s.place == 1) == [1]


# -- rebuys, add-on, late registration -----------------------------------------------------------


def test_rebuy_period_and_add_on_rules_11() -> None:
    cfg = config(starting_stack=100, rebuy_levels=2, max_rebuys=1, addon_chips=150)
    t = Tournament(cfg, NAMES[:3], random.Random(12))
    assert t.prize_pool == 30
    table = t.tables[1]
    button = table.next_button()
    assert button is not None
    order = table.occupied()
    names = list(table.players)
    hands = ["As Ah", "7c 2d", "8c 3d"]
    hand = t.start_hand(1, deck=deck_for_hands(hands, order.index(button), stub=BOARD))
    all_in(hand)
    outcome = t.finish_hand(1, rebuys={names[1]})
    assert outcome.rebought == (names[1],)
    assert [f.player for f in outcome.busted] == [names[2]]
    assert t.stacks[names[1]] == 100 and t.prize_pool == 40
    assert not t.can_rebuy(names[1])  # max_rebuys = 1
    assert not t.can_addon(names[0])  # the add-on comes at the last rebuy level
    assert t.can_rebuy(names[0]) is False  # above the starting stack
    while t.clock().number < 2:
        folds(hand := t.start_hand(1))
        t.finish_hand(1)
    assert t.can_addon(names[0])
    t.addon(names[0])
    with pytest.raises(TournamentError):
        t.addon(names[0])
    assert t.prize_pool == 50
    t.check_chips()
    while t.clock().number < 3:
        folds(hand := t.start_hand(1))
        t.finish_hand(1)
    assert not t.can_addon(names[1]) and not t.can_rebuy(names[1])


def test_a_refused_rebuy_or_add_on_says_why_rules_11() -> None:
    cfg = config(starting_stack=100, rebuy_levels=2, max_rebuys=1, addon_chips=150)
    t = Tournament(cfg, NAMES[:3], random.Random(12))
    names = list(t.tables[1].players)
    with pytest.raises(TournamentError, match="more than the starting stack") as refused:
        t.stacks[names[0]] += 1  # a pot won, as it were
        t.chips_issued += 1
        t.verify_rebuy(names[0])
    assert "101 chips" in str(refused.value)
    with pytest.raises(TournamentError, match="only at level II, the last of the rebuy period"):
        t.verify_addon(names[1])
    with pytest.raises(TournamentError, match="not in the tournament"):
        t.verify_rebuy("nobody")
    hand = t.start_hand(1)
    with pytest.raises(TournamentError, match="in a hand; chips are bought between hands"):
        t.verify_rebuy(hand_player := t.tables[1].hand_players[0])
    assert not t.can_rebuy(hand_player)
    folds(hand)
    t.finish_hand(1)
    t.rebuy(names[1])
    with pytest.raises(TournamentError, match="made the 1 rebuy allowed"):
        t.rebuy(names[1])
    with pytest.raises(TournamentError, match="no rebuys"):
        Tournament(config(), NAMES[:3], random.Random(1)).verify_rebuy(NAMES[0])


def test_may_rebuy_at_settle_sees_the_level_the_hand_ends() -> None:
    """A level in hands may end with the hand that busted a player: the rebuy then
    comes too late, and the question of a rebuy is not put."""
    levels = [{"small_blind": 5, "big_blind": 10, "hands": 2},
              {"small_blind": 10, "big_blind": 20, "hands": 2}]  # fmt: skip
    t = Tournament(config(starting_stack=100, rebuy_levels=1, levels=levels), NAMES[:2],
                   random.Random(3))  # fmt: skip
    table = t.tables[1]
    for expected in (True, False):
        order, button = table.occupied(), table.next_button()
        assert button is not None
        deck = deck_for_hands(["As Ah", "7c 2d"], order.index(button), stub=BOARD)
        loser = table.seats[order[1]]
        assert loser is not None
        all_in(t.start_hand(1, deck=deck))
        assert t.may_rebuy_at_settle(1, loser) is expected
        assert not t.may_rebuy_at_settle(1, table.seats[order[0]] or "")  # not broke
        outcome = t.finish_hand(1, rebuys={loser})
        assert (loser in outcome.rebought) is expected
    assert t.finished
    t.check_chips()


def test_late_registration() -> None:
    t = Tournament(config(late_registration_levels=1), NAMES[:3], random.Random(13))
    table_id, seat = t.register("late")
    assert t.tables[table_id].seats[seat] == "late" and t.prize_pool == 40
    for _ in range(3):
        folds(t.start_hand(1))
        t.finish_hand(1)
    assert not t.can_register()
    with pytest.raises(TournamentError, match="registration: closed"):
        t.register("later")


# -- deals and snapshots -----------------------------------------------------------------------


def test_deals_need_every_player_and_pay_the_prizes_left() -> None:
    cfg = config(payouts=(50.0, 30.0, 20.0))
    t = Tournament(cfg, NAMES[:3], random.Random(14))
    names = list(t.players_left())
    t.stacks.update(dict(zip(names, [1500, 900, 600], strict=True)))
    icm = t.deal_amounts("icm")
    chips = t.deal_amounts("chips")
    assert sum(icm.values()) == sum(chips.values()) == t.prize_pool
    assert chips == {names[0]: 12, names[1]: 10, names[2]: 8}  # 6 each, then 12 by chips
    with pytest.raises(TournamentError, match="every player left must accept"):
        t.accept_deal("icm", names[:2])
    t.accept_deal("icm", names)
    assert t.finished
    assert {s.player: s.prize for s in t.standings()} == icm
    assert [s.place for s in t.standings()] == [1, 2, 3]


def test_snapshot_round_trip_goes_on_alike() -> None:
    t = Tournament(preset("quick"), NAMES[:6], random.Random(15))
    for _ in range(7):
        folds(hand := t.start_hand(1))
        t.finish_hand(1)
    data = t.to_dict()
    a, b = (
        Tournament.from_dict(data, random.Random(16)),
        Tournament.from_dict(data, random.Random(16)),
    )
    assert a.to_dict() == data
    for copy in (a, b):
        hand = copy.start_hand(1)
        all_in(hand)
        copy.finish_hand(1)
    assert a.to_dict() == b.to_dict()


# -- invariants ----------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    entrants=st.integers(2, 14),
    seats=st.integers(2, 6),
    start=st.integers(40, 400),
    rebuy_levels=st.integers(0, 2),
    data=st.data(),
)
def test_chips_conserved_over_random_tournaments(
    entrants: int, seats: int, start: int, rebuy_levels: int, data: st.DataObject
) -> None:
    cfg = config(
        starting_stack=start, seats_per_table=seats, rebuy_levels=rebuy_levels,
        addon_chips=start if rebuy_levels else 0,
    )  # fmt: skip
    seed = data.draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    t = Tournament(cfg, NAMES[:entrants], rng)
    hands = 0
    while not t.finished and hands < 400:
        table_id = data.draw(st.sampled_from(sorted(t.tables)))
        if len(t.tables[table_id].players) < 2:
            continue
        hand = t.start_hand(table_id)
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
            t.check_chips()
        busted = [p for p, s in zip(t.tables[table_id].hand_players, hand.stacks, strict=True)
                  if s == 0]  # fmt: skip
        rebuys = {p for p in busted if rng.random() < 0.5}
        t.finish_hand(table_id, rebuys=rebuys)
        for player in t.players_left():
            if t.can_addon(player) and rng.random() < 0.5:
                t.addon(player)
        t.check_chips()
        counts = sizes(t)
        assert counts[-1] - counts[0] <= 1
        hands += 1
    out = [f for f in t.finishes]
    assert len({f.player for f in out}) == len(out)
    if t.finished:
        standings = t.standings()
        assert sum(s.prize for s in standings) == t.prize_pool
        assert [s.player for s in standings if s.place == 1] == [t.players_left()[0]]


def test_the_public_view_and_the_money() -> None:
    t = Tournament(preset("quick"), NAMES[:6], random.Random(17))
    view = t.view_for(NAMES[0])
    assert view.prizes_left == (39, 21) and len(view.stacks) == 6
    assert not view.near_the_money  # 6 left, 2 paid: four places from the money
    for name in NAMES[1:3]:
        bust(t, name)
    view = t.view_for(NAMES[0])
    assert view.near_the_money and dict(view.stacks)[NAMES[0]] >= 1000
    assert sum(t.icm().values()) == pytest.approx(60)
