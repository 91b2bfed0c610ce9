"""One table of a web tournament: a :class:`~pokerbonus.server.session.TableSession`
whose hands the tournament deals (RULES.md section 11).

The seats, persons, bots, events, clock and protocol are the cash table's; what
differs is where the chips and the forced bets come from. Each hand is dealt by
:meth:`pokerbonus.engine.tournament.Tournament.start_hand` (the level's blinds and
antes, the button the tournament keeps) and settled by
:meth:`~pokerbonus.engine.tournament.Tournament.finish_hand` (eliminations, places,
the balancing of the tables): the session's hand *is* the tournament's. The
ledger only mirrors the tournament's stacks of the players seated here (nothing
is bought at a tournament table).

Every entry of a tournament table carries ``clock``, the tournament's time when it
was decided (the engine reads no clock): replaying the entries in their order
gives the same levels, the same eliminations and the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pokerbonus.cards import make_deck
from pokerbonus.engine.ledger import Ledger, LedgerEntry
from pokerbonus.engine.state import shuffled
from pokerbonus.engine.table import hand_mode
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext
from pokerbonus.server.session import (
    EventRecord,
    HandLog,
    Occupant,
    ServerError,
    TableSession,
    TimerConfig,
)

if TYPE_CHECKING:
    from pokerbonus.server.tournaments import TournamentRoom

__all__ = ["TournamentLedger", "TournamentSession"]

Entry = dict[str, Any]


class TournamentLedger(Ledger):
    """The stacks of the players seated at one tournament table, as the tournament
    has them: a player is placed with their stack (moved in, or seated at the start)
    and taken off when they bust or move away. Nothing is bought: ``bought`` is the
    stack the player arrived with."""

    __slots__ = ()

    def place(self, player: str, stack: int) -> None:
        """Seat ``player`` with ``stack`` chips (between this table's hands or not:
        a player moved in during a hand is dealt in from the next one)."""
        self._accounts[player] = LedgerEntry(player, caves=0, bought=stack, stack=stack)

    def remove(self, player: str) -> None:
        """Take ``player`` off this table (busted, or moved to another)."""
        self._accounts.pop(player, None)

    def sync(self, stacks: Mapping[str, int]) -> None:
        """Set each player's stack to the tournament's, between hands."""
        for player in list(self._accounts):
            if player in stacks:
                e = self._accounts[player]
                self._accounts[player] = LedgerEntry(player, e.caves, e.bought, stacks[player])


class TournamentSession(TableSession):
    """Table ``number`` of the tournament of ``room`` (see the module doc)."""

    ledger: TournamentLedger

    def __init__(
        self,
        room: TournamentRoom,
        number: int,
        timer: TimerConfig,
        *,
        rng: random.Random,
        bot_samples: int = 200,
    ) -> None:
        config = room.config.table_config(1, room.config.seats_per_table)
        super().__init__(
            f"{room.id}.{number}",
            config,
            timer,
            rng=rng,
            bots_alone=True,
            bot_samples=bot_samples,
            start="now",
        )
        self.room = room
        self.number = number
        self.ledger = TournamentLedger(cave=1)
        self.clock_now: float | None = None
        """The tournament's time of the entry being applied (its ``clock``)."""
        self.hand_levels: dict[int, int] = {}
        """The level each hand of this table was played at, by hand number."""

    # -- applying ------------------------------------------------------------------------

    def apply(self, entry: Mapping[str, Any], now: float | None = None) -> list[EventRecord]:
        """Apply ``entry`` at the tournament time it carries (``clock``)."""
        clock = entry.get("clock")
        self.clock_now = float(clock) if clock is not None else None
        return super().apply(entry, now)

    def seat_player(self, seat: int, occ: Occupant, stack: int, out: list[EventRecord]) -> None:
        """``occ`` takes ``seat`` with ``stack`` chips (the start, or a move in)."""
        self.seats[seat] = occ
        if occ.pid is not None:
            self.persons[occ.pid].seat = seat
        self.ledger.place(occ.name, stack)
        self._table_event(
            out, {"kind": "seated", "seat": seat, "name": occ.name, "bot": occ.bot, "stack": stack}
        )

    def unseat_player(self, seat: int, event: dict[str, Any], out: list[EventRecord]) -> Occupant:
        """The player at ``seat`` leaves this table (``event``: the table event said)."""
        occ = self.seats[seat]
        assert occ is not None
        self.seats[seat] = None
        if occ.pid is not None:
            self.persons[occ.pid].seat = None
        self.ledger.remove(occ.name)
        self._table_event(out, {**event, "seat": seat, "name": occ.name})
        return occ

    def close(self, out: list[EventRecord], kind: str) -> None:
        """No more hands here (the table was broken, or the tournament is over)."""
        if not self.closed:
            self.closed = True
            self._table_event(out, {"kind": kind})

    # -- deciding ------------------------------------------------------------------------

    def can_deal(self) -> bool:
        """Whether the tournament deals this table's next hand now."""
        if self.current is not None or self.closed:
            return False
        return self.room.can_deal(self.number)

    def decide_hand(self) -> Entry:
        """The next hand: its number here and the deck order, shuffled with the table's
        random source (the tournament decides the button, the players and the forced
        bets when it is applied)."""
        if not self.can_deal():
            raise ServerError("illegal", gettext("deal: the tournament deals no hand here now"))
        tournament = self.room.tournament
        assert tournament is not None
        # the deck of the hand's game: the French draw's depends on the players dealt in
        level = tournament.clock(self.room.clock()).number
        players = len(tournament.tables[self.number].occupied())
        config = self.room.config.table_config(level, players)
        deck = shuffled(make_deck(config.effective_deck_size, config.jokers), self.rng)
        return {"k": "hand", "number": len(self.hands) + 1, "deck": [int(c) for c in deck]}

    def decide_between_hands(self) -> list[Entry]:
        """Nothing: a broke bot rebuys when its hand is settled, during the rebuy period
        (``TournamentRoom.settle_now``); a person rebuys from the tournament's page."""
        return []

    def decide_away(self, connected: set[int] | frozenset[int]) -> list[Entry]:
        """Nobody is sat out: a player away is blinded and anted, and checks or folds
        when their time runs out (RULES.md section 11)."""
        return []

    def decide_rebuy(self, seat: int, caves: int = 1, chips: int | None = None) -> Entry:
        """Refused: chips come only from the tournament."""
        raise ServerError("illegal", gettext("rebuy: not at a tournament table"))

    def decide_sit(self, pid: int, seat: int) -> Entry:
        """Refused: the tournament draws the seats."""
        raise ServerError("illegal", gettext("sit: the tournament draws the seats"))

    def decide_leave(self, pid: int) -> Entry:
        """Refused: a player leaves a tournament only by losing their chips."""
        raise ServerError(
            "illegal", gettext("leave: a player leaves a tournament by losing their chips")
        )

    def decide_sit_out(self, pid: int, out: bool) -> Entry:
        """Refused: nobody sits out of a tournament hand."""
        raise ServerError("illegal", gettext("sit_out: not at a tournament table"))

    def decide_add_bot(self, pid: int, seat: int, level: str) -> Entry:
        """Refused: the tournament's entrants are fixed at its start."""
        raise ServerError("illegal", gettext("add_bot: not at a tournament table"))

    def decide_remove_bot(self, pid: int, seat: int) -> Entry:
        """Refused: a bot leaves a tournament only by losing its chips."""
        raise ServerError("illegal", gettext("remove_bot: not at a tournament table"))

    def decide_start(self, pid: int | None) -> Entry:
        """Refused: the tournament starts its tables."""
        raise ServerError("illegal", gettext("start: the tournament starts its tables"))

    def decide_void(self) -> Entry | None:
        """``None``: a tournament hand cut by a restart is always resumed."""
        return None

    # -- the tournament's hands ----------------------------------------------------------

    def _apply_hand(self, e: Mapping[str, Any], out: list[EventRecord], now: float | None) -> None:
        tournament = self.room.tournament
        if tournament is None:
            raise PokerError(gettext("journal: a hand before the tournament's start"))
        table = tournament.tables[self.number]
        self.ledger.sync(tournament.stacks)
        hand = tournament.start_hand(self.number, self.clock_now, deck=e["deck"])
        # the house rules of this level (hand histories read the forced bets there)
        self.config = self.room.config.table_config(tournament.level, len(self.seats))
        names = table.hand_players
        seats = tuple(table.seats.index(name) for name in names)
        dealer = table.last_button
        assert dealer is not None
        mode = "blind" if self.room.config.forced == "blinds" else "pot"
        hand_mode(self.config, self.schedule, len(seats))  # the count the cash code keeps
        self.ledger.start_hand(names)
        log = HandLog(int(e["number"]), seats, names, dealer, mode, None, hand)
        self.hand_levels[log.number] = tournament.level
        self.hands.append(log)
        self.current = log
        info = self.game_info(len(seats), hand.stakes, hand.game)
        for i, s in enumerate(seats):
            occ = self.seats[s]
            if occ is not None and occ.player is not None:
                occ.player.new_hand(i, info)
                observe = getattr(occ.player, "observe_tournament", None)
                if observe is not None:
                    observe(tournament.view_for(occ.name))
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
                "killer": None,
                "stacks": {str(s): hand.starting_stacks[i] for i, s in enumerate(seats)},
                "level": tournament.level,
            },
        )
        log.first_n = self.last_n
        self._hand_events(log, 0, out)
        if hand.finished:  # every player but one all in on the forced bets: no decision
            self._finish(log, out)
        self._after_move(out, now)

    def _finish(self, cur: HandLog, out: list[EventRecord]) -> None:
        super()._finish(cur, out)
        self.room.settle(self, out)

    def history_fields(self, log: HandLog) -> dict[str, Any]:
        """The tournament's fields of a hand's PHH record, as the terminal's tournaments
        write them (``store.tournament_recorder.tournament_history``): ``event`` (the
        tournament's name and id), ``level``, ``table`` (its number), ``seat_count`` and
        ``seats`` (the table's seats, 1-based), with ``_tournament`` (the id) and
        ``_buy_in``."""
        config = self.room.config
        n = len(log.seats)
        order = [(log.hand.dealer + 1 + i) % n for i in range(n)]  # PHH index -> hand seat
        return {
            "event": f"Poker Bonus tournament {self.room.id} ({config.name})",
            "level": self.hand_levels.get(log.number),
            "table": self.number,
            "seat_count": config.seats_per_table,
            "seats": tuple(log.seats[s] + 1 for s in order),
            "extra_fields": {"_tournament": self.room.id, "_buy_in": config.buy_in},
        }
