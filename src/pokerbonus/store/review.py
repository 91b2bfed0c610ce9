"""The coach on a stored session: each hand replayed as one player saw it
(:func:`pokerbonus.store.recorder.hand_steps` for a table,
:func:`pokerbonus.store.tournament_recorder.tournament_hand_steps` for a
tournament: only that player's per-seat view), their decisions reviewed by
:func:`pokerbonus.bots.coach.review_decisions`.

One home for ``pokerbonus history review`` and the terminal's coach key: both
read the same stored steps and say the same figures (``docs/review.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from pokerbonus.bots.coach import Advice, CardWords
    from pokerbonus.engine.actions import Action
    from pokerbonus.engine.views import SeatView
    from pokerbonus.store.recorder import ReplayStep
    from pokerbonus.store.store import SavedSession

__all__ = ["HandReview", "review_session", "summary_line"]


@dataclass(frozen=True, slots=True)
class HandReview:
    """The coach's words on one hand: its number, the player and each decision."""

    number: int
    player: str
    advice: tuple[Advice, ...]


def review_session(
    saved: SavedSession, player: str, hands: Sequence[int] | None = None
) -> Iterator[HandReview]:
    """The coach's review of ``player``'s decisions, hand after hand (``hands``:
    only those numbers; a hand ``player`` was not dealt in is left out), in a table
    session or a tournament (each hand at the level's forced bets it was dealt at)."""
    from pokerbonus.bots.base import GameInfo
    from pokerbonus.bots.coach import review_decisions
    from pokerbonus.store.recorder import hand_steps

    if saved.kind == "tournament":
        yield from _review_tournament(saved, player, hands)
        return
    for table, saved_hand, hand, seat, steps in hand_steps(saved, hands, watcher=player):
        if seat is None:
            continue
        plan = table.plan
        assert plan is not None
        info = GameInfo.from_game(hand.game, hand.n, plan.stakes)
        mine = _decisions(steps, seat)
        advice = review_decisions(mine, table.config, info, seed=saved_hand.number)
        yield HandReview(saved_hand.number, player, tuple(advice))


def _decisions(
    steps: Sequence[ReplayStep], seat: int
) -> list[tuple[int, SeatView, Action, SeatView]]:
    """The steps of ``seat``'s decisions: (the hand's step, 1-based; the view before;
    the action; the view after)."""
    return [(k + 1, s.before, s.action, s.after) for k, s in enumerate(steps) if s.actor == seat]


def _review_tournament(
    saved: SavedSession, player: str, hands: Sequence[int] | None
) -> Iterator[HandReview]:
    """:func:`review_session` of a tournament: only the hands ``player`` was dealt in
    are replayed (a tournament of several tables stores the others' hands too)."""
    from pokerbonus.bots.base import GameInfo
    from pokerbonus.bots.coach import review_decisions
    from pokerbonus.engine.tournament_config import TournamentConfig
    from pokerbonus.store.tournament_recorder import tournament_hand_steps

    config = TournamentConfig.from_dict(saved.config)
    wanted = set(hands) if hands is not None else None
    numbers = [
        h.number
        for h in saved.finished_hands
        if player in h.players and (wanted is None or h.number in wanted)
    ]
    if not numbers:
        return
    for saved_hand, hand, seat, steps in tournament_hand_steps(saved, numbers, watcher=player):
        if seat is None:
            continue
        table = config.table_config(int(saved_hand.info["level"]), hand.n)
        info = GameInfo.from_game(hand.game, hand.n, hand.stakes)
        advice = review_decisions(_decisions(steps, seat), table, info, seed=saved_hand.number)
        yield HandReview(saved_hand.number, player, tuple(advice))


def summary_line(
    reviews: Sequence[HandReview], top: int = 3, cards: CardWords | None = None
) -> str:
    """The session's line: decisions reviewed, the total cost, the ``top`` costliest
    (``cards``: how cards are written, default ``As Kd``)."""
    from pokerbonus.bots.coach import action_words

    costed = [(a.cost, r.number, a) for r in reviews for a in r.advice if a.cost is not None]
    total = sum(max(c, 0.0) for c, _n, _a in costed)
    worst = sorted(costed, key=lambda t: -t[0])[:top]
    worst = [w for w in worst if w[0] > 0.005]
    decisions = sum(len(r.advice) for r in reviews)
    text = gettext(
        "{decisions} decisions, {costed} against the strategy, costing {total:.2f} antes"
    ).format(decisions=decisions, costed=len(costed), total=total)
    if worst:
        items = "; ".join(
            gettext("hand {hand} action {step} ({action}): {cost:.2f}").format(
                hand=n,
                step=a.step,
                cost=c,
                action=action_words(a.action) if cards is None else action_words(a.action, cards),
            )
            for c, n, a in worst
        )
        text += " " + gettext("- the costliest: {items}").format(items=items)
    return text
