"""Policies: one probability per (infoset, action) slot of a game, both players together.

>>> from pokerbonus.solvers import kuhn_poker
>>> game = kuhn_poker()
>>> uniform = Policy.uniform(game)
>>> uniform["Kpb"]
{'p': 0.5, 'b': 0.5}
>>> always_bet = Policy.from_mapping(
...     game, {name: {"b": 1.0} for name in game.infoset_names}
... )
>>> always_bet["J"], always_bet.action_probabilities("Qp")
({'p': 0.0, 'b': 1.0}, (0.0, 1.0))
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.errors import ConfigurationError
from pokerbonus.solvers.game import Game

__all__ = ["Policy", "PolicyLike"]

_SUM_TOLERANCE: Final = 1e-6

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, eq=False)
class Policy:
    """A behaviour policy for both players of ``game``: ``probs[slot]``, read-only.

    The slots of each infoset (``game.slots(name)``) hold its action
    probabilities in the order of ``game.actions(name)``; each infoset sums to 1.
    Index by infoset name for a ``{action: probability}`` dict.
    """

    game: Game
    probs: F64

    def __post_init__(self) -> None:
        probs = np.array(self.probs, dtype=np.float64)
        if probs.shape != (self.game.num_slots,):
            raise ConfigurationError(
                f"policy of shape {probs.shape} for game {self.game.name!r}: "
                f"it needs one probability per slot ({self.game.num_slots})"
            )
        if not np.all(np.isfinite(probs)) or np.any(probs < 0):
            bad = int(np.flatnonzero(~np.isfinite(probs) | (probs < 0))[0])
            name = self.game.infoset_names[self.game.slot_infoset[bad]]
            raise ConfigurationError(
                f"policy at infoset {name!r}: probability {float(probs[bad])!r} is not a "
                "finite non-negative number"
            )
        sums = np.add.reduceat(probs, self.game.infoset_offset[:-1])
        wrong = np.flatnonzero(np.abs(sums - 1.0) > _SUM_TOLERANCE)
        if wrong.size:
            k = int(wrong[0])
            raise ConfigurationError(
                f"policy at infoset {self.game.infoset_names[k]!r}: probabilities sum to "
                f"{float(sums[k])!r}, not 1"
            )
        probs.flags.writeable = False
        object.__setattr__(self, "probs", probs)

    @classmethod
    def uniform(cls, game: Game) -> Policy:
        """Every action of every infoset equally likely."""
        sizes = np.diff(game.infoset_offset)
        return cls(game, np.repeat(1.0 / sizes, sizes))

    @classmethod
    def from_mapping(cls, game: Game, mapping: Mapping[str, PolicyRow]) -> Policy:
        """A policy from ``{infoset: {action: probability}}`` or ``{infoset: [p, ...]}``.

        Every infoset of the game must be there. In a dict row, missing actions
        have probability 0 and an unknown action raises ConfigurationError; a
        list row gives the probabilities in the order of ``game.actions(infoset)``.
        """
        probs = np.zeros(game.num_slots)
        missing = [name for name in game.infoset_names if name not in mapping]
        if missing:
            raise ConfigurationError(
                f"policy for game {game.name!r} misses {len(missing)} infosets, e.g. {missing[0]!r}"
            )
        for name, row in mapping.items():
            slots = game.slots(name)
            actions = game.actions(name)
            if isinstance(row, Mapping):
                for action, p in row.items():
                    if action not in actions:
                        raise ConfigurationError(
                            f"policy at infoset {name!r}: unknown action {action!r} "
                            f"(legal: {', '.join(actions)})"
                        )
                    probs[slots[actions.index(action)]] = float(p)
            else:
                if len(row) != len(actions):
                    raise ConfigurationError(
                        f"policy at infoset {name!r}: {len(row)} probabilities for "
                        f"{len(actions)} actions {actions!r}"
                    )
                probs[slots.start : slots.stop] = [float(p) for p in row]
        return cls(game, probs)

    def action_probabilities(self, infoset: str) -> tuple[float, ...]:
        """The probabilities of an infoset's actions, in ``game.actions(infoset)`` order."""
        slots = self.game.slots(infoset)
        return tuple(float(p) for p in self.probs[slots.start : slots.stop])

    def __getitem__(self, infoset: str) -> dict[str, float]:
        """``{action: probability}`` at an infoset."""
        return dict(
            zip(self.game.actions(infoset), self.action_probabilities(infoset), strict=True)
        )

    def __iter__(self) -> Iterator[str]:
        """The infoset names, in the game's order."""
        return iter(self.game.infoset_names)

    def __len__(self) -> int:
        """The number of infosets."""
        return self.game.num_infosets

    def to_dict(self) -> dict[str, dict[str, float]]:
        """The whole policy as ``{infoset: {action: probability}}``."""
        return {name: self[name] for name in self.game.infoset_names}


PolicyRow = Mapping[str, float] | Sequence[float]
PolicyLike = Policy | Mapping[str, PolicyRow]
"""What the solver functions accept as a policy: a :class:`Policy` or a mapping."""
