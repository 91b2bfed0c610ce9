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
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.cli.progress import progress_bar
from pokerbonus.notation.replay import ReplayResult, iter_phh_files, replay_paths

__all__ = ["replay_command"]


def replay_command(
    files: Annotated[list[Path], typer.Argument(help="PHH files (.phh, .phhs) or folders.")],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list, one object per hand.")
    ] = False,
) -> None:
    """Replay hand histories through the engine and compare the finishing stacks."""
    for path in files:
        if not path.exists():
            typer.echo(f"error: {path}: no such file or folder", err=True)
            raise typer.Exit(2)
    found = list(iter_phh_files(files))
    results: list[ReplayResult] = []
    with progress_bar("replaying", quiet=as_json) as progress:
        task = progress.add_task("files", total=len(found))
        for path in found:
            results += replay_paths([path])
            progress.advance(task)
    bad = [r for r in results if not r.ok]
    if as_json:
        typer.echo(json.dumps([r.as_json() for r in results], indent=1))
    else:
        table = Table(title=f"{len(results)} hands, {len(results) - len(bad)} ok")
        for column in ("file", "#", "game", "ours", "file's", "ok"):
            table.add_column(column)
        for r in results:
            ours = " ".join(map(str, r.finishing_stacks)) if r.finishing_stacks else "-"
            theirs = " ".join(map(str, r.expected)) if r.expected is not None else "-"
            status = "ok" if r.ok else f"[red]{r.error or 'mismatch'}[/red]"
            table.add_row(r.file, str(r.index), r.variant, ours, theirs, status)
        Console().print(table)
    if bad:
        raise typer.Exit(code=1)
