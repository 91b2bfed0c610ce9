"""Property tests of the table over random house rules and random play (RULES.md sections 4-5).

Random legal AND illegal actions, rebuys between hands, and after every step:
chips conserved (stacks + bets + pots == everything bought in), the ledger
consistent, a refused action changing nothing, and every hand ending.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import Betting, RebuyPolicy, TableConfig
from pokerbonus.engine.table import Table, random_legal_action
from pokerbonus.errors import IllegalActionError

MAX_ACTIONS_PER_HAND = 400
"""Far more than any hand needs: a hand still running after this many actions never ends."""


def random_config(rng: random.Random) -> TableConfig:
    betting: Betting = rng.choice(["no-limit", "pot-limit", "limit"])
    rebuy: RebuyPolicy = rng.choice(["free", "limited", "unlimited"])
    players = rng.randint(2, 8)
    cave = rng.choice([3, 10, 100])
    return TableConfig(
        players=players,
        jokers=rng.choice([0, 0, 1, 2]),
        wheel=rng.random() < 0.8,
        ranking=rng.choice(["modern", "archaic"]),
        betting=betting,
        small_bet=2 if betting == "limit" else None,
        big_bet=4 if betting == "limit" else None,
        raise_cap=rng.choice([3, 4]),
        forced_bets=rng.choice(["pot", "blind", "mixed"]),
        mixed_start=rng.choice(["pot", "blind"]),
        pot_orbits=rng.randint(1, 2),
        blind_orbits=rng.randint(1, 2),
        ante=rng.randint(1, min(3, cave)),
        # in limit the blind is the small bet (RULES.md section 6): left unset there
        blind=None if betting == "limit" else rng.randint(1, min(4, cave)),
        surblind=rng.random() < 0.7,
        buy_pot=rng.random() < 0.5,
        max_discard=rng.choice([3, 5]),
        shuffle=rng.choice(["every-hand", "cut-only"]),
        cave=cave,
        rebuy=rebuy,
        max_caves=rng.randint(1, 4) if rebuy == "limited" else None,
    )


def random_any_action(table: Table, rng: random.Random) -> Action:
    """An action that may well be illegal now."""
    hand = table.hand
    assert hand is not None and hand.actor is not None
    kind = rng.choice(
        ["fold", "check_or_call", "raise_to", "discard", "buy_pot", "surblind", "decline"]
    )
    if kind == "raise_to":
        return Action.raise_to(rng.randint(-5, 3 * table.ledger.total_bought))
    if kind == "discard":
        deck = table.deck
        return Action.discard(rng.sample(deck, rng.randint(0, 6)))
    return Action(kind)  # type: ignore[arg-type]


def play_session(config: TableConfig, rng: random.Random, hands: int, illegal_rate: float) -> Table:
    table = Table(config, rng)
    for _ in range(hands):
        for player in table.players:
            if table.stack(player) == 0 or rng.random() < 0.02:
                chips = (
                    rng.randint(1, 2 * config.cave)
                    if config.rebuy == "unlimited" and rng.random() < 0.5
                    else None
                )
                if table.can_rebuy(player, chips=chips):
                    table.rebuy(player, chips=chips)
        if len(table.active_seats()) < 2:
            break
        hand = table.start_hand()
        table.check_chips()
        assert not table.can_rebuy(table.players[0])
        for _ in range(MAX_ACTIONS_PER_HAND):
            if hand.finished:
                break
            if rng.random() < illegal_rate:
                action = random_any_action(table, rng)
                before = hand.snapshot()
                try:
                    hand.verify(action)
                except IllegalActionError:
                    with pytest.raises(IllegalActionError):
                        hand.act(action)
                    assert hand.snapshot() == before
                    continue
            else:
                action = random_legal_action(hand, rng)
            hand.act(action)
            table.check_chips()
        assert hand.finished, f"hand {table.hands_played + 1} did not end"
        record = table.finish_hand()
        table.check_chips()
        ledger = table.ledger
        assert ledger.total_stacks == ledger.total_bought == sum(p.chips for p in ledger.purchases)
        assert sum(e.net for e in ledger.entries()) == 0
        assert sum(record.final_stacks) == sum(record.starting_stacks)
        for name, stack in zip(record.players, record.final_stacks, strict=True):
            assert ledger.stack(name) == stack
    return table


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_tables_conserve_chips_and_end_every_hand(seed: int) -> None:
    rng = random.Random(seed)
    play_session(random_config(rng), rng, hands=15, illegal_rate=0.3)


def _bulk(sessions: int, hands: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    played = all_passes = showdowns = 0
    for _ in range(sessions):
        table = play_session(random_config(rng), rng, hands=hands, illegal_rate=0.05)
        played += table.hands_played
        all_passes += sum(r.all_passed for r in table.history)
        showdowns += sum(r.showdown for r in table.history)
    return {"hands": played, "all_passes": all_passes, "showdowns": showdowns}


def test_bulk_seeded_random_tables() -> None:
    """6,000 random hands over 100 random tables (CI share of the 10^4 random hands)."""
    figures = _bulk(sessions=100, hands=60, seed=2024)
    assert figures["hands"] >= 5_000  # a few tables stop early when one player holds it all
    assert figures["showdowns"] > 0 and figures["all_passes"] > 0


def test_jokers_at_the_table() -> None:
    """RULES.md section 1: jokers (0-2) can be added to the table's deck."""
    rng = random.Random(77)
    for _ in range(20):
        play_session(TableConfig(players=6, jokers=2), rng, hands=50, illegal_rate=0.0)


@pytest.mark.long
def test_bulk_a_million_random_hands() -> None:
    """10^6 random hands: sessions of up to 100 hands until a million are played
    (a session ends early when one player holds every chip and nobody may rebuy)."""
    rng = random.Random(1_000_000)
    played = showdowns = 0
    while played < 1_000_000:
        table = play_session(random_config(rng), rng, hands=100, illegal_rate=0.05)
        played += table.hands_played
        showdowns += sum(r.showdown for r in table.history)
    assert played >= 1_000_000 and showdowns > 0
