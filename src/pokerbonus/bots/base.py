"""The bot interface: what a computer player sees, how long it may think, and the
safe action it falls back to.

A bot sees one seat's :class:`~pokerbonus.engine.views.SeatView` (its own cards,
the public log, the legal actions) and the public rules of the table
(:class:`GameInfo`); it never gets the :class:`~pokerbonus.engine.state.Hand`.
It answers one :class:`~pokerbonus.engine.actions.Action`. Bots own a seeded
``random.Random`` and are reproducible: the same seed and the same views give
the same actions.

Thinking time is a :class:`Budget`: a deterministic work cap (``samples``) and an
optional deadline on a clock that the caller (the match runner) reads. Bots
check :meth:`Budget.expired` between pieces of work and answer
:func:`fallback_action` when time is up; the runner also plays the fallback for
an illegal answer or an exception, so a bot never blocks the game.

>>> from pokerbonus.engine.actions import LegalActions
>>> fallback_action(LegalActions(0, "bet", can_check=False, can_fold=True, call_amount=4), ())
Action(kind='fold', amount=0, cards=())
>>> Budget(samples=10, seconds=0.5, clock=lambda: 2.0, start=1.0).expired()
True
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from pokerbonus.analysis.draw import (
    DrawOdds,
    category_strength,
    discard_choices,
    rank_discards,
)
from pokerbonus.bots.equity_kernels import LOW_27, LOW_A5, low_discard_mask
from pokerbonus.bots.kernels import discard_mask, draw_counts, score5
from pokerbonus.cards import Card, lowest_rank
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import BetOrRaised, Drew, Folded
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError, InvalidHandError
from pokerbonus.hands import Category, evaluate
from pokerbonus.hands.low import badugi_best
from pokerbonus.rules import GameDef, Stakes

__all__ = [
    "Bot",
    "Budget",
    "GameInfo",
    "Reading",
    "fallback_action",
    "is_legal",
    "read_view",
    "standard_discard",
]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The public rules of the table a bot plays at (everything but the cards).

    ``unit`` is the money unit of the match results and of the bots' sizing: the
    minimum opening (the ante in a pot game, the blind in a blind game).
    """

    deck_size: int = 32
    jokers: int = 0
    wheel: bool = True
    ranking: str = "modern"
    betting: str = "no-limit"
    max_discard: int = 3
    unit: int = 1
    evaluation: str = "high"
    """How hands are valued: the rule's high game, else its low one (``"high"``,
    ``"shortdeck"``, ``"a5"``, ``"27"`` or ``"badugi"``)."""
    limit_bets: tuple[int, int] = (0, 0)
    """In limit, the small and the big bet in chips (``(0, 0)`` in other structures)."""

    @classmethod
    def from_game(cls, game: GameDef, players: int, stakes: Stakes | None = None) -> GameInfo:
        """The public rules of ``game`` for ``players`` seats under ``stakes``."""
        step_max = 3
        for step in game.steps:
            if step.kind == "draw":
                step_max = getattr(step, "max_cards", 3)
        chosen = stakes if stakes is not None else Stakes()
        return cls(
            deck_size=game.deck_size_for(players),
            jokers=game.jokers,
            wheel=game.rule.wheel,
            ranking=game.rule.ranking,
            betting=game.structure.kind,
            max_discard=step_max,
            unit=chosen.opening_minimum,
            evaluation=game.rule.high or game.rule.low or "high",
            limit_bets=(game.structure.small_bet, game.structure.big_bet)
            if game.structure.kind == "limit"
            else (0, 0),
        )

    @property
    def low(self) -> int:
        """The lowest rank index of the deck (0 for 52 cards, 5 for 32)."""
        return lowest_rank(self.deck_size)

    @property
    def order(self) -> npt.NDArray[np.int64]:
        """The strength of each category (index :class:`Category`) in this ranking."""
        return _order(self.ranking)

    def strength(self, category: Category) -> int:
        """The position of ``category`` in this table's order (0 = weakest)."""
        return category_strength(category, self.ranking)


@lru_cache(maxsize=4)
def _order(ranking: str) -> npt.NDArray[np.int64]:
    return np.array([category_strength(c, ranking) for c in Category], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a bot may think for one decision.

    ``samples``: the work cap (Monte Carlo deals, the same on every machine: it
    keeps matches reproducible). ``seconds``: the wall-clock allowance, counted
    from ``start`` on ``clock`` (the caller's clock; ``None``: no deadline).
    """

    samples: int = 400
    seconds: float | None = None
    clock: Callable[[], float] | None = field(default=None, compare=False)
    start: float = 0.0

    def __post_init__(self) -> None:
        if self.samples < 0:
            raise ConfigurationError(f"samples: must be at least 0, got {self.samples}")
        if self.seconds is not None and self.seconds < 0:
            raise ConfigurationError(f"seconds: must be at least 0, got {self.seconds}")

    @classmethod
    def starting_now(
        cls, clock: Callable[[], float], seconds: float | None, samples: int = 400
    ) -> Budget:
        """A budget whose deadline runs from now on ``clock``."""
        return cls(samples, seconds, clock, clock())

    def expired(self) -> bool:
        """Whether the deadline has passed (never, without a clock or seconds)."""
        if self.clock is None or self.seconds is None:
            return False
        return self.clock() - self.start >= self.seconds


UNLIMITED = Budget()


def fallback_action(legal: LegalActions | None, hole: Sequence[Card]) -> Action:
    """The safe action: check if possible, else fold; at a draw, stand pat;
    decline an offer; discard the first cards when a discard is compulsory.

    >>> from pokerbonus.engine.actions import LegalActions
    >>> fallback_action(LegalActions(0, "draw", max_discard=3), ()).cards
    ()
    """
    if legal is None:
        return Action.check_or_call()
    if legal.decision == "bet":
        if legal.can_check or not legal.can_fold:
            return Action.check_or_call()
        return Action.fold()
    if legal.decision == "draw":
        return Action.stand_pat()
    if legal.decision == "discard":
        return Action.discard(hole[: legal.discard_count])
    return Action("decline")


def is_legal(action: Action, legal: LegalActions, hole: Sequence[Card]) -> bool:
    """Whether ``action`` answers ``legal`` by the rules the view shows.

    (The engine has the last word: a draw may still be refused when too few cards
    are left to serve it.)
    """
    kind = action.kind
    if legal.decision == "bet":
        if kind == "check_or_call":
            return True
        if kind == "fold":
            return legal.can_fold
        if kind == "raise_to":
            low, high = legal.min_raise_to, legal.max_raise_to
            return low is not None and high is not None and low <= action.amount <= high
        return False
    if legal.decision in ("draw", "discard"):
        cards = action.cards
        if kind != "discard" or len(set(cards)) != len(cards):
            return False
        if any(c not in hole for c in cards):
            return False
        if legal.decision == "discard":
            return len(cards) == legal.discard_count
        return len(cards) <= legal.max_discard
    return kind in (legal.decision, "decline")


@dataclass(frozen=True, slots=True)
class Reading:
    """What a bot reads from its view: the public history, summed up.

    ``live``: opponents still in (not folded); ``drawn``: cards each seat
    exchanged (-1: not yet); ``aggressor_before``/``after``: seats that bet or
    raised before/after the draw; ``after_draw``: whether the draw has begun (a
    betting decision is then in the second round); ``to_call``, ``pot_total``
    (pot plus the bets on the table), ``behind``: live opponents who speak after
    this seat in this round.
    """

    seat: int
    live: tuple[int, ...]
    drawn: tuple[int, ...]
    aggressor_before: frozenset[int]
    aggressor_after: frozenset[int]
    raises_this_round: int
    after_draw: bool
    to_call: int
    pot_total: int
    behind: int
    stack: int

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call costs (0 when nothing to call)."""
        if self.to_call <= 0:
            return 0.0
        return self.to_call / (self.pot_total + self.to_call)


def read_view(view: SeatView) -> Reading:
    """Sum up the public history of ``view`` (see :class:`Reading`)."""
    seat = view.seat
    if seat is None:
        raise ConfigurationError("read_view: a spectator's view has no seat to play")
    n = view.players
    drawn = [-1] * n
    before: set[int] = set()
    after: set[int] = set()
    folded = list(view.folded)
    raises = 0
    draw_started = False
    for event in view.log:
        if isinstance(event, Drew):
            drawn[event.seat] = event.count
            if not draw_started:
                draw_started = True
                raises = 0
        elif isinstance(event, BetOrRaised):
            (after if draw_started else before).add(event.seat)
            raises += 1
        elif isinstance(event, Folded):
            folded[event.seat] = True
    live = tuple(s for s in range(n) if s != seat and not folded[s])
    legal = view.legal
    to_call = (legal.call_amount or 0) if legal is not None else 0
    behind = 0
    for k in range(1, n):
        s = (seat + k) % n
        if s == (view.dealer + 1) % n:
            break
        if not folded[s] and view.stacks[s] > 0:
            behind += 1
    return Reading(
        seat=seat,
        live=live,
        drawn=tuple(drawn),
        aggressor_before=frozenset(before),
        aggressor_after=frozenset(after),
        raises_this_round=raises,
        after_draw=draw_started,
        to_call=to_call,
        pot_total=view.pot + sum(view.bets),
        behind=behind,
        stack=view.stacks[seat],
    )


_LOW_KEEP_TOP: Final = 9  # the standard lowball draw keeps ten or lower (low rank 9)


def _five(cards: Sequence[Card]) -> None:
    # The compiled five-card kernels read exactly five cards, unchecked.
    if len(cards) != 5:
        raise InvalidHandError(f"five cards needed, got {len(cards)}")


def hand_score(cards: Sequence[Card], info: GameInfo) -> int:
    """A comparable score of five cards (see :mod:`pokerbonus.bots.kernels`);
    with a joker, the category strength and the evaluator's rank."""
    _five(cards)
    if any(c.is_joker for c in cards):
        value = evaluate(tuple(cards), "high", deck=info.deck_size, jokers=True,
                         wheel=info.wheel, ranking=info.ranking)  # fmt: skip
        assert value.category is not None
        return info.strength(value.category) << 20 | (value.rank & 0xFFFFF)
    hand = np.array([int(c) for c in cards], dtype=np.int64)
    return int(score5(hand, info.low, info.wheel, info.order))


def category_of(cards: Sequence[Card], info: GameInfo) -> Category:
    """The category of five cards under the table's rules."""
    strength = hand_score(cards, info) >> 20
    for category in Category:
        if info.strength(category) == strength:
            return category
    raise AssertionError(strength)  # pragma: no cover - every strength is a category


def standard_discard(cards: Sequence[Card], info: GameInfo) -> tuple[Card, ...]:
    """The standard draw table (see :func:`pokerbonus.bots.kernels.discard_mask`).

    With jokers (not in the compiled table): a joker is always kept and counts as
    an ace for pairs and as any suit for a four-flush; straight draws are not
    chased; without a pair the joker and the highest card are kept.

    >>> from pokerbonus.cards import parse_cards
    >>> info = GameInfo(deck_size=32)
    >>> standard_discard(parse_cards("Ah Ad Kc 9s 8h"), info)
    (Card('Kc'), Card('9s'), Card('8h'))
    >>> standard_discard(parse_cards("Ah Ad Kc Kd 8h"), info)
    (Card('8h'),)

    In badugi the standard draw keeps the best badugi and exchanges the rest; in
    lowball it keeps one card of each rank ten or lower
    (:func:`pokerbonus.bots.equity_kernels.low_discard_mask`):

    >>> standard_discard(parse_cards("Ah 2d 3d Kc"), GameInfo(52, evaluation="badugi"))
    (Card('3d'),)
    >>> standard_discard(parse_cards("Ah 2d 2c 9s Kc"), GameInfo(52, evaluation="a5"))
    (Card('2c'), Card('Kc'))
    """
    if info.evaluation == "badugi":
        kept = set(badugi_best(cards)[1])
        return tuple(c for c in cards if c not in kept)
    if info.evaluation in ("a5", "27"):
        scheme = LOW_A5 if info.evaluation == "a5" else LOW_27
        hand = np.array([int(c) for c in cards], dtype=np.int64)
        mask = int(low_discard_mask(hand, scheme, _LOW_KEEP_TOP))
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)
    _five(cards)
    if not any(c.is_joker for c in cards):
        hand = np.array([int(c) for c in cards], dtype=np.int64)
        mask = int(discard_mask(hand, info.low, info.wheel, info.order))
        return tuple(c for i, c in enumerate(cards) if mask >> i & 1)
    if info.strength(category_of(cards, info)) >= info.strength(Category.STRAIGHT):
        return ()
    jokers = [c for c in cards if c.is_joker]
    plain = [c for c in cards if not c.is_joker]
    by_rank: dict[int, list[Card]] = {}
    for c in plain:
        by_rank.setdefault(c.rank, []).append(c)
    aces = len(by_rank.get(12, [])) + len(jokers)
    groups = [r for r, cs in by_rank.items() if len(cs) >= 2 or (r == 12 and aces >= 2)]
    by_suit: dict[int, list[Card]] = {}
    for c in plain:
        by_suit.setdefault(c.suit, []).append(c)
    if not groups:
        for members in by_suit.values():
            if len(members) + len(jokers) >= 4:
                return tuple(c for c in plain if c not in members)
        lowest = sorted(plain, key=lambda c: c.rank)
        return tuple(lowest[: min(3, len(plain) - 1)])
    return tuple(c for c in plain if c.rank not in groups)[:3]


# -- exact draw odds, cached by suit pattern ---------------------------------------

_PERMUTATIONS = [
    (a, b, c, d)
    for a in range(4) for b in range(4) for c in range(4) for d in range(4)
    if len({a, b, c, d}) == 4
]  # fmt: skip


def _canonical(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The least suit-renamed form of a hand, and the renaming (old suit -> new)."""
    best: tuple[int, ...] | None = None
    best_perm: tuple[int, ...] = (0, 1, 2, 3)
    for perm in _PERMUTATIONS:
        form = tuple(sorted(c if c >= 52 else (c & ~3) | perm[c & 3] for c in cards))
        if best is None or form < best:
            best, best_perm = form, perm
    assert best is not None
    return best, best_perm


@lru_cache(maxsize=65536)
def _choices(form: tuple[int, ...], max_discard: int, info: GameInfo) -> tuple[DrawOdds, ...]:
    """The exact odds of every discard choice of a canonical hand, in the order of
    :func:`pokerbonus.analysis.draw.discard_choices` (fewer cards first). They do
    not depend on the goal, so one enumeration serves every number of opponents.
    Without jokers in the deck and for at most three cards, the compiled count
    (:func:`pokerbonus.bots.kernels.draw_counts`, about ten times faster) gives the
    same counts as :func:`pokerbonus.analysis.draw.rank_discards`."""
    if max_discard > 3 or info.jokers:
        return tuple(
            rank_discards(
                form, {}, max_discard=max_discard, deck=info.deck_size,
                jokers=info.jokers, wheel=info.wheel, ranking=info.ranking,
            )
        )  # fmt: skip
    hand = tuple(Card(c) for c in form)
    choices = discard_choices(hand, max_discard)
    stub = np.array([c for c in range(4 * info.low, 52) if c not in form], dtype=np.int64)
    masks = np.array([sum(1 << form.index(c) for c in d) for d in choices], dtype=np.int64)
    counts = draw_counts(np.array(form, dtype=np.int64), stub, masks, info.low, info.wheel)
    return tuple(
        DrawOdds(hand, d, comb(len(stub), len(d)), tuple(int(x) for x in row))
        for d, row in zip(choices, counts, strict=True)
    )


@lru_cache(maxsize=4096)
def _goal_vector(goal: tuple[tuple[Category, float], ...]) -> npt.NDArray[np.float64]:
    values = np.zeros(len(Category), dtype=np.float64)
    for category, value in goal:
        values[category] = float(value)
    return values


@lru_cache(maxsize=65536)
def _ranked(
    form: tuple[int, ...], goal: tuple[tuple[Category, float], ...], max_discard: int,
    info: GameInfo,
) -> tuple[DrawOdds, ...]:  # fmt: skip
    values = _goal_vector(goal)
    valued = [
        replace(odds, value=float(np.asarray(odds.counts, dtype=np.int64) @ values) / odds.outcomes)
        for odds in _choices(form, max_discard, info)
    ]
    # best value first; ties: fewer cards, then the earlier choice (as rank_discards)
    order = sorted(range(len(valued)), key=lambda i: (-valued[i].value, i))
    return tuple(valued[i] for i in order)


def exact_discards(
    cards: Sequence[Card],
    goal: dict[Category, float],
    max_discard: int,
    info: GameInfo,
) -> list[tuple[tuple[Card, ...], DrawOdds]]:
    """:func:`pokerbonus.analysis.draw.rank_discards` (best first) for ``cards``,
    cached by suit pattern: each entry is the discard in the real cards and its odds."""
    form, perm = _canonical(cards)
    back = {(c & ~3) | perm[c & 3] if c < 52 else c: c for c in cards}
    key = tuple(sorted(goal.items()))
    ranked = _ranked(form, key, max_discard, info)
    return [(tuple(back[int(c)] for c in odds.discard), odds) for odds in ranked]


class Bot(ABC):
    """A computer player. Subclasses implement :meth:`decide`.

    ``seed`` seeds the bot's own ``random.Random`` (``None``: fresh entropy).
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def warm_up(self, info: GameInfo) -> None:
        """Prepare before play starts (compile kernels, fill tables); no-op by default."""
        return None

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """Called before each hand this bot plays; no-op by default."""
        return None

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """Called after each hand this bot played, with its seat's view of the
        finished hand (the whole public log and the hands shown: what any player
        at the table saw), for a bot that learns its opponents; no-op by default."""
        return None

    @abstractmethod
    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The action for the decision in ``view`` (``view.legal`` is not ``None``)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
