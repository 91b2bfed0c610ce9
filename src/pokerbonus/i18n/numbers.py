"""Numbers as a person reads them in each language.

English writes ``1,712,304`` and ``46.214%``; French ``1 712 304`` and
``46,214 %`` (narrow no-break spaces between thousands and before ``%``).

>>> number(1712304, ",", "fr") == "1\\u202f712\\u202f304"
True
>>> number(0.46214, ".3%", "fr") == "46,214\\u202f%"
True
>>> number(1712304.5, ",.1f", "en")
'1,712,304.5'
"""

from __future__ import annotations

from typing import Final

from pokerbonus.i18n import current_language

__all__ = ["number"]

_NARROW_SPACE: Final = "\u202f"
_FRENCH: Final = str.maketrans({",": _NARROW_SPACE, ".": ","})


def number(value: float, spec: str = ",", lang: str | None = None) -> str:
    """``format(value, spec)`` with the separators of ``lang`` (default: the
    current language); ``spec`` is a format spec such as ``","``, ``".3f"``, ``".2%"``."""
    text = format(value, spec)
    if (lang or current_language()) != "fr":
        return text
    text = text.translate(_FRENCH)
    return text[:-1] + _NARROW_SPACE + "%" if text.endswith("%") else text
