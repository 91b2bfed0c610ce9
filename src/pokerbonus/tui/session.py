"""The play session behind the terminal table: the person, the computer opponents,
the table and the store, with no screen.

:class:`PlaySession` deals hands at a table recorded in the store
(:class:`pokerbonus.store.RecordedTable`), lets the bots act until it is the
person's turn, applies the person's actions and rebuys between hands. Every
step is written to the store before it is shown. What a screen may show comes
from :attr:`PlaySession.view` (the person's
:class:`~pokerbonus.engine.views.SeatView`) and public table facts (names,
ledger); the hand itself stays private.

Randomness: one ``entropy`` source (``secrets.SystemRandom()`` for real play, a
seeded ``random.Random`` in tests) draws the seats, the first dealer, the bots'
seeds and a seed for every hand. A hand interrupted by quitting is dealt again
from its stored seed and its stored actions replayed (``resumed``), or, when
that is impossible, voided with every chip returned (``voided``).

>>> from pokerbonus.tui.settings import PlaySettings
>>> session = PlaySession(PlaySettings.build({"opponents": 2, "level": "station"}), seed=3)
>>> session.start_hand()
>>> session.view is not None and session.view.seat == session.person_seat
True
"""

from __future__ import annotations

import contextlib
import random
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action
from pokerbonus.bots.game_bots import bot_for
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.ledger import LedgerEntry
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import HandPlan, Table
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import IllegalActionError, PokerError
from pokerbonus.hands import HandValue
from pokerbonus.i18n import gettext, ngettext
from pokerbonus.player_stats import PlayerStats, aggregate
from pokerbonus.store import (
    PlayerSpec,
    RecordedTable,
    ResumePolicy,
    SavedSession,
    Store,
    resume_or_void,
)
from pokerbonus.tui.render import made_hand
from pokerbonus.tui.settings import PlaySettings

__all__ = [
    "OPPONENT_NAMES",
    "PlaySession",
    "ResumeReport",
    "SessionSummary",
    "bot_for",
    "caves_words",
    "entropy_source",
    "latest_open_session",
]

OPPONENT_NAMES: Final = ("Alice", "Bruno", "Chloe", "Denis", "Elise", "Fabien", "Gaelle")
"""The computer opponents' names, in the order they sit down."""


@dataclass(frozen=True, slots=True)
class ResumeReport:
    """What happened to the hand left open when a session was resumed.

    ``outcome`` is ``nothing`` (no hand was open), ``resumed`` (dealt again and
    replayed to where it stood) or ``voided`` (every chip returned); ``message``
    says it in words.
    """

    outcome: str
    hand: int | None
    message: str


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """The end of a session: every player's account, the hands the person was
    dealt in, and the best hand they held at the end of a hand (its name, or
    ``None`` when no hand of theirs went to the end)."""

    ledger: tuple[LedgerEntry, ...]
    hands_played: int
    best_hand: str | None
    players: tuple[PlayerStats, ...] = ()
    """Every player's statistics over the session's stored hands (docs/stats.md)."""


def caves_words(count: int) -> str:
    """A number of caves in words.

    >>> caves_words(1), caves_words(3)
    ('1 cave', '3 caves')
    """
    return ngettext("{count} cave", "{count} caves", count).format(count=count)


def entropy_source(seed: int | None) -> random.Random:
    """The random source of a session: seeded (tests, a reproducible session), or
    the system's secure source (``None``, real play).

    >>> entropy_source(7).random() == entropy_source(7).random()
    True
    """
    return random.Random(seed) if seed is not None else secrets.SystemRandom()


def latest_open_session(store: Store, kind: str = "table") -> int | None:
    """The newest open session of ``kind`` in the store, if any."""
    for summary in store.sessions():
        if summary.kind == kind and summary.status == "open":
            return int(summary.id)
    return None


class _HandsPlayed(Protocol):
    @property
    def hands_played(self) -> int: ...


class PersonsHand:
    """What the terminal reads of the person's current (or last) hand, shared by the
    cash table's and the tournament's sessions: each gives ``_hand`` (the hand being
    played at the person's table, or ``None``), ``table`` (its hands played),
    ``person``, ``_names`` (the players of the last hand dealt, by seat) and
    ``_final_view`` (the person's view of the last hand once it is over)."""

    person: str
    _names: tuple[str, ...]
    _final_view: SeatView | None

    @property
    def _hand(self) -> Hand | None:
        raise NotImplementedError

    @property
    def table(self) -> _HandsPlayed:
        raise NotImplementedError

    @property
    def in_hand(self) -> bool:
        """Whether a hand of the person's is being played (or waits to be settled)."""
        return self._hand is not None

    @property
    def hand_players(self) -> tuple[str, ...]:
        """The players of the current (or last) hand, by seat of that hand."""
        return self._names

    @property
    def person_seat(self) -> int | None:
        """The person's seat in the current (or last) hand, ``None`` if not dealt in."""
        return self._names.index(self.person) if self.person in self._names else None

    @property
    def view(self) -> SeatView | None:
        """The person's view of the current hand, or of the last one once it is over."""
        hand = self._hand
        if hand is not None:
            return hand.view(self.person_seat)
        return self._final_view

    @property
    def hand_number(self) -> int:
        """The number of the current hand at the person's table, or of the next one."""
        return self.table.hands_played + (0 if self._hand is not None else 1)


class PlaySession(PersonsHand):
    """One person against computer opponents at a table, hand after hand.

    ``seed`` makes the session reproducible (tests); ``None`` uses the system's
    secure random source. ``store`` receives every hand and action (default: an
    in-memory database). ``bot_samples`` caps each bot decision's work.
    ``opponent``: builds every computer opponent from a seed instead of the level
    (``pokerbonus play --opponent package.module:ClassName``; not stored: a
    resumed session plays the level).
    """

    def __init__(
        self,
        settings: PlaySettings,
        *,
        seed: int | None = None,
        store: Store | None = None,
        bot_samples: int = 200,
        opponent: Callable[[int], Bot] | None = None,
        _recorded: RecordedTable | None = None,
    ) -> None:
        self.settings = settings
        self._entropy = entropy_source(seed)
        self.store = store if store is not None else Store("sqlite://")
        self.person = settings.name
        self._bot_samples = bot_samples
        self.resume_report = ResumeReport("nothing", None, "")
        if _recorded is None:
            count = settings.config.players - 1
            opponents = [n for n in OPPONENT_NAMES if n != self.person][:count]
            specs = [PlayerSpec(self.person, "human")] + [
                PlayerSpec(name, "bot", settings.level) for name in opponents
            ]
            _recorded = RecordedTable.create(self.store, settings.config, specs, rng=self._entropy)
            self.store.set_extras(
                _recorded.session,
                {"four_color": settings.four_color, "name": self.person, "level": settings.level},
            )
        self.recorded = _recorded

        def build(seed: int) -> Bot:
            if opponent is not None:
                return opponent(seed)
            return bot_for(settings.config.game, settings.level, seed)

        self.bots: dict[str, Bot] = {
            name: build(self._entropy.getrandbits(32))
            for name in self.table.players
            if name != self.person
        }
        self._names: tuple[str, ...] = ()
        self._gone_told: set[str] = set()
        self._final_view: SeatView | None = None
        self._info: GameInfo | None = None
        self._best: HandValue | None = None
        self.table_notes: list[str] = []
        """What happened at the table since the last hand ended, in words: the
        opponents who ran out of chips and bought a cave or left the table."""
        self.level_note = ""
        """Where ``expert`` plays ``hard`` at this table, the line that says so
        (told before and at the first deal); else empty."""
        if settings.level == "expert":
            from pokerbonus.bots.expert_coverage import config_coverage, coverage_text

            if config_coverage(settings.config).key is None:
                self.level_note = coverage_text(settings.config)
                self.table_notes = [self.level_note]

    # -- reading --------------------------------------------------------------------

    @property
    def table(self) -> Table:
        """The table (read only: every change goes through the recorder)."""
        return self.recorded.table

    @property
    def session_id(self) -> int:
        """The session's id in the store."""
        return int(self.recorded.session)

    @property
    def config(self) -> TableConfig:
        """The table's house rules."""
        return self.settings.config

    @property
    def _hand(self) -> Hand | None:
        return self.table.hand

    @property
    def plan(self) -> HandPlan | None:
        """The current hand's plan (public: dealer, forced bets)."""
        return self.table.plan

    def ledger(self) -> tuple[LedgerEntry, ...]:
        """Every player's account: caves, chips bought, stack, net."""
        return self.table.ledger.entries()

    def stack(self) -> int:
        """The person's stack between hands."""
        return self.table.stack(self.person)

    def can_rebuy(self) -> bool:
        """Whether the person may buy a cave now."""
        return self.table.can_rebuy(self.person)

    def can_deal(self) -> bool:
        """Whether a next hand can be dealt with the person in it."""
        if self._hand is not None or self.stack() == 0:
            return False
        others = [p for p in self.table.players if p != self.person]
        return any(self.table.stack(p) > 0 or self.table.can_rebuy(p) for p in others)

    @property
    def broke(self) -> bool:
        """Whether the person has no chips left, between hands."""
        return self._hand is None and self.stack() == 0

    def opponents_gone(self) -> tuple[str, ...]:
        """The opponents who left the table: no chips, and no cave left to buy under
        the table's rebuy rule."""
        return tuple(
            p
            for p in self.table.players
            if p != self.person and self.table.stack(p) == 0 and not self.table.can_rebuy(p)
        )

    @property
    def alone(self) -> bool:
        """Whether every opponent left the table, between hands: the person is the
        last player and no hand can be dealt."""
        if self._hand is not None:
            return False
        return len(self.opponents_gone()) == len(self.table.players) - 1

    def rebuy_refusal(self) -> str | None:
        """Why the person may not buy a cave now, in words (``None``: they may)."""
        if self.can_rebuy():
            return None
        if self._hand is not None:
            return gettext("Chips can be bought only between hands.")
        config = self.config
        if config.rebuy == "limited" and config.max_caves is not None:
            caves = self.table.ledger.entry(self.person).caves
            return gettext(
                "The table allows {allowed} per player and you have bought {bought}."
            ).format(allowed=caves_words(config.max_caves), bought=caves_words(caves))
        return gettext("The table's rebuy rule allows no more caves.")

    def hands_dealt_in(self) -> int:
        """How many finished hands the person was dealt in."""
        return sum(1 for record in self.table.history if self.person in record.players)

    def summary(self) -> SessionSummary:
        """The session in figures: the ledger, the hands played, the best hand."""
        best = self._best.describe() if self._best is not None else None
        store = self.recorded.store
        facts = [item.data for item in store.facts(self.recorded.session)]
        players = tuple(aggregate(facts).values())
        return SessionSummary(self.ledger(), self.hands_dealt_in(), best, players)

    # -- between hands ----------------------------------------------------------------

    def rebuy(self, caves: int = 1) -> int:
        """Buy ``caves`` caves for the person (between hands); returns the chips bought."""
        return self.recorded.rebuy(self.person, caves=caves).chips

    def _bots_rebuy(self) -> list[str]:
        """Every opponent without chips buys a cave, or leaves the table when the
        rebuy rule allows no more; what happened, in words."""
        notes = []
        for player in self.table.sitting_out():
            if player == self.person:
                continue
            if self.table.can_rebuy(player):
                chips = self.recorded.rebuy(player).chips
                notes.append(
                    ngettext(
                        "{player} has no chips left and buys a cave of {chips} chip.",
                        "{player} has no chips left and buys a cave of {chips} chips.",
                        chips,
                    ).format(player=player, chips=chips)
                )
            elif player not in self._gone_told:
                self._gone_told.add(player)
                limit = self.config.max_caves
                notes.append(
                    gettext(
                        "{player} has no chips left and leaves the table: "
                        "the table allows {allowed} per player."
                    ).format(player=player, allowed=caves_words(limit))
                    if limit is not None
                    else gettext("{player} has no chips left and leaves the table.").format(
                        player=player
                    )
                )
        return notes

    def start_hand(self, run_bots: bool = True) -> None:
        """Deal the next hand, and let the opponents act until it is the person's turn
        (``run_bots`` false: the caller plays them one at a time, :meth:`bot_step`)."""
        if self._hand is not None:
            raise IllegalActionError(gettext("deal: a hand is being played"))
        if self.stack() == 0:
            raise IllegalActionError(
                gettext("deal: {person} has no chips; buy a cave first").format(person=self.person)
            )
        notes = self._bots_rebuy()
        self.recorded.start_hand()
        if self.level_note and self.level_note in self.table_notes:
            notes = [self.level_note, *notes]  # the first deal says it once more
        self.table_notes = notes
        self._dealt()
        if run_bots:
            self._run_bots()

    def _dealt(self) -> None:
        plan = self.table.plan
        assert plan is not None
        self._names = tuple(self.table.players[s] for s in plan.seats)
        self._final_view = None
        self._info = GameInfo.from_game(self.table.game, len(plan.seats), plan.stakes)
        for seat, name in enumerate(self._names):
            if name in self.bots:
                self.bots[name].new_hand(seat, self._info)

    # -- during a hand ----------------------------------------------------------------

    @property
    def bot_to_act(self) -> bool:
        """Whether a computer opponent is to act now."""
        hand = self._hand
        return hand is not None and hand.actor is not None and hand.actor != self.person_seat

    def bot_decision(self) -> Action:
        """The action of the opponent to act (reads only that opponent's view and
        its bot: safe to compute off the screen's thread while nothing else changes
        the hand); :class:`IllegalActionError` when no opponent is to act."""
        hand = self._hand
        if hand is None or hand.actor is None or hand.actor == self.person_seat:
            raise IllegalActionError(gettext("bot: no computer opponent is to act"))
        return self._bot_action(hand.actor)

    def bot_step(self, action: Action | None = None) -> bool:
        """Play one opponent's action if one is to act (``action``: one computed
        already by :meth:`bot_decision`); returns whether one acted."""
        if not self.bot_to_act:
            return False
        self._apply(action if action is not None else self.bot_decision())
        return True

    def act(self, action: Action, run_bots: bool = True) -> None:
        """Play the person's action, then the opponents' until the person's next turn
        (``run_bots`` false: the caller plays them with :meth:`bot_step`).

        A refused action raises :class:`IllegalActionError` (with the reason) and
        changes nothing.
        """
        hand = self._hand
        if hand is None:
            raise IllegalActionError(gettext("act: no hand is being played"))
        if hand.actor != self.person_seat:
            raise IllegalActionError(
                gettext("act: it is not {person}'s turn").format(person=self.person)
            )
        self._apply(action)
        if run_bots:
            self._run_bots()

    def _apply(self, action: Action) -> None:
        self.recorded.act(action)
        self.table.check_chips()
        hand = self._hand
        if hand is not None and hand.finished:
            self._finish()

    def _bot_action(self, seat: int) -> Action:
        hand = self._hand
        assert hand is not None and self._info is not None
        view = hand.view(seat)
        bot = self.bots[self._names[seat]]
        try:
            action = bot.decide(view, self._info, Budget(samples=self._bot_samples))
            hand.verify(action)
        except Exception:  # a bot's bug or illegal answer must not stop the game
            action = fallback_action(view.legal, view.hole)
        return action

    def _run_bots(self) -> None:
        while self._hand is not None and self._hand.actor != self.person_seat:
            actor = self._hand.actor
            assert actor is not None
            self._apply(self._bot_action(actor))

    def _finish(self) -> None:
        hand = self._hand
        assert hand is not None
        view = hand.view(self.person_seat)
        self._final_view = view
        if self._info is not None:
            for seat, name in enumerate(self._names):
                if name in self.bots:
                    with contextlib.suppress(Exception):  # a bot's bug must not stop the game
                        self.bots[name].hand_over(hand.view(seat), self._info)
        self.recorded.finish_hand()
        self._note_best(view)
        self.table_notes = self._bots_rebuy()

    def _note_best(self, view: SeatView) -> None:
        """Keep the person's hand at the end of a hand they did not fold, if it is
        their best of the session."""
        seat = view.seat
        if seat is None or view.folded[seat] or not view.hole:
            return
        value = made_hand(view.hole, view.board, self.config)
        if value is not None and (self._best is None or value > self._best):
            self._best = value

    # -- leaving and coming back --------------------------------------------------------

    def leave(self) -> tuple[LedgerEntry, ...]:
        """Leave the table: the session ledger.

        Between hands the session is closed; during a hand it stays open in the
        store, to be resumed or voided when the person comes back.
        """
        if self._hand is None:
            saved = self.store.load_session(self.session_id)
            if saved.status == "open":
                self.store.close_session(self.session_id)
        return self.ledger()

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
    ) -> PlaySession:
        """Come back to a stored open session (``None``: the newest open one).

        A hand left open is dealt again from its seed and its actions replayed
        (``resume_report.outcome == "resumed"``), or voided (``policy="void"``,
        or when the replay fails): every player keeps the stack they had before
        it (``"voided"``). ``four_color`` defaults to the stored choice.
        """
        sid = session_id if session_id is not None else latest_open_session(store)
        if sid is None:
            raise PokerError(gettext("resume: no open table session in the database"))
        saved = store.load_session(sid)
        stored_four = bool(saved.extras.get("four_color", False))
        settings = _settings_of(saved, stored_four if four_color is None else four_color)
        if four_color is not None and four_color != stored_four:
            store.set_extras(sid, {"four_color": four_color})
        entropy = entropy_source(seed)
        result = resume_or_void(saved, policy, store=store, seeds=entropy)
        assert result.recorded is not None
        session = cls(
            settings, seed=seed, store=store, bot_samples=bot_samples, _recorded=result.recorded
        )
        number = result.hand_number
        if result.outcome == "resumed":
            session._dealt()
            session.resume_report = ResumeReport(
                "resumed",
                number,
                gettext("Hand {number} resumed where you left it.").format(number=number),
            )
            hand = session._hand
            if hand is not None and hand.finished:
                session._finish()
            else:
                session._run_bots()
        elif result.outcome == "voided":
            if result.reason:
                words = gettext(
                    "Hand {number} could not be resumed ({reason}); "
                    "it is void and every chip was returned."
                )
            else:
                words = gettext(
                    "Hand {number} could not be resumed; it is void and every chip was returned."
                )
            session.resume_report = ResumeReport(
                "voided", number, words.format(number=number, reason=result.reason)
            )
        else:
            session.resume_report = ResumeReport(
                "nothing",
                None,
                gettext("Session {session} resumed between hands.").format(session=sid),
            )
        return session


def _settings_of(saved: SavedSession, four_color: bool) -> PlaySettings:
    humans = [p for p in saved.players if p.kind == "human"]
    bots = [p for p in saved.players if p.kind == "bot"]
    if len(humans) != 1:
        raise PokerError(
            gettext("resume: session {session} has {count} people, not one").format(
                session=saved.id, count=len(humans)
            )
        )
    stored = saved.extras.get("level")
    level = (
        stored if isinstance(stored, str) else bots[0].level if bots and bots[0].level else "medium"
    )
    return PlaySettings(
        config=TableConfig.from_dict(saved.config),
        level=level,
        name=humans[0].name,
        four_color=four_color,
    )
