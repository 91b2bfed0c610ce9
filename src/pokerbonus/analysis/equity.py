"""All-in equity: exact enumeration or Monte Carlo, for hold'em, Omaha and short-deck.

:func:`equity` answers "what share of the pot does each hand win on average if
the remaining board cards are dealt at random?". Each hand is given as exact
cards or, in the two-card games, as a range (see :mod:`pokerbonus.analysis.ranges`);
``random`` means any hand in every game.

Games (RULES.md sections 2, 3 and 8):

- ``holdem``: two hole cards, the best five of seven;
- ``omaha``: four hole cards (five for Courchevel-style hands), exactly two hole
  cards and three board cards, high only;
- ``omaha8``: the same, high/low eight-or-better: the best high hand takes half
  the pot and the best qualifying low the other half; with no qualifying low the
  high hand takes it all;
- ``shortdeck``: hold'em with the 36-card deck (6 to A) and short-deck ranking.

Ties are shared: a pot split between k hands gives each ``1/k``; in ``omaha8``
each half is split between its own winners. A hand's equity is its average share,
so the equities add up to 1. ``win`` counts the runouts where the hand takes the
whole pot alone (scoops, in ``omaha8``), ``tie`` those where it gets part of it.

Exact or sampled: with ``exact=None`` the calculator walks every runout when the
problem is small enough (heads-up hold'em preflop, 1,712,304 boards, is),
otherwise it deals ``samples`` random runouts from a ``numpy`` generator seeded
by ``seed``. With ranges, every combination of one hand per range that uses no
card twice is equally likely: exact mode walks every such assignment times every
board completion (when the product is small enough), Monte Carlo draws a whole
assignment at a time and draws again when two hands collide.

>>> r = equity(["AhAd", "KsKc"], board="2c 7d 9h")
>>> r.exact, r.n, round(r.equity[0], 6)
(True, 990, 0.916162)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from pokerbonus.analysis.headsup import table_equity
from pokerbonus.analysis.ranges import RANDOM_WORDS, parse_range
from pokerbonus.analysis.result import POT_UNITS, EquityResult, make_result
from pokerbonus.cards import Card, CardsLike, make_deck, parse_cards
from pokerbonus.errors import (
    ConfigurationError,
    InvalidCardError,
    InvalidHandError,
    NotationError,
)
from pokerbonus.i18n import gettext

__all__ = [
    "AUTO_EXACT_WORK",
    "DEFAULT_SAMPLES",
    "GAMES",
    "MAX_EXACT_WORK",
    "POT_UNITS",
    "EquityResult",
    "equity",
]

GAMES: Final = ("holdem", "omaha", "omaha8", "shortdeck")
"""The games :func:`equity` knows."""

DEFAULT_SAMPLES: Final = 200_000
"""Monte Carlo deals when ``samples`` is not given."""

AUTO_EXACT_WORK: Final = 6_000_000
"""With ``exact=None``, enumerate when runouts x hands x evaluation cost is at most this.

The cost of one hand is 1 for hold'em and short-deck, about 10 for Omaha (60
two-plus-three combinations instead of one seven-card lookup), 20 for omaha8.
Every specific-hands hold'em spot qualifies, preflop included, up to 10 players.
"""

MAX_EXACT_WORK: Final = 20_000_000_000
"""``exact=True`` refuses problems larger than this (same measure)."""

_MAX_REJECTS: Final = 100_000

_DECK_SIZE: Final = {"holdem": 52, "omaha": 52, "omaha8": 52, "shortdeck": 36}
_COST: Final = {"holdem": 1, "shortdeck": 1, "omaha": 10, "omaha8": 20}
_CARD_BITS: Final = tuple(1 << (16 * (c & 3) + (c >> 2)) for c in range(52))
"""Bit ``16 * suit + rank`` of each card: the kernels OR them, shift by ``16 * suit``
and keep 13 bits to find a flush's ranks (an array when the kernels run)."""


@dataclass(frozen=True, slots=True)
class _Hand:
    """One player's holding: ``cards`` when known, else ``combos`` or any hand."""

    text: str
    cards: tuple[Card, ...] | None
    combos: tuple[tuple[Card, ...], ...] | None
    random: bool


def _label(hand: object) -> str:
    if isinstance(hand, str):
        return hand
    try:
        return " ".join(str(Card(c)) for c in hand)  # type: ignore[attr-defined]
    except (TypeError, InvalidCardError):
        return repr(hand)


def _read_hand(number: int, hand: str | CardsLike, game: str, hole: tuple[int, ...]) -> _Hand:
    text = _label(hand)
    if isinstance(hand, str) and hand.strip().lower() in RANDOM_WORDS:
        return _Hand(text, None, None, True)
    try:
        cards = parse_cards(hand)
    except InvalidCardError as exc:
        cards_error: InvalidCardError | None = exc
        cards = ()
    else:
        cards_error = None
        if len(cards) in hole:
            return _Hand(text, cards, None, False)
    if hole == (2,) and isinstance(hand, str):
        try:
            found = parse_range(hand)
        except NotationError as exc:
            if cards_error is not None and not any(ch in hand for ch in "+-,"):
                raise InvalidCardError(
                    gettext("hand {number} {text!r}: {cards_error}").format(
                        number=number, text=text, cards_error=cards_error
                    )
                ) from None
            if cards_error is None:
                raise InvalidHandError(
                    gettext(
                        "hand {number} {text!r} has {count} cards; {game} needs 2 (or a range "
                        "such as 'QQ+, AKs')"
                    ).format(number=number, text=text, count=len(cards), game=game)
                ) from None
            raise NotationError(
                gettext("hand {number}: {exc}").format(number=number, exc=exc)
            ) from None
        return _Hand(text, None, found.combos, False)
    if cards_error is not None:
        raise InvalidCardError(
            gettext("hand {number} {text!r}: {cards_error}").format(
                number=number, text=text, cards_error=cards_error
            )
        ) from None
    sizes = " or ".join(str(h) for h in hole)
    raise InvalidHandError(
        gettext("hand {number} {text!r} has {count} cards; {game} needs {sizes} hole cards").format(
            number=number, text=text, count=len(cards), game=game, sizes=sizes
        )
    )


@lru_cache(maxsize=1)
def _tables() -> Any:
    from pokerbonus.hands.tables import get_tables

    return get_tables()


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def equity(
    hands: Sequence[str | CardsLike],
    board: CardsLike = "",
    game: str = "holdem",
    dead: CardsLike = "",
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """The equity of each hand: exact enumeration or Monte Carlo (see the module doc).

    ``hands``: 2 to 10 hands, each exact cards (``"AhKh"``), a range text in the
    two-card games (``"QQ+, AKs"``) or ``"random"``. ``board``: 0 to 5 known
    board cards. ``dead``: cards out of play. ``exact``: ``None`` chooses,
    ``True`` forces enumeration, ``False`` forces Monte Carlo with ``samples``
    deals (default :data:`DEFAULT_SAMPLES`) from ``numpy.random.default_rng(seed)``.

    Raises :class:`InvalidCardError` (bad or repeated card, card not in the
    game's deck), :class:`InvalidHandError` (wrong number of hands or cards,
    empty range, ranges that cannot be dealt together, unknown game),
    :class:`NotationError` (bad range text) or :class:`ConfigurationError`
    (bad ``samples``, an exact problem too large).

    >>> r = equity(["AhKh", "QsQc"])  # all 1,712,304 boards
    >>> r.n, r.wins[0], r.ties[0], f"{r.equity[0]:.6f}"
    (1712304, 787966, 6732, '0.462145')
    >>> equity(["AhKh", "random"], board="Ks 7d 2c Qh", samples=1000, seed=1).exact
    True
    """
    if game not in GAMES:
        raise InvalidHandError(
            gettext("unknown game: {game!r} (expected one of {games})").format(
                game=game, games=", ".join(GAMES)
            )
        )
    if isinstance(hands, str):
        raise InvalidHandError(
            gettext(
                "equity needs a list of 2 to 10 hands, got the text {hands!r} (give "
                "each hand apart, e.g. ['AhKh', 'QsQc'])"
            ).format(hands=hands)
        )
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or samples < 1
    ):
        raise ConfigurationError(
            gettext("invalid samples: {samples!r} (expected a positive integer)").format(
                samples=samples
            )
        )
    if exact not in (None, True, False):
        raise ConfigurationError(
            gettext("invalid exact: {exact!r} (expected True, False or None)").format(exact=exact)
        )
    found = table_equity(hands, board=board, game=game, dead=dead, exact=exact)
    if found is not None:  # heads-up hold'em preflop: the table, no kernel loaded
        return found
    hole: tuple[int, ...] = (4, 5) if game.startswith("omaha") else (2,)
    players = [_read_hand(i + 1, h, game, hole) for i, h in enumerate(hands)]
    if not 2 <= len(hands) <= 10:
        given = ", ".join(repr(_label(h)) for h in hands)
        if len(hands) == 1:
            raise InvalidHandError(
                gettext(
                    "equity needs 2 to 10 hands, got only {given}; add the opponent's "
                    "hand, a range or 'random'"
                ).format(given=given)
            )
        raise InvalidHandError(
            gettext("equity needs 2 to 10 hands, got {count}").format(count=len(hands))
        )
    board_cards = parse_cards(board)
    if len(board_cards) > 5:
        raise InvalidHandError(
            gettext("too many board cards: {count} in {_label!r} (at most 5)").format(
                count=len(board_cards), _label=_label(board)
            )
        )
    dead_cards = parse_cards(dead)

    # every known card once, and in the game's deck
    deck = make_deck(_DECK_SIZE[game])
    in_deck = set(deck)
    owner: dict[Card, str] = {}
    places = [("the board", board_cards), ("the dead cards", dead_cards)] + [
        (f"hand {i + 1}", h.cards) for i, h in enumerate(players) if h.cards is not None
    ]
    for place, cards in places:
        for c in cards:
            if c not in in_deck:
                why = "a joker" if c.is_joker else f"not in the {len(deck)}-card deck"
                raise InvalidCardError(
                    gettext("card {c!r} in {place} is {why}").format(c=str(c), place=place, why=why)
                )
            if c in owner:
                raise InvalidCardError(
                    gettext("duplicate card: {c!r} in {owner} and {place}").format(
                        c=str(c), owner=owner[c], place=place
                    )
                )
            owner[c] = place

    sizes = {len(h.cards) for h in players if h.cards is not None}
    if len(sizes) > 1:
        raise InvalidHandError(
            gettext("all {game} hands must have the same number of cards, got {sizes}").format(
                game=game, sizes=sorted(sizes)
            )
        )
    nh = sizes.pop() if sizes else hole[0]

    # ranges less every known card; random hands become the whole remaining deck
    free = [c for c in deck if c not in owner]
    for i, h in enumerate(players):
        if h.combos is not None:
            kept = tuple(cs for cs in h.combos if all(c in in_deck and c not in owner for c in cs))
            if not kept:
                raise InvalidHandError(
                    gettext(
                        "range {text!r} of hand {i} is empty once the known and dead cards "
                        "(and the cards outside the deck) are removed"
                    ).format(text=h.text, i=i + 1)
                )
            players[i] = _Hand(h.text, None, kept, False)
    unknown_holes = sum(nh for h in players if h.cards is None)
    k = 5 - len(board_cards)
    if len(free) < unknown_holes + k:
        raise InvalidHandError(
            gettext("not enough cards: {count} left in the deck, {unknown_holes} needed").format(
                count=len(free), unknown_holes=unknown_holes + k
            )
        )

    # size of the exact problem
    runouts = math.comb(len(free) - unknown_holes, k)
    assignments = 1
    for h in players:
        if h.random:
            assignments *= math.comb(len(free), nh)
        elif h.combos is not None:
            assignments *= len(h.combos)
    cost = _COST[game] * (2 if nh == 5 else 1)
    work = assignments * runouts * len(players) * cost
    if exact is None:
        exact = work <= AUTO_EXACT_WORK
    elif exact and work > MAX_EXACT_WORK:
        raise ConfigurationError(
            gettext(
                "exact=True: about {work:.3g} evaluations (up to {assignments} hand "
                "assignments x {runouts} runouts) is over the limit of "
                "{max_exact_work:.0e}; use Monte Carlo (exact=False)"
            ).format(
                work=work, assignments=assignments, runouts=runouts, max_exact_work=MAX_EXACT_WORK
            )
        )

    import numpy as np

    from pokerbonus.analysis import equity_kernels as kern

    rows: list[Sequence[int]] = []
    starts: list[int] = []
    counts: list[int] = []
    for h in players:
        starts.append(len(rows))
        if h.cards is not None:
            options: Sequence[Sequence[int]] = [h.cards]
        elif h.combos is not None:
            options = h.combos
        elif exact:
            options = list(combinations(free, nh))
        else:
            options = [tuple(free[:nh])]  # placeholder row, dealt from the deck instead
        rows.extend(options)
        counts.append(len(options))
    combos = np.array(rows, dtype=np.int64).reshape(len(rows), nh)
    masks = np.array([_mask(r) for r in rows], dtype=np.int64)
    board_arr = np.zeros(5, np.int64)
    board_arr[: len(board_cards)] = board_cards
    deck_arr = np.array(free, dtype=np.int64)
    starts_arr = np.array(starts, dtype=np.int64)
    counts_arr = np.array(counts, dtype=np.int64)
    tables = _tables()
    two_card = game in ("holdem", "shortdeck")
    split = game == "omaha8"
    multi = tables.multi_shortdeck if game == "shortdeck" else tables.multi_high
    flush = tables.flush_shortdeck if game == "shortdeck" else tables.flush_high
    evaluator = (tables.card_key, np.array(_CARD_BITS, np.int64), tables.row_offset, multi, flush)
    low = tables.multi_low8
    scratch = np.zeros(kern.work_shape(len(players), nh, len(free)), np.int64)
    outcomes = np.zeros(kern.outcome_size(len(players), split), np.int64)
    known = len(board_cards)

    if exact:
        if two_card:
            n = kern.exact_two_card(
                combos, masks, starts_arr, counts_arr, board_arr, known, deck_arr, *evaluator,
                scratch, outcomes,
            )  # fmt: skip
        else:
            n = kern.exact_board(
                combos, masks, starts_arr, counts_arr, board_arr, known, deck_arr, split,
                *evaluator, low, scratch, outcomes,
            )  # fmt: skip
        if n == 0:
            raise InvalidHandError(
                gettext(
                    "the hands and ranges cannot be dealt together: every combination uses "
                    "some card twice"
                )
            )
    else:
        wanted = DEFAULT_SAMPLES if samples is None else samples
        random_hand = np.array([h.random for h in players], dtype=np.bool_)
        rng = np.random.default_rng(seed)
        if two_card:
            n = kern.monte_carlo_two_card(
                combos, masks, starts_arr, counts_arr, random_hand, board_arr, known,
                deck_arr, wanted, _MAX_REJECTS, rng, *evaluator, scratch, outcomes,
            )  # fmt: skip
        else:
            n = kern.monte_carlo_board(
                combos, masks, starts_arr, counts_arr, random_hand, board_arr, known,
                deck_arr, wanted, _MAX_REJECTS, rng, split, *evaluator, low, scratch, outcomes,
            )  # fmt: skip
        if n < wanted:
            raise InvalidHandError(
                gettext(
                    "the ranges cannot be dealt together: no deal without a repeated card "
                    "in {_max_rejects} tries"
                ).format(_max_rejects=_MAX_REJECTS)
            )
    share, square, wins, ties = _sums(outcomes, len(players))
    return make_result(share, square, wins, ties, int(n), bool(exact))


def _sums(outcomes: Any, players: int) -> tuple[list[int], list[int], list[int], list[int]]:
    """Per player, from the kernel's counts of each set of winners: the sum of pot
    shares (:data:`POT_UNITS` per pot) and of their squares, the runouts won alone
    (scooped) and those shared.

    ``outcomes[high | low << players]`` counts the runouts won by the players of
    the bit set ``high`` (the low half by those of ``low``; none: the high hands
    take the whole pot). Ties share a pot, or a half, equally.
    """
    share = [0] * players
    square = [0] * players
    wins = [0] * players
    ties = [0] * players
    everyone = (1 << players) - 1
    seen = outcomes.nonzero()[0]
    for index, count in zip(seen.tolist(), outcomes[seen].tolist(), strict=True):
        high, low = index & everyone, index >> players
        high_part = (POT_UNITS // 2 if low else POT_UNITS) // high.bit_count()
        low_part = POT_UNITS // 2 // low.bit_count() if low else 0
        for p in range(players):
            part = 0
            if high >> p & 1:
                part += high_part
            if low >> p & 1:
                part += low_part
            if part:
                share[p] += part * count
                square[p] += part * part * count
                if part == POT_UNITS:
                    wins[p] += count
                else:
                    ties[p] += count
    return share, square, wins, ties
