"""The heads-up preflop equity table (pokerbonus.analysis.headsup, data/headsup-preflop-v1.bin).

Its entries are checked against a direct computation that shares nothing with the
equity kernels that built it: every one of the 1,712,304 boards of a matchup
rated by the batch evaluator (pokerbonus.hands.batch), for a few matchups drawn
with a seed; and against Monte Carlo. The switch POKERBONUS_EQUITY_TABLE=off
gives the kernels' answers, the same; a file that is not the one shipped (its
SHA-256) is refused with a warning, and the kernels answer.
"""

from __future__ import annotations

import hashlib
import math
import random
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pokerbonus.analysis import headsup
from pokerbonus.analysis.equity import equity
from pokerbonus.analysis.headsup import (
    BOARDS,
    TABLE_ENV,
    TABLE_FILE,
    TABLE_SHA256,
    canonical,
    read_table,
    table_enabled,
    table_equity,
)
from pokerbonus.cards import format_cards, parse_cards
from pokerbonus.hands.batch import evaluate_batch

# the boards' index array (1.7M x 5) is built once: these tests on one worker
pytestmark = pytest.mark.xdist_group("headsup")


@pytest.fixture(scope="module")
def board_slots() -> Any:
    """Every 5-card board as indices into the 48 cards left by two hands."""
    flat = np.fromiter(
        (i for board in combinations(range(48), 5) for i in board), np.int8, count=5 * BOARDS
    )
    return flat.reshape(BOARDS, 5)


def _direct_counts(first: list[int], second: list[int], slots: Any) -> tuple[int, int, int]:
    """(runouts the first hand wins, the second wins, ties), every board rated."""
    rest = np.array([c for c in range(52) if c not in (*first, *second)], np.int8)
    boards = rest[slots]
    ranks = [
        evaluate_batch(np.hstack([np.tile(np.array(hand, np.int8), (BOARDS, 1)), boards]))
        for hand in (first, second)
    ]
    one, two = ranks
    return int((one > two).sum()), int((two > one).sum()), int((one == two).sum())


def _matchups() -> list[tuple[list[int], list[int]]]:
    """The documented one, a pair against a pair, and four drawn with a seed."""
    chosen = [[int(c) for c in parse_cards(text)] for text in ("AhKh QsQc", "AsAd KhKc")]
    rng = random.Random(24)
    chosen += [rng.sample(range(52), 4) for _ in range(4)]
    return [(cards[:2], cards[2:]) for cards in chosen]


def test_the_shipped_file_is_the_one_whose_sha256_is_recorded() -> None:
    assert hashlib.sha256(TABLE_FILE.read_bytes()).hexdigest() == TABLE_SHA256
    table = read_table()
    assert table is not None
    keys, won_first, won_second = table
    assert len(keys) == len(won_first) == len(won_second) == 47_008
    assert list(keys) == sorted(set(keys))  # ascending, once each
    assert all(a + b <= BOARDS for a, b in zip(won_first, won_second, strict=True))


@pytest.mark.parametrize(("first", "second"), _matchups(), ids=lambda h: format_cards(h))
def test_table_entries_are_the_counts_of_every_board(
    first: list[int], second: list[int], board_slots: Any
) -> None:
    """The table's wins and ties are those of all 1,712,304 boards rated one by one
    (the batch evaluator, not the equity kernels), in both orders of the hands."""
    wins_first, wins_second, ties = _direct_counts(first, second, board_slots)
    for hands, wins in (((first, second), (wins_first, wins_second)),
                        ((second, first), (wins_second, wins_first))):  # fmt: skip
        result = table_equity(list(hands))
        assert result is not None and result.exact and result.n == BOARDS
        assert result.wins == wins and result.ties == (ties, ties)
        share = [(w + ties / 2) / BOARDS for w in wins]
        assert result.equity == pytest.approx(share, abs=1e-12)


def test_the_documented_matchup() -> None:
    result = table_equity(["AhKh", "QsQc"])
    assert result is not None
    assert (result.wins, result.ties) == ((787966, 917606), (6732, 6732))
    # every renaming of the suits and either order reads the same entry
    assert (
        canonical(parse_cards("AhKh"), parse_cards("QsQc"))[0]
        == canonical(parse_cards("QdQc"), parse_cards("AsKs"))[0]
    )
    renamed = table_equity(["QdQc", "AsKs"])
    assert renamed is not None and renamed.wins == (917606, 787966)


@pytest.mark.parametrize(("first", "second"), _matchups()[:3], ids=lambda h: format_cards(h))
def test_monte_carlo_agrees_with_the_table(first: list[int], second: list[int]) -> None:
    """Seeded Monte Carlo (the table is not asked: exact=False) lands within five
    standard errors of the table's exact equity."""
    exact = table_equity([first, second])
    assert exact is not None
    sampled = equity([first, second], exact=False, samples=200_000, seed=7)
    assert not sampled.exact and sampled.n == 200_000
    for p, q, error in zip(sampled.equity, exact.equity, sampled.stderr, strict=True):
        assert 0 < error < 0.002
        assert abs(p - q) < 5 * error


@pytest.mark.parametrize("value", ["off", "0", "no", "false", " OFF "])
def test_turned_off_the_kernels_answer_the_same(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = [["AhKh", "QsQc"], ["7c2d", "8s8d"], ["AsKs", "AdKd"]]
    from_table = [equity(h) for h in hands]
    assert all(table_equity(h) == r for h, r in zip(hands, from_table, strict=True))
    monkeypatch.setenv(TABLE_ENV, value)
    assert not table_enabled()
    assert all(table_equity(h) is None for h in hands)
    computed = [equity(h) for h in hands]  # the exact kernels, all 1,712,304 boards
    for table_result, kernel_result in zip(from_table, computed, strict=True):
        assert kernel_result.exact and kernel_result.n == BOARDS
        assert kernel_result.wins == table_result.wins
        assert kernel_result.ties == table_result.ties
        assert kernel_result.equity == pytest.approx(table_result.equity, abs=1e-12)


def test_any_other_value_leaves_the_table_on(monkeypatch: pytest.MonkeyPatch) -> None:
    for value in ("", "on", "1", "yes"):
        monkeypatch.setenv(TABLE_ENV, value)
        assert table_enabled() and table_equity(["AhKh", "QsQc"]) is not None


def test_other_questions_are_left_to_the_kernels() -> None:
    assert table_equity(["AhKh", "QsQc"], board="2c 7d 9h") is None
    assert table_equity(["AhKh", "QsQc"], dead="2c") is None
    assert table_equity(["AhKh", "QsQc"], exact=False) is None
    assert table_equity(["AhKh", "QsQc", "7c7d"]) is None
    assert table_equity(["AhKh", "QQ+"]) is None
    assert table_equity(["AhKh", "AhQs"]) is None  # a card twice: the kernels say so
    assert table_equity(["AhKh", "QsQc"], game="shortdeck") is None


def test_a_file_that_is_not_the_shipped_one_is_refused(tmp_path: Path) -> None:
    good = TABLE_FILE.read_bytes()
    copy = tmp_path / "table.bin"
    copy.write_bytes(good)
    table = read_table(copy)
    assert table is not None and table == read_table()
    damaged = bytearray(good)
    damaged[len(good) // 2] ^= 1
    copy.write_bytes(bytes(damaged))
    with pytest.warns(UserWarning, match="damaged"):
        assert read_table(copy) is None
    copy.write_bytes(good[:-1])
    with pytest.warns(UserWarning, match="damaged"):
        assert read_table(copy) is None
    copy.write_bytes(good)
    with pytest.warns(UserWarning, match="damaged"):  # the right bytes, another digest
        assert read_table(copy, sha256="0" * 64) is None
    assert read_table(tmp_path / "missing.bin") is None  # not shipped: no warning


def test_a_damaged_table_warns_and_the_kernels_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    damaged = bytearray(TABLE_FILE.read_bytes())
    damaged[100] ^= 0xFF
    path = tmp_path / "table.bin"
    path.write_bytes(bytes(damaged))
    expected = equity(["AhKh", "QsQc"])
    monkeypatch.setattr(headsup, "_table", lambda: read_table(path))
    with pytest.warns(UserWarning, match="damaged"):
        assert table_equity(["AhKh", "QsQc"]) is None
    with pytest.warns(UserWarning, match="damaged"):
        result = equity(["AhKh", "QsQc"])
    assert result.exact and (result.wins, result.ties) == (expected.wins, expected.ties)
    assert math.isclose(result.equity[0], 0.462145, abs_tol=1e-6)
