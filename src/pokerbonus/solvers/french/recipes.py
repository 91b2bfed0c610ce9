"""The shipped strategies: which games they cover and how each is computed.

A :class:`Recipe` is everything ``pokerbonus solve --game french-draw`` needs to
make a strategy file again, byte for byte: the game and abstraction
(:class:`.tree.GameSpec`), the iterations, the weighting, the sampling and the
seed. :data:`RECIPES` lists the shipped ones by key; :func:`recipe_for` finds
the one of a table.

>>> recipe_for(2, "limit", 32).key
'draw-2p-limit-32'
>>> recipe_for(3, "no-limit", 32) is None
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Final

from pokerbonus.solvers.french.solver import Weighting
from pokerbonus.solvers.french.tree import (
    LIMIT_FOUR,
    LIMIT_HEADS_UP,
    NO_LIMIT_FOUR,
    NO_LIMIT_FOUR_SIZED,
    NO_LIMIT_HEADS_UP,
    GameSpec,
)

__all__ = ["CANDIDATES", "RECIPES", "Recipe", "candidate_for", "recipe_for"]


@dataclass(frozen=True, slots=True)
class Recipe:
    """How one strategy is computed (see the module doc)."""

    key: str
    spec: GameSpec
    iterations: int
    weighting: Weighting = "dcfr"
    sample: bool = False
    batch: int = 1
    draws_only: bool = False
    explore: float = 0.05
    shards: int = 1
    seed: int = 1
    bits: int = 16

    def to_dict(self) -> dict[str, Any]:
        """The recipe as plain JSON values."""
        data = asdict(self)
        data["spec"] = self.spec.to_dict()
        return data

    @property
    def betting(self) -> str:
        """``no-limit`` or ``limit``."""
        return self.spec.betting.kind


def _key(players: int, betting: str, deck: int) -> str:
    return f"draw-{players}p-{betting}-{deck}"


def _recipe(spec: GameSpec, iterations: int, **options: object) -> Recipe:
    key = _key(spec.players, spec.betting.kind, spec.deck)
    return Recipe(key, spec, iterations, **options)  # type: ignore[arg-type]


RECIPES: Final[dict[str, Recipe]] = {
    r.key: r
    for r in (
        _recipe(GameSpec(2, LIMIT_HEADS_UP, 32), 1000),
        _recipe(GameSpec(2, NO_LIMIT_HEADS_UP, 32), 5000),
        _recipe(GameSpec(2, LIMIT_HEADS_UP, 52), 1000),
        _recipe(GameSpec(2, NO_LIMIT_HEADS_UP, 52), 5000),
        _recipe(
            GameSpec(4, NO_LIMIT_FOUR, 32, pre_buckets=32, post_buckets=32, draws=(0, 1, 3)),
            2_000_000,
            weighting="linear",
            sample=True,
            bits=8,
        ),
        _recipe(
            GameSpec(4, LIMIT_FOUR, 32, pre_buckets=32, post_buckets=32, draws=(0, 1, 3)),
            2_000_000,
            weighting="linear",
            sample=True,
            bits=8,
        ),
    )
}
"""The shipped strategies by key (``draw-<players>p-<betting>-<deck>``)."""


CANDIDATES: Final[dict[str, Recipe]] = {
    r.key: r
    for r in (
        _recipe(
            GameSpec(4, NO_LIMIT_FOUR_SIZED, 32, pre_buckets=32, post_buckets=32, draws=(0, 1, 3)),
            1_000_000,
            weighting="linear",
            sample=True,
            bits=8,
        ),
    )
}
"""Recipes trained but not (yet) shipped, by the key of the table they would cover
(``pokerbonus solve --game french-draw --candidate``): the four-handed no-limit
abstraction with the minimum raise, half a pot and the pot before the draw
(``docs/bots-expert.md``, "Four-handed"). A candidate replaces its table's recipe
once its file measures better than the shipped one (at 1,000,000 iterations this
one beat the min-raiser but not three ``hard``)."""


def recipe_for(players: int, betting: str, deck: int) -> Recipe | None:
    """The recipe of a table, or ``None`` when no strategy covers it."""
    return RECIPES.get(_key(players, betting, deck))


def candidate_for(players: int, betting: str, deck: int) -> Recipe | None:
    """The candidate recipe of a table (:data:`CANDIDATES`), or ``None``.

    >>> candidate_for(4, "no-limit", 32).spec.betting.raises[0]
    (0.0, 0.5, 1.0)
    """
    return CANDIDATES.get(_key(players, betting, deck))
