"""A tournament: tables of players with equal starting chips, forced bets rising by
levels, eliminations, places and prizes (RULES.md section 11).

The engine reads no clock and owns no random source: the caller passes the
random source at creation and the time (``now``, seconds on any clock) to the
steps that may need it. Levels measured in hands advance without a clock.

Usage: for each table, :meth:`Tournament.start_hand` returns the hand engine's
:class:`~pokerbonus.engine.state.Hand` (play it through its own API); when it
is over, :meth:`Tournament.finish_hand` settles it: stacks, eliminations and
places, and the balancing of the tables.

>>> import random
>>> from pokerbonus.engine.table import random_legal_action
>>> from pokerbonus.engine.tournament_config import preset
>>> rng = random.Random(4)
>>> t = Tournament(preset("quick"), ["ann", "bob", "cy", "dee", "ed", "flo"], rng)
>>> while not t.finished:
...     hand = t.start_hand(1)
...     while not hand.finished:
...         hand.act(random_legal_action(hand, rng))
...     outcome = t.finish_hand(1)
>>> [s.place for s in t.standings()], sum(s.prize for s in t.standings()) == t.prize_pool
([1, 2, 3, 4, 5, 5], True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.seating import next_dealer
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import HandMode, game_for, hand_stakes
from pokerbonus.engine.tournament_config import Level, TournamentConfig, roman
from pokerbonus.errors import ConfigurationError, PokerError, TournamentError
from pokerbonus.i18n import gettext, ngettext
from pokerbonus.rules import GameDef, Stakes
from pokerbonus.rules.prizes import (
    DealKind,
    chip_chop,
    icm_deal,
    icm_equities,
    place_prizes,
    shared_prizes,
)

__all__ = [
    "Finish",
    "HandOutcome",
    "LevelClock",
    "Move",
    "Standing",
    "Tournament",
    "TournamentTable",
    "TournamentView",
]

SNAPSHOT_VERSION: Final = 1


@dataclass(frozen=True, slots=True)
class Finish:
    """A player out of the tournament: ``place`` (1-based), shared by ``shared``
    players (busted in the same hand with equal stacks, or tied in a deal),
    in tournament hand ``hand`` (0: a deal); ``stack``: their stack at the
    start of that hand."""

    player: str
    place: int
    shared: int
    hand: int
    stack: int


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved between tables: ``reason`` is ``balance`` (the larger table
    gave its next big blind) or ``break`` (their table was broken)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What a finished hand changed: the players out (best place first), the
    players who rebought, the moves of the balancing that followed, the tables
    broken, and whether the tournament is over."""

    table: int
    number: int
    level: int
    busted: tuple[Finish, ...]
    rebought: tuple[str, ...]
    moves: tuple[Move, ...]
    broken: tuple[int, ...]
    finished: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's result: ``place`` (1-based; ``None`` while still playing),
    ``shared`` (players sharing it), ``prize`` (its share of the prize pool)."""

    player: str
    place: int | None
    shared: int
    prize: int
    stack: int


@dataclass(frozen=True, slots=True)
class LevelClock:
    """Where the levels stand: the current level's number and its forced bets,
    the next level, and what is left of the current one (``hands_left`` for a
    level in hands, ``seconds_left`` for one in minutes: ``None`` without a
    clock); ``break_left``: seconds of a break under way (0: none)."""

    number: int
    level: Level
    ante: int
    next_level: Level | None
    next_ante: int
    hands_left: int | None
    seconds_left: float | None
    break_left: float


@dataclass(frozen=True, slots=True)
class TournamentView:
    """What every player may know of the tournament (chip counts are public):
    each player left with their stack at the start of their current hand, the
    prizes of the places still to play (best first) and the players dealt in at
    ``player``'s table, in hand seat order."""

    player: str
    stacks: tuple[tuple[str, int], ...]
    prizes_left: tuple[int, ...]
    hand_players: tuple[str, ...]

    @property
    def near_the_money(self) -> bool:
        """Whether ICM differs from chips: three players left or more and two or
        more different prizes still to win, within three places of the money."""
        left = len(self.stacks)
        paid = sum(1 for p in self.prizes_left if p > 0)
        return left >= 3 and paid >= 2 and left <= paid + 3


class TournamentTable:
    """One table of a tournament: the player in each seat (``None``: empty), the
    dealer button, the hand being played."""

    __slots__ = ("first_button", "hand", "hand_players", "hands_played", "id", "last_bb",
                 "last_button", "seats")  # fmt: skip

    def __init__(self, table_id: int, seats: int) -> None:
        self.id = table_id
        self.seats: list[str | None] = [None] * seats
        self.first_button: int | None = None
        self.last_button: int | None = None
        self.last_bb: int | None = None
        self.hands_played = 0
        self.hand: Hand | None = None
        self.hand_players: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """The players seated, in seat order."""
        return tuple(p for p in self.seats if p is not None)

    def occupied(self) -> tuple[int, ...]:
        """The seats with a player."""
        return tuple(s for s, p in enumerate(self.seats) if p is not None)

    def next_button(self) -> int | None:
        """The seat of the button for the next hand."""
        occupied = self.occupied()
        if not occupied:
            return None
        size = len(self.seats)
        if self.last_button is None:
            start = self.first_button if self.first_button is not None else 0
            return start if start in occupied else next_dealer(start, size, occupied)
        return next_dealer(self.last_button, size, occupied)

    def due_big_blind(self) -> str | None:
        """The player who posts the big blind in the next hand."""
        seat = self.next_big_blind()
        return None if seat is None else self.seats[seat]

    def next_big_blind(self) -> int | None:
        """The seat that posts the big blind in the next hand (the seat two left of
        the button; heads-up, the player who is not on the button)."""
        occupied = self.occupied()
        button = self.next_button()
        if button is None or len(occupied) < 2:
            return None
        size = len(self.seats)
        first = next_dealer(button, size, occupied)
        return first if len(occupied) == 2 else next_dealer(first, size, occupied)


class Tournament:
    """A tournament of ``config`` for the ``players`` registered at the start.

    Seats are drawn with ``rng`` on as many tables as needed (no table more
    than one player larger than another), and each table's first button too;
    ``rng`` also shuffles every deck. ``tournament_id`` names it in hand
    histories.
    """

    def __init__(
        self,
        config: TournamentConfig,
        players: Sequence[str],
        rng: random.Random,
        *,
        tournament_id: int = 1,
    ) -> None:
        names = list(players)
        if len(names) < 2:
            raise ConfigurationError(
                gettext("players: a tournament needs at least 2, got {count}").format(
                    count=len(names)
                )
            )
        if len(set(names)) != len(names):
            raise ConfigurationError(gettext("players: every name must be different"))
        self.config = config
        self.id = tournament_id
        self._rng = rng
        self.entrants: list[str] = []
        self.stacks: dict[str, int] = {}
        self.rebuys: dict[str, int] = {}
        self.addons: set[str] = set()
        self.finishes: list[Finish] = []
        self.away: set[str] = set()
        self.tables: dict[int, TournamentTable] = {}
        self.level = 1
        self._level_hands_start = 0
        self._level_time_start: float | None = None
        self._break_until: float | None = None
        self.hands_elapsed = 0
        self.hand_number = 0
        self.chips_issued = 0
        self.prize_pool = 0
        self.deal: dict[str, int] | None = None
        self._games: dict[tuple[int, int], tuple[TableConfig, GameDef, Stakes]] = {}
        count = math.ceil(len(names) / config.seats_per_table)
        for k in range(count):
            self.tables[k + 1] = TournamentTable(k + 1, config.seats_per_table)
        order = names[:]
        rng.shuffle(order)
        for i, name in enumerate(order):
            table = self.tables[i % count + 1]
            empty = [s for s, p in enumerate(table.seats) if p is None]
            table.seats[rng.choice(empty)] = name
            self._enter(name)
        for table in self.tables.values():
            table.first_button = rng.choice(table.occupied())

    def _enter(self, name: str) -> None:
        self.entrants.append(name)
        self.stacks[name] = self.config.starting_stack
        self.rebuys[name] = 0
        self.chips_issued += self.config.starting_stack
        self.prize_pool += self.config.buy_in

    # -- reading ---------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether the tournament is over (one player holds every chip, or a deal)."""
        return self.deal is not None or len(self.players_left()) <= 1

    def players_left(self) -> tuple[str, ...]:
        """The players still in, table by table."""
        return tuple(p for t in self.tables.values() for p in t.players)

    def table_of(self, player: str) -> TournamentTable:
        """The table of a player still in."""
        for table in self.tables.values():
            if player in table.seats:
                return table
        raise PokerError(gettext("tournament: no player {player!r} at a table").format(
            player=player
        ))  # fmt: skip

    @property
    def final_table(self) -> bool:
        """Whether everyone left plays at one table."""
        return len(self.tables) == 1

    @property
    def average_stack(self) -> int:
        """The average stack of the players left."""
        left = self.players_left()
        return self.chips_issued // len(left) if left else 0

    def payouts(self) -> tuple[float, ...]:
        """The percentage of each paid place for the entrants so far."""
        return self.config.payouts_for(len(self.entrants))

    def place_prizes(self) -> tuple[int, ...]:
        """The prize of each paid place (place 1 first), summing to the pool."""
        paid = self.payouts()
        return place_prizes(self.prize_pool, paid, min(len(paid), len(self.entrants)))

    def prizes_left(self) -> tuple[int, ...]:
        """The prizes of the paid places still to play (place 1 first): one for each
        player left at most."""
        return self.place_prizes()[: len(self.players_left())]

    def _deal_prizes(self) -> list[int]:
        """The prize of each place still to play, one per player left (0 past the paid)."""
        remaining = list(self.prizes_left())
        return remaining + [0] * (len(self.players_left()) - len(remaining))

    def prizes_to_share(self) -> bool:
        """Whether a deal would share anything: two players left or more, and the
        prizes of their places differ."""
        return len(self.players_left()) >= 2 and len(set(self._deal_prizes())) >= 2

    def clock(self, now: float | None = None) -> LevelClock:
        """The level of the next hand and what is left of it at ``now``."""
        number, hands_start, time_start, break_until = self._advanced(now)
        config = self.config
        level = config.level(number)
        hands_left = seconds_left = None
        if level.hands is not None:
            hands_left = max(0, level.hands - (self.hands_elapsed - hands_start))
        elif now is not None and time_start is not None:
            seconds_left = max(0.0, time_start + 60 * level.minutes - now)  # type: ignore[operator]
        elif level.minutes is not None:
            seconds_left = 60 * level.minutes
        last = number >= len(config.levels)
        return LevelClock(
            number=number,
            level=level,
            ante=config.ante_at(number),
            next_level=None if last else config.level(number + 1),
            next_ante=config.ante_at(number + 1),
            hands_left=hands_left,
            seconds_left=seconds_left,
            break_left=max(0.0, break_until - now)
            if break_until is not None and now is not None
            else 0.0,
        )

    def standings(self) -> tuple[Standing, ...]:
        """Every entrant, best place first (players still in first, by stack)."""
        prizes = self.place_prizes()
        out: list[Standing] = []
        if self.deal is None:
            left = sorted(self.players_left(), key=lambda p: -self.stacks[p])
            for name in left:
                done = len(left) == 1
                prize = prizes[0] if done and prizes else 0
                out.append(Standing(name, 1 if done else None, 1, prize, self.stacks[name]))
        shared: dict[int, list[Finish]] = {}
        for finish in self.finishes:
            shared.setdefault(finish.place, []).append(finish)
        for place in sorted(shared):
            group = shared[place]
            if self.deal is not None and place <= len(self.deal):
                amounts = tuple(self.deal[f.player] for f in group)
            else:
                amounts = shared_prizes(prizes, place, len(group))
            for finish, amount in zip(group, amounts, strict=True):
                out.append(Standing(finish.player, place, len(group), amount, 0))
        return tuple(out)

    def icm(self) -> dict[str, float]:
        """Each player's ICM equity (Malmuth-Harville) of the prizes left."""
        left = self.players_left()
        remaining = self.prizes_left()
        values = icm_equities([self.stacks[p] for p in left], remaining) if remaining else ()
        return {p: (values[i] if values else 0.0) for i, p in enumerate(left)}

    def view_for(self, player: str) -> TournamentView:
        """The public state of the tournament as ``player`` may know it."""
        left = self.players_left()
        remaining = self.prizes_left()
        table = self.table_of(player) if player in left else None
        return TournamentView(
            player=player,
            stacks=tuple((p, self.stacks[p]) for p in left),
            prizes_left=remaining,
            hand_players=table.hand_players if table is not None else (),
        )

    def chips_in_play(self) -> int:
        """Every chip now: stacks, and the bets and pots of the hands under way."""
        total = 0
        for table in self.tables.values():
            hand = table.hand
            if hand is None:
                total += sum(self.stacks[p] for p in table.players)
            else:
                dealt = set(table.hand_players)
                total += sum(self.stacks[p] for p in table.players if p not in dealt)
                total += sum(hand.stacks) + sum(hand.bets) + hand.pot
        return total

    def check_chips(self) -> None:
        """Raise :class:`PokerError` if a chip was created or lost."""
        if self.chips_in_play() != self.chips_issued:
            raise PokerError(
                gettext("tournament: {chips} chips in play, but {issued} were issued").format(
                    chips=self.chips_in_play(), issued=self.chips_issued
                )
            )

    # -- levels ----------------------------------------------------------------------

    def _advanced(
        self, now: float | None, hands_elapsed: int | None = None
    ) -> tuple[int, int, float | None, float | None]:
        elapsed = self.hands_elapsed if hands_elapsed is None else hands_elapsed
        number, hands_start = self.level, self._level_hands_start
        time_start, break_until = self._level_time_start, self._break_until
        if time_start is None and now is not None and elapsed == 0:
            time_start = now
        levels = self.config.levels
        while number < len(levels):
            level = levels[number - 1]
            if level.hands is not None:
                if elapsed - hands_start < level.hands:
                    break
                end = now
            else:
                if now is None or time_start is None:
                    break
                end = time_start + 60 * level.minutes  # type: ignore[operator]
                if now < end:
                    break
            number += 1
            hands_start = elapsed
            if end is not None:
                pause = 60 * level.break_minutes
                break_until = end + pause if pause else break_until
                time_start = end + pause
        return number, hands_start, time_start, break_until

    def _advance(self, now: float | None) -> None:
        number, hands_start, time_start, break_until = self._advanced(now)
        self.level, self._level_hands_start = number, hands_start
        self._level_time_start, self._break_until = time_start, break_until

    def on_break(self, now: float | None) -> bool:
        """Whether a break is under way at ``now``."""
        break_until = self._advanced(now)[3]
        return now is not None and break_until is not None and now < break_until

    def _game(self, players: int) -> tuple[TableConfig, GameDef, Stakes]:
        key = (self.level, players)
        cached = self._games.get(key)
        if cached is None:
            table = self.config.table_config(self.level, players)
            mode: HandMode = "blind" if self.config.forced == "blinds" else "pot"
            cached = (table, game_for(table), hand_stakes(table, mode, None))
            self._games[key] = cached
        return cached

    # -- hands -----------------------------------------------------------------------

    def start_hand(
        self, table_id: int, now: float | None = None, *, deck: Sequence[int] | None = None
    ) -> Hand:
        """Deal the next hand at table ``table_id`` (the level moves on first, if due).

        ``deck``: the deck order to deal (tests and replays; else shuffled with the
        tournament's random source).

        Raises :class:`TournamentError` when the tournament is over, during a
        break, or with fewer than two players at the table.
        """
        table = self._table(table_id)
        if self.finished:
            raise TournamentError(gettext("tournament: it is over"))
        if table.hand is not None:
            raise TournamentError(gettext("table {table}: a hand is being played").format(
                table=table_id
            ))  # fmt: skip
        if self.on_break(now):
            raise TournamentError(gettext("tournament: on a break"))
        occupied = table.occupied()
        if len(occupied) < 2:
            raise TournamentError(
                gettext("table {table}: {count} player(s), at least 2 are needed").format(
                    table=table_id, count=len(occupied)
                )
            )
        self._advance(now)
        button = table.next_button()
        assert button is not None
        names = tuple(table.seats[s] for s in occupied)
        _, game, stakes = self._game(len(names))
        hand = Hand(
            game,
            [self.stacks[p] for p in names],  # type: ignore[index]
            dealer=occupied.index(button),
            stakes=stakes,
            rng=self._rng,
            deck=deck,
        )
        table.last_bb = table.next_big_blind()
        table.last_button = button
        table.hand = hand
        table.hand_players = names  # type: ignore[assignment]
        self.hand_number += 1
        return hand

    def finish_hand(
        self, table_id: int, now: float | None = None, *, rebuys: Collection[str] = ()
    ) -> HandOutcome:
        """Settle the finished hand of table ``table_id``.

        Players left without chips are out, placed by their stacks at the start of
        the hand (equal stacks share the places), unless named in ``rebuys``
        during the rebuy period (they buy chips again and play on). Then the
        tables are balanced (see :meth:`balance`).
        """
        table = self._table(table_id)
        hand = table.hand
        if hand is None or not hand.finished:
            raise TournamentError(gettext("table {table}: no finished hand to settle").format(
                table=table_id
            ))  # fmt: skip
        names = table.hand_players
        before = hand.starting_stacks
        for name, chips in zip(names, hand.stacks, strict=True):
            self.stacks[name] = chips
        table.hand = None
        table.hand_players = ()
        table.hands_played += 1
        self.hands_elapsed = max(self.hands_elapsed, table.hands_played)
        rebought = []
        for name in names:
            if self.stacks[name] == 0 and name in rebuys and self.can_rebuy(name, now):
                self.rebuy(name, now)
                rebought.append(name)
        broke = [(before[i], name) for i, name in enumerate(names) if self.stacks[name] == 0]
        busted = self._eliminate(broke, self.hand_number)
        moves, broken = self.balance()
        return HandOutcome(
            table=table_id, number=self.hand_number, level=self.level, busted=busted,
            rebought=tuple(rebought), moves=moves, broken=broken, finished=self.finished,
        )  # fmt: skip

    def _eliminate(self, broke: list[tuple[int, str]], number: int) -> tuple[Finish, ...]:
        if not broke:
            return ()
        for _, name in broke:
            table = self.table_of(name)
            table.seats[table.seats.index(name)] = None
            self.away.discard(name)
        left = len(self.players_left())
        out = []
        for stack, name in sorted(broke, key=lambda x: -x[0]):
            better = sum(1 for s, _ in broke if s > stack)
            ties = sum(1 for s, _ in broke if s == stack)
            out.append(Finish(name, left + 1 + better, ties, number, stack))
        self.finishes += out
        return tuple(out)

    def _table(self, table_id: int) -> TournamentTable:
        table = self.tables.get(table_id)
        if table is None:
            raise TournamentError(gettext("tournament: no table {table}").format(table=table_id))
        return table

    # -- balancing -------------------------------------------------------------------

    def balance(self) -> tuple[tuple[Move, ...], tuple[int, ...]]:
        """Balance the tables between hands (RULES.md section 11).

        When the players left fit at one table fewer, the table with fewest
        players is broken (the last numbered among equals) and each of its
        players takes an empty seat drawn at a table with fewest players; while
        a table has two players more than another, the player due the big
        blind next at the larger one moves to the smaller one's empty seat that
        the big blind reaches first. A table in a hand gives no player (it
        may receive one, dealt in from its next hand): what cannot be done now
        is done after the next hand that allows it. Returns the moves and the
        tables broken.
        """
        moves: list[Move] = []
        broken: list[int] = []
        seats = self.config.seats_per_table
        for _ in range(10 * len(self.entrants) + 10):
            for table_id in [k for k, t in self.tables.items() if not t.occupied()]:
                if self.tables[table_id].hand is None and len(self.tables) > 1:
                    del self.tables[table_id]
                    broken.append(table_id)
            left = len(self.players_left())
            tables = list(self.tables.values())
            if len(tables) > max(1, math.ceil(left / seats)):
                idle = [t for t in tables if t.hand is None]
                if idle:
                    victim = min(idle, key=lambda t: (len(t.players), -t.id))
                    for seat in victim.occupied():
                        name = victim.seats[seat]
                        assert name is not None
                        others = [t for t in self.tables.values() if t is not victim]
                        fewest = min(len(t.players) for t in others)
                        target = self._rng.choice([t for t in others if len(t.players) == fewest])
                        empty = [s for s, p in enumerate(target.seats) if p is None]
                        to_seat = self._rng.choice(empty)
                        victim.seats[seat] = None
                        target.seats[to_seat] = name
                        moves.append(Move(name, victim.id, seat, target.id, to_seat, "break"))
                    del self.tables[victim.id]
                    broken.append(victim.id)
                    continue
            counts = {t.id: len(t.players) for t in tables}
            small = min(tables, key=lambda t: (counts[t.id], t.id))
            larger = [t for t in tables if counts[t.id] - counts[small.id] >= 2 and t.hand is None]
            if not larger:
                break
            big = max(larger, key=lambda t: (counts[t.id], -t.id))
            from_seat = big.next_big_blind()
            assert from_seat is not None
            name = big.seats[from_seat]
            assert name is not None
            to_seat = _seat_for_big_blind(small)
            big.seats[from_seat] = None
            small.seats[to_seat] = name
            moves.append(Move(name, big.id, from_seat, small.id, to_seat, "balance"))
        return tuple(moves), tuple(broken)

    # -- chips bought and players -----------------------------------------------------

    def verify_rebuy(
        self, player: str, now: float | None = None, *, in_hand_ok: bool = False
    ) -> None:
        """Raise :class:`TournamentError` saying why ``player`` may not rebuy now (see
        :meth:`can_rebuy`); nothing when they may. ``in_hand_ok``: whether they could
        once their hand is over, the rest unchanged (a rebuy asked for during a hand,
        made after it)."""
        config = self.config
        if self.finished:
            raise TournamentError(gettext("tournament: it is over"))
        if not config.rebuy_levels:
            raise TournamentError(gettext("rebuy: this tournament has no rebuys"))
        if self._advanced(now)[0] > config.rebuy_levels:
            raise TournamentError(
                gettext("rebuy: the rebuy period is over (levels I to {last})").format(
                    last=roman(config.rebuy_levels)
                )
            )
        self._verify_seated(player, gettext("rebuy: {player!r} is not in the tournament"))
        if not in_hand_ok:
            self._verify_between_hands(
                player, gettext("rebuy: {player!r} is in a hand; chips are bought between hands")
            )
        if config.max_rebuys is not None and self.rebuys[player] >= config.max_rebuys:
            raise TournamentError(
                ngettext(
                    "rebuy: {player!r} has made the {count} rebuy allowed",
                    "rebuy: {player!r} has made the {count} rebuys allowed",
                    config.max_rebuys,
                ).format(player=player, count=config.max_rebuys)
            )
        if self.stacks[player] > config.starting_stack:
            raise TournamentError(
                gettext(
                    "rebuy: {player!r} has {stack} chips, more than the starting stack ({start})"
                ).format(player=player, stack=self.stacks[player], start=config.starting_stack)
            )

    def _verify_seated(self, player: str, words: str) -> None:
        if player not in self.stacks or not any(player in t.seats for t in self.tables.values()):
            raise TournamentError(words.format(player=player))

    def in_hand(self, player: str) -> bool:
        """Whether ``player`` is dealt in a hand under way at their table."""
        return any(player in t.hand_players for t in self.tables.values())

    def _verify_between_hands(self, player: str, words: str) -> None:
        if self.in_hand(player):
            raise TournamentError(words.format(player=player))

    def can_rebuy(self, player: str, now: float | None = None) -> bool:
        """Whether ``player`` may rebuy now: during the rebuy period, between
        their hands, at or below the starting stack, rebuys left."""
        try:
            self.verify_rebuy(player, now)
        except TournamentError:
            return False
        return True

    def rebuy(self, player: str, now: float | None = None) -> int:
        """Buy the rebuy chips for ``player`` (see :meth:`verify_rebuy`); returns the chips."""
        self.verify_rebuy(player, now)
        chips = self.config.effective_rebuy_chips
        self.stacks[player] += chips
        self.rebuys[player] += 1
        self.chips_issued += chips
        self.prize_pool += self.config.buy_in
        return chips

    def may_rebuy_at_settle(self, table_id: int, player: str, now: float | None = None) -> bool:
        """Whether ``player``, left without chips by the finished hand of table
        ``table_id``, may rebuy when that hand is settled at ``now`` (named in
        :meth:`finish_hand`'s ``rebuys``): the level is the one the settled hand
        leaves (a level in hands may end with it)."""
        table = self._table(table_id)
        config = self.config
        hand = table.hand
        if hand is None or not hand.finished or player not in table.hand_players:
            return False
        if hand.stacks[table.hand_players.index(player)] != 0:
            return False
        if config.max_rebuys is not None and self.rebuys[player] >= config.max_rebuys:
            return False
        elapsed = max(self.hands_elapsed, table.hands_played + 1)
        return self._advanced(now, elapsed)[0] <= config.rebuy_levels

    def verify_addon(
        self, player: str, now: float | None = None, *, in_hand_ok: bool = False
    ) -> None:
        """Raise :class:`TournamentError` saying why ``player`` may not take the add-on
        now (see :meth:`can_addon`); nothing when they may. ``in_hand_ok``: as in
        :meth:`verify_rebuy`."""
        config = self.config
        if self.finished:
            raise TournamentError(gettext("tournament: it is over"))
        if not config.addon_chips:
            raise TournamentError(gettext("add-on: this tournament has no add-on"))
        if player in self.addons:
            raise TournamentError(
                gettext("add-on: {player!r} has taken it already (one each)").format(player=player)
            )
        if self._advanced(now)[0] != config.rebuy_levels:
            raise TournamentError(
                gettext("add-on: only at level {level}, the last of the rebuy period").format(
                    level=roman(config.rebuy_levels)
                )
            )
        self._verify_seated(player, gettext("add-on: {player!r} is not in the tournament"))
        if not in_hand_ok:
            self._verify_between_hands(
                player, gettext("add-on: {player!r} is in a hand; chips are bought between hands")
            )

    def can_addon(self, player: str, now: float | None = None) -> bool:
        """Whether ``player`` may take the add-on now: once, at the last level of the
        rebuy period (or the break after it), between their hands."""
        try:
            self.verify_addon(player, now)
        except TournamentError:
            return False
        return True

    def addon(self, player: str, now: float | None = None) -> int:
        """Take the add-on for ``player`` (see :meth:`verify_addon`); returns the chips."""
        self.verify_addon(player, now)
        chips = self.config.addon_chips
        self.stacks[player] += chips
        self.addons.add(player)
        self.chips_issued += chips
        self.prize_pool += self.config.effective_addon_cost
        return chips

    def can_register(self, now: float | None = None) -> bool:
        """Whether late registration is open."""
        return not self.finished and self._advanced(now)[0] <= (
            self.config.late_registration_levels
        )

    def register(self, player: str, now: float | None = None) -> tuple[int, int]:
        """Enter ``player`` late, at an empty seat drawn at a table with fewest
        players (a new table when all are full); returns (table, seat)."""
        if not self.can_register(now):
            raise TournamentError(gettext("registration: closed"))
        if player in self.stacks:
            raise TournamentError(gettext("registration: {player!r} is already in").format(
                player=player
            ))  # fmt: skip
        open_tables = [t for t in self.tables.values() if None in t.seats]
        if not open_tables:
            new_id = max(self.tables) + 1
            self.tables[new_id] = TournamentTable(new_id, self.config.seats_per_table)
            open_tables = [self.tables[new_id]]
        fewest = min(len(t.players) for t in open_tables)
        table = self._rng.choice([t for t in open_tables if len(t.players) == fewest])
        seat = self._rng.choice([s for s, p in enumerate(table.seats) if p is None])
        table.seats[seat] = player
        if table.first_button is None:
            table.first_button = seat
        self._enter(player)
        return table.id, seat

    def set_away(self, player: str, away: bool = True) -> None:
        """Mark a player as gone: their chips stay in play and the faces fold for
        them (they still post their blinds and antes)."""
        if away:
            self.away.add(player)
        else:
            self.away.discard(player)

    # -- deals -----------------------------------------------------------------------

    def deal_amounts(self, kind: DealKind) -> dict[str, int]:
        """What each player left would get from a deal of ``kind`` now (``icm`` or
        ``chips``: the chip chop), from the prizes of the places still to play."""
        if kind not in ("icm", "chips"):
            raise ConfigurationError(
                gettext("deal: expected 'icm' or 'chips', got {kind!r}").format(kind=kind)
            )
        left = self.players_left()
        remaining = self._deal_prizes()
        stacks = [self.stacks[p] for p in left]
        amounts = icm_deal(stacks, remaining) if kind == "icm" else chip_chop(stacks, remaining)
        return dict(zip(left, amounts, strict=True))

    def accept_deal(self, kind: DealKind, accepted: Collection[str]) -> dict[str, int]:
        """End the tournament with a deal every player left accepted (at the final
        table, between hands); places go by stacks. Returns the amounts."""
        left = self.players_left()
        missing = [p for p in left if p not in accepted]
        if missing:
            raise TournamentError(
                gettext("deal: every player left must accept; not {missing}").format(
                    missing=", ".join(missing)
                )
            )
        if not self.final_table or any(t.hand is not None for t in self.tables.values()):
            raise TournamentError(gettext("deal: only at the final table, between hands"))
        if self.finished:
            raise TournamentError(gettext("tournament: it is over"))
        amounts = self.deal_amounts(kind)
        ranked = sorted(left, key=lambda p: -self.stacks[p])
        for k, name in enumerate(ranked):
            better = sum(1 for p in ranked if self.stacks[p] > self.stacks[name])
            ties = sum(1 for p in ranked if self.stacks[p] == self.stacks[name])
            self.finishes.append(Finish(name, 1 + better, ties, 0, self.stacks[name]))
            del k
        self.deal = amounts
        return amounts

    # -- snapshots -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state between hands as plain data (JSON), for :meth:`from_dict`."""
        if any(t.hand is not None for t in self.tables.values()):
            raise TournamentError(gettext("tournament: a snapshot is taken between hands"))
        return {
            "version": SNAPSHOT_VERSION,
            "id": self.id,
            "config": self.config.to_dict(),
            "entrants": list(self.entrants),
            "stacks": dict(self.stacks),
            "rebuys": dict(self.rebuys),
            "addons": sorted(self.addons),
            "away": sorted(self.away),
            "finishes": [[f.player, f.place, f.shared, f.hand, f.stack] for f in self.finishes],
            "tables": [
                {
                    "id": t.id,
                    "seats": list(t.seats),
                    "first_button": t.first_button,
                    "last_button": t.last_button,
                    "last_bb": t.last_bb,
                    "hands_played": t.hands_played,
                }
                for t in self.tables.values()
            ],
            "level": self.level,
            "level_hands_start": self._level_hands_start,
            "level_time_start": self._level_time_start,
            "break_until": self._break_until,
            "hands_elapsed": self.hands_elapsed,
            "hand_number": self.hand_number,
            "chips_issued": self.chips_issued,
            "prize_pool": self.prize_pool,
            "deal": self.deal,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random) -> Tournament:
        """A tournament from :meth:`to_dict`'s data, going on with ``rng``."""
        if data.get("version") != SNAPSHOT_VERSION:
            raise ConfigurationError(
                gettext("tournament: unknown snapshot version {version!r}").format(
                    version=data.get("version")
                )
            )
        config = TournamentConfig.from_dict(data["config"])
        self = cls.__new__(cls)
        self.config = config
        self.id = int(data["id"])
        self._rng = rng
        self.entrants = list(data["entrants"])
        self.stacks = {str(k): int(v) for k, v in data["stacks"].items()}
        self.rebuys = {str(k): int(v) for k, v in data["rebuys"].items()}
        self.addons = set(data["addons"])
        self.away = set(data["away"])
        self.finishes = [Finish(p, int(a), int(b), int(c), int(d))
                         for p, a, b, c, d in data["finishes"]]  # fmt: skip
        self.tables = {}
        for raw in data["tables"]:
            table = TournamentTable(int(raw["id"]), config.seats_per_table)
            table.seats = list(raw["seats"])
            table.first_button = raw["first_button"]
            table.last_button = raw["last_button"]
            table.last_bb = raw["last_bb"]
            table.hands_played = int(raw["hands_played"])
            self.tables[table.id] = table
        self.level = int(data["level"])
        self._level_hands_start = int(data["level_hands_start"])
        self._level_time_start = data["level_time_start"]
        self._break_until = data["break_until"]
        self.hands_elapsed = int(data["hands_elapsed"])
        self.hand_number = int(data["hand_number"])
        self.chips_issued = int(data["chips_issued"])
        self.prize_pool = int(data["prize_pool"])
        self.deal = data["deal"]
        self._games = {}
        self.check_chips()
        return self


def _seat_for_big_blind(table: TournamentTable) -> int:
    """The empty seat of ``table`` that the big blind reaches first."""
    size = len(table.seats)
    start = table.last_bb if table.last_bb is not None else table.next_big_blind()
    if start is None:
        start = 0
    for step in range(1, size + 1):
        seat = (start + step) % size
        if table.seats[seat] is None:
            return seat
    raise AssertionError("a smaller table has an empty seat")  # pragma: no cover
