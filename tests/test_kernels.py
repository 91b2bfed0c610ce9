"""Numba building blocks (hands/kernels.py) and the table cache (hands/tables.py)."""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np
import numpy.typing as npt
import pytest

from pokerbonus.cards import parse_cards
from pokerbonus.hands import tables
from pokerbonus.hands.batch import GAMES, evaluate_batch
from pokerbonus.hands.kernels import (
    rank_27,
    rank_a5,
    rank_high,
    rank_low8,
    rank_omaha_high,
    rank_omaha_low8,
    rank_shortdeck,
)
from pokerbonus.hands.tables import EvalTables, get_tables

Cards = npt.NDArray[np.uint8]
RANKERS: dict[str, Callable[[Any, EvalTables], int]] = {
    "high": rank_high,
    "shortdeck": rank_shortdeck,
    "a5": rank_a5,
    "low8": rank_low8,
    "27": rank_27,
}


def _random_hands(rng: np.random.Generator, n: int, k: int, deck_size: int = 52) -> Cards:
    picks = np.argpartition(rng.random((n, deck_size)), k, axis=1)[:, :k]
    return (picks + (52 - deck_size)).astype(np.uint8)


@numba.njit(cache=True)
def _rank_rows_from_njit(cards: Cards, game: int, t: EvalTables) -> npt.NDArray[np.int64]:
    """Call the rankers from njit code, the way the equity engine does (one buffer)."""
    out = np.empty(cards.shape[0], dtype=np.int64)
    hand = np.empty(cards.shape[1], dtype=np.int64)
    for i in range(cards.shape[0]):
        for j in range(cards.shape[1]):
            hand[j] = cards[i, j]
        if game == 0:
            out[i] = rank_high(hand, t)
        elif game == 1:
            out[i] = rank_shortdeck(hand, t)
        elif game == 2:
            out[i] = rank_a5(hand, t)
        elif game == 3:
            out[i] = rank_low8(hand, t)
        else:
            out[i] = rank_27(hand, t)
    return out


@pytest.mark.parametrize("k", [5, 6, 7])
def test_rankers_agree_with_evaluate_batch_from_njit_and_python(k: int) -> None:
    t = get_tables()
    rng = np.random.default_rng(k)
    for code, game in enumerate(GAMES):
        hands = _random_hands(rng, 5000, k, 36 if game == "shortdeck" else 52)
        expected = evaluate_batch(hands, game)
        assert np.array_equal(_rank_rows_from_njit(hands, code, t), expected)
        rank = RANKERS[game]
        assert [rank(h, t) for h in hands[:200]] == expected[:200].tolist()


def test_rankers_known_hands() -> None:
    t = get_tables()

    def hand(text: str) -> npt.NDArray[np.int64]:
        return np.array(parse_cards(text), dtype=np.int64)

    assert rank_high(hand("As Ks Qs Js Ts"), t) == 7462
    assert rank_high(hand("5d 4c 3h 2s Ac"), t) == 5854  # the wheel, lowest straight
    assert rank_shortdeck(hand("9d 8c 7h 6s Ac"), t) < rank_shortdeck(hand("Td 9c 8h 7s 6c"), t)
    # short deck: flush above full house, trips below straight
    assert rank_shortdeck(hand("Ah 9h 8h 7h Jh"), t) > rank_shortdeck(hand("Ac Ad As Kc Kd"), t)
    assert rank_shortdeck(hand("Ac Ad As Kc Qd"), t) < rank_shortdeck(hand("9d 8c 7h 6s Ac"), t)
    assert rank_a5(hand("5d 4c 3h 2s Ac"), t) == 6175
    assert rank_low8(hand("5d 4c 3h 2s Ac"), t) == 6175
    assert rank_low8(hand("9d 4c 3h 2s Ac"), t) == 0
    assert rank_low8(hand("9d 4c 3h 2s Ac 8s Kd"), t) == rank_a5(hand("8s 4c 3h 2s Ac"), t)
    assert rank_27(hand("7d 5c 4h 3s 2c"), t) == 7462
    assert rank_27(hand("7c 5c 4c 3c 2c"), t) < rank_27(hand("8d 5c 4h 3s 2c"), t)
    # seven cards with a flush: the best low avoids it (K-5-4-3-2 beats the suited 7-5-4-3-2)
    assert rank_27(hand("7h 5h 4h 3h 2h Kc Kd"), t) == rank_27(hand("Kc 5h 4h 3h 2h"), t)
    assert rank_27(hand("7h 5h 4h 3h 2h Kc"), t) > rank_27(hand("7h 5h 4h 3h 2h"), t)


def _omaha_brute_force(hole: Cards, board: Cards, game: str) -> int:
    fives = [
        list(two) + list(three)
        for two in itertools.combinations(hole.tolist(), 2)
        for three in itertools.combinations(board.tolist(), 3)
    ]
    return int(evaluate_batch(np.array(fives), game).max())


@pytest.mark.parametrize(("n_hole", "n_board"), [(4, 3), (4, 4), (4, 5), (5, 5), (5, 3)])
def test_omaha_uses_exactly_two_hole_and_three_board_cards(n_hole: int, n_board: int) -> None:
    """RULES.md section 2 and 8: Omaha, Courchevel (5 hole cards), high and low8."""
    t = get_tables()
    rng = np.random.default_rng(100 * n_hole + n_board)
    cards = _random_hands(rng, 400, n_hole + n_board)
    for row in cards:
        hole, board = row[:n_hole], row[n_hole:]
        assert rank_omaha_high(hole, board, t) == _omaha_brute_force(hole, board, "high")
        assert rank_omaha_low8(hole, board, t) == _omaha_brute_force(hole, board, "low8")


def test_omaha_is_not_holdem() -> None:
    t = get_tables()
    hole = np.array(parse_cards("Ah Kd 7c 2s"), dtype=np.int64)
    board = np.array(parse_cards("Qh Jh Th 9h 3c"), dtype=np.int64)
    # hold'em would play the board's hearts with the Ah; Omaha needs two hole cards: A-K straight
    assert rank_omaha_high(hole, board, t) == 5863  # ace-high straight
    # no qualifying low: only one of A 2 on the board side... the board has just one card <= 8
    assert rank_omaha_low8(hole, board, t) == 0


# --- the table cache ------------------------------------------------------------------------


def test_cache_folder_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POKERBONUS_CACHE", "/somewhere/pb")
    assert tables.cache_dir() == Path("/somewhere/pb")
    monkeypatch.delenv("POKERBONUS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert tables.cache_dir() == Path("/xdg/pokerbonus")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert tables.cache_dir() == Path.home() / ".cache" / "pokerbonus"
    assert tables.table_path().name == f"eval-tables-v{tables.TABLES_VERSION}.npz"


def test_the_install_writes_the_tables_into_the_package(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The build hook (hatch_build.py, run by pip install and pip install -e) leaves
    the tables in the package, and a new process takes them from there: nothing is
    built or written into an empty cache."""
    assert tables.shipped_path().is_file()
    assert tables.shipped_path().parent == Path(tables.__file__).parent / "data"
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path / "empty"))
    monkeypatch.setattr(tables, "_TABLES", None)
    monkeypatch.setattr(tables, "build_tables", _no_build)
    assert int(get_tables().flush_high[0b1_1111_0000_0000]) == 7462
    assert not (tmp_path / "empty").exists()


def _no_build() -> EvalTables:
    raise AssertionError("the tables were built instead of loaded")


def test_tables_are_rebuilt_when_missing_and_saved_small(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    loaded = get_tables()
    monkeypatch.setenv("POKERBONUS_CACHE", str(tmp_path / "new"))
    monkeypatch.setattr(tables, "shipped_path", lambda: tmp_path / "not-installed.npz")
    monkeypatch.setattr(tables, "_TABLES", None)
    built = get_tables()  # nothing installed nor cached there: builds and saves
    path = tables.table_path()
    assert path.is_file()
    assert path.stat().st_size <= 20 * 2**20
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary file left
    again = tables._load(path)
    assert again is not None
    for name in EvalTables._fields:
        a, b, c = getattr(loaded, name), getattr(built, name), getattr(again, name)
        assert a.dtype == b.dtype == c.dtype
        assert np.array_equal(a, b) and np.array_equal(b, c)
    tables.clear_cache()
    assert not path.exists()


def _corruptions(path: Path) -> list[Callable[[], None]]:
    good = path.read_bytes()

    def garbage() -> None:
        path.write_bytes(b"not a table file")

    def truncated() -> None:
        path.write_bytes(good[: len(good) // 2])

    def other_version() -> None:
        t = get_tables()
        with path.open("wb") as handle:
            np.savez(handle, version=np.array([tables.TABLES_VERSION + 1]), **t._asdict())

    def changed_value() -> None:
        t = get_tables()
        multi = t.multi_high.copy()
        multi[1000] ^= 1
        changed = t._replace(multi_high=multi)
        tables._save(changed, path)
        with np.load(path) as data:
            arrays = dict(data)
        arrays["digest"] = tables._digest(t)  # digest of the good tables: mismatch
        with path.open("wb") as handle:
            np.savez(handle, **arrays)

    return [garbage, truncated, other_version, changed_value]


def test_corrupt_or_outdated_cache_files_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "tables.npz"
    tables._save(get_tables(), path)
    assert tables._load(path) is not None
    for corrupt in _corruptions(path):
        corrupt()
        assert tables._load(path) is None, corrupt.__name__
    path.unlink()
    assert tables._load(path) is None


def test_unwritable_cache_still_gives_tables(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("POKERBONUS_CACHE", str(blocker / "pokerbonus"))
    monkeypatch.setattr(tables, "shipped_path", lambda: tmp_path / "not-installed.npz")
    monkeypatch.setattr(tables, "_TABLES", None)
    assert int(get_tables().flush_high[0b1_1111_0000_0000]) == 7462
    assert not os.path.exists(blocker / "pokerbonus")


def test_rank_keys_give_unique_sums() -> None:
    """The per-rank keys separate every multiset of 5, 6 and 7 ranks (at most 4 of a rank)."""
    keys = np.array(tables.RANK_KEYS)
    for size in (5, 6, 7):
        sums = [
            int(keys[list(ranks)].sum())
            for ranks in itertools.combinations_with_replacement(range(13), size)
            if max(ranks.count(r) for r in set(ranks)) <= 4
        ]
        assert len(set(sums)) == len(sums)
        assert max(sums) < tables.SIZE_KEY
