"""The hand engine: hand state, actions, events, pots and per-seat views.

``Hand`` walks a :class:`pokerbonus.rules.GameDef`; see ``docs/engine.md``.
"""

from __future__ import annotations

from pokerbonus.engine.actions import Action, Decision, LegalActions
from pokerbonus.engine.pots import Pot, PotResult, side_pots, split_high_low, split_pot
from pokerbonus.engine.state import Hand, deck_for_hands, stacked_deck
from pokerbonus.engine.views import SeatView, build_view

__all__ = [
    "Action",
    "Decision",
    "Hand",
    "LegalActions",
    "Pot",
    "PotResult",
    "SeatView",
    "build_view",
    "deck_for_hands",
    "side_pots",
    "split_high_low",
    "split_pot",
    "stacked_deck",
]
