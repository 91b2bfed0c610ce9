"""The package's layers import only downwards (docs/CONTRIBUTING-NOTES.md, "Layers").

A static check of every module of ``src/pokerbonus``: every ``import`` and
``from ... import`` statement, at the top of a module or inside a function, and every
``importlib.import_module("pokerbonus...")`` with a literal name, is read from the
source (nothing is imported). A module may import its own package and the floors
below its own; two packages on one floor (``notation`` and ``analysis``...) do not
import each other.

Imports under ``if TYPE_CHECKING:`` are checked like the others: the layers hold for
the type checker too (none of today's needs an exception).

``pokerbonus/__init__.py`` is the package's face, above every floor: it names the
public API and loads each name from its home on first use.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "pokerbonus"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors",),
    ("i18n",),
    ("compiling", "levels", "shards"),
    ("cards",),
    ("hands",),
    ("rules",),
    ("engine", "player_stats"),
    ("notation", "analysis"),
    ("solvers",),
    ("bots", "dealer"),
    ("sim",),
    ("store",),
    ("web",),
    ("server", "tui"),
    ("cli",),
)
"""Floors from the bottom up; each entry a top-level module or package of ``pokerbonus``."""

FLOOR: dict[str, int] = {name: i for i, floor in enumerate(LAYERS) for name in floor}
FACE = "pokerbonus"


@dataclass(frozen=True, slots=True)
class Import:
    """One import of a ``pokerbonus`` module found in the source."""

    module: str  # the importing module, dotted
    target: str  # the imported module (or name), dotted
    line: int

    def where(self) -> str:
        return f"{self.module}:{self.line} imports {self.target}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _package_of(path: Path) -> list[str]:
    """The package a relative import of ``path`` starts from."""
    parts = module_name(path).split(".")
    return parts if path.name == "__init__.py" else parts[:-1]


def imports_of(path: Path, source: str | None = None) -> list[Import]:
    """Every import of a ``pokerbonus`` module in the file ``path`` (or in ``source``,
    read as if it were that file)."""
    module = module_name(path)
    package = _package_of(path)
    text = path.read_text(encoding="utf-8") if source is None else source
    found: list[Import] = []
    for node in ast.walk(ast.parse(text, str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            # `from pokerbonus import shards`: a name may be a module of its own
            targets = [_module_or_package(origin, alias.name) for alias in node.names]
        elif _is_import_module(node):
            assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant)
            targets = [str(node.args[0].value)]
        found += [
            Import(module, t, getattr(node, "lineno", 0))
            for t in targets
            if t == FACE or t.startswith(FACE + ".")
        ]
    return found


def _module_or_package(package: str, name: str) -> str:
    """``package.name`` where that is a module of the source tree, else ``package``."""
    path = SRC.parent.joinpath(*package.split("."), name)
    return f"{package}.{name}" if path.with_suffix(".py").exists() or path.is_dir() else package


def _is_import_module(node: ast.AST) -> bool:
    """``importlib.import_module("...")`` (or ``import_module("...")``) with a literal name."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    first = node.args[0]
    return (
        name == "import_module" and isinstance(first, ast.Constant) and isinstance(first.value, str)
    )


def _floor_of(dotted: str) -> str:
    """The top-level module or package of ``pokerbonus.x.y`` (``x``), ``""`` for the face."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else ""


def violations(found: list[Import]) -> list[str]:
    """Every import that goes up a floor, sideways on one floor, or to an unknown floor."""
    bad = []
    for imp in found:
        here, there = _floor_of(imp.module), _floor_of(imp.target)
        if here == "" or here == there:
            continue  # the face may load anything; a package its own modules
        if there == "":
            bad.append(f"{imp.where()}: the package's face, above every floor")
        elif here not in FLOOR or there not in FLOOR:
            unknown = here if here not in FLOOR else there
            bad.append(f"{imp.where()}: {unknown!r} is on no floor of LAYERS")
        elif FLOOR[there] > FLOOR[here]:
            bad.append(f"{imp.where()}: up from floor {FLOOR[here]} to {FLOOR[there]}")
        elif FLOOR[there] == FLOOR[here]:
            bad.append(f"{imp.where()}: sideways on floor {FLOOR[here]}")
    return bad


def package_files() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_every_top_level_module_has_a_floor() -> None:
    packages = {p.name for p in SRC.iterdir() if (p / "__init__.py").exists()}
    modules = {p.stem for p in SRC.glob("*.py") if p.name != "__init__.py"}
    assert packages | modules == set(FLOOR)


def test_layers_import_only_downwards() -> None:
    found = [imp for path in sorted(SRC.rglob("*.py")) for imp in imports_of(path)]
    assert len(found) > 500  # the walk reads the package
    assert violations(found) == []


def test_function_level_imports_are_read() -> None:
    found = imports_of(SRC / "tui" / "dealer_app.py")
    strategy = [i for i in found if i.target == "pokerbonus.dealer.strategy"]
    assert len(strategy) >= 2  # the top-level import and the one inside a method


PROBE = SRC / "hands" / "kernels_probe.py"  # read as a module of the hands (floor 4)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from pokerbonus.sim import run_shards\n", "up from floor 4 to 10"),
        ("def f() -> None:\n    import pokerbonus.cli\n", "up from floor 4 to 14"),
        ("from pokerbonus.rules import games\n", "up from floor 4 to 5"),
        ("from ..tui import app\n", "up from floor 4 to 13"),
        ("import importlib\nimportlib.import_module('pokerbonus.bots')\n", "up from floor 4 to 9"),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pokerbonus.engine\n",
         "up from floor 4 to 6"),
        ("from pokerbonus import evaluate\n", "the package's face"),
        ("from pokerbonus.nowhere import x\n", "'nowhere' is on no floor"),
    ],
)  # fmt: skip
def test_an_upward_import_is_refused(source: str, expected: str) -> None:
    bad = violations(imports_of(PROBE, source))
    assert len(bad) == 1, bad
    assert expected in bad[0]


def test_a_sideways_import_is_refused() -> None:
    probe = SRC / "notation" / "probe.py"
    bad = violations(imports_of(probe, "from pokerbonus.analysis import equity\n"))
    assert len(bad) == 1, bad
    assert "sideways on floor 7" in bad[0]


def test_downward_and_own_package_imports_pass() -> None:
    source = (
        "from pokerbonus.cards import Card\nfrom pokerbonus.hands import evaluate\n"
        "from . import tables\nfrom pokerbonus import errors\nimport pokerbonus.i18n\n"
    )
    found = imports_of(PROBE, source)
    assert [i.target for i in found] == [
        "pokerbonus.cards", "pokerbonus.hands", "pokerbonus.hands.tables",
        "pokerbonus.errors", "pokerbonus.i18n",
    ]  # fmt: skip
    assert violations(found) == []
