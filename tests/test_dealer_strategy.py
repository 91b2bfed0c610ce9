"""best_decision: exact expected values, checked against a direct enumeration."""

from __future__ import annotations

import itertools

import pytest

from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.dealer import DEFAULT_PAYTABLE, bonus_multiplier
from pokerbonus.dealer.strategy import best_decision
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands import evaluate


def brute_return(five: tuple[Card, ...], up: Card, exchange: Card | None) -> float:
    """Expected return per unit wager by direct enumeration (slow: a sample of cases only)."""
    unseen = [c for c in make_deck(52) if c not in five and c != up]
    total = 0.0
    count = 0
    replacements: list[Card | None] = [None] if exchange is None else list(unseen)
    for new in replacements:
        mine = five if new is None else tuple(new if c == exchange else c for c in five)
        value = evaluate(mine)
        bonus = bonus_multiplier(value, DEFAULT_PAYTABLE)
        rest = [c for c in unseen if c != new]
        for combo in itertools.combinations(rest, 4):
            dealer = evaluate((up, *combo))
            total += (2 if value > dealer else 1 if value == dealer else 0) + bonus
            count += 1
    return total / count


def test_keep_value_equals_direct_enumeration() -> None:
    five, up = parse_cards("As Ad Kc Qd 7h"), Card("Ks")
    d = best_decision(five, up)
    assert d.keep == pytest.approx(brute_return(five, up, None), abs=1e-12)
    assert d.kind in ("keep", "exchange") and d.value == max(d.keep, *(v for _, v in d.exchange))


@pytest.mark.long
def test_exchange_value_equals_direct_enumeration() -> None:
    five, up = parse_cards("9c Td Jh Qs 2c"), Card("4d")
    d = best_decision(five, up)
    assert dict(d.exchange)[Card("2c")] == pytest.approx(
        brute_return(five, up, Card("2c")), abs=1e-12
    )


def test_obvious_decisions() -> None:
    assert best_decision("As Ks Qs Js Ts", "2c").kind == "keep"  # royal flush
    d = best_decision("As Ks Qs Js 2d", "7c")  # four to a royal: give up the deuce
    assert (d.kind, d.card) == ("exchange", Card("2d"))
    assert d.action.to_text() == "exchange 2d"
    # folding returns nothing and no play returns less: never strictly best
    d = best_decision("2c 3d 5h 7s 9c", "As")
    assert d.kind != "fold" and d.value > 0


def test_bad_input() -> None:
    with pytest.raises(InvalidHandError, match="five cards and one dealer card"):
        best_decision("As Ks", "2c")
    with pytest.raises(InvalidHandError, match="repeated"):
        best_decision("As Ks Qs Js Ts", "As")
