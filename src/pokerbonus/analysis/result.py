"""What an equity computation found: :class:`EquityResult`, and its arithmetic.

A module of its own, with no numpy: the heads-up preflop table
(:mod:`pokerbonus.analysis.headsup`) answers with the same result as the
kernels without loading them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["POT_UNITS", "EquityResult", "make_result"]

POT_UNITS: Final = 5040
"""A pot in share units: divisible by every number of winners, halves included."""


@dataclass(frozen=True, slots=True)
class EquityResult:
    """What :func:`~pokerbonus.analysis.equity.equity` found, one entry per hand in
    the order given.

    - ``equity``: average share of the pot (ties shared fractionally); sums to 1;
    - ``win``: fraction of runouts where the hand takes the whole pot alone;
    - ``tie``: fraction of runouts where it takes part of the pot;
    - ``n``: runouts walked (exact) or deals sampled (Monte Carlo);
    - ``exact``: whether every runout was walked;
    - ``stderr``: standard error of each equity (0 when exact);
    - ``wins``, ``ties``: the raw counts behind ``win`` and ``tie``;
    - ``shares``: the raw share sums in pot units (:data:`POT_UNITS` per pot),
      so ``equity[i] == shares[i] / (n * POT_UNITS)`` and, in a game without a
      low half, ``shares[i] == POT_UNITS * wins[i] + the tied parts``.
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    n: int
    exact: bool
    stderr: tuple[float, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    shares: tuple[int, ...]


def make_result(
    share: Sequence[int],
    square: Sequence[int],
    wins: Sequence[int],
    ties: Sequence[int],
    n: int,
    exact: bool,
) -> EquityResult:
    """The result from the sums per player: pot shares (in :data:`POT_UNITS`) and
    their squares, runouts won alone and shared, over ``n`` runouts or deals.

    >>> r = make_result([3 * POT_UNITS, POT_UNITS], [3 * POT_UNITS**2, POT_UNITS**2],
    ...                 [3, 1], [0, 0], 4, True)
    >>> r.equity, r.win, r.stderr
    ((0.75, 0.25), (0.75, 0.25), (0.0, 0.0))
    """
    pot = float(POT_UNITS)
    eq = tuple(float(s) / (n * pot) for s in share)
    if exact or n < 2:
        err = tuple(0.0 for _ in eq)
    else:
        err = tuple(
            math.sqrt(max(float(q) / (n * pot * pot) - e * e, 0.0) / (n - 1))
            for q, e in zip(square, eq, strict=True)
        )
    return EquityResult(
        equity=eq,
        win=tuple(int(w) / n for w in wins),
        tie=tuple(int(t) / n for t in ties),
        n=n,
        exact=exact,
        stderr=err,
        wins=tuple(int(w) for w in wins),
        ties=tuple(int(t) for t in ties),
        shares=tuple(int(s) for s in share),
    )
