"""Local best response (LBR) in the real French draw game, heads-up and four-handed.

LBR (Lisy and Bowling, 2017) measures how exploitable a bot is without solving
the game: a responder plays the real game against the bot and, at each of its
decisions, takes the action of highest expected value against the bot's range,
the range being computed from the bot's own strategy. Its winnings are a lower
bound of the bot's exploitability (it is one strategy among all; a best
response wins at least as much).

The responder here:

- **Range.** ``particles`` hands of the bot, dealt from the cards the responder
  cannot see, each with a weight: after each action of the bot the weight is
  multiplied by the probability that the bot takes that action with that hand
  (for ``expert`` the exact probability of its strategy; for another bot one
  simulated decision of a copy of it, probability 0 or 1). When the bot draws
  ``k`` cards each particle discards what the bot would discard for ``k`` and
  gets ``k`` random replacements from the cards the responder cannot see.
- **Betting.** With ``wp`` its chance of winning at the showdown if nobody bets
  again (the draws included: its own best draw against the range, the bot's by
  its strategy), calling ``c`` into ``P`` chips is worth ``wp (P + c) - c``;
  betting or raising ``b`` chips more (``0.5`` and ``1`` pot, the all-in; the
  fixed bet in limit) is worth ``fp P + (1 - fp) (wc (P + 2b - c) - b)``, ``fp``
  the share of the range that folds to it (from the bot's strategy) and ``wc``
  the chance of winning against the part of the range that does not fold
  (Lisy and Bowling use ``wp`` there: against a bot that calls a big bet only
  with strong hands that responder bets too much, and loses); folding is worth
  0. It takes the best.
- **Draw.** The discard of 0 to 3 cards (the abstraction's best discard of each
  count) with the best ``wp`` against the range.

**Four-handed** (any table of three or more): the responder in one seat, a copy
of the bot in each other seat, each with its own range of particles weighed by
its own strategy (particles of different opponents are dealt independently).
A decision's values come from ``configs`` sampled showdowns if nobody bets
again: a particle of each live opponent by weight, the draws of those still to
draw from their strategies, the responder's planned draw. A call is worth
``share (P + c) - c`` (``share``: 1 when the responder's final hand beats every
other, split on ties); a raise adding ``b`` (the minimum raise, half a pot, a
pot, the all-in) is worth, per sampled showdown, the sum over every subset of
opponents who fold (each by its particle's chance of folding facing the raise,
the opponents before it calling) of ``P`` when all fold, else
``share (P + b + owed) - b`` against those who call. Folding is worth 0.

Matches are duplicate (each deal played with the responder in each seat), from
100-ante stacks, and reported in mbb/hand of the responder with a 95% interval
over deals, as :mod:`pokerbonus.sim.match` does.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np
import numpy.typing as npt

from pokerbonus.bots import make_bot
from pokerbonus.bots.base import Bot, GameInfo, fallback_action
from pokerbonus.bots.expert_table import covered_strategy, locate, strategy_after_draw
from pokerbonus.cards import Card, make_deck
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import Drew
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import game_for
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError, IllegalActionError
from pokerbonus.hands.classes import BINOM, class_tables
from pokerbonus.sim.match import Z95, stakes_for
from pokerbonus.solvers.french import cards as french_cards
from pokerbonus.solvers.french.store import Strategy
from pokerbonus.solvers.french.tree import ACT_FOLD, ACT_RAISE, BET, DRAW

__all__ = ["BotModel", "ExpertModel", "LbrResult", "RangeModel", "lbr_match"]

Choice = list[tuple[Action, float]]


class RangeModel(Protocol):
    """The bot's strategy as the responder reads it: for a view (the bot's seat, its
    cards replaced by each particle's), the probability of each action."""

    def distributions(
        self,
        view: SeatView,
        info: GameInfo,
        holes: Sequence[tuple[Card, ...]],
        index: Sequence[int],
    ) -> list[Choice]:
        """One distribution per hand of ``holes`` (``index``: the particles' numbers)."""
        ...


class ExpertModel:
    """``expert``'s exact probabilities: its strategy at the node the hand is at; where
    the hand has left its abstract tree (a bet it reads as an all-in that was not,
    then more betting), ``expert`` plays ``hard``'s move, read as :class:`BotModel`
    reads ``hard``."""

    def __init__(self, seed: int = 0) -> None:
        self._choices: dict[int, float] = {}
        self._rng = random.Random(seed)
        self._hard = BotModel("hard", seed)

    def reset(self) -> None:
        """Forget the last hand's translation draws (and ``hard``'s plans)."""
        self._choices = {}
        self._hard.reset()

    def distributions(
        self,
        view: SeatView,
        info: GameInfo,
        holes: Sequence[tuple[Card, ...]],
        index: Sequence[int],
    ) -> list[Choice]:
        """Exact distributions (module doc)."""
        strategy = covered_strategy(view, info)
        if strategy is None:
            raise ConfigurationError("LBR: expert plays no strategy at this table")
        where = locate(view, strategy, self._choices, self._rng)
        if where.node is None or view.seat is None:
            return self._hard.distributions(view, info, holes, index)
        tree = strategy.tree
        me = (view.seat - view.dealer - 1) % view.players
        if where.capped and where.down:
            return self._hard.distributions(view, info, holes, index)
        if where.capped:
            return self._capped(view, info, strategy, where.last_bet, holes, index)
        node = where.node
        post = int(tree.drawn[node, me]) >= 0
        if (
            int(tree.kind[node]) not in (BET, DRAW)
            or int(tree.actor[node]) != me
            or (post and not strategy_after_draw(strategy) and int(tree.kind[node]) == BET)
        ):
            return self._hard.distributions(view, info, holes, index)
        kids = list(tree.children(node))
        out: list[Choice] = []
        for hole in holes:
            cards = tuple(int(c) for c in hole)
            bucket = strategy.cards.post_bucket(cards) if post else strategy.cards.pre_bucket(cards)
            probs = strategy.probabilities(node, bucket)
            if int(tree.kind[node]) == DRAW:
                out.append([
                    (Action.discard(strategy.cards.discard(cards, int(tree.amount[c]))), float(p))
                    for c, p in zip(kids, probs, strict=True)
                ])  # fmt: skip
            else:
                out.append(
                    [(_kind_action(tree, c), float(p)) for c, p in zip(kids, probs, strict=True)]
                )
        return out

    def _capped(
        self,
        view: SeatView,
        info: GameInfo,
        strategy: Strategy,
        node: int | None,
        holes: Sequence[tuple[Card, ...]],
        index: Sequence[int],
    ) -> list[Choice]:
        return _capped_choices(self, view, info, strategy, node, holes, index)


def _capped_choices(
    model: ExpertModel,
    view: SeatView,
    info: GameInfo,
    strategy: Strategy,
    node: int | None,
    holes: Sequence[tuple[Card, ...]],
    index: Sequence[int],
) -> list[Choice]:
    """``expert`` in a capped round: the fold/call probabilities of its last decision
    of the round (:class:`pokerbonus.bots.expert_table.StrategyPlayer`)."""
    legal = view.legal
    if node is None or legal is None or legal.call_amount is None:
        return model._hard.distributions(view, info, holes, index)
    tree = strategy.tree
    me = int(tree.actor[node])
    post = int(tree.drawn[node, me]) >= 0
    kids = list(tree.children(node))
    out: list[Choice] = []
    for hole in holes:
        cards = tuple(int(c) for c in hole)
        bucket = strategy.cards.post_bucket(cards) if post else strategy.cards.pre_bucket(cards)
        probs = strategy.probabilities(node, bucket)
        fold = sum(float(p) for c, p in zip(kids, probs, strict=True) if int(tree.act[c]) == 0)
        total = float(sum(probs))
        if total <= 0.0 or not legal.can_fold:
            out.append([(Action.check_or_call(), 1.0)])
        else:
            out.append([(Action.fold(), fold / total), (Action.check_or_call(), 1 - fold / total)])
    return out


def _kind_action(tree: object, child: int) -> Action:
    act = int(tree.act[child])  # type: ignore[attr-defined]
    if act == ACT_FOLD:
        return Action.fold()
    if act == ACT_RAISE:
        return Action.raise_to(0)
    return Action.check_or_call()


class BotModel:
    """Any bot, read by simulation: one decision of a copy of it per hand (the
    ``hard`` bot's snowing plan is kept per particle)."""

    def __init__(self, name: str | Bot, seed: int) -> None:
        self.bot: Bot = make_bot(name, seed) if isinstance(name, str) else name
        self._plans: dict[int, bool] = {}

    def reset(self) -> None:
        """Forget the particles' plans (a new hand)."""
        self._plans = {}

    def distributions(
        self,
        view: SeatView,
        info: GameInfo,
        holes: Sequence[tuple[Card, ...]],
        index: Sequence[int],
    ) -> list[Choice]:
        """One simulated decision per hand."""
        out: list[Choice] = []
        for i, hole in zip(index, holes, strict=True):
            if hasattr(self.bot, "_snow"):
                self.bot._snow = self._plans.get(i, False)
            action = self.bot.decide(replace(view, hole=tuple(hole)), info)
            if hasattr(self.bot, "_snow"):
                self._plans[i] = bool(self.bot._snow)
            out.append([(action, 1.0)])
        return out


@dataclass(frozen=True, slots=True)
class LbrResult:
    """The responder's result: mbb/hand (unit: the ante) and the 95% interval over
    duplicate deals, the hands played, and how often the range emptied (then it is
    dealt again from the unseen cards)."""

    bot: str
    hands: int
    mbb_per_hand: float
    ci95: tuple[float, float]
    resets: int


class _Range:
    """Particles of the bot's hand (module doc)."""

    def __init__(
        self, count: int, deck: Sequence[Card], known: set[Card], rng: random.Random
    ) -> None:
        self.rng = rng
        self.deck = list(deck)
        self.count = count
        self.resets = 0
        self.deal(known)

    def deal(self, known: set[Card]) -> None:
        unseen = [c for c in self.deck if c not in known]
        self.holes = [tuple(self.rng.sample(unseen, 5)) for _ in range(self.count)]
        self.weights = np.ones(self.count)
        self.drawn = False

    def live(self) -> list[int]:
        return [i for i in range(self.count) if self.weights[i] > 0.0]


def _values(deck: int) -> npt.NDArray[np.int32]:
    return np.ascontiguousarray(class_tables(deck).value[0]).astype(np.int32)


def _value(cards: Sequence[int], values: npt.NDArray[np.int32]) -> int:
    ranks = np.empty(5, dtype=np.int64)
    return int(french_cards._value_of(np.asarray(cards, dtype=np.int64), values, ranks, BINOM))


class _Responder:
    """The LBR player of one match."""

    def __init__(
        self, model: RangeModel, info: GameInfo, strategy: Strategy, particles: int,
        samples: int, rng: random.Random,
    ) -> None:  # fmt: skip
        self.model = model
        self.info = info
        self.cards = strategy.cards
        self.values = _values(info.deck_size)
        self.particles = particles
        self.samples = samples
        self.rng = rng
        self.deck = make_deck(info.deck_size)

    # -- range tracking -------------------------------------------------------------------

    def start(self, hand: Hand, seat: int) -> None:
        self.seat = seat
        self.known: set[Card] = set(hand.hole_cards(seat))
        self.range = _Range(self.particles, self.deck, self.known, self.rng)
        if isinstance(self.model, BotModel | ExpertModel):
            self.model.reset()

    def observe(self, hand: Hand, bot_seat: int, action: Action) -> None:
        """Weigh the particles by the bot's action (before it is applied)."""
        view = hand.view(bot_seat)
        r = self.range
        live = r.live()
        holes = [r.holes[i] for i in live]
        dists = self.model.distributions(view, self.info, holes, live)
        for i, dist in zip(live, dists, strict=True):
            p = sum(q for a, q in dist if _matches(a, action))
            r.weights[i] *= p
            if action.kind == "discard":
                chosen = next((a for a, _ in dist if _matches(a, action)), None)
                if chosen is not None and p > 0.0:
                    r.holes[i] = self._redraw(r.holes[i], chosen.cards)
        if r.weights.sum() <= 0.0:
            r.resets += 1
            r.deal(self.known)
            if action.kind == "discard":
                r.drawn = True  # the fresh particles stand for final hands
        elif action.kind == "discard":
            r.drawn = True

    def _redraw(self, hole: tuple[Card, ...], discard: Sequence[int]) -> tuple[Card, ...]:
        kept = [c for c in hole if c not in discard]
        unseen = [c for c in self.deck if c not in self.known and c not in hole]
        return tuple(kept + self.rng.sample(unseen, 5 - len(kept)))

    def own_draw(self, hand: Hand) -> None:
        """The responder's cards changed (its draw): they are known."""
        self.known |= set(hand.hole_cards(self.seat))
        for e in hand.events:
            if isinstance(e, Drew) and e.seat == self.seat:
                self.known |= set(e.cards)

    # -- win probability ------------------------------------------------------------------

    def _bot_draws(
        self, hand: Hand, bot_seat: int, plan: Sequence[int] | None
    ) -> list[Choice] | None:
        """The particles' draw distributions at the draw, if the round ends with checks
        and calls (``plan``: the responder's discard if it draws first)."""
        h = copy.deepcopy(hand)
        guard = 0
        while not h.finished and guard < 40:
            guard += 1
            seat = h.actor
            assert seat is not None
            decision = h.decision
            if decision == "draw" and seat == bot_seat:
                r = self.range
                live = r.live()
                return self.model.distributions(
                    h.view(bot_seat), self.info, [r.holes[i] for i in live], live
                )
            if decision == "draw":
                h.discard(plan if plan is not None else ())
            else:
                h.check_or_call()
        return None

    def equities(self, hand: Hand, discard: Sequence[int] | None) -> dict[int, float]:
        """The responder's chance of winning the showdown against each live particle
        if nobody bets again; it draws ``discard`` (``None``: it has drawn)."""
        r = self.range
        live = r.live()
        mine = list(hand.hole_cards(self.seat))
        bot_seat = 1 - self.seat
        dists: list[Choice] | None = None
        if not r.drawn:
            dists = self._bot_draws(hand, bot_seat, discard)
        samples = 1 if discard is None and r.drawn else self.samples
        out: dict[int, float] = {}
        for j, i in enumerate(live):
            hole = r.holes[i]
            won = 0.0
            for _ in range(samples):
                theirs = list(hole)
                blocked = set(self.known) | set(hole)
                if dists is not None:
                    dist = dists[j]
                    u = self.rng.random() * sum(q for _, q in dist)
                    acc = 0.0
                    chosen = dist[-1][0]
                    for a, q in dist:
                        acc += q
                        if u < acc:
                            chosen = a
                            break
                    kept = [c for c in hole if c not in chosen.cards]
                    unseen = [c for c in self.deck if c not in blocked]
                    theirs = kept + self.rng.sample(unseen, 5 - len(kept))
                    blocked |= set(theirs)
                ours = mine
                if discard is not None:
                    kept = [c for c in mine if c not in discard]
                    unseen = [c for c in self.deck if c not in blocked]
                    ours = kept + self.rng.sample(unseen, 5 - len(kept))
                mine_v, theirs_v = _value(ours, self.values), _value(theirs, self.values)
                won += 1.0 if mine_v > theirs_v else 0.5 if mine_v == theirs_v else 0.0
            out[i] = won / samples
        return out

    def win_probability(self, hand: Hand, discard: Sequence[int] | None) -> float:
        """``wp`` (module doc): the mean of :meth:`equities` over the range."""
        return self._mean(self.equities(hand, discard), {})

    def _mean(self, equities: dict[int, float], folds: dict[int, float]) -> float:
        """The range's mean equity, each particle weighted by its weight and by the
        chance it does not fold (``folds``)."""
        w = self.range.weights
        total = sum(w[i] * (1.0 - folds.get(i, 0.0)) * e for i, e in equities.items())
        weight = sum(w[i] * (1.0 - folds.get(i, 0.0)) for i in equities)
        return total / weight if weight > 0 else 0.5

    def planned_discard(self, hand: Hand) -> tuple[int, ...]:
        """The responder's best discard of 0 to 3 cards against the range."""
        hole = tuple(int(c) for c in hand.hole_cards(self.seat))
        best: tuple[float, tuple[int, ...]] | None = None
        for count in range(4):
            discard = self.cards.discard(hole, count)
            wp = self.win_probability(hand, discard)
            if best is None or wp > best[0] + 1e-12:
                best = (wp, discard)
        assert best is not None
        return best[1]

    # -- decisions ------------------------------------------------------------------------

    def decide(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if legal.decision == "draw":
            return Action.discard(self.planned_discard(hand))
        if legal.decision != "bet":
            return fallback_action(legal, hand.hole_cards(self.seat))
        drawn = any(isinstance(e, Drew) and e.seat == self.seat for e in hand.events)
        plan = None if drawn else self._quick_plan(hand)
        equities = self.equities(hand, plan) if self.range.live() else {}
        wp = self._mean(equities, {})
        pot = hand.pot + sum(hand.bets)
        call = legal.call_amount or 0
        options: list[tuple[float, Action]] = [(wp * (pot + call) - call, Action.check_or_call())]
        if legal.can_fold:
            options.append((0.0, Action.fold()))
        for target in self._targets(hand, legal):
            added = target - hand.bets[self.seat]
            folds = self._folds(hand, Action.raise_to(target))
            fp = self._share(folds)
            called = self._mean(equities, folds)
            value = fp * pot + (1.0 - fp) * (called * (pot + 2 * added - call) - added)
            options.append((value, Action.raise_to(target)))
        return max(options, key=lambda o: o[0])[1]

    def _quick_plan(self, hand: Hand) -> tuple[int, ...]:
        return _quick_plan(hand, self.seat, self.info)

    def _targets(self, hand: Hand, legal: object) -> list[int]:
        low = getattr(legal, "min_raise_to", None)
        high = getattr(legal, "max_raise_to", None)
        if low is None or high is None:
            return []
        if self.info.betting == "limit":
            return [low]
        cur = max(hand.bets)
        after_call = hand.pot + sum(hand.bets) + cur - hand.bets[self.seat]
        out = {high}
        for f in (0.5, 1.0):
            out.add(min(max(cur + round(f * after_call), low), high))
        return sorted(out)

    def _folds(self, hand: Hand, action: Action) -> dict[int, float]:
        """Each live particle's chance of folding to the responder's ``action``."""
        h = copy.deepcopy(hand)
        try:
            h.act(action)
        except IllegalActionError:
            return {}
        bot_seat = 1 - self.seat
        if h.finished or h.actor != bot_seat or h.decision != "bet":
            return {}
        r = self.range
        live = r.live()
        dists = self.model.distributions(
            h.view(bot_seat), self.info, [r.holes[i] for i in live], live
        )
        return {
            i: sum(q for a, q in dist if a.kind == "fold")
            for i, dist in zip(live, dists, strict=True)
        }

    def _share(self, folds: dict[int, float]) -> float:
        """The share of the range that folds."""
        w = self.range.weights
        total = sum(w[i] for i in self.range.live())
        return sum(w[i] * f for i, f in folds.items()) / total if total > 0 else 0.0


def _quick_plan(hand: Hand, seat: int, info: GameInfo) -> tuple[int, ...]:
    """The responder's draw while it bets before the draw: ``medium``'s best draw."""
    from pokerbonus.bots.draw import MediumBot

    legal = hand.legal_actions()
    action = MediumBot.best_draw(hand.hole_cards(seat), replace(legal, max_discard=3), info, 1)
    return tuple(action.cards)


class _MultiResponder:
    """The LBR player of a table of three or more (module doc, "Four-handed")."""

    def __init__(
        self, models: dict[int, RangeModel], info: GameInfo, strategy: Strategy,
        particles: int, configs: int, rng: random.Random,
    ) -> None:  # fmt: skip
        self.models = models
        self.info = info
        self.cards = strategy.cards
        self.values = _values(info.deck_size)
        self.particles = particles
        self.configs = configs
        self.rng = rng
        self.deck = make_deck(info.deck_size)
        self.resets = 0

    def start(self, hand: Hand, seat: int) -> None:
        self.seat = seat
        self.known: set[Card] = set(hand.hole_cards(seat))
        n = len(hand.stacks)
        self.ranges = {
            s: _Range(self.particles, self.deck, self.known, self.rng)
            for s in range(n)
            if s != seat
        }
        for s in self.ranges:
            model = self.models[s]
            if isinstance(model, BotModel | ExpertModel):
                model.reset()

    def observe(self, hand: Hand, bot_seat: int, action: Action) -> None:
        """Weigh ``bot_seat``'s particles by its action (before it is applied)."""
        view = hand.view(bot_seat)
        r = self.ranges[bot_seat]
        live = r.live()
        holes = [r.holes[i] for i in live]
        dists = self.models[bot_seat].distributions(view, self.info, holes, live)
        for i, dist in zip(live, dists, strict=True):
            p = sum(q for a, q in dist if _matches(a, action))
            r.weights[i] *= p
            if action.kind == "discard":
                chosen = next((a for a, _ in dist if _matches(a, action)), None)
                if chosen is not None and p > 0.0:
                    r.holes[i] = self._redraw(r.holes[i], chosen.cards)
        if r.weights.sum() <= 0.0:
            self.resets += 1
            r.deal(self.known)
        if action.kind == "discard":
            r.drawn = True

    def _redraw(self, hole: tuple[Card, ...], discard: Sequence[int]) -> tuple[Card, ...]:
        kept = [c for c in hole if c not in discard]
        unseen = [c for c in self.deck if c not in self.known and c not in hole]
        return tuple(kept + self.rng.sample(unseen, 5 - len(kept)))

    def own_draw(self, hand: Hand) -> None:
        """The responder's cards changed (its draw): they are known."""
        self.known |= set(hand.hole_cards(self.seat))
        for e in hand.events:
            if isinstance(e, Drew) and e.seat == self.seat:
                self.known |= set(e.cards)

    def _opponents(self, hand: Hand) -> list[int]:
        return [s for s in self.ranges if not hand.folded[s]]

    def _draws(self, hand: Hand, plan: Sequence[int] | None) -> dict[int, dict[int, Choice]]:
        """Each opponent still to draw: its particles' draw distributions, the round
        ending with checks and calls (the responder draws ``plan``; an opponent's
        count in the copy is its range's likeliest)."""
        h = copy.deepcopy(hand)
        out: dict[int, dict[int, Choice]] = {}
        guard = 0
        while not h.finished and guard < 60:
            guard += 1
            seat = h.actor
            assert seat is not None
            if h.decision != "draw":
                if out or any(isinstance(e, Drew) for e in h.events):
                    break
                h.check_or_call()
                continue
            if seat == self.seat:
                h.discard(plan if plan is not None else ())
                continue
            r = self.ranges[seat]
            live = r.live()
            dists = self.models[seat].distributions(
                h.view(seat), self.info, [r.holes[i] for i in live], live
            )
            out[seat] = dict(zip(live, dists, strict=True))
            counts: dict[int, float] = {}
            for i, dist in out[seat].items():
                for a, q in dist:
                    counts[len(a.cards)] = counts.get(len(a.cards), 0.0) + r.weights[i] * q
            k = max(counts, key=lambda c: counts[c]) if counts else 0
            h.discard(h.hole_cards(seat)[: min(k, 3)])
        return out

    def _pick(self, r: _Range) -> int:
        w = r.weights
        u = self.rng.random() * float(w.sum())
        acc = 0.0
        for i in r.live():
            acc += float(w[i])
            if u < acc:
                return i
        return r.live()[-1]

    def _configs(
        self, hand: Hand, plan: Sequence[int] | None
    ) -> list[tuple[int, dict[int, tuple[int, int]]]]:
        """Sampled deals of the showdown if nobody bets again: the responder's final
        value, and each live opponent's (particle, final value)."""
        opponents = self._opponents(hand)
        draws = self._draws(hand, plan) if any(not self.ranges[s].drawn for s in opponents) else {}
        mine = list(hand.hole_cards(self.seat))
        out: list[tuple[int, dict[int, tuple[int, int]]]] = []
        for _ in range(self.configs):
            picks = {s: self._pick(self.ranges[s]) for s in opponents}
            holes = {s: list(self.ranges[s].holes[i]) for s, i in picks.items()}
            blocked = set(self.known)
            for hole in holes.values():
                blocked |= set(hole)
            for s, i in picks.items():
                dist = draws.get(s, {}).get(i)
                if not dist:
                    continue
                u = self.rng.random() * sum(q for _, q in dist)
                acc = 0.0
                chosen = dist[-1][0]
                for a, q in dist:
                    acc += q
                    if u < acc:
                        chosen = a
                        break
                kept = [c for c in holes[s] if c not in chosen.cards]
                unseen = [c for c in self.deck if c not in blocked]
                holes[s] = kept + self.rng.sample(unseen, 5 - len(kept))
                blocked |= set(holes[s])
            ours = mine
            if plan is not None:
                kept = [c for c in mine if c not in plan]
                unseen = [c for c in self.deck if c not in blocked]
                ours = kept + self.rng.sample(unseen, 5 - len(kept))
            out.append(
                (
                    _value(ours, self.values),
                    {s: (picks[s], _value(holes[s], self.values)) for s in picks},
                )
            )
        return out

    @staticmethod
    def _share(mine: int, theirs: Sequence[int]) -> float:
        best = max(theirs, default=-1)
        if mine > best:
            return 1.0
        if mine < best:
            return 0.0
        return 1.0 / (1 + sum(1 for v in theirs if v == best))

    def planned_discard(self, hand: Hand) -> tuple[int, ...]:
        """The responder's best discard of 0 to 3 cards against the ranges."""
        hole = tuple(int(c) for c in hand.hole_cards(self.seat))
        best: tuple[float, tuple[int, ...]] | None = None
        for count in range(4):
            discard = self.cards.discard(hole, count)
            configs = self._configs(hand, discard)
            wp = sum(self._share(m, [v for _, v in o.values()]) for m, o in configs)
            wp /= max(len(configs), 1)
            if best is None or wp > best[0] + 1e-12:
                best = (wp, discard)
        assert best is not None
        return best[1]

    def decide(self, hand: Hand) -> Action:
        legal = hand.legal_actions()
        if legal.decision == "draw":
            return Action.discard(self.planned_discard(hand))
        if legal.decision != "bet":
            return fallback_action(legal, hand.hole_cards(self.seat))
        drawn = any(isinstance(e, Drew) and e.seat == self.seat for e in hand.events)
        plan = None if drawn else _quick_plan(hand, self.seat, self.info)
        configs = self._configs(hand, plan)
        pot = hand.pot + sum(hand.bets)
        call = legal.call_amount or 0
        wp = sum(self._share(m, [v for _, v in o.values()]) for m, o in configs)
        wp /= max(len(configs), 1)
        options: list[tuple[float, Action]] = [(wp * (pot + call) - call, Action.check_or_call())]
        if legal.can_fold:
            options.append((0.0, Action.fold()))
        for target in self._targets(hand, legal):
            action = Action.raise_to(target)
            folds, owed = self._folds(hand, action)
            added = target - hand.bets[self.seat]
            value = 0.0
            for mine, theirs in configs:
                value += self._raise_value(mine, theirs, folds, owed, pot, added)
            options.append((value / max(len(configs), 1), action))
        return max(options, key=lambda o: o[0])[1]

    def _raise_value(
        self,
        mine: int,
        theirs: dict[int, tuple[int, int]],
        folds: dict[int, dict[int, float]],
        owed: dict[int, int],
        pot: int,
        added: int,
    ) -> float:
        """A raise's value in one sampled deal: every subset of the opponents who
        fold (each by its particle's chance of folding), the rest calling."""
        seats = list(theirs)
        chances = [folds.get(s, {}).get(theirs[s][0], 0.0) for s in seats]
        total = 0.0
        for mask in range(1 << len(seats)):
            p = 1.0
            callers: list[int] = []
            for k, s in enumerate(seats):
                if mask >> k & 1:
                    p *= chances[k]
                else:
                    p *= 1.0 - chances[k]
                    callers.append(s)
            if p <= 0.0:
                continue
            if not callers:
                total += p * pot
                continue
            share = self._share(mine, [theirs[s][1] for s in callers])
            final = pot + added + sum(owed.get(s, 0) for s in callers)
            total += p * (share * final - added)
        return total

    def _targets(self, hand: Hand, legal: object) -> list[int]:
        low = getattr(legal, "min_raise_to", None)
        high = getattr(legal, "max_raise_to", None)
        if low is None or high is None:
            return []
        if self.info.betting == "limit":
            return [low]
        cur = max(hand.bets)
        after_call = hand.pot + sum(hand.bets) + cur - hand.bets[self.seat]
        out = {low, high}
        for f in (0.5, 1.0):
            out.add(min(max(cur + round(f * after_call), low), high))
        return sorted(out)

    def _folds(
        self, hand: Hand, action: Action
    ) -> tuple[dict[int, dict[int, float]], dict[int, int]]:
        """After the responder's ``action``, each opponent who answers it (in turn,
        the earlier ones calling): its particles' chances of folding, and the chips
        it owes to call."""
        h = copy.deepcopy(hand)
        try:
            h.act(action)
        except IllegalActionError:
            return {}, {}
        folds: dict[int, dict[int, float]] = {}
        owed: dict[int, int] = {}
        target = h.bets[self.seat]
        for s in self._opponents(hand):
            owed[s] = max(0, min(target - h.bets[s], h.stacks[s]))
        guard = 0
        while not h.finished and h.decision == "bet" and h.actor != self.seat and guard < 8:
            guard += 1
            seat = h.actor
            assert seat is not None
            r = self.ranges[seat]
            live = r.live()
            dists = self.models[seat].distributions(
                h.view(seat), self.info, [r.holes[i] for i in live], live
            )
            folds[seat] = {
                i: sum(q for a, q in dist if a.kind == "fold")
                for i, dist in zip(live, dists, strict=True)
            }
            h.check_or_call()
        return folds, owed


def _matches(model_action: Action, actual: Action) -> bool:
    if actual.kind == "discard":
        return model_action.kind == "discard" and len(model_action.cards) == len(actual.cards)
    return model_action.kind == actual.kind


def lbr_match(
    bot: str | Callable[[int], Bot],
    hands: int,
    *,
    betting: str = "no-limit",
    deck: int = 32,
    seed: int = 1,
    particles: int = 200,
    samples: int = 2,
    players: int = 2,
    configs: int = 120,
    on_hand: Callable[[int], None] | None = None,
) -> LbrResult:
    """Play ``hands`` hands (rounded up to whole duplicate blocks: the deal once with
    the responder in each seat) of the responder against ``bot`` in every other
    seat (``"expert"`` read exactly, any other bot, or a factory ``seed -> Bot``, by
    simulation). ``players``: 2, or more for the multi-player responder
    (``configs`` sampled showdowns a decision)."""
    if hands < 2:
        raise ConfigurationError(f"hands: LBR needs at least 2, got {hands}")
    if not 2 <= players <= 8:
        raise ConfigurationError(f"players: LBR plays 2 to 8, got {players}")
    bets = {"small_bet": 1, "big_bet": 2} if betting == "limit" else {}
    config = TableConfig(players=players, betting=betting, deck_size=deck, **bets)  # type: ignore[arg-type]
    game = game_for(config)
    stakes = stakes_for(config)
    info = GameInfo.from_game(game, players, stakes)
    rng = random.Random(seed)
    name = bot if isinstance(bot, str) else "custom"
    from pokerbonus.solvers.french.recipes import recipe_for
    from pokerbonus.solvers.french.store import shipped_strategy

    recipe = recipe_for(2, betting, deck)  # its card tables: the responder's discards
    if recipe is None:
        raise ConfigurationError(f"LBR: no strategy for heads-up {betting} with {deck} cards")

    def model() -> RangeModel:
        if bot == "expert":
            return ExpertModel()
        if isinstance(bot, str):
            return BotModel(bot, rng.getrandbits(63))
        return BotModel(bot(rng.getrandbits(63)), 0)

    def opponent() -> Bot:
        made = (
            make_bot(bot, rng.getrandbits(63)) if isinstance(bot, str) else bot(rng.getrandbits(63))
        )
        made.warm_up(info)
        return made

    strategy = shipped_strategy(recipe.key)
    responder: _Responder | _MultiResponder
    if players == 2:
        first = model()
        others = {0: opponent()}
        responder = _Responder(
            first, info, strategy, particles, samples, random.Random(rng.getrandbits(63))
        )
    else:
        models = {s: model() for s in range(players)}
        others = {s: opponent() for s in range(players)}
        responder = _MultiResponder(
            models, info, strategy, particles, configs, random.Random(rng.getrandbits(63))
        )
    stack = 100 * info.unit
    cards = list(make_deck(info.deck_size))
    blocks = -(-hands // players)
    results: list[float] = []
    resets = 0
    played = 0
    for block in range(blocks):
        order = cards[:]
        rng.shuffle(order)
        reseed = rng.getrandbits(63)
        total = 0
        for lbr_seat in range(players):
            h = Hand(game, [stack] * players, block % players, stakes, deck=order,
                     rng=random.Random(reseed))  # fmt: skip
            seated = {}
            for s in range(players):
                if s != lbr_seat:
                    seated[s] = others[0] if players == 2 else others[s]
                    seated[s].new_hand(s, info)
            responder.start(h, lbr_seat)
            while not h.finished:
                seat = h.actor
                assert seat is not None
                if seat == lbr_seat:
                    action = responder.decide(h)
                    h.act(action)
                    if action.kind == "discard":
                        responder.own_draw(h)
                    continue
                view = h.view(seat)
                action = seated[seat].decide(view, info)
                try:
                    h.verify(action)
                except IllegalActionError:
                    action = fallback_action(view.legal, view.hole)
                responder.observe(h, seat, action)
                h.act(action)
            total += h.net[lbr_seat]
            if isinstance(responder, _Responder):
                resets += responder.range.resets
            played += 1
            if on_hand is not None:
                on_hand(played)
        if isinstance(responder, _MultiResponder):
            resets = responder.resets
        results.append(total / (players * info.unit))
    n = len(results)
    mean = math.fsum(results) / n
    var = math.fsum((x - mean) ** 2 for x in results) / max(n - 1, 1)
    half = Z95 * math.sqrt(var / n)
    return LbrResult(
        name, played, 1000 * mean, (1000 * (mean - half), 1000 * (mean + half)), resets
    )
