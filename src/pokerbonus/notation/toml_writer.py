"""A small TOML writer for the value types PHH uses.

Strings (basic strings, escaped), integers, floats (``inf``/``nan`` included),
booleans, offset and local date-times, dates, times, arrays and inline tables.
Reading is done by the standard library's ``tomllib``; this module only writes,
and whatever it writes reads back to an equal value.

>>> print(toml_value('a "quoted" word'))
"a \\"quoted\\" word"
>>> toml_value([1, 2.5, True])
'[1, 2.5, true]'
>>> toml_key("_sponsors"), toml_key("a b")
('_sponsors', '"a b"')
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping, Sequence
from typing import Final

from pokerbonus.errors import NotationError
from pokerbonus.i18n import gettext

__all__ = ["TomlValue", "toml_key", "toml_string", "toml_value"]

TomlValue = (
    str
    | int
    | float
    | bool
    | datetime.datetime
    | datetime.date
    | datetime.time
    | Sequence["TomlValue"]
    | Mapping[str, "TomlValue"]
)
"""A value TOML can hold (arrays as any sequence but ``str``, tables as mappings)."""

_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES: Final = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: quotes, backslashes and control characters escaped.

    >>> toml_string('tab\\there')
    '"tab\\\\there"'
    """
    out = ['"']
    for char in text:
        escaped = _ESCAPES.get(char)
        if escaped is not None:
            out.append(escaped)
        elif char < " " or char == "\x7f":
            out.append(f"\\u{ord(char):04X}")
        elif 0xD800 <= ord(char) <= 0xDFFF:
            raise NotationError(
                gettext("string {text!r}: a lone surrogate cannot be written in TOML").format(
                    text=text
                )
            )
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def toml_key(key: str) -> str:
    """A key, bare when it can be, quoted otherwise."""
    if not isinstance(key, str):
        raise NotationError(gettext("TOML key {key!r}: keys must be strings").format(key=key))
    return key if _BARE_KEY.fullmatch(key) else toml_string(key)


def _float(value: float) -> str:
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "inf" if value > 0 else "-inf"
    text = repr(value)
    # repr gives '1e-07' or '1e+16': valid TOML exponents once a digit precedes 'e'.
    return text


def _offset(value: datetime.datetime | datetime.time) -> str:
    offset = value.utcoffset()
    if offset is None:
        return ""
    seconds = int(offset.total_seconds())
    if offset != datetime.timedelta(seconds=seconds) or seconds % 60:
        raise NotationError(
            gettext("time offset {offset!r}: TOML offsets are whole minutes").format(offset=offset)
        )
    if seconds == 0:
        return "Z"
    sign = "+" if seconds > 0 else "-"
    hours, minutes = divmod(abs(seconds) // 60, 60)
    return f"{sign}{hours:02d}:{minutes:02d}"


def _time(value: datetime.time) -> str:
    if value.tzinfo is not None:
        raise NotationError(
            gettext("time {value!r}: TOML times are local (no time zone)").format(value=value)
        )
    return value.isoformat()


def toml_value(value: object) -> str:
    """One value in TOML syntax (arrays and tables inline).

    >>> toml_value(datetime.time(0, 0, 26))
    '00:00:26'
    >>> toml_value({"a": 1, "b c": "x"})
    '{ a = 1, "b c" = "x" }'
    >>> toml_value(None)
    Traceback (most recent call last):
    ...
    pokerbonus.errors.NotationError: value None: TOML has no type for NoneType
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(int(value))
    if isinstance(value, float):
        return _float(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, datetime.datetime):
        naive = value.replace(tzinfo=None).isoformat()
        return naive + _offset(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, datetime.time):
        return _time(value)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        items = ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + items + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise NotationError(
        gettext("value {value!r}: TOML has no type for {name__}").format(
            value=value, name__=type(value).__name__
        )
    )
