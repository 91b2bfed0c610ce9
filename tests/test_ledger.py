"""Tests for the ledger: caves, rebuys, table stakes (engine/ledger.py, RULES.md section 4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.ledger import Ledger
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError


def seated(policy: str = "free", max_caves: int | None = None, cave: int = 100) -> Ledger:
    ledger = Ledger(cave=cave, policy=policy, max_caves=max_caves)  # type: ignore[arg-type]
    for name in ("ann", "bob", "cy"):
        ledger.sit(name)
    return ledger


def test_section4_everyone_buys_one_cave_of_the_same_size() -> None:
    """RULES.md section 4: the cave is the same for every player (default 100)."""
    ledger = Ledger.from_config(TableConfig(cave=250))
    ledger.sit("ann")
    ledger.sit("bob")
    assert [(e.caves, e.bought, e.stack, e.net) for e in ledger.entries()] == [
        (1, 250, 250, 0),
        (1, 250, 250, 0),
    ]
    assert ledger.total_bought == ledger.total_stacks == 500


def test_section4_free_rebuy_whole_caves_any_number() -> None:
    """RULES.md section 4: free = any number of caves, any time between hands."""
    ledger = seated("free")
    for _ in range(5):
        ledger.rebuy("ann")
    ledger.rebuy("ann", caves=3)
    assert ledger.entry("ann").caves == 9 and ledger.entry("ann").stack == 900
    with pytest.raises(IllegalActionError, match=r"chips \(50\) needs the 'unlimited'"):
        ledger.rebuy("ann", chips=50)


def test_section4_limited_rebuy_counts_the_first_cave() -> None:
    """RULES.md section 4: limited = a maximum number of caves per player."""
    ledger = seated("limited", max_caves=3)
    ledger.rebuy("bob", caves=2)
    assert ledger.entry("bob").caves == 3
    assert not ledger.can_rebuy("bob")
    with pytest.raises(IllegalActionError, match="'bob' has bought 3 caves, the limit is 3"):
        ledger.rebuy("bob")
    assert ledger.can_rebuy("ann", caves=2) and not ledger.can_rebuy("ann", caves=3)


def test_section4_unlimited_rebuy_any_amount() -> None:
    """RULES.md section 4: unlimited = any amount."""
    ledger = seated("unlimited")
    purchase = ledger.rebuy("cy", chips=37)
    assert (purchase.chips, purchase.caves) == (37, 0)
    ledger.rebuy("cy", caves=2)
    e = ledger.entry("cy")
    assert (e.caves, e.bought, e.stack) == (3, 337, 337)
    with pytest.raises(IllegalActionError, match="chips must be a positive integer, got 0"):
        ledger.rebuy("cy", chips=0)


def test_section4_chips_are_added_only_between_hands() -> None:
    """RULES.md section 4: only chips on the table play; added only between hands."""
    ledger = seated()
    ledger.start_hand(["ann", "bob"])
    with pytest.raises(IllegalActionError, match="only between hands"):
        ledger.rebuy("cy")
    with pytest.raises(IllegalActionError, match="only between hands"):
        ledger.sit("dee")
    assert not ledger.can_rebuy("ann")
    ledger.settle_hand({"ann": 0, "bob": 200})
    ledger.rebuy("ann")
    assert ledger.entry("ann").stack == 100 and ledger.entry("ann").net == -100


def test_section4_no_chip_created_or_lost_at_settlement() -> None:
    """RULES.md section 4: stacks + pot == everything bought in, always."""
    ledger = seated()
    ledger.start_hand(["ann", "bob", "cy"])
    with pytest.raises(PokerError, match="players brought 300 chips but leave with 301"):
        ledger.settle_hand({"ann": 101, "bob": 100, "cy": 100})
    with pytest.raises(PokerError, match="were dealt in"):
        ledger.settle_hand({"ann": 300})
    with pytest.raises(PokerError, match="'ann' ends with -1 chips"):
        ledger.settle_hand({"ann": -1, "bob": 201, "cy": 100})
    assert ledger.in_hand  # refused settlements change nothing
    ledger.settle_hand({"ann": 50, "bob": 250, "cy": 0})
    ledger.check()
    assert ledger.hands_settled == 1
    assert [e.net for e in ledger.entries()] == [-50, 150, -100]


def test_a_player_without_chips_cannot_be_dealt_in() -> None:
    ledger = seated()
    ledger.start_hand(["ann", "bob"])
    ledger.settle_hand({"ann": 200, "bob": 0})
    with pytest.raises(IllegalActionError, match="'bob' has no chips to play"):
        ledger.start_hand(["ann", "bob"])
    assert not ledger.in_hand


def test_ledger_refusals() -> None:
    ledger = seated()
    with pytest.raises(IllegalActionError, match="'ann' is already seated"):
        ledger.sit("ann")
    with pytest.raises(PokerError, match="no player 'zed'"):
        ledger.rebuy("zed")
    with pytest.raises(IllegalActionError, match="no hand is being played"):
        ledger.settle_hand({})
    with pytest.raises(IllegalActionError, match="caves must be a positive integer, got 0"):
        ledger.rebuy("ann", caves=0)
    with pytest.raises(ConfigurationError, match="max_caves: required"):
        Ledger(policy="limited")
    with pytest.raises(ConfigurationError, match="cave: must be a positive integer, got 0"):
        Ledger(cave=0)


@given(st.integers(0, 2**32 - 1), st.sampled_from(["free", "limited", "unlimited"]))
def test_random_hands_and_rebuys_keep_the_books_balanced(seed: int, policy: str) -> None:
    rng = random.Random(seed)
    ledger = seated(policy, max_caves=4 if policy == "limited" else None, cave=20)
    for _ in range(30):
        for player in ledger.players:
            if ledger.stack(player) == 0 or rng.random() < 0.1:
                amount = rng.randint(1, 50) if policy == "unlimited" else None
                if ledger.can_rebuy(player, chips=amount):
                    ledger.rebuy(player, chips=amount)
        dealt = [p for p in ledger.players if ledger.stack(p) > 0]
        if len(dealt) < 2:
            break
        ledger.start_hand(dealt)
        # move a random number of chips from one player to another
        loser, winner = rng.sample(dealt, 2)
        moved = rng.randint(0, ledger.stack(loser))
        final = {p: ledger.stack(p) for p in dealt}
        final[loser] -= moved
        final[winner] += moved
        ledger.settle_hand(final)
        ledger.check()
        assert sum(e.net for e in ledger.entries()) == 0
        assert ledger.total_bought == sum(p.chips for p in ledger.purchases)
