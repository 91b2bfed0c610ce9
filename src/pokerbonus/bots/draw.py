"""The five-card draw ladder: ``random``, ``station``, ``easy``, ``medium``,
``hard`` and ``expert`` (see ``docs/bots.md`` for how each decides).

>>> import random
>>> from pokerbonus.engine import Hand
>>> from pokerbonus.rules import FIVE_CARD_DRAW
>>> hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0, rng=random.Random(3))
>>> info = GameInfo.from_game(FIVE_CARD_DRAW, 2)
>>> bot = make_bot("easy", seed=1)
>>> action = bot.decide(hand.view(hand.actor), info)
>>> hand.can_check_or_call() and action.kind in ("check_or_call", "raise_to")
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from pokerbonus.bots.base import (
    UNLIMITED,
    Bot,
    Budget,
    GameInfo,
    Reading,
    category_of,
    exact_discards,
    fallback_action,
    read_view,
    standard_discard,
)
from pokerbonus.bots.kernels import showdown_equity
from pokerbonus.bots.model import OpponentModel
from pokerbonus.cards import Card, make_deck
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import (
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    Called,
    Drew,
    Event,
    Folded,
    PotBought,
)
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError
from pokerbonus.hands import Category
from pokerbonus.levels import LADDER

__all__ = [
    "BOTS",
    "LADDER",
    "LOOSE",
    "SMALL_BET",
    "SNOW_RATE",
    "STEAL_MARGIN",
    "STICKY_MARGIN",
    "USUAL_BET_RATE",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "RandomBot",
    "RangeRead",
    "StationBot",
    "balanced_bluff",
    "facing_fraction",
    "make_bot",
    "pat_share",
    "read_ranges",
]

# -- shared helpers -----------------------------------------------------------------


def bet_to(view: SeatView, legal: LegalActions, fraction: float) -> Action | None:
    """Bet or raise by ``fraction`` of the pot after calling (clamped to the legal
    range; the fixed amount in limit), or ``None`` when raising is not allowed."""
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return None
    current = max(view.bets)
    call = legal.call_amount or 0
    pot_after_call = view.pot + sum(view.bets) + call
    target = current + round(fraction * pot_after_call)
    assert view.seat is not None
    if target - view.bets[view.seat] >= 0.6 * (view.stacks[view.seat] + view.bets[view.seat]):
        target = high  # most of the stack: commit it all
    return Action.raise_to(min(max(target, low), high))


def check_or_fold(legal: LegalActions) -> Action:
    """Check when free, else fold."""
    return fallback_action(legal, ())


def _kept_pair_rank(cards: Sequence[Card]) -> int:
    """The rank of the highest pair (-1 if none; a joker pairs an ace)."""
    ranks = [c.rank if not c.is_joker else 12 for c in cards]
    pairs = [r for r in set(ranks) if ranks.count(r) >= 2]
    return max(pairs, default=-1)


def _draw_action(legal: LegalActions, discard: Sequence[Card]) -> Action:
    return Action.discard(discard[: legal.max_discard])


# -- the yardsticks -----------------------------------------------------------------


class RandomBot(Bot):
    """Uniform over the legal action kinds, with sensible amounts (the minimum
    raise up to a pot-sized one); draws a uniform number of random cards."""

    name = "random"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """A uniformly chosen legal action kind."""
        legal = view.legal
        assert legal is not None
        rng = self.rng
        if legal.decision == "bet":
            kinds = ["check_or_call"]
            if legal.can_fold:
                kinds.append("fold")
            if legal.min_raise_to is not None:
                kinds.append("raise_to")
            kind = rng.choice(kinds)
            if kind == "raise_to":
                action = bet_to(view, legal, rng.uniform(0.0, 1.0))
                assert action is not None
                return action
            return Action.fold() if kind == "fold" else Action.check_or_call()
        if legal.decision == "draw":
            count = rng.randint(0, min(legal.max_discard, len(view.hole)))
            return Action.discard(rng.sample(view.hole, count))
        if legal.decision == "discard":
            return Action.discard(rng.sample(view.hole, legal.discard_count))
        return Action(legal.decision if rng.random() < 0.5 else "decline")


class StationBot(Bot):
    """Calls everything, never raises; draws by the standard table."""

    name = "station"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Check or call; the standard draw."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "bet":
            return Action.check_or_call()
        if legal.decision == "draw":
            return _draw_action(legal, standard_discard(view.hole, info))
        return fallback_action(legal, view.hole)


# -- easy ---------------------------------------------------------------------------


class EasyBot(Bot):
    """Plays by hand class with fixed thresholds; draws by the standard table.

    Before the draw: two pair or better raises, a pair of jacks or better opens
    and calls up to the pot, a pair or a draw calls up to a third of the pot.
    After the draw: trips or better raises, two pair bets and calls up to the
    pot, a pair of jacks or better calls up to half the pot; else check or fold.
    """

    name = "easy"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """The fixed-threshold action."""
        legal = view.legal
        assert legal is not None
        if legal.decision == "draw":
            return _draw_action(legal, standard_discard(view.hole, info))
        if legal.decision != "bet":
            return fallback_action(legal, view.hole)
        read = read_view(view)
        strength = info.strength(category_of(view.hole, info))
        pair = _kept_pair_rank(view.hole)
        two_pair = info.strength(Category.TWO_PAIR)
        pot, call = read.pot_total, read.to_call
        if not read.after_draw:
            if strength >= two_pair:
                return self._raise_or_call(view, legal, read, 0.75)
            if pair >= 9:  # jacks or better
                if call == 0:
                    return bet_to(view, legal, 0.5) or Action.check_or_call()
                return Action.check_or_call() if call <= pot else check_or_fold(legal)
            drawing = pair >= 0 or len(standard_discard(view.hole, info)) == 1
            if drawing and call * 3 <= pot:
                return Action.check_or_call()
            return check_or_fold(legal)
        if strength > two_pair:
            return self._raise_or_call(view, legal, read, 0.75)
        if strength == two_pair:
            if call == 0:
                return bet_to(view, legal, 0.5) or Action.check_or_call()
            return Action.check_or_call() if call <= pot else check_or_fold(legal)
        if pair >= 9 and call * 2 <= pot:
            return Action.check_or_call()
        return check_or_fold(legal)

    @staticmethod
    def _raise_or_call(
        view: SeatView, legal: LegalActions, read: Reading, fraction: float
    ) -> Action:
        if read.raises_this_round < 2:
            action = bet_to(view, legal, fraction)
            if action is not None:
                return action
        return Action.check_or_call()


# -- medium -------------------------------------------------------------------------

# Chance of beating one opponent holding a typical hand, by my final category.
_WIN_VS_ONE = {
    Category.HIGH_CARD: 0.12,
    Category.PAIR: 0.40,
    Category.TWO_PAIR: 0.70,
    Category.TRIPS: 0.84,
    Category.STRAIGHT: 0.92,
    Category.FLUSH: 0.95,
    Category.FULL_HOUSE: 0.98,
    Category.QUADS: 1.0,
    Category.STRAIGHT_FLUSH: 1.0,
    Category.FIVE_OF_A_KIND: 1.0,
}

# What the number of cards an opponent drew says: the chance that my final
# category beats theirs (rows: cards drawn 0..5; columns: my category).
_BEAT_BY_DRAW = {
    0: (0.05, 0.10, 0.20, 0.30, 0.50, 0.65, 0.85, 0.97, 1.0, 1.0),
    1: (0.30, 0.55, 0.72, 0.85, 0.92, 0.95, 0.98, 1.0, 1.0, 1.0),
    2: (0.10, 0.18, 0.35, 0.70, 0.85, 0.92, 0.96, 1.0, 1.0, 1.0),
    3: (0.35, 0.60, 0.85, 0.93, 0.97, 0.98, 0.99, 1.0, 1.0, 1.0),
    4: (0.45, 0.72, 0.90, 0.96, 0.98, 0.99, 1.0, 1.0, 1.0, 1.0),
    5: (0.45, 0.72, 0.90, 0.96, 0.98, 0.99, 1.0, 1.0, 1.0, 1.0),
}


def _top_rank_fraction(cards: Sequence[Card], info: GameInfo) -> float:
    """Where the hand's leading rank (its largest group, highest first) sits in the
    deck's ranks: 0 for the lowest rank, 1 for the ace (a joker counts as an ace)."""
    ranks = [12 if c.is_joker else c.rank for c in cards]
    lead = max(ranks, key=lambda r: (ranks.count(r), r))
    return (lead - info.low) / (12 - info.low)


def draw_goal(opponents: int) -> dict[Category, float]:
    """The value of each final category against ``opponents`` players: the chance
    of beating a typical hand of each, ``p ** opponents``."""
    k = max(opponents, 1)
    return {c: p**k for c, p in _WIN_VS_ONE.items()}


class MediumBot(Bot):
    """Exact draw odds for the discard, strength, position and pot odds for bets,
    and a read of how many cards each opponent drew (see ``docs/bots.md``)."""

    name = "medium"

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Draw by the best expected value; bet by the estimated chance to win."""
        legal = view.legal
        assert legal is not None
        read = read_view(view)
        if legal.decision == "draw":
            return self.best_draw(view.hole, legal, info, len(read.live))
        if legal.decision != "bet":
            return fallback_action(legal, view.hole)
        win = self.win_chance(view, info, read)
        return self.bet_by_chance(view, legal, read, win)

    @staticmethod
    def best_draw(
        hole: Sequence[Card], legal: LegalActions, info: GameInfo, opponents: int
    ) -> Action:
        """The discard with the best expected value against ``draw_goal(opponents)``."""
        ranked = exact_discards(hole, draw_goal(opponents), min(legal.max_discard, 3), info)
        return Action.discard(ranked[0][0])

    @staticmethod
    def win_chance(view: SeatView, info: GameInfo, read: Reading) -> float:
        """The estimated chance to win at the showdown against the live opponents."""
        hole = view.hole
        category = category_of(hole, info)
        top = _top_rank_fraction(hole, info)
        if not read.after_draw:
            ranked = exact_discards(hole, draw_goal(len(read.live)), 3, info)
            win = ranked[0][1].value
            if category <= Category.PAIR:
                win *= 0.75 + 0.5 * top  # a pair of aces is worth more than a pair of sevens
            if read.aggressor_before - {read.seat}:
                win *= 0.7
            return min(win, 1.0)
        win = 1.0
        for seat in read.live:
            drew = read.drawn[seat]
            row = _BEAT_BY_DRAW[drew] if drew >= 0 else tuple(_WIN_VS_ONE.values())
            c = int(category)
            below = row[c - 1] if c > 0 else 0.0
            above = row[c + 1] if c < 9 else 1.0
            p = row[c] + (top - 0.5) * 0.5 * (above - below)
            p = min(max(p, 0.0), 1.0)
            if seat in read.aggressor_after:
                p **= 3  # a bet after the draw is seldom a bluff
            win *= p
        return win

    def bet_by_chance(
        self, view: SeatView, legal: LegalActions, read: Reading, win: float
    ) -> Action:
        """Bet, call or fold by the chance to win, the pot odds and the position."""
        last = read.behind == 0
        if read.to_call == 0:
            threshold = (0.55 if last else 0.62) if read.after_draw else (0.45 if last else 0.55)
            if win >= threshold:
                return bet_to(view, legal, 0.6 if win < 0.75 else 0.8) or Action.check_or_call()
            if last and win < 0.2 and len(read.live) <= 2 and self.rng.random() < 0.15:
                return bet_to(view, legal, 0.5) or Action.check_or_call()
            return Action.check_or_call()
        if win >= 0.75 and read.raises_this_round < 3:
            action = bet_to(view, legal, 0.8)
            if action is not None:
                return action
        if win >= read.pot_odds + 0.05:
            return Action.check_or_call()
        return check_or_fold(legal)


# -- hard ---------------------------------------------------------------------------


def _settled(estimate: float, samples: int, thresholds: Sequence[float], z: float = 2.5) -> bool:
    """Whether a Monte Carlo share ``estimate`` over ``samples`` deals is more than
    ``z`` standard errors from every threshold (more deals would not change the
    decision). The variance is floored at that of a share of 0.1.

    >>> _settled(0.05, 80, [0.45, 0.8]), _settled(0.4, 80, [0.45, 0.8])
    (True, False)
    """
    error = z * max(estimate * (1 - estimate), 0.09) ** 0.5 / samples**0.5
    return all(abs(estimate - t) > error for t in thresholds)


@dataclass(frozen=True, slots=True)
class RangeRead:
    """What a seat's betting says about its hand, for the ``hard`` bot's Monte Carlo.

    ``min_before``/``min_after``: the least score (:func:`pokerbonus.bots.kernels.score5`,
    0: no read) of its hand before/after the draw; ``bluff``: the chance that it
    bet a weaker hand; ``snow``: the chance that its draw was a bluff (it stood pat
    on a hand it would have drawn to).
    """

    min_before: int = 0
    min_after: int = 0
    bluff: float = 0.0
    snow: float = 0.0


def _min_score(info: GameInfo, category: Category, rank: int = 0) -> int:
    """The least score of ``category`` whose leading group has rank ``rank``."""
    groups = {Category.PAIR: 4, Category.TWO_PAIR: 3, Category.TRIPS: 3}.get(category, 1)
    return info.strength(category) << 20 | rank << 4 * (groups - 1)


@lru_cache(maxsize=16)
def pat_share(deck_size: int, wheel: bool) -> float:
    """The share of dealt hands the standard table stands pat on (a straight or
    better), exactly, for a deck of ``deck_size`` cards without jokers.

    >>> round(pat_share(32, True), 4), round(pat_share(52, True), 4)
    (0.0342, 0.0076)
    """
    ranks = deck_size // 4
    runs = ranks - 4 + (1 if wheel else 0)  # five ranks in a row (the wheel: ace low)
    straights = runs * 4**5  # the straight flushes included
    flushes = 4 * (comb(ranks, 5) - runs)
    full_or_quads = ranks * (ranks - 1) * (4 * 6 + 4)
    return (straights + flushes + full_or_quads) / comb(deck_size, 5)


def balanced_bluff(fraction: float) -> float:
    """The share of bluffs that makes a caller indifferent to a bet of ``fraction``
    of the pot: the bet risks ``fraction`` to win ``1 + fraction``, so the caller
    gets ``1 + 2 * fraction`` for ``fraction``.

    >>> balanced_bluff(1.0), round(balanced_bluff(0.5), 3), round(balanced_bluff(50.0), 3)
    (0.3333333333333333, 0.25, 0.495)
    """
    return fraction / (1 + 2 * fraction) if fraction > 0 else 0.0


SNOW_RATE = (0.02, 0.005)
"""How often a player is assumed to snow (stand pat on a hand it would draw to, to
bluff), heads-up at the draw and multiway: the prior of :func:`read_ranges`."""


SMALL_BET = 1 / 3
"""A bet or raise under this fraction of the pot is small: it buys a cheap
showdown or a cheap steal, and :func:`read_ranges` reads one category less."""

USUAL_BET_RATE = ((0.4, 0.6), (0.3, 0.4))
"""How often a usual player bets when nothing is to call, heads-up and multiway,
before and after the draw (a little above what ``hard`` and ``expert`` measure of
each other: 0.31 and 0.49 to 0.56 heads-up, 0.12 to 0.27 and 0.26 to 0.30
four-handed): the prior of :meth:`HardBot.dilution`, and the rate under which
a player's opening bets are read as usual."""

LOOSE = 0.6
"""An opponent whose measured rate of opening bets makes a usual player's share of
them (:meth:`HardBot.dilution`) less than this is a loose bettor: ``hard``
defends against its opening bets after the draw by the minimum defence
(:meth:`HardBot.defends`), and ``expert`` answers them with ``hard``'s read."""

STEAL_MARGIN = 0.1
"""How far the measured fold equity of the bot's own bets must pass the break-even
share of a bluff (``x / (1 + x)`` for a bet of ``x`` pots) before ``hard`` bets
hands it would check (:meth:`HardBot.steals`)."""

STICKY_MARGIN = 0.2
"""How far under the break-even share the measured fold equity of the bot's own
bets must fall for ``hard`` to read its opponents as callers who seldom fold: it
then never bluffs and bets for value thinner (:meth:`HardBot.sticky`)."""

_LOWER: dict[Category, tuple[Category, int]] = {
    Category.PAIR: (Category.HIGH_CARD, 0),
    Category.TWO_PAIR: (Category.PAIR, 0),
    Category.TRIPS: (Category.TWO_PAIR, 0),
    Category.STRAIGHT: (Category.TRIPS, 0),
}


def read_ranges(
    view: SeatView,
    info: GameInfo,
    pat_rates: Mapping[int, float] | None = None,
    dilution: Mapping[int, Sequence[float]] | None = None,
) -> dict[int, RangeRead]:
    """The range read of every seat from the public log.

    A bet (or raise) says more when it goes into more live players, and a raise
    more than a bet. Before the draw: an opening into at most two others shows a
    pair of jacks or better, into three or more two pair; a raise two pair
    heads-up, trips multiway. After the draw: a bet two pair heads-up, trips
    multiway; a raise trips heads-up, a straight multiway. Bluffs: a fifth of
    bets heads-up, one in twenty multiway, half as many raises; and at least
    the balanced share of the bet's size (:func:`balanced_bluff`: a third of
    pot-sized bets, nearly half of all-ins much larger than the pot), halved for
    a raise, a quarter of that multiway. Bets all under :data:`SMALL_BET` of the
    pot read one category less (no read for a small opening heads-up), except in
    limit, where the size is the rule's. A player
    who stood pat holds a pat hand
    (:func:`pat_share` of the deals) or snows (:data:`SNOW_RATE` of the deals):
    ``snow`` is the share of snows among the two. ``pat_rates``: a seat's
    measured share of deals it stood pat in (:class:`~pokerbonus.bots.model.OpponentModel`);
    what it stands pat more often than a pat hand would, ``r - pat_share``, is its
    snow rate, and the prior of the table (heads-up or multiway) is scaled by that
    rate over the heads-up prior when it is higher: with no hands seen
    (``r = pat_share + SNOW_RATE[0]``) and for a player measured to snow less, the
    read is the prior's (the model finds players who snow more than the prior
    says; it never lowers the read under the prior, which the minimum defence of
    :meth:`HardBot.defends` rests on). ``dilution``: per seat and betting round,
    the share of its opening bets (the first bet of a round) that a player betting
    as often as a usual one would make (:meth:`HardBot.dilution`: 1 for a usual
    player, 0.3 for one who bets three times as often); the rest are counted as
    bluffs (``bluff' = 1 - (1 - bluff) * dilution``): a player who bets every time
    it is checked to bets mostly weak hands.

    >>> from pokerbonus.engine import Hand
    >>> from pokerbonus.rules import FIVE_CARD_DRAW
    >>> hand = Hand(FIVE_CARD_DRAW, [100, 100, 100], dealer=0)
    >>> hand.complete_bet_or_raise_to(3)  # seat 1 opens into two players
    >>> info = GameInfo.from_game(FIVE_CARD_DRAW, 3)
    >>> read = read_ranges(hand.view(2), info)
    >>> read[1].min_before == _min_score(info, Category.PAIR, 9), read[0].min_before
    (True, 0)
    """
    n = view.players
    folded = [False] * n
    level = [[0] * n, [0] * n]  # per round: 1 bet, 2 raised
    multiway = [[False] * n, [False] * n]
    sized = [[0.0] * n, [0.0] * n]  # per round: the least balanced bluff share of its bets
    opened = [[False] * n, [False] * n]  # per round: its first bet was the round's opening
    largest = [[0.0] * n, [0.0] * n]  # per round: its largest bet, as a fraction of the pot
    drew = [-1] * n
    live_at_draw = 0
    round_ = 0
    bets = 0
    for event, round_now, fraction in _bet_sizes(view):
        if round_now != round_:  # the first draw: the round after it starts
            round_, bets = round_now, 0
            live_at_draw = sum(1 for t in range(n) if not folded[t])
        if isinstance(event, Drew):
            drew[event.seat] = event.count
        elif isinstance(event, Folded):
            folded[event.seat] = True
        elif isinstance(event, BetOrRaised):
            s = event.seat
            others = sum(1 for t in range(n) if t != s and not folded[t])
            first = level[round_][s] == 0
            if first:
                opened[round_][s] = bets == 0
            level[round_][s] = max(level[round_][s], 2 if bets else 1)
            multiway[round_][s] = multiway[round_][s] or others >= (3 if round_ == 0 else 2)
            share = balanced_bluff(fraction) if fraction > 1 else 0.0  # overbets only
            sized[round_][s] = share if first else min(sized[round_][s], share)
            largest[round_][s] = max(largest[round_][s], fraction)
            bets += 1
    pair, two, trips = Category.PAIR, Category.TWO_PAIR, Category.TRIPS
    table = {  # (round, level, multiway) -> least hand
        (0, 1, False): (pair, 9), (0, 1, True): (two, 0),
        (0, 2, False): (two, 0), (0, 2, True): (trips, 0),
        (1, 1, False): (two, 0), (1, 1, True): (trips, 0),
        (1, 2, False): (trips, 0), (1, 2, True): (Category.STRAIGHT, 0),
    }  # fmt: skip
    chosen_size = info.betting != "limit"  # in limit the size is the rule's, not the bettor's
    pat = pat_share(info.deck_size, info.wheel)
    prior = SNOW_RATE[0] if live_at_draw <= 2 else SNOW_RATE[1]
    reads: dict[int, RangeRead] = {}
    for s in range(n):
        mins = [0, 0]
        bluff = 1.0
        diluted = 0.0  # the bluff share of a diluted opening bet (it overrides the others)
        for r in (0, 1):
            if level[r][s]:
                category, rank = table[(r, level[r][s], multiway[r][s])]
                if chosen_size and largest[r][s] < SMALL_BET:  # one category less
                    category, rank = _LOWER.get(category, (category, 0))
                mins[r] = _min_score(info, category, rank) if category > Category.HIGH_CARD else 0
                chance = (0.05 if multiway[r][s] else 0.2) / level[r][s]
                by_size = sized[r][s] / level[r][s] * (0.25 if multiway[r][s] else 1.0)
                loose = max(chance, by_size)
                bluff = min(bluff, loose)
                if (
                    dilution is not None
                    and s in dilution
                    and opened[r][s]
                    and level[r][s] == 1  # a raise after its opening is no longer diluted
                    and dilution[s][r] < 1
                ):
                    diluted = max(diluted, 1.0 - (1.0 - loose) * max(dilution[s][r], 0.0))
        snows = prior
        if pat_rates is not None and s in pat_rates and SNOW_RATE[0] > 0:
            snows *= max(pat_rates[s] - pat, SNOW_RATE[0]) / SNOW_RATE[0]  # more than the prior
        snow = snows / (snows + pat) if drew[s] == 0 else 0.0
        bluff = max(bluff if bluff < 1.0 else 0.0, diluted)
        reads[s] = RangeRead(mins[0], mins[1], bluff, snow)
    return reads


def facing_fraction(view: SeatView) -> float:
    """The size of the bet or raise this seat faces, as a fraction of the pot after
    calling it (the measure of :func:`read_ranges`; 0 when nothing is to call).

    >>> from pokerbonus.engine import Hand
    >>> from pokerbonus.rules import FIVE_CARD_DRAW
    >>> hand = Hand(FIVE_CARD_DRAW, [100, 100], dealer=0)
    >>> hand.complete_bet_or_raise_to(99)  # all in into the two antes
    >>> round(facing_fraction(hand.view(hand.actor)), 1)
    49.5
    """
    legal = view.legal
    if legal is None or not legal.call_amount:
        return 0.0
    fraction = 0.0
    round_ = 0
    for event, round_now, size in _bet_sizes(view):
        if round_now != round_:  # a new betting round: nothing bet in it yet
            round_, fraction = round_now, 0.0
        if isinstance(event, BetOrRaised):
            fraction = size
    return fraction


def _bet_sizes(view: SeatView) -> Iterator[tuple[Event, int, float]]:
    """Each event of the seat's log with its betting round (0 before the draw, 1
    from the first draw on) and, for a bet or raise, its size beyond the call as a
    fraction of the pot after calling (0.0 for every other event): the chip count
    :func:`read_ranges` and :func:`facing_fraction` both read."""
    n = view.players
    round_ = 0
    committed = 0  # chips in the pot and on the table
    put = [0] * n  # this round
    top = 0  # the bet to call this round
    for event in view.log:
        fraction = 0.0
        if isinstance(event, Drew):
            if round_ == 0:
                round_, put, top = 1, [0] * n, 0
        elif isinstance(event, (AntePosted, PotBought)):
            committed += event.amount
        elif isinstance(event, (BlindPosted, Called)):
            committed += event.amount
            put[event.seat] += event.amount
            top = max(top, put[event.seat])
        elif isinstance(event, BetReturned):
            committed -= event.amount
            put[event.seat] -= event.amount
        elif isinstance(event, BetOrRaised):
            call = max(top - put[event.seat], 0)
            fraction = max(event.to - top, 0) / max(committed + call, 1)
            committed += event.amount
            put[event.seat] += event.amount
            top = max(top, event.to)
        yield event, round_, fraction


class HardBot(Bot):
    """Equity against ranges read from the betting and the draws (Monte Carlo),
    pot odds, bluffs at a frequency tied to the bet size, pat bluffs ("snowing").

    Falls back to :class:`MediumBot`'s reasoning at tables with jokers (the
    compiled evaluator does not rate jokers).
    """

    name = "hard"
    value_fraction = 0.7
    pre_margin = 0.15
    post_bet = (0.55, 0.5, 0.45)  # equity to bet after the draw, by opponents (1, 2, 3+)
    pre_raise = 0.5
    post_raise = 0.8
    behind_margin = 0.02  # more equity to call per live player still to speak
    samples = 400
    chunk = 80

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._medium = MediumBot(seed)
        self._snow = False
        self.model = OpponentModel()

    def warm_up(self, info: GameInfo) -> None:
        """Compile the kernels once."""
        deck = np.array([int(c) for c in make_deck(info.deck_size)], dtype=np.int64)
        minus_one = np.array([-1], dtype=np.int64)
        zero = np.zeros(1, dtype=np.int64)
        none = np.zeros(1)
        showdown_equity(deck[:5], 0, deck[5:], minus_one, zero, zero, none, none, 1, 0,
                        info.low, info.wheel, info.order)  # fmt: skip

    def new_hand(self, seat: int, info: GameInfo) -> None:
        """Forget the plan of the last hand."""
        self._snow = False

    def hand_over(self, view: SeatView, info: GameInfo) -> None:
        """Count the finished hand in the opponent model (the stand-pat rates)."""
        self.model.observe(view)

    def pat_rates(self, view: SeatView, info: GameInfo) -> dict[int, float]:
        """Each opponent's estimated stand-pat rate (:class:`OpponentModel`, the prior
        a player standing pat on pat hands and snowing at the heads-up rate)."""
        assert view.seat is not None
        prior = pat_share(info.deck_size, info.wheel) + SNOW_RATE[0]
        return {
            s: self.model.pat_rate(view.seat, s, view.players, prior)
            for s in range(view.players)
            if s != view.seat
        }

    def dilution(self, view: SeatView) -> dict[int, tuple[float, float]]:
        """Per opponent, before and after the draw: the share of its opening bets a
        usual player would make, ``USUAL_BET_RATE / r`` (at most 1) for its measured
        rate ``r`` of betting when nothing is to call (:class:`OpponentModel`, the
        prior the usual rate), for :func:`read_ranges`."""
        assert view.seat is not None
        n = view.players
        usual = USUAL_BET_RATE[0 if n <= 2 else 1]
        return {
            s: (
                min(1.0, usual[0] / self.model.bet_rate(view.seat, s, n, 0, usual[0])),
                min(1.0, usual[1] / self.model.bet_rate(view.seat, s, n, 1, usual[1])),
            )
            for s in range(n)
            if s != view.seat
        }

    def ranges(self, view: SeatView, info: GameInfo) -> dict[int, RangeRead]:
        """:func:`read_ranges` with this bot's opponent model (stand-pat rates and
        the dilution of frequent bettors' bets)."""
        return read_ranges(view, info, self.pat_rates(view, info), self.dilution(view))

    def fold_equity(self, view: SeatView, read: Reading, size: float) -> tuple[float, float]:
        """The measured share of this bot's bets (raises when something is to call)
        in this betting round, into as many live opponents, that every opponent
        folded to (:meth:`OpponentModel.fold_equity`; the prior: the break-even
        share), and the break-even share of a bluff of ``size`` pots."""
        even = size / (1 + size)
        fe = self.model.fold_equity(
            view.players, int(read.after_draw), read.to_call > 0, len(read.live), even
        )
        return fe, even

    def sticky(self, view: SeatView, read: Reading) -> bool:
        """Whether the opponents fold to this bot's bets far less than a bluff needs
        (:data:`STICKY_MARGIN` under the break-even share): no bluffs then, and
        thinner value bets."""
        fe, even = self.fold_equity(view, read, self.value_fraction)
        return fe < even - STICKY_MARGIN

    def steals(self, view: SeatView, read: Reading, equity: float) -> bool:
        """Whether a bet of :attr:`value_fraction` pots with a hand of ``equity``
        earns more than a check, by the measured fold equity of this bot's bets,
        once that passes the break-even share by :data:`STEAL_MARGIN`: the bet wins
        the pot (1) when all fold, and when called risks ``x`` for a share ``q`` of
        ``1 + 2x`` (``q``: the equity against the callers, stronger than the range:
        half of ``equity`` after the draw, 0.8 of it before); the check keeps
        ``equity`` of the pot."""
        size = self.value_fraction
        fe, even = self.fold_equity(view, read, size)
        if fe < even + STEAL_MARGIN:
            return False
        q = equity * (0.5 if read.after_draw else 0.8)
        return fe + (1 - fe) * (q * (1 + 2 * size) - size) > equity

    def decide(self, view: SeatView, info: GameInfo, budget: Budget = UNLIMITED) -> Action:
        """Equity-driven action (see the class doc)."""
        legal = view.legal
        assert legal is not None
        if info.jokers:
            return self._medium.decide(view, info, budget)
        read = read_view(view)
        if legal.decision == "draw":
            return self._draw(view, legal, info, read)
        if legal.decision != "bet":
            return fallback_action(legal, view.hole)
        strong, raise_at, call_at = self.thresholds(read)
        decide_at = (strong,) if read.to_call == 0 else (raise_at, call_at)
        equity = self.equity(view, info, read, budget, decide_at)
        if equity is None:
            return fallback_action(legal, view.hole)
        if equity < call_at and self.defends(view, info, read, budget):
            return Action.check_or_call()
        return self._bet(view, legal, read, equity)

    def loose_bettor(self, view: SeatView) -> int | None:
        """The seat whose opening bet this seat faces, when that bet is the only bet
        of the round so far and its maker opens far more often than a usual player
        (:meth:`dilution` under :data:`LOOSE`), else ``None``."""
        if view.seat is None:
            return None
        bettor = None
        for event in reversed(view.log):
            if isinstance(event, Drew):
                break
            if isinstance(event, BetOrRaised):
                if bettor is not None:
                    return None  # a raise: not an opening bet
                bettor = event.seat
        if bettor is None or bettor == view.seat:
            return None
        round_ = 0 if not any(isinstance(e, Drew) for e in view.log) else 1
        return bettor if self.dilution(view)[bettor][round_] < LOOSE else None

    def defends(self, view: SeatView, info: GameInfo, read: Reading, budget: Budget) -> bool:
        """The minimum defence against a stand-pat bettor: heads-up after the draw,
        facing a bet or raise of ``x`` pots from an opponent who stood pat, whether
        this hand is in the top ``1 / (1 + x)`` of this seat's own range (the share a
        caller must defend so that a bluff of that size does not profit whatever the
        bettor holds; half the range against a pot-sized bet). Only while the
        bettor's stand-pats are snows at least as often as a balanced bet of that
        size bluffs (``RangeRead.snow >= balanced_bluff(x)``: the prior's 37% with 32
        cards against a pot bet; not against a bet of three pots, which a balanced
        bettor makes with 43% of bluffs, unless the model measured more snows). The
        hand's place in its range is its Monte Carlo equity against a hand dealt as
        the range reads this seat's own line (:func:`read_ranges`: its draw and its
        bets).

        The same defence against a loose bettor's opening bet after the draw
        (:meth:`loose_bettor`: a player measured to bet far more often than a usual
        one when checked to), heads-up or multiway: with ``m`` players facing the
        bet, each defends the top ``1 - (x / (1 + x)) ** (1 / m)`` of its range, so
        that all of them fold together no more often than a bluff of that size
        needs (against a minimum bet of a fifth of the pot, 83% of the range
        heads-up, 45% each of three)."""
        if not read.after_draw or read.to_call <= 0 or read.drawn[read.seat] < 0:
            return False
        x = facing_fraction(view)
        if x <= 0.0:
            return False
        ranges = self.ranges(view, info)
        loose = self.loose_bettor(view)
        if loose is not None:
            share = 1.0 - (x / (1 + x)) ** (1.0 / max(len(read.live), 1))
        else:
            if len(read.live) != 1:
                return False
            (bettor,) = read.live
            if read.drawn[bettor] != 0 or ranges[bettor].snow < balanced_bluff(x):
                return False  # its stand-pats are too seldom snows for a balanced bet that size
            share = 1.0 / (1 + x)
        own = ranges[read.seat]
        mine = np.array([int(c) for c in view.hole], dtype=np.int64)
        known = set(view.hole)
        unseen = np.array(
            [int(c) for c in make_deck(info.deck_size) if c not in known], dtype=np.int64
        )
        total = min(budget.samples, self.samples)
        if total <= 0 or budget.expired():
            return False
        place = showdown_equity(
            mine, 0, unseen,
            np.array([read.drawn[read.seat]], dtype=np.int64),
            np.array([own.min_before], dtype=np.int64),
            np.array([own.min_after], dtype=np.int64),
            np.array([own.bluff]), np.array([own.snow]),
            total, self.rng.getrandbits(31), info.low, info.wheel, info.order,
        )  # fmt: skip
        return bool(place >= 1.0 - share)

    def _draw(self, view: SeatView, legal: LegalActions, info: GameInfo, read: Reading) -> Action:
        hole = view.hole
        category = category_of(hole, info)
        hopeless = category == Category.HIGH_CARD and len(standard_discard(hole, info)) == 3
        if self._snow or (
            hopeless
            and len(read.live) == 1
            and read.seat in read.aggressor_before
            and self.rng.random() < 0.5
        ):
            self._snow = True
            return Action.stand_pat()
        return MediumBot.best_draw(hole, legal, info, len(read.live))

    def equity(
        self,
        view: SeatView,
        info: GameInfo,
        read: Reading,
        budget: Budget,
        decide_at: Sequence[float] = (),
    ) -> float | None:
        """Monte Carlo share of the pot at the showdown against the read ranges
        (:func:`read_ranges`), or ``None`` if the budget ran out before the first
        chunk of deals. ``decide_at``: the thresholds the answer is compared with;
        the deals stop early once the estimate is clearly away from all of them."""
        hole = view.hole
        mine = np.array([int(c) for c in hole], dtype=np.int64)
        my_mask = 0
        if not read.after_draw and read.drawn[read.seat] < 0:
            thrown = set(standard_discard(hole, info))
            my_mask = sum(1 << i for i, c in enumerate(hole) if c in thrown)
        known = set(hole)
        unseen = np.array(
            [int(c) for c in make_deck(info.deck_size) if c not in known], dtype=np.int64
        )
        opponents = read.live
        drawn = np.array([read.drawn[s] for s in opponents], dtype=np.int64)
        ranges = self.ranges(view, info)
        before = np.array([ranges[s].min_before for s in opponents], dtype=np.int64)
        after = np.array([ranges[s].min_after for s in opponents], dtype=np.int64)
        loose = np.array([ranges[s].bluff for s in opponents], dtype=np.float64)
        snow = np.array([ranges[s].snow for s in opponents], dtype=np.float64)
        total = min(budget.samples, self.samples)
        done = 0
        share = 0.0
        while done < total:
            if budget.expired():
                break
            n = min(self.chunk, total - done)
            seed = self.rng.getrandbits(31)
            share += n * showdown_equity(
                mine, my_mask, unseen, drawn, before, after, loose, snow, n, seed,
                info.low, info.wheel, info.order,
            )  # fmt: skip
            done += n
            if decide_at and _settled(share / done, done, decide_at):
                break
        if done == 0:
            return None
        return share / done

    def thresholds(self, read: Reading) -> tuple[float, float, float]:
        """The equity to bet (when nobody has), to raise and to call (facing a bet)."""
        k = max(len(read.live), 1)
        fair = 1.0 / (k + 1)
        if read.after_draw:
            # only better hands call a bet after the draw: value needs the best hand
            # most of the time, more so heads-up (one caller with a fair range)
            strong = self.post_bet[min(k, len(self.post_bet)) - 1]
            raise_at = self.post_raise  # called or re-raised by the top of the range only
        else:
            strong = fair + (1 - fair) * self.pre_margin
            raise_at = max(self.pre_raise, strong + 0.25 * (1 - strong))
        margin = (0.0 if read.after_draw else 0.03) + self.behind_margin * read.behind
        return strong, raise_at, read.pot_odds + margin

    def _bet(self, view: SeatView, legal: LegalActions, read: Reading, equity: float) -> Action:
        k = max(len(read.live), 1)
        fair = 1.0 / (k + 1)
        call = read.to_call
        size = self.value_fraction
        # bluff:value ratio of a balanced bet of size s (pot fractions): s / (1 + s)
        # (about a third of hands bet for value and half are weak, so a weak hand
        # bluffs with probability 0.6 * s / (1 + s) after the draw, half that before)
        bluff_rate = (0.6 if read.after_draw else 0.3) * size / (1 + size)
        strong, raise_at, call_at = self.thresholds(read)
        if call == 0:
            if equity >= strong:
                return bet_to(view, legal, size) or Action.check_or_call()
            if self._snow and read.after_draw:
                return bet_to(view, legal, size) or Action.check_or_call()
            if self.sticky(view, read):  # callers: no bluff, value from a fair share on
                thin = (fair + strong) / 2
                if equity >= thin:
                    return bet_to(view, legal, size) or Action.check_or_call()
                return Action.check_or_call()
            if self.steals(view, read, equity):
                return bet_to(view, legal, size) or Action.check_or_call()
            bluffing = k <= (1 if read.after_draw else 2) and equity < 0.6 * fair
            if bluffing and (read.behind == 0 or k == 1) and self.rng.random() < bluff_rate:
                return bet_to(view, legal, size) or Action.check_or_call()
            return Action.check_or_call()
        if equity >= raise_at and read.raises_this_round < 3:
            action = bet_to(view, legal, 1.0)
            if action is not None:
                return action
        if equity >= call_at:
            return Action.check_or_call()
        return check_or_fold(legal)


BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "station": StationBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
"""The draw bots by difficulty name; ``pokerbonus.bots`` adds ``expert``
(:class:`pokerbonus.bots.expert.ExpertBot`, which builds on :class:`HardBot`)."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of difficulty ``name`` with its own seeded ``random.Random``.

    >>> make_bot("station", seed=1).name
    'station'
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bot: unknown difficulty 'genius' \
(expected one of random, station, easy, medium, hard, expert)
    """
    cls = BOTS.get(name)
    if cls is None:
        raise ConfigurationError(
            f"bot: unknown difficulty {name!r} (expected one of {', '.join(LADDER)})"
        )
    return cls(seed)
