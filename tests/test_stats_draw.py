"""Draw statistics (issue 8): the kernel against an exact enumeration, the figures, errors."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from pokerbonus.analysis.stats.draw import (
    COUNTS_SIZE,
    WIN_UNIT,
    DrawConfig,
    DrawStats,
    play_deals,
    simulate_draw,
)
from pokerbonus.cards import Card, make_deck, parse_cards
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category, evaluate

TINY = parse_cards("As Ah Ad Ac Ks Kh Kd Kc Qs Js Ts 9s 8s")
"""A custom 13-card deck: two players take ten, the stub holds three, and the
second player's draw may need the first player's reshuffled discards."""


# ---------------------------------------------------------------------------
# An independent reference: the strategy written again with the scalar evaluator


@cache
def value(hand: frozenset[Card]) -> tuple[int, int]:
    rated = evaluate(tuple(sorted(hand)))
    assert rated.category is not None
    return rated.rank, int(rated.category)


@cache
def straight_outs(four: frozenset[int]) -> int:
    """How many ranks (of the full deck) make a straight with four distinct ranks."""
    outs = 0
    for x in range(13):
        if x in four:
            continue
        cards = [4 * r for r in four] + [4 * x + 1]  # clubs and one diamond: no flush
        rated = evaluate(tuple(Card(c) for c in cards))
        if rated.category == Category.STRAIGHT:
            outs += 1
    return outs


@cache
def discards(hand: frozenset[Card], disguise: bool, straight_all: bool) -> frozenset[Card]:
    _, category = value(hand)
    if category >= Category.STRAIGHT:
        return frozenset()
    by_rank = Counter(c.rank for c in hand)
    singles = sorted((c for c in hand if by_rank[c.rank] == 1), key=lambda c: c.rank)
    if category == Category.TRIPS:
        return frozenset(singles[:-1] if disguise else singles)
    if category == Category.TWO_PAIR:
        return frozenset(singles)
    by_suit = Counter(c.suit for c in hand)
    suit, most = by_suit.most_common(1)[0]
    if most == 4:  # four to a flush before a pair
        return frozenset(c for c in hand if c.suit != suit)
    if category == Category.PAIR:  # a pair before a straight draw
        return frozenset(singles[:-1] if disguise else singles)
    best: tuple[int, int] | None = None
    choice = None
    for card in hand:
        outs = straight_outs(frozenset(c.rank for c in hand if c != card))
        key = (outs, -card.rank)
        if best is None or key > best:
            best, choice = key, card
    assert best is not None and choice is not None
    if best[0] >= 2 or (straight_all and best[0] >= 1):
        return frozenset([choice])
    return frozenset()


def reference_counts(disguise: bool, straight_all: bool) -> tuple[int, ...]:
    """Counts over all deals of TINY to two players, by exact probabilities.

    Each pair of dealt hands stands for 36 deals (6 stub orders x 6 reshuffle
    orders); the first player gets a uniformly random subset of the stub, the
    second the rest of the stub and then a uniformly random subset of the first
    player's discards (RULES.md section 5: the stub ran out).
    """
    counts = [0] * COUNTS_SIZE
    deck = frozenset(TINY)
    for first in itertools.combinations(TINY, 5):
        one = frozenset(first)
        rest = deck - one
        for second in itertools.combinations(sorted(rest), 5):
            two = frozenset(second)
            stub = rest - two
            d1 = discards(one, disguise, straight_all)
            d2 = discards(two, disguise, straight_all)
            a_sets = [frozenset(a) for a in itertools.combinations(sorted(stub), len(d1))]
            for a in a_sets:
                left = stub - a
                if len(d2) <= len(left):
                    b_sets = [frozenset(b) for b in itertools.combinations(sorted(left), len(d2))]
                else:
                    b_sets = [
                        left | frozenset(extra)
                        for extra in itertools.combinations(sorted(d1), len(d2) - len(left))
                    ]
                weight = Fraction(36, len(a_sets) * len(b_sets))
                assert weight.denominator == 1
                w = int(weight)
                for b in b_sets:
                    add_outcome(counts, w, [one, two], [(one - d1) | a, (two - d2) | b])
    return tuple(counts)


def add_outcome(
    counts: list[int], w: int, dealt_hands: list[frozenset[Card]], final: list[frozenset[Card]]
) -> None:
    """Add ``w`` deals with these dealt and final hands to the reference counts."""
    dealt = [value(h)[1] for h in dealt_hands]
    rated = [value(h) for h in final]
    best = max(v for v, _ in rated)
    winners = sum(1 for v, _ in rated if v == best)
    counts[0] += w
    for p in range(len(final)):
        counts[1 + 10 * dealt[p] + rated[p][1]] += w
        if rated[p][0] == best:
            counts[101 + dealt[p]] += w * (WIN_UNIT // winners)
            counts[111 + rated[p][1]] += w * (WIN_UNIT // winners)
    for c, n in Counter(c for _, c in rated).items():
        counts[121 + c] += w * n * n


def all_deals_of_tiny() -> list[np.ndarray]:
    """Every deal of TINY (hands as sets, every stub order, every reshuffle order).

    The tape is a permutation of 0..5; the pile never holds more than three
    cards here, so only the order of 0, 1, 2 in the tape matters, and the six
    orders of those (followed by 3, 4, 5) stand for all 720 tapes equally.
    """
    index = {c: i for i, c in enumerate(TINY)}
    bases = []
    for first in itertools.combinations(TINY, 5):
        rest = [c for c in TINY if c not in first]
        for second in itertools.combinations(rest, 5):
            stub = [c for c in rest if c not in second]
            bases.append([index[c] for c in (*first, *second, *stub)])
    base = np.array(bases, dtype=np.int64)
    cards = np.array(TINY, dtype=np.int64)
    chunks = []
    for stub_order in itertools.permutations(range(10, 13)):
        order = cards[np.concatenate([base[:, :10], base[:, list(stub_order)]], axis=1)]
        for tape in itertools.permutations(range(3)):
            tapes = np.broadcast_to(np.array([*tape, 3, 4, 5]), (len(base), 6))
            chunks.append(np.concatenate([order, tapes], axis=1))
    return chunks


@pytest.mark.parametrize(
    ("disguise", "straight_draws"),
    [(False, "open"), pytest.param(True, "all", marks=pytest.mark.long)],
)
def test_kernel_over_all_deals_matches_enumeration(disguise: bool, straight_draws: str) -> None:
    config = DrawConfig(deck=52, players=2, disguise=disguise, straight_draws=straight_draws)
    total: DrawStats | None = None
    for chunk in all_deals_of_tiny():
        part = play_deals(config, chunk)
        total = part if total is None else total + part
    assert total is not None
    assert total.hands == 1287 * 56 * 36
    expected = reference_counts(disguise, straight_draws == "all")
    assert total.counts == expected


# ---------------------------------------------------------------------------
# Strategy details, one deal at a time


def one_deal(config: DrawConfig, text: str) -> DrawStats:
    """Play one deal: the given cards first (hands, then the top of the stub)."""
    cards = list(parse_cards(text))
    rest = [c for c in make_deck(config.deck) if c not in cards]
    tape = list(range(3 * config.players))
    return play_deals(config, np.array([[int(c) for c in cards + rest] + tape]))


def test_pat_straight_against_a_flush_draw() -> None:
    config = DrawConfig(deck=52, players=2)
    stats = one_deal(config, "9c Td Jc Qs Ks  2c 5h 7h 9h Jh  Ah")
    assert stats.dealt_counts["straight"] == 1 and stats.dealt_counts["high_card"] == 1
    # the straight stands pat; four hearts throw the 2c and catch the Ah
    assert stats.final_counts["straight"] == 1 and stats.final_counts["flush"] == 1
    assert stats.win_expectancy_final == {"straight": 0.0, "flush": 1.0}
    assert stats.origins("flush") == {"high_card": 1.0}


@pytest.mark.parametrize(
    ("hand", "draw_all", "final"),
    [
        ("7c 8d 9h Ts 2c", False, "straight"),  # open-ended: the 2c goes, the Jd comes
        ("7c 8d 9h Js 2c", False, "high_card"),  # inside draw: kept under "open"
        ("7c 8d 9h Js 2c", True, "straight"),  # ... drawn to under "all" (the Td comes)
        ("Kc Kd 9h 5s 2c", False, "full_house"),  # a pair draws three: Kh Td Ts
    ],
)
def test_straight_draws_and_pairs(hand: str, draw_all: bool, final: str) -> None:
    config = DrawConfig(deck=52, players=2, straight_draws="all" if draw_all else "open")
    top = {"7c 8d 9h Ts 2c": "Jd", "7c 8d 9h Js 2c": "Td", "Kc Kd 9h 5s 2c": "Kh Td Ts"}[hand]
    stats = one_deal(config, f"{hand}  Ac Ad Ah As Qc  {top}")
    assert stats.final_counts[final] == 1


@pytest.mark.parametrize(
    ("hand", "stub", "final"),
    [
        # four to a flush outranks a pair: the Kd goes, the 2h comes (a flush)
        ("Kh Kd 9h 5h 3h", "2h Ts Td", "flush"),
        # a straight draw does not: with a pair the pair draws three (Kc 2s 3s)
        ("8c 9d Th Js Jd", "Kc 2s 3s", "pair"),
        # two pair before four to a flush: the odd card 5h goes, the 2h comes
        ("Kh Kd 9h 9c 5h", "2h Ts Td", "two_pair"),
        # three of a kind draws two even with four to a flush
        ("Kh Kd Kc 9c 5c", "Ts Td 2c", "full_house"),
    ],
)
def test_standard_strategy_priority_order(hand: str, stub: str, final: str) -> None:
    """The standard strategy's priority list, first match wins (docs/stats.md)."""
    stats = one_deal(DrawConfig(deck=52, players=2), f"{hand}  Ac Ad Ah As Qc  {stub}")
    assert stats.final_counts[final] == 1, stats.final_counts


def test_disguised_pair_keeps_the_best_kicker() -> None:
    config = DrawConfig(deck=52, players=2, disguise=True)
    # Kc Kd A9 kept with the 9h; draws two: Kh Ts -> trips, not a full house
    stats = one_deal(config, "Kc Kd 9h 5s 2c  Ac Ad Ah As Qc  Kh Ts Td")
    assert stats.final_counts["trips"] == 1


def test_draw_counts_and_win_expectancy_sum() -> None:
    stats = simulate_draw(DrawConfig(deck=32, players=4), hands=20_000, seed=3)
    assert stats.hands == 20_000
    assert sum(stats.final_counts.values()) == 80_000
    assert sum(stats.dealt_counts.values()) == 80_000
    # exactly one pot per deal, shared among the best hands
    shares = sum(
        stats.win_expectancy_dealt[k] * stats.dealt_counts[k]
        for k in stats.dealt_counts
        if stats.dealt_counts[k]
    )
    assert shares == pytest.approx(20_000)
    # a dealt high card never improves (it keeps five or draws one to a straight or flush)
    for origin in stats.origins("pair"):
        assert origin in ("high_card", "pair")
    # a high card at the end was dealt so, or was a pair broken for four to a flush
    # that missed (the flush draw comes first in the standard strategy)
    assert set(stats.origins("high_card")) == {"high_card", "pair"}
    assert stats.served_share("high_card") > 0.9
    low, high = stats.ci95("pair")
    assert low < stats.final_frequency["pair"] < high
    assert stats.win_expectancy_dealt["trips"] > stats.win_expectancy_dealt["pair"]


def test_same_seed_same_counts_and_seeds_differ() -> None:
    config = DrawConfig(deck=52, players=8)
    a = simulate_draw(config, hands=3_000, seed=11)
    b = simulate_draw(config, hands=3_000, seed=11)
    c = simulate_draw(config, hands=3_000, seed=12)
    assert a.counts == b.counts
    assert a.counts != c.counts


def test_disguise_changes_the_draw() -> None:
    plain = simulate_draw(DrawConfig(deck=32, players=4), hands=5_000, seed=1)
    disguised = simulate_draw(DrawConfig(deck=32, players=4, disguise=True), hands=5_000, seed=1)
    # same deals; with a kicker kept a pair reaches trips less often
    assert plain.dealt_counts == disguised.dealt_counts
    assert disguised.final_counts["trips"] < plain.final_counts["trips"]


def test_json_shape() -> None:
    data = simulate_draw(DrawConfig(deck=32, players=3), hands=1_000, seed=5).to_json()
    assert data["hands"] == 1_000 and data["players"] == 3 and data["deck"] == 32
    final = data["final"]
    assert isinstance(final, dict)
    assert set(final) == {c.key for c in Category}
    assert set(final["pair"]) == {"freq", "ci95", "served_share", "from"}
    win = data["win_expectancy"]
    assert isinstance(win, dict) and set(win) == {"dealt", "final"}


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"deck": 30}, "deck: 30"),
        ({"players": 1}, "players: 1"),
        ({"players": 7, "deck": 32}, "need at least 38 cards"),
        ({"strategy": "greedy"}, "'greedy'"),
        ({"straight_draws": "inside"}, "'inside'"),
    ],
)
def test_bad_configurations(kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(ConfigurationError, match=match):
        DrawConfig(**kwargs)  # type: ignore[arg-type]


def test_bad_deals_and_hands() -> None:
    config = DrawConfig(deck=32, players=4)
    with pytest.raises(ConfigurationError, match="fewer than 23"):
        play_deals(config, np.zeros((1, 20), dtype=np.int64))
    with pytest.raises(ConfigurationError, match="hands: 0"):
        simulate_draw(config, hands=0, seed=1)
