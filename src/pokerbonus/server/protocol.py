"""The JSON protocol of the web tables (``docs/protocol.md``): client messages checked
at the edge (pydantic models), and the server's messages built from per-seat views.

Everything a receiver is sent about a hand comes from the engine's view of their
seat: events go through :func:`pokerbonus.engine.views.redact` for the receiver's
hand seat, states are built from ``hand.view(seat)`` (``None`` for a spectator
or a seat not dealt in).

>>> from pokerbonus.engine.events import Drew
>>> from pokerbonus.cards import parse_cards
>>> event_json(Drew(1, parse_cards("As Kd"), 2), (4, 5), 0)
{'kind': 'drew', 'seat': 5, 'cards': [], 'count': 2}
>>> event_json(Drew(1, parse_cards("As Kd"), 2), (4, 5), 1)["cards"]
['As', 'Kd']
>>> parse_client('{"type": "act", "hand": 1, "seq": 2, "action": {"kind": "fold"}}').type
'act'
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from pokerbonus.cards import Card, parse_card
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.events import Event
from pokerbonus.engine.showdown import best_value, evaluator_options, qualifies
from pokerbonus.engine.state import Hand
from pokerbonus.engine.views import SeatView, redact
from pokerbonus.errors import InvalidCardError
from pokerbonus.i18n import DEFAULT_LANGUAGE, current_language, gettext, translations
from pokerbonus.server.session import (
    MAX_CHIPS,
    EventRecord,
    HandLog,
    Person,
    ServerError,
    TableSession,
)

__all__ = [
    "HISTORY_HANDS",
    "MAX_MESSAGE_BYTES",
    "ActionModel",
    "ClientMessage",
    "StateEncoder",
    "action_from_model",
    "event_json",
    "hand_names",
    "last_hand_json",
    "parse_client",
    "record_json",
    "state_json",
]

MAX_MESSAGE_BYTES = 4096
"""The largest client message accepted, in bytes."""

HISTORY_HANDS = 3
"""Hands whose events a resync state's ``log`` holds: the one being played (or the last
one) and the ones before it."""

MsgId = Annotated[str, Field(max_length=64)] | int | None


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    id: MsgId = None


class ActionModel(BaseModel):
    """An action in an ``act`` message."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal[
        "fold", "check_or_call", "raise_to", "discard", "buy_pot", "surblind", "kill", "decline"
    ]
    amount: Annotated[int, Field(ge=0, le=MAX_CHIPS)] = 0
    cards: Annotated[list[Annotated[str, Field(max_length=3)]], Field(max_length=8)] = []


class Hello(_Msg):
    """The first message: the person's token and the last event number they hold.

    ``batch``: the client takes the messages of one change (its events, the state,
    the ack) in one ``batch`` message, one WebSocket frame, instead of one frame each.
    """

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=128)]
    since: Annotated[int, Field(ge=0)] | None = None
    batch: bool = False
    lang: Literal["en", "fr"] | None = None
    """The page's language: the words the server sends this socket (errors, hand
    names) are in it; ``None``: the language of the socket's request (its
    ``pokerbonus_lang`` cookie, else ``Accept-Language``)."""


class Act(_Msg):
    """An action for the sender's seat at ``(hand, seq)``."""

    type: Literal["act"]
    hand: Annotated[int, Field(ge=1)]
    seq: Annotated[int, Field(ge=1)]
    action: ActionModel


class Sit(_Msg):
    """Take an empty seat."""

    type: Literal["sit"]
    seat: Annotated[int, Field(ge=0, le=63)]


class Simple(_Msg):
    """A message without fields."""

    type: Literal["leave", "sit_out", "sit_in", "start", "ping"]


class Rebuy(_Msg):
    """Buy chips between hands."""

    type: Literal["rebuy"]
    caves: Annotated[int, Field(ge=1, le=1000)] = 1
    chips: Annotated[int, Field(ge=1, le=MAX_CHIPS)] | None = None


class AddBot(_Msg):
    """Host: a bot at an empty seat."""

    type: Literal["add_bot"]
    seat: Annotated[int, Field(ge=0, le=63)]
    level: Annotated[str, Field(max_length=16)]


class RemoveBot(_Msg):
    """Host: send a bot away."""

    type: Literal["remove_bot"]
    seat: Annotated[int, Field(ge=0, le=63)]


class Chat(_Msg):
    """A chat line."""

    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=200)]


ClientMessage = Annotated[
    Hello | Act | Sit | Simple | Rebuy | AddBot | RemoveBot | Chat, Field(discriminator="type")
]
"""Any message a client may send."""

_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)
_TYPES = (
    "hello",
    "act",
    "sit",
    "leave",
    "sit_out",
    "sit_in",
    "start",
    "ping",
    "rebuy",
    "add_bot",
    "remove_bot",
    "chat",
)


def parse_client(text: str | bytes) -> Any:
    """Check one client message; :class:`ServerError` (``too_large``, ``malformed``) names why."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise ServerError("too_large", f"message: {size} bytes, at most {MAX_MESSAGE_BYTES}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ServerError("malformed", f"message: not JSON ({exc})") from None
    except RecursionError:  # "[[[[..." under the size cap: deeper than the parser goes
        raise ServerError(
            "malformed", gettext("message: JSON nested too deep (a message is one flat object)")
        ) from None
    if not isinstance(data, dict):
        raise ServerError(
            "malformed", f"message: a JSON object is expected, got {type(data).__name__}"
        )
    kind = data.get("type")
    if kind not in _TYPES:
        raise ServerError(
            "malformed", f"type: unknown message type {kind!r} (one of {', '.join(_TYPES)})"
        )
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ServerError("malformed", f"{kind}: {where}: {first['msg']}") from None


def message_id(text: str | bytes) -> str | int | None:
    """The ``id`` of a message, if it can be read (to echo it in an error)."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(data, dict):
        mid = data.get("id")
        if isinstance(mid, int) and not isinstance(mid, bool):
            return mid
        if isinstance(mid, str) and len(mid) <= 64:
            return mid
    return None


_CARD_TEXT = re.compile(r"^(Jk|[2-9TJQKA][cdhsCDHS])$")


def action_from_model(model: ActionModel, hole: Sequence[Card]) -> Action:
    """The engine action of an ``action`` object (cards named by text, matched against ``hole``).

    A joker ``Jk`` is the first joker in ``hole``, the second ``Jk`` the next one.
    """
    if model.kind == "raise_to":
        return Action.raise_to(model.amount)
    if model.kind == "discard":
        cards: list[Card] = []
        for text in model.cards:
            if not _CARD_TEXT.match(text):
                raise ServerError(
                    "malformed", f"act: card {text!r} is not a card (like 'As', 'Jk')"
                )
            try:
                card = parse_card(text)
            except InvalidCardError as exc:
                raise ServerError("malformed", f"act: {exc}") from None
            if card.is_joker:
                jokers = [c for c in hole if c.is_joker and c not in cards]
                card = jokers[0] if jokers else card
            cards.append(card)
        return Action.discard(cards)
    return Action(model.kind)


# -- server messages ---------------------------------------------------------------------


def _cards(cards: Sequence[int]) -> list[str]:
    return [str(Card(c)) for c in cards]


def event_json(event: Event, seats: Sequence[int], hand_seat: int | None) -> dict[str, Any]:
    """An engine event as ``hand_seat`` may see it, with table seats and card strings."""
    seen = redact(event, hand_seat)
    name = type(seen).__name__
    kind = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
    out: dict[str, Any] = {"kind": kind}
    for f in dataclasses.fields(seen):
        value = getattr(seen, f.name)
        if f.name == "seat":
            out["seat"] = seats[value]
        elif f.name == "cards":
            out["cards"] = _cards(value)
        elif f.name == "card":
            out["card"] = None if value is None else str(Card(value))
        elif f.name == "shares":
            out["shares"] = [[seats[s], chips] for s, chips in value]
        elif f.name == "kind":  # blind_posted's own kind must not overwrite the event's
            out["blind"] = value
        else:
            out[f.name] = value
    return out


def receiver_seats(
    session: TableSession, rec: EventRecord, person: Person | None
) -> tuple[int | None, int | None]:
    """The receiver's table seat and hand seat for a record (by name: who was dealt in
    that hand, so a person who sat later never sees the previous player's cards)."""
    if person is None or rec.hand is None:
        return (person.seat if person else None), None
    log = session.hands[rec.hand - 1]
    try:
        hs = log.names.index(person.name)
    except ValueError:
        return person.seat, None
    return log.seats[hs], hs


def history_json(session: TableSession, person: Person | None) -> dict[str, Any]:
    """A resync state's ``log`` and ``chat``: the events of the last :data:`HISTORY_HANDS`
    hands with the table events among them (chat left out), and the last chat lines,
    as ``event`` messages built for ``person``."""
    start = 0
    if session.hands:
        first = session.hands[max(0, len(session.hands) - HISTORY_HANDS)]
        start = first.first_n
    log = [
        record_json(rec, *receiver_seats(session, rec, person))
        for rec in session.events
        if rec.n >= start and not (rec.table is not None and rec.table.get("kind") == "chat")
    ]
    chat = [record_json(rec, None, None) for rec in session.chat]
    return {"log": log, "chat": chat}


def receiver_hand_seat(rec: EventRecord, seat: int | None) -> int | None:
    """The receiver's seat in the record's hand (``None``: not dealt in, a spectator)."""
    if seat is None:
        return None
    try:
        return rec.seats.index(seat)
    except ValueError:
        return None


def record_json(rec: EventRecord, seat: int | None, hand_seat: int | None) -> dict[str, Any]:
    """The ``event`` message of a record for a receiver at table seat ``seat``.

    ``hand_seat`` is that receiver's seat in the record's hand (``None``: not dealt in).
    """
    if rec.event is not None:
        body = event_json(rec.event, rec.seats, hand_seat)
    else:
        assert rec.table is not None
        body = dict(rec.table)
    return {"type": "event", "n": rec.n, "hand": rec.hand, "event": body}


def you_json(session: TableSession, person: Person | None) -> dict[str, Any]:
    """The ``you`` object."""
    if person is None:
        return {
            "name": None,
            "seat": None,
            "host": False,
            "sitting_out": False,
            "away": False,
            "time_bank": 0.0,
        }
    occ = session.seats[person.seat] if person.seat is not None else None
    return {
        "name": person.name,
        "seat": person.seat,
        "host": person.host,
        "sitting_out": bool(occ and occ.sitting_out),
        "away": bool(occ and occ.away),
        "time_bank": round(person.time_bank, 3),
    }


def table_json(
    session: TableSession,
    connected: Mapping[int, bool] | None = None,
    *,
    public_parts: bool = True,
) -> dict[str, Any]:
    """The ``table`` object: house rules, seats, ledger, timer (public).

    ``public_parts=False`` leaves out ``config`` and ``timer``, which never change
    in a session (for an encoder that keeps them encoded).
    """
    seats: list[dict[str, Any] | None] = []
    for s, occ in enumerate(session.seats):
        if occ is None:
            seats.append(None)
            continue
        live = True if occ.bot is not None else bool(connected and connected.get(occ.pid or 0))
        seats.append(
            {
                "seat": s,
                "name": occ.name,
                "bot": occ.bot,
                "stack": session.stack_of(s),
                "sitting_out": occ.sitting_out,
                "away": occ.away,
                "leaving": occ.leaving,
                "connected": live,
            }
        )
    seated = {o.name for o in session.seats if o is not None}
    ledger = [
        {
            "name": e.player,
            "caves": e.caves,
            "bought": e.bought,
            "stack": e.stack,
            "net": e.net,
            "seated": e.player in seated,
        }
        for e in session.ledger.entries()
    ]
    status = "closed" if session.closed else "playing" if session.current else "waiting"
    out: dict[str, Any] = {"id": session.id, "players": len(session.seats)}
    if public_parts:
        out["config"] = session.config.to_dict()
    out.update(
        hands_played=session.hands_played,
        status=status,
        started=session.started,
        start=session.start_rule,
        seats=seats,
        ledger=ledger,
    )
    if public_parts:
        out["timer"] = session.timer.to_dict()
    return out


def _per_seat(seats: Sequence[int], values: Sequence[Any]) -> dict[str, Any]:
    return {str(s): v for s, v in zip(seats, values, strict=True)}


def hand_names(
    hand: Hand, shown: Sequence[tuple[int, Sequence[int]]], lang: str = DEFAULT_LANGUAGE
) -> dict[int, str]:
    """The engine's name of each shown hand (``evaluate(...).describe(lang)``), by hand
    seat, in ``lang``.

    The best five cards under the game's hand rule with the board (each board of a
    double-board game, ``" / "`` between them); a high/low game names both halves,
    ``"; "`` between them (``"no low"`` when the low does not qualify).
    """
    rule = hand.game.rule
    deck = hand.deck_size
    high = evaluator_options(rule, rule.high or "", deck, hand.game.jokers)
    low = evaluator_options(rule, rule.low or "", deck, hand.game.jokers)
    boards = hand.boards
    out: dict[int, str] = {}
    for seat, cards in shown:
        per_board: list[str] = []
        for board in boards:
            parts: list[str] = []
            if rule.high is not None:
                parts.append(best_value(cards, board, rule, rule.high, high).describe(lang))
            if rule.low is not None:
                value = best_value(cards, board, rule, rule.low, low)
                parts.append(
                    value.describe(lang)
                    if qualifies(value, rule.low)
                    else translations(lang).gettext("no low")
                )
            per_board.append("; ".join(parts))
        out[seat] = " / ".join(per_board)
    return out


def _shown_json(
    session: TableSession, log: HandLog, view: SeatView, lang: str
) -> tuple[dict[str, list[str]], dict[str, str]]:
    """``shown`` and ``names`` (table seats as keys, names in ``lang``) of a view;
    names cached per hand and language."""
    seats = log.seats
    shown = {str(seats[s]): _cards(c) for s, c in view.shown}
    if not view.shown:
        return shown, {}
    key = (log.number, lang)
    cache = session.shown_names.get(key)
    if cache is None or len(cache) != len(view.shown):
        named = hand_names(log.hand, view.shown, lang)
        cache = {str(seats[s]): name for s, name in named.items()}
        if view.finished:  # only the last finished hand's names are asked for again
            for old in [k for k in session.shown_names if k[0] != log.number]:
                del session.shown_names[old]
            session.shown_names[key] = cache
    return shown, cache


def _pot_results_json(seats: Sequence[int], view: SeatView) -> list[dict[str, Any]]:
    return [
        {
            "amount": r.amount,
            "eligible": [seats[s] for s in r.eligible],
            "winners": [seats[s] for s in r.winners],
            "shares": [[seats[s], c] for s, c in r.shares],
        }
        for r in view.pot_results
    ]


def last_hand_json(session: TableSession, lang: str | None = None) -> dict[str, Any] | None:
    """The ``last_hand`` object: the last hand that ended (finished or voided), as
    everyone may see it (the spectator view: only shown cards), or ``None``; the
    hands' names in ``lang`` (default: the current language)."""
    log = next((h for h in reversed(session.hands) if h is not session.current), None)
    if log is None:
        return None
    view = log.hand.view(None)
    seats = log.seats
    shown, names = _shown_json(session, log, view, lang or current_language())
    return {
        "number": log.number,
        "status": log.status,
        "seats": list(seats),
        "board": _cards(view.board),
        "shown": shown,
        "names": names,
        "pot_results": _pot_results_json(seats, view) if log.status == "finished" else [],
        "net": _per_seat(seats, log.hand.net) if log.status == "finished" else {},
    }


def _legal_json(lg: LegalActions) -> dict[str, Any]:
    return {
        "decision": lg.decision,
        "can_check": lg.can_check,
        "can_fold": lg.can_fold,
        "call_amount": lg.call_amount,
        "min_raise_to": lg.min_raise_to,
        "max_raise_to": lg.max_raise_to,
        "max_discard": lg.max_discard,
        "can_take_four": lg.can_take_four,
        "discard_count": lg.discard_count,
        "offer_amount": lg.offer_amount,
    }


def hand_json(
    session: TableSession,
    seat: int | None,
    now: float,
    *,
    log: bool = False,
    lang: str | None = None,
) -> dict[str, Any] | None:
    """The ``hand`` object for table seat ``seat`` (``None``: spectator), from its view
    (the shown hands' names in ``lang``, default: the current language)."""
    cur = session.current
    if cur is None:
        return None
    seats = cur.seats
    hs = session.hand_seat(seat)
    view = cur.hand.view(hs)
    legal = _legal_json(view.legal) if view.legal is not None else None
    clock = session.clock_left(now)
    shown, names = _shown_json(session, cur, view, lang or current_language())
    return {
        "number": cur.number,
        "seq": session.seq,
        "dealer": cur.dealer,
        "seats": list(seats),
        "mode": cur.mode,
        "stacks": _per_seat(seats, view.stacks),
        "bets": _per_seat(seats, view.bets),
        "pot": view.pot,
        "folded": _per_seat(seats, view.folded),
        "hole": _cards(view.hole),
        "card_counts": _per_seat(seats, view.card_counts),
        "up_cards": _per_seat(seats, [_cards(u) for u in view.up_cards]),
        "board": _cards(view.board),
        "stub_size": view.stub_size,
        "actor": seats[view.actor] if view.actor is not None else None,
        "decision": view.decision,
        "legal": legal,
        "clock": None
        if clock is None
        else {"seat": clock[0], "action_left": round(clock[1], 3), "bank_left": round(clock[2], 3)},
        "finished": view.finished,
        "shown": shown,
        "names": names,
        "pot_results": _pot_results_json(seats, view),
        "log": [event_json(e, seats, hs) for e in view.log] if log else None,
    }


def state_json(
    session: TableSession,
    person: Person | None,
    now: float,
    *,
    resync: bool = False,
    connected: Mapping[int, bool] | None = None,
    table: dict[str, Any] | None = None,
    last_hand: dict[str, Any] | Literal[False] | None = False,
    lang: str | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``person`` (``None``: an anonymous spectator), its
    words (the shown hands' names) in ``lang`` (default: the current language).

    ``table`` and ``last_hand`` (public, the same for every receiver) may be given
    when already built for a broadcast (``False``: build ``last_hand`` here).

    ``last_hand`` is the last hand that ended (:func:`last_hand_json`), so a page
    opened between hands can show its showdown. A ``resync`` state also holds the
    ``log`` of the last hands and the ``chat`` (:func:`history_json`).
    """
    seat = person.seat if person is not None else None
    out = {
        "type": "state",
        "n": session.last_n,
        "resync": resync,
        "you": you_json(session, person),
        "table": table if table is not None else table_json(session, connected),
        "hand": hand_json(session, seat, now, log=resync, lang=lang),
        "last_hand": last_hand_json(session, lang) if last_hand is False else last_hand,
    }
    if resync:
        out.update(history_json(session, person))
    return out


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


class StateEncoder:
    """The ``state`` messages of one broadcast, encoded once for all receivers.

    Everything public (``table``, ``last_hand``, the hand as a spectator sees it) is
    built from the spectator view and encoded once; each receiver's text adds only
    its ``you``, its own hole cards and, for the player to act, ``legal`` (what
    ``hand.view(seat)`` adds to the spectator view). ``json.loads(encoder.text(p))``
    equals :func:`state_json` for ``p`` (tested).

    ``cache``: a dict the caller keeps between the broadcasts of one table; the
    parts that do not change within a session (the house rules, the timer) or within
    a hand (the ``last_hand`` object, rebuilt when a hand ends) are encoded once.

    The public parts that hold words (the shown hands' names) are encoded once per
    language asked for (:meth:`text`'s ``lang``).
    """

    def __init__(
        self,
        session: TableSession,
        now: float,
        connected: Mapping[int, bool] | None,
        cache: dict[str, Any] | None = None,
    ) -> None:
        self.session = session
        self.now = now
        head = {"type": "state", "n": session.last_n, "resync": False}
        self._head = _dumps(head)[:-1] + ',"you":'
        cache = cache if cache is not None else {}
        self._cache = cache
        last = next((h for h in reversed(session.hands) if h is not session.current), None)
        key = None if last is None else (last.number, last.status)
        if "last_hand" not in cache or cache["last_hand_key"] != key:
            cache["last_hand"] = {}  # by language
            cache["last_hand_key"] = key
        if "config" not in cache:
            cache["config"] = _dumps(session.config.to_dict())
            cache["timer"] = _dumps(session.timer.to_dict())
        self._table_head: str = (
            ',"table":' + _dumps(table_json(session, connected, public_parts=False))[:-1]
            + ',"config":' + cache["config"] + ',"timer":' + cache["timer"] + '},"last_hand":'
        )  # fmt: skip
        self._tables: dict[str, str] = {}
        self._hands: dict[str, str | None] = {}

    def _public(self, lang: str) -> tuple[str, str | None]:
        """The table and last hand, and the hand as a spectator sees it, encoded in ``lang``."""
        if lang not in self._tables:
            lasts = self._cache["last_hand"]
            if lang not in lasts:
                lasts[lang] = _dumps(last_hand_json(self.session, lang))
            self._tables[lang] = self._table_head + lasts[lang]
            public = hand_json(self.session, None, self.now, lang=lang)
            hand: str | None = None
            if public is not None:
                del public["hole"], public["legal"]
                hand = ',"hand":' + _dumps(public)[:-1]
            self._hands[lang] = hand
        return self._tables[lang], self._hands[lang]

    def text(self, person: Person | None, lang: str = DEFAULT_LANGUAGE) -> str:
        """The encoded ``state`` message for ``person`` (``None``: an anonymous
        spectator), its words in ``lang``."""
        s = self.session
        table, public_hand = self._public(lang)
        out = self._head + _dumps(you_json(s, person)) + table
        if public_hand is None:
            return out + ',"hand":null}'
        hs = s.hand_seat(person.seat if person is not None else None)
        hole: list[str] = []
        legal: dict[str, Any] | None = None
        cur = s.current
        if hs is not None and cur is not None:
            hole = _cards(cur.hand.hole_cards(hs))
            if cur.hand.actor == hs:
                legal = _legal_json(cur.hand.legal_actions())
        return out + public_hand + ',"hole":' + _dumps(hole) + ',"legal":' + _dumps(legal) + "}}"
