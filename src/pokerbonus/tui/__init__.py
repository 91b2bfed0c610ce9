"""The terminal table: ``pokerbonus play`` (see ``docs/play.md``).

:class:`PlaySession` runs the game without a screen (the person, the bots, the
recorded table); :mod:`pokerbonus.tui.app` is the Textual face, built only from
the person's seat view.

The names load on first use (a module ``__getattr__``): the setup screen is
shown before the session's modules (bots, store, numba) are imported, which
:mod:`pokerbonus.tui.prepare` does in the background.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerbonus.tui.session import PlaySession, ResumeReport
    from pokerbonus.tui.settings import PlaySettings

__all__ = ["PlaySession", "PlaySettings", "ResumeReport"]

_HOMES = {
    "PlaySession": "pokerbonus.tui.session",
    "ResumeReport": "pokerbonus.tui.session",
    "PlaySettings": "pokerbonus.tui.settings",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
