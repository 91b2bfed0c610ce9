"""Game descriptions and betting structures: games are data (RULES.md sections 5-8)."""

from __future__ import annotations

from pokerbonus.rules.betting import NO_LIMIT, POT_LIMIT, BettingStructure, limit
from pokerbonus.rules.games import (
    FIVE_CARD_DRAW,
    BettingRound,
    Deal,
    Discard,
    Draw,
    GameDef,
    HandRule,
    PostForcedBets,
    Showdown,
    Stakes,
    Step,
    five_card_draw,
)

__all__ = [
    "FIVE_CARD_DRAW",
    "NO_LIMIT",
    "POT_LIMIT",
    "BettingRound",
    "BettingStructure",
    "Deal",
    "Discard",
    "Draw",
    "GameDef",
    "HandRule",
    "PostForcedBets",
    "Showdown",
    "Stakes",
    "Step",
    "five_card_draw",
    "limit",
]
