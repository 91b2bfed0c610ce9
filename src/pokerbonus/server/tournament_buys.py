"""What a web tournament's players buy and agree between hands (RULES.md section 11):
rebuys and the add-on, the question put to a player who busts during the rebuy
period (rebuy or leave), and deals at the final table.

Each is an entry of the room's journal stream (:mod:`pokerbonus.server.tournaments`),
decided here from the engine's own checks and applied in the stream's order with
the tournament's time it carries (``clock``):

- ``rebuy``: ``name`` buys the rebuy chips (``addon``: the add-on) between hands;
- ``bust``: ``name``, out of chips in the rebuy period, answers (``rebuy`` true or
  false; ``timeout``: the time to answer ran out, and they are out);
- ``deal``: ``by`` puts a deal of ``kind`` (``icm`` or ``chips``) to the final table;
  the computer opponents answer at once (:func:`pokerbonus.bots.tournament.accepts_deal`,
  the terminal's rule);
- ``deal_answer``: ``name`` accepts or refuses the deal open (``timeout``: no answer
  in time, a refusal). When every player left has accepted, the engine's
  :meth:`~pokerbonus.engine.tournament.Tournament.accept_deal` ends the tournament.

A table whose hand left a person without chips during the rebuy period waits for
their answer before the hand is settled (the engine's ``finish_hand`` takes the
rebuys); the final table deals no hand while a deal is open.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from pokerbonus.bots.tournament import accepts_deal
from pokerbonus.errors import TournamentError
from pokerbonus.i18n import gettext
from pokerbonus.rules.prizes import DealKind
from pokerbonus.server.session import ServerError

if TYPE_CHECKING:
    from pokerbonus.engine.tournament import Tournament
    from pokerbonus.server.tournaments import RoomPerson, TournamentRoom

__all__ = [
    "ANSWER_SECONDS",
    "BustAsk",
    "DealOffer",
    "answer_seconds",
    "apply_buy",
    "deal_refusal",
    "decide_bust",
    "decide_deal",
    "decide_deal_answer",
    "decide_rebuy",
    "due_answers",
    "offer_json",
    "queued_buys",
]

ANSWER_SECONDS: Final = 30.0
"""The time to answer (a rebuy after a bust, a deal) at a table with no action clock."""

Entry = dict[str, Any]


@dataclass(slots=True)
class BustAsk:
    """A person out of chips at table ``table`` in the rebuy period, asked to rebuy or
    leave until ``deadline`` (the tournament's time); ``answer`` once they chose."""

    name: str
    table: int
    deadline: float
    answer: bool | None = None


@dataclass(slots=True)
class DealOffer:
    """A deal put to the final table: its ``kind``, who proposed it, what it pays each
    player left, each player's answer (``None``: not yet), the time to answer, and
    its ``status`` (``open``, ``refused`` or ``made``)."""

    kind: DealKind
    by: str
    amounts: dict[str, int]
    answers: dict[str, bool | None]
    deadline: float
    status: str = "open"
    refused_by: list[str] = field(default_factory=list)


def answer_seconds(room: TournamentRoom) -> float:
    """The time to answer a question: the table's action clock, else :data:`ANSWER_SECONDS`."""
    seconds = room.timer.action_seconds
    return seconds if seconds > 0 else ANSWER_SECONDS


def _tournament(room: TournamentRoom) -> Tournament:
    t = room.tournament
    if t is None:
        raise ServerError("illegal", gettext("tournament: it has not started"))
    if t.finished:
        raise ServerError("illegal", gettext("tournament: it is over"))
    return t


# -- deciding ------------------------------------------------------------------------------


def decide_rebuy(room: TournamentRoom, person: RoomPerson, *, addon: bool) -> Entry | None:
    """``person`` buys the rebuy chips (``addon``: the add-on) now; when they were asked
    after a bust, this is their answer (a rebuy). During their own hand, where nothing
    else stands in the way, the request waits for the hand's end (``None``: queued,
    :func:`queued_buys` makes it)."""
    t = _tournament(room)
    name = person.name
    clock = room.clock()
    if name in room.asks:
        if addon:
            raise ServerError("illegal", gettext("add-on: out of chips, rebuy first (or leave)"))
        return decide_bust(room, person, rebuy=True)
    if room.deal_open:
        raise ServerError("illegal", gettext("rebuy: a deal is being decided at the final table"))
    verify = t.verify_addon if addon else t.verify_rebuy
    try:
        verify(name, clock, in_hand_ok=True)
    except TournamentError as exc:
        raise ServerError("illegal", str(exc)) from None
    if t.in_hand(name):
        room.queued[name] = addon
        return None
    return {"k": "rebuy", "name": name, "addon": addon, "clock": clock}


def queued_buys(room: TournamentRoom, number: int) -> list[Entry]:
    """At table ``number``, between its hands: the entries of the rebuys asked for during
    the hand just over (:func:`decide_rebuy`), each decided again now (one the hand made
    impossible, a stack above the starting one or the rebuy period ended with the hand,
    is dropped: the page's button then says why)."""
    t = room.tournament
    if t is None or not room.queued:
        return []
    table = t.tables.get(number)
    if table is None or table.hand is not None:
        return []
    out: list[Entry] = []
    for name in [n for n in room.queued if n in table.seats]:
        addon = room.queued.pop(name)
        person = next((p for p in room.persons.values() if p.name == name), None)
        if person is None:
            continue
        try:
            entry = decide_rebuy(room, person, addon=addon)
        except ServerError:
            continue
        if entry is not None:
            out.append(entry)
    return out


def decide_bust(room: TournamentRoom, person: RoomPerson, *, rebuy: bool) -> Entry:
    """``person``, asked after a bust, rebuys (``rebuy``) or leaves the tournament."""
    _tournament(room)
    ask = room.asks.get(person.name)
    if ask is None or ask.answer is not None:
        if rebuy:
            raise ServerError("illegal", gettext("rebuy: nobody asked you to rebuy now"))
        raise ServerError(
            "illegal", gettext("leave: a player leaves a tournament by losing their chips")
        )
    return {"k": "bust", "name": person.name, "rebuy": rebuy, "clock": room.clock()}


def deal_refusal(room: TournamentRoom, name: str | None = None) -> str | None:
    """Why no deal may be put now (by ``name``, a player left), in words; ``None``: it may."""
    t = room.tournament
    if t is None or t.finished:
        return gettext("deal: the tournament is not being played")
    left = t.players_left()
    if name is not None and name not in left:
        return gettext("deal: only a player still in may propose one")
    if not t.final_table:
        return gettext("deal: only at the final table")
    if any(table.hand is not None for table in t.tables.values()) or room.asks:
        return gettext("deal: only between hands (wait for this one to end)")
    if room.deal_open:
        return gettext("deal: one is already being decided")
    if not t.prizes_to_share():
        return gettext("deal: the prizes left are all the same; there is nothing to share")
    return None


def decide_deal(room: TournamentRoom, person: RoomPerson, kind: str) -> Entry:
    """``person`` puts a deal of ``kind`` (``icm`` or ``chips``) to the final table."""
    _tournament(room)
    if kind not in ("icm", "chips"):
        raise ServerError(
            "malformed", gettext("deal: expected 'icm' or 'chips', got {kind!r}").format(kind=kind)
        )
    refused = deal_refusal(room, person.name)
    if refused is not None:
        raise ServerError("illegal", refused)
    return {"k": "deal", "by": person.name, "kind": kind, "clock": room.clock()}


def decide_deal_answer(room: TournamentRoom, person: RoomPerson, *, accept: bool) -> Entry:
    """``person`` accepts or refuses the deal open."""
    _tournament(room)
    offer = room.offer
    if offer is None or offer.status != "open":
        raise ServerError("illegal", gettext("deal: no deal is being decided"))
    if person.name not in offer.answers:
        raise ServerError("illegal", gettext("deal: only the players left answer"))
    if offer.answers[person.name] is not None:
        raise ServerError("illegal", gettext("deal: you have answered already"))
    return {"k": "deal_answer", "name": person.name, "accept": accept, "clock": room.clock()}


def due_answers(room: TournamentRoom, number: int) -> tuple[list[Entry], float | None]:
    """At table ``number``: the answers whose time ran out (entries), and else the seconds
    until the next one does (``None``: nobody is asked there)."""
    clock = room.clock()
    waits: list[float] = []
    out: list[Entry] = []
    for ask in room.asks.values():
        if ask.table == number and ask.answer is None:
            if clock >= ask.deadline:
                out.append({"k": "bust", "name": ask.name, "rebuy": False, "timeout": True,
                            "clock": clock})  # fmt: skip
            else:
                waits.append(ask.deadline - clock)
    offer = room.offer
    t = room.tournament
    if offer is not None and offer.status == "open" and t is not None and number in t.tables:
        silent = [n for n, a in offer.answers.items() if a is None]
        if silent and clock >= offer.deadline:
            out.append({"k": "deal_answer", "name": silent[0], "accept": False, "timeout": True,
                        "clock": clock})  # fmt: skip
        elif silent:
            waits.append(offer.deadline - clock)
    if out:
        return out, None
    return out, (max(0.05, min(waits)) if waits else None)


# -- applying ------------------------------------------------------------------------------


def apply_buy(room: TournamentRoom, entry: Mapping[str, Any]) -> None:
    """Apply a ``rebuy``, ``bust``, ``deal`` or ``deal_answer`` entry (see the module doc);
    what it changes at a table is said there (the room's pending events)."""
    t = room.tournament
    assert t is not None
    kind = entry["k"]
    clock = float(entry["clock"])
    if kind == "rebuy":
        name = entry["name"]
        addon = bool(entry["addon"])
        chips = t.addon(name, clock) if addon else t.rebuy(name, clock)
        t.check_chips()
        number = t.table_of(name).id
        room.say_rebought(number, name, chips, addon, room.pending.setdefault(number, []))
        return
    if kind == "bust":
        ask = room.asks[entry["name"]]
        ask.answer = bool(entry["rebuy"])
        table = ask.table
        if all(a.answer is not None for a in room.asks.values() if a.table == table):
            answered = [a for a in room.asks.values() if a.table == table]
            for a in answered:
                del room.asks[a.name]
            session = room.sessions[table]
            session.clock_now = clock
            room.settle_now(session, room.pending.setdefault(table, []),
                            {a.name for a in answered if a.answer})  # fmt: skip
        return
    if kind == "deal":
        _apply_deal(room, t, entry, clock)
        return
    if kind == "deal_answer":
        offer = room.offer
        assert offer is not None and offer.status == "open"
        name = entry["name"]
        offer.answers[name] = bool(entry["accept"])
        if not entry["accept"]:
            offer.status = "refused"
            offer.refused_by = [name]
        _conclude(room, t, offer, timeout=bool(entry.get("timeout")))
        return
    raise AssertionError(kind)  # pragma: no cover


def _apply_deal(
    room: TournamentRoom, t: Tournament, entry: Mapping[str, Any], clock: float
) -> None:
    kind: DealKind = "icm" if entry["kind"] == "icm" else "chips"
    amounts = t.deal_amounts(kind)
    left = t.players_left()
    equities = t.icm()
    prizes_left = sum(t.prizes_left())
    answers: dict[str, bool | None] = {}
    for name in left:
        if name == entry["by"]:
            answers[name] = True
        elif name in room.bots:
            answers[name] = accepts_deal(amounts[name], equities[name], prizes_left)
        else:
            answers[name] = None
    offer = DealOffer(kind, entry["by"], amounts, answers, clock + answer_seconds(room))
    offer.refused_by = [n for n, a in answers.items() if a is False]
    if offer.refused_by:
        offer.status = "refused"
    room.offer = offer
    number = min(t.tables)
    room.sessions[number]._table_event(
        room.pending.setdefault(number, []),
        {"kind": "deal_proposed", "name": offer.by, "deal": kind, "amounts": dict(amounts)},
    )
    _conclude(room, t, offer, timeout=False)


def _conclude(room: TournamentRoom, t: Tournament, offer: DealOffer, *, timeout: bool) -> None:
    """Say a refusal, or make the deal once everyone accepted."""
    number = min(t.tables)
    session = room.sessions[number]
    out = room.pending.setdefault(number, [])
    if offer.status == "refused":
        session._table_event(
            out, {"kind": "deal_refused", "names": list(offer.refused_by), "timeout": timeout}
        )
        return
    if any(a is not True for a in offer.answers.values()):
        return
    t.accept_deal(offer.kind, list(offer.answers))
    t.check_chips()
    offer.status = "made"
    session._table_event(out, {"kind": "deal_made", "deal": offer.kind,
                               "amounts": dict(offer.amounts)})  # fmt: skip
    for other in room.sessions.values():
        other.close(room.pending.setdefault(other.number, []), "tournament_over")


def offer_json(room: TournamentRoom) -> dict[str, Any] | None:
    """The deal put to the final table, as the page shows it (``None``: none put)."""
    offer = room.offer
    if offer is None:
        return None
    return {
        "kind": offer.kind,
        "by": offer.by,
        "status": offer.status,
        "amounts": offer.amounts,
        "answers": offer.answers,
        "refused_by": offer.refused_by,
        "seconds_left": round(max(0.0, offer.deadline - room.clock()), 1)
        if offer.status == "open"
        else None,
    }
