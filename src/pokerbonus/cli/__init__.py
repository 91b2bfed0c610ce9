"""The ``pokerbonus`` command line: one typer app, a module per command.

A command's module is imported only when that command runs (or its own help is
asked for): some of them bring in numba, SQLAlchemy or the bots, which would
otherwise make every command, ``--help`` included, start about a second late.
The top-level help lists the commands from :data:`COMMANDS` without importing
them; a test checks that it matches the commands' own help texts.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from pokerbonus.cli.light import lighten, lighten_command
from pokerbonus.compiling import report_on_terminal
from pokerbonus.i18n import (
    DEFAULT_LANGUAGE,
    N_,
    LanguageError,
    current_language,
    gettext,
    set_language,
)
from pokerbonus.i18n.language import choose_language
from pokerbonus.i18n.toolkit import speak_toolkit

COMMANDS: dict[str, tuple[str, str, str]] = {
    # name: (module, attribute: a command function or a typer app, one-line help)
    "play": (
        "pokerbonus.cli.play",
        "play_command",
        N_("Play at the terminal table against computer opponents."),
    ),
    "serve": (
        "pokerbonus.cli.serve",
        "serve_command",
        N_("Run the web tables: create a table, send the invite link, play with friends and bots."),
    ),
    "eval": (
        "pokerbonus.cli.eval",
        "eval_command",
        N_("Evaluate hands and list them from strongest to weakest (ties share a place)."),
    ),
    "equity": (
        "pokerbonus.cli.equity",
        "equity_command",
        N_("Equity of each hand: exact when small enough (or --exact), else Monte Carlo."),
    ),
    "simulate": (
        "pokerbonus.cli.simulate",
        "simulate_command",
        N_("Play random legal hands at a table and print a summary."),
    ),
    "match": (
        "pokerbonus.cli.match",
        "match_command",
        N_("Play a match between bots and print each bot's result in mbb/hand."),
    ),
    "gauntlet": (
        "pokerbonus.cli.gauntlet",
        "gauntlet_command",
        N_("Play simple exploitative bots against a draw level and say whether it holds."),
    ),
    "solve": (
        "pokerbonus.cli.solve",
        "solve_command",
        N_("Solve a game with CFR (Monte Carlo CFR for french-draw) and print its exploitability."),
    ),
    "games": (
        "pokerbonus.cli.games",
        "games_command",
        N_("List every game: key, name, betting structures (PHH codes), description, rules page."),
    ),
    "bots": (
        "pokerbonus.cli.bots",
        "bots_command",
        N_("What the expert level plays at each table option (--coverage)."),
    ),
    "replay": (
        "pokerbonus.cli.replay",
        "replay_command",
        N_("Replay hand histories through the engine and compare the finishing stacks."),
    ),
    "stats": (
        "pokerbonus.cli.stats",
        "stats_app",
        N_("Statistics: dealt frequencies, draw simulation, dealer-mode RTP."),
    ),
    "history": (
        "pokerbonus.cli.history",
        "history_app",
        N_("Stored sessions and hands: list them, export them (PHH, PokerStars text)."),
    ),
}


def load_command(name: str) -> Any:
    """The click command of ``name`` (one of :data:`COMMANDS`), its module imported.

    Every command (and every command of a group) takes ``--lang``; outside English
    its help is the translated one-line help of :data:`COMMANDS`.
    """
    module, attribute, summary = COMMANDS[name]
    target = getattr(importlib.import_module(module), attribute)
    translated = gettext(summary) if current_language() != DEFAULT_LANGUAGE else None
    if isinstance(target, typer.Typer):
        for info in target.registered_commands:
            if info.callback is not None:
                info.callback = with_lang(info.callback)
        group = typer.main.get_group(target)
        group.name = name
        if translated:
            group.help = translated
        lighten_command(group)
        return group
    single = typer.Typer(add_completion=False)
    single.command(name, help=translated)(with_lang(target))
    command = typer.main.get_command(single)
    lighten_command(command)
    return command


def with_lang(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` with one more option, ``--lang en|fr``, which sets the language
    of the process before the command runs (once applied, applying it is a no-op)."""
    if getattr(command, "_takes_lang", False):
        return command

    @functools.wraps(command)
    def run(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        if lang:
            try:
                set_language(lang.lower())
            except LanguageError as error:
                typer.echo(gettext("error: {message}").format(message=error), err=True)
                raise typer.Exit(2) from None
        return command(*args, **kwargs)

    option = typer.Option(
        "--lang",
        help=gettext(
            "Language: en or fr (default: the saved preference, else the locale, LANG=fr_FR...)."
        ),
        show_default=False,
    )
    signature = inspect.signature(command, eval_str=True)
    lang = inspect.Parameter(
        "lang",
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[str | None, option],
    )
    run.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), lang]
    )
    run.__annotations__ = {**command.__annotations__, "lang": Annotated[str | None, option]}
    run._takes_lang = True  # type: ignore[attr-defined]
    return run


class _StandIn(TyperCommand):
    """A command not loaded yet: its name and one-line help, for the list of commands."""


class _LazyGroup(TyperGroup):
    """The root group: every command of :data:`COMMANDS` stands in until it is run."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (_, _, summary) in COMMANDS.items():
            self.commands.setdefault(name, _StandIn(name, help=gettext(summary)))

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)
        if option is not None:
            lighten([option])  # a command's --help reads no value through pydantic
        return option

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and isinstance(self.commands.get(args[0]), _StandIn):
            self.commands[args[0]] = load_command(args[0])
        return super().resolve_command(ctx, args)


ROOT_HELP = N_("Poker Bonus: poker engine, hand evaluation, equity and games.")

app = typer.Typer(
    name="pokerbonus",
    cls=_LazyGroup,
    help=ROOT_HELP,
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Poker Bonus: poker engine, hand evaluation, equity and games."""


def lang_flag(args: list[str]) -> str | None:
    """The value of ``--lang`` in ``args`` (before any ``--``), or ``None``.

    >>> lang_flag(["eval", "Kh Ks 8d 8c Ts", "--lang", "fr"]), lang_flag(["--lang=en", "games"])
    ('fr', 'en')
    """
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def without_lang(args: list[str]) -> list[str]:
    """``args`` without its ``--lang`` options (before any ``--``): :func:`main` has
    chosen the language from them already, and the top level and the command groups,
    which declare no ``--lang`` of their own, would refuse them.

    >>> without_lang(["--lang", "fr", "stats", "--help"]), without_lang(["games", "--lang=en"])
    (['stats', '--help'], ['games'])
    >>> without_lang(["replay", "--", "--lang", "x"])
    ['replay', '--', '--lang', 'x']
    """
    kept: list[str] = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg == "--":
            return kept + args[i:]
        elif arg == "--lang" and i + 1 < len(args):
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    return kept


def main() -> None:
    """Entry point of the ``pokerbonus`` console script.

    The language is chosen first (``--lang``, ``POKERBONUS_LANG``, the saved
    preference, the locale), so that help texts are written in it too, and Typer's
    own words (panel titles, the error box) before Typer parses the arguments.
    """
    try:
        lang = choose_language(lang_flag(sys.argv[1:]))
        set_language(lang)
    except LanguageError as error:
        typer.echo(gettext("error: {message}").format(message=error), err=True)
        raise SystemExit(2) from None
    speak_toolkit(lang)
    sys.argv[1:] = without_lang(sys.argv[1:])  # chosen: every level accepts it this way
    app.info.help = gettext(ROOT_HELP)
    report_on_terminal(sys.argv)  # "preparing the compiled kernels" on a first run
    app()
