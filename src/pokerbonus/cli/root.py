"""The typer half of the command line: the app, its lazy root group and the
loading of each command (see :mod:`pokerbonus.cli`)."""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from pokerbonus.cli import COMMANDS, ROOT_HELP
from pokerbonus.cli.help_format import load_help_formatter
from pokerbonus.cli.light import lighten, lighten_command
from pokerbonus.compiling import report_on_terminal
from pokerbonus.i18n import (
    DEFAULT_LANGUAGE,
    LanguageError,
    current_language,
    gettext,
    set_language,
)
from pokerbonus.i18n.toolkit import speak_toolkit

__all__ = ["app", "load_command", "run", "with_lang"]


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


def run(lang: str) -> None:
    """Run the app on ``sys.argv`` (the language ``lang`` chosen, the ``--lang``
    options taken out by :func:`pokerbonus.cli.main`)."""
    speak_toolkit(lang)
    app.info.help = gettext(ROOT_HELP)
    report_on_terminal(sys.argv)  # "preparing the compiled kernels" on a first run
    if len(sys.argv) < 2 or "--help" in sys.argv:
        load_help_formatter()  # typer's help drawing, without the Markdown parser
    app()
