"""Hand-history notations: PHH (the Poker Hand History format) read and written exactly.

>>> from pokerbonus.notation import parse_action
>>> str(parse_action("d dh p1 AcKd"))
'd dh p1 AcKd'
"""

from __future__ import annotations

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
