"""Dealt frequencies (issue 8): exact enumeration against closed-form counting.

The closed forms below are derived by hand from RULES.md section 1 and 2 for a
deck of ``r`` ranks and four suits: the ace plays low below the deck's lowest
rank (so there are ``r - 3`` straight windows), and a joker plays as an ace for
pairs, trips and quads, as any card for straights and flushes, and makes five of
a kind with four of a kind (or with aces).
"""

from __future__ import annotations

from math import comb

import pytest

from pokerbonus.analysis.stats import dealt_frequencies
from pokerbonus.cards import DECK_SIZES
from pokerbonus.errors import ConfigurationError


def no_joker(r: int) -> dict[str, int]:
    """Five naturals from r ranks."""
    w = r - 3  # straight windows, the wheel included
    return {
        "straight_flush": 4 * w,
        "quads": r * (r - 1) * 4,
        "full_house": r * 4 * (r - 1) * 6,
        "flush": 4 * (comb(r, 5) - w),
        "straight": w * (4**5 - 4),
        "trips": r * 4 * comb(r - 1, 2) * 16,
        "two_pair": comb(r, 2) * 36 * (r - 2) * 4,
        "pair": r * 6 * comb(r - 1, 3) * 64,
        "high_card": (comb(r, 5) - w) * (4**5 - 4),
        "five_of_a_kind": 0,
    }


def one_joker(r: int) -> dict[str, int]:
    """Four naturals and one given joker (the joker counts as an ace for groups)."""
    f4 = 4 * r - 11  # rank 4-sets inside a straight window (span <= 5, ace at both ends)
    with_ace = 8  # of them, the sets holding an ace (four at each end)
    return {
        "five_of_a_kind": r,  # four of a kind + joker
        "quads": 16 * (r - 1),  # three aces + other card
        "full_house": 16 * (r - 1) + 36 * (r - 1),  # trips + ace; aces + another pair
        "straight_flush": 4 * f4,
        "flush": 4 * (comb(r, 4) - f4),
        "straight": 252 * f4,
        "trips": 16 * (r - 1) * (r - 2) + 96 * comb(r - 1, 2),  # trips; a pair of aces
        "two_pair": 36 * comb(r - 1, 2) + 96 * (r - 1) * (r - 2),  # two pair; pair + ace
        "pair": 96 * (r - 1) * comb(r - 2, 2) + 252 * (comb(r - 1, 3) - with_ace),
        "high_card": 252 * (comb(r - 1, 4) - (f4 - with_ace)),
    }


def two_jokers(r: int) -> dict[str, int]:
    """Three naturals and both jokers."""
    f3 = 6 * r - 14  # rank 3-sets inside a straight window
    with_ace = 12
    return {
        "five_of_a_kind": 4,  # three aces
        "full_house": 4 * (r - 1) + 24 * (r - 1),  # trips + two aces; pair + ace
        "quads": 24 * (r - 1),  # a pair of aces + one card
        "two_pair": 24 * (r - 1) * (r - 2),
        "straight_flush": 4 * f3,
        "flush": 4 * (comb(r, 3) - f3),
        "straight": 60 * f3,
        "trips": 60 * (comb(r - 1, 2) - with_ace),  # an ace and two other ranks
        "pair": 60 * (comb(r - 1, 3) - (f3 - with_ace)),
        "high_card": 0,
    }


def closed_form(deck: int, jokers: int) -> dict[str, int]:
    r = deck // 4
    parts = [no_joker(r)] + [one_joker(r)] * jokers + ([two_jokers(r)] if jokers == 2 else [])
    return {k: sum(p[k] for p in parts) for k in parts[0]}


@pytest.mark.parametrize("jokers", [0, 1, 2])
@pytest.mark.parametrize("deck", DECK_SIZES)
def test_dealt_counts_match_closed_form(deck: int, jokers: int) -> None:
    stats = dealt_frequencies(deck, jokers)
    expected = closed_form(deck, jokers)
    assert sum(expected.values()) == comb(deck + jokers, 5)
    assert stats.total == comb(deck + jokers, 5)
    assert stats.counts == expected


def test_rules_section_2_counts_52_cards() -> None:
    """The textbook numbers of RULES.md section 2 (2,598,960 hands)."""
    counts = dealt_frequencies(52).counts
    assert counts["straight_flush"] == 40
    assert counts["quads"] == 624
    assert counts["full_house"] == 3744
    assert counts["flush"] == 5108
    assert counts["straight"] == 10200
    assert counts["high_card"] == 1302540


def test_no_wheel_has_one_window_less() -> None:
    with_wheel = dealt_frequencies(32).counts
    without = dealt_frequencies(32, wheel=False).counts
    assert with_wheel["straight"] - without["straight"] == 4**5 - 4
    assert with_wheel["straight_flush"] - without["straight_flush"] == 4


def test_frequencies_and_json() -> None:
    stats = dealt_frequencies(32, 1)
    data = stats.to_json()
    freq = data["freq"]
    assert isinstance(freq, dict)
    assert sum(freq.values()) == pytest.approx(1.0)
    assert stats.frequency("five_of_a_kind") == 8 / comb(33, 5)
    with pytest.raises(ConfigurationError, match="'pairs'"):
        stats.frequency("pairs")


def test_bad_deck_and_jokers() -> None:
    with pytest.raises(ConfigurationError, match="33"):
        dealt_frequencies(33)
    with pytest.raises(ConfigurationError, match="3"):
        dealt_frequencies(52, 3)
