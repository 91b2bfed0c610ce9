"""Hand histories of a web table in PHH, as one person saw them (a tournament's hands
carry the tournament's fields: ``event``, ``level``, ``table``, ``seats``...).

The record of the house (:func:`pokerbonus.notation.export.hand_history`) has
every card; a person downloads it with the cards they could not see written
``??``: other players' hole cards, discards and draws, unless shown at the
showdown.
"""

from __future__ import annotations

import dataclasses

from pokerbonus.i18n import gettext
from pokerbonus.notation import UNKNOWN, DealHole, HandHistory, StandPatOrDiscard, dumps, dumps_many
from pokerbonus.notation.export import catalog_hand_history, french_rules, hand_history
from pokerbonus.server.session import HandLog, Person, ServerError, TableSession

__all__ = ["ended_hand", "hand_phh_text", "person_history", "session_phhs_text"]


def person_history(session: TableSession, log: HandLog, person: Person | None) -> HandHistory:
    """The PHH record of a hand with only what ``person`` could see (``None``: a spectator)."""
    if session.config.is_draw:
        rules = french_rules(session.config, "blind" if log.mode == "blind" else "pot")
        full = hand_history(log.hand, rules, players=log.names, number=log.number, table=session.id)
    else:  # hold'em, stud, the lowballs...: the game's own PHH code
        full = catalog_hand_history(log.hand, session.config, log.names, log.number, session.id)
    n = len(log.seats)
    order = [(log.hand.dealer + 1 + i) % n for i in range(n)]  # PHH index -> hand seat
    mine = None
    if person is not None and person.name in log.names:
        mine = order.index(log.names.index(person.name))
    actions = []
    for action in full.actions:
        if isinstance(action, DealHole | StandPatOrDiscard) and action.player != mine:
            action = dataclasses.replace(action, cards=(UNKNOWN,) * len(action.cards))
        actions.append(action)
    fields = session.history_fields(log)  # a tournament's: event, level, table, seats...
    if "extra_fields" in fields:
        fields["extra_fields"] = {**full.extra_fields, **fields["extra_fields"]}
    return dataclasses.replace(full, actions=tuple(actions), **fields)


def ended_hand(session: TableSession, number: int) -> HandLog:
    """Hand ``number`` of the session, once it has ended (finished or voided); a
    ``not_found`` error for a hand never dealt or being played."""
    if not 1 <= number <= len(session.hands):
        raise ServerError(
            "not_found",
            gettext("hand: no hand {number} at table {id}").format(number=number, id=session.id),
        )
    log = session.hands[number - 1]
    if log.status == "playing":
        raise ServerError(
            "not_found", gettext("hand: hand {number} is being played").format(number=number)
        )
    return log


def hand_phh_text(session: TableSession, number: int, person: Person | None) -> str:
    """One finished hand in PHH text, as ``person`` saw it."""
    return dumps(person_history(session, ended_hand(session, number), person))


def session_phhs_text(session: TableSession, person: Person | None) -> str:
    """Every finished hand of the session, one ``.phhs`` text."""
    hands = [person_history(session, h, person) for h in session.hands if h.status == "finished"]
    return dumps_many(hands)
