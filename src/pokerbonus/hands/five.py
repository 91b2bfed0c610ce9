"""Integer ranks of exactly five cards in any game: the fast path of draw showdowns.

:func:`five_card_ranker` returns a function that gives, for five cards, the same
integer as ``evaluate(cards, game, **options).rank``, with one sum and one table
read instead of the general evaluator (which tries every way to read the hand:
the deuce-to-seven low takes about 100 us a hand that way). The hand engine uses
it at the showdown of the draw games (five-card draw on any deck, deuce-to-seven,
ace-to-five, the eight-or-better low), as hold'em uses the seven-card table.

The sum is the one of :func:`pokerbonus.hands.evaluate`'s own fast path: per
card a rank key (:data:`~pokerbonus.hands.high.RANK_KEYS`), suit counters and a
presence field, so that five cards of one suit set a flush bit and a repeated
card a repeat bit. Five cards have one value per rank multiset without a flush
(6,175 of them in 52 cards) and one per set of five ranks in one suit (1,287):
a game's two tables are built at the first use of its key in a process, each
entry from the general evaluator on one hand of that kind (0.1 to 0.6 s; the
default game reads the tables it already has). Anything else (another number of
cards, a joker, a repeated card, a card outside the deck, an unknown item) is
passed to the general evaluator, which rates it or raises its usual error.

>>> from pokerbonus.cards import parse_cards
>>> rank = five_card_ranker("27")
>>> rank(parse_cards("7h 5c 4d 3s 2h")), rank(parse_cards("7h 5h 4h 3h 2h"))  # a flush hurts
(7462, 1599)
>>> rank(parse_cards("7h 5c 4d 3s 2h")) == evaluate("7h 5c 4d 3s 2h", "27").rank
True
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Final

from pokerbonus.cards import Card
from pokerbonus.hands.evaluation import (
    _BITS_START,
    _KEY_MASK,
    _PAIRS,
    _REPEAT_BITS,
    _spec,
    evaluate,
)
from pokerbonus.hands.high import (
    FIVE_RANKS,
    FLUSH_TABLE,
    KEY_LIMIT,
    RANK_KEYS,
    build_tables,
    rank_multisets,
    representative,
)

__all__ = ["FiveCardRanker", "five_card_ranker"]

FiveCardRanker = Callable[[Sequence[Card | int]], int]
"""A function from five cards to their integer rank in one game (greater is stronger)."""

_RANKERS: dict[str, FiveCardRanker] = {}
_LOCK: Final = threading.Lock()


def five_card_ranker(game: str = "high", **options: object) -> FiveCardRanker:
    """The fast integer rank of five cards in ``game`` with ``options`` (those of
    :func:`pokerbonus.hands.evaluate`, which raises the same errors for them).

    The function equals ``lambda cards: evaluate(cards, game, **options).rank``
    for every input; it is built once per game key and process.
    """
    key = _spec(game, options).key
    ranker = _RANKERS.get(key)
    if ranker is None:
        with _LOCK:
            ranker = _RANKERS.get(key)
            if ranker is None:
                ranker = _RANKERS[key] = _make(key, *_tables(key))
    return ranker


def _tables(key: str) -> tuple[dict[int, int], dict[int, int]]:
    """The values of ``key`` by rank-key sum: five cards without a flush, and flushes."""
    if key == "high":  # the default game: its tables exist already
        build_tables()
        flush = {
            sum(RANK_KEYS[r] for r in range(13) if mask >> r & 1): rank
            for mask, rank in FLUSH_TABLE.items()
            if mask.bit_count() == 5
        }
        return dict(FIVE_RANKS), flush
    if key == "badugi":  # four cards: nothing is five cards there
        return {}, {}
    rules = _spec(key, {}).rules
    low = rules.low if rules is not None else 0  # the lowest rank of a short deck
    plain: dict[int, int] = {}
    flush = {}
    for ranks in rank_multisets(5, low):
        total = sum(RANK_KEYS[r] for r in ranks)
        plain[total] = evaluate(tuple(representative(ranks, False)), key).rank
        if len(set(ranks)) == 5:
            flush[total] = evaluate(tuple(representative(ranks, True)), key).rank
    return plain, flush


def _make(key: str, plain: dict[int, int], flush: dict[int, int]) -> FiveCardRanker:
    pairs, start, key_mask, limit, repeat = _PAIRS, _BITS_START, _KEY_MASK, KEY_LIMIT, _REPEAT_BITS
    sums = limit - 1

    def rank(cards: Sequence[Card | int]) -> int:
        try:
            a, b, c, d, e = cards
            found = (pairs[a][b] + pairs[c][d] + start[e]) & key_mask
            if found < limit:
                return plain[found]
            if not found & repeat:
                return flush[found & sums]
        except (KeyError, TypeError, ValueError):
            pass
        return evaluate(tuple(cards), key).rank  # the general path: rates it or raises

    return rank
