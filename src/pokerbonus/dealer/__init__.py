"""Dealer mode ("Poker vs Dealer", RULES.md section 9): settings, game, best play, rules text.

See ``docs/dealer.md``. :class:`DealerSettings` holds every knob (bet, play
multiple, switch and its fee, qualifier, paytable), :class:`DealerHand` is one
hand, :class:`DealerTable` a session with the bank's balance;
:func:`pokerbonus.dealer.strategy.best_decision` (which loads the compiled
code) gives the exact value of every choice; :func:`rules_text` the rules
screen.

The settings are the rules of the game, so they live on the rules floor
(:mod:`pokerbonus.rules.dealer`, which :mod:`pokerbonus.analysis` may import);
``pokerbonus.dealer.settings``, where they were first documented, is the same module.
"""

from __future__ import annotations

import sys

from pokerbonus.dealer.game import DealerAction, DealerHand, DealerView, dealer_deck
from pokerbonus.dealer.table import DealerTable
from pokerbonus.dealer.text import rules_text
from pokerbonus.rules import dealer as settings
from pokerbonus.rules.dealer import (
    DEFAULT_PAYTABLE,
    PAYTABLE_HANDS,
    DealerSettings,
    Paytable,
    Qualifier,
)

sys.modules.setdefault(f"{__name__}.settings", settings)

__all__ = [
    "DEFAULT_PAYTABLE",
    "PAYTABLE_HANDS",
    "DealerAction",
    "DealerHand",
    "DealerSettings",
    "DealerTable",
    "DealerView",
    "Paytable",
    "Qualifier",
    "dealer_deck",
    "rules_text",
    "settings",
]
