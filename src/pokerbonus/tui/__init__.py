"""The terminal table: ``pokerbonus play`` (see ``docs/play.md``).

:class:`PlaySession` runs the game without a screen (the person, the bots, the
recorded table); :mod:`pokerbonus.tui.app` is the Textual face, built only from
the person's seat view.
"""

from __future__ import annotations

from pokerbonus.tui.session import PlaySession, ResumeReport
from pokerbonus.tui.settings import PlaySettings

__all__ = ["PlaySession", "PlaySettings", "ResumeReport"]
