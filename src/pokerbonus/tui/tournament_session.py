"""The tournament behind ``pokerbonus play --tournament``: the person, the computer
opponents, the tournament and the store, with no screen.

:class:`TournamentSession` plays a sit-and-go (or a tournament of several tables,
the other tables played by the computer between the person's hands) recorded
in the store (:class:`~pokerbonus.store.tournament_recorder.RecordedTournament`).
It offers the table screen (:mod:`pokerbonus.tui.table`) the same reading and
acting surface as :class:`~pokerbonus.tui.session.PlaySession` (the person's
view, the bots one decision at a time) and adds what a tournament has: the level
clock, eliminations and places, rebuys and the add-on, ICM equities and deals.

The level clock is the seconds played (``clock``: a monotonic clock, passed in
by tests): it is saved with the tournament after every hand and goes on from
there when the tournament is resumed, so time away from the table does not
count.

>>> from pokerbonus.engine.tournament_config import preset
>>> s = TournamentSession(TournamentSettings(preset("quick"), level="station"), seed=3)
>>> s.start_hand()
>>> s.view is not None and s.view.seat == s.person_seat, s.tournament.level
(True, 1)
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action
from pokerbonus.bots.tournament import accepts_deal
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.state import Hand
from pokerbonus.engine.tournament import Finish, HandOutcome, LevelClock, Standing, Tournament
from pokerbonus.engine.tournament_config import Level, TournamentConfig, roman
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import IllegalActionError, PokerError, TournamentError
from pokerbonus.i18n import gettext, ngettext, pgettext
from pokerbonus.levels import LADDER
from pokerbonus.rules.prizes import DealKind
from pokerbonus.store import PlayerSpec, ResumePolicy, Store
from pokerbonus.store.tournament_recorder import (
    RecordedTournament,
    latest_open_tournament,
    resume_tournament,
)
from pokerbonus.tui.render import YOU
from pokerbonus.tui.session import PersonsHand, ResumeReport, entropy_source

if TYPE_CHECKING:
    from pokerbonus.engine.ledger import LedgerEntry

__all__ = [
    "TOURNAMENT_NAMES",
    "DealAnswer",
    "TournamentSession",
    "TournamentSettings",
    "level_words",
    "place_words",
]

TOURNAMENT_NAMES: Final = (
    "Alice", "Bruno", "Chloe", "Denis", "Elise", "Fabien", "Gaelle", "Hugo", "Ines",
    "Jules", "Karine", "Louis", "Manon", "Nathan", "Oceane", "Paul", "Quentin", "Rose",
    "Simon", "Thea", "Ugo", "Victor", "Wendy", "Xavier", "Yasmine", "Zoe",
)  # fmt: skip
"""The computer opponents' names, in the order they register (the first seven are
the cash table's)."""


def place_words(place: int) -> str:
    """A finishing place in words (``1st``, ``2nd``, ``5th``; French ``1er``, ``5e``).

    >>> [place_words(n) for n in (1, 2, 3, 4, 11, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '21st']
    """
    if place % 100 in (11, 12, 13) or place % 10 not in (1, 2, 3):
        # Translators: a finishing place from the 4th on (French: « {place}e »).
        return pgettext("place", "{place}th").format(place=place)
    if place == 1:
        # Translators: the first place (French: « 1er »).
        return pgettext("place", "1st")
    last = place % 10
    if last == 1:
        return pgettext("place", "{place}st").format(place=place)
    if last == 2:
        return pgettext("place", "{place}nd").format(place=place)
    return pgettext("place", "{place}rd").format(place=place)


def level_words(level: Level, ante: int, forced: str) -> str:
    """A level's forced bets in words: ``50/100, ante 10``; the pot game's
    ``ante 15``; stud's ``ante 5, bring-in 10``.

    >>> level_words(Level(50, 100, ante=10, hands=6), 10, "blinds")
    '50/100, ante 10'
    >>> level_words(Level(10, 20, ante=5, hands=6), 0, "blinds")
    '10/20'
    >>> level_words(Level(ante=15, hands=8), 15, "pot")
    'ante 15'
    """
    if forced == "blinds":
        blinds = f"{level.small_blind}/{level.big_blind}"
        if ante:
            return gettext("{blinds}, ante {ante}").format(blinds=blinds, ante=ante)
        return blinds
    if forced == "pot":
        return gettext("ante {ante}").format(ante=ante)
    return gettext("ante {ante}, bring-in {bring_in}").format(ante=ante, bring_in=level.bring_in)


def clock_words(seconds: float) -> str:
    """Minutes and seconds left on a clock, rounded up (``12:05``).

    >>> clock_words(724.2), clock_words(0)
    ('12:05', '0:00')
    """
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """A tournament to play: its structure, the opponents' level, the person's name
    and the four-colour deck."""

    config: TournamentConfig
    level: str = "medium"
    name: str = field(default_factory=lambda: gettext(YOU))
    four_color: bool = False

    def __post_init__(self) -> None:
        if self.level not in LADDER:
            raise PokerError(
                gettext("level: must be one of {levels}, got {level!r}").format(
                    levels=", ".join(LADDER), level=self.level
                )
            )


@dataclass(frozen=True, slots=True)
class DealAnswer:
    """A deal put to the players left: its ``kind``, each player's ``amounts`` and
    ICM ``equities``, who ``refused`` it (the computer opponents' answers), and
    whether it was made (everyone accepted)."""

    kind: DealKind
    amounts: Mapping[str, int]
    equities: Mapping[str, float]
    refused: tuple[str, ...]

    @property
    def made(self) -> bool:
        """Whether every player left accepted."""
        return not self.refused


class _TableFacts:
    """What the table screen reads of ``session.table``: the hands played at the
    person's table and each player's stack between hands."""

    def __init__(self, session: TournamentSession) -> None:
        self._session = session

    @property
    def hands_played(self) -> int:
        table = self._session.tournament.tables.get(self._session.table_id)
        return table.hands_played if table is not None else 0

    def stack(self, name: str) -> int:
        return self._session.tournament.stacks.get(name, 0)


class TournamentSession(PersonsHand):
    """One person against computer opponents in a tournament, hand after hand.

    ``seed`` makes it reproducible (tests); ``None`` uses the system's secure
    random source. ``store`` receives every hand and action (default: an
    in-memory database). ``clock`` gives the seconds of a monotonic clock (the
    level clock counts the seconds played).
    """

    def __init__(
        self,
        settings: TournamentSettings,
        *,
        seed: int | None = None,
        store: Store | None = None,
        bot_samples: int = 200,
        clock: Callable[[], float] = time.monotonic,
        _recorded: RecordedTournament | None = None,
    ) -> None:
        self.settings = settings
        self._entropy = entropy_source(seed)
        self.store = store if store is not None else Store("sqlite://")
        self.person = settings.name
        self._bot_samples = bot_samples
        self._clock = clock
        self.resume_report = ResumeReport("nothing", None, "")
        config = settings.config
        if _recorded is None:
            opponents = [n for n in TOURNAMENT_NAMES if n != self.person]
            opponents += [f"Player {k}" for k in range(len(opponents) + 2, config.entrants + 1)]
            specs = [PlayerSpec(self.person, "human")] + [
                PlayerSpec(name, "bot", settings.level) for name in opponents[: config.entrants - 1]
            ]
            _recorded = RecordedTournament.create(
                self.store, config, specs, rng=self._entropy,
                extras={"four_color": settings.four_color, "name": self.person,
                        "level": settings.level},
            )  # fmt: skip
        self.recorded = _recorded
        self._started_at = clock()
        self._played_before = _recorded.clock
        self.bots: dict[str, Bot] = {
            name: self._bot(self._entropy.getrandbits(32))
            for name in self.tournament.entrants
            if name != self.person
        }
        self._names: tuple[str, ...] = ()
        self._final_view: SeatView | None = None
        self._info: GameInfo | None = None
        self._table_id = self._person_table()
        self._level_told = 0
        self._deals_offered: set[int] = set()
        self.awaiting_rebuy = False
        """The person lost their chips in the hand just over and may rebuy: the hand
        is settled once they choose (:meth:`settle_bust`)."""
        self.table_notes: list[str] = []
        """What happened since the last hand ended, in words: levels, eliminations,
        rebuys, deals."""
        self.level_note = ""

    def _bot(self, seed: int) -> Bot:
        from pokerbonus.bots.tournament import tournament_bot

        config = self.settings.config
        return tournament_bot(config.game, config.betting, self.settings.level, seed,
                              weakest="easy")  # fmt: skip

    # -- reading --------------------------------------------------------------------

    @property
    def tournament(self) -> Tournament:
        """The tournament (read only: every change goes through the recorder)."""
        return self.recorded.tournament

    @property
    def session_id(self) -> int:
        """The session's id in the store (the tournament's number)."""
        return int(self.recorded.session)

    def now(self) -> float:
        """The level clock: seconds played in this tournament."""
        return self._played_before + self._clock() - self._started_at

    def _person_table(self) -> int:
        t = self.tournament
        if self.person in t.players_left():
            return t.table_of(self.person).id
        return getattr(self, "_table_id", min(t.tables) if t.tables else 1)

    @property
    def table_id(self) -> int:
        """The person's table."""
        return self._table_id

    @property
    def table(self) -> _TableFacts:
        """The person's table as the table screen reads it."""
        return _TableFacts(self)

    @property
    def config(self) -> TableConfig:
        """The house rules of the person's table now (the level's forced bets)."""
        t = self.tournament
        table = t.tables.get(self._table_id)
        players = len(table.players) if table is not None else 2
        return t.config.table_config(t.level, max(2, players))

    @property
    def _hand(self) -> Hand | None:
        return self.recorded.hand(self._table_id)

    @property
    def plan(self) -> None:
        """No table plan: the tournament panel says the level and the forced bets."""
        return None

    def clock(self) -> LevelClock:
        """Where the levels stand now."""
        return self.tournament.clock(self.now())

    def on_break(self) -> bool:
        """Whether a break is under way."""
        return self.tournament.on_break(self.now())

    @property
    def finish(self) -> Finish | None:
        """The person's finish, once they are out (or the tournament is over)."""
        for f in self.tournament.finishes:
            if f.player == self.person:
                return f
        return None

    @property
    def over(self) -> bool:
        """Whether the tournament is over for the person: out, won, or a deal."""
        return self.finish is not None or self.tournament.finished

    def standings(self) -> tuple[Standing, ...]:
        """Every entrant, best place first (those still in, by stack, first)."""
        return self.tournament.standings()

    def person_standing(self) -> Standing | None:
        """The person's place and prize, once known."""
        for s in self.standings():
            if s.player == self.person and s.place is not None:
                return s
        return None

    def stack(self) -> int:
        """The person's stack between hands."""
        return self.tournament.stacks.get(self.person, 0)

    @property
    def broke(self) -> bool:
        """Whether the person is out of chips (out of the tournament, or waiting to
        rebuy)."""
        return self.awaiting_rebuy or (self._hand is None and self.finish is not None)

    @property
    def alone(self) -> bool:
        """Whether the person is the last player (they won, or a deal ended it)."""
        return self._hand is None and self.tournament.finished

    def opponents_gone(self) -> tuple[str, ...]:
        """The opponents of the last hand who are out of the tournament."""
        left = set(self.tournament.players_left())
        return tuple(p for p in self._names if p != self.person and p not in left)

    def can_deal(self) -> bool:
        """Whether a next hand can be dealt with the person in it."""
        if self._hand is not None or self.over or self.awaiting_rebuy:
            return False
        table = self.tournament.tables.get(self._table_id)
        return table is not None and len(table.players) >= 2

    def can_rebuy(self) -> bool:
        """Whether the person may rebuy or take the add-on now."""
        if self._hand is not None or self.over:
            return False
        now = self.now()
        t = self.tournament
        return t.can_rebuy(self.person, now) or t.can_addon(self.person, now)

    def rebuy_refusal(self) -> str | None:
        """Why the person may not rebuy now, in words (``None``: they may)."""
        if self.can_rebuy():
            return None
        config = self.tournament.config
        if self._hand is not None:
            return gettext("Chips can be bought only between hands.")
        if not config.rebuy_levels:
            return gettext("This tournament has no rebuy.")
        if self.clock().number > config.rebuy_levels:
            return gettext("The rebuy period is over (levels I to {last}).").format(
                last=roman(config.rebuy_levels)
            )
        return gettext(
            "A rebuy is for a stack at or below the starting stack ({stack}), within the "
            "rebuys allowed."
        ).format(stack=config.starting_stack)

    def hands_dealt_in(self) -> int:
        """How many hands the person was dealt in (stored)."""
        saved = self.store.load_session(self.session_id)
        return sum(1 for h in saved.finished_hands if self.person in h.players)

    # -- between hands ----------------------------------------------------------------

    def rebuy(self) -> int:
        """Rebuy (or take the add-on) for the person between hands; the chips."""
        now = self.now()
        t = self.tournament
        if t.can_rebuy(self.person, now):
            return self.recorded.rebuy(self.person, now)
        if t.can_addon(self.person, now):
            return self.recorded.addon(self.person, now)
        raise TournamentError(self.rebuy_refusal() or gettext("rebuy: not now"))

    def start_hand(self, run_bots: bool = True) -> None:
        """Deal the next hand at the person's table, and let the opponents act until
        it is the person's turn (``run_bots`` false: :meth:`bot_step` one at a time)."""
        if self._hand is not None:
            raise IllegalActionError(gettext("deal: a hand is being played"))
        if self.over:
            raise TournamentError(gettext("tournament: it is over"))
        now = self.now()
        if self.tournament.on_break(now):
            left = self.tournament.clock(now).break_left
            raise TournamentError(
                gettext("Break: the next level starts in {time}.").format(time=clock_words(left))
            )
        notes = self._level_notes(now)
        hand = self.recorded.start_hand(self._table_id, now)
        self.table_notes = notes
        self._dealt()
        if hand.finished:  # every player all-in from the forced bets: played out at the deal
            self._finish()
            self.table_notes = notes + self.table_notes
        elif run_bots:
            self._run_bots()

    def _level_notes(self, now: float) -> list[str]:
        clock = self.tournament.clock(now)
        if clock.number == self._level_told:
            return []
        self._level_told = clock.number
        return [
            gettext("Level {number}: {forced}.").format(
                number=roman(clock.number),
                forced=level_words(clock.level, clock.ante, self.tournament.config.forced),
            )
        ]

    def _dealt(self) -> None:
        t = self.tournament
        table = t.tables[self._table_id]
        hand = table.hand
        assert hand is not None
        self._names = tuple(table.hand_players)
        self._final_view = None
        self._info = GameInfo.from_game(hand.game, len(self._names), hand.stakes)
        for seat, name in enumerate(self._names):
            bot = self.bots.get(name)
            if bot is not None:
                bot.new_hand(seat, self._info)
                observe = getattr(bot, "observe_tournament", None)
                if observe is not None:
                    observe(t.view_for(name))

    # -- during a hand ----------------------------------------------------------------

    @property
    def bot_to_act(self) -> bool:
        """Whether a computer opponent is to act now."""
        hand = self._hand
        return hand is not None and hand.actor is not None and hand.actor != self.person_seat

    def bot_decision(self) -> Action:
        """The action of the opponent to act (reads only its view and its bot)."""
        hand = self._hand
        if hand is None or hand.actor is None or hand.actor == self.person_seat:
            raise IllegalActionError(gettext("bot: no computer opponent is to act"))
        return self._bot_action(hand, hand.actor, self._names, self._info)

    def bot_step(self, action: Action | None = None) -> bool:
        """Play one opponent's action if one is to act; whether one acted."""
        if not self.bot_to_act:
            return False
        self._apply(action if action is not None else self.bot_decision())
        return True

    def act(self, action: Action, run_bots: bool = True) -> None:
        """Play the person's action, then the opponents' until the person's next turn.

        A refused action raises :class:`IllegalActionError` and changes nothing.
        """
        hand = self._hand
        if hand is None or self.awaiting_rebuy:
            raise IllegalActionError(gettext("act: no hand is being played"))
        if hand.actor != self.person_seat:
            raise IllegalActionError(
                gettext("act: it is not {person}'s turn").format(person=self.person)
            )
        self._apply(action)
        if run_bots:
            self._run_bots()

    def _apply(self, action: Action) -> None:
        self.recorded.act(action, self._table_id)
        hand = self._hand
        if hand is not None and hand.finished:
            self._finish()

    def _bot_action(
        self, hand: Hand, seat: int, names: tuple[str, ...], info: GameInfo | None
    ) -> Action:
        assert info is not None
        view = hand.view(seat)
        name = names[seat]
        if name in self.tournament.away:
            return fallback_action(view.legal, view.hole)
        try:
            action = self.bots[name].decide(view, info, Budget(samples=self._bot_samples))
            hand.verify(action)
        except Exception:  # a bot's bug or illegal answer must not stop the game
            action = fallback_action(view.legal, view.hole)
        return action

    def _run_bots(self) -> None:
        while self.bot_to_act:
            hand = self._hand
            assert hand is not None and hand.actor is not None
            self._apply(self._bot_action(hand, hand.actor, self._names, self._info))

    def _finish(self) -> None:
        hand = self._hand
        assert hand is not None
        self._final_view = hand.view(self.person_seat)
        if self._info is not None:
            for seat, name in enumerate(self._names):
                bot = self.bots.get(name)
                if bot is not None:
                    with contextlib.suppress(Exception):  # a bot's bug must not stop the game
                        bot.hand_over(hand.view(seat), self._info)
        mine = self.person_seat
        if mine is not None and hand.stacks[mine] == 0 and self._rebuy_after_hand():
            self.awaiting_rebuy = True
            return
        self._settle(False)

    def _rebuy_after_hand(self) -> bool:
        """Whether the person may rebuy once the hand just over is settled."""
        t = self.tournament
        config = t.config
        if config.max_rebuys is not None and t.rebuys[self.person] >= config.max_rebuys:
            return False
        clock = t.clock(self.now())
        number = clock.number
        if clock.hands_left is not None and clock.hands_left <= 1:
            number += 1
        return number <= config.rebuy_levels

    def settle_bust(self, rebuy: bool) -> None:
        """The person, out of chips, rebuys (``True``) or leaves the tournament."""
        if not self.awaiting_rebuy:
            raise IllegalActionError(gettext("rebuy: you still have chips"))
        self.awaiting_rebuy = False
        self._settle(rebuy)

    def _bot_rebuys(self, hand: Hand) -> set[str]:
        """The computer opponents without chips who rebuy (all who may)."""
        table = self.tournament.tables[self._table_id]
        return {
            name
            for name, chips in zip(table.hand_players, hand.stacks, strict=True)
            if chips == 0 and name != self.person
        }

    def _settle(self, person_rebuys: bool) -> None:
        hand = self._hand
        assert hand is not None
        rebuys = self._bot_rebuys(hand)
        if person_rebuys:
            rebuys.add(self.person)
        now = self.now()
        outcome = self.recorded.finish_hand(self._table_id, now, rebuys=rebuys)
        notes = self._outcome_notes(outcome)
        if not self.over:
            notes += self._other_tables()
        self._table_id = self._person_table()
        if self.tournament.finished and all(f.player != self.person for f in outcome.busted):
            notes.append(self._end_note())
        self.table_notes = notes

    def _outcome_notes(self, outcome: HandOutcome) -> list[str]:
        notes: list[str] = []
        prizes = {s.player: s.prize for s in self.standings()}
        for name in outcome.rebought:
            chips = self.tournament.config.effective_rebuy_chips
            if name == self.person:
                notes.append(gettext("You rebuy {chips} chips.").format(chips=chips))
            else:
                notes.append(gettext("{player} rebuys {chips} chips.").format(
                    player=name, chips=chips
                ))  # fmt: skip
        for f in outcome.busted:
            prize = prizes.get(f.player, 0)
            place = place_words(f.place)
            if f.player == self.person:
                words = (
                    gettext("You are out in {place} place and win {prize}.")
                    if prize
                    else gettext("You are out in {place} place.")
                )
            else:
                words = (
                    gettext("{player} is out in {place} place and wins {prize}.")
                    if prize
                    else gettext("{player} is out in {place} place.")
                )
            line = words.format(player=f.player, place=place, prize=prize)
            if f.shared > 1:
                line += " " + ngettext(
                    "({count} player shares this place.)",
                    "({count} players share this place.)",
                    f.shared,
                ).format(count=f.shared)
            notes.append(line)
        for move in outcome.moves:
            if move.player == self.person:
                notes.append(gettext("You move to table {table}.").format(table=move.to_table))
        return notes

    def _end_note(self) -> str:
        mine = self.person_standing()
        if mine is None:
            return ""
        if mine.prize:
            return gettext("You finish in {place} place and win {prize}.").format(
                place=place_words(mine.place or 0), prize=mine.prize
            )
        return gettext("You finish in {place} place.").format(place=place_words(mine.place or 0))

    def _other_tables(self) -> list[str]:
        """Play one hand at each of the other tables (computer players only)."""
        notes: list[str] = []
        t = self.tournament
        for table_id in sorted(t.tables):
            table = t.tables.get(table_id)
            if table_id == self._table_id or table is None or t.finished:
                continue
            if len(table.players) < 2 or self.person in table.players:
                continue
            now = self.now()
            hand = self.recorded.start_hand(table_id, now)
            names = tuple(table.hand_players)
            info = GameInfo.from_game(hand.game, len(names), hand.stakes)
            for seat, name in enumerate(names):
                self.bots[name].new_hand(seat, info)
                observe = getattr(self.bots[name], "observe_tournament", None)
                if observe is not None:
                    observe(t.view_for(name))
            while not hand.finished:
                actor = hand.actor
                assert actor is not None
                self.recorded.act(self._bot_action(hand, actor, names, info), table_id)
            rebuys = {n for n, c in zip(names, hand.stacks, strict=True) if c == 0}
            outcome = self.recorded.finish_hand(table_id, now, rebuys=rebuys)
            notes += self._outcome_notes(outcome)
        return notes

    # -- deals -----------------------------------------------------------------------

    def deal_possible(self) -> bool:
        """Whether a deal may be put to the table now: the final table, between
        hands, the person still in, two players or more, different prizes left."""
        t = self.tournament
        if self._hand is not None or self.over or not t.final_table:
            return False
        return t.prizes_to_share()

    def deal_due(self) -> bool:
        """Whether a deal should be offered to the person now, unasked: the first
        time the final table reaches three players (or the places paid and one)
        and again at each player fewer."""
        if not self.deal_possible():
            return False
        t = self.tournament
        left = len(t.players_left())
        paid = sum(1 for p in t.place_prizes() if p > 0)
        if left > min(3, paid + 1) or left in self._deals_offered:
            return False
        self._deals_offered.add(left)
        return True

    def deal_terms(self, kind: DealKind) -> DealAnswer:
        """What a deal of ``kind`` would pay each player left, with their ICM
        equity and the computer opponents' answers (nothing is decided)."""
        t = self.tournament
        amounts = t.deal_amounts(kind)
        equities = t.icm()
        pool_left = sum(t.prizes_left())
        refused = tuple(
            name
            for name in t.players_left()
            if name != self.person and not accepts_deal(amounts[name], equities[name], pool_left)
        )
        return DealAnswer(kind, amounts, equities, refused)

    def propose_deal(self, kind: DealKind) -> DealAnswer:
        """Put a deal of ``kind`` to the players left: made (the tournament ends) when
        every computer opponent accepts it."""
        if not self.deal_possible():
            raise TournamentError(gettext("deal: only at the final table, between hands"))
        answer = self.deal_terms(kind)
        t = self.tournament
        if answer.made:
            self.recorded.accept_deal(kind, t.players_left(), self.now())
            mine = answer.amounts.get(self.person, 0)
            self.table_notes = [
                gettext("Deal made: the tournament ends here and you win {prize}.").format(
                    prize=mine
                )
            ]
        else:
            self.table_notes = [
                gettext("Deal refused by {players}: play goes on.").format(
                    players=", ".join(answer.refused)
                )
            ]
        return answer

    # -- leaving and coming back --------------------------------------------------------

    def leave(self) -> tuple[LedgerEntry, ...]:
        """Leave the table: the state is saved (a hand in progress stays open, to be
        resumed); the session closes when the tournament is over for the person."""
        if self._hand is None:
            if self.over:
                self.recorded.close(self.now())
            else:
                self.recorded.save(self.now())
        return ()

    @classmethod
    def resume(
        cls,
        store: Store,
        session_id: int | None = None,
        *,
        seed: int | None = None,
        four_color: bool | None = None,
        bot_samples: int = 200,
        policy: ResumePolicy = "resume",
        clock: Callable[[], float] = time.monotonic,
    ) -> TournamentSession:
        """Come back to a stored open tournament (``None``: the newest open one): the
        same level, stacks, seats and level clock; a hand left open is dealt again
        and replayed, or voided (``policy="void"``, or when it cannot be)."""
        sid = session_id if session_id is not None else latest_open_tournament(store)
        if sid is None:
            raise PokerError(gettext("resume: no tournament in progress in the database"))
        saved = store.load_session(sid)
        result = resume_tournament(saved, policy, store=store, seeds=entropy_source(seed))
        extras = saved.extras
        humans = [p for p in saved.players if p.kind == "human"]
        if len(humans) != 1:
            raise PokerError(
                gettext("resume: session {session} has {count} people, not one").format(
                    session=sid, count=len(humans)
                )
            )
        stored_four = bool(extras.get("four_color", False))
        level = extras.get("level")
        settings = TournamentSettings(
            result.recorded.tournament.config,
            level=level if isinstance(level, str) and level in LADDER else "medium",
            name=humans[0].name,
            four_color=stored_four if four_color is None else four_color,
        )
        session = cls(
            settings, seed=seed, store=store, bot_samples=bot_samples, clock=clock,
            _recorded=result.recorded,
        )  # fmt: skip
        session._level_told = session.tournament.level
        level_text = roman(session.tournament.level)
        if result.outcome == "resumed":
            session._dealt()
            message = gettext(
                "Tournament {id} resumed at level {level}: hand {number} goes on where you left it."
            ).format(id=sid, level=level_text, number=result.hand_number)
            hand = session._hand
            if hand is not None and hand.finished:
                session._finish()
            else:
                session._run_bots()
        elif result.outcome == "voided":
            message = gettext(
                "Tournament {id} resumed at level {level}; the hand left open could not be "
                "resumed and is void, every chip returned."
            ).format(id=sid, level=level_text)
        else:
            message = gettext("Tournament {id} resumed at level {level}.").format(
                id=sid, level=level_text
            )
        session.resume_report = ResumeReport(result.outcome, result.hand_number, message)
        return session
