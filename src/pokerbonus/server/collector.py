"""The cyclic garbage collector while the server runs: its long-lived objects kept
out of the full collections' way.

Every table keeps its hands, its recent events and its people in memory for as long
as the server runs, so each full (generation 2) collection scans more objects than
the last; with 100 busy six-handed tables these pauses reached 200-400 ms, and every
table's actions waited behind each of them (the benchmark's p99). :class:`Collector`
moves the objects alive at that moment into the collector's permanent generation
(``gc.freeze()``) every ``freeze_every`` seconds, so a collection scans only what
was made since; every ``full_every`` seconds it brings them back (``gc.unfreeze()``)
and collects everything once, so cyclic garbage frozen while still in use is freed.

The collector is process-wide: :meth:`Collector.stop` unfreezes what was frozen.
"""

from __future__ import annotations

import gc
import time
from typing import Any

__all__ = ["Collector"]


class Collector:
    """Freezes the long-lived objects now and then (see the module doc).

    ``freeze_every``: seconds between two freezes (``None``: the collector is left
    alone); ``full_every``: seconds between two full collections of everything;
    ``timed``: keep each collection's pause (``pauses``, seconds, by generation).
    """

    def __init__(
        self, freeze_every: float | None, full_every: float, *, timed: bool = False
    ) -> None:
        self.freeze_every = freeze_every
        self.full_every = full_every
        self.frozen_at: float | None = None
        self.collected_at: float | None = None
        self.freezes = 0
        self.full_collections = 0
        self.pauses: dict[int, list[float]] | None = {0: [], 1: [], 2: []} if timed else None
        self._started = 0.0

    def start(self, now: float) -> None:
        """Begin at time ``now`` (seconds, any monotonic clock)."""
        self.frozen_at = self.collected_at = now
        if self.pauses is not None:
            gc.callbacks.append(self._timing)

    def tick(self, now: float) -> None:
        """Freeze (and now and then collect everything) if it is time."""
        if self.freeze_every is None or self.frozen_at is None or self.collected_at is None:
            return
        if now - self.frozen_at < self.freeze_every:
            return
        if now - self.collected_at >= self.full_every:
            gc.unfreeze()
            gc.collect()
            self.collected_at = now
            self.full_collections += 1
        gc.freeze()
        self.frozen_at = now
        self.freezes += 1

    def stop(self) -> None:
        """Give the frozen objects back to the collector; stop timing."""
        if self.freeze_every is not None and self.frozen_at is not None:
            gc.unfreeze()
        self.frozen_at = self.collected_at = None
        if self._timing in gc.callbacks:
            gc.callbacks.remove(self._timing)

    def _timing(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        elif self.pauses is not None:
            self.pauses[int(info["generation"])].append(time.perf_counter() - self._started)
