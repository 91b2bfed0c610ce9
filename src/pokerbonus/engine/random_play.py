"""Random legal play: a random player for tests, fuzzing and benchmarks.

The policy, shared with the pokerkit side of ``benchmarks/bench_engine.py``:
in a betting decision draw ``r`` uniform in [0, 1); facing a bet, fold when
``r < fold``; raise (when a raise is allowed) when ``r < fold + raise_``: half
the time the minimum, else a uniform total up to the maximum; otherwise check
or call. In a draw: a uniform count from 0 to the allowed maximum, then a
uniform set of that many held cards (fewer when the stub and discards cannot
serve them). Offers (buy the pot, surblind) are accepted half the time.

>>> import random
>>> from pokerbonus.rules import FIVE_CARD_DRAW
>>> rng = random.Random(7)
>>> hand = Hand(FIVE_CARD_DRAW, [50, 50, 50], dealer=2, rng=rng)
>>> random_action(hand, rng).kind in ("check_or_call", "raise_to"), hand.can_fold()
(True, False)
>>> _ = play_random_hand(hand, rng)
>>> hand.finished, sum(hand.stacks)
(True, 150)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations
from typing import Final, TypeVar

from pokerbonus.engine.actions import Action, ActionKind
from pokerbonus.engine.state import Hand
from pokerbonus.errors import IllegalActionError, PokerError
from pokerbonus.i18n import gettext

__all__ = [
    "CALL",
    "FOLD",
    "RAISE",
    "bet_intent",
    "draw_count",
    "play_random_hand",
    "raise_total",
    "random_action",
    "random_discard",
    "random_subset",
]

FOLD: Final = 0
"""What :func:`bet_intent` returns for a fold."""
CALL: Final = 1
"""What :func:`bet_intent` returns for a check or a call."""
RAISE: Final = 2
"""What :func:`bet_intent` returns for a bet or raise (a call when no raise is allowed)."""

_T = TypeVar("_T")


def bet_intent(
    rng: random.Random, facing_bet: bool, *, fold: float = 0.15, raise_: float = 0.25
) -> int:
    """One random betting decision, :data:`FOLD`, :data:`CALL` or :data:`RAISE`
    (see the module doc for the odds); the raise total, when a raise is allowed,
    comes from :func:`raise_total`.

    >>> rng = random.Random(3)
    >>> sorted({bet_intent(rng, True) for _ in range(200)}) == [FOLD, CALL, RAISE]
    True
    >>> FOLD in {bet_intent(rng, False) for _ in range(200)}
    False
    """
    r = rng.random()
    if facing_bet and r < fold:
        return FOLD
    return RAISE if r < fold + raise_ else CALL


def raise_total(rng: random.Random, min_raise_to: int, max_raise_to: int) -> int:
    """The total of a random raise: the minimum half the time, else uniform up to the maximum.

    >>> all(10 <= raise_total(random.Random(s), 10, 20) <= 20 for s in range(100))
    True
    """
    if rng.random() < 0.5:
        return min_raise_to
    return min_raise_to + _below(rng, max_raise_to - min_raise_to + 1)


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1`` (``n >= 1``): the draws ``rng.randrange(n)``,
    ``rng.randint`` and ``rng.choice`` make (bits of ``n``'s length until one is
    below ``n``), without their argument checks, which cost more than the draw.

    >>> rng, twin = random.Random(4), random.Random(4)
    >>> [_below(rng, 52) for _ in range(5)] == [twin.randrange(52) for _ in range(5)]
    True
    """
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def draw_count(rng: random.Random, maximum: int) -> int:
    """A uniform number of cards to exchange, ``0..maximum``.

    >>> sorted({draw_count(random.Random(s), 3) for s in range(50)})
    [0, 1, 2, 3]
    """
    return _below(rng, maximum + 1)


_SUBSETS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def random_subset(rng: random.Random, cards: Sequence[_T], k: int) -> list[_T]:
    """A uniform choice of ``k`` of ``cards`` (every set of ``k`` equally likely),
    in the order they are held: one draw among the index sets of that size.

    >>> random_subset(random.Random(1), "abcde", 5)
    ['a', 'b', 'c', 'd', 'e']
    >>> sorted({"".join(random_subset(random.Random(s), "abc", 2)) for s in range(40)})
    ['ab', 'ac', 'bc']
    """
    if not k:
        return []
    if len(cards) > 8:  # few held cards in practice; keep the table of index sets small
        return rng.sample(list(cards), k)
    key = (len(cards), k)
    subsets = _SUBSETS.get(key)
    if subsets is None:
        if len(_SUBSETS) > 64:
            _SUBSETS.clear()
        subsets = _SUBSETS[key] = tuple(combinations(range(len(cards)), k))
    return [cards[i] for i in subsets[_below(rng, len(subsets))]]


_DISCARDS: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def random_discard(rng: random.Random, cards: Sequence[_T], maximum: int) -> list[_T]:
    """What :func:`draw_count` then :func:`random_subset` choose, in one draw: a
    uniform count ``0..maximum`` of ``cards``, then a uniform set of that many. Each
    set of ``k`` cards appears ``L / C(n, k)`` times in a table (``L`` the least
    common multiple of those binomials), so the odds are exactly the two-step ones.

    >>> rng = random.Random(2)
    >>> sorted({len(random_discard(rng, "abcde", 3)) for _ in range(100)})
    [0, 1, 2, 3]
    """
    n = len(cards)
    if n > 8:
        return random_subset(rng, cards, draw_count(rng, maximum))
    key = (n, maximum)
    table = _DISCARDS.get(key)
    if table is None:
        sets = [tuple(combinations(range(n), k)) for k in range(min(maximum, n) + 1)]
        common = math.lcm(*(len(group) for group in sets))
        table = _DISCARDS[key] = tuple(
            chosen for group in sets for chosen in group for _ in range(common // len(group))
        )
    return [cards[i] for i in table[_below(rng, len(table))]]


def random_action(
    hand: Hand, rng: random.Random, *, fold: float = 0.15, raise_: float = 0.25
) -> Action:
    """A random legal action for the player to act, built from
    :meth:`Hand.legal_actions` (the policy of the module doc)."""
    legal = hand.legal_actions()
    decision = legal.decision
    if decision == "bet":
        intent = bet_intent(rng, legal.can_fold, fold=fold, raise_=raise_)
        if intent == FOLD:
            return Action("fold")
        low, high = legal.min_raise_to, legal.max_raise_to
        if intent == RAISE and low is not None and high is not None:
            return Action("raise_to", raise_total(rng, low, high))
        return Action("check_or_call")
    if decision in ("draw", "discard"):
        held = hand.hole_cards(legal.seat)
        if decision == "discard":
            return Action("discard", 0, tuple(random_subset(rng, held, legal.discard_count)))
        k = draw_count(rng, min(legal.max_discard, len(held)))
        while k:
            cards = tuple(random_subset(rng, held, k))
            if hand.can_discard(cards):
                return Action("discard", 0, cards)
            k -= 1
        return Action("discard")
    accept: ActionKind = decision if decision in ("buy_pot", "kill") else "surblind"
    return Action(accept if rng.random() < 0.5 else "decline")


def play_random_hand(hand: Hand, rng: random.Random, *, max_actions: int = 10_000) -> int:
    """Play ``hand`` to the end with the policy of :func:`random_action` (calling the
    hand's light accessors and action methods directly, for speed); return the
    number of actions.

    The same draws of ``rng`` as :func:`bet_intent`, :func:`raise_total` and
    :func:`random_discard` make, written out: this loop is the engine's benchmark
    driver, and a function call costs as much as a small action."""
    count = 0
    uniform = rng.random
    getrandbits = rng.getrandbits
    fold_odds, raise_odds = 0.15, 0.15 + 0.25  # bet_intent's defaults
    while True:
        decision = hand._decision  # None once the hand is over (the ``decision`` property)
        if decision is None:
            return count
        if count >= max_actions:
            raise PokerError(
                gettext("hand not finished after {max_actions} actions").format(
                    max_actions=max_actions
                )
            )
        count += 1
        if decision == "bet":
            r = uniform()
            if r < fold_odds and hand.can_fold():  # the stud bring-in may not fold
                hand.fold()
                continue
            if r < raise_odds:
                bounds = hand.raise_bounds()
                if bounds is not None:
                    low, high = bounds
                    if uniform() >= 0.5:  # raise_total: else the minimum
                        n = high - low + 1
                        k = n.bit_length()
                        x = getrandbits(k)
                        while x >= n:
                            x = getrandbits(k)
                        low += x
                    hand.complete_bet_or_raise_to(low)
                    continue
            hand.check_or_call()
        elif decision == "draw":
            held = hand._hole[hand._actor]  # type: ignore[index]  # the actor's cards, not copied
            cards = random_discard(rng, held, hand.max_discard())
            while True:
                try:
                    hand.discard(cards)
                    break
                except IllegalActionError:  # not enough cards left to draw
                    cards = random_subset(rng, tuple(held), len(cards) - 1)
        else:
            hand.act(random_action(hand, rng))
