"""The one place where the engine asks the hand evaluator who wins.

:func:`best_value` calls :func:`pokerbonus.hands.evaluate` for a player's
cards under a game's :class:`~pokerbonus.rules.HandRule`; the values it returns
compare with ``<``/``==`` (greater is stronger). With more than five cards the
best allowed five are taken (any five; Omaha-style: exactly ``hole_cards`` hole
cards with the rest from the board).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from pokerbonus.rules.games import HandRule

__all__ = ["best_value", "qualifies"]


def _evaluate() -> Callable[..., Any]:
    # Looked up when a showdown happens: the engine only needs ``evaluate``.
    module = importlib.import_module("pokerbonus.hands")
    evaluate: Callable[..., Any] = module.evaluate
    return evaluate


def _options(game: str, rule: HandRule, deck_size: int) -> dict[str, Any]:
    if game == "high":
        return {"wheel": rule.wheel, "ranking": rule.ranking, "deck": deck_size}
    return {}


def best_value(
    hole: Sequence[int], board: Sequence[int], rule: HandRule, game: str, deck_size: int
) -> Any:
    """The value of the best five-card hand ``hole`` + ``board`` make in ``game``."""
    evaluate = _evaluate()
    options = _options(game, rule, deck_size)
    cards = list(hole) + list(board)
    if len(cards) <= 5:
        return evaluate(cards, game=game, **options)
    if rule.hole_cards is None:
        fives: Any = combinations(cards, 5)
    else:
        k = rule.hole_cards
        fives = (
            h + b for h in combinations(hole, k) for b in combinations(board, 5 - k)
        )
    return max(evaluate(list(five), game=game, **options) for five in fives)


def qualifies(value: Any, game: str) -> bool:
    """Whether a low value may win the low half (``low8``: only a qualifying low)."""
    if game == "low8":
        return bool(value)
    return True
