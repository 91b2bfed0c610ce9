"""Starting-hand ranges for two-card games, in the usual notation.

A range text is a comma-separated list of parts:

==============  ==========================================  ========
part            means                                       combos
==============  ==========================================  ========
``QQ``          one pair                                    6
``QQ+``         that pair and every higher one              18
``QQ-``         that pair and every lower one (22..QQ)      66
``22-55``       the pairs from 22 to 55                     24
``AKs``         suited ace-king                             4
``AKo``         offsuit ace-king                            12
``AK``          both                                        16
``AJo+``        the kicker goes up to one below the ace     36
``A5s-``        the kicker goes down to the deuce (A2s-A5s) 16
``A2s-A5s``     same top card, kicker span                  16
``T9s-65s``     same gap, both cards move together          20
``AhKh``        one exact combination                       1
``random``      every two-card hand (also ``any``, ``XX``)  1326
==============  ==========================================  ========

Ranks are ``2-9 T J Q K A`` (either case); a part may name the lower card first
(``KA`` is ``AK``). Weights are not supported: every combination counts once.

>>> len(parse_range("QQ+, AKs, T9s-65s"))
42
>>> parse_range("AKs").combos[:2]
((Card('Ac'), Card('Kc')), (Card('Ad'), Card('Kd')))
>>> len(parse_range("random"))
1326
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from pokerbonus.cards import RANKS, Card, parse_cards
from pokerbonus.errors import InvalidCardError, NotationError
from pokerbonus.i18n import gettext

__all__ = ["RANDOM_WORDS", "HandRange", "all_combos", "parse_range"]

RANDOM_WORDS: Final = frozenset({"random", "any", "xx", "xxxx", "**", "****", "*"})
"""Words that mean "any hand" (case-insensitive)."""

Combo = tuple[Card, Card]

_RANK_CHARS: Final = RANKS + RANKS.lower()
_HAND: Final = re.compile(rf"([{_RANK_CHARS}])([{_RANK_CHARS}])([sSoO]?)")
_PART: Final = re.compile(
    rf"(?P<a>[{_RANK_CHARS}]{{2}}[sSoO]?)"
    rf"(?:(?P<mod>[+-])|-(?P<b>[{_RANK_CHARS}]{{2}}[sSoO]?))?"
)


@dataclass(frozen=True, slots=True)
class HandRange:
    """A set of two-card starting hands (combinations), each counted once.

    ``combos`` holds each combination as ``(higher card, lower card)`` by card
    index, sorted; ``text`` is the text it was read from.

    >>> r = parse_range("KK+")
    >>> len(r), r.combos[0]
    (12, (Card('Kd'), Card('Kc')))
    >>> len(r.without(parse_range("AhKh").combos[0]))  # 3 aces and 3 kings left
    6
    """

    text: str
    combos: tuple[Combo, ...]

    def __len__(self) -> int:
        return len(self.combos)

    def without(self, cards: Iterable[int]) -> HandRange:
        """The range less every combination that holds one of ``cards`` (dead or known cards)."""
        blocked = {int(c) for c in cards}
        kept = tuple(c for c in self.combos if c[0] not in blocked and c[1] not in blocked)
        return HandRange(self.text, kept)


def _combo(a: int, b: int) -> Combo:
    hi, lo = (a, b) if a > b else (b, a)
    return (Card(hi), Card(lo))


def all_combos(cards: Iterable[int] | None = None) -> tuple[Combo, ...]:
    """Every two-card combination of ``cards`` (default: the 52-card deck), sorted.

    >>> len(all_combos()), len(all_combos(range(16, 52)))
    (1326, 630)
    """
    pool = sorted(set(range(52) if cards is None else (int(c) for c in cards)))
    return tuple(sorted(_combo(a, b) for a, b in combinations(pool, 2)))


def _rank(char: str) -> int:
    return RANKS.index(char.upper())


def _shape(text: str, part: str) -> tuple[int, int, str]:
    """``(high rank, low rank, kind)`` of a hand class like ``AKs``; kind ``s``, ``o`` or ``""``."""
    match = _HAND.fullmatch(text)
    if match is None:  # pragma: no cover - the part regex already checked the shape
        raise NotationError(gettext("invalid range part: {part!r}").format(part=part))
    a, b = _rank(match[1]), _rank(match[2])
    kind = match[3].lower()
    hi, lo = max(a, b), min(a, b)
    if hi == lo and kind:
        message = gettext("invalid range part: {part!r} (a pair cannot be suited or offsuit)")
        raise NotationError(message.format(part=part))
    return hi, lo, kind


def _class_combos(hi: int, lo: int, kind: str) -> list[Combo]:
    """The combinations of one hand class: a pair, or two ranks suited/offsuit/both."""
    if hi == lo:
        return [_combo(4 * hi + s, 4 * hi + t) for s, t in combinations(range(4), 2)]
    found = []
    for s in range(4):
        for t in range(4):
            if (kind == "s" and s != t) or (kind == "o" and s == t):
                continue
            found.append(_combo(4 * hi + s, 4 * lo + t))
    return found


def _part_combos(part: str) -> list[Combo]:
    word = part.lower()
    if word in RANDOM_WORDS:
        return list(all_combos())
    if len(part) == 4 and not _PART.fullmatch(part):
        try:
            cards = parse_cards(part)
        except InvalidCardError as exc:
            message = gettext("invalid range part: {part!r} ({reason})")
            raise NotationError(message.format(part=part, reason=exc)) from None
        return [_combo(cards[0], cards[1])]
    match = _PART.fullmatch(part)
    if match is None:
        message = gettext(
            "invalid range part: {part!r} (expected e.g. QQ, QQ+, 22-55, AKs, AJo+, "
            "T9s-65s, AhKh or random)"
        )
        raise NotationError(message.format(part=part))
    hi, lo, kind = _shape(match["a"], part)
    classes: list[tuple[int, int]]
    if match["b"] is not None:
        hi2, lo2, kind2 = _shape(match["b"], part)
        if kind2 != kind or (hi == lo) != (hi2 == lo2):
            message = gettext(
                "invalid range span: {part!r} (both ends must be the same kind of hand)"
            )
            raise NotationError(message.format(part=part))
        if hi == lo:
            classes = [(r, r) for r in range(min(hi, hi2), max(hi, hi2) + 1)]
        elif hi == hi2:
            classes = [(hi, k) for k in range(min(lo, lo2), max(lo, lo2) + 1)]
        elif hi - lo == hi2 - lo2:
            step = 1 if hi2 > hi else -1
            classes = [(h, h - (hi - lo)) for h in range(hi, hi2 + step, step)]
        else:
            message = gettext(
                "invalid range span: {part!r} (the ends must share the top card, "
                "like A2s-A5s, or the gap, like T9s-65s)"
            )
            raise NotationError(message.format(part=part))
    elif match["mod"] == "+":
        up = [(r, r) for r in range(hi, 13)]
        classes = up if hi == lo else [(hi, k) for k in range(lo, hi)]
    elif match["mod"] == "-":
        down = [(r, r) for r in range(hi + 1)]
        classes = down if hi == lo else [(hi, k) for k in range(lo + 1)]
    else:
        classes = [(hi, lo)]
    found: list[Combo] = []
    for h, k in classes:
        found.extend(_class_combos(h, k, kind))
    return found


def parse_range(text: str) -> HandRange:
    """Read a range text (see the module doc) into a :class:`HandRange`.

    Raises :class:`NotationError` for a part that cannot be read or a text with no part.

    >>> [len(parse_range(t)) for t in ("QQ+", "AKs", "AKo", "T9s-65s", "22+", "random")]
    [18, 4, 12, 20, 78, 1326]
    >>> parse_range("AKx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerbonus.errors.NotationError: invalid range part: 'AKx' (expected e.g. QQ, QQ+, ...)
    """
    if not isinstance(text, str):
        raise NotationError(gettext("invalid range: {text!r} (expected a text)").format(text=text))
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts:
        raise NotationError(gettext("invalid range: {text!r} (no hand in it)").format(text=text))
    seen: set[Combo] = set()
    for part in parts:
        seen.update(_part_combos(part))
    return HandRange(text, tuple(sorted(seen)))
