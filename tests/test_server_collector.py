"""The garbage collector while the server runs (``pokerbonus.server.collector``)."""

from __future__ import annotations

import gc

from pokerbonus.server.collector import Collector


def test_freezes_on_time_collects_everything_now_and_then_and_gives_back() -> None:
    c = Collector(1.0, 10.0, timed=True)
    c.start(100.0)
    try:
        c.tick(100.5)  # not yet
        assert c.freezes == 0 and gc.get_freeze_count() == 0
        keep = [[i] for i in range(1000)]  # long-lived objects, tracked by the collector
        c.tick(101.0)
        assert c.freezes == 1 and c.full_collections == 0
        assert gc.get_freeze_count() >= len(keep)
        c.tick(111.0)  # a full collection first, then a freeze again
        assert c.full_collections == 1 and c.freezes == 2 and gc.get_freeze_count() >= len(keep)
        gc.collect(0)
        assert c.pauses is not None and c.pauses[0] and all(p >= 0 for p in c.pauses[0])
        assert c.pauses[2]  # the full collection of everything was timed
    finally:
        c.stop()
    assert gc.get_freeze_count() == 0 and c._timing not in gc.callbacks


def test_none_leaves_the_collector_alone() -> None:
    c = Collector(None, 10.0)
    c.start(0.0)
    c.tick(1000.0)
    c.stop()
    assert c.freezes == 0 and c.pauses is None and gc.get_freeze_count() == 0
