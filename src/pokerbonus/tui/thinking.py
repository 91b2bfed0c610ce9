"""The computer players think off the screen's thread, at the table and in dealer mode.

A screen runs :func:`play_computers` as a Textual worker. Each decision is
computed in a thread (a bot may take most of a second), then played on the
screen's own thread, where everything that changes the hand happens; the
screen is drawn and keys are read meanwhile. While a computer player is to act
the person's actions are refused (not their turn), so nothing changes the hand
while a decision is being computed: the decision only reads that player's view.

>>> import asyncio
>>> to_decide, played = [3, 4], []
>>> def play(action: int) -> bool:
...     played.append(action)
...     return action != 1
>>> asyncio.run(play_computers(lambda: bool(to_decide), to_decide.pop, play))
>>> played
[4, 3]
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

__all__ = ["play_computers"]

A = TypeVar("A")


async def play_computers(
    to_act: Callable[[], bool],
    decide: Callable[[], A],
    play: Callable[[A], bool],
    *,
    pause: float = 0.0,
) -> None:
    """While ``to_act()``: wait ``pause`` seconds, compute ``decide()`` in a thread,
    then ``play`` the decision on the caller's thread; stop early when ``play``
    returns false (the decision was refused, or the screen was left)."""
    while to_act():
        if pause > 0:
            await asyncio.sleep(pause)
            if not to_act():
                return
        action = await asyncio.to_thread(decide)
        if not play(action):
            return
