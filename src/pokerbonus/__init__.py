"""Poker Bonus: a poker engine and game, from the French five-card draw to hold'em.

>>> import pokerbonus
>>> pokerbonus.evaluate("Kh Ks 8d 8c Ts").description
'two pair, kings and eights, ten kicker'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below are loaded on first use (see __getattr__)
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

# Where each public name lives. ``import pokerbonus`` (and so every command of the
# command line) loads none of them: the equity and batch kernels bring numba in,
# which alone takes a fifth of a second, so a name's module is imported the first
# time the name is read (PEP 562).
_HOMES: dict[str, str] = {
    **dict.fromkeys(("EquityResult", "HandRange", "equity", "parse_range"), "pokerbonus.analysis"),
    **dict.fromkeys(
        ("DrawOdds", "best_discard", "draw_odds", "rank_discards"), "pokerbonus.analysis.draw"
    ),
    **dict.fromkeys(
        (
            "Card",
            "default_deck_size",
            "format_cards",
            "make_deck",
            "parse_card",
            "parse_cards",
        ),
        "pokerbonus.cards",
    ),
    **dict.fromkeys(
        (
            "ConfigurationError",
            "IllegalActionError",
            "InvalidCardError",
            "InvalidHandError",
            "NotationError",
            "PokerError",
        ),
        "pokerbonus.errors",
    ),
    **dict.fromkeys(
        (
            "Category",
            "HandValue",
            "evaluate",
            "evaluate_hilo",
            "evaluate_low8",
            "evaluate_omaha",
            "evaluate_omaha_hilo",
        ),
        "pokerbonus.hands",
    ),
    "evaluate_batch": "pokerbonus.hands.batch",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pokerbonus' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # the next read is a plain module attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
