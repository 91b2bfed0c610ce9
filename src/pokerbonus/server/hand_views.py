"""A web table's past hands as one person saw them: the list of hands, the steps of
one hand (the replayer), and every player's statistics over the table's session.

Everything here is built from the engine's per-seat views
(:func:`pokerbonus.engine.views.build_view`) for the *viewer*: the seat the person
held in that hand (by name, as :func:`pokerbonus.server.protocol.receiver_seats`
decides; a spectator, or a person not dealt in, gets the spectator's view). The
replayer deals the hand again from its deck order and seed and plays its actions,
taking the viewer's view after each; the statistics sum the facts each finished
hand shows through the viewer's view (:func:`pokerbonus.analysis.hand_facts.view_facts`):
the public actions, the counts of cards drawn and the cards shown at the showdown.
So no other seat's hidden card is in anything sent from here, and a folded hand
never counts in a statistic.

>>> import random
>>> from pokerbonus.engine.config import TableConfig
>>> from pokerbonus.server.session import TableSession
>>> s = TableSession("t1", TableConfig(players=2), rng=random.Random(2), bots_alone=True)
>>> for seat in (0, 1):
...     _ = s.apply(s.decide_bot(seat, "station"))
>>> _ = s.apply(s.decide_hand())
>>> while s.current is not None:
...     _ = s.apply(s.decide_auto(0.0))
>>> steps = hand_steps_json(s, 1, None)
>>> steps["steps"][-1]["hand"]["finished"], len(steps["steps"]) == len(s.hands[0].actions) + 1
(True, True)
>>> [(p["player"], p["hands"]) for p in table_stats_json(s, None)["players"]]
[('station-1', 1), ('station-2', 1)]
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from typing import Any

from pokerbonus.analysis.hand_facts import view_facts
from pokerbonus.cards import Card
from pokerbonus.engine.state import Hand
from pokerbonus.engine.views import SeatView
from pokerbonus.i18n import current_language
from pokerbonus.player_stats import aggregate
from pokerbonus.server.history import ended_hand
from pokerbonus.server.protocol import event_json, hand_names
from pokerbonus.server.session import HandLog, Person, TableSession

__all__ = [
    "count_hands",
    "hand_list_json",
    "hand_steps_json",
    "replay_views",
    "table_stats_json",
    "uncounted",
    "viewer_seat",
]

_FACTS: weakref.WeakKeyDictionary[TableSession, dict[tuple[int, int | None], dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
"""The facts of each finished hand of a table as each hand seat (``None``: a spectator)
saw it: a finished hand never changes, so they are read once."""


def viewer_seat(log: HandLog, person: Person | None) -> int | None:
    """The hand seat ``person`` held in the hand of ``log`` (``None``: a spectator, or
    not dealt in: by name, so a person who sat later never gets the previous player's
    view)."""
    if person is None or person.name not in log.names:
        return None
    return log.names.index(person.name)


def replay_views(log: HandLog, seat: int | None) -> list[tuple[int | None, SeatView]]:
    """The hand of ``log`` dealt again (its deck order and seed) and played action by
    action: ``(actor, view)`` for the deal (actor ``None``) and after each action (the
    hand seat that acted), each view ``seat``'s (``None``: a spectator)."""
    played = log.hand
    hand = Hand(
        played.game,
        played.starting_stacks,
        dealer=played.dealer,
        stakes=played.stakes,
        rng=random.Random(log.seed),
        deck=played.deck_order,
    )
    out: list[tuple[int | None, SeatView]] = [(None, hand.view(seat))]
    for _table_seat, action in log.actions:
        actor = hand.actor
        hand.act(action)
        out.append((actor, hand.view(seat)))
    return out


def _cards(cards: Sequence[int]) -> list[str]:
    return [str(Card(c)) for c in cards]


def _per_seat(seats: Sequence[int], values: Sequence[Any]) -> dict[str, Any]:
    return {str(s): v for s, v in zip(seats, values, strict=True)}


def _step_hand(log: HandLog, view: SeatView, names: dict[int, str]) -> dict[str, Any]:
    """One step's table, as the viewer saw it then (the ``hand`` object's fields)."""
    seats = log.seats
    return {
        "stacks": _per_seat(seats, view.stacks),
        "bets": _per_seat(seats, view.bets),
        "pot": view.pot,
        "folded": _per_seat(seats, view.folded),
        "hole": _cards(view.hole),
        "card_counts": _per_seat(seats, view.card_counts),
        "up_cards": _per_seat(seats, [_cards(u) for u in view.up_cards]),
        "board": _cards(view.board),
        "actor": seats[view.actor] if view.actor is not None else None,
        "finished": view.finished,
        "shown": {str(seats[s]): _cards(c) for s, c in view.shown},
        "names": {str(seats[s]): names[s] for s, _ in view.shown if s in names},
        "pot_results": [
            {
                "amount": r.amount,
                "winners": [seats[s] for s in r.winners],
                "shares": [[seats[s], c] for s, c in r.shares],
            }
            for r in view.pot_results
        ],
    }


def hand_steps_json(
    session: TableSession, number: int, person: Person | None, lang: str | None = None
) -> dict[str, Any]:
    """The replayer's steps of hand ``number`` as ``person`` saw it (``None``: a
    spectator): the deal, then one step per action, each with the events it brought
    (redacted for the viewer, as the ``event`` messages) and the table after it; the
    shown hands named in ``lang`` (default: the current language)."""
    log = ended_hand(session, number)
    seat = viewer_seat(log, person)
    views = replay_views(log, seat)
    final = views[-1][1]
    names = hand_names(log.hand, final.shown, lang or current_language()) if final.shown else {}
    steps: list[dict[str, Any]] = []
    done = 0
    for actor, view in views:
        events = [event_json(e, log.seats, seat) for e in view.log[done:]]
        done = len(view.log)
        steps.append(
            {
                "by": log.seats[actor] if actor is not None else None,
                "events": events,
                "hand": _step_hand(log, view, names),
            }
        )
    return {
        "number": log.number,
        "status": log.status,
        "seats": list(log.seats),
        "names": list(log.names),
        "dealer": log.dealer,
        "you": log.seats[seat] if seat is not None else None,
        "steps": steps,
    }


def hand_list_json(session: TableSession, person: Person | None) -> dict[str, Any]:
    """The hands of the table that have ended, newest first: number, status, the
    players dealt in (table seats and names), each one's result (public: the chips
    in front of each seat after the hand), and the viewer's table seat in it."""
    hands = []
    for log in reversed(session.hands):
        if log.status == "playing":
            continue
        seat = viewer_seat(log, person)
        finished = log.status == "finished"
        hands.append(
            {
                "number": log.number,
                "status": log.status,
                "seats": list(log.seats),
                "names": list(log.names),
                "net": _per_seat(log.seats, log.hand.net) if finished else {},
                "pot": sum(r.amount for r in log.hand.pot_results) if finished else 0,
                "you": log.seats[seat] if seat is not None else None,
            }
        )
    return {"table": session.id, "hands": hands}


def _facts(session: TableSession, log: HandLog, seat: int | None) -> dict[str, Any]:
    cache = _FACTS.setdefault(session, {})
    key = (log.number, seat)
    facts = cache.get(key)
    if facts is None:
        view = log.hand.view(seat)
        facts = cache[key] = view_facts(view, session.config, log.names, log.hand.game.rule)
    return facts


def uncounted(session: TableSession, person: Person | None) -> list[tuple[HandLog, int | None]]:
    """The finished hands whose facts, as ``person`` saw them, are not worked out yet
    (with the person's seat in each): :func:`count_hands` works them out."""
    cache = _FACTS.setdefault(session, {})  # made here, so a worker thread only fills it
    out = []
    for log in session.hands:
        if log.status == "finished":
            seat = viewer_seat(log, person)
            if (log.number, seat) not in cache:
                out.append((log, seat))
    return out


def count_hands(session: TableSession, todo: Sequence[tuple[HandLog, int | None]]) -> None:
    """Work out the facts of finished hands (:func:`uncounted`) for the statistics.

    It reads only finished hands, which never change, and the house rules: a server
    runs it in a worker thread (about half a millisecond a hand), so that the first
    statistics of a long session do not hold up the tables' event loop."""
    for log, seat in todo:
        _facts(session, log, seat)


def table_stats_json(session: TableSession, person: Person | None) -> dict[str, Any]:
    """Every player's statistics over the table's finished hands, each hand read
    through ``person``'s view of it (:func:`pokerbonus.player_stats.aggregate` of
    :func:`~pokerbonus.analysis.hand_facts.view_facts`), in the ledger's order; the
    JSON of :meth:`pokerbonus.player_stats.PlayerStats.to_json` per player (the best
    hand's cards written ``"As"``, as everywhere in the protocol)."""
    rows = [
        _facts(session, log, viewer_seat(log, person))
        for log in session.hands
        if log.status == "finished"
    ]
    stats = aggregate(rows)
    order = [e.player for e in session.ledger.entries()]
    order += sorted(name for name in stats if name not in order)
    players = []
    for name in order:
        if name not in stats:
            continue
        figures = stats[name].to_json()
        best = figures["best_hand"]
        if best is not None:  # cards as the protocol writes them ("As")
            best["cards"], best["board"] = _cards(best["cards"]), _cards(best["board"])
        players.append(figures)
    return {
        "table": session.id,
        "hands": len(rows),
        "draw": session.config.is_draw,
        "players": players,
    }
