"""Strategy files of the French draw solver: writing, reading, refusing, shipping."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from test_solvers_french_game import POST, SMALL, _synthetic

from pokerbonus.solvers.french import store
from pokerbonus.solvers.french.recipes import RECIPES
from pokerbonus.solvers.french.solver import DrawSolver
from pokerbonus.solvers.french.store import (
    StrategyFileError,
    dequantise,
    load_strategy,
    quantise,
    save_strategy,
)
from pokerbonus.solvers.french.tree import build_tree


@pytest.fixture()
def saved(tmp_path: Path) -> tuple[Path, DrawSolver]:
    cards = _synthetic(2)
    solver = DrawSolver(build_tree(SMALL, POST), cards)
    solver.run(50)
    npz, _ = save_strategy(
        tmp_path, "small", solver.tree, cards, solver.average_policy(), {"seed": 1}
    )
    return npz, solver


def test_round_trip(saved: tuple[Path, DrawSolver]) -> None:
    npz, solver = saved
    strategy = load_strategy(npz)
    assert strategy.spec == SMALL
    assert strategy.tree.digest() == solver.tree.digest()
    assert strategy.meta["seed"] == 1
    # two bytes per probability (largest remainders): within a 65,535th
    assert np.abs(strategy.policy - solver.average_policy()).max() <= 1 / store.SCALE + 1e-12
    node = int(np.flatnonzero(strategy.tree.slot >= 0)[0])
    assert strategy.probabilities(node, 0).sum() == pytest.approx(1.0)


def test_same_content_same_bytes(tmp_path: Path, saved: tuple[Path, DrawSolver]) -> None:
    npz, solver = saved
    again, _ = save_strategy(tmp_path / "b", "small", solver.tree, solver.cards,
                             solver.average_policy(), {"seed": 1})  # fmt: skip
    assert again.read_bytes() == npz.read_bytes()


def test_quantise_sums_to_the_scale() -> None:
    tree = build_tree(SMALL, POST)
    rng = np.random.default_rng(3)
    probs = np.zeros(tree.num_slots)
    for node in np.flatnonzero(tree.slot >= 0):
        count = int(tree.num_children[node])
        rows = rng.dirichlet(np.ones(count), size=int(tree.width[node]))
        probs[int(tree.slot[node]) : int(tree.slot[node]) + rows.size] = rows.ravel()
    q = quantise(tree, probs)
    for node in np.flatnonzero(tree.slot >= 0):
        count = int(tree.num_children[node])
        stored = q[int(tree.slot[node]) : int(tree.slot[node]) + int(tree.width[node]) * count]
        assert set(stored.reshape(-1, count).sum(axis=1).tolist()) == {store.SCALE}
    assert np.abs(dequantise(tree, q) - probs).max() <= 1 / store.SCALE


def test_damaged_file_is_refused(saved: tuple[Path, DrawSolver]) -> None:
    npz, _ = saved
    data = bytearray(npz.read_bytes())
    data[len(data) // 2] ^= 0xFF
    npz.write_bytes(bytes(data))
    with pytest.raises(StrategyFileError, match="damaged: its SHA-256"):
        load_strategy(npz)


def test_damaged_tables_are_refused(saved: tuple[Path, DrawSolver], tmp_path: Path) -> None:
    """A file whose bytes match its manifest but whose tables do not match the
    digests recorded with them (tables changed after the fact) is refused."""
    _, solver = saved
    cards = _synthetic(9)  # other transitions, same shapes
    bad, manifest = save_strategy(tmp_path / "c", "small", solver.tree, cards,
                                  solver.average_policy(), {})  # fmt: skip
    meta = json.loads(manifest.read_text())
    meta["cards_digest"] = solver.cards.digest()
    manifest.write_text(json.dumps(meta))
    with pytest.raises(StrategyFileError, match="digest does not match"):
        load_strategy(bad)


def test_stale_and_missing_files_are_refused(saved: tuple[Path, DrawSolver]) -> None:
    npz, _ = saved
    manifest = npz.with_suffix(".json")
    meta = json.loads(manifest.read_text())
    meta["abstraction_version"] = store.ABSTRACTION_VERSION - 1
    manifest.write_text(json.dumps(meta))
    with pytest.raises(StrategyFileError, match="stale: made by format"):
        load_strategy(npz)
    manifest.unlink()
    with pytest.raises(StrategyFileError, match="missing"):
        load_strategy(npz)


SHIPPED = {
    "draw-2p-limit-32",
    "draw-2p-no-limit-32",
    "draw-2p-limit-52",
    "draw-2p-no-limit-52",
    "draw-4p-no-limit-32",
    "draw-4p-limit-32",
}
"""The recipes whose strategy ships: every recipe."""


def test_shipped_strategies() -> None:
    """The shipped strategies are those of :data:`SHIPPED`; each loads with its
    digests checked, is the game of its recipe, and all of them together stay under
    20 MB."""
    shipped = {key for key in RECIPES if (store.DATA_DIR / f"{key}.npz").exists()}
    assert shipped == SHIPPED
    assert {p.stem for p in store.DATA_DIR.glob("*.npz")} == SHIPPED
    total = 0
    for key in sorted(SHIPPED):
        recipe = RECIPES[key]
        path = store.DATA_DIR / f"{key}.npz"
        strategy = load_strategy(path)
        assert strategy.spec == recipe.spec
        meta = json.loads(path.with_suffix(".json").read_text())
        assert meta["recipe"]["seed"] == recipe.seed
        assert meta["iterations"] == recipe.iterations
        total += path.stat().st_size
    assert total < 20 * 2**20
