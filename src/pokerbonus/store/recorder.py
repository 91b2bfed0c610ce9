"""A table whose every step is written to the store, and how to pick it up again.

:class:`RecordedTable` drives a :class:`~pokerbonus.engine.table.Table` and
writes each step before answering: the session (house rules, players in seat
order, the first dealer), every purchase, the start of each hand (dealer,
starting stacks, a fresh 63-bit seed, the deck order), each action as it is
taken, and the end of the hand (final stacks and its PHH text).

Each hand's randomness comes from ``random.Random(seed)`` alone: before a hand
the table's generator is reseeded with the hand's seed, so the shuffle (or cut)
and any reshuffle of the stub follow from the seed and from the table's state
before the hand. Rebuilding a session therefore replays it: a table with the
same rules, seats and first dealer, then every finished hand from its seed and
its stored actions (the deck order is checked against the stored one, the
final stacks against the stored ones). That is exact for every house rule,
cut-only decks and mixed forced bets included.

>>> import random
>>> from pokerbonus.engine.config import TableConfig
>>> from pokerbonus.engine.table import random_legal_action
>>> from pokerbonus.store.store import Store
>>> store = Store("sqlite://")
>>> rt = RecordedTable.create(store, TableConfig(players=3), ["ann", "bob", "cy"],
...                          rng=random.Random(3))
>>> hand = rt.start_hand()
>>> rt.act(random_legal_action(hand, random.Random(0)))
>>> saved = store.load_session(rt.session)
>>> result = resume_or_void(saved, "resume", store=store)
>>> result.outcome, result.hand.snapshot() == hand.snapshot()
('resumed', True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from pokerbonus.analysis.hand_facts import hand_facts
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.ledger import Purchase
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import HandRecord, Table
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import IllegalActionError, NotationError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.store.codec import action_from_text, action_to_text
from pokerbonus.store.store import PlayerSpec, SavedHand, SavedSession, SessionId, Store

__all__ = [
    "RecordedTable",
    "ReplayStep",
    "ResumeOutcome",
    "ResumePolicy",
    "ResumeResult",
    "fill_facts",
    "hand_steps",
    "rebuild_table",
    "replay_session",
    "resume_or_void",
]

ResumePolicy = Literal["resume", "void"]
ResumeOutcome = Literal["resumed", "voided", "nothing"]

_SEED_BITS = 63


def _player_specs(players: Sequence[PlayerSpec | str]) -> list[PlayerSpec]:
    """The players as specs (a bare name is a person)."""
    return [p if isinstance(p, PlayerSpec) else PlayerSpec(p) for p in players]


class _HandNumbers:
    """What a recorded table (:class:`RecordedTable`, the dealer mode's
    ``RecordedDealerTable``) keeps to write a session hand by hand: its store and
    session, the seeds of the hands, the number of the next hand and of the hand
    in progress, and the sequence number of that hand's last stored action."""

    def __init__(
        self,
        store: Store,
        session: SessionId,
        *,
        seeds: random.Random | None = None,
        next_number: int = 1,
    ) -> None:
        self.store = store
        self.session = session
        self._seeds: random.Random = seeds if seeds is not None else secrets.SystemRandom()
        self._number = next_number
        self._seq = 0
        self.hand_number: int | None = None
        """The store's number of the hand in progress, if any."""

    def _draw_seed(self) -> int:
        """A fresh seed for the next hand."""
        return self._seeds.getrandbits(_SEED_BITS)

    def _hand_started(self) -> None:
        """The next hand was stored as started: it is the hand in progress."""
        self.hand_number = self._number
        self._seq = 0

    def _record_action(self, text: str, seat: int | None) -> None:
        """Store the next action of the hand in progress."""
        assert self.hand_number is not None
        self._seq += 1
        self.store.record_action(self.session, self.hand_number, self._seq, text, seat=seat)

    def _hand_over(self) -> None:
        """The hand in progress was stored as finished (or voided)."""
        assert self.hand_number is not None
        self._number = self.hand_number + 1
        self.hand_number = None

    def _go_on_with(self, saved_hand: SavedHand) -> None:
        """Go on recording a stored unfinished hand, its actions replayed."""
        self.hand_number = saved_hand.number
        self._seq = len(saved_hand.actions)


class RecordedTable(_HandNumbers):
    """A table played hand after hand, every step committed to a :class:`Store` first.

    Build with :meth:`create` (a new session) or get one back from
    :func:`resume_or_void`. Play through :meth:`start_hand`, :meth:`act`,
    :meth:`finish_hand`, :meth:`rebuy`; read the table (``.table``) freely, but
    never change it directly, or the record and the table part ways.

    ``seeds`` draws each hand's seed (default ``secrets.SystemRandom()``).
    """

    def __init__(
        self,
        store: Store,
        session: SessionId,
        table: Table,
        table_rng: random.Random,
        *,
        seeds: random.Random | None = None,
        next_number: int = 1,
    ) -> None:
        super().__init__(store, session, seeds=seeds, next_number=next_number)
        self.table = table
        self._table_rng = table_rng
        self._new_deck = False

    @classmethod
    def create(
        cls,
        store: Store,
        config: TableConfig,
        players: Sequence[PlayerSpec | str],
        *,
        rng: random.Random | None = None,
        dealer: int | None = None,
    ) -> RecordedTable:
        """Seat the players (drawn at random), draw the first dealer, store the session.

        ``rng`` draws the seats, the first dealer and each hand's seed (default:
        the system's generator); ``dealer`` fixes the first dealer instead.
        """
        specs = _player_specs(players)
        source = rng if rng is not None else secrets.SystemRandom()
        table_rng = random.Random(source.getrandbits(_SEED_BITS))
        table = Table(config, table_rng, [p.name for p in specs], dealer=dealer)
        by_name = {p.name: p for p in specs}
        first = dealer if dealer is not None else table.dealer_draw.dealer  # type: ignore[union-attr]
        session = store.create_session(
            config, [by_name[name] for name in table.players], kind="table", first_dealer=first
        )
        for purchase in table.ledger.purchases:
            store.record_purchase(
                session, purchase.player, purchase.chips, caves=purchase.caves,
                after_hand=purchase.after_hand, kind="sit",
            )  # fmt: skip
        return cls(store, session, table, table_rng, seeds=source)

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, if any."""
        return self.table.hand

    def start_hand(self) -> Hand:
        """Draw a seed, deal the next hand and store its start."""
        seed = self._draw_seed()
        if self._new_deck:
            self.table.bring_new_deck()
        self._table_rng.seed(seed)
        hand = self.table.start_hand()
        plan = self.table.plan
        assert plan is not None
        names = [self.table.players[s] for s in plan.seats]
        info = {
            "mode": plan.mode,
            "min_opening": plan.min_opening,
            "seats": list(plan.seats),
            "table_hand": plan.number,
            "new_deck": self._new_deck,
        }
        self.store.start_hand(
            self.session, self._number, plan.dealer, hand.starting_stacks, seed,
            players=names, deck=hand.deck_order, info=info,
        )  # fmt: skip
        self._new_deck = False
        self._hand_started()
        return hand

    def act(self, action: Action) -> None:
        """Take ``action`` in the hand in progress, then store it (a refused one is not)."""
        hand = self.table.hand
        if hand is None or self.hand_number is None:
            raise IllegalActionError(gettext("act: no hand is being played"))
        seat = hand.actor
        hand.act(action)
        self._record_action(action_to_text(action), seat)

    def finish_hand(self) -> HandRecord:
        """Settle the finished hand at the table and store its end (with its PHH)."""
        from pokerbonus.notation.export import table_hand_history
        from pokerbonus.notation.phh import dumps

        hand, plan = self.table.hand, self.table.plan
        if hand is None or plan is None or self.hand_number is None:
            raise IllegalActionError(gettext("finish hand: no hand is being played"))
        if not hand.finished:
            raise IllegalActionError(gettext("finish hand: the hand is not over"))
        names = [self.table.players[s] for s in plan.seats]
        try:
            text: str | None = dumps(
                table_hand_history(hand, self.table.config, plan, names, self.hand_number)
            )
        except NotationError:  # a game the exporter does not write yet: no PHH text
            text = None
        facts = hand_facts(hand, self.table.config, names)
        record = self.table.finish_hand()
        self.store.finish_hand(
            self.session, self.hand_number, record.final_stacks, text, facts=facts
        )
        self._hand_over()
        return record

    def rebuy(self, player: str, caves: int = 1, chips: int | None = None) -> Purchase:
        """Buy chips between hands (the table's rebuy policy) and store the purchase."""
        purchase = self.table.rebuy(player, caves=caves, chips=chips)
        self.store.record_rebuy(
            self.session, player, purchase.chips, caves=purchase.caves,
            after_hand=purchase.after_hand,
        )  # fmt: skip
        return purchase

    def bring_new_deck(self) -> None:
        """Bring in a new deck before the next hand (recorded with that hand)."""
        if self.table.hand is not None:
            raise IllegalActionError(gettext("new deck: only between hands"))
        self._new_deck = True

    def void_hand(self) -> None:
        """Void the hand in progress: store it voided and rebuild the table before it.

        Every player keeps their starting stack; the next hand is dealt by the
        same dealer with a new seed.
        """
        if self.hand_number is None:
            raise IllegalActionError(gettext("void: no hand is being played"))
        self.store.void_hand(self.session, self.hand_number)
        saved = self.store.load_session(self.session)
        table, rng, _ = rebuild_table(saved)
        self.table, self._table_rng = table, rng
        self._hand_over()


def rebuild_table(saved: SavedSession) -> tuple[Table, random.Random, int]:
    """The table of a stored session as it stood after its last finished hand.

    Returns the table, its reseedable generator and the number of finished
    hands replayed. Raises :class:`PokerError` if a hand does not replay to what
    was stored (another engine version, a damaged record).
    """
    table, rng = _new_table(saved)
    count = 0
    for _ in _replay_hands(saved, table, rng):
        table.finish_hand()
        count += 1
    _buy(table, saved, upto=table.hands_played)
    return table, rng, count


def replay_session(
    saved: SavedSession, *, finish: bool = True
) -> Iterator[tuple[Table, random.Random, SavedHand, Hand]]:
    """Replay every finished hand of a stored table session, in order.

    Yields ``(table, rng, saved_hand, hand)`` for each, the hand played out
    (and, with ``finish``, settled at the table after the yield returns).
    """
    table, rng = _new_table(saved)
    for saved_hand, hand in _replay_hands(saved, table, rng):
        yield table, rng, saved_hand, hand
        if finish:
            table.finish_hand()


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One stored action of a hand, replayed: who acted (hand seat), the action, and
    the view of the watching seat just before it (``before``) and just after it
    (``after``): built by :func:`pokerbonus.engine.views.build_view`, so it holds
    only what that seat saw then."""

    actor: int | None
    action: Action
    before: SeatView
    after: SeatView


def hand_steps(
    saved: SavedSession, numbers: Sequence[int] | None = None, *, watcher: str | None = None
) -> Iterator[tuple[Table, SavedHand, Hand, int | None, list[ReplayStep]]]:
    """Replay finished hands of a stored table session action by action, as
    ``watcher`` (a player's name; ``None`` or a name not dealt in: a spectator) saw
    them. Yields ``(table, saved_hand, hand, seat, steps)`` per hand (``numbers``:
    only those), ``seat`` the watcher's hand seat; the table is settled after."""
    table, rng = _new_table(saved)
    wanted = set(numbers) if numbers is not None else None
    for saved_hand in saved.finished_hands:
        _buy(table, saved, upto=table.hands_played)
        hand = _deal(table, rng, saved, saved_hand)
        seat = saved_hand.players.index(watcher) if watcher in saved_hand.players else None
        steps: list[ReplayStep] = []
        keep = wanted is None or saved_hand.number in wanted
        for text in saved_hand.actions:
            action = action_from_text(text)
            actor = hand.actor
            before = hand.view(seat) if keep else None
            hand.act(action)
            if before is not None:
                steps.append(ReplayStep(actor, action, before, hand.view(seat)))
        _check_replayed(saved, saved_hand, hand.finished, hand.stacks, "actions")
        if keep:
            yield table, saved_hand, hand, seat, steps
        table.finish_hand()


def fill_facts(store: Store, progress: Callable[[int, int], None] | None = None) -> int:
    """Store the statistics' facts of every finished table hand that lacks them
    (hands stored before the statistics, or by another version): each such
    session is replayed once. Returns the number of hands filled; ``progress``
    hears ``(done, total)`` sessions."""
    from pokerbonus.player_stats import FACTS_VERSION

    missing = store.sessions_missing_facts(FACTS_VERSION)
    filled = 0
    for done, session in enumerate(missing):
        saved = store.load_session(session)
        facts = {}
        for table, _rng, saved_hand, hand in replay_session(saved):
            facts[saved_hand.number] = hand_facts(hand, table.config, saved_hand.players)
        store.save_facts(session, facts)
        filled += len(facts)
        if progress is not None:
            progress(done + 1, len(missing))
    return filled


def _replay_hands(
    saved: SavedSession, table: Table, rng: random.Random
) -> Iterator[tuple[SavedHand, Hand]]:
    for saved_hand in saved.finished_hands:
        _buy(table, saved, upto=table.hands_played)
        hand = _deal(table, rng, saved, saved_hand)
        _replay(hand, saved_hand)
        _check_replayed(saved, saved_hand, hand.finished, hand.stacks, "actions")
        yield saved_hand, hand


def _new_table(saved: SavedSession) -> tuple[Table, random.Random]:
    if saved.kind != "table":
        raise PokerError(
            gettext("session {id}: a {kind} session, not a table").format(
                id=saved.id, kind=saved.kind
            )
        )
    rng = random.Random()
    config = TableConfig.from_dict(saved.config)
    table = Table(
        config, rng, [p.name for p in saved.players], seat_draw=False, dealer=saved.first_dealer
    )
    return table, rng


def _buy(table: Table, saved: SavedSession, upto: int) -> None:
    """Apply the stored rebuys made after ``upto`` finished hands (not yet applied)."""
    for item in saved.ledger:
        if item.kind == "rebuy" and item.after_hand == upto:
            if item.caves == 0:
                table.rebuy(item.player, chips=item.chips)
            else:
                table.rebuy(item.player, caves=item.caves)


def _deal(table: Table, rng: random.Random, saved: SavedSession, saved_hand: SavedHand) -> Hand:
    if saved_hand.info.get("new_deck"):
        table.bring_new_deck()
    rng.seed(saved_hand.seed)
    hand = table.start_hand()
    _check_deck(saved, saved_hand, hand.deck_order)
    return hand


def _check_deck(saved: SavedSession, saved_hand: SavedHand, deck_order: Sequence[object]) -> None:
    """Raise :class:`PokerError` unless the replayed deck order is the stored one."""
    if saved_hand.deck is not None and tuple(deck_order) != saved_hand.deck:
        raise PokerError(
            gettext(
                "session {id} hand {number}: the seed does not give the stored deck order"
            ).format(id=saved.id, number=saved_hand.number)
        )


def _check_replayed(
    saved: SavedSession,
    saved_hand: SavedHand,
    finished: bool,
    stacks: tuple[int, ...],
    what: str,
) -> None:
    """Raise :class:`PokerError` unless the stored ``what`` (actions, decisions)
    ended the replayed hand with the stored final stacks."""
    if not finished:
        raise PokerError(
            gettext("session {id} hand {number}: the stored {what} do not end it").format(
                id=saved.id, number=saved_hand.number, what=what
            )
        )
    if saved_hand.final_stacks is not None and stacks != saved_hand.final_stacks:
        raise PokerError(
            gettext(
                "session {id} hand {number}: replay ends with {stacks}, stored {final_stacks}"
            ).format(
                id=saved.id,
                number=saved_hand.number,
                stacks=list(stacks),
                final_stacks=list(saved_hand.final_stacks),
            )
        )


def _open_hand_number(saved: SavedSession, policy: ResumePolicy) -> int:
    """Check a resume of ``saved`` under ``policy`` may go ahead; returns the
    number of its last stored hand (0 if none)."""
    if policy not in ("resume", "void"):
        raise PokerError(
            gettext("policy: must be 'resume' or 'void', got {policy!r}").format(policy=policy)
        )
    if saved.status != "open":
        raise IllegalActionError(
            gettext("session {id}: closed, nothing to resume").format(id=saved.id)
        )
    return max((h.number for h in saved.hands), default=0)


def _replay(hand: Hand, saved_hand: SavedHand) -> None:
    for text in saved_hand.actions:
        hand.act(action_from_text(text))


@dataclass(frozen=True, slots=True)
class ResumeResult:
    """What :func:`resume_or_void` did: ``outcome`` ``"resumed"`` (``hand`` is the
    hand in progress, replayed), ``"voided"`` (``hand`` is ``None``, every chip back
    to its starting stack) or ``"nothing"`` (no hand was in progress); ``voided``
    is the number of the voided hand; ``reason`` says why a resume fell back to a void."""

    outcome: ResumeOutcome
    table: Table
    hand: Hand | None
    recorded: RecordedTable | None
    hand_number: int | None
    reason: str | None = None


def resume_or_void(
    saved: SavedSession,
    policy: ResumePolicy = "resume",
    *,
    store: Store | None = None,
    seeds: random.Random | None = None,
) -> ResumeResult:
    """Pick up a stored table session: rebuild it and resume or void its unfinished hand.

    ``policy`` ``"resume"`` replays the unfinished hand from its seed and stored
    actions to the identical state (if that fails, the hand is voided and
    ``reason`` says why); ``"void"`` voids it, every player keeping their
    starting stack. With ``store`` the void is written and the result holds a
    :class:`RecordedTable` (``recorded``) that goes on recording.
    """
    last = _open_hand_number(saved, policy)
    table, rng, _ = rebuild_table(saved)
    pending = saved.unfinished

    def recorder(next_number: int) -> RecordedTable | None:
        if store is None:
            return None
        return RecordedTable(store, saved.id, table, rng, seeds=seeds, next_number=next_number)

    if pending is None:
        return ResumeResult("nothing", table, None, recorder(last + 1), None)
    reason: str | None = None
    if policy == "resume":
        try:
            hand = _deal(table, rng, saved, pending)
            _replay(hand, pending)
        except PokerError as exc:
            reason = str(exc)
            if table.hand is not None:
                # rebuild: a half-replayed hand cannot be taken back from the table
                table, rng, _ = rebuild_table(saved)
        else:
            rec = recorder(pending.number)
            if rec is not None:
                rec._go_on_with(pending)
            return ResumeResult("resumed", table, hand, rec, pending.number)
    if store is not None:
        store.void_hand(saved.id, pending.number)
    return ResumeResult("voided", table, None, recorder(last + 1), pending.number, reason)
