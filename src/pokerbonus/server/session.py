"""One web table as a sequential state machine: seats, ledger, hands, events, clock.

A :class:`TableSession` holds everything about one table and changes only
through *journal entries*: small JSON-ready dicts, one per decided change
(a person joins, sits, acts; a hand is dealt with its deck order and seed).
Deciding (``decide_*``) checks an intention and returns the entry without
changing anything; :meth:`TableSession.apply` makes the change and returns the
numbered events it produced. The server writes each entry to the database
before applying it, and a restart rebuilds the table by applying the stored
entries again, in order: the same entries give the same state and the same
event numbers (the deck order and the reshuffle seed are in the entries).

The session does no I/O and reads no clock of its own: the current time is
passed in (``now``), the random source is given at construction.

>>> import random
>>> from pokerbonus.engine.config import TableConfig
>>> s = TableSession("t1", TableConfig(players=3), rng=random.Random(1))
>>> ann = s.apply(s.decide_person("Ann", "h-ann", host=True))
>>> for seat, level in ((1, "station"), (2, "station")):
...     _ = s.apply(s.decide_bot(seat, level))
>>> _ = s.apply(s.decide_sit(s.person_by_name("Ann").pid, 0))
>>> _ = s.apply(s.decide_hand())
>>> s.hand is not None, s.chips()["bought"] == 300
(True, True)
"""

from __future__ import annotations

import contextlib
import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action, is_legal
from pokerbonus.bots.draw import LADDER
from pokerbonus.bots.game_bots import bot_for
from pokerbonus.cards import Card
from pokerbonus.engine.actions import ACTION_KINDS, Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import BlindPosted, Event
from pokerbonus.engine.kill import KillState
from pokerbonus.engine.ledger import Ledger
from pokerbonus.engine.seating import draw_first_dealer, next_dealer
from pokerbonus.engine.shuffle import Shuffler
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import (
    ForcedBetSchedule,
    game_for,
    hand_mode,
    hand_stakes,
    kill_game,
)
from pokerbonus.errors import IllegalActionError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.rules import GameDef, Stakes
from pokerbonus.server.names import check_name, confusable_key

__all__ = [
    "CHAT_LINES",
    "MAX_CHIPS",
    "START_RULES",
    "EventRecord",
    "HandLog",
    "Occupant",
    "Person",
    "ServerError",
    "TableSession",
    "TimerConfig",
]

Entry = dict[str, Any]
"""A journal entry: ``{"k": kind, ...}``, JSON-ready."""

MAX_CHIPS = 10**12
"""The most chips a table may hold (every stack, bet and pot together), and so the
largest amount an action may carry: a table whose cave times its seats passes it is
refused at creation, a sit or rebuy that would pass it is refused."""

START_RULES = ("host", "join", "now")
"""When a table deals its first hand: when the host presses Start (``host``), when a
second person sits (``join``, or Start), or as soon as it can (``now``)."""

CHAT_LINES = 100
"""Chat lines kept with the table (rebuilt from the journal after a restart)."""

TIMEOUT_WORDS: dict[str, str] = {
    "fold": "fold",
    "discard": "stand_pat",
    "decline": "decline",
}
"""The ``timed_out`` event's ``action`` for the action played (check or call: see
:meth:`TableSession._apply_act`; a discard with cards is a ``discard``)."""


class ServerError(PokerError):
    """An intention refused at a table: ``code`` (protocol error code) and the reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class TimerConfig:
    """The action clock: ``action_seconds`` per decision (0: none), a ``time_bank`` per player."""

    action_seconds: float = 30.0
    time_bank: float = 60.0

    def to_dict(self) -> dict[str, float]:
        """The JSON form."""
        return {"action_seconds": self.action_seconds, "time_bank": self.time_bank}


@dataclass(slots=True)
class Person:
    """Someone who joined with the invite: a display name and a secret token (its hash)."""

    pid: int
    name: str
    token_hash: str
    host: bool
    seat: int | None = None
    time_bank: float = 0.0


@dataclass(slots=True)
class Occupant:
    """Who sits at a seat: a person (``pid``) or a bot (``bot`` level)."""

    name: str
    pid: int | None
    bot: str | None
    sitting_out: bool = False
    away: bool = False
    """Sat out by the table (absent a whole hand, or no page open at a deal), not by choice."""
    leaving: bool = False
    pending: bool = False
    """Seated during a hand: buys the first cave when the hand ends."""
    player: Bot | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class EventRecord:
    """Event number ``n``: an engine event of hand ``hand`` (hand seats ``seats``)
    or a table event (``table``: a dict with ``kind``, seats already table seats)."""

    n: int
    hand: int | None
    event: Event | None
    seats: tuple[int, ...]
    table: Mapping[str, Any] | None


@dataclass(slots=True)
class HandLog:
    """A hand of the session: its deal and what happened (the whole truth)."""

    number: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    dealer: int
    mode: str
    min_opening: int | None
    hand: Hand
    killer: str | None = None
    """The player posting the kill blind (a kill hand), if any."""
    status: str = "playing"
    actions: list[tuple[int, Action]] = field(default_factory=list)
    timed_out: set[int] = field(default_factory=set)
    """Table seats the server acted for (out of time, or no page open) in this hand."""
    acted: set[int] = field(default_factory=set)
    """Table seats that took an action of their own in this hand."""
    first_n: int = 0
    """The number of the hand's ``hand_started`` event (its engine events follow)."""
    seed: int = 0
    """The seed of the hand's reshuffles (with ``hand.deck_order``, a replay deals it again)."""


def action_to_entry(action: Action) -> dict[str, Any]:
    """An engine action as JSON data (cards as indices)."""
    data: dict[str, Any] = {"kind": action.kind}
    if action.kind == "raise_to":
        data["amount"] = action.amount
    if action.kind == "discard":
        data["cards"] = [int(c) for c in action.cards]
    return data


def action_from_entry(data: Mapping[str, Any]) -> Action:
    """The engine action of :func:`action_to_entry` data."""
    kind = data["kind"]
    if kind not in ACTION_KINDS:
        raise PokerError(gettext("journal: unknown action kind {kind!r}").format(kind=kind))
    return Action(kind, int(data.get("amount", 0)), tuple(Card(c) for c in data.get("cards", ())))


class TableSession:
    """A web table: seats, persons, bots, the ledger, the hand being played, the events.

    ``rng`` shuffles and draws (``secrets.SystemRandom()`` for real play);
    ``max_hands`` stops dealing after that many hands (tests, benchmarks);
    ``bots_alone`` lets bots play with no person sitting in; ``keep_events`` is how
    many events are kept for reconnecting clients (at least the current hand's);
    ``start`` is when the first hand may be dealt (:data:`START_RULES`).
    """

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        timer: TimerConfig | None = None,
        *,
        rng: random.Random | None = None,
        max_hands: int | None = None,
        bots_alone: bool = False,
        keep_events: int = 500,
        bot_samples: int = 200,
        start: str = "now",
    ) -> None:
        if start not in START_RULES:
            raise PokerError(
                gettext("start: must be one of {start_rules}, got {start!r}").format(
                    start_rules=", ".join(START_RULES), start=start
                )
            )
        self.id = table_id
        self.config = config
        self.timer = timer if timer is not None else TimerConfig()
        self.rng = rng if rng is not None else random.SystemRandom()
        self.max_hands = max_hands
        self.bots_alone = bots_alone
        self.bot_samples = bot_samples
        self.start_rule = start
        self.started = start == "now"
        """Whether the first hand may be dealt (see :data:`START_RULES`)."""
        self.game = game_for(config)
        self.ledger = Ledger.from_config(config)
        self.schedule = ForcedBetSchedule(config)
        rule = config.kill_rule
        self.kill: KillState | None = KillState(rule) if rule is not None else None
        """Who is the killer, by player name (``None``: the table plays no kill pots)."""
        self.kill_game: GameDef = kill_game(self.game, rule) if rule is not None else self.game
        """The game of a kill hand (limit bets scaled by the kill)."""
        self.shuffler = Shuffler(
            self.game_deck(), config.shuffle, self.rng, min_packet=config.cut_min_packet
        )
        self.seats: list[Occupant | None] = [None] * config.players
        self.persons: dict[int, Person] = {}
        self._by_token: dict[str, int] = {}
        self.hands: list[HandLog] = []
        self.current: HandLog | None = None
        self._gathered: tuple[Card, ...] | None = None
        self._last_dealer: int | None = None
        self.events: deque[EventRecord] = deque()
        self.keep_events = keep_events
        self.chat: deque[EventRecord] = deque(maxlen=CHAT_LINES)
        """The last chat lines (their events), kept apart from the events so that a long
        session keeps them."""
        self._away_checked = 0
        """The last hand whose absent players were sat out (see :meth:`decide_away`)."""
        self.last_n = 0
        self.entries = 0
        self.closed = False
        self.clock_start: float | None = None
        """When the current decision's clock started (``None``: no clock runs)."""
        self.turn_start: float | None = None
        """When the person to act got the turn, clock or not (``None``: no person to act)."""
        self._bot_seq = 0
        self.shown_names: dict[tuple[int, str], dict[str, str]] = {}
        """The names of the hands shown at the last finished hand's showdown, by hand number
        and language (table seats as keys; filled by the protocol when it first sends them)."""

    # -- reading -----------------------------------------------------------------------

    def game_deck(self) -> tuple[Card, ...]:
        """The cards of the table's deck."""
        from pokerbonus.cards import make_deck

        return make_deck(self.config.effective_deck_size, self.config.jokers)

    @property
    def hand(self) -> Hand | None:
        """The hand being played, if any."""
        return self.current.hand if self.current is not None else None

    @property
    def hands_played(self) -> int:
        """Hands dealt so far (finished, voided or in play)."""
        return len(self.hands)

    def person_by_token(self, token_hash: str) -> Person | None:
        """The person holding a token (by its hash)."""
        pid = self._by_token.get(token_hash)
        return self.persons[pid] if pid is not None else None

    def person_by_name(self, name: str) -> Person:
        """The person of a display name."""
        for p in self.persons.values():
            if p.name == name:
                return p
        raise ServerError(
            "malformed", gettext("name: no person {name!r} at this table").format(name=name)
        )

    def hand_seat(self, seat: int | None) -> int | None:
        """The hand seat of table seat ``seat`` in the hand being played (``None``: not in it)."""
        cur = self.current
        if seat is None or cur is None:
            return None
        try:
            return cur.seats.index(seat)
        except ValueError:
            return None

    def actor_seat(self) -> int | None:
        """The table seat of the player to act, if a hand is being played."""
        cur = self.current
        if cur is None or cur.hand.finished or cur.hand.actor is None:
            return None
        return cur.seats[cur.hand.actor]

    @property
    def seq(self) -> int:
        """The sequence number the next action of the current hand must carry."""
        return len(self.current.actions) + 1 if self.current is not None else 1

    def chips(self) -> dict[str, int]:
        """``bought``, ``stacks`` (everyone's, outside the hand's stacks) and ``in_hand``
        (dealt-in stacks, bets and pot): ``stacks + in_hand == bought``."""
        bought = self.ledger.total_bought
        cur = self.current
        if cur is None:
            return {"bought": bought, "stacks": self.ledger.total_stacks, "in_hand": 0}
        hand = cur.hand
        dealt = set(cur.names)
        outside = sum(e.stack for e in self.ledger.entries() if e.player not in dealt)
        in_hand = sum(hand.stacks) + sum(hand.bets) + hand.pot
        return {"bought": bought, "stacks": outside, "in_hand": in_hand}

    def stack_of(self, seat: int) -> int:
        """The chips in front of a seat now (during a hand: its hand stack; a person who
        sat during the hand: the cave they buy when it ends)."""
        occ = self.seats[seat]
        if occ is None:
            return 0
        if occ.pending:
            return self.config.cave
        hs = self.hand_seat(seat)
        if hs is not None and self.current is not None:
            return self.current.hand.stacks[hs]
        return self.ledger.stack(occ.name)

    def game_info(
        self, players: int, stakes: Stakes | None, game: GameDef | None = None
    ) -> GameInfo:
        """The public rules bots play by (``game``: the hand's, by default the table's)."""
        return GameInfo.from_game(game if game is not None else self.game, players, stakes)

    def clock_left(self, now: float) -> tuple[int, float, float] | None:
        """``(seat, action_left, bank_left)`` of the running clock, or ``None``."""
        seat = self.actor_seat()
        if seat is None or self.clock_start is None:
            return None
        occ = self.seats[seat]
        if occ is None or occ.pid is None:
            return None
        bank = self.persons[occ.pid].time_bank
        elapsed = max(0.0, now - self.clock_start)
        action_left = max(0.0, self.timer.action_seconds - elapsed)
        over = max(0.0, elapsed - self.timer.action_seconds)
        return seat, action_left, max(0.0, bank - over)

    def deadline(self) -> float | None:
        """When the player to act runs out of time (``None``: no clock runs)."""
        seat = self.actor_seat()
        if seat is None or self.clock_start is None:
            return None
        occ = self.seats[seat]
        if occ is None or occ.pid is None:
            return None
        return self.clock_start + self.timer.action_seconds + self.persons[occ.pid].time_bank

    # -- deciding (no change) ------------------------------------------------------------

    def names_taken(self) -> dict[str, str]:
        """Every name used at the table (persons, seats, the ledger), by confusable key."""
        names = [p.name for p in self.persons.values()]
        names += [e.player for e in self.ledger.entries()]
        names += [o.name for o in self.seats if o is not None]
        return {confusable_key(n): n for n in names}

    def decide_person(self, name: str, token_hash: str, *, host: bool = False) -> Entry:
        """A person joins (a spectator until they sit).

        A name that looks like one already used at the table (the same confusable key:
        ``"ann"``, ``"ANN"``, ``"Ann"`` with a Cyrillic ``A``...) is refused
        (``name_taken``), as are invisible and mixed-script names (``malformed``).
        """
        name = check_name(name)
        other = self.names_taken().get(confusable_key(name))
        if other is not None:
            if other == name:
                words = gettext("name: {name!r} is already used at this table; pick another")
            else:
                words = gettext(
                    "name: {name!r} looks like {other!r}, which is already used at this table; "
                    "pick another"
                )
            raise ServerError("name_taken", words.format(name=name, other=other))
        return {
            "k": "person",
            "pid": len(self.persons) + 1,
            "name": name,
            "token": token_hash,
            "host": host,
        }

    def _seat_index(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise ServerError(
                "malformed",
                gettext("seat: {seat!r} is not a seat of this table (0..{count})").format(
                    seat=seat, count=len(self.seats) - 1
                ),
            )
        return seat

    def decide_sit(self, pid: int, seat: int) -> Entry:
        """A person takes an empty seat (buys one cave, or comes back with their stack)."""
        seat = self._seat_index(seat)
        person = self.persons[pid]
        if person.seat is not None:
            raise ServerError(
                "illegal",
                gettext("sit: {name!r} already sits at seat {seat}").format(
                    name=person.name, seat=person.seat
                ),
            )
        if self.seats[seat] is not None:
            raise ServerError("seat_taken", gettext("sit: seat {seat} is taken").format(seat=seat))
        if person.name not in self.ledger.players:
            self._check_chip_limit("sit", self.config.cave)
        return {"k": "sit", "pid": pid, "seat": seat}

    def chips_on_table(self) -> int:
        """Every chip at the table now: the seated players' stacks (bets and pot of the
        hand included) and the caves bought by players seated during the hand."""
        total = 0
        for occ in self.seats:
            if occ is None:
                continue
            total += self.config.cave if occ.pending else self.ledger.stack(occ.name)
        return total

    def _check_chip_limit(self, what: str, amount: int) -> None:
        if self.chips_on_table() + amount > MAX_CHIPS:
            raise ServerError(
                "illegal",
                gettext(
                    "{what}: {amount} more chips would put more than {max_chips:,} chips "
                    "on the table, the most an action can carry"
                ).format(what=what, amount=amount, max_chips=MAX_CHIPS),
            )

    def decide_bot(self, seat: int, level: str) -> Entry:
        """A bot of ``level`` at an empty seat."""
        seat = self._seat_index(seat)
        if level not in LADDER:
            raise ServerError(
                "malformed",
                gettext("level: unknown bot level {level!r} (one of {ladder})").format(
                    level=level, ladder=", ".join(LADDER)
                ),
            )
        if self.seats[seat] is not None:
            raise ServerError(
                "seat_taken", gettext("add_bot: seat {seat} is taken").format(seat=seat)
            )
        taken = self.names_taken()
        k = 1
        while confusable_key(f"{level}-{k}") in taken:
            k += 1
        return {
            "k": "bot",
            "seat": seat,
            "level": level,
            "name": f"{level}-{k}",
            "seed": self.rng.getrandbits(32),
        }

    def _occupied(self, pid: int, what: str) -> tuple[int, Occupant]:
        person = self.persons[pid]
        if person.seat is None:
            raise ServerError(
                "not_seated",
                gettext("{what}: {name!r} holds no seat").format(what=what, name=person.name),
            )
        occ = self.seats[person.seat]
        assert occ is not None
        return person.seat, occ

    def decide_leave(self, pid: int) -> Entry:
        """A person stands up (folded first if in the hand; their stack is cashed out)."""
        seat, occ = self._occupied(pid, "leave")
        if occ.leaving:
            raise ServerError(
                "illegal", gettext("leave: {name!r} is already leaving").format(name=occ.name)
            )
        return {"k": "leave", "seat": seat}

    def decide_remove_bot(self, pid: int, seat: int) -> Entry:
        """The host sends a bot away (after the hand if it is dealt in)."""
        seat = self._seat_index(seat)
        if not self.persons[pid].host:
            raise ServerError("not_host", gettext("remove_bot: only the host may remove bots"))
        occ = self.seats[seat]
        if occ is None or occ.bot is None:
            raise ServerError(
                "illegal", gettext("remove_bot: no bot at seat {seat}").format(seat=seat)
            )
        if occ.leaving:
            raise ServerError(
                "illegal",
                gettext("remove_bot: the bot at seat {seat} is already leaving").format(seat=seat),
            )
        return {"k": "leave", "seat": seat}

    def decide_add_bot(self, pid: int, seat: int, level: str) -> Entry:
        """The host adds a bot."""
        if not self.persons[pid].host:
            raise ServerError("not_host", gettext("add_bot: only the host may add bots"))
        return self.decide_bot(seat, level)

    def decide_sit_out(self, pid: int, out: bool) -> Entry:
        """A person sits out from the next hand (``out``) or comes back in ("I'm back")."""
        seat, occ = self._occupied(pid, "sit_out" if out else "sit_in")
        if occ.sitting_out == out:
            words = (
                gettext("sit_out: already sitting out")
                if out
                else gettext("sit_in: already sitting in")
            )
            raise ServerError("illegal", words)
        return {"k": "sit_out" if out else "sit_in", "seat": seat}

    def decide_away(self, connected: set[int] | frozenset[int]) -> list[Entry]:
        """The persons the table sits out before the next deal (the rule of docs/server.md):

        - whoever the server acted for in the last hand and who took no action of their
          own there (out of time, or no page open, for the whole hand);
        - whoever is sitting in with no page open (``connected``: the persons with one).

        Each comes back by pressing "I'm back" (``sit_in``) or, when their page connects
        again, by itself (see :meth:`decide_return`). Nothing before the table has
        started: nobody is dealt in then, and the host has had no time to open a page.
        """
        if self.current is not None or not self.started:
            return []
        last = self.hands[-1] if self.hands else None
        absent: dict[int, str] = {}
        for seat, occ in enumerate(self.seats):
            if occ is not None and occ.pid is not None and occ.pid not in connected:
                absent[seat] = "offline"
        if last is not None and last.number > self._away_checked:
            for seat in last.timed_out - last.acted:
                occ = self.seats[seat]
                if occ is not None and occ.name == last.names[last.seats.index(seat)]:
                    absent.setdefault(seat, "timed_out")
        out: list[Entry] = []
        for seat, why in sorted(absent.items()):
            occ = self.seats[seat]
            assert occ is not None
            if occ.pid is None or occ.sitting_out or occ.leaving:
                continue
            entry: Entry = {"k": "sit_out", "seat": seat, "away": why}
            if last is not None:
                entry["after"] = last.number
            out.append(entry)
        return out

    def decide_return(self, pid: int) -> Entry | None:
        """A person the table sat out whose page connects again: sits in (or ``None``)."""
        seat = self.persons[pid].seat
        occ = self.seats[seat] if seat is not None else None
        if occ is None or not occ.away or not occ.sitting_out:
            return None
        return {"k": "sit_in", "seat": seat}

    def decide_start(self, pid: int | None) -> Entry:
        """The host starts the table: hands are dealt from now on (``pid`` ``None``: the
        table itself, when a second person sits at a ``join`` table)."""
        if pid is not None and not self.persons[pid].host:
            raise ServerError("not_host", gettext("start: only the host may start the table"))
        if self.started:
            raise ServerError("illegal", gettext("start: the table has already started"))
        seats = self.dealable_seats()
        if len(seats) < 2:
            raise ServerError(
                "illegal",
                gettext("start: {count} player(s) with chips sit in, 2 are needed").format(
                    count=len(seats)
                ),
            )
        if not self.bots_alone and not any(self.seats[s].pid is not None for s in seats):  # type: ignore[union-attr]
            raise ServerError("illegal", gettext("start: nobody sits in: take a seat first"))
        return {"k": "start", "by": pid}

    def decide_auto_start(self) -> Entry | None:
        """At a ``join`` table: the start once a second person sits in (else ``None``)."""
        if self.started or self.start_rule != "join":
            return None
        persons = [s for s in self.dealable_seats() if self.seats[s].pid is not None]  # type: ignore[union-attr]
        return {"k": "start", "by": None} if len(persons) >= 2 else None

    def decide_rebuy(self, seat: int, caves: int = 1, chips: int | None = None) -> Entry:
        """Chips for the player at ``seat``, between hands, by the rebuy policy."""
        occ = self.seats[seat]
        if occ is None:
            raise ServerError(
                "not_seated", gettext("rebuy: seat {seat} is empty").format(seat=seat)
            )
        if self.current is not None:
            raise ServerError("illegal", gettext("rebuy: chips can be added only between hands"))
        try:
            amount = self.ledger.verify_rebuy(occ.name, caves, chips)
        except IllegalActionError as exc:
            raise ServerError("illegal", str(exc)) from None
        self._check_chip_limit("rebuy", amount)
        return {
            "k": "rebuy",
            "seat": seat,
            "caves": 0 if chips is not None else caves,
            "chips": amount,
            "unlimited": chips is not None,
        }

    def decide_chat(self, pid: int, text: str) -> Entry:
        """A chat line."""
        text = text.strip()
        if not 1 <= len(text) <= 200 or not text.isprintable():
            raise ServerError(
                "malformed", gettext("chat: text must be 1..200 printable characters")
            )
        return {"k": "chat", "pid": pid, "text": text}

    def decide_act(self, pid: int, hand: int, seq: int, action: Action) -> Entry | None:
        """An action for the person's seat; ``None`` for a duplicate (already taken)."""
        person = self.persons[pid]
        if person.seat is None:
            raise ServerError(
                "not_seated", gettext("act: {name!r} holds no seat").format(name=person.name)
            )
        seat = person.seat
        cur = self.current
        # a duplicate: the same action by the same seat already taken at (hand, seq)
        log = next((h for h in reversed(self.hands) if h.number == hand), None)
        if log is not None and 1 <= seq <= len(log.actions):
            taken_seat, taken = log.actions[seq - 1]
            if taken_seat == seat and taken == action:
                return None
        if cur is None or cur.hand.finished:
            raise ServerError(
                "not_your_turn",
                gettext("act: no hand is being played (asked: hand {hand})").format(hand=hand),
            )
        if hand != cur.number or seq != len(cur.actions) + 1:
            raise ServerError(
                "stale",
                gettext(
                    "act: hand {hand} seq {seq} is stale, the next action is hand {number} "
                    "seq {count}"
                ).format(hand=hand, seq=seq, number=cur.number, count=len(cur.actions) + 1),
            )
        actor = self.actor_seat()
        if actor != seat:
            raise ServerError(
                "not_your_turn",
                gettext("act: seat {seat} may not act now, seat {actor} is to act").format(
                    seat=seat, actor=actor
                ),
            )
        try:
            cur.hand.verify(action)
        except IllegalActionError as exc:
            raise ServerError("illegal", str(exc)) from None
        return {
            "k": "act",
            "hand": hand,
            "seq": seq,
            "seat": seat,
            "action": action_to_entry(action),
        }

    def decide_timeout(self, now: float) -> Entry | None:
        """The timeout action when the player to act ran out of time, else ``None``."""
        deadline = self.deadline()
        if deadline is None or now < deadline:
            return None
        return self._forced_action(timeout=True, now=now)

    def decide_offline(self, now: float) -> Entry:
        """The timeout action for the person to act who has no page open (the table's
        actor decides when: ``ServerSettings.away_seconds``); the time bank they used
        so far on this decision is spent."""
        entry = self._forced_action(timeout=True, now=now)
        entry["bank"] = self.bank_used(now)
        return entry

    def _forced_action(self, *, timeout: bool, now: float | None = None) -> Entry:
        cur = self.current
        assert cur is not None and cur.hand.actor is not None
        hand = cur.hand
        legal = hand.legal_actions()
        action = fallback_action(legal, hand.hole_cards(legal.seat))
        actor = hand.actor
        assert actor is not None
        entry: Entry = {
            "k": "act",
            "hand": cur.number,
            "seq": len(cur.actions) + 1,
            "seat": cur.seats[actor],
            "action": action_to_entry(action),
        }
        if timeout:
            entry["timeout"] = True
        return entry

    def decide_auto(self, now: float) -> Entry | None:
        """A move the table makes by itself now: a bot's action, a leaving player's
        check-or-fold, a timeout. ``None`` when a person is to act in time (or no hand)."""
        seat = self.actor_seat()
        if seat is None:
            return None
        occ = self.seats[seat]
        assert occ is not None
        if occ.leaving:
            return self._forced_action(timeout=False)
        if occ.bot is not None:
            return self.decide_bot_action(seat)
        return self.decide_timeout(now)

    def decide_bot_action(self, seat: int) -> Entry:
        """What the bot at ``seat`` plays now (its view only; the safe action on a bad answer)."""
        return self.bot_entry(seat, self.bot_task(seat)())

    def bot_task(self, seat: int) -> Callable[[], Action | None]:
        """The decision of the bot at ``seat`` as a call that may run in another thread:
        its view and the game's public rules are taken now, so the call reads nothing of
        the table (``None``: the bot failed)."""
        cur = self.current
        occ = self.seats[seat]
        assert cur is not None and occ is not None and occ.player is not None
        hand = cur.hand
        view = hand.view(cur.seats.index(seat))
        info = self.game_info(len(cur.seats), hand.stakes, hand.game)
        player, budget = occ.player, Budget(samples=self.bot_samples)

        def decide() -> Action | None:
            try:
                return player.decide(view, info, budget)
            except Exception:  # a bot's bug must not stop the table
                return None

        return decide

    def bot_entry(self, seat: int, action: Action | None, *, timeout: bool = False) -> Entry:
        """The journal entry of the bot at ``seat`` playing ``action``: the safe action when
        it is ``None`` or not legal (``timeout``: the bot was out of time, shown as a
        ``timed_out`` event like a person's)."""
        cur = self.current
        assert cur is not None
        hand = cur.hand
        legal = hand.legal_actions()
        hole = hand.hole_cards(legal.seat)
        if action is None or not is_legal(action, legal, hole) or not hand_can(hand, action):
            action = fallback_action(legal, hole)
        entry: Entry = {
            "k": "act",
            "hand": cur.number,
            "seq": len(cur.actions) + 1,
            "seat": seat,
            "action": action_to_entry(action),
        }
        if timeout:
            entry["timeout"] = True
        return entry

    def dealable_seats(self) -> tuple[int, ...]:
        """The seats that would be dealt in now: occupied, sitting in, not leaving, with chips."""
        return tuple(
            s
            for s, o in enumerate(self.seats)
            if o is not None
            and not o.sitting_out
            and not o.leaving
            and not o.pending
            and self.ledger.stack(o.name) > 0
        )

    def decide_between_hands(self) -> list[Entry]:
        """What bots do between hands: a busted bot rebuys (when the policy allows)."""
        out: list[Entry] = []
        if self.current is not None:
            return out
        for seat, occ in enumerate(self.seats):
            if occ is None or occ.bot is None or occ.leaving or occ.pending:
                continue
            if self.ledger.stack(occ.name) == 0 and self.ledger.can_rebuy(occ.name):
                try:
                    out.append(self.decide_rebuy(seat))
                except ServerError:  # over the table's chip limit: the bot stays out
                    continue
        return out

    def can_deal(self) -> bool:
        """Whether a new hand may start now: the table has started, two players with chips
        sit in, one of them a person (or ``bots_alone``)."""
        if self.current is not None or self.closed or not self.started:
            return False
        if self.max_hands is not None and len(self.hands) >= self.max_hands:
            return False
        seats = self.dealable_seats()
        if len(seats) < 2:
            return False
        if self.bots_alone:
            return True
        return any(self.seats[s] is not None and self.seats[s].pid is not None for s in seats)  # type: ignore[union-attr]

    def decide_hand(self) -> Entry:
        """Deal the next hand: dealer, seats, forced bets, killer, deck order and reshuffle seed.

        The forced bets come from :func:`pokerbonus.engine.table.hand_mode` and
        :func:`~pokerbonus.engine.table.hand_stakes`, as at a terminal table; the
        entry records the mode, the minimum opening and the killer (by name), so
        a replay deals the same stakes.
        """
        if self.current is not None:
            raise ServerError("illegal", gettext("deal: a hand is being played"))
        seats = self.dealable_seats()
        if len(seats) < 2:
            raise ServerError(
                "illegal",
                gettext("deal: {count} player(s) can play, 2 are needed").format(count=len(seats)),
            )
        n = len(self.seats)
        if self._last_dealer is None:
            draw = draw_first_dealer(
                len(seats), self.rng, deck_size=self.config.effective_deck_size
            )
            dealer = seats[draw.dealer]
        else:
            dealer = next_dealer(self._last_dealer, n, seats)
        mode, min_opening = hand_mode(self.config, self.schedule, len(seats))
        killer: str | None = None
        kill = self.kill
        if mode == "blind" and kill is not None and kill.killer is not None:
            dealt = {self.seats[s].name for s in seats}  # type: ignore[union-attr]
            killer = kill.killer if kill.killer in dealt else None
        deck = self.shuffler.deck_for_hand(self._gathered)
        return {
            "k": "hand",
            "number": len(self.hands) + 1,
            "dealer": dealer,
            "seats": list(seats),
            "mode": mode,
            "min_opening": min_opening,
            "killer": killer,
            "deck": [int(c) for c in deck],
            "seed": self.rng.getrandbits(63),
        }

    def decide_void(self) -> Entry | None:
        """Void the hand being played (every chip goes back), or ``None`` if there is none."""
        if self.current is None:
            return None
        return {"k": "void", "hand": self.current.number}

    # -- applying --------------------------------------------------------------------------

    def apply(self, entry: Mapping[str, Any], now: float | None = None) -> list[EventRecord]:
        """Make the change of ``entry``; the numbered events it produced.

        ``now`` starts the clock of the next decision (``None``: no clock, as
        while rebuilding from the journal).
        """
        kind = entry["k"]
        out: list[EventRecord] = []
        self.entries += 1
        method = getattr(self, f"_apply_{kind}", None)
        if method is None:
            raise PokerError(gettext("journal: unknown entry kind {kind!r}").format(kind=kind))
        method(entry, out, now)
        return out

    def _table_event(self, out: list[EventRecord], data: dict[str, Any]) -> None:
        self._record(out, None, None, (), data)

    def _record(
        self,
        out: list[EventRecord],
        hand: int | None,
        event: Event | None,
        seats: tuple[int, ...],
        table: Mapping[str, Any] | None,
    ) -> None:
        self.last_n += 1
        rec = EventRecord(self.last_n, hand, event, seats, table)
        self.events.append(rec)
        out.append(rec)
        while len(self.events) > self.keep_events and (
            self.events[0].hand is None
            or self.current is None
            or self.events[0].hand != self.current.number
        ):
            self.events.popleft()

    def _apply_person(
        self, e: Mapping[str, Any], out: list[EventRecord], now: float | None
    ) -> None:
        pid = int(e["pid"])
        self.persons[pid] = Person(
            pid, e["name"], e["token"], bool(e["host"]), time_bank=self.timer.time_bank
        )
        self._by_token[e["token"]] = pid

    def _seat_occupant(self, seat: int, occ: Occupant, out: list[EventRecord]) -> None:
        if occ.name in self.ledger.players:
            stack = self.ledger.stack(occ.name)
        elif self.ledger.in_hand:
            occ.pending = True
            stack = self.config.cave
        else:
            self.ledger.sit(occ.name)
            stack = self.ledger.stack(occ.name)
        self.seats[seat] = occ
        self._table_event(
            out, {"kind": "seated", "seat": seat, "name": occ.name, "bot": occ.bot, "stack": stack}
        )

    def _apply_sit(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        person = self.persons[int(e["pid"])]
        seat = int(e["seat"])
        person.seat = seat
        self._seat_occupant(seat, Occupant(person.name, person.pid, None), out)

    def _apply_bot(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        # The game's own bots where one knows the game (the draw: the ladder).
        bot = bot_for(self.config.game, e["level"], seed=int(e["seed"]))
        self._seat_occupant(int(e["seat"]), Occupant(e["name"], None, e["level"], player=bot), out)

    def _apply_leave(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        seat = int(e["seat"])
        occ = self.seats[seat]
        assert occ is not None
        if self.hand_seat(seat) is not None:
            occ.leaving = True  # stands up when the hand ends; checks or folds meanwhile
            return
        self._stand_up(seat, out)

    def _stand_up(self, seat: int, out: list[EventRecord]) -> None:
        occ = self.seats[seat]
        assert occ is not None
        self.seats[seat] = None
        if occ.pid is not None:
            self.persons[occ.pid].seat = None
        if self.kill is not None:
            self.kill.player_left(occ.name)
        stack = 0 if occ.pending else self.ledger.stack(occ.name)
        self._table_event(out, {"kind": "left", "seat": seat, "name": occ.name, "stack": stack})

    def _apply_sit_out(
        self, e: Mapping[str, Any], out: list[EventRecord], now: float | None
    ) -> None:
        seat = int(e["seat"])
        occ = self.seats[seat]
        assert occ is not None
        occ.sitting_out = True
        away = e.get("away")
        occ.away = away is not None
        if "after" in e:
            self._away_checked = max(self._away_checked, int(e["after"]))
        event: dict[str, Any] = {"kind": "sat_out", "seat": seat, "name": occ.name}
        if away is not None:
            event["away"] = away
        self._table_event(out, event)

    def _apply_sit_in(
        self, e: Mapping[str, Any], out: list[EventRecord], now: float | None
    ) -> None:
        seat = int(e["seat"])
        occ = self.seats[seat]
        assert occ is not None
        occ.sitting_out = False
        occ.away = False
        self._table_event(out, {"kind": "sat_in", "seat": seat, "name": occ.name})

    def _apply_start(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        self.started = True
        by = e.get("by")
        self._table_event(
            out, {"kind": "started", "name": self.persons[int(by)].name if by is not None else None}
        )

    def _apply_rebuy(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        seat = int(e["seat"])
        occ = self.seats[seat]
        assert occ is not None
        if e.get("unlimited"):
            self.ledger.rebuy(occ.name, chips=int(e["chips"]))
        else:
            self.ledger.rebuy(occ.name, caves=int(e["caves"]))
        self._table_event(
            out,
            {
                "kind": "rebought",
                "seat": seat,
                "name": occ.name,
                "chips": int(e["chips"]),
                "caves": int(e["caves"]),
            },
        )

    def _apply_chat(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        self._table_event(
            out, {"kind": "chat", "name": self.persons[int(e["pid"])].name, "text": e["text"]}
        )
        self.chat.append(out[-1])

    def _apply_hand(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        seats = tuple(int(s) for s in e["seats"])
        names = tuple(self.seats[s].name for s in seats)  # type: ignore[union-attr]
        hand_mode(self.config, self.schedule, len(seats))  # keeps the schedule's count
        mode, min_opening = e["mode"], e["min_opening"]
        killer: str | None = e.get("killer")
        if killer is not None and (self.kill is None or killer not in names):
            raise PokerError(
                gettext("journal: killer {killer!r} is not dealt in at a kill table").format(
                    killer=killer
                )
            )
        stakes = hand_stakes(
            self.config,
            mode,
            min_opening,
            names.index(killer) if killer is not None else None,
            self.kill.rule if self.kill is not None else None,
        )
        game = self.kill_game if killer is not None else self.game
        self.ledger.start_hand(names)
        dealer = int(e["dealer"])
        hand = Hand(
            game,
            [self.ledger.stack(p) for p in names],
            dealer=seats.index(dealer),
            stakes=stakes,
            rng=random.Random(int(e["seed"])),
            deck=e["deck"],
        )
        log = HandLog(
            int(e["number"]), seats, names, dealer, mode, min_opening, hand, killer=killer,
            seed=int(e["seed"]),
        )  # fmt: skip
        self.hands.append(log)
        self.current = log
        info = self.game_info(len(seats), stakes, game)
        for i, s in enumerate(seats):
            occ = self.seats[s]
            if occ is not None and occ.player is not None:
                occ.player.new_hand(i, info)
        self._record(
            out,
            log.number,
            None,
            seats,
            {
                "kind": "hand_started",
                "number": log.number,
                "dealer": dealer,
                "seats": list(seats),
                "mode": mode,
                "killer": seats[names.index(killer)] if killer is not None else None,
                "stacks": {str(s): hand.starting_stacks[i] for i, s in enumerate(seats)},
            },
        )
        log.first_n = self.last_n
        self._hand_events(log, 0, out)
        self._after_move(out, now)

    def _hand_events(self, log: HandLog, start: int, out: list[EventRecord]) -> None:
        for event in log.hand.events[start:]:
            self._record(out, log.number, event, log.seats, None)

    def _apply_act(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        cur = self.current
        if cur is None or int(e["hand"]) != cur.number or int(e["seq"]) != len(cur.actions) + 1:
            raise PokerError(
                gettext("journal: action {e!r} does not follow the hand being played").format(e=e)
            )
        seat = int(e["seat"])
        if self.actor_seat() != seat:
            raise PokerError(
                gettext("journal: action {e!r} by seat {seat}, not the player to act").format(
                    e=e, seat=seat
                )
            )
        action = action_from_entry(e["action"])
        occ = self.seats[seat]
        assert occ is not None
        if occ.pid is not None and "bank" in e:
            person = self.persons[occ.pid]
            person.time_bank = max(0.0, person.time_bank - float(e["bank"]))
        if e.get("timeout"):
            cur.timed_out.add(seat)
            self._record(
                out,
                cur.number,
                None,
                cur.seats,
                {"kind": "timed_out", "seat": seat, "action": self._timeout_word(cur, action)},
            )
        elif occ.pid is not None and not occ.leaving:
            cur.acted.add(seat)
        before = len(cur.hand.events)
        cur.hand.act(action)
        cur.actions.append((seat, action))
        self._hand_events(cur, before, out)
        if cur.hand.finished:
            self._finish(cur, out)
        self._after_move(out, now)

    @staticmethod
    def _timeout_word(cur: HandLog, action: Action) -> str:
        """What the server played for a person out of time, as the protocol names it:
        ``check``, ``call``, ``fold``, ``stand_pat``, ``discard`` or ``decline``."""
        if action.kind == "check_or_call":
            legal = cur.hand.legal_actions()
            return "check" if legal.can_check else "call"
        if action.kind == "discard" and action.cards:
            return "discard"
        return TIMEOUT_WORDS.get(action.kind, action.kind)

    def bank_used(self, now: float) -> float:
        """The time bank the player to act has used so far on this decision."""
        if self.clock_start is None:
            return 0.0
        return max(0.0, now - self.clock_start - self.timer.action_seconds)

    def _after_move(self, out: list[EventRecord], now: float | None) -> None:
        seat = self.actor_seat()
        occ = self.seats[seat] if seat is not None else None
        runs = (
            occ is not None
            and occ.pid is not None
            and not occ.leaving
            and self.timer.action_seconds > 0
            and now is not None
        )
        self.clock_start = now if runs else None
        person = occ is not None and occ.pid is not None and not occ.leaving
        self.turn_start = now if person and now is not None else None

    def _finish(self, cur: HandLog, out: list[EventRecord]) -> None:
        hand = cur.hand
        self.ledger.settle_hand(dict(zip(cur.names, hand.stacks, strict=True)))
        if self.config.is_draw:
            self.schedule.hand_played(all_passed=hand.all_passed)
        if self.kill is not None:
            won = dict.fromkeys(cur.names, 0)
            for result in hand.pot_results:
                for hs, chips in result.shares:
                    won[cur.names[hs]] += chips
            killed_by = next(
                (cur.names[e.seat] for e in hand.events
                 if isinstance(e, BlindPosted) and e.kind == "kill"),
                None,
            )  # fmt: skip
            self.kill.hand_played(won, sum(r.amount for r in hand.pot_results), killed_by)
            for name in cur.names:
                if self.ledger.stack(name) == 0:
                    self.kill.player_left(name)
        info = self.game_info(len(cur.seats), hand.stakes, hand.game)
        for i, s in enumerate(cur.seats):
            occ = self.seats[s]
            if occ is not None and occ.player is not None:
                with contextlib.suppress(Exception):  # a bot's bug must not stop the table
                    occ.player.hand_over(hand.view(i), info)
        self._gathered = tuple(hand.gathered_cards())
        self._last_dealer = cur.dealer
        cur.status = "finished"
        self.current = None
        self._table_event(
            out,
            {
                "kind": "hand_ended",
                "number": cur.number,
                "stacks": {str(s): hand.stacks[i] for i, s in enumerate(cur.seats)},
                "net": {str(s): hand.net[i] for i, s in enumerate(cur.seats)},
            },
        )
        self._release(out)

    def _release(self, out: list[EventRecord]) -> None:
        for seat, occ in enumerate(self.seats):
            if occ is not None and occ.leaving:
                self._stand_up(seat, out)
            elif occ is not None and occ.pending:
                occ.pending = False
                self.ledger.sit(occ.name)
                self._table_event(
                    out,
                    {
                        "kind": "rebought",
                        "seat": seat,
                        "name": occ.name,
                        "chips": self.ledger.stack(occ.name),
                        "caves": 1,
                    },
                )

    def _apply_void(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        cur = self.current
        if cur is None or cur.number != int(e["hand"]):
            raise PokerError(
                gettext("journal: void of hand {e!r}, which is not being played").format(
                    e=e["hand"]
                )
            )
        self.ledger.abort_hand()
        if self.config.is_draw:
            self.schedule.hand_played(all_passed=False)
        self._gathered = None
        self.shuffler.bring_new_deck()
        self._last_dealer = cur.dealer
        cur.status = "voided"
        self.current = None
        self.clock_start = None
        self.turn_start = None
        self._table_event(
            out,
            {
                "kind": "hand_voided",
                "number": cur.number,
                "stacks": {str(s): cur.hand.starting_stacks[i] for i, s in enumerate(cur.seats)},
            },
        )
        self._release(out)

    def history_fields(self, log: HandLog) -> dict[str, Any]:
        """The fields this table adds to the PHH record of hand ``log`` (none at a cash
        table; see ``TournamentSession.history_fields``)."""
        return {}

    def restart_clock(self, now: float) -> None:
        """Start the current decision's clock afresh (after a restart)."""
        self._after_move([], now)


def hand_can(hand: Hand, action: Action) -> bool:
    """Whether the engine accepts ``action`` now (its last word)."""
    try:
        hand.verify(action)
    except IllegalActionError:
        return False
    return True
