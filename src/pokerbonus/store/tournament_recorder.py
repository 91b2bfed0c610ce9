"""A tournament whose every step is written to the store, and how to pick it up again.

:class:`RecordedTournament` drives a :class:`~pokerbonus.engine.tournament.Tournament`
and writes each step before answering, like :class:`~pokerbonus.store.RecordedTable`
does for a cash table: a session of kind ``tournament`` (its structure, every
entrant), the start of each hand (the players dealt in, their stacks, a fresh
63-bit seed, the deck order, and in ``info`` the tournament's id, table, level,
blinds and antes, the physical seats and the level clock), each action, the end of
each hand (final stacks, its PHH text with the tournament fields, the statistics'
facts), and after every hand, rebuy, add-on or deal the whole tournament's state
(:meth:`Tournament.to_dict`) in the session's extras.

Each hand's randomness comes from ``random.Random(seed)`` alone: the tournament's
generator is reseeded with the hand's seed before the hand is dealt, so a hand is
a function of the state before it, its seed and its actions. Picking a tournament
up again (:func:`resume_tournament`) therefore reads the last saved state, plays
again any finished hand stored after it (a stop between the two writes), and deals
the hand left open again from its seed with its actions replayed, or voids it.

>>> from pokerbonus.engine.table import random_legal_action
>>> from pokerbonus.engine.tournament_config import preset
>>> store = Store("sqlite://")
>>> rt = RecordedTournament.create(store, preset("quick"), ["ann", "bob", "cy"],
...                               rng=random.Random(3))
>>> hand = rt.start_hand(1)
>>> rt.act(random_legal_action(hand, random.Random(0)))
>>> result = resume_tournament(store.load_session(rt.session), store=store)
>>> result.outcome, result.recorded.tournament.tables[1].hand.snapshot() == hand.snapshot()
('resumed', True)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pokerbonus.analysis.hand_facts import hand_facts
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import HandMode, HandPlan, game_for, hand_stakes
from pokerbonus.engine.tournament import HandOutcome, Tournament
from pokerbonus.engine.tournament_config import TournamentConfig
from pokerbonus.errors import IllegalActionError, NotationError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.notation.phh import HandHistory
from pokerbonus.rules.prizes import DealKind
from pokerbonus.store.codec import action_from_text, action_to_text
from pokerbonus.store.recorder import ReplayStep, ResumeOutcome, ResumePolicy, _HandNumbers
from pokerbonus.store.store import PlayerSpec, SavedHand, SavedSession, SessionId, Store

__all__ = [
    "RecordedTournament",
    "TournamentResume",
    "latest_open_tournament",
    "replay_tournament",
    "tournament_hand_steps",
    "tournament_history",
]

_SEED_BITS: Final = 63
STATE_KEY: Final = "tournament"
"""The key of the tournament's state in the session's extras."""


def _mode(config: TournamentConfig) -> HandMode:
    return "blind" if config.forced == "blinds" else "pot"


def latest_open_tournament(store: Store) -> int | None:
    """The newest open tournament session of the store, if any."""
    for summary in store.sessions():
        if summary.kind == "tournament" and summary.status == "open":
            return int(summary.id)
    return None


def tournament_history(
    hand: Hand,
    config: TournamentConfig,
    info: Mapping[str, Any],
    players: Sequence[str],
    number: int,
    places: Mapping[str, int] | None = None,
) -> HandHistory:
    """The PHH record of a tournament hand: the game's code and house rules, the
    names and hand number, and the tournament fields: ``event`` (the tournament's
    name and id), ``level``, ``table``, ``seat_count`` and ``seats`` (the physical
    seats), with ``_tournament`` (its id), ``_buy_in`` and ``_places`` (for each
    player, the finishing place this hand gave them; 0: still in).

    ``info`` is what :meth:`RecordedTournament.start_hand` stored with the hand.
    """
    level = int(info["level"])
    table = config.table_config(level, hand.n)
    plan = HandPlan(
        number=number, dealer=hand.dealer, seats=tuple(range(hand.n)), mode=_mode(config),
        min_opening=None, stakes=hand.stakes, deck_size=hand.deck_size,
    )  # fmt: skip
    from pokerbonus.notation.export import table_hand_history

    history = table_hand_history(hand, table, plan, players, number)
    order = [(hand.dealer + 1 + p) % hand.n for p in range(hand.n)]
    seats = info.get("seats")
    known = places or {}
    extras = dict(history.extra_fields)
    extras.update(
        _tournament=int(info["tournament"]),
        _buy_in=config.buy_in,
        _places=[known.get(players[s], 0) for s in order],
    )
    return dataclasses.replace(
        history,
        event=f"Poker Bonus tournament #{info['tournament']} ({config.name})",
        level=level,
        table=int(info.get("table", 1)),
        seat_count=config.seats_per_table,
        seats=tuple(int(seats[s]) + 1 for s in order) if seats is not None else None,
        extra_fields=extras,
    )


class RecordedTournament(_HandNumbers):
    """A tournament played hand after hand, every step committed to a :class:`Store` first.

    Build with :meth:`create` (a new session) or get one back from
    :func:`resume_tournament`. Play through :meth:`start_hand`, :meth:`act`,
    :meth:`finish_hand`, :meth:`rebuy`, :meth:`addon`, :meth:`accept_deal`; read
    the tournament (``.tournament``) freely, never change it directly.

    ``now`` everywhere is the level clock: seconds on any clock the caller keeps
    (the terminal keeps the seconds played), saved with the state.
    """

    def __init__(
        self,
        store: Store,
        session: SessionId,
        tournament: Tournament,
        rng: random.Random,
        *,
        seeds: random.Random | None = None,
        next_number: int = 1,
        clock: float = 0.0,
    ) -> None:
        super().__init__(store, session, seeds=seeds, next_number=next_number)
        self.tournament = tournament
        self._rng = rng
        self.clock = clock
        """The level clock when the state was last saved."""
        self._info: Mapping[str, Any] = {}

    @classmethod
    def create(
        cls,
        store: Store,
        config: TournamentConfig,
        players: Sequence[PlayerSpec | str],
        *,
        rng: random.Random | None = None,
        extras: Mapping[str, Any] | None = None,
    ) -> RecordedTournament:
        """Store a new tournament session (its id is the tournament's) and draw the seats.

        ``rng`` draws the seats (through the tournament) and each hand's seed
        (default: the system's generator).
        """
        specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(p) for p in players]
        source = rng if rng is not None else secrets.SystemRandom()
        session = store.create_session(
            config.to_dict(), specs, kind="tournament", extras=dict(extras or {})
        )
        table_rng = random.Random(source.getrandbits(_SEED_BITS))
        tournament = Tournament(
            config, [p.name for p in specs], table_rng, tournament_id=int(session)
        )
        for name in tournament.entrants:
            store.record_purchase(session, name, config.starting_stack, after_hand=0, kind="sit")
        recorded = cls(store, session, tournament, table_rng, seeds=source)
        recorded.save()
        return recorded

    # -- writing ---------------------------------------------------------------------

    def save(self, clock: float | None = None) -> None:
        """Store the tournament's state between hands (and the level clock)."""
        if clock is not None:
            self.clock = clock
        self.store.set_extras(
            self.session,
            {STATE_KEY: self.tournament.to_dict(), "after_hand": self._number - 1,
             "clock": self.clock},
        )  # fmt: skip

    def hand(self, table_id: int = 1) -> Hand | None:
        """The hand in progress at table ``table_id``, if any."""
        table = self.tournament.tables.get(table_id)
        return None if table is None else table.hand

    def start_hand(self, table_id: int, now: float | None = None) -> Hand:
        """Draw a seed, deal the next hand at ``table_id`` and store its start."""
        seed = self._draw_seed()
        self._rng.seed(seed)
        t = self.tournament
        hand = t.start_hand(table_id, now)
        table = t.tables[table_id]
        names = list(table.hand_players)
        clock = t.clock(now)
        info = {
            "tournament": t.id,
            "table": table_id,
            "level": t.level,
            "small_blind": clock.level.small_blind,
            "big_blind": clock.level.big_blind,
            "ante": clock.ante,
            "bring_in": clock.level.bring_in,
            "seats": [table.seats.index(name) for name in names],
            "now": now,
            "players_left": len(t.players_left()),
            "tournament_hand": t.hand_number,
        }
        self.store.start_hand(
            self.session, self._number, hand.dealer, hand.starting_stacks, seed,
            players=names, deck=hand.deck_order, info=info,
        )  # fmt: skip
        self._hand_started()
        self._info = info
        return hand

    def act(self, action: Action, table_id: int = 1) -> None:
        """Take ``action`` in the hand in progress, then store it (a refused one is not)."""
        hand = self.hand(table_id)
        if hand is None or self.hand_number is None:
            raise IllegalActionError(gettext("act: no hand is being played"))
        seat = hand.actor
        hand.act(action)
        self._record_action(action_to_text(action), seat)

    def finish_hand(
        self, table_id: int = 1, now: float | None = None, *, rebuys: Collection[str] = ()
    ) -> HandOutcome:
        """Settle the finished hand (eliminations, rebuys named in ``rebuys``) and
        store its end, its PHH and the tournament's state."""
        from pokerbonus.notation.phh import dumps

        t = self.tournament
        table = t.tables.get(table_id)
        hand = table.hand if table is not None else None
        if table is None or hand is None or self.hand_number is None:
            raise IllegalActionError(gettext("finish hand: no hand is being played"))
        if not hand.finished:
            raise IllegalActionError(gettext("finish hand: the hand is not over"))
        names = list(table.hand_players)
        info = self._info
        config = t.config.table_config(t.level, len(names))
        facts = hand_facts(hand, config, names)
        outcome = t.finish_hand(table_id, now, rebuys=rebuys)
        places = {f.player: f.place for f in outcome.busted}
        try:
            text: str | None = dumps(
                tournament_history(hand, t.config, info, names, self.hand_number, places)
            )
        except NotationError:  # a game the exporter does not write yet: no PHH text
            text = None
        self.store.finish_hand(self.session, self.hand_number, hand.stacks, text, facts=facts)
        for name in outcome.rebought:
            self.store.record_purchase(
                self.session, name, t.config.effective_rebuy_chips,
                after_hand=self.hand_number, kind="rebuy",
            )  # fmt: skip
        self._hand_over()
        self.save(now)
        if t.finished:
            self.store.close_session(self.session)
        return outcome

    def rebuy(self, player: str, now: float | None = None) -> int:
        """Buy the rebuy chips for ``player`` between hands; stored. Returns the chips."""
        chips = self.tournament.rebuy(player, now)
        self.store.record_purchase(
            self.session, player, chips, after_hand=self._number - 1, kind="rebuy"
        )
        self.save(now)
        return chips

    def addon(self, player: str, now: float | None = None) -> int:
        """Take the add-on for ``player`` between hands; stored. Returns the chips."""
        chips = self.tournament.addon(player, now)
        self.store.record_purchase(
            self.session, player, chips, after_hand=self._number - 1, kind="rebuy"
        )
        self.save(now)
        return chips

    def accept_deal(
        self, kind: DealKind, accepted: Collection[str], now: float | None = None
    ) -> dict[str, int]:
        """End the tournament with a deal every player left accepted; stored."""
        amounts = self.tournament.accept_deal(kind, accepted)
        self.save(now)
        self.store.close_session(self.session)
        return amounts

    def close(self, now: float | None = None) -> None:
        """Save the state and close the session (the person's tournament is over)."""
        self.save(now)
        saved = self.store.load_session(self.session)
        if saved.status == "open" and saved.unfinished is None:
            self.store.close_session(self.session)

    def void_hand(self) -> None:
        """Void the hand in progress: stored voided, the tournament back as it was
        before it (every stack as at the start of the hand)."""
        if self.hand_number is None:
            raise IllegalActionError(gettext("void: no hand is being played"))
        self.store.void_hand(self.session, self.hand_number)
        saved = self.store.load_session(self.session)
        self.tournament = Tournament.from_dict(dict(saved.extras[STATE_KEY]), self._rng)
        self._hand_over()


# -- reading back -------------------------------------------------------------------


def _hand_of(config: TournamentConfig, saved_hand: SavedHand) -> tuple[Hand, TableConfig]:
    """A stored tournament hand dealt again from its seed (no action yet)."""
    info = saved_hand.info
    table = config.table_config(int(info["level"]), len(saved_hand.players))
    stakes = hand_stakes(table, _mode(config), None)
    hand = Hand(
        game_for(table), list(saved_hand.starting_stacks), dealer=saved_hand.dealer,
        stakes=stakes, rng=random.Random(saved_hand.seed),
    )  # fmt: skip
    return hand, table


def _check_deck(saved: SavedSession, saved_hand: SavedHand, hand: Hand) -> None:
    if saved_hand.deck is not None and tuple(int(c) for c in hand.deck_order) != tuple(
        saved_hand.deck
    ):
        raise PokerError(
            gettext("session {id} hand {number}: the deck does not deal again as stored").format(
                id=saved.id, number=saved_hand.number
            )
        )


def replay_tournament(saved: SavedSession) -> Iterator[tuple[SavedHand, Hand]]:
    """Every finished hand of a stored tournament session dealt again from its seed
    and its stored actions replayed, in order (checked against the stored deck
    and final stacks)."""
    config = TournamentConfig.from_dict(saved.config)
    for saved_hand in saved.finished_hands:
        hand, _ = _hand_of(config, saved_hand)
        _check_deck(saved, saved_hand, hand)
        for text in saved_hand.actions:
            hand.act(action_from_text(text))
        if not hand.finished or tuple(hand.stacks) != saved_hand.final_stacks:
            raise PokerError(
                gettext("session {id} hand {number}: the stored actions do not end it").format(
                    id=saved.id, number=saved_hand.number
                )
            )
        yield saved_hand, hand


def tournament_hand_steps(
    saved: SavedSession, numbers: Sequence[int] | None = None, *, watcher: str | None = None
) -> Iterator[tuple[SavedHand, Hand, int | None, list[ReplayStep]]]:
    """Replay finished hands of a stored tournament action by action, as ``watcher``
    (a player's name; ``None`` or a name not dealt in: a spectator) saw them, like
    :func:`pokerbonus.store.hand_steps` for a table. Yields ``(saved_hand, hand,
    seat, steps)`` per hand (``numbers``: only those)."""
    config = TournamentConfig.from_dict(saved.config)
    wanted = set(numbers) if numbers is not None else None
    for saved_hand in saved.finished_hands:
        if wanted is not None and saved_hand.number not in wanted:
            continue
        hand, _ = _hand_of(config, saved_hand)
        _check_deck(saved, saved_hand, hand)
        seat = saved_hand.players.index(watcher) if watcher in saved_hand.players else None
        steps: list[ReplayStep] = []
        for text in saved_hand.actions:
            action = action_from_text(text)
            actor = hand.actor
            before = hand.view(seat)
            hand.act(action)
            steps.append(ReplayStep(actor, action, before, hand.view(seat)))
        if not hand.finished or tuple(hand.stacks) != saved_hand.final_stacks:
            raise PokerError(
                gettext("session {id} hand {number}: the stored actions do not end it").format(
                    id=saved.id, number=saved_hand.number
                )
            )
        yield saved_hand, hand, seat, steps


@dataclass(frozen=True, slots=True)
class TournamentResume:
    """A stored tournament picked up again: the recorder, what happened to a hand
    left open (``resumed``, ``voided`` or ``nothing``), its number, and why a
    hand could not be resumed."""

    recorded: RecordedTournament
    outcome: ResumeOutcome
    hand_number: int | None
    reason: str = ""


def _replay_into(recorded: RecordedTournament, saved_hand: SavedHand) -> Hand:
    """Deal ``saved_hand`` again in the recorded tournament and replay its actions."""
    t = recorded.tournament
    info = saved_hand.info
    table_id = int(info.get("table", 1))
    recorded._rng.seed(saved_hand.seed)
    now = info.get("now")
    hand = t.start_hand(table_id, now if isinstance(now, int | float) else None)
    if list(t.tables[table_id].hand_players) != list(saved_hand.players):
        raise PokerError(gettext("the players dealt in differ from the stored ones"))
    if saved_hand.deck is not None and tuple(int(c) for c in hand.deck_order) != tuple(
        saved_hand.deck
    ):
        raise PokerError(gettext("the deck does not deal again as stored"))
    for text in saved_hand.actions:
        hand.act(action_from_text(text))
    return hand


def resume_tournament(
    saved: SavedSession,
    policy: ResumePolicy = "resume",
    *,
    store: Store,
    seeds: random.Random | None = None,
) -> TournamentResume:
    """Pick a stored open tournament up again (see the module doc).

    The state saved after the last settled step is read; a finished hand stored
    after it is played again and settled; a hand left open is dealt again and its
    actions replayed (``policy="resume"``), or voided (``"void"``, or when the
    replay fails: every stack as before it).
    """
    if saved.kind != "tournament":
        raise PokerError(
            gettext("resume: session {session} is a {kind} session, not a tournament").format(
                session=saved.id, kind=saved.kind
            )
        )
    if saved.status != "open":
        raise PokerError(gettext("resume: tournament {session} is over").format(session=saved.id))
    state = saved.extras.get(STATE_KEY)
    if not isinstance(state, dict):
        raise PokerError(
            gettext("resume: session {session} holds no tournament state").format(session=saved.id)
        )
    rng = random.Random()
    tournament = Tournament.from_dict(dict(state), rng)
    after = int(saved.extras.get("after_hand", 0))
    clock = float(saved.extras.get("clock", 0.0) or 0.0)
    numbers = [h.number for h in saved.hands]
    recorded = RecordedTournament(
        store, saved.id, tournament, rng, seeds=seeds, next_number=max(numbers, default=0) + 1,
        clock=clock,
    )  # fmt: skip
    open_hand: SavedHand | None = None
    for saved_hand in saved.hands:
        if saved_hand.number <= after or saved_hand.status == "voided":
            continue
        if saved_hand.status == "finished":  # settled but its state not saved yet
            hand = _replay_into(recorded, saved_hand)
            now = saved_hand.info.get("now")
            tournament.finish_hand(int(saved_hand.info.get("table", 1)),
                                   now if isinstance(now, int | float) else None)  # fmt: skip
            del hand
            continue
        open_hand = saved_hand
    if open_hand is None:
        recorded.save()
        return TournamentResume(recorded, "nothing", None)
    reason = ""
    if policy == "resume":
        snapshot = tournament.to_dict()
        try:
            _replay_into(recorded, open_hand)
        except (PokerError, ValueError) as exc:
            reason = str(exc)
            recorded.tournament = Tournament.from_dict(snapshot, rng)
        else:
            recorded._go_on_with(open_hand)
            recorded._info = open_hand.info
            return TournamentResume(recorded, "resumed", open_hand.number)
    recorded.save()
    store.void_hand(saved.id, open_hand.number)
    return TournamentResume(recorded, "voided", open_hand.number, reason)
