"""Computer opponents: the bot interface and the five-card draw ladder.

See ``docs/bots.md``. A bot sees one seat's view and the table's public rules
and answers a legal action; :func:`make_bot` builds one by difficulty name.
"""

from __future__ import annotations

from pokerbonus.bots.base import (
    Bot,
    Budget,
    GameInfo,
    Reading,
    fallback_action,
    is_legal,
    read_view,
    standard_discard,
)
from pokerbonus.bots.draw import (
    BOTS,
    LADDER,
    EasyBot,
    HardBot,
    MediumBot,
    RandomBot,
    StationBot,
    make_bot,
)
from pokerbonus.bots.expert import ExpertBot

BOTS["expert"] = ExpertBot  # expert builds on HardBot: registered once both exist

__all__ = [
    "BOTS",
    "LADDER",
    "Bot",
    "Budget",
    "EasyBot",
    "ExpertBot",
    "GameInfo",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "Reading",
    "StationBot",
    "fallback_action",
    "is_legal",
    "make_bot",
    "read_view",
    "standard_discard",
]
