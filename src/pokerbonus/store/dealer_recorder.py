"""Dealer mode written to the store step by step, and how to pick it up again.

:class:`RecordedDealerTable` drives a :class:`~pokerbonus.dealer.DealerTable`
the way the web tables are driven: **decide, write, apply**. Each step is first
checked and worked out without changing the table (a refused one raises and
nothing is written), then written to the store, and only then applied: the
session (its :class:`~pokerbonus.dealer.DealerSettings` with the rules version,
players in seat order, every first cave), each rebuy, the start of each hand (a
fresh 63-bit seed, the players dealt in, their stacks, the carried-over pot, the
deck order), every decision, and the end of the hand (final stacks, the bank's
result). A failed write leaves the table as it was.

Sessions stored under the first dealer-mode rules (before the qualifier and the
play wager) cannot be resumed: their settings are refused with a message
saying so, and nothing of them is dealt under the new rules.

A hand's deck comes from ``random.Random(seed)`` alone, so a stored session
replays exactly: the table is seated again, then every finished hand is dealt
from its seed (the deck order checked against the stored one) and its stored
decisions taken (the final stacks checked), with the rebuys where they were
made. That rebuilds the stacks, the bank's balance and the carried pot.

>>> from pokerbonus.dealer import DealerAction, DealerSettings
>>> store = Store("sqlite://")
>>> rec = RecordedDealerTable.create(store, DealerSettings(players=2), ["you", "bot"],
...                                  seeds=random.Random(1))
>>> hand = rec.start_hand()
>>> rec.act(DealerAction("keep"))
>>> result = resume_dealer(store.load_session(rec.session), "resume", store=store)
>>> result.outcome, result.table.hand.view(None) == hand.view(None)
('resumed', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pokerbonus.dealer import DealerAction, DealerHand, DealerSettings, DealerTable
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.store.recorder import (
    ResumeOutcome,
    ResumePolicy,
    _check_deck,
    _check_replayed,
    _HandNumbers,
    _open_hand_number,
    _player_specs,
)
from pokerbonus.store.store import PlayerSpec, SavedHand, SavedSession, SessionId, Store

__all__ = [
    "DealerResumeResult",
    "RecordedDealerTable",
    "rebuild_dealer_table",
    "resume_dealer",
    "saved_settings",
]


class RecordedDealerTable(_HandNumbers):
    """A dealer-mode table whose every step is committed to a :class:`Store` first.

    Build with :meth:`create` (a new session) or get one from
    :func:`resume_dealer`. Play through :meth:`start_hand`, :meth:`act`,
    :meth:`rebuy`; a hand is settled at the table and stored as finished by the
    decision that ends it. Read ``.table`` freely, never change it directly.
    ``seeds`` draws each hand's seed (default ``secrets.SystemRandom()``).
    """

    def __init__(
        self,
        store: Store,
        session: SessionId,
        table: DealerTable,
        *,
        seeds: random.Random | None = None,
        next_number: int = 1,
    ) -> None:
        super().__init__(store, session, seeds=seeds, next_number=next_number)
        self.table = table

    @classmethod
    def create(
        cls,
        store: Store,
        settings: DealerSettings,
        players: Sequence[PlayerSpec | str],
        *,
        seeds: random.Random | None = None,
        extras: dict[str, object] | None = None,
    ) -> RecordedDealerTable:
        """Seat the players (in the order given), store the session and every first cave."""
        specs = _player_specs(players)
        table = DealerTable(settings, [p.name for p in specs])
        session = store.create_session(settings, specs, kind="dealer", extras=extras)
        for name in table.players:
            store.record_purchase(session, name, settings.cave, caves=1, after_hand=0, kind="sit")
        return cls(store, session, table, seeds=seeds)

    @property
    def hand(self) -> DealerHand | None:
        """The hand in progress, if any."""
        return self.table.hand

    def rebuy(self, player: str, caves: int = 1) -> int:
        """Buy ``caves`` caves for ``player`` between hands; returns the chips
        (decided, stored, then applied)."""
        chips = self.table.verify_rebuy(player, caves)
        self.store.record_rebuy(
            self.session, player, chips, caves=caves, after_hand=self.table.hands_played
        )
        self.table.rebuy(player, caves)
        return chips

    def start_hand(self) -> DealerHand:
        """Draw a seed and deal the next hand, store its start, then seat it."""
        seed = self._draw_seed()
        hand, dealt = self.table.deal(random.Random(seed))
        self.store.start_hand(
            self.session, self._number, 0, list(hand.starting_stacks), seed,
            players=list(dealt), deck=hand.deck_order,
            info={"carry": hand.carry_in, "bank": self.table.bank},
        )  # fmt: skip
        self.table.begin(hand, dealt)
        self._hand_started()
        return hand

    def act(self, action: DealerAction) -> None:
        """The decision of the player to act: checked, stored, then taken; a hand
        it ends is settled, its end stored, then applied to the accounts.

        A refused decision raises :class:`IllegalActionError`; nothing is stored.
        """
        hand = self.table.hand
        if hand is None or self.hand_number is None:
            raise IllegalActionError(gettext("act: no hand is being played"))
        hand.verify(action)
        seq = self._seq + 1
        self.store.record_action(
            self.session, self.hand_number, seq, action.to_text(), seat=hand.actor
        )
        self._seq = seq
        hand.act(action)
        if hand.finished:
            self._finish(hand)

    def _finish(self, hand: DealerHand) -> None:
        assert self.hand_number is not None
        self.store.finish_hand(self.session, self.hand_number, hand.stacks, None)
        self.table.finish_hand()
        self._hand_over()


def rebuild_dealer_table(saved: SavedSession) -> DealerTable:
    """The dealer table of a stored session as it stood after its last finished hand
    (stacks, chips bought, the bank's balance, the carried pot, later rebuys).

    Raises :class:`PokerError` if a hand does not replay to what was stored.
    """
    table = DealerTable(saved_settings(saved), [p.name for p in saved.players])
    for saved_hand in saved.finished_hands:
        _rebuy(table, saved)
        hand = _deal(table, saved, saved_hand)
        _replay(hand, saved_hand)
        _check_replayed(saved, saved_hand, hand.finished, hand.stacks, "decisions")
        table.finish_hand()
    _rebuy(table, saved)
    return table


def saved_settings(saved: SavedSession) -> DealerSettings:
    """The settings a stored dealer session was played under; a session of the
    first dealer-mode rules is refused with a message naming it."""
    if saved.kind != "dealer":
        raise PokerError(
            gettext("session {session}: a {kind} session, not dealer mode").format(
                session=saved.id, kind=saved.kind
            )
        )
    try:
        return DealerSettings.from_dict(saved.config)
    except ConfigurationError as exc:
        raise PokerError(
            gettext("session {session}: {message}").format(session=saved.id, message=exc)
        ) from None


def _rebuy(table: DealerTable, saved: SavedSession) -> None:
    """Apply the stored rebuys made after the hands finished so far."""
    for item in saved.ledger:
        if item.kind == "rebuy" and item.after_hand == table.hands_played:
            table.rebuy(item.player, max(item.caves, 1))


def _deal(table: DealerTable, saved: SavedSession, saved_hand: SavedHand) -> DealerHand:
    out = table.sitting_out()
    dealt = [p for p in table.players if p not in out]
    if list(saved_hand.players) != dealt:
        raise PokerError(
            gettext(
                "session {session} hand {number}: dealt to {players}, the replayed table deals "
                "{dealt}"
            ).format(
                session=saved.id,
                number=saved_hand.number,
                players=list(saved_hand.players),
                dealt=dealt,
            )
        )
    hand = table.start_hand(random.Random(saved_hand.seed))
    _check_deck(saved, saved_hand, hand.deck_order)
    return hand


def _replay(hand: DealerHand, saved_hand: SavedHand) -> None:
    for text in saved_hand.actions:
        hand.act(DealerAction.from_text(text))


@dataclass(frozen=True, slots=True)
class DealerResumeResult:
    """What :func:`resume_dealer` did: ``outcome`` ``"resumed"`` (``table.hand`` is
    the cut hand replayed to where it stood; it may be over already when its
    last decision was stored but not its end), ``"voided"`` (every ante and
    wager returned, the bank unchanged) or ``"nothing"`` (no hand was open);
    ``hand_number`` the hand concerned; ``reason`` why a resume fell back to a void."""

    outcome: ResumeOutcome
    table: DealerTable
    recorded: RecordedDealerTable | None
    hand_number: int | None
    reason: str | None = None


def resume_dealer(
    saved: SavedSession,
    policy: ResumePolicy = "resume",
    *,
    store: Store | None = None,
    seeds: random.Random | None = None,
) -> DealerResumeResult:
    """Pick up a stored dealer session: rebuild it, then resume or void its open hand.

    ``"resume"`` deals the open hand again from its seed and takes its stored
    decisions (if that fails the hand is voided and ``reason`` says why);
    ``"void"`` voids it: every player gets ante and wager back, the carried pot
    stays on the table and the bank's balance is what it was before the hand.
    With ``store`` the void (or the end of a hand whose last decision was
    stored) is written and ``recorded`` goes on recording.
    """
    last = _open_hand_number(saved, policy)
    table = rebuild_dealer_table(saved)
    pending = saved.unfinished

    def recorder(next_number: int) -> RecordedDealerTable | None:
        if store is None:
            return None
        return RecordedDealerTable(store, saved.id, table, seeds=seeds, next_number=next_number)

    if pending is None:
        return DealerResumeResult("nothing", table, recorder(last + 1), None)
    reason: str | None = None
    if policy == "resume":
        try:
            hand = _deal(table, saved, pending)
            _replay(hand, pending)
        except PokerError as exc:
            reason = str(exc)
            table = rebuild_dealer_table(saved)
        else:
            rec = recorder(pending.number)
            if rec is not None:
                rec._go_on_with(pending)
                if hand.finished:
                    rec._finish(hand)
            elif hand.finished:
                table.finish_hand()
            return DealerResumeResult("resumed", table, rec, pending.number)
    if store is not None:
        store.void_hand(saved.id, pending.number)
    return DealerResumeResult("voided", table, recorder(last + 1), pending.number, reason)
