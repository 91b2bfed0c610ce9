"""Dealer mode RTP (issue 8, RULES.md section 9): exact decision values, the estimate."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerbonus.analysis.stats.dealer import (
    DEFAULT_PAYTABLE,
    dealer_rtp,
    situation_values,
)
from pokerbonus.cards import parse_cards
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands.batch import evaluate_batch

BONUS = {4: 1, 5: 2, 6: 3, 7: 10, 8: 50}


def bonus_of(rank: int) -> int:
    """The default paytable by shared rank bounds (docs/CONTRIBUTING-NOTES.md)."""
    if rank == 7462:
        return 100
    bounds = [(7453, 50), (7297, 10), (7141, 3), (5864, 2), (5854, 1)]
    return next((paid for low, paid in bounds if rank >= low), 0)


def brute_return(mine: list[int], up: int, avoid: set[int]) -> float:
    """Expected return of holding ``mine`` against every dealer completion (batch evaluator)."""
    pool = [c for c in range(52) if c not in avoid and c != up]
    fours = np.array(list(itertools.combinations(pool, 4)), dtype=np.uint8)
    dealer = np.concatenate([np.full((len(fours), 1), up, dtype=np.uint8), fours], axis=1)
    ranks = evaluate_batch(dealer)
    v = int(evaluate_batch(np.array([mine], dtype=np.uint8))[0])
    wins = int((ranks < v).sum())
    ties = int((ranks == v).sum())
    return (2 * wins + ties) / len(ranks) + bonus_of(v)


@pytest.mark.parametrize(("hand", "up"), [("4s 6h 4d Jh Qs", "8s"), ("Ts Js Qs Ks 2d", "As")])
def test_decision_values_are_exact(hand: str, up: str) -> None:
    cards = [int(c) for c in parse_cards(hand)]
    dealer_up = int(parse_cards(up)[0])
    values = situation_values(np.array(cards), dealer_up)
    assert values[0] == pytest.approx(brute_return(cards, dealer_up, set(cards)), abs=1e-12)
    unseen = [c for c in range(52) if c not in cards and c != dealer_up]
    for d in (0, 4):  # two of the five exchanges (each is 46 x 148,995 dealer hands)
        total = 0.0
        for x in unseen:
            mine = cards.copy()
            mine[d] = x
            total += brute_return(mine, dealer_up, set(cards) | {x})
        assert values[1 + d] == pytest.approx(total / len(unseen), abs=1e-12)


def test_keep_value_averages_to_one_plus_bonus() -> None:
    """Keeping a random hand against a random dealer hand: even, plus the mean bonus."""
    rng = np.random.default_rng(4)
    keep = []
    for _ in range(300):
        deck = rng.permutation(52)
        keep.append(situation_values(deck[:5], int(deck[5]))[0])
    mean_bonus = (10200 + 2 * 5108 + 3 * 3744 + 10 * 624 + 50 * 36 + 100 * 4) / 2598960
    se = float(np.std(keep)) / np.sqrt(len(keep))
    assert abs(float(np.mean(keep)) - (1 + mean_bonus)) < 4 * se


def test_rtp_sample_and_json() -> None:
    result = dealer_rtp(situations=40, seed=3)
    assert result.situations == 40
    low, high = result.ci95
    assert low < result.rtp < high
    assert result.fold_share + result.keep_share + result.exchange_share == pytest.approx(1)
    assert result.house_edge == pytest.approx(1 - result.rtp)
    data = result.to_json()
    assert data["paytable"] == DEFAULT_PAYTABLE
    assert dealer_rtp(situations=40, seed=3) == result


def test_bad_paytable_and_count() -> None:
    with pytest.raises(ConfigurationError, match="'pair'"):
        dealer_rtp(situations=1, seed=1, paytable={"pair": 1})
    with pytest.raises(ConfigurationError, match="situations: 0"):
        dealer_rtp(situations=0, seed=1)
