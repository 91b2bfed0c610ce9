"""The ``pokerbonus`` command line: one typer app, a module per command.

A command's module is imported only when that command runs (or its own help is
asked for): some of them bring in numba, SQLAlchemy or the bots, which would
otherwise make every command, ``--help`` included, start about a second late.
The top-level help lists the commands from :data:`COMMANDS` without importing
them; a test checks that it matches the commands' own help texts.
"""

from __future__ import annotations

import importlib
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup

COMMANDS: dict[str, tuple[str, str, str]] = {
    # name: (module, attribute: a command function or a typer app, one-line help)
    "play": (
        "pokerbonus.cli.play",
        "play_command",
        "Play at the terminal table against computer opponents.",
    ),
    "serve": (
        "pokerbonus.cli.serve",
        "serve_command",
        "Run the web tables: create a table, send the invite link, play with friends and bots.",
    ),
    "eval": (
        "pokerbonus.cli.eval",
        "eval_command",
        "Evaluate hands and list them from strongest to weakest (ties share a place).",
    ),
    "equity": (
        "pokerbonus.cli.equity",
        "equity_command",
        "Equity of each hand: exact when small enough (or --exact), else Monte Carlo.",
    ),
    "simulate": (
        "pokerbonus.cli.simulate",
        "simulate_command",
        "Play random legal hands at a table and print a summary.",
    ),
    "match": (
        "pokerbonus.cli.match",
        "match_command",
        "Play a match between bots and print each bot's result in mbb/hand.",
    ),
    "solve": (
        "pokerbonus.cli.solve",
        "solve_command",
        "Solve a game with CFR (Monte Carlo CFR for french-draw) and print its exploitability.",
    ),
    "games": (
        "pokerbonus.cli.games",
        "games_command",
        "List every game: key, name, betting structures (PHH codes), description, rules page.",
    ),
    "replay": (
        "pokerbonus.cli.replay",
        "replay_command",
        "Replay hand histories through the engine and compare the finishing stacks.",
    ),
    "stats": (
        "pokerbonus.cli.stats",
        "stats_app",
        "Statistics: dealt frequencies, draw simulation, dealer-mode RTP.",
    ),
    "history": (
        "pokerbonus.cli.history",
        "history_app",
        "Stored sessions and hands: list them, export them (PHH, PokerStars text).",
    ),
}


def load_command(name: str) -> Any:
    """The click command of ``name`` (one of :data:`COMMANDS`), its module imported."""
    module, attribute, _ = COMMANDS[name]
    target = getattr(importlib.import_module(module), attribute)
    if isinstance(target, typer.Typer):
        group = typer.main.get_group(target)
        group.name = name
        return group
    single = typer.Typer(add_completion=False)
    single.command(name)(target)
    return typer.main.get_command(single)


class _StandIn(TyperCommand):
    """A command not loaded yet: its name and one-line help, for the list of commands."""


class _LazyGroup(TyperGroup):
    """The root group: every command of :data:`COMMANDS` stands in until it is run."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (_, _, summary) in COMMANDS.items():
            self.commands.setdefault(name, _StandIn(name, help=summary))

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and isinstance(self.commands.get(args[0]), _StandIn):
            self.commands[args[0]] = load_command(args[0])
        return super().resolve_command(ctx, args)


app = typer.Typer(
    name="pokerbonus",
    cls=_LazyGroup,
    help="Poker Bonus: poker engine, hand evaluation, equity and games.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Poker Bonus: poker engine, hand evaluation, equity and games."""


def main() -> None:
    """Entry point of the ``pokerbonus`` console script."""
    app()
