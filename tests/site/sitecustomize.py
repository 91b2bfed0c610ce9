"""Numba's on-disk cache, safe for processes that fill it at once (the parallel suite).

Numba writes each cache file atomically, but a cache entry is two files: the index
(signature -> data file name) and the data file. Two processes compiling different
signatures of one function at the same time both read the same index, both choose
data file ``.1``, and the index can end up naming the other process's machine code
(wrong code for a signature, found at the next load). :func:`install` makes numba
read and write a function's index and data under a lock on a file beside the index
(``fcntl.flock``: exclusive to write, shared to read), so an entry is always read as
it was written.

The suite's workers call :func:`install` (``tests/conftest.py``), and the folder of
this module is put first on ``PYTHONPATH`` there, so that every Python process the
tests start (the command line, a server, shard helpers) runs it as its
``sitecustomize``. Nothing is imported here until numba's cache module is: a process
that never loads numba pays nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.abc
import importlib.machinery
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType
from typing import Any

_MODULE = "numba.core.caching"


@contextlib.contextmanager
def _locked(index_path: str, exclusive: bool) -> Iterator[None]:
    try:
        fd = os.open(index_path + ".lock", os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:  # no cache folder yet (nothing to read) or a read-only one
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def patch(caching: ModuleType) -> bool:
    """Lock numba's ``IndexDataCacheFile.save`` and ``load``; False where this numba has
    no such class (then nothing is changed)."""
    cls: Any = getattr(caching, "IndexDataCacheFile", None)
    if cls is None or getattr(cls, "_pokerbonus_locked", False):
        return cls is not None
    if not all(callable(getattr(cls, name, None)) for name in ("save", "load")):
        return False
    save: Callable[..., None] = cls.save
    load: Callable[..., object] = cls.load

    def locked_save(self: Any, key: object, data: object) -> None:
        with _locked(self._index_path, exclusive=True):
            save(self, key, data)

    def locked_load(self: Any, key: object) -> object:
        with _locked(self._index_path, exclusive=False):
            return load(self, key)

    cls.save, cls.load, cls._pokerbonus_locked = locked_save, locked_load, True
    return True


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Patches numba's cache module right after it is first imported."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != _MODULE:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        loader = spec.loader if spec is not None else None
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        exec_module = loader.exec_module

        def exec_then_patch(module: ModuleType) -> None:
            exec_module(module)
            patch(module)

        loader.exec_module = exec_then_patch  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Lock the cache in this process: now if numba's cache module is loaded, else when
    it is."""
    if _MODULE in sys.modules:
        patch(sys.modules[_MODULE])
    elif not any(isinstance(f, _PatchOnImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _PatchOnImport())


install()
