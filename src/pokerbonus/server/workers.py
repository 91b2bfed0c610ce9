"""The server's CPU work off the event loop: bot decisions run in a pool of worker
threads sized to the machine (the table's actor awaits the answer, so the other tables
are served meanwhile), and the bots' compiled kernels are loaded at start, before the
first table deals.

A worker is a thread: the numba kernels the bots spend their time in release nothing
to Python, but a decision's Python parts share the interpreter's lock with the loop,
which gets it back every ``ServerSettings.switch_interval`` (0.5 ms); a decision that
sleeps or waits (a test bot, a remote solver) costs the loop nothing.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

from pokerbonus.bots import GameInfo
from pokerbonus.bots.draw import LADDER
from pokerbonus.bots.game_bots import bot_for
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for

WARM_CONFIGS: dict[str, dict[str, object]] = {
    "draw": {},
    "holdem": {"game": "holdem", "betting": "no-limit", "big_blind": 2},
}
"""The tables whose bots are warmed by default: the French draw and hold'em."""


def pool_size(workers: int | None = None) -> int:
    """The worker threads: ``workers``, else one per core the process may use (at least 2).

    >>> pool_size(3)
    3
    """
    if workers is not None:
        return max(1, workers)
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(2, cores)


def make_pool(workers: int | None = None) -> ThreadPoolExecutor:
    """The pool of the bots' decisions."""
    return ThreadPoolExecutor(max_workers=pool_size(workers), thread_name_prefix="pokerbonus-bot")


def warm_bots(games: Iterable[str]) -> dict[str, float]:
    """Compile (or load from numba's cache) the kernels and tables of every bot level for
    each game of ``games`` (keys of :data:`WARM_CONFIGS`); the seconds each game took."""
    took: dict[str, float] = {}
    for game in games:
        t0 = time.perf_counter()
        config = TableConfig.from_dict(dict(WARM_CONFIGS.get(game, {"game": game})))
        info = GameInfo.from_game(game_for(config), config.players)
        for level in LADDER:
            bot_for(config.game, level, seed=0).warm_up(info)
        took[game] = time.perf_counter() - t0
    return took
