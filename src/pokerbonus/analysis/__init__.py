"""Analysis tools: equity (exact and Monte Carlo), ranges, odds and statistics."""

from __future__ import annotations

from pokerbonus.analysis.equity import EquityResult, equity
from pokerbonus.analysis.ranges import HandRange, parse_range

__all__ = ["EquityResult", "HandRange", "equity", "parse_range"]
