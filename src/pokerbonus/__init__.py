"""Poker Bonus: a poker engine and game, from the French five-card draw to hold'em.

>>> import pokerbonus
>>> pokerbonus.evaluate("Kh Ks 8d 8c Ts").description
'two pair, kings and eights, ten kicker'
"""

from __future__ import annotations

from pokerbonus.analysis import EquityResult, HandRange, equity, parse_range
from pokerbonus.analysis.draw import DrawOdds, best_discard, draw_odds, rank_discards
from pokerbonus.cards import (
    Card,
    default_deck_size,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from pokerbonus.errors import (
    ConfigurationError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    NotationError,
    PokerError,
)
from pokerbonus.hands import (
    Category,
    HandValue,
    evaluate,
    evaluate_hilo,
    evaluate_low8,
    evaluate_omaha,
    evaluate_omaha_hilo,
)
from pokerbonus.hands.batch import evaluate_batch

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Category",
    "ConfigurationError",
    "DrawOdds",
    "EquityResult",
    "HandRange",
    "HandValue",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "NotationError",
    "PokerError",
    "best_discard",
    "default_deck_size",
    "draw_odds",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_hilo",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
    "parse_range",
    "rank_discards",
]
