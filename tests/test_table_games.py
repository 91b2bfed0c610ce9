"""The table plays every game of the rule book (RULES.md section 8): random legal
play over each catalog game with chips conserved, blinds and the button, stud antes
and the bring-in, the game's deck."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.engine.events import AntePosted, BlindPosted
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.rules.catalog import CATALOG

HANDS = 200


def _play(table: Table, rng: random.Random, hands: int) -> None:
    for _ in range(hands):
        for player in table.sitting_out():
            if table.can_rebuy(player):
                table.rebuy(player)
        hand = table.start_hand()
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
            table.check_chips()
        table.finish_hand()
        table.check_chips()


def _configs() -> list[TableConfig]:
    out = []
    for key, entry in CATALOG.items():
        for kind in entry.structures:
            extra: dict[str, Any] = {"small_bet": 2, "big_bet": 4} if kind == "limit" else {}
            players = min(6, GAMES[key][1])
            out.append(TableConfig(game=key, players=players, betting=kind, cave=60, **extra))
    return out


@pytest.mark.parametrize("config", _configs(), ids=lambda c: f"{c.game}-{c.betting}")
def test_section8_random_legal_play_conserves_chips_in_every_game(config: TableConfig) -> None:
    """RULES.md sections 4 and 8: a few hundred random hands of each game and betting
    structure (small caves, so players bust and rebuy); no chip created or lost."""
    rng = random.Random(hash(config.game) % 1000)
    table = Table(config, rng)
    _play(table, rng, HANDS)
    assert table.hands_played == HANDS
    assert table.ledger.total_stacks == table.ledger.total_bought
    assert any(e.caves > 1 for e in table.ledger.entries())  # someone busted and rebought
    assert any(r.showdown for r in table.history) and not all(r.showdown for r in table.history)


def _posts(hand: Hand) -> list[BlindPosted]:
    return [e for e in hand.events if isinstance(e, BlindPosted)]


def test_section8_heads_up_holdem_button_posts_small_blind_and_acts_first() -> None:
    config = TableConfig(game="holdem", players=2, small_blind=1, big_blind=2)
    rng = random.Random(3)
    table = Table(config, rng, ["ann", "bob"], seat_draw=False, dealer=0)
    for number in range(4):
        hand = table.start_hand()
        button = hand.dealer
        assert button == number % 2  # the button passes each hand
        small, big = _posts(hand)
        assert (small.seat, small.kind, small.amount) == (button, "small", 1)
        assert (big.seat, big.kind, big.amount) == (1 - button, "big", 2)
        assert hand.actor == button  # the button acts first pre-flop
        while not hand.finished:
            hand.act(random_legal_action(hand, rng))
        table.finish_hand()


def test_section8_blinds_and_straddle_left_of_the_button_six_handed() -> None:
    config = TableConfig(game="holdem", players=6, small_blind=5, big_blind=10, straddle=True)
    rng = random.Random(4)
    table = Table(config, rng, seat_draw=False, dealer=2)
    hand = table.start_hand()
    assert [(p.seat, p.kind, p.amount) for p in _posts(hand)] == [
        (3, "small", 5), (4, "big", 10), (5, "straddle", 20)]  # fmt: skip
    assert hand.actor == 0  # left of the straddle
    assert table.plan is not None and table.plan.mode == "blind"


def test_section8_stud_posts_antes_and_a_bring_in() -> None:
    config = TableConfig(game="seven-card-stud", players=5, betting="limit", small_bet=4,
                         big_bet=8, ante=1, bring_in=2)  # fmt: skip
    rng = random.Random(5)
    table = Table(config, rng)
    hand = table.start_hand()
    antes = [e for e in hand.events if isinstance(e, AntePosted)]
    assert sorted(e.seat for e in antes) == list(range(5)) and {e.amount for e in antes} == {1}
    assert hand.pot + sum(hand.bets) == 5
    assert all(len(hand.up_cards(s)) == 1 for s in range(5))
    legal = hand.legal_actions()  # the lowest up card brings in 2 or completes to 4
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (2, 4, 4)
    assert not legal.can_fold


def test_section8_short_deck_deals_from_36_cards() -> None:
    config = TableConfig(game="short-deck", players=6)
    rng = random.Random(6)
    table = Table(config, rng)
    assert len(table.deck) == 36 and min(c.rank for c in table.deck) == 4  # sixes and up
    hand = table.start_hand()
    assert all(c.rank >= 4 for s in range(6) for c in hand.hole_cards(s))


def test_draw_table_is_unchanged_by_the_other_games() -> None:
    """The French draw keeps its pot-game schedule and deck by number of players."""
    table = Table(TableConfig(players=4), random.Random(7), dealer=0)
    plan = table.next_plan()
    assert (plan.mode, plan.deck_size, plan.stakes.ante, plan.stakes.blinds) == ("pot", 32, 1, ())
