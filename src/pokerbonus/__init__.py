"""Poker Bonus: a poker engine and game, from the French five-card draw to hold'em."""

from __future__ import annotations

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

__version__ = "0.1.0"

__all__ = [
    "Card",
    "ConfigurationError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "NotationError",
    "PokerError",
    "default_deck_size",
    "format_cards",
    "make_deck",
    "parse_card",
    "parse_cards",
]
