"""The translation layer: every sentence a person reads, in English or French.

Messages are written in English in the code and looked up in gettext catalogs
(``locale/<lang>/LC_MESSAGES/pokerbonus.po``, compiled on first use: see
:mod:`pokerbonus.i18n.compiled`). The layer sits at the bottom of the package,
beside :mod:`pokerbonus.cards`, and imports nothing else of it, so hand
descriptions and card errors can be translated too.

The functions below translate into the *current language*: English unless a
face chose another one (:func:`set_language` for a whole process, the command
line's ``--lang``; :func:`using_language` for one block of code, a web request).
A function that needs one given language asks :func:`translations` for it.

Write whole sentences with named placeholders, filled after translation::

    gettext("duplicate card: {card!r}").format(card=text)
    ngettext("{count} game", "{count} games", n).format(count=n)

>>> gettext("invalid card: {token!r} (expected rank 2-9 T J Q K A and suit c d h s)")
'invalid card: {token!r} (expected rank 2-9 T J Q K A and suit c d h s)'
>>> with using_language("fr"):
...     pgettext("rank", "queen"), ngettext("{count} game", "{count} games", 2)
('dame', '{count} jeux')
>>> translations("fr").gettext("duplicate card: {card!r}")  # a no-break space before ':'
'carte en double\\xa0: {card!r}'
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Final

from pokerbonus.errors import PokerError

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "LanguageError",
    "check_language",
    "current_language",
    "gettext",
    "ngettext",
    "npgettext",
    "pgettext",
    "set_language",
    "translations",
    "using_language",
]

LANGUAGES: Final = ("en", "fr")
"""The languages of the interface; English is the language of the code's messages."""
DEFAULT_LANGUAGE: Final = "en"
DOMAIN: Final = "pokerbonus"
"""The gettext domain: the catalogs are ``locale/<lang>/LC_MESSAGES/pokerbonus.po``."""


class LanguageError(PokerError, ValueError):
    """A language code the interface does not speak (``"de"``)."""


def check_language(lang: str) -> str:
    """``lang`` itself when it is one of :data:`LANGUAGES`, else :class:`LanguageError`.

    >>> check_language("fr")
    'fr'
    """
    if lang not in LANGUAGES:
        raise LanguageError(
            gettext("unknown language: {lang!r} (expected en or fr)").format(lang=lang)
        )
    return lang


# The language of the whole process (set once by a face), and of the current
# context where a block of code overrides it (a web request, a test).
_process_language = DEFAULT_LANGUAGE
_context_language: ContextVar[str] = ContextVar("pokerbonus_language")


def current_language() -> str:
    """The language the functions of this module translate into now."""
    return _context_language.get(_process_language)


def set_language(lang: str) -> None:
    """Make ``lang`` the language of the whole process (every thread), e.g. from ``--lang``."""
    global _process_language
    _process_language = check_language(lang)


@contextmanager
def using_language(lang: str) -> Iterator[str]:
    """Translate into ``lang`` inside the ``with`` block (this thread or task only)."""
    token = _context_language.set(check_language(lang))
    try:
        yield lang
    finally:
        _context_language.reset(token)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalog of ``lang``: the messages themselves for English, else the
    compiled French catalog (loaded once per process)."""
    if check_language(lang) == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    from pokerbonus.i18n.compiled import load_catalog

    return load_catalog(lang)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it (data defined at
    import time, translated where it is shown with :func:`gettext`)."""
    return message


def gettext(message: str) -> str:
    """``message`` in the current language."""
    lang = current_language()
    if lang == DEFAULT_LANGUAGE:
        return message
    return translations(lang).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` things in the current language."""
    return translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells two uses apart."""
    lang = current_language()
    if lang == DEFAULT_LANGUAGE:
        return message
    return translations(lang).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return translations(current_language()).npgettext(context, singular, plural, n)
