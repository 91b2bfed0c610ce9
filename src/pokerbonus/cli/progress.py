"""What the long commands show while they work: a rich progress bar (a known
amount of work) or a spinner (an unknown one), on stderr.

Both are shown only when stderr is a terminal (rich's test: ``isatty``, or the
``TTY_COMPATIBLE`` / ``FORCE_COLOR`` variables) and the command prints no JSON
(``quiet``); piped or redirected, a command prints its result and nothing else.
Both vanish when the work is done (``transient``).

>>> with progress_bar("simulating", quiet=True) as bar:
...     task = bar.add_task("hands", total=3)
...     bar.advance(task, 3)
>>> with spinner("computing", quiet=True):
...     pass
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)

__all__ = ["progress_bar", "spinner"]


def _console(quiet: bool) -> tuple[Console, bool]:
    console = Console(stderr=True)
    return console, quiet or not console.is_terminal


def progress_bar(label: str, *, quiet: bool = False) -> Progress:
    """A bar for work of a known size: ``label``, the bar, done of total, time
    elapsed. Use it as a context manager and add one task with its total."""
    console, off = _console(quiet)
    return Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=off,
    )


@contextmanager
def spinner(label: str, *, quiet: bool = False) -> Iterator[None]:
    """A spinner with ``label`` and the time elapsed while the block runs (drawn
    at once, however short the block)."""
    console, off = _console(quiet)
    with Progress(
        SpinnerColumn(),
        TextColumn(label),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=off,
    ) as progress:
        progress.add_task(label, total=None)
        yield
