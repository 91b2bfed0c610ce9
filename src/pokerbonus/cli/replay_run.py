"""The work of ``pokerbonus replay``, without typer: read the arguments when they
are plain (:func:`plain_replay_args`), replay, print the report (:func:`run_replay`).

:func:`pokerbonus.cli.main` runs a plain ``pokerbonus replay FILES [--json]``
here directly: typer, rich and pydantic would cost more than replaying the
thousand shared hands. With ``--json`` nothing of rich is imported; the table
and the bar of a person's run import it then. The typer command
(:mod:`pokerbonus.cli.replay`) calls :func:`run_replay` too.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from pokerbonus.i18n import gettext, ngettext, pgettext

if TYPE_CHECKING:  # the engine is imported when hands are replayed
    from pokerbonus.notation.replay import ReplayResult

__all__ = ["plain_replay_args", "run_replay"]


def plain_replay_args(args: list[str]) -> tuple[list[Path], bool] | None:
    """The files and ``--json`` of ``replay``'s arguments when they are only that
    (``--`` ends the options); ``None`` for anything else (``--help``, another
    option, no file), which typer reads and answers.

    >>> plain_replay_args(["a.phh", "--json", "--", "--b.phh"])
    ([PosixPath('a.phh'), PosixPath('--b.phh')], True)
    >>> plain_replay_args(["a.phh", "--help"]) is None, plain_replay_args([]) is None
    (True, True)
    """
    files: list[Path] = []
    as_json = False
    for i, arg in enumerate(args):
        if arg == "--":
            files += map(Path, args[i + 1 :])
            break
        if arg == "--json":
            as_json = True
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            files.append(Path(arg))
    return (files, as_json) if files else None


def run_replay(files: list[Path], as_json: bool) -> int:
    """Replay ``files`` and print the report (see the module doc); the exit code:
    0, 1 when a hand mismatches or is refused, 2 when a path does not exist."""
    for path in files:
        if not os.path.exists(path):
            message = gettext("{path}: no such file or folder").format(path=path)
            print(gettext("error: {message}").format(message=message), file=sys.stderr)
            return 2
    from pokerbonus.notation.replay import iter_phh_files, replay_file

    found = list(iter_phh_files(files))
    results: list[ReplayResult] = []
    if as_json:  # no bar: nothing but the JSON, and no rich to import
        for path in found:
            results += replay_file(path)
    else:
        from pokerbonus.cli.progress import progress_bar

        with progress_bar(gettext("replaying")) as progress:
            task = progress.add_task("files", total=len(found))
            for path in found:
                results += replay_file(path)
                progress.advance(task)
    bad = [r for r in results if not r.ok]
    if as_json:
        # a list with one hand per line: each line by the C encoder (an indented
        # dump goes through json's pure-Python encoder, a tenth of the replay's time)
        lines = ",\n".join(json.dumps(r.as_json()) for r in results)
        sys.stdout.write(f"[\n{lines}\n]\n" if results else "[]\n")
        sys.stdout.flush()
    else:
        _print_table(results, len(bad))
    return 1 if bad else 0


def _print_table(results: list[ReplayResult], bad: int) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    title = ngettext("{count} hand, {ok} ok", "{count} hands, {ok} ok", len(results))
    table = Table(title=title.format(count=len(results), ok=len(results) - bad))
    for column in (
        # Translators: the columns of `replay`: the file, the hand's index in it, its
        # game, our finishing stacks, the file's, whether they agree.
        pgettext("replay", "file"), "#", pgettext("replay", "game"),
        pgettext("replay", "ours"), pgettext("replay", "file's"), pgettext("replay", "ok"),
    ):  # fmt: skip
        table.add_column(column)
    for r in results:
        ours = " ".join(map(str, r.finishing_stacks)) if r.finishing_stacks else "-"
        theirs = " ".join(map(str, r.expected)) if r.expected is not None else "-"
        error = r.error or pgettext("replay", "mismatch")
        status = pgettext("replay", "ok") if r.ok else f"[red]{escape(error)}[/red]"
        table.add_row(r.file, str(r.index), r.variant, ours, theirs, status)
    Console().print(table)
