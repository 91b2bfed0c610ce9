"""Tests for shuffling, cutting and the shuffle policy (engine/shuffle.py, RULES.md section 5).

The dealing-randomness test is a chi-square test of card against position over
many seeded shuffles of a 52-card deck. scipy is not a dependency, so the
p-value is computed here with the Wilson-Hilferty normal approximation of the
chi-square distribution (excellent at the ~2,600 degrees of freedom used).

The N shuffled decks give a 52 x 52 table of counts (position x card) whose row
and column sums are all N: each shuffle adds one permutation matrix. The plain
statistic X = sum (O - E)^2 / E is then distributed as n / (n - 1) times a
chi-square with (n - 1)^2 degrees of freedom (the covariance of a uniform
permutation matrix is 1 / (n - 1) times the identity on the (n - 1)^2-dimensional
space of tables with zero row and column sums), so the test uses
X * (n - 1) / n against chi-square((n - 1)^2).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import numpy as np
import pytest

from pokerbonus.cards import Card, make_deck
from pokerbonus.engine.shuffle import Shuffler, cut, cut_at, fisher_yates
from pokerbonus.errors import ConfigurationError, InvalidCardError

ALPHA = 1e-3
"""Significance level: a correct shuffle fails one seeded run in a thousand."""

SHUFFLES = 20_000
N = 52


def chi_square_sf(x: float, df: int) -> float:
    """P(chi-square(df) >= x) by the Wilson-Hilferty cube-root normal approximation."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def exact_chi_square_sf_even_df(x: float, df: int) -> float:
    """The exact tail for an even df: a Poisson(x / 2) sum, term by term in log space."""
    h = x / 2
    return sum(math.exp(k * math.log(h) - h - math.lgamma(k + 1)) for k in range(df // 2))


@pytest.mark.parametrize(
    ("x", "df"), [(100.0, 100), (124.342, 100), (149.449, 100), (2600.0, 2600), (2750.0, 2600)]
)
def test_wilson_hilferty_matches_the_exact_tail(x: float, df: int) -> None:
    exact = exact_chi_square_sf_even_df(x, df)
    assert chi_square_sf(x, df) == pytest.approx(exact, rel=0.02, abs=1e-4)


def position_card_p_value(shuffle: Callable[[], tuple[int, ...]], shuffles: int) -> float:
    """The p-value of 'every card is equally likely at every position'."""
    perms = np.array([shuffle() for _ in range(shuffles)], dtype=np.int64)
    assert perms.shape == (shuffles, N)
    cells = np.arange(N) * N + perms  # position * N + card, row by row
    counts = np.bincount(cells.ravel(), minlength=N * N).reshape(N, N)
    assert (counts.sum(axis=0) == shuffles).all() and (counts.sum(axis=1) == shuffles).all()
    expected = shuffles / N
    statistic = float(((counts - expected) ** 2).sum() / expected) * (N - 1) / N
    return chi_square_sf(statistic, (N - 1) ** 2)


def naive_swap_any(deck: list[int], rng: random.Random) -> tuple[int, ...]:
    """Broken shuffle (a): swap each position with ANY position."""
    for i in range(len(deck)):
        j = rng.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def sattolo_like(deck: list[int], rng: random.Random) -> tuple[int, ...]:
    """Broken shuffle (b): the off-by-one that never leaves a card in place."""
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randrange(i)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def test_section5_dealt_deck_is_uniform_card_against_position() -> None:
    """RULES.md section 5: the deck dealt under every-hand shuffling is uniform."""
    shuffler = Shuffler(make_deck(52), "every-hand", random.Random(20240601))
    p = position_card_p_value(lambda: tuple(int(c) for c in shuffler.deck_for_hand()), SHUFFLES)
    assert p > ALPHA, f"chi-square rejects the shuffle: p = {p:.3g}"


def test_fisher_yates_is_uniform_card_against_position() -> None:
    rng = random.Random(7)
    p = position_card_p_value(lambda: fisher_yates(range(N), rng), SHUFFLES)
    assert p > ALPHA, f"chi-square rejects Fisher-Yates: p = {p:.3g}"


@pytest.mark.parametrize("broken", [naive_swap_any, sattolo_like])
def test_the_same_check_rejects_broken_shuffles(
    broken: Callable[[list[int], random.Random], tuple[int, ...]],
) -> None:
    rng = random.Random(7)
    p = position_card_p_value(lambda: broken(list(range(N)), rng), SHUFFLES)
    assert p < ALPHA, f"chi-square failed to reject {broken.__name__}: p = {p:.3g}"


def test_fisher_yates_reaches_every_order_of_a_small_deck_evenly() -> None:
    rng = random.Random(11)
    counts: dict[tuple[int, ...], int] = {}
    for _ in range(24_000):
        order = fisher_yates(range(4), rng)
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 24
    statistic = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi_square_sf(statistic, 23) > ALPHA


def test_fisher_yates_returns_a_permutation_and_leaves_input_alone() -> None:
    deck = list(make_deck(32))
    shuffled = fisher_yates(deck, random.Random(3))
    assert deck == list(make_deck(32))
    assert sorted(shuffled) == sorted(deck) and shuffled != tuple(deck)


def test_cut_at_moves_top_packet_under() -> None:
    deck = make_deck(32)
    assert cut_at(deck, 5) == deck[5:] + deck[:5]
    assert cut_at(deck, 0) == deck
    with pytest.raises(InvalidCardError, match="invalid cut position: 33"):
        cut_at(deck, 33)


def test_cut_respects_minimum_packet_and_reaches_every_allowed_point() -> None:
    deck = tuple(range(32))
    rng = random.Random(9)
    points = set()
    for _ in range(2000):
        cards = cut(deck, rng, min_packet=4)
        k = cards[0]
        assert cards == deck[k:] + deck[:k]
        points.add(k)
    assert points == set(range(4, 29))
    with pytest.raises(InvalidCardError, match="minimum packet size: 0"):
        cut(deck, rng, min_packet=0)


def test_section5_every_hand_policy_shuffles_each_hand() -> None:
    """RULES.md section 5: every-hand (casino style) shuffles a fresh deck each hand."""
    shuffler = Shuffler(make_deck(32), "every-hand", random.Random(1))
    decks = [shuffler.deck_for_hand(gathered=make_deck(32)) for _ in range(5)]
    assert shuffler.shuffles == 5
    assert all(sorted(d) == list(make_deck(32)) for d in decks)
    # a fresh shuffle, not a rotation of the previous deck
    rotations = {decks[0][k:] + decks[0][:k] for k in range(32)}
    assert decks[1] not in rotations


def test_section5_cut_only_gathers_and_cuts_in_exact_order() -> None:
    """RULES.md section 5: cut-only shuffles once, then only gathers and cuts."""
    rng = random.Random(42)
    shuffler = Shuffler(make_deck(32), "cut-only", rng, min_packet=4)
    first = shuffler.deck_for_hand()
    assert shuffler.shuffles == 1 and sorted(first) == list(make_deck(32))
    gathered = first[10:] + first[:10][::-1]  # some order the hand engine defines
    probe = random.Random()
    probe.setstate(rng.getstate())
    expected_point = probe.randint(4, 28)
    second = shuffler.deck_for_hand(gathered=gathered)
    assert second == gathered[expected_point:] + gathered[:expected_point]
    assert shuffler.shuffles == 1
    # a new deck brought in is shuffled again
    shuffler.bring_new_deck()
    shuffler.deck_for_hand(gathered=second)
    assert shuffler.shuffles == 2


def test_cut_only_refuses_a_gathering_that_is_not_the_deck() -> None:
    shuffler = Shuffler(make_deck(32), "cut-only", random.Random(1))
    first = shuffler.deck_for_hand()
    with pytest.raises(InvalidCardError, match="gathered cards of the last hand are required"):
        shuffler.deck_for_hand()
    with pytest.raises(InvalidCardError, match=r"missing: \S+, extra: 2c"):
        shuffler.deck_for_hand(gathered=(*first[1:], Card("2c")))


def test_shuffler_refuses_bad_policy_and_duplicate_cards() -> None:
    with pytest.raises(ConfigurationError, match="shuffle: must be one of"):
        Shuffler(make_deck(32), "sometimes")  # type: ignore[arg-type]
    with pytest.raises(InvalidCardError, match="deck holds a card twice"):
        Shuffler([0, 0, 1], "every-hand")
