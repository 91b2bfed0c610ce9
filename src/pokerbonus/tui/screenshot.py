"""The table screenshot of the docs (``docs/images/table.svg``), made in a pilot.

``python -m pokerbonus.tui.screenshot [PATH]`` plays a seeded hand to the draw
and saves the screen as SVG.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from pokerbonus.store import Store
from pokerbonus.tui.app import PlayApp
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings

__all__ = ["save_table_screenshot"]


async def _shoot(path: Path) -> None:
    settings = PlaySettings.build({"opponents": 3, "level": "station", "four_color": True})
    session = PlaySession(settings, seed=4, store=Store("sqlite://"))
    app = PlayApp(session=session)
    async with app.run_test(size=(110, 38)) as pilot:
        await pilot.pause()
        await pilot.press("m")  # open for the minimum
        await pilot.pause()
        await pilot.press("1", "2")  # pick two cards to exchange
        await pilot.pause()
        app.save_screenshot(path.name, str(path.parent))


def save_table_screenshot(path: str | Path) -> Path:
    """Play a seeded hand to the draw and save the screen as SVG at ``path``."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(_shoot(target))
    return target


if __name__ == "__main__":  # pragma: no cover
    print(save_table_screenshot(sys.argv[1] if len(sys.argv) > 1 else "docs/images/table.svg"))
