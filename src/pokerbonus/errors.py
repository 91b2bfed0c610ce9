"""The one small hierarchy of errors raised by Poker Bonus.

Every message names the bad value and says why it is refused.
"""

from __future__ import annotations

__all__ = [
    "BotPathError",
    "ConfigurationError",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidHandError",
    "MissingExtraError",
    "NotationError",
    "PokerError",
    "TournamentError",
]


class PokerError(Exception):
    """Base class of every error raised on purpose by Poker Bonus."""


class InvalidCardError(PokerError, ValueError):
    """A card token or index that does not name a card (``'Xx'``, ``99``)."""


class InvalidHandError(PokerError, ValueError):
    """A set of cards that cannot be evaluated: duplicates, wrong count, unknown game."""


class IllegalActionError(PokerError):
    """An action the rules do not allow now; the state is left unchanged."""


class NotationError(PokerError, ValueError):
    """A hand history or range text that cannot be read."""


class ConfigurationError(PokerError, ValueError):
    """An invalid table or game configuration; the message names the field."""


class MissingExtraError(PokerError, ImportError):
    """A feature whose optional dependencies are not installed; the message names the
    extra to install (``pip install 'pokerbonus[plots]'``)."""


class BotPathError(ConfigurationError):
    """A bot named by an import path (``package.module:ClassName``) that cannot be
    loaded: a bad path, a module that does not import, a class that is not a bot."""


class TournamentError(IllegalActionError):
    """A tournament step the rules do not allow now (a hand during a break, a rebuy
    after the rebuy period, a deal not every player accepted); nothing changes."""
