"""Numbers on the command line: every numeric option has a range.

An option made with :func:`whole` or :func:`decimal` reads its value itself,
when the command line is read and before the command does any work: a value
that is not a number, or one outside the option's range, is refused with one
line on stderr (through the translation layer) and exit code 2. The range is
written at the end of the option's help, and ``docs/command-line.md`` lists
every one (``tests/test_cli_bounds.py`` checks both).

The upper bounds are as large as a person can still use: the largest runs of
the long commands take minutes, with a progress bar on a terminal.

>>> read = whole("--hands", 1, 1000).parser
>>> read("250"), read(" 1_000 ")
(250, 1000)
>>> bounds_of(whole("--hands", 1, 1000))
Bounds(name='--hands', low=1, high=1000, kind='whole')
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import typer

from pokerbonus.i18n import gettext
from pokerbonus.i18n.numbers import number

__all__ = [
    "CHIPS_MAX",
    "ID_MAX",
    "SEED_MAX",
    "Bounds",
    "bounds_of",
    "check_database",
    "decimal",
    "range_text",
    "whole",
    "whole_argument",
]

SEED_MAX: Final = 2**63 - 1
"""The largest seed of every command (a seed is a whole number from 0 to 2**63 - 1)."""

CHIPS_MAX: Final = 10**9
"""The largest amount of chips of an option (a cave, a blind, a bet...)."""

ID_MAX: Final = 2**63 - 1
"""The largest id of a stored session or hand (the database's largest integer)."""

_SHOWN: Final = 24
"""Characters of a refused value quoted in the message (the rest is cut)."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """The range of one option: ``low`` to ``high`` included, of a ``kind``
    (``"whole"`` or ``"decimal"``)."""

    name: str
    low: float
    high: float
    kind: str


def range_text(low: float, high: float) -> str:
    """The range as the help writes it, in the current language.

    >>> range_text(1, 10_000_000)
    '[1 to 10,000,000]'
    """
    return gettext("[{low} to {high}]").format(low=_shown(low), high=_shown(high))


def _shown(value: float) -> str:
    if value == SEED_MAX:  # ID_MAX too
        return "2**63 - 1"
    if isinstance(value, int):
        return number(value)
    return number(value, ",g")


def _quoted(text: str) -> str:
    cut = text if len(text) <= _SHOWN else text[:_SHOWN] + "..."
    return repr(cut)


def _refuse(bounds: Bounds, text: str) -> typer.Exit:
    if bounds.kind == "whole":
        message = gettext("{option}: {value} is not a whole number from {low} to {high}")
    else:
        message = gettext("{option}: {value} is not a number from {low} to {high}")
    line = message.format(
        option=bounds.name, value=_quoted(text), low=_shown(bounds.low), high=_shown(bounds.high)
    )
    typer.echo(gettext("error: {message}").format(message=line), err=True)
    return typer.Exit(2)


def _whole_parser(bounds: Bounds) -> Callable[[str], int]:
    def read(text: str) -> int:
        if isinstance(text, int) and not isinstance(text, bool):  # a default passed through
            value = text
        else:
            try:
                value = int(str(text).strip())
            except ValueError:
                raise _refuse(bounds, str(text)) from None
        if not bounds.low <= value <= bounds.high:
            raise _refuse(bounds, str(text))
        return value

    read.bounds = bounds  # type: ignore[attr-defined]
    return read


def _decimal_parser(bounds: Bounds) -> Callable[[str], float]:
    def read(text: str) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            raise _refuse(bounds, str(text)) from None
        if not math.isfinite(value) or not bounds.low <= value <= bounds.high:
            raise _refuse(bounds, str(text))
        return value

    read.bounds = bounds  # type: ignore[attr-defined]
    return read


def whole(name: str, low: int, high: int, help: str = "", *aliases: str) -> Any:
    """A ``typer.Option`` named ``name`` (and ``aliases``) for a whole number from
    ``low`` to ``high``; ``help`` gets the range at its end."""
    bounds = Bounds(name, low, high, "whole")
    return typer.Option(
        name,
        *aliases,
        parser=_whole_parser(bounds),
        help=f"{help} {range_text(low, high)}".strip(),
    )


def whole_argument(name: str, low: int, high: int, help: str = "") -> Any:
    """A ``typer.Argument`` (shown as ``name``) for a whole number from ``low`` to ``high``."""
    bounds = Bounds(name, low, high, "whole")
    return typer.Argument(
        parser=_whole_parser(bounds),
        help=f"{help} {range_text(low, high)}".strip(),
    )


def decimal(name: str, low: float, high: float, help: str = "", *aliases: str) -> Any:
    """A ``typer.Option`` for a number (decimals allowed) from ``low`` to ``high``."""
    bounds = Bounds(name, low, high, "decimal")
    return typer.Option(
        name,
        *aliases,
        parser=_decimal_parser(bounds),
        help=f"{help} {range_text(low, high)}".strip(),
    )


def bounds_of(info: Any) -> Bounds | None:
    """The :class:`Bounds` of an option or argument made here (its ``parser``), else ``None``."""
    parser = getattr(info, "parser", None)
    found = getattr(parser, "bounds", None)
    return found if isinstance(found, Bounds) else None


def check_database(db: str | None) -> None:
    """Refuse, in one line with exit code 2, a database file named by ``--db`` (or
    ``POKERBONUS_DB``) whose folder does not exist: a mistyped folder is never made
    up. The default database (neither given) is left to the store, which makes the
    user data folder when needed; URLs (``postgresql://...``) are the server's to check.
    """
    location = db if db is not None else os.environ.get("POKERBONUS_DB")
    if not location or "://" in location:
        return
    folder = Path(location).expanduser().absolute().parent
    if not folder.is_dir():
        message = gettext("database: the folder {folder} does not exist").format(folder=folder)
        typer.echo(gettext("error: {message}").format(message=message), err=True)
        raise typer.Exit(2)
