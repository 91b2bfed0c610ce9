"""Cards, their notation and decks (RULES.md section 1).

A card is a small int with a public index convention::

    index = 4 * rank + suit

ranks ``2 3 4 5 6 7 8 9 T J Q K A`` are ``0..12`` and suits ``c d h s`` are
``0..3``, so ``2c`` is 0 and ``As`` is 51. The two jokers are 52 and 53.

>>> Card("As"), int(Card("As")), Card(0)
(Card('As'), 51, Card('2c'))
>>> parse_cards("As kd Q♥ Jk")
(Card('As'), Card('Kd'), Card('Qh'), Card('Jk'))
>>> format_cards(parse_cards("AsKd"))
'As Kd'
>>> len(make_deck(32)), make_deck(32)[0]
(32, Card('7c'))
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from typing import Final, SupportsIndex

from pokerbonus.errors import InvalidCardError
from pokerbonus.i18n import check_language, gettext

__all__ = [
    "DECK_SIZES",
    "FRENCH_RANKS",
    "JOKERS",
    "RANKS",
    "SUITS",
    "Card",
    "CardsLike",
    "card_text",
    "default_deck_size",
    "format_cards",
    "lowest_rank",
    "make_deck",
    "parse_card",
    "parse_cards",
]

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS: Final = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS: Final = "♣♦♥♠"
FRENCH_RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A")
"""The rank letters of French texts: V valet, D dame, R roi (``RDV109``)."""
JOKER_TEXT: Final = "Jk"
FIRST_JOKER: Final = 52
JOKERS: Final = (52, 53)
DECK_SIZES: Final = (32, 36, 40, 44, 48, 52)

_SUIT_OF_CHAR: Final = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s.upper(): i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
    **{s: i for i, s in enumerate("♧♢♡♤")},
}
_RANK_OF_CHAR: Final = {
    **{r: i for i, r in enumerate(RANKS)},
    **{r.lower(): i for i, r in enumerate(RANKS)},
    # the French letters, as the French screens show them (``D♥``): valet, dame, roi
    **{r: RANKS.index(e) for r, e in (("V", "J"), ("D", "Q"), ("R", "K"))},
    **{r.lower(): RANKS.index(e) for r, e in (("V", "J"), ("D", "Q"), ("R", "K"))},
}


class Card(int):
    """One playing card or joker, an ``int`` in ``0..53`` (see the module doc).

    ``Card`` accepts an index (an ``int`` or a numpy integer) or a token; instances
    are interned, immutable and usable anywhere an int index is (array indexing,
    numpy arrays).

    >>> Card("as").rank, Card("as").suit, Card("Jk").is_joker
    (12, 3, True)
    """

    __slots__ = ()

    def __new__(cls, value: SupportsIndex | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, Card):
            return value
        if not isinstance(value, int) and not isinstance(value, bool):
            try:  # numpy integer scalars and other integer types
                value = operator.index(value)
            except TypeError:
                message = gettext("invalid card index: {value!r} (expected 0..53)")
                raise InvalidCardError(message.format(value=value)) from None
        if isinstance(value, bool) or not 0 <= value <= 53:
            message = gettext("invalid card index: {value!r} (expected 0..53)")
            raise InvalidCardError(message.format(value=value))
        return _CARDS[value]

    @property
    def rank(self) -> int:
        """Rank ``0..12`` for ``2..A``; -1 for a joker."""
        return -1 if self >= FIRST_JOKER else self >> 2

    @property
    def suit(self) -> int:
        """Suit ``0..3`` for clubs, diamonds, hearts, spades; -1 for a joker."""
        return -1 if self >= FIRST_JOKER else self & 3

    @property
    def is_joker(self) -> bool:
        """Whether this card is one of the two jokers."""
        return self >= FIRST_JOKER

    @property
    def index(self) -> int:
        """The plain int index of the card."""
        return int(self)

    def unicode(self) -> str:
        """The card with a Unicode suit symbol, e.g. ``A♠``."""
        if self >= FIRST_JOKER:
            return JOKER_TEXT
        return RANKS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


def _new_card(index: int) -> Card:
    return int.__new__(Card, index)


_CARDS: Final = tuple(_new_card(i) for i in range(54))
_TEXT: Final = tuple([RANKS[i >> 2] + SUITS[i & 3] for i in range(52)] + [JOKER_TEXT, JOKER_TEXT])

CardsLike = str | Iterable[Card | int | str]
"""Anything :func:`parse_cards` accepts: a text or an iterable of cards, ints or tokens."""


def parse_card(token: str, *, joker: int = FIRST_JOKER) -> Card:
    """Parse one card token: ``As``, ``as``, ``AS``, ``A♠``, ``10s`` or ``Jk``; the
    French letters too (``Rs``, ``Dh``, ``Vd``, ``10c``, ``D♥``: roi, dame, valet),
    so that every card a French screen shows can be typed as shown. The suit is a
    letter of ``c d h s`` or a symbol (the French ``c`` of cœur would clash with clubs).

    ``joker`` chooses which joker index ``Jk`` means (52 or 53).

    >>> parse_card("T♦"), parse_card("Dh"), parse_card("10♥")
    (Card('Td'), Card('Qh'), Card('Th'))
    >>> parse_card("Xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pokerbonus.errors.InvalidCardError: invalid card: 'Xx' (expected rank 2-9 T J Q K A ...
    """
    text = token.strip()
    if text.lower() in ("jk", "joker", "jo", "*"):
        return _CARDS[joker]
    if len(text) == 3 and text[:2] == "10":
        text = "T" + text[2]
    if len(text) == 2:
        rank = _RANK_OF_CHAR.get(text[0])
        suit = _SUIT_OF_CHAR.get(text[1])
        if rank is not None and suit is not None:
            return _CARDS[4 * rank + suit]
    message = gettext("invalid card: {token!r} (expected rank 2-9 T J Q K A and suit c d h s)")
    raise InvalidCardError(message.format(token=token))


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards from a text (``"As Kd Qh"``, ``"AsKdQh"``, ``"A♠,K♦"``) or an iterable.

    Successive ``Jk`` tokens become the first, then the second joker. A repeated
    card raises :class:`InvalidCardError` unless ``allow_duplicates`` is true.

    >>> parse_cards("AhKh")
    (Card('Ah'), Card('Kh'))
    >>> parse_cards("Ah Ah")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.InvalidCardError: duplicate card: 'Ah'
    """
    result: list[Card] = []
    jokers = 0
    items: Iterable[Card | int | str]
    items = _tokens(cards) if isinstance(cards, str) else cards
    for item in items:
        if isinstance(item, str):
            card = parse_card(item, joker=min(FIRST_JOKER + jokers, 53))
            if card.is_joker:
                jokers += 1
        else:
            card = Card(item)
        result.append(card)
    if not allow_duplicates and len(set(result)) != len(result):
        seen: set[int] = set()
        for card in result:
            if card in seen:
                raise InvalidCardError(gettext("duplicate card: {card!r}").format(card=str(card)))
            seen.add(card)
    return tuple(result)


def _tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for word in re.split(r"[\s,;]+", text.strip()):
        if not word:
            continue
        pos = 0
        while pos < len(word):
            if word[pos : pos + 2] == "10" and pos + 2 < len(word):
                tokens.append(word[pos : pos + 3])
                pos += 3
            else:
                tokens.append(word[pos : pos + 2])
                pos += 2
    return tokens


def format_cards(
    cards: Iterable[int], *, unicode: bool = False, sep: str = " ", lang: str = "en"
) -> str:
    """Format cards as text, ASCII by default (``As Kd``) or with Unicode suits;
    ``lang="fr"`` writes the French letters (see :func:`card_text`).

    >>> format_cards(parse_cards("Ks Qh Jd Tc"), lang="fr")
    'R♠ D♥ V♦ 10♣'
    """
    if lang != "en":
        return sep.join(card_text(c, lang) for c in cards)
    return sep.join(Card(c).unicode() if unicode else _TEXT[Card(c)] for c in cards)


def card_text(card: int, lang: str = "en", *, unicode: bool = True) -> str:
    """One card as a person reads it in ``lang``: ``K♠`` (or ``Ks``) in English;
    in French the letters of French texts with the suit symbol (``R♠``, ``D♥``,
    ``V♦``, ``10♣``), jokers ``Jk``; :func:`parse_card` reads each back as shown.

    >>> card_text(Card("Qh"), "fr"), card_text(Card("Qh")), card_text(Card("Qh"), unicode=False)
    ('D♥', 'Q♥', 'Qh')
    """
    if check_language(lang) == "en":
        return Card(card).unicode() if unicode else _TEXT[Card(card)]
    if card >= FIRST_JOKER:
        return JOKER_TEXT
    return FRENCH_RANKS[card >> 2] + SUIT_SYMBOLS[card & 3]


def lowest_rank(deck_size: int) -> int:
    """The lowest rank index kept by a deck of ``deck_size`` cards (0 for 52, 5 for 32).

    >>> RANKS[lowest_rank(32)], RANKS[lowest_rank(36)]
    ('7', '6')
    """
    if deck_size not in DECK_SIZES:
        message = gettext("invalid deck size: {size!r} (expected one of {sizes})")
        sizes = ", ".join(str(size) for size in DECK_SIZES)
        raise InvalidCardError(message.format(size=deck_size, sizes=sizes))
    return (52 - deck_size) // 4


def make_deck(size: int = 52, jokers: int = 0) -> tuple[Card, ...]:
    """The cards of a deck of ``size`` cards (its highest ranks) plus 0-2 jokers, in index order."""
    if jokers not in (0, 1, 2):
        message = gettext("invalid number of jokers: {jokers!r} (expected 0, 1 or 2)")
        raise InvalidCardError(message.format(jokers=jokers))
    start = 4 * lowest_rank(size)
    return _CARDS[start:52] + _CARDS[52 : 52 + jokers]


def default_deck_size(players: int) -> int:
    """Default deck size for a French draw table by the number of seated players.

    Up to 4 players 32 cards, 5 players 40, 6 players 44, 7 players 48, 8 players 52.

    >>> [default_deck_size(n) for n in range(2, 9)]
    [32, 32, 32, 40, 44, 48, 52]
    """
    if not 2 <= players <= 10:
        message = gettext("invalid number of players: {players!r} (expected 2..10)")
        raise InvalidCardError(message.format(players=players))
    return {5: 40, 6: 44, 7: 48}.get(players, 32 if players <= 4 else 52)


def cards_of_rank(rank: int) -> Sequence[Card]:
    """The four cards of one rank, clubs to spades."""
    return _CARDS[4 * rank : 4 * rank + 4]
