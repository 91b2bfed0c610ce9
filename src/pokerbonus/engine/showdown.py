"""The one place where the engine asks the hand evaluator who wins.

:func:`best_value` calls :func:`pokerbonus.hands.evaluate` for a player's
cards under a game's :class:`~pokerbonus.rules.HandRule`; the values it returns
compare with ``<``/``==`` (greater is stronger). With more than five cards the
best allowed five are taken: any five, or (Omaha style) exactly ``hole_cards``
hole cards with the rest from the board.

>>> from pokerbonus.cards import parse_cards
>>> from pokerbonus.rules import HandRule
>>> options = evaluator_options(HandRule(), "high", deck_size=32, jokers=0)
>>> options
{'deck': 32}
>>> a = best_value(parse_cards("Ac 7d 8h 9s Tc"), (), HandRule(), "high", options)
>>> b = best_value(parse_cards("Kc Kd 8c 9c Jc"), (), HandRule(), "high", options)
>>> a > b, a.description
(True, 'straight, ten high')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from pokerbonus.cards import Card
from pokerbonus.hands import HandValue, evaluate, evaluate_omaha
from pokerbonus.hands.five import FiveCardRanker, five_card_ranker
from pokerbonus.rules.games import HandRule

__all__ = ["best_value", "evaluator_options", "five_card_rank", "qualifies"]


def evaluator_options(rule: HandRule, game: str, deck_size: int, jokers: int) -> dict[str, Any]:
    """The options of :func:`pokerbonus.hands.evaluate` for ``game`` under ``rule``
    (only those that differ from the evaluator's defaults: its fast path)."""
    if game != "high":
        return {}
    options: dict[str, Any] = {}
    if not rule.wheel:
        options["wheel"] = False
    if rule.ranking != "modern":
        options["ranking"] = rule.ranking
    if deck_size != 52:
        options["deck"] = deck_size
    if jokers:
        options["jokers"] = True
    return options


def best_value(
    hole: Sequence[int],
    board: Sequence[int],
    rule: HandRule,
    game: str,
    options: dict[str, Any],
) -> HandValue:
    """The value of the best five-card hand ``hole`` + ``board`` make in ``game``."""
    k = rule.hole_cards
    if k is None or not board:
        return evaluate(tuple(hole) + tuple(board), game, **options)
    if k == 2:
        return evaluate_omaha(tuple(hole), tuple(board), game, **options)
    return max(
        (evaluate(h + b, game, **options) for h in combinations(hole, k)
         for b in combinations(board, 5 - k)),
        key=lambda v: v.rank,
    )  # fmt: skip


def five_card_rank(game: str, options: dict[str, Any]) -> Callable[[Sequence[Card]], int]:
    """The rank of five cards (a draw game's hand) in ``game``: the table path of
    :func:`pokerbonus.hands.five.five_card_ranker`, whose tables are built at the
    first showdown that needs them (equal to ``best_value(...).rank`` with no board).
    """
    built: list[FiveCardRanker] = []

    def rank(cards: Sequence[Card]) -> int:
        if not built:
            built.append(five_card_ranker(game, **options))
        return built[0](cards)

    return rank


def qualifies(value: HandValue, game: str) -> bool:
    """Whether a low value may win the low half (``low8``: rank 0 means no low)."""
    return game != "low8" or value.rank != 0
