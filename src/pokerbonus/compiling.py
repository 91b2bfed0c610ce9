"""Saying that the compiled kernels are being prepared: numba's first compilation.

The fast paths are numba kernels compiled for the machine at their first use
and kept in numba's on-disk cache (``NUMBA_CACHE_DIR``, else ``__pycache__``
beside the modules): the first run of a command pays a few seconds of
compilation, later runs load the machine code in milliseconds. Numba announces
every compilation (not a load from its cache) with a ``numba:compile`` event;
:func:`numba_init`, which numba itself calls before its first compilation in a
process (the ``numba_extensions`` entry point of pyproject.toml), listens to
them and tells the :class:`Reporter` that a face set with :func:`set_reporter`:

- the command line (:func:`report_on_terminal`): one line on stderr when the
  first compilation starts, one when it is done, on a terminal only;
- the terminal table prepares the kernels in the background while the person
  chooses the settings and says so on screen (:mod:`pokerbonus.tui.prepare`).

Nothing is reported while no reporter is set (other programs using numba, the
tests, the web server's workers). Only the standard library is imported here:
the command line sets its reporter without loading numba.
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from typing import Any, Protocol

from pokerbonus.i18n import gettext
from pokerbonus.i18n.numbers import number

__all__ = ["Reporter", "TerminalReporter", "numba_init", "report_on_terminal", "set_reporter"]


class Reporter(Protocol):
    """Told when numba starts and ends compiling (outermost compilation only)."""

    def started(self) -> None:
        """A compilation begins (the machine code was not in numba's cache)."""

    def finished(self, seconds: float) -> None:
        """That compilation and every one it needed are done, after ``seconds``."""


_reporter: Reporter | None = None
_depth = threading.local()


def set_reporter(reporter: Reporter | None) -> None:
    """Report the compilations of this process to ``reporter`` (``None``: to nobody)."""
    global _reporter
    _reporter = reporter


class TerminalReporter:
    """One line on stderr when the first compilation starts and one when it ends,
    once per process (later compilations are short and silent)."""

    def __init__(self) -> None:
        self._said = False
        self._done = False

    def started(self) -> None:
        """Say that the kernels are being prepared (the first time only)."""
        if not self._said:
            self._said = True
            _write(
                gettext(
                    "Preparing the compiled kernels for this computer "
                    "(first run only; this takes a few seconds)..."
                )
            )

    def finished(self, seconds: float) -> None:
        """Say that they are ready (the first time only)."""
        if self._said and not self._done:
            self._done = True
            _write(
                gettext(
                    "The compiled kernels are ready ({seconds} s); later runs reuse them."
                ).format(seconds=number(seconds, ".1f"))
            )


def _write(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # a closed stderr never stops a compilation
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


def report_on_terminal(argv: list[str]) -> None:
    """The command line's reporting: lines on stderr when stderr is a terminal
    and the output is not ``--json``; nothing otherwise."""
    if "--json" in argv or not sys.stderr.isatty():
        return
    set_reporter(TerminalReporter())


def _on_start() -> None:
    depth = getattr(_depth, "value", 0)
    _depth.value = depth + 1
    if depth == 0:
        _depth.started = time.perf_counter()
        reporter = _reporter
        if reporter is not None:
            reporter.started()


def _on_end() -> None:
    depth = getattr(_depth, "value", 1) - 1
    _depth.value = depth
    if depth == 0:
        reporter = _reporter
        if reporter is not None:
            reporter.finished(time.perf_counter() - getattr(_depth, "started", 0.0))


_installed = False


def numba_init() -> None:
    """Listen to numba's compilations (numba calls this once per process, before
    compiling anything: the ``init`` entry point of the ``numba_extensions`` group)."""
    global _installed
    if _installed:
        return
    _installed = True
    from numba.core import event

    class _Listener(event.Listener):
        def on_start(self, event: Any) -> None:
            _on_start()

        def on_end(self, event: Any) -> None:
            _on_end()

    event.register("numba:compile", _Listener())  # type: ignore[no-untyped-call]
