"""Solvers for small two-player zero-sum poker games: CFR+ and exact best response.

Games are built once into flat arrays (:func:`build_game`); :func:`solve` runs
CFR+ on them and :func:`exploitability` measures any policy exactly.

>>> from pokerbonus.solvers import kuhn_poker, solve
>>> solution = solve(kuhn_poker(), 1000)
>>> round(solution.value, 3), solution.exploitability_mbb < 0.1
(-0.056, True)
"""

from __future__ import annotations

from pokerbonus.solvers.best_response import (
    BestResponse,
    best_response,
    best_response_values,
    expected_value,
    exploitability,
    infoset_reach,
    to_mbb,
)
from pokerbonus.solvers.cfr import CFRPlus, Solution, solve
from pokerbonus.solvers.game import CHANCE, TERMINAL, Game, GameDescription, build_game
from pokerbonus.solvers.kuhn import KuhnPoker, kuhn_poker
from pokerbonus.solvers.leduc import LeducPoker, leduc_poker
from pokerbonus.solvers.policy import Policy, PolicyLike

__all__ = [
    "CHANCE",
    "TERMINAL",
    "BestResponse",
    "CFRPlus",
    "Game",
    "GameDescription",
    "KuhnPoker",
    "LeducPoker",
    "Policy",
    "PolicyLike",
    "Solution",
    "best_response",
    "best_response_values",
    "build_game",
    "expected_value",
    "exploitability",
    "infoset_reach",
    "kuhn_poker",
    "leduc_poker",
    "solve",
    "to_mbb",
]
