"""``expert`` at the French draw tables: playing a shipped solver strategy.

**Coverage.** A table is covered when a shipped strategy
(:data:`pokerbonus.solvers.french.recipes.RECIPES`) was computed for it: the
French five-card draw, high, without jokers, the wheel on, the modern order,
three cards at most (the four-card exchange aside), a pot game (every player
antes the unit, no blind, nobody bought the pot), the number of players and the
deck of a recipe (heads-up 32 or 52 cards, four-handed 32), no-limit or limit
(limit with bets of 1 and 2 antes), and every player's stack at the start of
the hand between half and twice the recipe's (100 antes). Anywhere else, and
whenever the hand leaves the abstraction in a way the bot cannot follow (see
below), ``expert`` plays ``hard``'s move.

**Following the hand.** The public log is replayed on the abstract game's
public tree: checks, calls and folds map to themselves, a draw of ``k`` cards
to the nearest draw of the abstraction (four to three), and a bet or raise to
the abstraction's sizes by the pseudo-harmonic mapping of its size as a pot
fraction (:func:`pokerbonus.solvers.french.translate.translate`, drawn once per
bet with the bot's own random source and kept for the rest of the hand); an
all-in maps to the all-in. A raise smaller than the abstraction's smallest raise
maps between the call and that raise
(:func:`pokerbonus.solvers.french.translate.translate_raise`: a minimum raise
facing a tree whose only raise is the all-in is mostly read as a call, never as
the all-in for sure); an opening bet below the smallest opening size is read as
that size. A raise past the abstraction's raise cap counts as a call; facing
it, the bot answers with its fold/call probabilities of its last decision of
that round. When a raise read as a call ends the abstract round while the real
one goes on, the strategy has no node for the real raise the bot faces, and
``hard`` answers it (``Located.down``; measured better than calling it always,
``docs/bots-expert.md``).

**Deciding.** At its own node the bot reads its bucket (pre-draw bucket of its
five cards before its draw, post-draw bucket after), draws an action from the
strategy's probabilities, and plays it: fold (check when nothing is to call),
check or call, a raise to the same pot fraction of the real pot (the all-in to
the real all-in; limit: the fixed raise), or the draw of ``d`` cards with the
abstraction's discard of ``d``.

**Four-handed, after the draw.** At a four-handed table the strategy plays the
betting before the draw and the draw; the betting after the draw is ``hard``'s
(:func:`strategy_after_draw`). The four-handed abstraction's post-draw tree is
too coarse to play well against real opponents (no raise in limit, one raise,
the all-in, in no-limit; 28 post-draw buckets). Measured over the same 8,000
duplicate hands against three ``hard`` (``docs/bots-expert.md``), the
strategy's own post-draw betting left ``expert`` at -26 mbb/hand in limit and
+66 in no-limit, ``hard``'s post-draw betting at +148 and +245. Heads-up the
strategy plays the whole hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pokerbonus.bots.base import GameInfo
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import (
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    Called,
    Checked,
    Drew,
    Folded,
    PotBought,
    RoundEnded,
)
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.i18n import N_
from pokerbonus.solvers.french.recipes import RECIPES, Recipe, recipe_for
from pokerbonus.solvers.french.store import Strategy, shipped_strategy
from pokerbonus.solvers.french.translate import CALL, translate, translate_raise
from pokerbonus.solvers.french.tree import (
    ACT_CALL,
    ACT_FOLD,
    ACT_RAISE,
    BET,
    DRAW,
    PublicTree,
)

__all__ = [
    "Located",
    "StrategyPlayer",
    "covered_strategy",
    "depth_range",
    "locate",
    "raise_fraction",
    "strategy_after_draw",
    "table_recipe",
    "warm_strategies",
]


def table_recipe(info: GameInfo, players: int) -> tuple[Recipe | None, str]:
    """The recipe whose strategy covers the rules of a table of ``players``
    (``info``), with ``""``; or ``None`` with the reason, untranslated (``N_``;
    :mod:`pokerbonus.bots.expert_coverage` formats it with ``info``). The one
    test of the table's rules: :func:`covered_strategy` plays it."""
    checks = (
        (info.evaluation != "high", N_("not the high game")),
        (info.jokers > 0, N_("jokers in the deck")),
        (not info.wheel, N_("the wheel (A-2-3-4-5) off")),
        (info.ranking != "modern", N_("the archaic order")),
        (info.max_discard != 3, N_("an exchange of up to {max_discard} cards")),
        (info.betting not in ("no-limit", "limit"), N_("{betting}: no strategy computed")),
    )
    for failed, reason in checks:
        if failed:
            return None, reason
    recipe = recipe_for(players, info.betting, info.deck_size)
    if recipe is None:
        return None, N_("no strategy for {players} players at {deck} cards in {betting}")
    spec = recipe.spec
    if info.betting == "limit" and info.limit_bets != (
        spec.small_bet * info.unit,
        spec.big_bet * info.unit,
    ):
        return None, N_("limit bets of {small}/{big} antes: no strategy computed")
    return recipe, ""


def depth_range(recipe: Recipe) -> tuple[float, float]:
    """The stacks in units (antes) at the start of a hand that ``recipe``'s strategy
    covers: half to twice the recipe's."""
    return recipe.spec.stack / 2, recipe.spec.stack * 2


def covered_strategy(view: SeatView, info: GameInfo) -> Strategy | None:
    """The shipped strategy that covers this table and hand, or ``None`` (module doc)."""
    recipe, _ = table_recipe(info, view.players)
    if recipe is None:
        return None
    unit = info.unit
    put = [0] * view.players
    antes = 0
    for event in view.log:
        if isinstance(event, BlindPosted | PotBought):
            return None
        if isinstance(event, AntePosted):
            if event.amount != unit:
                return None
            antes += 1
        elif isinstance(event, BetOrRaised | Called):
            put[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            put[event.seat] -= event.amount
    if antes != view.players:
        return None
    low, high = depth_range(recipe)
    for seat in range(view.players):
        start = (view.stacks[seat] + put[seat] + unit) / unit
        if not low <= start <= high:
            return None
    try:
        return shipped_strategy(recipe.key)
    except PokerError:
        return None


def warm_strategies(info: GameInfo) -> list[str]:
    """Load the shipped strategies of every recipe whose deck and betting are the
    table's (``info``); returns their keys (a missing or refused file is skipped:
    the bot plays ``hard`` there)."""
    loaded: list[str] = []
    if info.evaluation != "high" or info.jokers:
        return loaded
    for key, recipe in RECIPES.items():
        if recipe.spec.deck == info.deck_size and recipe.betting == info.betting:
            try:
                shipped_strategy(key)
            except PokerError:
                continue
            loaded.append(key)
    return loaded


def raise_fraction(tree: PublicTree, node: int, child: int) -> float:
    """The size of the raise leading to ``child`` as a fraction of the pot after
    calling, at ``node``."""
    actor = int(tree.actor[node])
    cur = int(tree.bets[node].max())
    after_call = int(tree.contrib[node].sum()) + cur - int(tree.bets[node, actor])
    return (int(tree.amount[child]) - cur) / after_call


@dataclass(slots=True)
class Located:
    """Where the replay of a hand's log stands: the abstract ``node``, or ``None`` when
    the hand left the tree; ``capped``: a raise past the cap was taken as a call in
    the current round; ``last_bet``: this seat's last betting node of the round."""

    node: int | None
    capped: bool = False
    last_bet: int | None = None
    down: bool = False


@dataclass(slots=True)
class _Real:
    """The real chips of the round: the pot before it and each seat's bet."""

    pot: int = 0
    bets: dict[int, int] = field(default_factory=dict)

    def cur(self) -> int:
        return max(self.bets.values(), default=0)


def _draw_child(tree: PublicTree, node: int, count: int) -> int:
    kids = list(tree.children(node))
    return min(kids, key=lambda c: (abs(int(tree.amount[c]) - count), -int(tree.amount[c])))


def locate(
    view: SeatView, strategy: Strategy, choices: dict[int, float], rng: random.Random
) -> Located:
    """Replay ``view``'s log on the strategy's tree (module doc). ``choices`` keeps the
    uniform number drawn for each translated bet (by its place in the log)."""
    tree = strategy.tree
    n = view.players
    seat_of = {(view.dealer + 1 + p) % n: p for p in range(n)}
    me = view.seat
    node = 0
    real = _Real()
    capped = False
    down = False  # a real raise of this round was read as a call
    betting_round = 0
    last_bet: int | None = None
    for index, event in enumerate(view.log):
        if isinstance(event, AntePosted):
            real.pot += event.amount
            continue
        if isinstance(event, RoundEnded):
            real = _Real(pot=event.pot)
            capped = down = False
            last_bet = None
            betting_round += 1
            continue
        if isinstance(event, BetReturned):
            real.bets[event.seat] = real.bets.get(event.seat, 0) - event.amount
            continue
        if isinstance(event, Drew):
            if int(tree.kind[node]) != DRAW or int(tree.actor[node]) != seat_of[event.seat]:
                return Located(None)
            node = _draw_child(tree, node, event.count)
            continue
        if not isinstance(event, Checked | Called | Folded | BetOrRaised):
            continue
        if down and (int(tree.kind[node]) != BET or int(tree.round[node]) != betting_round):
            # the abstract round ended at the call; the real one goes on
            capped = True
        if capped:
            # the abstract round is over; the real one goes on
            if isinstance(event, Called):
                real.bets[event.seat] = real.bets.get(event.seat, 0) + event.amount
            elif isinstance(event, BetOrRaised):
                real.bets[event.seat] = event.to
            continue
        if int(tree.kind[node]) != BET or int(tree.actor[node]) != seat_of[event.seat]:
            return Located(None)
        if event.seat == me:
            last_bet = node
        kids = list(tree.children(node))
        acts = [int(tree.act[c]) for c in kids]
        if isinstance(event, Folded):
            if ACT_FOLD not in acts:
                return Located(None)
            node = kids[acts.index(ACT_FOLD)]
        elif isinstance(event, Checked | Called):
            node = kids[acts.index(ACT_CALL)]
            if isinstance(event, Called):
                real.bets[event.seat] = real.bets.get(event.seat, 0) + event.amount
        else:
            raises = [c for c in kids if int(tree.act[c]) == ACT_RAISE]
            cur = real.cur()
            pot_after_call = real.pot + sum(real.bets.values()) + cur - real.bets.get(event.seat, 0)
            real.bets[event.seat] = event.to
            if not raises:
                node = kids[acts.index(ACT_CALL)]
                capped = True
                continue
            p = seat_of[event.seat]
            all_in = [c for c in raises if int(tree.contrib[c, p]) >= tree.spec.stack]
            if event.all_in and all_in:
                node = all_in[0]
                continue
            if tree.spec.betting.kind == "limit":
                node = raises[0]
                continue
            x = (event.to - cur) / max(pot_after_call, 1)
            sizes = [raise_fraction(tree, node, c) for c in raises]
            u = choices.get(index)
            if u is None:
                u = rng.random()
                choices[index] = u
            if cur == 0:  # an opening bet: between the abstraction's opening sizes
                node = raises[translate(x, sizes, u)]
                continue
            pick = translate_raise(x, sizes, u)
            if pick == CALL:
                node = kids[acts.index(ACT_CALL)]
                down = True
            else:
                node = raises[pick]
    if down and (int(tree.kind[node]) != BET or int(tree.round[node]) != betting_round):
        capped = True
    return Located(node, capped, last_bet, down and capped)


def strategy_after_draw(strategy: Strategy) -> bool:
    """Whether the strategy plays the betting after the draw too (heads-up), or leaves
    it to ``hard`` (four-handed: module doc).

    >>> from pokerbonus.solvers.french.store import shipped_strategy
    >>> strategy_after_draw(shipped_strategy("draw-2p-limit-32"))
    True
    """
    return strategy.tree.spec.players <= 2


class StrategyPlayer:
    """Plays a :class:`Strategy` from a seat's view (module doc); keeps, for the hand
    under way, the translation draws so every decision replays the hand alike."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._choices: dict[int, float] = {}

    def new_hand(self) -> None:
        """Forget the last hand's translation draws."""
        self._choices = {}

    def decide(self, view: SeatView, info: GameInfo, strategy: Strategy) -> Action | None:
        """The strategy's action, or ``None`` where the bot cannot follow the hand."""
        legal = view.legal
        if legal is None or view.seat is None:
            return None
        where = locate(view, strategy, self._choices, self.rng)
        if where.node is None:
            return None
        tree = strategy.tree
        node = where.node
        me = (view.seat - view.dealer - 1) % view.players
        hole = tuple(int(c) for c in view.hole)
        if len(hole) != 5:
            return None
        if not strategy_after_draw(strategy) and int(tree.drawn[node, me]) >= 0:
            return None  # four-handed, after its draw: hard's betting (module doc)
        if legal.decision == "draw":
            if int(tree.kind[node]) != DRAW or int(tree.actor[node]) != me:
                return None
            probs = strategy.probabilities(node, strategy.cards.pre_bucket(hole))
            child = tree.first_child[node] + self._pick(probs)
            count = min(int(tree.amount[child]), legal.max_discard)
            return Action.discard(strategy.cards.discard(hole, count))
        if legal.decision != "bet":
            return None
        if where.capped and where.down:
            return None  # a raise read as a call, the abstract round over: hard answers it
        if where.capped:
            return self._capped(view, strategy, where, legal)
        if int(tree.kind[node]) != BET or int(tree.actor[node]) != me:
            return None
        probs = strategy.probabilities(node, self._bucket(strategy, node, me, hole))
        child = int(tree.first_child[node]) + self._pick(probs)
        return _real_action(view, legal, tree, node, child)

    def _capped(
        self, view: SeatView, strategy: Strategy, where: Located, legal: LegalActions
    ) -> Action | None:
        node = where.last_bet
        if node is None or legal.call_amount is None:
            return None
        tree = strategy.tree
        me = int(tree.actor[node])
        hole = tuple(int(c) for c in view.hole)
        probs = strategy.probabilities(node, self._bucket(strategy, node, me, hole))
        kids = list(tree.children(node))
        fold = sum(p for c, p in zip(kids, probs, strict=True) if int(tree.act[c]) == ACT_FOLD)
        call = sum(p for c, p in zip(kids, probs, strict=True) if int(tree.act[c]) != ACT_FOLD)
        if fold + call <= 0.0:
            return Action.check_or_call()
        folds = self.rng.random() * (fold + call) < fold
        return Action.fold() if folds and legal.can_fold else Action.check_or_call()

    @staticmethod
    def _bucket(strategy: Strategy, node: int, me: int, hole: tuple[int, ...]) -> int:
        if int(strategy.tree.drawn[node, me]) >= 0:
            return strategy.cards.post_bucket(hole)
        return strategy.cards.pre_bucket(hole)

    def _pick(self, probs: object) -> int:
        u = self.rng.random()
        acc = 0.0
        values = list(probs)  # type: ignore[call-overload]
        for i, p in enumerate(values):
            acc += float(p)
            if u < acc:
                return i
        return max(i for i, p in enumerate(values) if float(p) > 0.0)


def _real_action(
    view: SeatView, legal: LegalActions, tree: PublicTree, node: int, child: int
) -> Action:
    act = int(tree.act[child])
    if act == ACT_FOLD:
        return Action.fold() if legal.can_fold else Action.check_or_call()
    if act == ACT_CALL or legal.min_raise_to is None or legal.max_raise_to is None:
        return Action.check_or_call()
    low, high = legal.min_raise_to, legal.max_raise_to
    actor = int(tree.actor[node])
    if tree.spec.betting.kind == "limit":
        return Action.raise_to(low)
    if int(tree.contrib[child, actor]) >= tree.spec.stack:
        return Action.raise_to(high)
    cur = max(view.bets)
    assert view.seat is not None
    after_call = view.pot + sum(view.bets) + cur - view.bets[view.seat]
    target = cur + round(raise_fraction(tree, node, child) * after_call)
    return Action.raise_to(min(max(target, low), high))
