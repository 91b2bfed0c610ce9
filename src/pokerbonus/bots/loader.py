"""Bring your own bot: a bot class named by its import path, ``package.module:ClassName``.

The class implements the public bot interface (:class:`pokerbonus.bots.Bot`):
built as ``ClassName(seed)``, it answers :meth:`~pokerbonus.bots.Bot.decide` with
one seat's view. A class that does not derive from :class:`~pokerbonus.bots.Bot`
but has a ``decide(view, info, budget)`` method is accepted too (``warm_up`` and
``new_hand`` are then optional). Only the command line loads bots this way; the
web server never imports code named by a client (its bots are the ladder's).

>>> bot = load_bot("pokerbonus.bots.gauntlet:Maniac", seed=1)
>>> bot.name
'pokerbonus.bots.gauntlet:Maniac'
>>> load_bot("pokerbonus.bots.gauntlet:Nobody")
Traceback (most recent call last):
...
pokerbonus.errors.BotPathError: bot 'pokerbonus.bots.gauntlet:Nobody': module \
'pokerbonus.bots.gauntlet' has no 'Nobody'
"""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Sequence
from typing import Any

from pokerbonus.bots.base import UNLIMITED, Bot, Budget, GameInfo
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import BotPathError
from pokerbonus.i18n import gettext

__all__ = ["is_bot_path", "load_bot", "load_bot_class"]


def is_bot_path(name: str) -> bool:
    """Whether ``name`` has the shape of an import path ``module:ClassName``
    (a dotted module name, a colon, a class name).

    >>> is_bot_path("mybots:Snow"), is_bot_path("pkg.sub:Bot"), is_bot_path("hard")
    (True, True, False)
    >>> is_bot_path("mybots:")
    False
    """
    module, sep, attribute = name.partition(":")
    return (
        bool(sep)
        and all(part.isidentifier() for part in module.split("."))
        and attribute.isidentifier()
    )


class _Adapted(Bot):
    """A bot of a class that has ``decide`` but does not derive from :class:`Bot`."""

    def __init__(self, inner: Any, seed: int | None) -> None:
        super().__init__(seed)
        self.inner = inner

    def warm_up(self, info: GameInfo) -> None:
        """The inner bot's ``warm_up``, if it has one."""
        method = getattr(self.inner, "warm_up", None)
        if callable(method):
            method(info)

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """The inner bot's ``new_hand``, if it has one."""
        method = getattr(self.inner, "new_hand", None)
        if callable(method):
            method(seat, info)

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """The inner bot's ``hand_over``, if it has one."""
        method = getattr(self.inner, "hand_over", None)
        if callable(method):
            method(view, info)

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The inner bot's answer."""
        action = self.inner.decide(view, info, budget)
        if not isinstance(action, Action):
            raise TypeError(f"decide returned {type(action).__name__}, not an Action")
        return action


def load_bot_class(path: str, search: Sequence[str] = ()) -> type[Any]:
    """The class named by ``path`` (``package.module:ClassName``), checked to be a
    bot; ``search``: folders tried after the usual ones (the command line passes
    the current folder). :class:`~pokerbonus.errors.BotPathError` says in one
    line what is wrong."""
    if not is_bot_path(path):
        raise BotPathError(
            gettext("bot {path!r}: expected package.module:ClassName").format(path=path)
        )
    module_name, _, class_name = path.partition(":")
    extra = [folder for folder in search if folder not in sys.path]
    sys.path.extend(extra)
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # the user's module may fail in any way at import
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BotPathError(
            gettext("bot {path!r}: cannot import {module!r} ({reason})").format(
                path=path, module=module_name, reason=reason
            )
        ) from None
    finally:
        for folder in extra:
            sys.path.remove(folder)
    found = getattr(module, class_name, None)
    if found is None:
        raise BotPathError(
            gettext("bot {path!r}: module {module!r} has no {name!r}").format(
                path=path, module=module_name, name=class_name
            )
        )
    if not isinstance(found, type) or not callable(getattr(found, "decide", None)):
        raise BotPathError(
            gettext(
                "bot {path!r}: not a bot (a class deriving from pokerbonus.bots.Bot, "
                "with a decide method)"
            ).format(path=path)
        )
    if inspect.isabstract(found):
        raise BotPathError(
            gettext("bot {path!r}: the class leaves {methods} unimplemented").format(
                path=path, methods=", ".join(sorted(getattr(found, "__abstractmethods__", ())))
            )
        )
    return found


def load_bot(path: str, seed: int | None = None, search: Sequence[str] = ()) -> Bot:
    """A new bot of the class named by ``path`` (see :func:`load_bot_class`), built
    as ``ClassName(seed)``; its name in results is ``path``."""
    cls = load_bot_class(path, search)
    try:
        made = cls(seed)
    except Exception as exc:  # the user's constructor may fail in any way
        raise BotPathError(
            gettext("bot {path!r}: {cls}(seed) failed ({reason})").format(
                path=path, cls=cls.__name__, reason=str(exc) or type(exc).__name__
            )
        ) from None
    bot = made if isinstance(made, Bot) else _Adapted(made, seed)
    bot.name = path
    return bot
