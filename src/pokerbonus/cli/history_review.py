"""``pokerbonus history review SESSION [--hand K]``: the coach on a stored session.

Each hand of the session is replayed as the person saw it
(:func:`pokerbonus.store.recorder.hand_steps`), and the person's decisions go to
the coach (:func:`pokerbonus.bots.coach.review_decisions`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from pokerbonus.bots.coach import Advice
    from pokerbonus.store.store import SavedSession

__all__ = ["HandReview", "review_session", "summary_line"]


@dataclass(frozen=True, slots=True)
class HandReview:
    """The coach's words on one hand: its number, the player and each decision."""

    number: int
    player: str
    advice: tuple[Advice, ...]


def person_of(saved: SavedSession, player: str | None) -> str:
    """The player to review: ``player``, else the session's one person."""
    names = [p.name for p in saved.players]
    if player is not None:
        if player not in names:
            raise PokerError(
                gettext("--player: {name!r} did not play in session {session} ({names})").format(
                    name=player, session=saved.id, names=", ".join(sorted(names))
                )
            )
        return player
    people = [p.name for p in saved.players if p.kind == "human"]
    if len(people) != 1:
        raise PokerError(
            gettext(
                "review: session {session} has {count} people; choose one with --player"
            ).format(session=saved.id, count=len(people))
        )
    return people[0]


def review_session(
    saved: SavedSession, player: str, hands: Sequence[int] | None = None
) -> Iterator[HandReview]:
    """The coach's review of ``player``'s decisions, hand after hand."""
    from pokerbonus.bots.base import GameInfo
    from pokerbonus.bots.coach import review_decisions
    from pokerbonus.store.recorder import hand_steps

    for table, saved_hand, hand, seat, steps in hand_steps(saved, hands, watcher=player):
        if seat is None:
            continue
        plan = table.plan
        assert plan is not None
        info = GameInfo.from_game(hand.game, hand.n, plan.stakes)
        mine = [
            (k + 1, s.before, s.action, s.after) for k, s in enumerate(steps) if s.actor == seat
        ]
        advice = review_decisions(mine, table.config, info, seed=saved_hand.number)
        yield HandReview(saved_hand.number, player, tuple(advice))


def summary_line(reviews: Sequence[HandReview], top: int = 3) -> str:
    """The session's line: decisions reviewed, the total cost, the costliest ones."""
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
                hand=n, step=a.step, action=action_words(a.action), cost=c
            )
            for c, n, a in worst
        )
        text += " " + gettext("- the costliest: {items}").format(items=items)
    return text
