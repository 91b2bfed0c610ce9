"""``pokerbonus replay FILES... [--json]``: real hand histories through our engine.

Each hand of each file (``.phh``, ``.phhs``; a folder means every such file
under it) is replayed (:mod:`pokerbonus.notation.replay`) and reported: file,
hand index, game code, our finishing stacks, the file's ``finishing_stacks``
(or null), ``ok`` and the error of a refused hand. Exit code 1 when any hand
mismatches or is refused; 2 when a path does not exist. A bar counts the files
on a terminal. The lead registers it with
``app.command("replay")(replay_command)``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from pokerbonus.cli.progress import progress_bar
from pokerbonus.i18n import gettext, ngettext, pgettext

if TYPE_CHECKING:  # the engine is imported when hands are replayed
    from pokerbonus.notation.replay import ReplayResult

__all__ = ["replay_command"]


def replay_command(
    files: Annotated[
        list[Path], typer.Argument(help=gettext("PHH files (.phh, .phhs) or folders."))
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help=gettext("Print a JSON list, one object per hand."))
    ] = False,
) -> None:
    """Replay hand histories through the engine and compare the finishing stacks."""
    for path in files:
        if not path.exists():
            message = gettext("{path}: no such file or folder").format(path=path)
            typer.echo(gettext("error: {message}").format(message=message), err=True)
            raise typer.Exit(2)
    from pokerbonus.notation.replay import iter_phh_files, replay_paths

    found = list(iter_phh_files(files))
    results: list[ReplayResult] = []
    with progress_bar(gettext("replaying"), quiet=as_json) as progress:
        task = progress.add_task("files", total=len(found))
        for path in found:
            results += replay_paths([path])
            progress.advance(task)
    bad = [r for r in results if not r.ok]
    if as_json:
        typer.echo(json.dumps([r.as_json() for r in results], indent=1))
    else:
        title = ngettext("{count} hand, {ok} ok", "{count} hands, {ok} ok", len(results))
        table = Table(title=title.format(count=len(results), ok=len(results) - len(bad)))
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
    if bad:
        raise typer.Exit(code=1)
