"""Statistics at any scale: dealt frequencies, five-card draw simulation, dealer-mode RTP.

The class tables the kernels rate hands with sit beside the hands
(:mod:`pokerbonus.hands.classes`); ``pokerbonus.analysis.stats.tables``, their first
home, is the same module.
"""

from __future__ import annotations

import sys

from pokerbonus.analysis.stats.dealt import DealtStats, dealt_frequencies
from pokerbonus.hands import classes as tables
from pokerbonus.hands.classes import ClassTables, class_tables

sys.modules.setdefault(f"{__name__}.tables", tables)

__all__ = ["ClassTables", "DealtStats", "class_tables", "dealt_frequencies", "tables"]
