"""Range notation for two-card hands (pokerbonus.analysis.ranges)."""

from __future__ import annotations

import pytest

from pokerbonus.analysis.ranges import HandRange, all_combos, parse_range
from pokerbonus.cards import RANKS, Card, parse_cards
from pokerbonus.errors import NotationError


def _classes(r: HandRange) -> set[str]:
    """The hand classes (AKs, AKo, QQ) a range covers, by reading its combos back."""
    found = set()
    for a, b in r.combos:
        hi, lo = RANKS[a.rank], RANKS[b.rank]
        if a.rank == b.rank:
            found.add(hi + lo)
        else:
            found.add(hi + lo + ("s" if a.suit == b.suit else "o"))
    return found


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("QQ+", 18),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("T9s-65s", 20),
        ("22+", 78),
        ("random", 1326),
        ("any", 1326),
        ("22-55", 24),
        ("55-22", 24),
        ("AJo+", 36),
        ("A2s-A5s", 16),
        ("A5s-", 16),
        ("QQ-", 66),
        ("KQ", 16),
        ("AhKh", 1),
        ("AhKh, AKs", 4),
        ("QQ+, AKs, T9s-65s, AJo+, 22-55, KQ", 18 + 4 + 20 + 36 + 24 + 16),
    ],
)
def test_combo_counts(text: str, count: int) -> None:
    assert len(parse_range(text)) == count


def test_classes_of_spans_and_plus() -> None:
    assert _classes(parse_range("T9s-65s")) == {"T9s", "98s", "87s", "76s", "65s"}
    assert _classes(parse_range("65s-T9s")) == {"T9s", "98s", "87s", "76s", "65s"}
    assert _classes(parse_range("AJo+")) == {"AJo", "AQo", "AKo"}
    assert _classes(parse_range("KTs+")) == {"KTs", "KJs", "KQs"}
    assert _classes(parse_range("QQ+")) == {"QQ", "KK", "AA"}
    assert _classes(parse_range("A5s-A2s")) == {"A2s", "A3s", "A4s", "A5s"}
    assert _classes(parse_range("KQ")) == {"KQs", "KQo"}


def test_lower_case_and_reversed_ranks() -> None:
    assert parse_range("ka").combos == parse_range("AK").combos
    assert parse_range("t9s").combos == parse_range("T9s").combos


def test_combos_are_distinct_valid_pairs() -> None:
    combos = parse_range("random").combos
    assert len(set(combos)) == 1326
    assert all(a > b for a, b in combos)
    assert combos == all_combos()
    suited = parse_range("AKs").combos
    assert all(a.suit == b.suit and {a.rank, b.rank} == {12, 11} for a, b in suited)
    offsuit = parse_range("AKo").combos
    assert all(a.suit != b.suit for a, b in offsuit)


def test_overlapping_parts_count_once() -> None:
    assert len(parse_range("AA, AA, QQ+")) == 18
    assert len(parse_range("AK, AKs")) == 16


def test_without_removes_blocked_combos() -> None:
    r = parse_range("AA, AKs")
    left = r.without(parse_cards("As"))
    assert len(left) == 3 + 3
    assert all(Card("As") not in c for c in left.combos)


@pytest.mark.parametrize(
    "text",
    [
        "",
        " , ",
        "AKx",
        "AAs",
        "AAo",
        "AK+s",
        "AKs-QJo",
        "AKs-T8s",
        "A2s-K5s",
        "ZZ",
        "AhAh",
        "AhKx",
        "22-AKs",
        "Q",
    ],
)
def test_bad_range_text(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_range(text)
    assert "range" in str(info.value)
