"""The scalar evaluators: :func:`evaluate` and the Omaha, eight-or-better and split helpers.

Games (RULES.md sections 1-3): ``"high"`` (options ``wheel``, ``ranking``,
``deck``, ``jokers``), ``"shortdeck"``, ``"a5"``, ``"27"``, ``"low8"`` and
``"badugi"``. See ``docs/hands.md`` for the choices made where the rule book is
silent.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Final, Protocol

from pokerbonus.cards import (
    DECK_SIZES,
    RANKS,
    Card,
    CardsLike,
    lowest_rank,
    parse_cards,
)
from pokerbonus.errors import InvalidHandError
from pokerbonus.hands import high as _high
from pokerbonus.hands.describe import Parts, describe_parts
from pokerbonus.hands.high import (
    ARCHAIC_ORDER,
    FIVE_RANKS,
    FLUSH_TABLE,
    HIGH_DENSE,
    KEY_LIMIT,
    RANK_KEYS,
    SEVEN_RANKS,
    SIX_RANKS,
    HighRules,
    best_high,
    build_tables,
    display_order,
)
from pokerbonus.hands.low import (
    a5_display,
    badugi_best,
    badugi_rank,
    best_27,
    best_a5,
    deuce_display,
    low_rank,
)
from pokerbonus.hands.value import DefaultHighValue, Explanation, HandValue, make_value
from pokerbonus.i18n import gettext

__all__ = [
    "GAMES",
    "evaluate",
    "evaluate_hilo",
    "evaluate_low8",
    "evaluate_omaha",
    "evaluate_omaha_hilo",
    "explain",
]

GAMES: Final = ("high", "shortdeck", "a5", "27", "low8", "badugi")
_HIGH_OPTIONS: Final = ("deck", "jokers", "ranking", "wheel")


@dataclass(frozen=True, slots=True)
class _Spec:
    """A resolved game: its kind, canonical key and, for high games, the rules."""

    kind: str
    key: str
    rules: HighRules | None = None


# ---------------------------------------------------------------------------
# Game keys and options


def _bool_option(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("on", "true", "yes"):
        return True
    if value in ("off", "false", "no"):
        return False
    message = gettext("invalid value for option {name!r}: {value!r} (expected True or False)")
    raise InvalidHandError(message.format(name=name, value=value))


def _resolve(game: str, options: dict[str, object]) -> _Spec:
    if not isinstance(game, str):
        message = gettext("invalid game: {game!r} (expected one of {games})")
        raise InvalidHandError(message.format(game=game, games=", ".join(GAMES)))
    name, *parts = game.split(":")
    given: dict[str, object] = {}
    for part in parts:
        option, sep, text = part.partition("=")
        if option in given:
            message = gettext("option {option!r} given twice in game {game!r}")
            raise InvalidHandError(message.format(option=option, game=game))
        given[option] = text if sep else True
    for option, value in options.items():
        if option in given:
            message = gettext("option {option!r} given twice (in {game!r} and as argument)")
            raise InvalidHandError(message.format(option=option, game=game))
        given[option] = value
    if name not in GAMES:
        message = gettext("unknown game: {game!r} (expected one of {games})")
        raise InvalidHandError(message.format(game=name, games=", ".join(GAMES)))
    allowed = _HIGH_OPTIONS if name == "high" else ()
    for option in given:
        if option not in allowed:
            if allowed:
                message = gettext(
                    "unknown option {option!r} for game {game!r} (options: {options})"
                )
            else:
                message = gettext("unknown option {option!r} for game {game!r} (options: none)")
            raise InvalidHandError(
                message.format(option=option, game=name, options=", ".join(allowed))
            )
    if name == "shortdeck":
        return _Spec("shortdeck", "shortdeck", _high.SHORTDECK_RULES)
    if name != "high":
        return _Spec(name, name)
    wheel = _bool_option("wheel", given.get("wheel", True))
    jokers = _bool_option("jokers", given.get("jokers", False))
    ranking = given.get("ranking", "modern")
    if ranking not in ("modern", "archaic"):
        message = gettext(
            "invalid value for option 'ranking': {ranking!r} (expected 'modern' or 'archaic')"
        )
        raise InvalidHandError(message.format(ranking=ranking))
    deck_value = given.get("deck", 52)
    try:
        deck = int(deck_value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        deck = -1
    if isinstance(deck_value, bool) or deck not in DECK_SIZES:
        message = gettext("invalid value for option 'deck': {deck!r} (expected one of {sizes})")
        raise InvalidHandError(message.format(deck=deck_value, sizes=DECK_SIZES))
    key = "high"
    if deck != 52:
        key += f":deck={deck}"
    if jokers:
        key += ":jokers"
    if ranking != "modern":
        key += f":ranking={ranking}"
    if not wheel:
        key += ":wheel=off"
    order = ARCHAIC_ORDER if ranking == "archaic" else _high.MODERN_ORDER
    return _Spec("high", key, HighRules(lowest_rank(deck), wheel, order, jokers))


@lru_cache(maxsize=256)
def _resolve_cached(game: str, options: tuple[tuple[str, object], ...]) -> _Spec:
    return _resolve(game, dict(options))


def _spec(game: str, options: dict[str, object]) -> _Spec:
    try:
        return _resolve_cached(game, tuple(sorted(options.items())))
    except TypeError:  # an unhashable option value: resolve without the cache
        return _resolve(game, options)


# ---------------------------------------------------------------------------
# The fast path of the default game
#
# Each card (jokers excepted) maps to an int of bit fields: its rank's key
# (RANK_KEYS, summing to a unique number per rank multiset of one size), suit
# counts (4 bits per suit, started at 3 so that a fifth card of a suit sets the
# field's top bit) and a 3-bit presence field per card (a repeated card sets
# one of its upper bits). One sum per hand, masked, is then the index of the
# non-flush table; a flush or a repeated card shows as a bit above KEY_LIMIT,
# and a joker or an unknown item is missing from the card tables.

_SUITS_AT: Final = 23
_PRESENT_AT: Final = _SUITS_AT + 16
_START: Final = sum(3 << (_SUITS_AT + 4 * s) for s in range(4))
_FLUSH_BITS: Final = sum(8 << (_SUITS_AT + 4 * s) for s in range(4))
_REPEAT_BITS: Final = sum(6 << (_PRESENT_AT + 3 * i) for i in range(52))
_KEY_MASK: Final = (KEY_LIMIT - 1) | _FLUSH_BITS | _REPEAT_BITS


def _card_bits(index: int) -> int:
    return (
        RANK_KEYS[index >> 2]
        + (1 << (_SUITS_AT + 4 * (index & 3)))
        + (1 << (_PRESENT_AT + 3 * index))
    )


# flush bit of a suit -> {card: its rank bit if it is of that suit, else 0}
_FLUSH_SUIT: Final[dict[int, dict[object, int]]] = {
    8 << (_SUITS_AT + 4 * s): {Card(i): (1 << (i >> 2)) if i & 3 == s else 0 for i in range(52)}
    for s in range(4)
}
_BITS: Final[dict[object, int]] = {Card(i): _card_bits(i) for i in range(52)}
_BITS_START: Final[dict[object, int]] = {card: bits + _START for card, bits in _BITS.items()}
_PAIRS: Final[dict[object, dict[object, int]]] = {
    a: {b: va + vb for b, vb in _BITS.items()} for a, va in _BITS.items()
}


def _flush_rank(key: int, cards: Sequence[object]) -> int | None:
    """The rank of 5 to 7 cards whose masked sum ``key`` is past the non-flush
    table: the best flush, or ``None`` for a repeated card (or tables not built)."""
    if key & _REPEAT_BITS:
        return None
    # With seven cards or fewer, nothing off the flush suit beats the flush.
    suit = _FLUSH_SUIT[key & _FLUSH_BITS]
    mask = 0
    for card in cards:
        mask |= suit[card]
    return FLUSH_TABLE.get(mask)


def _fast_default(cards: tuple[object, ...]) -> int | None:
    """The shared rank of 5 to 7 distinct cards in the default game, or ``None``
    when the fast path does not apply (jokers, repeats, unknown items, other sizes,
    tables not built yet)."""
    pairs, bits = _PAIRS, _BITS_START
    try:
        n = len(cards)
        if n == 7:
            a, b, c, d, e, f, g = cards
            key = (pairs[a][b] + pairs[c][d] + pairs[e][f] + bits[g]) & _KEY_MASK
            if key < KEY_LIMIT:
                return SEVEN_RANKS[key]
        elif n == 5:
            a, b, c, d, e = cards
            key = (pairs[a][b] + pairs[c][d] + bits[e]) & _KEY_MASK
            if key < KEY_LIMIT:
                return FIVE_RANKS[key]
        elif n == 6:
            a, b, c, d, e, f = cards
            key = (pairs[a][b] + pairs[c][d] + pairs[e][f] + _START) & _KEY_MASK
            if key < KEY_LIMIT:
                return SIX_RANKS[key]
        else:
            return None
    except (KeyError, IndexError, TypeError):
        return None
    return _flush_rank(key, cards)


# ---------------------------------------------------------------------------
# evaluate


class _Evaluate(Protocol):
    def __call__(self, cards: CardsLike, game: str = "high", **options: object) -> HandValue: ...


def _make_evaluate() -> _Evaluate:
    # The tables and helpers of the hot path are bound as closure cells: reading
    # a cell is cheaper than reading a module global, once per name and hand.
    pairs, start, key_mask, limit = _PAIRS, _BITS_START, _KEY_MASK, KEY_LIMIT
    five_ranks, seven_ranks = FIVE_RANKS, SEVEN_RANKS
    flush_rank, fallback = _flush_rank, _fast_default
    default_value = DefaultHighValue

    def evaluate(cards: CardsLike, game: str = "high", **options: object) -> HandValue:
        """Evaluate a hand: the best five cards the game allows (any five of N).

        ``cards`` is anything :func:`pokerbonus.cards.parse_cards` accepts. Games:
        ``"high"`` (options ``wheel=True``, ``ranking="modern"`` or ``"archaic"``,
        ``deck=52`` (32 to 52), ``jokers=False``; a hand holding a joker is rated
        with ``jokers=True``), ``"shortdeck"``, ``"a5"``, ``"27"``, ``"low8"`` (rank
        0 without a qualifying low; see :func:`evaluate_low8`) and ``"badugi"``
        (exactly four cards). Options may also be written in the game key:
        ``evaluate(cards, "high:wheel=off")``.

        >>> evaluate("As Ks Qs Js Ts 2c 2d").description
        'royal flush'
        >>> evaluate("Ah 2c 3d 4s 5h").description
        'straight, five high'
        >>> evaluate("Ah 2c 3d 4s 5h", wheel=False).description
        'high card, ace-five-four-three-two'
        >>> evaluate("7h 5c 4d 3s 2h", "a5").description
        'seven-five low'
        """
        if type(cards) is tuple and game == "high" and not options:
            # The hot path: a tuple of five to seven cards in the default game. One
            # sum of per-card bit fields, one table read; flushes and repeated cards
            # show above KEY_LIMIT, jokers and unknown items miss the card tables.
            n = len(cards)
            if n == 7:
                a, b, c, d, e, f, g = cards
                try:
                    key = (pairs[a][b] + pairs[c][d] + pairs[e][f] + start[g]) & key_mask
                    rank = seven_ranks[key] if key < limit else flush_rank(key, cards)
                except (KeyError, IndexError, TypeError):
                    rank = None
            elif n == 5:
                a, b, c, d, e = cards
                try:
                    key = (pairs[a][b] + pairs[c][d] + start[e]) & key_mask
                    rank = five_ranks[key] if key < limit else flush_rank(key, cards)
                except (KeyError, IndexError, TypeError):
                    rank = None
            else:
                rank = fallback(cards)
            if rank:
                value = default_value()
                value._rank = rank
                value._src = cards
                return value
        elif type(cards) is list and game == "high" and not options:
            return evaluate(tuple(cards))
        return _evaluate(parse_hand(cards), _spec(game, options))

    return evaluate


evaluate: Final = _make_evaluate()


def parse_hand(cards: CardsLike) -> tuple[Card, ...]:
    """Parse cards for evaluation: unknown cards raise InvalidCardError, repeated
    cards InvalidHandError."""
    parsed = parse_cards(cards, allow_duplicates=True)
    if len(set(parsed)) != len(parsed):
        seen: set[Card] = set()
        for card in parsed:
            if card in seen and not card.is_joker:
                message = gettext("duplicate card: {card!r} appears twice in the hand")
                raise InvalidHandError(message.format(card=str(card)))
            if card in seen:
                message = gettext("duplicate card: the same joker appears twice in the hand")
                raise InvalidHandError(message)
            seen.add(card)
    return parsed


def _need(cards: Sequence[Card], count: int, game: str, exactly: bool = False) -> None:
    n = len(cards)
    if n < count or (exactly and n != count):
        if exactly:
            message = gettext("{game!r} needs exactly {count} cards, got {n}: {cards!r}")
        else:
            message = gettext("{game!r} needs at least {count} cards, got {n}: {cards!r}")
        raise InvalidHandError(message.format(game=game, count=count, n=n, cards=_text(cards)))


def _text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _no_jokers(cards: Sequence[Card], game: str) -> None:
    if any(c.is_joker for c in cards):
        message = gettext("jokers only play in high games, not in {game!r}: {cards!r}")
        raise InvalidHandError(message.format(game=game, cards=_text(cards)))


def _in_deck(cards: Sequence[Card], low: int, deck: int, game: str) -> None:
    for card in cards:
        if not card.is_joker and card.rank < low:
            message = gettext(
                "card {card!r} is not in the {deck}-card deck of {game!r} (lowest rank {lowest})"
            )
            raise InvalidHandError(
                message.format(card=str(card), deck=deck, game=game, lowest=RANKS[low])
            )


_SHORTDECK_DENSE: dict[int, int] = {}


def _shortdeck_rank(key: int, rules: HighRules) -> int:
    if not _SHORTDECK_DENSE:  # the keys of the install's file (or the cache's) in order
        assert rules == _high.SHORTDECK_RULES, rules
        keys = _high.shortdeck_class_keys()
        _SHORTDECK_DENSE.update((key, rank) for rank, key in enumerate(keys, start=1))
    return _SHORTDECK_DENSE[key]


def _evaluate(cards: tuple[Card, ...], spec: _Spec) -> HandValue:
    kind = spec.kind
    if kind in ("high", "shortdeck"):
        rules = spec.rules
        assert rules is not None
        _need(cards, 5, spec.key)
        _in_deck(cards, rules.low, 52 - 4 * rules.low, spec.key)
        if kind == "shortdeck":
            _no_jokers(cards, spec.key)
            key = best_high(cards, rules)[0]
            return make_value(spec.key, _shortdeck_rank(key, rules), cards)
        if any(c.is_joker for c in cards) and not rules.jokers:
            return _evaluate(cards, _spec(spec.key, {"jokers": True}))
        if spec.key == "high":
            build_tables()
            if len(cards) <= 7:
                rank = _fast_default(cards)
                assert rank is not None, cards
            else:
                rank = HIGH_DENSE[best_high(cards, rules)[0]]
            return make_value("high", rank, cards)
        return make_value(spec.key, best_high(cards, rules)[0], cards)
    _no_jokers(cards, kind)
    if kind == "badugi":
        _need(cards, 4, kind, exactly=True)
        return make_value(kind, badugi_rank(badugi_best(cards)[0]), cards)
    _need(cards, 5, kind)
    if kind == "a5":
        return make_value(kind, best_a5(cards)[0], cards)
    if kind == "27":
        return make_value(kind, best_27(cards)[0], cards)
    rank, five = best_a5(cards)
    if not _qualifies(five):
        rank = 0
    return make_value(kind, rank, cards)


def _qualifies(five: Sequence[int]) -> bool:
    ranks = {low_rank(c >> 2) for c in five}
    return len(ranks) == 5 and max(ranks) <= 7


# ---------------------------------------------------------------------------
# Explanations (category, cards played, description), computed on demand


@lru_cache(maxsize=4096)
def explain(game: str, rank: int, src: tuple[Card | int | str, ...]) -> Explanation:
    """What the value ``rank`` of ``src`` in ``game`` is made of (used by HandValue)."""
    parts, cards = _parts(game, rank, src)
    return Explanation(parts.category, cards, describe_parts(parts, "en"))


@lru_cache(maxsize=4096)
def describe(
    game: str, rank: int, src: tuple[Card | int | str, ...], lang: str, served: bool = False
) -> str:
    """The description of the value ``rank`` of ``src`` in ``lang`` (used by HandValue)."""
    return describe_parts(_parts(game, rank, src)[0], lang, served)


def _parts(
    game: str, rank: int, src: tuple[Card | int | str, ...]
) -> tuple[Parts, tuple[Card, ...]]:
    """What a description says of a value, and the cards played in display order."""
    spec = _spec(game, {})
    cards = tuple(Card(c) for c in src)
    if spec.kind in ("high", "shortdeck"):
        assert spec.rules is not None
        _, category, five, played = best_high(cards, spec.rules)
        order = display_order(five, category, played)
        return (
            Parts("high", category, tuple(played[i] for i in order)),
            tuple(Card(five[i]) for i in order),
        )
    if spec.kind == "badugi":
        used = badugi_best(cards)[1]
        return Parts("badugi", None, tuple(c >> 2 for c in used)), tuple(Card(c) for c in used)
    if spec.kind == "27":
        category, shown, ranks = deuce_display(best_27(cards)[1])
        return Parts("27", category, tuple(ranks)), tuple(Card(c) for c in shown)
    five = best_a5(cards)[1]
    if spec.kind == "low8" and rank == 0:
        return Parts("nolow", None, ()), ()
    category, ordered = a5_display(five)
    return Parts("low", category, tuple(c >> 2 for c in ordered)), tuple(Card(c) for c in ordered)


# ---------------------------------------------------------------------------
# Eight-or-better, Omaha and split pots


def evaluate_low8(cards: CardsLike) -> HandValue | None:
    """The best eight-or-better low of ``cards`` (five or more), or ``None`` when
    no five different ranks of eight or lower (ace low) can be made.

    >>> evaluate_low8("Ah 2c 3d 8s 6h 9c Kd").description
    'eight-six low'
    >>> evaluate_low8("Ah 2c 3d 9s Th Jc Kd") is None
    True
    """
    value = evaluate(cards, "low8")
    return value if value.rank else None


def _best_default_omaha(
    hole: tuple[Card, ...], board: tuple[Card, ...]
) -> tuple[int, tuple[Card, ...]] | None:
    """The default game's best two-plus-three, ranked by the table path alone (the
    same first best as :func:`evaluate_omaha`'s loop, without a value per choice),
    or ``None`` when a joker needs the joker rules."""
    build_tables()
    best_rank, best_five = -1, hole
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = two + three
            rank = _fast_default(five)
            if rank is None:
                return None
            if rank > best_rank:
                best_rank, best_five = rank, five
    return best_rank, best_five


def evaluate_omaha(
    hole: CardsLike, board: CardsLike, game: str = "high", **options: object
) -> HandValue:
    """The best hand using exactly two hole cards and three board cards
    (Omaha, Aviation, Courchevel). For ``"low8"`` the rank is 0 without a low.

    >>> evaluate_omaha("As Ks Qd Jd", "Ts 9s 2s 3c 4h").description
    'flush, ace high'
    >>> evaluate_omaha("As Kd Qd Jc", "2s 5s 8s Ts 3c").description  # one spade in hand
    'high card, ace-king-ten-eight-five'
    """
    hole_cards = parse_hand(hole)
    board_cards = parse_hand(board)
    everything = parse_hand(hole_cards + board_cards)
    if len(hole_cards) < 2 or len(board_cards) < 3:
        message = gettext(
            "an Omaha-style hand needs at least two hole cards and three board cards, "
            "got {hole!r} and {board!r}"
        )
        raise InvalidHandError(message.format(hole=_text(hole_cards), board=_text(board_cards)))
    spec = _spec(game, options)
    if spec.kind == "badugi":
        raise InvalidHandError(gettext("badugi is not played with a board"))
    if spec.key == "high":
        fast = _best_default_omaha(hole_cards, board_cards)
        if fast is not None:
            return make_value("high", *fast)
    # every choice is five cards: ranked by the five-card tables of the game (the
    # general evaluator for jokers), the first best one becomes the value
    from pokerbonus.hands.five import five_card_ranker

    rank = five_card_ranker(spec.key)
    best_rank, best_five = -1, hole_cards
    for two in combinations(hole_cards, 2):
        for three in combinations(board_cards, 3):
            five = two + three
            value = rank(five)
            if value > best_rank:
                best_rank, best_five = value, five
    assert best_rank >= 0, everything
    return make_value(spec.key, best_rank, best_five)


def evaluate_hilo(
    cards: CardsLike, game: str = "high", **options: object
) -> tuple[HandValue, HandValue | None]:
    """High value and eight-or-better low (or ``None``) of a hold'em or stud hand.

    >>> high, low = evaluate_hilo("Ah 2c 3d 4s 5h Kd Kc")
    >>> high.description, low.description if low else None
    ('straight, five high', 'five-four low')
    """
    parsed = parse_hand(cards)
    return evaluate(parsed, game, **options), evaluate_low8(parsed)


def evaluate_omaha_hilo(
    hole: CardsLike, board: CardsLike, game: str = "high", **options: object
) -> tuple[HandValue, HandValue | None]:
    """High value and eight-or-better low (or ``None``) of an Omaha-style hand,
    each using exactly two hole cards and three board cards (chosen separately)."""
    high = evaluate_omaha(hole, board, game, **options)
    low = evaluate_omaha(hole, board, "low8")
    return high, (low if low.rank else None)
