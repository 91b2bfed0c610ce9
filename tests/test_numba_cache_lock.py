"""Numba's on-disk cache under a lock in the parallel suite (``tests/site/sitecustomize.py``)."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from numba.core import caching


def test_this_process_reads_and_writes_the_cache_under_the_lock() -> None:
    assert getattr(caching.IndexDataCacheFile, "_pokerbonus_locked", False)


def test_a_process_the_tests_start_locks_it_too() -> None:
    code = (
        "import sys; assert 'numba' not in sys.modules\n"
        "from numba.core import caching\n"
        "print(getattr(caching.IndexDataCacheFile, '_pokerbonus_locked', False))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "True"


def test_a_write_waits_for_the_lock_and_then_is_read_whole(tmp_path: Path) -> None:
    cache_file: Any = caching.IndexDataCacheFile
    cache = cache_file(str(tmp_path), "kernel-1.py311", (1.0, 100))
    lock = os.open(tmp_path / "kernel-1.py311.nbi.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(lock, fcntl.LOCK_EX)  # another process in the middle of a write
    writer = threading.Thread(target=cache.save, args=(("sig", "magic"), {"code": b"\x90"}))
    writer.start()
    writer.join(0.3)
    assert writer.is_alive()  # waiting: neither the index nor the data is written yet
    assert not (tmp_path / "kernel-1.py311.nbi").exists()
    os.close(lock)
    writer.join(30)
    assert not writer.is_alive()
    assert cache.load(("sig", "magic")) == {"code": b"\x90"}
    assert cache.load(("other", "magic")) is None
