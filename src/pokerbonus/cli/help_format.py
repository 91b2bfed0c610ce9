"""Typer's help formatter, loaded without rich's Markdown and Traceback.

Every ``--help`` (and every usage error) is drawn by ``typer.rich_utils``, whose
first lines import ``rich.markdown`` (with markdown-it, the whole Markdown parser)
and ``rich.traceback`` (with pygments and ``rich.pretty``): about 0.1 s of CPU time,
nearly half of what ``pokerbonus COMMAND --help`` may take, for two classes that
our help never uses (our help is rich markup, not Markdown; a traceback is drawn
only when a command fails with an unexpected error).

:func:`load_help_formatter` imports ``typer.rich_utils`` while those two modules are
stand-ins whose one class (``Markdown``, ``Traceback``) imports the real module when
first used and forwards to the real class; the stand-ins are then dropped, so any
later ``import rich.markdown`` gets the real module. Everything Typer draws is
unchanged; only its cost moves to the moment it is needed.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

__all__ = ["load_help_formatter"]

_DEFERRED = (("rich.markdown", "Markdown"), ("rich.traceback", "Traceback"))


class _Forward(type):
    """The metaclass of a stand-in: calling it or reading a class attribute
    (``Traceback.from_exception``) uses the real class."""

    _home: str
    _name: str

    def real(cls) -> Any:
        return getattr(importlib.import_module(cls._home), cls._name)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls.real()(*args, **kwargs)

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(cls.real(), name)

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, cls.real())


def load_help_formatter() -> None:
    """Import ``typer.rich_utils`` with ``rich.markdown`` and ``rich.traceback``
    deferred (see the module doc); nothing when it is imported already."""
    if "typer.rich_utils" in sys.modules:
        return
    stand_ins: dict[str, types.ModuleType] = {}
    for home, name in _DEFERRED:
        if home in sys.modules:
            continue
        module = types.ModuleType(home, f"stand-in of {home} while typer.rich_utils loads")
        setattr(module, name, _Forward(name, (), {"_home": home, "_name": name}))
        stand_ins[home] = module
    sys.modules.update(stand_ins)
    try:
        importlib.import_module("typer.rich_utils")
    finally:
        for home, module in stand_ins.items():
            if sys.modules.get(home) is module:
                del sys.modules[home]
