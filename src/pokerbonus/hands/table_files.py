"""Where the evaluators' tables live: built at install time, else cached on first use.

Two sets of tables are derived from the five-card reference evaluators: the
batch evaluator's (:mod:`pokerbonus.hands.tables`, a ``.npz`` file of numpy
arrays) and the per-hand evaluator's (:mod:`pokerbonus.hands.high`, a small
binary file read with the standard library). Each is looked for, in order:

1. :func:`shipped_dir`: the ``data`` folder of this package, written by the
   build hook when the package is installed (``pip install .`` and
   ``pip install -e .`` alike; the files are build outputs, never committed);
2. :func:`cache_dir`: ``$POKERBONUS_CACHE``, else ``$XDG_CACHE_HOME/pokerbonus``,
   else ``~/.cache/pokerbonus``, where a process that had to build the tables
   (a source tree used without installing, a damaged install) leaves them for
   the next one.

Only the standard library is imported here: the per-hand evaluator, and so
``pokerbonus eval``, never loads numpy.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["cache_dir", "places", "shipped_dir", "write_atomically"]


def shipped_dir() -> Path:
    """The package's ``data`` folder, where the install writes the tables."""
    return Path(__file__).with_name("data")


def cache_dir() -> Path:
    """Folder of the table cache: ``$POKERBONUS_CACHE``, ``$XDG_CACHE_HOME/pokerbonus`` or
    ``~/.cache/pokerbonus``."""
    explicit = os.environ.get("POKERBONUS_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "pokerbonus"


def places(name: str) -> Iterator[Path]:
    """Where to look for the table file ``name``: the installed copy, then the cache."""
    yield shipped_dir() / name
    yield cache_dir() / name


def write_atomically(path: Path, write: Callable[[BinaryIO], object]) -> None:
    """Write a file with ``write(handle)`` into a temporary file of the same folder,
    then rename it: a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
        os.chmod(tmp, 0o644)  # readable by every user, as an installed file is
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
