"""``pokerbonus replay FILES... [--json]``: real hand histories through our engine.

Each hand of each file (``.phh``, ``.phhs``; a folder means every such file
under it) is replayed (:mod:`pokerbonus.notation.replay`) and reported: file,
hand index, game code, our finishing stacks, the file's ``finishing_stacks``
(or null), ``ok`` and the error of a refused hand. Exit code 1 when any hand
mismatches or is refused; 2 when a path does not exist. A bar counts the files
on a terminal. The lead registers it with
``app.command("replay")(replay_command)``.

The work and the report are :func:`pokerbonus.cli.replay_run.run_replay`, which
:func:`pokerbonus.cli.main` also calls itself, without typer or rich, when the
arguments are only files and ``--json``: both print the same.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerbonus.cli.replay_run import run_replay
from pokerbonus.i18n import gettext

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
    code = run_replay(files, as_json)
    if code:
        raise typer.Exit(code)
