"""The computer opponents' difficulty names, weakest first.

A module of its own so that the setup screens and forms list the levels without
loading the bots (numba and their kernels): :data:`pokerbonus.bots.LADDER` is this
same tuple.
"""

from __future__ import annotations

from typing import Final

__all__ = ["LADDER"]

LADDER: Final = ("random", "station", "easy", "medium", "hard", "expert")
"""The difficulty names, weakest first."""
