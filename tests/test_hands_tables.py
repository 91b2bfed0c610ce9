"""The per-hand evaluator's tables: written at install time, else built and cached."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from array import array
from pathlib import Path

import pytest

from pokerbonus.hands import high, table_files
from pokerbonus.hands.evaluation import evaluate

# the module's tables are computed once: all on one worker of the parallel suite
pytestmark = pytest.mark.xdist_group("hands_tables")


@pytest.fixture(scope="module")
def computed() -> list[array[int]]:
    return high.compute_tables()


def test_the_install_writes_the_tables_into_the_package(computed: list[array[int]]) -> None:
    """The build hook leaves the file in the package's data folder, and it holds
    exactly what the five-card reference builds."""
    path = table_files.shipped_dir() / high.hand_tables_name()
    assert path.is_file()
    assert path.stat().st_mode & 0o444 == 0o444  # readable by every user
    assert high._read(path) == computed


def test_the_tables_in_use_are_the_reference_ones(computed: list[array[int]]) -> None:
    evaluate("As Ks Qs Js Ts 2c 3d")  # makes the tables ready
    keys, sums5, ranks5, sums6, ranks6, sums7, ranks7, masks, flushes = computed
    assert [0, *keys] == high.HIGH_KEYS
    assert dict(zip(sums5, ranks5, strict=True)) == high.FIVE_RANKS
    assert dict(zip(sums6, ranks6, strict=True)) == high.SIX_RANKS
    assert dict(zip(masks, flushes, strict=True)) == high.FLUSH_TABLE
    assert dict(zip(sums7, ranks7, strict=True)) == high.SEVEN_RANKS
    assert max(high.SEVEN_RANKS) < high.KEY_LIMIT


def test_a_table_file_round_trips_and_bad_files_are_refused(
    computed: list[array[int]], tmp_path: Path
) -> None:
    path = tmp_path / "tables.bin"
    high.save_tables(computed, path)
    assert high._read(path) == computed
    assert [p.name for p in tmp_path.iterdir()] == ["tables.bin"]  # no temporary file left
    good = path.read_bytes()
    flipped = bytearray(good)
    flipped[-1] ^= 1
    other_version = bytearray(good)
    other_version[4] ^= 1
    other_byte_order = bytearray(good)
    other_byte_order[6] ^= 1
    for bad in (b"", b"not a table file", good[: len(good) // 2], good + b"\0"):
        path.write_bytes(bad)
        assert high._read(path) is None
    for bad_array in (flipped, other_version, other_byte_order):
        path.write_bytes(bytes(bad_array))
        assert high._read(path) is None
    path.unlink()
    assert high._read(path) is None


def _run(code: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new process with ``cache`` as its cache and no installed tables."""
    prelude = textwrap.dedent(
        """
        from pathlib import Path
        import pokerbonus.hands.table_files as table_files
        table_files.shipped_dir = lambda: Path("/nonexistent/pokerbonus-data")
        from pokerbonus.hands import high
        from pokerbonus.hands.evaluation import evaluate
        """
    )
    env = {**os.environ, "POKERBONUS_CACHE": str(cache)}
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        env=env, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


def test_without_installed_tables_the_first_process_builds_and_caches_them(
    tmp_path: Path,
) -> None:
    """A source tree used without installing: the first evaluation builds the tables
    and leaves them in the cache, where the next process reads them (no build)."""
    cache = tmp_path / "cache"
    first = _run('print(evaluate("Kh Ks 8d 8c Ts").description)', cache)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "two pair, kings and eights, ten kicker"
    assert (cache / high.hand_tables_name()).is_file()
    second = _run(
        """
        def refuse():
            raise AssertionError("built instead of read from the cache")
        high.compute_tables = refuse
        print(evaluate("Kh Ks 8d 8c Ts 2c 3d").rank)
        """,
        cache,
    )
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip() == "4816"
    # an unwritable cache still evaluates (the build is used, not saved)
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder should be")
    third = _run('print(evaluate("Ah 2c 3d 4s 5h").description)', blocker / "pokerbonus")
    assert third.returncode == 0, third.stderr
    assert third.stdout.strip() == "straight, five high"


def test_the_short_deck_classes_are_shipped_and_rank_as_rating_them_does() -> None:
    """The install writes the short deck's class keys; they are the dense order of
    every five-card class rated by ``high5``, and the evaluator's ranks follow them."""
    computed = high._compute_shortdeck_keys()
    assert list(computed) == sorted(
        high.dense_ranks([k for _, _, k in high.five_card_classes(high.SHORTDECK_RULES)])
    )
    path = table_files.shipped_dir() / high.shortdeck_classes_name()
    assert path.is_file()
    assert high._read(path, "I") == [computed]
    assert high.shortdeck_class_keys() == computed
    # A-6-7-8-9 is the short deck's lowest straight; a flush beats a full house
    wheel, ten_high = (evaluate(h, "shortdeck") for h in ("As 6h 7d 8c 9s", "Th 6h 7d 8c 9s"))
    flush, full = (evaluate(h, "shortdeck") for h in ("As Js 9s 7s 6s", "Ah Ad Ac Ks Kd"))
    assert wheel.rank + 1 == ten_high.rank and flush.rank > full.rank
    assert evaluate("As Ks Qs Js Ts", "shortdeck").rank == len(computed)
    assert evaluate("9s 8h 7d 6c Jh", "shortdeck").rank == 1


def test_without_installed_tables_the_short_deck_classes_are_built_and_cached(
    tmp_path: Path,
) -> None:
    cache = tmp_path / "cache"
    first = _run('print(evaluate("As 6h 7d 8c 9s Kd Kc", "shortdeck").rank)', cache)
    assert first.returncode == 0, first.stderr
    assert (cache / high.shortdeck_classes_name()).is_file()
    second = _run(
        """
        def refuse():
            raise AssertionError("built instead of read from the cache")
        high._compute_shortdeck_keys = refuse
        print(evaluate("As 6h 7d 8c 9s Kd Kc", "shortdeck").rank)
        """,
        cache,
    )
    assert second.returncode == 0, second.stderr
    assert second.stdout.strip() == first.stdout.strip()
