"""Statistics at any scale: dealt frequencies, five-card draw simulation, dealer-mode RTP."""

from __future__ import annotations

from pokerbonus.analysis.stats.dealt import DealtStats, dealt_frequencies
from pokerbonus.analysis.stats.tables import ClassTables, class_tables

__all__ = ["ClassTables", "DealtStats", "class_tables", "dealt_frequencies"]
