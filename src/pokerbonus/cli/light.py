"""Plain values read without pydantic: a start-up saving of every command.

Typer converts each parameter's value through a pydantic ``TypeAdapter`` built on
first use, and importing pydantic costs about 0.08 s of CPU time, a third of what
``pokerbonus eval`` or ``COMMAND --help`` may take. The values of most of our
parameters need no conversion at all: text, flags, lists of text, and the numbers
of :mod:`pokerbonus.cli.bounds`, which read themselves. :func:`lighten` gives those
parameters a reader of their own; any other value (another type, or an unexpected
one, such as a flag's text from an environment variable) goes to Typer's own
reader, built then, so the result is always what Typer would give.

Where Typer's internals differ from what this module expects (another version),
nothing is changed and Typer reads every value itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from pokerbonus.cli.bounds import bounds_of

__all__ = ["lighten", "lighten_command"]

_OTHER: Final = object()
"""What a light reader answers for a value it does not know: Typer's reader takes it."""


def _plain(kind: type) -> Callable[[Any], Any]:
    def read(value: Any) -> Any:
        return value if type(value) is kind else _OTHER

    return read


def _texts(value: Any) -> Any:
    if isinstance(value, list | tuple) and all(type(v) is str for v in value):
        return list(value)
    return _OTHER


class _LightReader:
    """A runtime reader of one parameter (the interface of Typer's ``RuntimeParam``)."""

    def __init__(self, descriptor: Any, read: Callable[[Any], Any]) -> None:
        self.descriptor = descriptor
        self.annotation = descriptor.annotation
        self.parameter_info = descriptor.parameter_info
        self._read = read
        self._typer: Any = None

    def coerce(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None:  # as Typer: nothing given, no default
            return () if param.multiple or param.nargs == -1 else None
        read = self._read(value)
        if read is not _OTHER:
            return read
        if self._typer is None:
            from typer._coercion import build_runtime_param

            self._typer = build_runtime_param(self.descriptor)
        return self._typer.coerce(value, param=param, ctx=ctx)


def _reader(param: Any) -> Callable[[Any], Any] | None:
    descriptor = param.type_descriptor
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    if descriptor.file_annotation is not None or getattr(info, "click_type", None) is not None:
        return None
    bounds = bounds_of(info)
    if bounds is not None:
        parser: Callable[[Any], Any] = info.parser
        return parser  # it reads text and defaults, and refuses in one line
    if info.parser is not None or getattr(info, "callback", None) is not None:
        return None
    if annotation is str or annotation is bool:
        return _plain(annotation)
    if annotation == list[str]:
        return _texts
    return None


def lighten(params: Iterable[Any]) -> None:
    """Give each of ``params`` (Typer's click parameters) that takes a plain value
    a reader without pydantic (see the module doc)."""
    for param in params:
        try:
            if getattr(param, "_runtime_param", _OTHER) is not None:
                continue  # not Typer's, or a reader made already
            read = _reader(param)
            if read is not None:
                param._runtime_param = _LightReader(param.type_descriptor, read)
        except AttributeError:  # another Typer: it reads everything itself
            return


def lighten_command(command: Any) -> None:
    """:func:`lighten` the parameters of a click ``command`` (and of its commands,
    for a group), its ``--help`` option included (made when first asked for)."""
    lighten(command.params)
    original = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None:
            lighten([option])
        return option

    command.get_help_option = get_help_option
    for sub in getattr(command, "commands", {}).values():
        lighten_command(sub)
