"""Hand-history notations: PHH (the Poker Hand History format) read and written exactly.

>>> from pokerbonus.notation import parse_action
>>> str(parse_action("d dh p1 AcKd"))
'd dh p1 AcKd'
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the names below are loaded on first use (see __getattr__)
    from pokerbonus.notation.actions import (
        UNKNOWN,
        Action,
        Amount,
        BuyPot,
        CheckOrCall,
        CompleteBetOrRaiseTo,
        DealBoard,
        DealHole,
        Fold,
        HandCard,
        NoOp,
        PostBringIn,
        ShowOrMuck,
        StandPatOrDiscard,
        Surblind,
        UnknownCard,
        format_hand_cards,
        parse_action,
        parse_hand_cards,
    )
    from pokerbonus.notation.french import FRENCH_FIELDS, FrenchDrawRules
    from pokerbonus.notation.phh import (
        FIELD_NAMES,
        HandHistory,
        Number,
        chip_scale,
        dump,
        dumps,
        dumps_many,
        load,
        loads,
    )
    from pokerbonus.notation.pokerstars import hand_text, history_text
    from pokerbonus.notation.variants import FRENCH_DRAW_CODES, STANDARD_CODES, VARIANTS, Variant

# Where each name lives: ``import pokerbonus.notation.phh`` (a replay) loads
# neither the PokerStars writer nor the engine's events it reads.
_HOMES: dict[str, str] = {
    "UNKNOWN": "pokerbonus.notation.actions",
    "Action": "pokerbonus.notation.actions",
    "Amount": "pokerbonus.notation.actions",
    "BuyPot": "pokerbonus.notation.actions",
    "CheckOrCall": "pokerbonus.notation.actions",
    "CompleteBetOrRaiseTo": "pokerbonus.notation.actions",
    "DealBoard": "pokerbonus.notation.actions",
    "DealHole": "pokerbonus.notation.actions",
    "Fold": "pokerbonus.notation.actions",
    "HandCard": "pokerbonus.notation.actions",
    "NoOp": "pokerbonus.notation.actions",
    "PostBringIn": "pokerbonus.notation.actions",
    "ShowOrMuck": "pokerbonus.notation.actions",
    "StandPatOrDiscard": "pokerbonus.notation.actions",
    "Surblind": "pokerbonus.notation.actions",
    "UnknownCard": "pokerbonus.notation.actions",
    "format_hand_cards": "pokerbonus.notation.actions",
    "parse_action": "pokerbonus.notation.actions",
    "parse_hand_cards": "pokerbonus.notation.actions",
    "FRENCH_FIELDS": "pokerbonus.notation.french",
    "FrenchDrawRules": "pokerbonus.notation.french",
    "FIELD_NAMES": "pokerbonus.notation.phh",
    "HandHistory": "pokerbonus.notation.phh",
    "Number": "pokerbonus.notation.phh",
    "chip_scale": "pokerbonus.notation.phh",
    "dump": "pokerbonus.notation.phh",
    "dumps": "pokerbonus.notation.phh",
    "dumps_many": "pokerbonus.notation.phh",
    "load": "pokerbonus.notation.phh",
    "loads": "pokerbonus.notation.phh",
    "hand_text": "pokerbonus.notation.pokerstars",
    "history_text": "pokerbonus.notation.pokerstars",
    "FRENCH_DRAW_CODES": "pokerbonus.notation.variants",
    "STANDARD_CODES": "pokerbonus.notation.variants",
    "VARIANTS": "pokerbonus.notation.variants",
    "Variant": "pokerbonus.notation.variants",
}


def __getattr__(name: str) -> Any:
    """A public name, imported from its home on first use (PEP 562)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "FIELD_NAMES",
    "FRENCH_DRAW_CODES",
    "FRENCH_FIELDS",
    "STANDARD_CODES",
    "UNKNOWN",
    "VARIANTS",
    "Action",
    "Amount",
    "BuyPot",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "Fold",
    "FrenchDrawRules",
    "HandCard",
    "HandHistory",
    "NoOp",
    "Number",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "Surblind",
    "UnknownCard",
    "Variant",
    "chip_scale",
    "dump",
    "dumps",
    "dumps_many",
    "format_hand_cards",
    "hand_text",
    "history_text",
    "load",
    "loads",
    "parse_action",
    "parse_hand_cards",
]
