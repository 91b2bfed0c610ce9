"""Hand evaluation: categories, values and the evaluators of every game of the rule book.

>>> from pokerbonus.hands import evaluate
>>> str(evaluate("Ks 8d Ts 8s Kd 4c Kh"))
'full house, kings full of eights'
"""

from __future__ import annotations

from pokerbonus.hands.category import Category
from pokerbonus.hands.evaluation import (
    GAMES,
    evaluate,
    evaluate_hilo,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
)
from pokerbonus.hands.value import Explanation, HandValue

__all__ = [
    "GAMES",
    "Category",
    "Explanation",
    "HandValue",
    "evaluate",
    "evaluate_hilo",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
]
