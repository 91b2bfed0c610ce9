"""``pokerbonus history review SESSION [--hand K]``: the coach on a stored session.

Each hand of the session is replayed as the person saw it
(:func:`pokerbonus.store.recorder.hand_steps`), and the person's decisions go to
the coach (:func:`pokerbonus.bots.coach.review_decisions`); the review itself lives in
:mod:`pokerbonus.store.review`, which the terminal's coach key shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext
from pokerbonus.store.review import HandReview, review_session, summary_line

if TYPE_CHECKING:
    from pokerbonus.store.store import SavedSession

__all__ = ["HandReview", "person_of", "review_session", "summary_line"]


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
