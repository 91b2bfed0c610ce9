"""Hand descriptions in the languages of the translation layer.

A description is built from what a hand value is made of (:class:`Parts`: the
kind of game, the category and the played ranks in display order) and from
whole phrases of the catalogs: one template per category, and for each rank the
forms a phrase needs, so each language gets its own grammar (French elision
and contractions: « paire d'as », « quinte au roi », « quinte à la dame »).

>>> from pokerbonus.hands import evaluate
>>> evaluate("Kh Ks 8d 8c Ts").describe("fr")
'double paire, rois et huit, dix'
>>> evaluate("Jh Jd Jc 7s 7h").describe("fr")
'full aux valets par les sept'
>>> evaluate("Ah Qh 9h 6h 3h").describe("fr", served=True)
"couleur servie à l'as, dame, neuf, six, trois"
>>> category_name(Category.TWO_PAIR, "fr")
'double paire'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from gettext import NullTranslations
from typing import Final

from pokerbonus.hands.category import Category
from pokerbonus.i18n import translations

__all__ = ["Parts", "RankWords", "category_name", "describe_parts", "rank_words"]

C = Category
ACE: Final = 12
_WHEEL_LOW: Final = (3, 2, 1, 0, 12)  # 5-4-3-2-A, ranks high first


@dataclass(frozen=True, slots=True)
class Parts:
    """What a description says: the game's ``kind`` (``high``, ``low`` for
    ace-to-five and eight-or-better, ``27``, ``badugi``, ``nolow`` for a hand
    without a qualifying low), the category and the played ranks (0 = two ...
    12 = ace; a joker counts as the rank it plays) in display order."""

    kind: str
    category: Category | None
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RankWords:
    """The forms of the 13 rank names in one language (index 0 = two ... 12 = ace)."""

    name: tuple[str, ...]
    """The name: "king", « roi »."""
    plural: tuple[str, ...]
    """The plural: "kings", « rois »."""
    of_plural: tuple[str, ...]
    """'of' and the plural: "of kings", « de rois », « d'as »."""
    high: tuple[str, ...]
    """The top card of a straight or a flush: "king high", « au roi », « à la dame »."""
    separator: str
    """Between the ranks of a list: "-" in English (ace-king-nine), ", " in French."""


@cache
def rank_words(lang: str) -> RankWords:
    """The rank names of ``lang`` (read from its catalog once)."""
    t = translations(lang)
    name = (
        # Translators: a card's rank, as listed in a hand ("high card, ace-king-nine...").
        t.pgettext("rank", "two"), t.pgettext("rank", "three"), t.pgettext("rank", "four"),
        t.pgettext("rank", "five"), t.pgettext("rank", "six"), t.pgettext("rank", "seven"),
        t.pgettext("rank", "eight"), t.pgettext("rank", "nine"), t.pgettext("rank", "ten"),
        t.pgettext("rank", "jack"), t.pgettext("rank", "queen"), t.pgettext("rank", "king"),
        t.pgettext("rank", "ace"),
    )  # fmt: skip
    plural = (
        # Translators: a rank in the plural ("two pair, kings and eights").
        t.pgettext("ranks", "twos"), t.pgettext("ranks", "threes"), t.pgettext("ranks", "fours"),
        t.pgettext("ranks", "fives"), t.pgettext("ranks", "sixes"), t.pgettext("ranks", "sevens"),
        t.pgettext("ranks", "eights"), t.pgettext("ranks", "nines"), t.pgettext("ranks", "tens"),
        t.pgettext("ranks", "jacks"), t.pgettext("ranks", "queens"), t.pgettext("ranks", "kings"),
        t.pgettext("ranks", "aces"),
    )  # fmt: skip
    of_plural = (
        # Translators: 'of' and a rank in the plural, as in "pair of kings"; French
        # elides: « de rois », « d'as ».
        t.pgettext("of ranks", "of twos"), t.pgettext("of ranks", "of threes"),
        t.pgettext("of ranks", "of fours"), t.pgettext("of ranks", "of fives"),
        t.pgettext("of ranks", "of sixes"), t.pgettext("of ranks", "of sevens"),
        t.pgettext("of ranks", "of eights"), t.pgettext("of ranks", "of nines"),
        t.pgettext("of ranks", "of tens"), t.pgettext("of ranks", "of jacks"),
        t.pgettext("of ranks", "of queens"), t.pgettext("of ranks", "of kings"),
        t.pgettext("of ranks", "of aces"),
    )  # fmt: skip
    high = (
        # Translators: the top card of a straight or a flush ("straight, king high");
        # French says « au roi », « à la dame », « à l'as ».
        t.pgettext("rank high", "two high"), t.pgettext("rank high", "three high"),
        t.pgettext("rank high", "four high"), t.pgettext("rank high", "five high"),
        t.pgettext("rank high", "six high"), t.pgettext("rank high", "seven high"),
        t.pgettext("rank high", "eight high"), t.pgettext("rank high", "nine high"),
        t.pgettext("rank high", "ten high"), t.pgettext("rank high", "jack high"),
        t.pgettext("rank high", "queen high"), t.pgettext("rank high", "king high"),
        t.pgettext("rank high", "ace high"),
    )  # fmt: skip
    # Translators: what separates the ranks of a list in a hand description
    # ("ace-king-nine"); French lists them with commas.
    separator = t.pgettext("rank list", "-")
    return RankWords(name, plural, of_plural, high, separator)


def category_name(category: Category, lang: str) -> str:
    """The name of a category in ``lang`` ("two pair", « double paire »)."""
    t = translations(lang)
    names = {
        C.HIGH_CARD: t.pgettext("category", "high card"),
        C.PAIR: t.pgettext("category", "pair"),
        C.TWO_PAIR: t.pgettext("category", "two pair"),
        C.TRIPS: t.pgettext("category", "three of a kind"),
        C.STRAIGHT: t.pgettext("category", "straight"),
        C.FLUSH: t.pgettext("category", "flush"),
        C.FULL_HOUSE: t.pgettext("category", "full house"),
        C.QUADS: t.pgettext("category", "four of a kind"),
        C.STRAIGHT_FLUSH: t.pgettext("category", "straight flush"),
        C.FIVE_OF_A_KIND: t.pgettext("category", "Poker (five of a kind)"),
    }
    return names[category]


def _kickers(t: NullTranslations, words: RankWords, ranks: Sequence[int]) -> str:
    listed = words.separator.join(words.name[r] for r in ranks)
    # Translators: {ranks} lists the kickers ("ace-ten-four"); French shows them bare.
    return t.npgettext("hand", "{ranks} kicker", "{ranks} kickers", len(ranks)).format(ranks=listed)


@cache
def _high_templates(lang: str, served: bool) -> tuple[dict[Category, str], str]:
    """The templates of the high hands in ``lang`` and that of the royal flush
    (their placeholders: see :func:`_describe_high`); read once per language."""
    t = translations(lang)
    # The templates are filled with: {plural} the rank of the group ("kings"),
    # {of_plural} the same with 'of' ("of kings"), {second} the second group's
    # rank in the plural, {high} the top card ("king high"), {ranks} the five
    # ranks, {others} the four under the top one, {kickers} (see "{ranks} kicker").
    if served:
        served_templates = {
            C.HIGH_CARD: t.pgettext("pat hand", "pat high card, {ranks}"),
            # Translators: may use {of_plural} instead of {plural} ("of kings").
            C.PAIR: t.pgettext("pat hand", "pat pair of {plural}, {kickers}"),
            C.TWO_PAIR: t.pgettext("pat hand", "pat two pair, {plural} and {second}, {kickers}"),
            # Translators: may use {of_plural} instead of {plural} ("of kings").
            C.TRIPS: t.pgettext("pat hand", "pat three of a kind, {plural}, {kickers}"),
            C.STRAIGHT: t.pgettext("pat hand", "pat straight, {high}"),
            # Translators: may use {others}, the four other ranks ("queen-nine-six-three").
            C.FLUSH: t.pgettext("pat hand", "pat flush, {high}"),
            C.FULL_HOUSE: t.pgettext("pat hand", "pat full house, {plural} full of {second}"),
            # Translators: may use {of_plural} instead of {plural} ("of kings").
            C.QUADS: t.pgettext("pat hand", "pat four of a kind, {plural}, {kickers}"),
            C.STRAIGHT_FLUSH: t.pgettext("pat hand", "pat straight flush, {high}"),
            # Translators: may use {of_plural} instead of {plural} ("of kings").
            C.FIVE_OF_A_KIND: t.pgettext("pat hand", "pat Poker (five of a kind), {plural}"),
        }
        return served_templates, t.pgettext("pat hand", "pat royal flush")
    templates = {
        C.HIGH_CARD: t.pgettext("hand", "high card, {ranks}"),
        # Translators: may use {of_plural} instead of {plural} ("of kings").
        C.PAIR: t.pgettext("hand", "pair of {plural}, {kickers}"),
        C.TWO_PAIR: t.pgettext("hand", "two pair, {plural} and {second}, {kickers}"),
        # Translators: may use {of_plural} instead of {plural} ("of kings").
        C.TRIPS: t.pgettext("hand", "three of a kind, {plural}, {kickers}"),
        C.STRAIGHT: t.pgettext("hand", "straight, {high}"),
        # Translators: may use {others}, the four other ranks ("queen-nine-six-three").
        C.FLUSH: t.pgettext("hand", "flush, {high}"),
        C.FULL_HOUSE: t.pgettext("hand", "full house, {plural} full of {second}"),
        # Translators: may use {of_plural} instead of {plural} ("of kings").
        C.QUADS: t.pgettext("hand", "four of a kind, {plural}, {kickers}"),
        C.STRAIGHT_FLUSH: t.pgettext("hand", "straight flush, {high}"),
        # Translators: may use {of_plural} instead of {plural} ("of kings").
        C.FIVE_OF_A_KIND: t.pgettext("hand", "Poker (five of a kind), {plural}"),
    }
    return templates, t.pgettext("hand", "royal flush")


_GROUP: Final = {C.PAIR: 2, C.TWO_PAIR: 4, C.TRIPS: 3, C.QUADS: 4}
"""Where the kickers start in the display order, by category."""


def _describe_high(
    lang: str, words: RankWords, category: Category, p: Sequence[int], served: bool
) -> str:
    templates, royal = _high_templates(lang, served)
    template = royal if category == C.STRAIGHT_FLUSH and p[0] == ACE else templates[category]
    kickers = _GROUP.get(category)
    return template.format(
        plural=words.plural[p[0]],
        of_plural=words.of_plural[p[0]],
        second=words.plural[p[3] if category == C.FULL_HOUSE else p[2]],
        high=words.high[p[0]],
        ranks=words.separator.join(words.name[r] for r in p),
        others=words.separator.join(words.name[r] for r in p[1:]),
        kickers=_kickers(translations(lang), words, p[kickers:]) if kickers else "",
    )


def _describe_low(t: NullTranslations, words: RankWords, p: Sequence[int], served: bool) -> str:
    first, second = words.name[p[0]], words.name[p[1]]
    if served:
        # Translators: a pat low without a pair, named by its two highest cards.
        return t.pgettext("pat hand", "pat {first}-{second} low").format(first=first, second=second)
    # Translators: a low without a pair, named by its two highest cards ("seven-five low").
    return t.pgettext("hand", "{first}-{second} low").format(first=first, second=second)


def _describe_wheel(t: NullTranslations, served: bool) -> str:
    if served:
        return t.pgettext("pat hand, the wheel 5-4-3-2-A", "pat five-four low")
    # Translators: the best ace-to-five low, 5-4-3-2-A (French: « roue »).
    return t.pgettext("hand, the wheel 5-4-3-2-A", "five-four low")


def _describe_badugi(t: NullTranslations, words: RankWords, p: Sequence[int], served: bool) -> str:
    ranks = words.separator.join(words.name[r] for r in p)
    size = len(p)
    if served:
        pat = (
            t.pgettext("pat hand", "pat one-card badugi, {ranks}"),
            t.pgettext("pat hand", "pat two-card badugi, {ranks}"),
            t.pgettext("pat hand", "pat three-card badugi, {ranks}"),
            t.pgettext("pat hand", "pat four-card badugi, {ranks}"),
        )
        return pat[size - 1].format(ranks=ranks)
    templates = (
        t.pgettext("hand", "one-card badugi, {ranks}"),
        t.pgettext("hand", "two-card badugi, {ranks}"),
        t.pgettext("hand", "three-card badugi, {ranks}"),
        t.pgettext("hand", "four-card badugi, {ranks}"),
    )
    return templates[size - 1].format(ranks=ranks)


def describe_parts(parts: Parts, lang: str, served: bool = False) -> str:
    """The description of ``parts`` in ``lang``; ``served`` for a hand kept as
    dealt ("pat", « servi »).

    >>> describe_parts(Parts("high", Category.PAIR, (12, 12, 8, 4, 2)), "fr")
    "paire d'as, dix, six, quatre"
    >>> describe_parts(Parts("high", Category.STRAIGHT, (10, 9, 8, 7, 6)), "fr")
    'quinte à la dame'
    >>> describe_parts(Parts("low", Category.HIGH_CARD, (5, 3, 2, 1, 12)), "fr")
    'low sept-cinq'
    """
    t = translations(lang)
    words = rank_words(lang)
    ranks = parts.ranks
    if parts.kind == "nolow":
        # Translators: eight-or-better: no five different ranks of eight or lower.
        return t.pgettext("hand", "no qualifying low (needs five different ranks 8 or lower)")
    if parts.kind == "badugi":
        return _describe_badugi(t, words, ranks, served)
    if parts.kind in ("low", "27") and parts.category == C.HIGH_CARD:
        if parts.kind == "low" and tuple(ranks) == _WHEEL_LOW:
            return _describe_wheel(t, served)
        return _describe_low(t, words, ranks, served)
    assert parts.category is not None
    return _describe_high(lang, words, parts.category, ranks, served)
