"""Batch evaluation (hands/batch.py): exhaustive counts, phevaluator, brute-force references.

RULES.md section 2 (hand ranking, the 7,462 values) and section 3 (low hands);
rank schemes of docs/CONTRIBUTING-NOTES.md.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from math import comb
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
import pytest

from pokerbonus.cards import parse_cards
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands.batch import GAMES, evaluate_batch

Cards = npt.NDArray[np.uint8]

# Category bounds of the shared `high` scheme (docs/CONTRIBUTING-NOTES.md), weakest first.
HIGH_BOUNDS = [1277, 4137, 4995, 5853, 5863, 7140, 7296, 7452, 7462]
CATEGORIES = [
    "high card", "pair", "two pair", "trips", "straight",
    "flush", "full house", "quads", "straight flush",
]  # fmt: skip


def _categories(values: npt.NDArray[np.int32]) -> dict[str, int]:
    """Count `high` values per category (values must be 1..7462)."""
    per_value = np.bincount(values, minlength=7463)
    starts = [1, *(b + 1 for b in HIGH_BOUNDS[:-1])]
    return {
        name: int(per_value[lo : hi + 1].sum())
        for name, lo, hi in zip(CATEGORIES, starts, HIGH_BOUNDS, strict=True)
    }


@numba.njit(cache=True)
def _fill_combinations(state: Cards, n: int, out: Cards) -> tuple[int, bool]:
    """Write the next combinations of ``range(n)`` after ``state`` (included) into ``out``.

    Lexicographic order; returns the rows written and whether the last one was reached.
    """
    k = state.shape[0]
    rows = 0
    while rows < out.shape[0]:
        for j in range(k):
            out[rows, j] = state[j]
        rows += 1
        i = k - 1
        while i >= 0 and state[i] == n - k + i:
            i -= 1
        if i < 0:
            return rows, True
        state[i] += 1
        for j in range(i + 1, k):
            state[j] = state[j - 1] + 1
    return rows, False


def _all_hands(
    k: int, deck: Sequence[int] = tuple(range(52)), chunk: int = 1 << 20
) -> Iterator[Cards]:
    """Every k-card set of ``deck`` (card indices), in chunks."""
    index = np.array(deck, dtype=np.uint8)
    state = np.arange(k, dtype=np.uint8)
    out = np.empty((chunk, k), dtype=np.uint8)
    done = False
    while not done:
        rows, done = _fill_combinations(state, len(deck), out)
        yield index[out[:rows]]


def _random_hands(rng: np.random.Generator, n: int, k: int, deck_size: int = 52) -> Cards:
    """``n`` random k-card hands (no repeated card) from the top ``deck_size`` cards."""
    out = np.empty((n, k), dtype=np.uint8)
    for start in range(0, n, 100_000):
        m = min(100_000, n - start)
        picks = np.argpartition(rng.random((m, deck_size)), k, axis=1)[:, :k]
        out[start : start + m] = picks + (52 - deck_size)
    return out


# --- exhaustive counts: the "perft" of poker ------------------------------------------------

# Frequencies of the best five-card hand among all C(52, 7) = 133,784,560 seven-card sets
# (Wikipedia, "Poker probability", table "Frequency of 7-card poker hands"; the straight
# flush line includes the 4,324 royal flushes).
SEVEN_CARD_COUNTS = {
    "high card": 23_294_460,
    "pair": 58_627_800,
    "two pair": 31_433_400,
    "trips": 6_461_620,
    "straight": 6_180_020,
    "flush": 4_047_644,
    "full house": 3_473_184,
    "quads": 224_848,
    "straight flush": 41_584,
}
# All C(52, 5) = 2,598,960 five-card hands (same source, "Frequency of 5-card poker hands").
FIVE_CARD_COUNTS = {
    "high card": 1_302_540,
    "pair": 1_098_240,
    "two pair": 123_552,
    "trips": 54_912,
    "straight": 10_200,
    "flush": 5_108,
    "full house": 3_744,
    "quads": 624,
    "straight flush": 40,
}
# Distinct values per category (RULES.md section 2).
FIVE_CARD_DISTINCT = {
    "high card": 1277, "pair": 2860, "two pair": 858, "trips": 858, "straight": 10,
    "flush": 1277, "full house": 156, "quads": 156, "straight flush": 10,
}  # fmt: skip


def test_known_counts_add_up() -> None:
    assert sum(SEVEN_CARD_COUNTS.values()) == comb(52, 7) == 133_784_560
    assert sum(FIVE_CARD_COUNTS.values()) == comb(52, 5) == 2_598_960
    assert sum(FIVE_CARD_DISTINCT.values()) == 7462


def test_every_seven_card_hand_gives_the_known_category_counts() -> None:
    """All 133,784,560 seven-card sets through evaluate_batch (RULES.md section 2)."""
    per_value = np.zeros(7463, dtype=np.int64)
    total = 0
    for hands in _all_hands(7):
        values = evaluate_batch(hands)
        per_value += np.bincount(values, minlength=7463)
        total += hands.shape[0]
    assert total == comb(52, 7)
    assert per_value[0] == 0
    counts = {
        name: int(per_value[lo : hi + 1].sum())
        for name, lo, hi in zip(
            CATEGORIES, [1, *(b + 1 for b in HIGH_BOUNDS[:-1])], HIGH_BOUNDS, strict=True
        )
    }
    assert counts == SEVEN_CARD_COUNTS
    # Seven cards never leave the weakest high cards (e.g. 7-5-4-3-2) as the best five:
    # only 4,824 of the 7,462 values occur, the figure quoted for seven-card evaluators.
    assert int(np.count_nonzero(per_value)) == 4824
    assert per_value[1] == 0


def test_every_five_card_hand_gives_7462_values_with_the_rule_book_counts() -> None:
    values = np.concatenate([evaluate_batch(h) for h in _all_hands(5)])
    assert values.size == comb(52, 5)
    assert _categories(values) == FIVE_CARD_COUNTS
    distinct = np.unique(values)
    assert distinct.tolist() == list(range(1, 7463))
    assert _categories(distinct) == FIVE_CARD_DISTINCT


# --- phevaluator, an independent evaluator --------------------------------------------------


def test_same_order_as_phevaluator_on_a_million_random_hands() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    rng = np.random.default_rng(20240611)
    hands = _random_hands(rng, 1_000_000, 7)
    ours = evaluate_batch(hands)
    theirs = np.array([phevaluator.evaluate_cards(*row) for row in hands.tolist()])
    order = np.argsort(ours, kind="stable")
    step_ours = np.diff(ours[order])
    step_theirs = np.diff(theirs[order])
    # phevaluator: smaller = stronger. Ties must be ties, and every rise a strict fall.
    assert np.all(step_theirs[step_ours == 0] == 0)
    assert np.all(step_theirs[step_ours > 0] < 0)
    # both use 7,462 classes, so the relation is in fact exact
    assert np.array_equal(ours, 7463 - theirs)


# --- the other games against a small brute-force reference ----------------------------------

Strength = tuple[int, ...]


def _reference(cards: Sequence[int], game: str) -> Strength | None:
    """This test's own evaluator of five cards: a tuple, greater = stronger for ``game``.

    ``None`` for a low8 hand that does not qualify.
    """
    ranks = [c // 4 for c in cards]
    flush = len({c % 4 for c in cards}) == 1
    if game in ("a5", "low8"):
        low_ranks = [(r + 1) % 13 for r in ranks]  # ace = 0, the lowest
        if game == "low8" and (len(set(low_ranks)) < 5 or max(low_ranks) > 7):
            return None
        shape, order = _shape(low_ranks)
        # pairs are bad, then compare from the highest card down: smaller is better
        return (-shape, *(-r for r in order))
    straight_top = _straight_top(ranks, game)
    if game == "27":
        shape, order = _shape(ranks)
        category = _category(shape, flush, straight_top, shortdeck=False)
        key = (category, straight_top) if straight_top >= 0 else (category, *order)
        return tuple(-x for x in key)
    shape, order = _shape(ranks)
    category = _category(shape, flush, straight_top, shortdeck=game == "shortdeck")
    return (category, straight_top) if straight_top >= 0 else (category, *order)


def _shape(ranks: Sequence[int]) -> tuple[int, list[int]]:
    """Pattern number (0 no pair .. 5 quads) and the ranks by count then rank, descending."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    pattern = sorted(counts.values(), reverse=True)
    patterns = [[1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1]]
    return patterns.index(pattern), order


def _straight_top(ranks: Sequence[int], game: str) -> int:
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return -1
    if distinct[4] - distinct[0] == 4:
        return distinct[4]
    low = 4 if game == "shortdeck" else 0  # A-6-7-8-9 in the 36-card deck
    if game != "27" and distinct == [low, low + 1, low + 2, low + 3, 12]:
        return low + 3
    return -1


def _category(shape: int, flush: bool, straight_top: int, *, shortdeck: bool) -> int:
    """0 high card .. 8 straight flush, in the game's order."""
    if straight_top >= 0:
        return 8 if flush else 4
    if flush:
        return 6 if shortdeck else 5
    full_house = 5 if shortdeck else 6  # below the flush in short deck, as in PHH and pokerkit
    return [0, 1, 2, 3, full_house, 7][shape]


@functools.cache
def _dense_ranks(game: str) -> dict[Strength, int]:
    """Dense rank (1 = weakest) of every distinct five-card strength of the game's deck."""
    low_rank = 4 if game == "shortdeck" else 0
    strengths: set[Strength] = set()
    for ranks in itertools.combinations_with_replacement(range(low_rank, 13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        # suits 0,1,2,3,0 never make a flush; with five distinct ranks also try all clubs
        hands = [[4 * r + i % 4 for i, r in enumerate(ranks)]]
        if len(set(ranks)) == 5:
            hands.append([4 * r for r in ranks])
        for cards in hands:
            strength = _reference(cards, "a5" if game == "low8" else game)
            assert strength is not None
            strengths.add(strength)
    return {s: i + 1 for i, s in enumerate(sorted(strengths))}


def _brute_force(hand: Sequence[int], game: str, dense: dict[Strength, int]) -> int:
    """Dense rank of the best five of ``hand``; 0 when no five qualify (low8)."""
    qualifying = [s for f in itertools.combinations(hand, 5) if (s := _reference(f, game))]
    return dense[max(qualifying)] if qualifying else 0


@pytest.mark.parametrize("game", ["shortdeck", "a5", "low8", "27", "high"])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_other_games_match_a_brute_force_reference(game: str, k: int) -> None:
    dense = _dense_ranks(game)
    rng = np.random.default_rng(1000 * k + GAMES.index(game))
    hands = _random_hands(rng, 1500, k, 36 if game == "shortdeck" else 52)
    got = evaluate_batch(hands, game=game)
    expected = [_brute_force(hand, game, dense) for hand in hands.tolist()]
    assert got.tolist() == expected


@pytest.mark.long
@pytest.mark.parametrize("game", ["shortdeck", "a5", "low8", "27"])
def test_other_games_match_the_reference_on_large_samples(game: str) -> None:
    """Nightly: 40,000 hands per hand size against the brute-force reference."""
    dense = _dense_ranks(game)
    for k in (5, 6, 7):
        rng = np.random.default_rng(7_000 + 10 * k + GAMES.index(game))
        hands = _random_hands(rng, 40_000, k, 36 if game == "shortdeck" else 52)
        got = evaluate_batch(hands, game=game)
        expected = [_brute_force(hand, game, dense) for hand in hands.tolist()]
        assert got.tolist() == expected


@pytest.mark.parametrize(
    ("game", "deck_size", "distinct"),
    [("shortdeck", 36, 1404), ("a5", 52, 6175), ("27", 52, 7462), ("low8", 52, 57)],
)
def test_distinct_five_card_values(game: str, deck_size: int, distinct: int) -> None:
    deck = tuple(range(52 - deck_size, 52))
    values = np.concatenate([evaluate_batch(h, game=game) for h in _all_hands(5, deck)])
    assert values.size == comb(deck_size, 5)
    if game == "low8":
        # 0 (no qualifying low) and the a5 ranks of the 56 sets of five ranks from A to 8
        a5 = np.concatenate([evaluate_batch(h, game="a5") for h in _all_hands(5, deck)])
        qualifying = values > 0
        assert np.array_equal(values[qualifying], a5[qualifying])
        assert np.unique(values).size == distinct
        assert np.count_nonzero(values) == 56 * 4**5
        assert values.max() == 6175  # the wheel 5-4-3-2-A, the best a5 low
    else:
        assert np.unique(values).tolist() == list(range(1, distinct + 1))


# --- input handling -------------------------------------------------------------------------


def test_any_integer_dtype_and_layout_give_the_same_ranks() -> None:
    rng = np.random.default_rng(7)
    hands = _random_hands(rng, 20_000, 7)
    expected = evaluate_batch(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64):
        assert np.array_equal(evaluate_batch(hands.astype(dtype)), expected)
    assert np.array_equal(evaluate_batch(np.asfortranarray(hands)), expected)
    assert np.array_equal(evaluate_batch(hands.astype(">i4")), expected)
    assert np.array_equal(evaluate_batch(hands[::-1])[::-1], expected)
    assert np.array_equal(evaluate_batch(hands, parallel=True), expected)
    assert evaluate_batch(hands.tolist()[:3]).tolist() == expected[:3].tolist()
    assert evaluate_batch(np.empty((0, 6), dtype=np.int64)).shape == (0,)


def test_suits_never_rank() -> None:
    """RULES.md section 1: hands that differ only by suit are equal."""
    rng = np.random.default_rng(11)
    for game in GAMES:
        hands = _random_hands(rng, 20_000, 7, 36 if game == "shortdeck" else 52)
        permuted = (hands & ~np.uint8(3)) | np.array([2, 0, 3, 1], dtype=np.uint8)[hands & 3]
        assert np.array_equal(evaluate_batch(hands, game), evaluate_batch(permuted, game))


@pytest.mark.parametrize(
    ("array", "game", "message"),
    [
        ([0, 1, 2, 3, 4], "high", r"expected an \(N, k\) array .* shape \(5,\)"),
        (np.zeros((2, 2, 5), dtype=int), "high", r"shape \(2, 2, 5\)"),
        ([[0, 1, 2, 3]], "high", "5 to 7 cards, got 4"),
        ([[0, 1, 2, 3, 4, 5, 6, 7]], "high", "5 to 7 cards, got 8"),
        ([[0, 1, 2, 3, 52]], "high", "index 52 in row 0, column 4: jokers"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 53]], "high", "index 53 in row 1, column 4: jokers"),
        ([[0, 1, 2, 3, -1]], "high", "index -1 .* card indices are 0..51"),
        ([[0, 1, 2, 3, 99]], "a5", "index 99 .* card indices are 0..51"),
        ([[16, 20, 24, 28, 15]], "shortdeck", "index 15 .* 36 cards from 6 to A"),
        ([[0, 1, 2, 3, 4], [8, 9, 8, 10, 11]], "high", "duplicate card in row 1: '4c 4d 4c 4h 4s'"),
        ([[0.0, 1, 2, 3, 4]], "high", "must be integers, got dtype float64"),
        ([[0, 1, 2, 3, 4]], "razz", "unknown game 'razz'"),
        ([[0, 1, 2, 3, 4]], "High", "unknown game 'High'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(array: object, game: str, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        evaluate_batch(array, game)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("parallel", [False, True])
def test_every_bad_byte_is_caught_by_the_fused_check(game: str, parallel: bool) -> None:
    """``uint8`` rows are checked inside the ranking loop: every byte outside the deck
    and every repeated card, in any column of any row, gives the precise error."""
    rng = np.random.default_rng(23)
    lowest = 16 if game == "shortdeck" else 0
    # 20,000 rows: more than one block (16,384 rows) of the parallel loop
    hands = _random_hands(rng, 20_000, 7, 52 - lowest)
    flushes = hands[((hands[:, :5] & 3) == (hands[:, :1] & 3)).all(axis=1)]
    assert flushes.size  # a bad card next to a flush takes the flush path of each game
    good = evaluate_batch(hands, game, parallel=parallel)
    for value in [*range(lowest), *range(52, 256)]:  # each bad byte once, in a random place
        k = int(rng.integers(5, 8))
        row, col = int(rng.integers(hands.shape[0])), int(rng.integers(k))
        bad = np.array(hands[:, :k])  # a copy
        bad[row, col] = value
        with pytest.raises(InvalidHandError, match=f"index {value} in row {row}, column {col}"):
            evaluate_batch(bad, game, parallel=parallel)
    for k in (5, 6, 7):
        rows = np.ascontiguousarray(hands[:, :k])
        for row in (0, 19_999, int(rng.integers(rows.shape[0]))):
            bad = rows.copy()
            a, b = rng.choice(k, 2, replace=False)
            bad[row, a] = bad[row, b]
            with pytest.raises(InvalidHandError, match=f"duplicate card in row {row}:"):
                evaluate_batch(bad, game, parallel=parallel)
        bad = np.ascontiguousarray(flushes[:1, :k]).copy()
        bad[0, k - 1] = 255 if k > 5 else bad[0, 0]
        with pytest.raises(InvalidHandError, match="row 0"):
            evaluate_batch(bad, game, parallel=parallel)
    # the good rows still rank as before once bad calls have been made
    assert np.array_equal(evaluate_batch(hands, game, parallel=parallel), good)


_WIDE = (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64)


@pytest.mark.parametrize("dtype", _WIDE)
def test_wide_dtypes_are_checked_inside_the_ranking_loop(dtype: type[np.integer[Any]]) -> None:
    """Every integer dtype goes through the fused check (read as the unsigned type of
    its size): any value outside the deck, even one whose low byte is a card, and a
    repeated card give the precise error; the parallel loop checks the same way."""
    rng = np.random.default_rng(31)
    hands = _random_hands(rng, 20_000, 7).astype(dtype)
    info = np.iinfo(dtype)
    values = [52, 53, 99, int(info.max)]
    values += [v for v in (255, 256, 256 + 17, 65_536 + 5, (1 << 32) + 9) if v <= info.max]
    values += [v for v in (-1, -128, -256 + 3, -(1 << 40)) if v >= info.min]
    parallel = dtype is np.int64  # one dtype through the threaded loop keeps CI lean
    for value in values:
        row, col = int(rng.integers(hands.shape[0])), int(rng.integers(7))
        bad = hands.copy()
        bad[row, col] = value
        with pytest.raises(InvalidHandError, match=f"index {value} in row {row}, column {col}"):
            evaluate_batch(bad)
        if parallel:
            with pytest.raises(InvalidHandError, match=f"index {value} in row {row}"):
                evaluate_batch(bad, parallel=True)
    bad = hands.copy()
    bad[123, 6] = bad[123, 2]
    with pytest.raises(InvalidHandError, match="duplicate card in row 123:"):
        evaluate_batch(bad, "a5")


@pytest.mark.parametrize("value", [256, 256 + 17, -256, 1 << 40])
def test_wide_indices_that_would_wrap_into_the_deck_are_refused(value: int) -> None:
    hands = np.array([[20, 24, 28, 32, 36, 40, 44]] * 3, dtype=np.int64)
    hands[2, 3] = value
    with pytest.raises(InvalidHandError, match=f"index {value} in row 2, column 3"):
        evaluate_batch(hands, "shortdeck")


def test_rule_book_holdem_example_order() -> None:
    """RULES.md section 10: board Ts 8s Kd 4c Kh, the corrected order of seven hands."""
    board = parse_cards("Ts 8s Kd 4c Kh")
    holes = ["Ks 8d", "Tc Th", "Kc Js", "Ah Qh", "As 3s", "Jd 9c", "9s 6s"]
    values = evaluate_batch(np.array([parse_cards(h) + board for h in holes]))
    assert np.all(np.diff(values) < 0), values
    assert 7141 <= values[1] <= 7296  # tens full of kings: a full house, not trips
