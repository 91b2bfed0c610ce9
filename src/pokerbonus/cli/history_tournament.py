"""``pokerbonus history export`` of a tournament session: its hands in PHH (with the
tournament fields) or in PokerStars text (``Tournament #7, Hold'em No Limit - Level
IV (50/100)``), see ``docs/tournaments.md``.

The PHH text is the one stored with each hand; the PokerStars text is written
from each hand dealt again from its seed and its stored actions replayed
(:func:`pokerbonus.store.tournament_recorder.replay_tournament`), from ``hero``'s
view of it; the table line's ``N-max`` is the tournament's seats per table, however
many players were dealt in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from pokerbonus.store.store import SavedSession

__all__ = ["export_tournament"]


def export_tournament(
    saved: SavedSession, fmt: str, hand: int | None = None, hero: str | None = None
) -> str:
    """The finished hands of a stored tournament (or one of them) as PHH or as
    PokerStars text (``hero``'s: a player's name, default the person)."""
    from pokerbonus.engine.tournament_config import TournamentConfig
    from pokerbonus.notation import dumps, dumps_many, loads
    from pokerbonus.notation.pokerstars import hand_text
    from pokerbonus.store.tournament_recorder import replay_tournament

    finished = [h for h in saved.finished_hands if hand is None or h.number == hand]
    if not finished:
        if hand is not None:
            raise PokerError(
                gettext("export: session {session} has no finished hand {hand}").format(
                    session=saved.id, hand=hand
                )
            )
        raise PokerError(
            gettext("export: session {session} has no finished hand").format(session=saved.id)
        )
    if fmt == "phh":
        histories = []
        for h in finished:
            if h.phh is None:
                raise PokerError(
                    gettext("export: hand {number} has no stored PHH").format(number=h.number)
                )
            histories += loads(h.phh)
        return dumps(histories[0]) if hand is not None else dumps_many(histories)
    names = [p.name for p in saved.players]
    if hero is None:
        people = [p.name for p in saved.players if p.kind == "human"]
        hero = people[0] if len(people) == 1 else None
    elif hero not in names:
        raise PokerError(
            gettext("--hero: {name!r} did not play in session {session} ({names})").format(
                name=hero, session=saved.id, names=", ".join(sorted(names))
            )
        )
    seats = TournamentConfig.from_dict(saved.config).seats_per_table
    texts = []
    for saved_hand, played in replay_tournament(saved):
        if hand is not None and saved_hand.number != hand:
            continue
        info = saved_hand.info
        dealt_in = list(saved_hand.players)
        texts.append(
            hand_text(
                played,
                players=saved_hand.players,
                number=saved_hand.number,
                table=f"{info.get('tournament', saved.id)} {info.get('table', 1)}",
                hero=dealt_in.index(hero) if hero in dealt_in else "spectator",
                when=saved_hand.started,
                tournament=(int(info.get("tournament", saved.id)), int(info["level"])),
                seats=seats,
            )
        )
    return "\n\n".join(texts)
