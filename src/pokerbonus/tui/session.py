"""The play session behind the terminal table: the person, the computer opponents,
the table and the store, with no screen.

:class:`PlaySession` deals hands at a :class:`~pokerbonus.engine.table.Table`,
lets the bots act until it is the person's turn, applies the person's actions,
rebuys between hands and writes everything to a :class:`SessionStore`. What a
screen may show comes from :attr:`PlaySession.view` (the person's
:class:`~pokerbonus.engine.views.SeatView`) and public table facts (names,
ledger); the hand itself stays private.

Randomness: one ``entropy`` source (``secrets.SystemRandom()`` for real play, a
seeded ``random.Random`` in tests) draws a 128-bit seed for every hand; the
table's random source is reseeded with it before the deal. The seed is stored
with the hand, so a hand interrupted by quitting is dealt again identically and
its stored actions replayed (``resumed``), or, when that is impossible, voided
with every chip returned (``voided``).

>>> from pokerbonus.tui.settings import PlaySettings
>>> session = PlaySession(PlaySettings.build({"opponents": 2, "level": "station"}), seed=3)
>>> session.start_hand()
>>> session.view is not None and session.view.seat == session.person_seat
True
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pokerbonus.bots import Bot, Budget, GameInfo, fallback_action, make_bot
from pokerbonus.cards import Card, parse_card
from pokerbonus.engine.actions import Action
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.ledger import LedgerEntry
from pokerbonus.engine.seating import next_dealer
from pokerbonus.engine.state import Hand
from pokerbonus.engine.table import HandPlan, Table
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import IllegalActionError, PokerError
from pokerbonus.tui.settings import PlaySettings
from pokerbonus.tui.storage import HandStart, SessionStore, StoredHand, StoredSession

__all__ = ["OPPONENT_NAMES", "PlaySession", "ResumeReport"]

OPPONENT_NAMES: Final = ("Alice", "Bruno", "Chloe", "Denis", "Elise", "Fabien", "Gaelle")
"""The computer opponents' names, in the order they sit down."""

SEED_BITS: Final = 128


@dataclass(frozen=True, slots=True)
class ResumeReport:
    """What happened to the hand left open when a session was resumed.

    ``outcome`` is ``none`` (no hand was open), ``resumed`` (dealt again and
    replayed to where it stood) or ``voided`` (every chip returned); ``message``
    says it in words.
    """

    outcome: str
    hand: int | None
    message: str


def _card_texts(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(str(Card(c)) for c in cards)


class PlaySession:
    """One person against computer opponents at a table, hand after hand.

    ``seed`` makes the session reproducible (tests); ``None`` uses the system's
    secure random source. ``store`` (optional) receives every hand and action.
    ``bot_samples`` caps each bot decision's work.
    """

    def __init__(
        self,
        settings: PlaySettings,
        *,
        seed: int | None = None,
        store: SessionStore | None = None,
        bot_samples: int = 200,
        _restore: StoredSession | None = None,
    ) -> None:
        self.settings = settings
        config = settings.config
        self._entropy: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        self._rng = random.Random(self._entropy.getrandbits(SEED_BITS))
        self.store = store
        self.person = settings.name
        self._bot_samples = bot_samples
        self.resume_report = ResumeReport("none", None, "")
        if _restore is None:
            opponents = [n for n in OPPONENT_NAMES if n != self.person][: config.players - 1]
            self.table = Table(config, self._rng, [self.person, *opponents])
            self.session_id: int | None = None
            if store is not None:
                self.session_id = store.create_session(
                    settings.to_json(), self.table.players, self.person, dealer_mode=False
                )
        else:
            self.table = self._rebuilt_table(config, _restore, self._rng)
            self.session_id = _restore.id
        self.bots: dict[str, Bot] = {
            name: make_bot(settings.level, seed=self._entropy.getrandbits(32))
            for name in self.table.players
            if name != self.person
        }
        self._hand: Hand | None = None
        self._hand_id: int | None = None
        self._actions = 0
        self._names: tuple[str, ...] = ()
        self._final_view: SeatView | None = None
        self._info: GameInfo | None = None
        self.rebuys: list[str] = []
        """Rebuys made between hands, in words (the last hand's first)."""
        self._save_ledger()

    # -- reading --------------------------------------------------------------------

    @property
    def config(self) -> TableConfig:
        """The table's house rules."""
        return self.settings.config

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
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
        if self._hand is not None:
            seat = self.person_seat
            return self._hand.view(seat)
        return self._final_view

    @property
    def hand_number(self) -> int:
        """The number of the current hand, or of the next one between hands."""
        return self.table.hands_played + (0 if self._hand is not None else 1)

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

    # -- between hands ----------------------------------------------------------------

    def rebuy(self, caves: int = 1) -> int:
        """Buy ``caves`` caves for the person (between hands); returns the chips bought."""
        purchase = self.table.rebuy(self.person, caves=caves)
        self._save_ledger()
        return purchase.chips

    def _bots_rebuy(self) -> None:
        self.rebuys = []
        for player in self.table.sitting_out():
            if player != self.person and self.table.can_rebuy(player):
                chips = self.table.rebuy(player).chips
                self.rebuys.append(f"{player} buys a cave ({chips} chips)")

    def start_hand(self) -> None:
        """Deal the next hand, and let the opponents act until it is the person's turn."""
        if self._hand is not None:
            raise IllegalActionError("deal: a hand is being played")
        if self.stack() == 0:
            raise IllegalActionError(f"deal: {self.person} has no chips; buy a cave first")
        self._bots_rebuy()
        self._save_ledger()
        seed = self._entropy.getrandbits(SEED_BITS)
        self._deal(seed)
        self._run_bots()

    def _deal(self, seed: int) -> None:
        self._rng.seed(seed)
        shuffles = self.table.shuffler.shuffles
        hand = self.table.start_hand()
        plan = self.table.plan
        assert plan is not None
        self._hand = hand
        self._names = tuple(self.table.players[s] for s in plan.seats)
        self._actions = 0
        self._final_view = None
        self._info = GameInfo.from_game(self.table.game, len(plan.seats), plan.stakes)
        for seat, name in enumerate(self._names):
            if name in self.bots:
                self.bots[name].new_hand(seat, self._info)
        start = HandStart(
            number=plan.number,
            dealer=plan.dealer,
            seats=plan.seats,
            mode=plan.mode,
            min_opening=plan.min_opening,
            seed=format(seed, "x"),
            deck=_card_texts(hand.deck_order),
            stacks=hand.stacks,
            fresh=self.table.shuffler.shuffles > shuffles,
        )
        self._hand_id = None
        if self.store is not None and self.session_id is not None:
            self._hand_id = self.store.begin_hand(self.session_id, start)

    # -- during a hand ----------------------------------------------------------------

    def act(self, action: Action) -> None:
        """Play the person's action, then the opponents' until the person's next turn.

        A refused action raises :class:`IllegalActionError` (with the reason) and
        changes nothing.
        """
        hand = self._hand
        if hand is None:
            raise IllegalActionError("act: no hand is being played")
        if hand.actor != self.person_seat:
            raise IllegalActionError(f"act: it is not {self.person}'s turn")
        self._apply(action)
        self._run_bots()

    def _apply(self, action: Action) -> None:
        hand = self._hand
        assert hand is not None
        seat = hand.actor
        assert seat is not None
        hand.act(action)
        if self.store is not None and self._hand_id is not None:
            self.store.record_action(
                self._hand_id, self._actions, seat, action.kind, action.amount,
                _card_texts(action.cards),
            )  # fmt: skip
        self._actions += 1
        self.table.check_chips()
        if hand.finished:
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
        self._final_view = hand.view(self.person_seat)
        self.table.finish_hand()
        self._hand = None
        if self.store is not None and self._hand_id is not None:
            self.store.finish_hand(self._hand_id, "finished", self._summary())
        self._save_ledger()

    def _summary(self) -> str:
        view = self._final_view
        assert view is not None
        won: dict[str, int] = {}
        for result in view.pot_results:
            for seat, chips in result.shares:
                won[self._names[seat]] = won.get(self._names[seat], 0) + chips
        return json.dumps({"players": list(self._names), "won": won})

    def _save_ledger(self) -> None:
        if self.store is not None and self.session_id is not None:
            self.store.save_ledger(
                self.session_id,
                [(e.player, e.caves, e.bought, e.stack) for e in self.ledger()],
            )

    # -- leaving and coming back --------------------------------------------------------

    def leave(self) -> tuple[LedgerEntry, ...]:
        """Leave the table (between hands): the session ledger.

        Leaving during a hand keeps the hand open in the store, to be resumed or
        voided when the session is resumed.
        """
        if self.store is not None and self.session_id is not None:
            self._save_ledger()
            if self._hand is None:
                self.store.end_session(self.session_id)
        return self.ledger()

    @staticmethod
    def _rebuilt_table(config: TableConfig, stored: StoredSession, rng: random.Random) -> Table:
        players = stored.players
        open_hand = stored.open_hand
        if open_hand is not None:
            dealer = open_hand.start.dealer
        else:
            with_chips = [s for s, p in enumerate(players) if dict(
                (r[0], r[3]) for r in stored.ledger).get(p, 0) > 0]  # fmt: skip
            last = stored.last_finished
            if last is None or len(with_chips) < 2:
                dealer = with_chips[0] if with_chips else 0
            else:
                dealer = next_dealer(last.start.dealer, len(players), with_chips)
        table = Table(config, rng, players, seat_draw=False, dealer=dealer)
        rows = {r[0]: r for r in stored.ledger}
        for player in players:
            _, caves, bought, _ = rows[player]
            if caves > 1:
                table.rebuy(player, caves=caves - 1)
            extra = bought - caves * config.cave
            if extra > 0:
                table.rebuy(player, chips=extra)
        table.ledger.start_hand(players)
        table.ledger.settle_hand({p: rows[p][3] for p in players})
        return table

    @classmethod
    def resume(
        cls,
        store: SessionStore,
        session_id: int | None = None,
        *,
        seed: int | None = None,
        bot_samples: int = 200,
    ) -> PlaySession:
        """Come back to a stored session (``None``: the latest).

        A hand left open is dealt again from its seed and its actions replayed
        when possible (``resume_report.outcome == "resumed"``), else voided: the
        ledger still holds every stack as it was before that hand, so voiding
        returns every chip (``"voided"``).
        """
        stored = store.load(session_id)
        if stored is None:
            which = "no session" if session_id is None else f"no session {session_id}"
            raise PokerError(f"resume: {which} in the database")
        if stored.dealer_mode:
            raise PokerError(f"resume: session {stored.id} is a dealer-mode session")
        settings = PlaySettings.build(json.loads(stored.settings))
        session = cls(settings, seed=seed, store=store, bot_samples=bot_samples, _restore=stored)
        open_hand = stored.open_hand
        if open_hand is None:
            return session
        number = open_hand.start.number
        if session._replay(open_hand):
            session.resume_report = ResumeReport(
                "resumed", number, f"Hand {number} resumed where you left it."
            )
            if session._hand is not None and session._hand.finished:
                session._finish()
            else:
                session._run_bots()
            return session
        fresh = cls(settings, seed=seed, store=store, bot_samples=bot_samples, _restore=stored)
        store.finish_hand(open_hand.id, "voided", "voided on resume: every chip returned")
        fresh.resume_report = ResumeReport(
            "voided",
            number,
            f"Hand {number} could not be dealt again; it is void and every chip was returned.",
        )
        return fresh

    def _replay(self, stored: StoredHand) -> bool:
        start = stored.start
        if not start.fresh:
            return False  # a cut-only deck depends on the last hand's cards
        try:
            plan = self.table.next_plan()
            if (plan.dealer, plan.seats, plan.mode) != (start.dealer, start.seats, start.mode):
                return False
            self._rng.seed(int(start.seed, 16))
            hand = self.table.start_hand()
        except PokerError:
            return False
        dealt = self.table.plan
        assert dealt is not None
        self._hand = hand
        self._hand_id = stored.id
        self._names = tuple(self.table.players[s] for s in dealt.seats)
        self._info = GameInfo.from_game(self.table.game, len(dealt.seats), dealt.stakes)
        if _card_texts(hand.deck_order) != start.deck or hand.stacks != start.stacks:
            return False
        try:
            for done, action in enumerate(stored.actions):
                if hand.actor != action.seat:
                    return False
                cards = tuple(parse_card(c) for c in action.cards)
                hand.act(Action(action.kind, action.amount, cards))  # type: ignore[arg-type]
                self._actions = done + 1
        except PokerError:
            return False
        return True
