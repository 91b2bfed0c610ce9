"""Dealer mode ("Poker vs Dealer", RULES.md section 9): game logic, best play, rules text.

See ``docs/dealer.md``. :class:`DealerHand` is one hand, :class:`DealerTable`
a session with the bank's balance; :func:`best_decision` (in
:mod:`pokerbonus.dealer.strategy`, which loads the compiled RTP code) gives
the exact best keep / exchange / fold; :func:`rules_text` the rules screen.
"""

from __future__ import annotations

from pokerbonus.dealer.game import (
    DEFAULT_PAYTABLE,
    PAYTABLE_HANDS,
    DealerAction,
    DealerHand,
    DealerSettings,
    DealerView,
    bonus_multiplier,
    dealer_deck,
    rules_text,
)
from pokerbonus.dealer.table import DealerTable

__all__ = [
    "DEFAULT_PAYTABLE",
    "PAYTABLE_HANDS",
    "DealerAction",
    "DealerHand",
    "DealerSettings",
    "DealerTable",
    "DealerView",
    "bonus_multiplier",
    "dealer_deck",
    "rules_text",
]
