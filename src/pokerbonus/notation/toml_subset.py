"""A fast reader for the subset of TOML that PHH files use, with no say on validity.

PHH files are ``key = value`` lines: strings, integers, decimal floats,
booleans, local times and arrays of strings, numbers and booleans (an action
list spread over lines with comments), in ``[key]`` tables for a ``.phhs``.
:func:`read_subset` reads exactly that subset with a few precompiled regular
expressions and returns what :func:`tomllib.loads` would; on anything else
(escapes, dates, ``inf``, nested arrays, inline tables, dotted or quoted keys,
repeated keys, control characters, a syntax error) it returns ``None`` and the
caller uses ``tomllib``, so every error message and every unusual value stays
the standard library's. It never accepts a text ``tomllib`` refuses.

>>> read_subset("variant = 'NT'\\nstacks = [1, 2.5]  # comment\\nactions = [\\n  'p1 f', # why\\n]")
{'variant': 'NT', 'stacks': [1, 2.5], 'actions': ['p1 f']}
>>> read_subset('date = 2024-01-01') is None          # a date: left to tomllib
True
"""

from __future__ import annotations

import datetime
import re
from typing import Any, Final

__all__ = ["read_subset"]

# Scalars. A basic string has no escape and no control character (tab included,
# to keep the class simple); a literal string no control character. Integers
# and floats are decimal without underscores (TOML forbids leading zeros).
# Possessive quantifiers and atomic groups: no backtracking into a matched part.
_STR: Final = r"'[^'\x00-\x1f\x7f]*+'|\"[^\"\\\x00-\x1f\x7f]*+\""
_NUM: Final = r"[+-]?+(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][+-]?+[0-9]++)?+"
_ITEM: Final = rf"(?>{_STR}|{_NUM}|true|false)"
_TIME: Final = r"[0-9]{2}:[0-9]{2}:[0-9]{2}"  # a local time, no fraction
_COMMENT: Final = r"#[^\x00-\x08\x0a-\x1f\x7f]*+"
# Inside an array: spaces, tabs, newlines and whole-line or trailing comments.
_WS: Final = rf"(?:[ \t\n]++|{_COMMENT}\n)*+"
_END: Final = rf"[ \t]*+(?:{_COMMENT})?+\n"

_BLANK: Final = re.compile(_END)
_HEADER: Final = re.compile(rf"[ \t]*+\[[ \t]*+([A-Za-z0-9_-]++)[ \t]*+\]{_END}")
_KEY_VALUE: Final = re.compile(
    rf"[ \t]*+([A-Za-z0-9_-]++)[ \t]*+=[ \t]*+"
    rf"(?:({_ITEM})|(\[{_WS}(?:{_ITEM}{_WS},{_WS})*+(?:{_ITEM}{_WS})?+\])|({_TIME})){_END}"
)
_TOKENS: Final = re.compile(rf"{_COMMENT}|{_STR}|[^\s,\[\]#]++")
# The lines PHH files are made of, as the PHH tools write them (``key = value``,
# one space around ``=``, arrays on one line with ", " between items, nothing
# after the value): each form its own simple expression, a value read with a
# split instead of a token scan. Any other line goes to the general expression.
_INT: Final = r"(?:0|[1-9][0-9]*+)"
_LITERAL: Final = r"'[^'\x00-\x1f\x7f]*+'"
_USUAL: Final = re.compile(
    r"([A-Za-z0-9_-]++) = (?:"
    rf"'([^'\x00-\x1f\x7f]*+)'"  # 2: a literal string
    r"|\"([^\"\\\x00-\x1f\x7f]*+)\""  # 3: a basic string without escapes
    rf"|({_INT})"  # 4: an integer
    rf"|\[({_INT}(?:, {_INT})*+)\]"  # 5: an array of integers
    rf"|\[({_LITERAL}(?:, {_LITERAL})*+)\]"  # 6: an array of literal strings
    r"|(true|false)"  # 7: a boolean
    r")\n"
)
_QUOTES: Final = "'\""


def _scalar(token: str) -> Any:
    """The value of a token the expressions above accepted (so well formed)."""
    first = token[0]
    if first == "'" or first == '"':
        return token[1:-1]
    if first == "t":
        return True
    if first == "f":
        return False
    if "." in token or "e" in token or "E" in token:
        return float(token)
    return int(token)


def read_subset(text: str) -> dict[str, Any] | None:
    """``tomllib.loads(text)`` for a text in the PHH subset of TOML, else ``None``.

    ``None`` says only "not in the subset": the text may still be valid TOML
    (``tomllib`` then reads it) or not (``tomllib`` then says why).

    >>> read_subset("[1]\\nvariant = 'NT'\\n[2]\\nvariant = \\"FT\\"")
    {'1': {'variant': 'NT'}, '2': {'variant': 'FT'}}
    >>> read_subset("a = 1\\na = 2") is None            # a repeated key: tomllib says so
    True
    """
    if "\r" in text:  # a CR left alone after this matches nothing: tomllib decides
        text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    document: dict[str, Any] = {}
    table = document
    position, end = 0, len(text)
    blank, header, key_value, tokens = _BLANK.match, _HEADER.match, _KEY_VALUE.match, _TOKENS
    usual = _USUAL.match
    while position < end:
        match = usual(text, position)
        if match is not None:
            kind = match.lastindex or 0  # the value's group (the key is group 1)
            key, value = match.group(1, kind)
            if key in table:
                return None
            if kind == 6:  # no quote inside a literal string: "', '" only separates
                table[key] = value[1:-1].split("', '")
            elif kind == 5:
                table[key] = list(map(int, value.split(", ")))
            elif kind == 4:
                table[key] = int(value)
            elif kind == 7:
                table[key] = value == "true"
            else:
                table[key] = value
            position = match.end()
            continue
        match = key_value(text, position)
        if match is not None:
            key, scalar, array, time = match.groups()
            if key in table:
                return None
            if scalar is not None:
                table[key] = _scalar(scalar)
            elif array is not None:
                table[key] = [
                    t[1:-1] if t[0] in _QUOTES else _scalar(t)
                    for t in tokens.findall(array, 1)
                    if t[0] != "#"
                ]
            else:
                hour, minute, second = int(time[:2]), int(time[3:5]), int(time[6:])
                if hour > 23 or minute > 59 or second > 59:
                    return None
                table[key] = datetime.time(hour, minute, second)
            position = match.end()
            continue
        match = blank(text, position)
        if match is not None:
            position = match.end()
            continue
        match = header(text, position)
        if match is None:
            return None
        key = match.group(1)
        if key in document:
            return None
        table = document[key] = {}
        position = match.end()
    return document
