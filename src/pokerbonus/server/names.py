"""Display names at a web table: what a name may hold, and when two names look alike.

A name is 1..24 characters, stripped and NFC-normalized: letters and digits of
one script (Latin, Cyrillic, Greek...; Japanese, Chinese and Korean may mix Han
with their own syllables), with the marks that go on them, spaces and ``-_.'``.
Invisible characters (Unicode's default-ignorable code points: zero-width
spaces and joiners, direction marks, the Hangul fillers...) and names mixing
scripts (``"Ann"`` written with a Cyrillic ``A``, U+0410) are refused with a message that says
which character and why.

Two names are the same at a table when their *confusable keys* are equal: the
Unicode TR39 skeleton (each character replaced by the prototype it can be
confused with: Cyrillic and Latin ``a``, ``0`` and ``O``, ``1``, ``I``
and ``l``, ``rn`` and ``m``) taken after NFKC and case folding, and again after
case folding the skeleton, so that ``BiII`` (capital i) and ``bill`` match
whatever their case. The confusable pairs and the script of each character
come from the Unicode data shipped by ``confusable-homoglyphs``; the prototype
of each character is derived from its pairs on first use (:func:`prototypes`).

>>> confusable_key("Ann") == confusable_key("\\u0410nn") == confusable_key("ANN")
True
>>> confusable_key("B0b") == confusable_key("bob"), confusable_key("Bob") == confusable_key("Rob")
(True, False)
>>> check_name("  Ann ")
'Ann'
>>> check_name("\\u0410nn")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerbonus.server.session.ServerError: name: '...nn' mixes scripts (Cyrillic ... Latin ...); ...
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources
from typing import Final

from pokerbonus.errors import PokerError

__all__ = ["MAX_NAME", "check_name", "confusable_key", "prototypes", "script_of"]

MAX_NAME: Final = 24
"""The longest display name, in characters."""

_PUNCTUATION: Final = frozenset(" -_.'")

_IGNORABLE: Final = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)  # fmt: skip
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): characters
drawn as nothing at all."""

_NEUTRAL: Final = frozenset({"COMMON", "INHERITED"})
"""Scripts that go with any other (digits, punctuation, combining marks)."""

_TOGETHER: Final = (
    frozenset({"HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"HAN", "HANGUL"}),
    frozenset({"HAN", "BOPOMOFO"}),
)
"""Scripts written together (TR39's augmented script sets: Japanese, Korean, Chinese)."""

_MAX_MARKS: Final = 2
"""Combining marks allowed on one character (more is the stacked-accents trick)."""


def _error(message: str) -> PokerError:
    from pokerbonus.server.session import ServerError

    return ServerError("malformed", message)


def _ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE)


@functools.cache
def _data(name: str) -> object:
    text = resources.files("confusable_homoglyphs").joinpath(name).read_text(encoding="utf-8")
    return json.loads(text)


def script_of(ch: str) -> str:
    """The Unicode script of a character, upper case (``COMMON`` for digits and punctuation).

    >>> script_of("a"), script_of("\\u0430"), script_of("7"), script_of("\\u0301")
    ('LATIN', 'CYRILLIC', 'COMMON', 'INHERITED')
    """
    from confusable_homoglyphs import categories

    return str(categories.alias(ch))


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character's prototype (TR39 ``confusables.txt``), by character.

    ``confusable-homoglyphs`` keeps the pairs of ``confusables.txt`` both ways: a
    character that is some prototype's source lists that one prototype, and a
    prototype lists its sources. So a character listing exactly one other whose
    own list is longer (or a sequence: ``m`` lists ``rn``) is that one's source. A
    pair that lists only each other (a prototype with a single source) cannot be
    told apart: both map to the smaller of the two, which keeps the comparison of
    skeletons exact (only the representative of the pair differs).

    >>> p = prototypes()
    >>> p["\\u0430"], p["0"], p["1"], p["I"], p["m"]
    ('a', 'O', 'l', 'l', 'rn')
    """
    raw = _data("confusables.json")
    assert isinstance(raw, dict)
    pairs: dict[str, list[str]] = {}
    for key, homoglyphs in raw.items():
        key = key.replace("\u200e", "")  # the data wraps right-to-left characters in marks
        if len(key) != 1:
            continue
        pairs[key] = [h["c"].replace("\u200e", "") for h in homoglyphs]
    out: dict[str, str] = {}
    for ch, others in pairs.items():
        if len(others) != 1:
            continue  # a prototype: its list holds its sources
        other = others[0]
        if len(other) != 1 or len(pairs.get(other, ())) > 1:
            out[ch] = other
        elif pairs.get(other) == [ch]:
            out[ch] = min(ch, other)
        else:
            out[ch] = other
    return out


def _skeleton(text: str) -> str:
    table = prototypes()
    out = unicodedata.normalize("NFD", text)
    for _ in range(4):  # a prototype sequence may hold characters of a pair: map to the end
        mapped = unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in out))
        if mapped == out:
            break
        out = mapped
    return out


def confusable_key(name: str) -> str:
    """The key two names are compared by: equal keys look alike (see the module doc).

    >>> confusable_key("BiII") == confusable_key("bill")
    True
    >>> confusable_key("1ee") == confusable_key("Lee")
    True
    >>> confusable_key("\\uff21nn") == confusable_key("ann")  # fullwidth letters (NFKC)
    True
    """
    text = _skeleton(unicodedata.normalize("NFKC", name))
    for _ in range(4):
        folded = _skeleton(text.casefold())
        if folded == text:
            break
        text = folded
    return text


def _describe(ch: str) -> str:
    name = unicodedata.name(ch, f"U+{ord(ch):04X}")
    return f"{ch!r} {name}" if ch.isprintable() else f"U+{ord(ch):04X} {name}"


def check_name(name: str) -> str:
    """A display name, stripped and NFC-normalized; a :class:`ServerError` says what is wrong.

    >>> check_name("Zoë"), check_name("O'Brien-2")
    ('Zoë', "O'Brien-2")
    >>> check_name("Ann\\u200b")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerbonus.server.session.ServerError: name: 'Ann\\u200b' holds an invisible character ...
    """
    text = unicodedata.normalize("NFC", name.strip())
    if not 1 <= len(text) <= MAX_NAME:
        raise _error(f"name: {name!r} must be 1..{MAX_NAME} characters")
    marks = 0
    for i, ch in enumerate(text):
        if _ignorable(ch):
            raise _error(
                f"name: {name!r} holds an invisible character ({_describe(ch)}); "
                f"use letters, digits, spaces and -_.' only"
            )
        category = unicodedata.category(ch)
        if category in ("Mn", "Mc"):
            marks += 1
            if i == 0 or marks > _MAX_MARKS:
                raise _error(
                    f"name: {name!r} has a mark ({_describe(ch)}) that is not on a letter "
                    f"(at most {_MAX_MARKS} on one letter)"
                )
            continue
        marks = 0
        if not (ch.isalnum() or ch in _PUNCTUATION):
            raise _error(
                f"name: {name!r} holds {_describe(ch)}, which is not a letter, a digit, "
                f"a space or one of -_.'"
            )
    if not any(ch.isalnum() for ch in text):
        raise _error(f"name: {name!r} needs at least one letter or digit")
    _check_scripts(name, text)
    return text


def _check_scripts(name: str, text: str) -> None:
    first: dict[str, str] = {}
    for ch in text:
        script = script_of(ch)
        if script not in _NEUTRAL:
            first.setdefault(script, ch)
    scripts = frozenset(first)
    if len(scripts) <= 1 or any(scripts <= together for together in _TOGETHER):
        return
    shown = ", ".join(f"{s.title()} {first[s]!r} {unicodedata.name(first[s], '')}" for s in first)
    raise _error(
        f"name: {name!r} mixes scripts ({shown}); write it in one script, "
        f"so that it cannot pass for another player's name"
    )
