"""The coach: a player's decisions of a hand compared with good play.

For each decision of one seat (the view it had just before acting, and what it did):

- at a table a shipped solved strategy covers (the French draw tables ``expert``
  plays from a strategy, :func:`pokerbonus.bots.expert_table.covered_strategy`),
  the hand so far is followed on the strategy's tree as ``expert`` follows it
  (:func:`~pokerbonus.bots.expert_table.locate`); the coach gives the strategy's
  probability of each action for the seat's bucket, the expected value of each
  (:func:`pokerbonus.solvers.french.values.action_values`: everybody plays the
  strategy afterwards, opponents' hands as the strategy's ranges) and the
  **cost** of the action taken, in antes: the value of the best action less the value of the one
  taken (at a node the strategy reaches, the actions it mixes have equal values,
  so a play the strategy makes costs 0; folding the best hand facing a bet
  costs about the pot; off the strategy's path its probabilities mean little,
  the values still hold);
- at a draw of the French five-card draw, the discard taken against the best
  discard by the exact odds of :func:`pokerbonus.analysis.draw.rank_discards`,
  scored by the share of dealt hands the final hand beats (its category's place
  among the deck's deals); those odds score high hands, so the lowball draws and
  badugi get no discard check;
- elsewhere, facing a bet, at every game: the equity of the seat's cards against
  random hands of the players still in (hold'em and the Omaha-rule games by
  :func:`pokerbonus.analysis.equity`, every other game by
  :func:`pokerbonus.bots.showdown_equity.seat_equity`: the unseen cards dealt at
  random, draws left played by a fixed table, the showdown scored by the game's
  hand rule) beside the pot odds (the share of the pot after calling that the
  call is).

The limits (said with every review, ``docs/review.md``): the strategy is that of
an abstraction (hands grouped in buckets, a few bet sizes, real bets read as the
nearest of them), and the values assume the opponents play that strategy, not
the players who were actually there. Equity against random hands ignores what
the betting said about them, and before the last draw it assumes the draws of
:mod:`pokerbonus.bots.showdown_equity` for everyone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Literal

from pokerbonus.bots.base import GameInfo
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError, PokerError

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.solvers.french.store import Strategy

__all__ = ["Advice", "CardWords", "DrawCheck", "OptionValue", "review_decisions"]

AdviceKind = Literal["strategy", "odds", "none"]


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One action of the strategy at a decision: its ``label`` (the tree's: ``f``,
    ``k``, ``c``, ``b2``, ``r4``, ``d2``), the strategy's probability, and its
    expected value in antes."""

    label: str
    probability: float
    value: float


@dataclass(frozen=True, slots=True)
class DrawCheck:
    """A discard compared with the best one by exact odds: the chosen cards and the
    best cards (card indices), and the score of each (the expected share of dealt
    hands the final hand beats)."""

    chosen: tuple[int, ...]
    best: tuple[int, ...]
    chosen_score: float
    best_score: float


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's word on one decision: the hand's ``step`` (1 = its first action),
    the decision (``bet`` or ``draw``), the action taken, the ``kind`` of figure
    (``strategy``, ``odds`` or ``none``), the strategy's options with the label of
    the one taken (``chosen``), the ``cost`` in antes, the draw check, and the
    equity against the pot odds (fractions), with ``pot`` the chips in the
    middle before the decision."""

    step: int
    decision: str
    action: Action
    kind: AdviceKind
    options: tuple[OptionValue, ...] = ()
    chosen: str | None = None
    cost: float | None = None
    draw: DrawCheck | None = None
    equity: float | None = None
    pot_odds: float | None = None
    pot: int = 0
    why: str | None = None
    extra: dict[str, float] = field(default_factory=dict)


def _strategy_advice(
    view: SeatView, action: Action, after: SeatView, strategy: Strategy, rng: random.Random,
    choices: dict[int, float],
) -> tuple[tuple[OptionValue, ...], str, float] | str:  # fmt: skip
    """The strategy's options, the label taken and its cost, or why there are none."""
    from pokerbonus.bots.expert_table import locate
    from pokerbonus.solvers.french.tree import BET, DRAW
    from pokerbonus.solvers.french.values import action_values

    tree = strategy.tree
    where = locate(view, strategy, choices, rng)
    if where.node is None or where.capped:
        return "left"
    node = where.node
    assert view.seat is not None
    me = (view.seat - view.dealer - 1) % view.players
    if int(tree.kind[node]) not in (BET, DRAW) or int(tree.actor[node]) != me:
        return "left"
    hole = tuple(int(c) for c in view.hole)
    if len(hole) != 5:
        return "left"
    drawn = int(tree.drawn[node, me]) >= 0
    bucket = strategy.cards.post_bucket(hole) if drawn else strategy.cards.pre_bucket(hole)
    if not drawn and int(tree.round[node]) == 1:
        return "left"
    taken = locate(after, strategy, choices, rng)
    if taken.node is None or int(tree.parent[taken.node]) != node:
        return "left"
    probs = strategy.probabilities(node, bucket)
    try:
        values = action_values(strategy, node, bucket)
    except ConfigurationError:  # an opponent's action the strategy never takes
        return "unreached"
    kids = list(tree.children(node))
    options = tuple(
        OptionValue(tree.label(c), float(p), float(v))
        for c, p, v in zip(kids, probs, values, strict=True)
    )
    index = kids.index(taken.node)
    cost = float(values.max()) - float(values[index])
    return options, tree.label(taken.node), cost


@lru_cache(maxsize=8)
def _beat_scores(deck: int, jokers: int, ranking: str) -> dict[str, float]:
    """Each category's share of dealt hands it beats (ties counting half)."""
    from pokerbonus.analysis.draw import category_strength
    from pokerbonus.analysis.stats.dealt import dealt_frequencies
    from pokerbonus.hands import Category

    stats = dealt_frequencies(deck, jokers)
    order = sorted(Category, key=lambda c: category_strength(c, ranking))
    below = 0.0
    scores: dict[str, float] = {}
    for category in order:
        share = stats.frequency(category.key) if category.key in stats.counts else 0.0
        scores[category.key] = below + share / 2
        below += share
    return scores


def _draw_check(view: SeatView, action: Action, config: TableConfig) -> DrawCheck | None:
    """The discard against the best one by exact odds, at the French five-card draw
    (the odds score high hands: at lowball they would call a pair the best keep)."""
    from pokerbonus.analysis.draw import rank_discards

    hole = tuple(view.hole)
    legal = view.legal
    if not config.is_draw or len(hole) != 5 or legal is None or config.jokers:
        return None
    goal = _beat_scores(config.effective_deck_size, config.jokers, config.ranking)
    ranked = rank_discards(
        hole, goal, max_discard=legal.max_discard, deck=config.effective_deck_size,
        wheel=config.wheel, ranking=config.ranking,
    )  # fmt: skip
    chosen = tuple(sorted(int(c) for c in action.cards))
    mine = next((r for r in ranked if tuple(sorted(int(c) for c in r.discard)) == chosen), None)
    if mine is None:
        return None
    best = ranked[0]
    return DrawCheck(chosen, tuple(int(c) for c in best.discard), mine.value, best.value)


_EQUITY_GAMES: Final[dict[str, str]] = {
    "holdem": "holdem",
    "omaha": "omaha",
    "aviation": "omaha",
    "courchevel": "omaha",
    "omaha-hi-lo": "omaha8",
    "courchevel-hi-lo": "omaha8",
}
"""The tables whose equity :func:`pokerbonus.analysis.equity` counts (its game name):
hold'em, and the games of the Omaha hand rule (four or five hole cards)."""


def _equity_advice(view: SeatView, config: TableConfig, rng: random.Random) -> float | None:
    """The seat's equity against random hands of the players still in, or ``None``
    (no opponent left): hold'em and the Omaha-rule games by
    :func:`pokerbonus.analysis.equity`, every other game by
    :func:`pokerbonus.bots.showdown_equity.seat_equity`."""
    from pokerbonus.bots.showdown_equity import seat_equity
    from pokerbonus.cards import Card

    assert view.seat is not None
    others = sum(1 for s in range(view.players) if s != view.seat and not view.folded[s])
    if not others or not view.hole:
        return None
    game = _EQUITY_GAMES.get(config.game)
    if game is not None:
        from pokerbonus.analysis.equity import equity

        hand = "".join(str(Card(c)) for c in view.hole)
        board = "".join(str(Card(c)) for c in view.board)
        try:
            result = equity(
                [hand] + ["random"] * others, board=board, game=game, exact=False,
                samples=4000, seed=rng.randrange(2**31),
            )  # fmt: skip
        except PokerError:  # a spot the equity module does not take: the generic count
            return seat_equity(view, config, rng)
        return result.equity[0]
    return seat_equity(view, config, rng)


def review_decisions(
    steps: Sequence[tuple[int, SeatView, Action, SeatView]],
    config: TableConfig,
    info: GameInfo,
    *,
    seed: int = 0,
) -> list[Advice]:
    """The coach's word on each decision ``(step, view before, action, view after)``
    of one seat in one hand (module doc). ``seed``: the translation draws of bet
    sizes and the sampled equities."""
    from pokerbonus.bots.expert_table import covered_strategy

    rng = random.Random(seed)
    choices: dict[int, float] = {}
    out: list[Advice] = []
    for step, view, action, after in steps:
        legal = view.legal
        decision = legal.decision if legal is not None else "bet"
        pot = view.pot + sum(view.bets)
        draw = _draw_check(view, action, config) if action.kind == "discard" or (
            decision == "draw"
        ) else None  # fmt: skip
        strategy = covered_strategy(view, info)
        if strategy is not None:
            found = _strategy_advice(view, action, after, strategy, rng, choices)
            if not isinstance(found, str):
                options, label, cost = found
                out.append(Advice(step, decision, action, "strategy", options, label, cost,
                                  draw, pot=pot))  # fmt: skip
                continue
            why = found
        else:
            why = "uncovered"
        to_call = legal.call_amount if legal is not None else None
        if decision == "bet" and to_call:
            eq = _equity_advice(view, config, rng)
            if eq is not None:
                odds = to_call / (pot + to_call)
                out.append(Advice(step, decision, action, "odds", draw=draw, equity=eq,
                                  pot_odds=odds, pot=pot, why=why))  # fmt: skip
                continue
        out.append(Advice(step, decision, action, "none", draw=draw, pot=pot, why=why))
    return out


# -- words ---------------------------------------------------------------------------


def option_words(label: str) -> str:
    """A strategy action in words: ``f`` fold, ``c`` call, ``b2`` bet 2 antes..."""
    from pokerbonus.i18n import gettext

    if label == "f":
        return gettext("fold")
    if label == "k":
        return gettext("check")
    if label == "c":
        return gettext("call")
    if label.startswith("d"):
        count = int(label[1:])
        return gettext("stand pat") if count == 0 else gettext("draw {count}").format(count=count)
    amount = label[1:]
    if label.startswith("b"):
        # Translators: a bet of the solved strategy, its size in antes.
        return gettext("bet {amount} antes").format(amount=amount)
    # Translators: a raise of the solved strategy, to a total in antes this round.
    return gettext("raise to {amount} antes").format(amount=amount)


CardWords = Callable[[Sequence[int]], str]
"""How cards are written in the coach's words (``As Kd`` by default; the terminal
writes them as its table does)."""


def _plain_cards(cards: Sequence[int]) -> str:
    from pokerbonus.cards import Card

    return " ".join(str(Card(c)) for c in cards)


def action_words(action: Action, cards: CardWords = _plain_cards) -> str:
    """What the player did, in words (``cards``: how cards are written)."""
    from pokerbonus.i18n import gettext

    if action.kind == "fold":
        return gettext("fold")
    if action.kind == "check_or_call":
        return gettext("check or call")
    if action.kind == "raise_to":
        return gettext("bet or raise to {amount}").format(amount=action.amount)
    if action.kind == "discard":
        if not action.cards:
            return gettext("stand pat")
        return gettext("discard {cards}").format(cards=cards(action.cards))
    return action.kind


def advice_lines(advice: Advice, cards: CardWords = _plain_cards) -> list[str]:
    """The coach's word on one decision, as lines of text in the current language
    (``cards``: how cards are written)."""
    from pokerbonus.i18n import gettext

    head = gettext("action {step} ({decision}): {action}").format(
        step=advice.step,
        decision=gettext("draw") if advice.decision == "draw" else gettext("betting"),
        action=action_words(advice.action, cards),
    )
    lines = [head]
    if advice.kind == "strategy":
        options = ", ".join(
            gettext("{action} {probability}% (value {value:+.2f})").format(
                action=option_words(o.label), probability=round(100 * o.probability),
                value=o.value,
            )
            for o in advice.options
        )  # fmt: skip
        lines.append("  " + gettext("strategy: {options}").format(options=options))
        assert advice.cost is not None and advice.chosen is not None
        lines.append(
            "  "
            + gettext("read as {action}: costs {cost:.2f} antes against the strategy").format(
                action=option_words(advice.chosen), cost=max(advice.cost, 0.0)
            )
        )
    elif advice.kind == "odds":
        assert advice.equity is not None and advice.pot_odds is not None
        verdict = (
            gettext("calling pays against random hands")
            if advice.equity >= advice.pot_odds
            else gettext("calling does not pay against random hands")
        )
        lines.append(
            "  "
            + gettext("equity {equity}% against random hands, pot odds {odds}%: {verdict}").format(
                equity=round(100 * advice.equity), odds=round(100 * advice.pot_odds),
                verdict=verdict,
            )
        )  # fmt: skip
    elif advice.why == "uncovered":
        lines.append("  " + gettext("no solved strategy for this table; no figure here"))
    elif advice.why == "unreached":
        lines.append(
            "  " + gettext("an opponent played an action the strategy never plays; no figure here")
        )
    else:
        lines.append("  " + gettext("the hand left the strategy's tree; no figure here"))
    if advice.draw is not None:
        d = advice.draw

        def discard(c: tuple[int, ...]) -> str:
            return cards(c) or gettext("nothing")

        if tuple(sorted(d.best)) == tuple(sorted(d.chosen)) or d.best_score - d.chosen_score < 1e-9:
            lines.append(
                "  "
                + gettext("discard {cards}: the best by exact odds (score {score:.3f})").format(
                    cards=discard(d.chosen), score=d.chosen_score
                )
            )
        else:
            lines.append(
                "  "
                + gettext(
                    "discard {cards} scores {score:.3f}; the best by exact odds, {best}, "
                    "scores {best_score:.3f}"
                ).format(
                    cards=discard(d.chosen), score=d.chosen_score, best=discard(d.best),
                    best_score=d.best_score,
                )
            )  # fmt: skip
    return lines


def limits_text() -> str:
    """What the coach's figures mean, and their limits."""
    from pokerbonus.i18n import gettext

    return (
        gettext(
            "The figures come from a solved strategy of an abstraction of the game: hands "
            "grouped in buckets, a few bet sizes, real bets read as the nearest. Values and "
            "costs (in antes) assume every opponent plays that strategy, not the players who "
            "were there; a cost is the value of the best action less the value of the "
            "action taken. A discard's score is the expected share of dealt hands the final "
            "hand beats, by exact odds. Equity against random hands ignores what the "
            "betting said."
        )
        + " "
        + gettext(
            "Before the last draw, equity assumes that everyone still in draws by a fixed "
            "table: at lowball, stand pat on nine-high or better without a pair (at "
            "deuce-to-seven, break a straight or a flush by its top card), else keep one card "
            "of each rank eight or lower; at badugi, stand pat on a four-card badugi "
            "jack-high or better, else keep the best badugi of cards eight or lower; at the "
            "five-card draw, the bots' standard table. Before a discard (Pineapple, Irish) "
            "your hand keeps its best two cards and opponents hold two random cards."
        )
    )
