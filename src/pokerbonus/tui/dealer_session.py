"""The dealer-mode session behind the terminal screen: the person, the computer
players, the table and the store, with no screen (``pokerbonus play --dealer``).

:class:`DealerSession` deals hands at a :class:`~pokerbonus.dealer.DealerTable`
recorded in the store (decide, write, apply: see
:mod:`pokerbonus.store.dealer_recorder`), lets the computer players decide
(the exact best decision by default, a cheap rule for tests), applies the
person's decisions and rebuys between hands. A screen shows only the person's
:class:`~pokerbonus.dealer.DealerView`.

>>> s = DealerSession(DealerSettings(), seed=3, computer="simple")
>>> s.start_hand()
>>> s.view is not None and s.view.actor == s.person_seat == 0
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from pokerbonus.dealer import DealerAction, DealerSettings, DealerView
from pokerbonus.engine.ledger import LedgerEntry
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.rules.dealer import RULES_VERSION, SETTING_KEYS, read_toml
from pokerbonus.store import PlayerSpec, ResumePolicy, Store
from pokerbonus.store.dealer_recorder import RecordedDealerTable, resume_dealer
from pokerbonus.tui.render import YOU
from pokerbonus.tui.session import OPPONENT_NAMES, ResumeReport, entropy_source

__all__ = [
    "PERSON_KEYS",
    "DealerResume",
    "DealerSession",
    "PastHand",
    "dealer_settings_from_options",
    "latest_dealer_session",
    "simple_decision",
]


def simple_decision(view: DealerView) -> DealerAction:
    """A cheap rule: keep a pair or better, else exchange the lowest card (keep
    when the table plays without the switch).

    >>> from pokerbonus.cards import parse_cards
    >>> hole = parse_cards("As Ad 7c 8h 2s")
    >>> v = DealerView(0, hole, (), (10,), 0, 5, 10, True, 5, (False,), (False,), 0, False,
    ...                None, (), ())
    >>> simple_decision(v).kind
    'keep'
    """
    ranks = [c.rank for c in view.hole]
    if len(set(ranks)) < 5 or not view.switch:
        return DealerAction("keep")
    return DealerAction("exchange", min(view.hole, key=lambda c: c.rank))


DealerResume = ResumeReport
"""What happened to the hand left open when a dealer session was resumed:
``outcome`` ``nothing``, ``resumed`` or ``voided``; ``message`` in words (the
table's :class:`~pokerbonus.tui.session.ResumeReport`)."""


def latest_dealer_session(store: Store) -> int | None:
    """The newest open dealer session played under the current rules.

    When the only open dealer sessions are of the first rules, the newest is
    refused with a message saying so (never resumed under the new rules).
    """
    old: int | None = None
    for summary in store.sessions():
        if summary.kind != "dealer" or summary.status != "open":
            continue
        if store.load_session(summary.id).config.get("rules") == RULES_VERSION:
            return int(summary.id)
        old = int(summary.id) if old is None else old
    if old is not None:
        from pokerbonus.store.dealer_recorder import saved_settings

        saved_settings(store.load_session(old))  # raises with the reason
    return None


@dataclass(frozen=True, slots=True)
class PastHand:
    """A hand played in this run of the session, as the person saw it at its end:
    its ``number`` in the session, the person's final ``view`` and their ``net``
    (chips after the hand less chips before it; ``None`` for a hand resumed from
    the store, whose start this run did not see)."""

    number: int
    view: DealerView
    net: int | None


class DealerSession:
    """The person and computer players against the bank, every step stored.

    ``computer``: ``"best"`` (exact best decision) or ``"simple"`` (cheap rule).
    ``seed`` makes the session reproducible. The person's choices (name,
    four-colour deck, the computer players' kind) are kept with the session, so
    :meth:`resume` restores them.
    """

    def __init__(
        self,
        settings: DealerSettings,
        *,
        name: str = "You",
        computer: str = "best",
        seed: int | None = None,
        store: Store | None = None,
        four_color: bool = False,
        _recorded: RecordedDealerTable | None = None,
    ) -> None:
        if computer not in ("best", "simple"):
            raise PokerError(
                gettext("computer: must be 'best' or 'simple', got {computer!r}").format(
                    computer=computer
                )
            )
        self.settings = settings
        self.person = name
        self.four_color = four_color
        self.computer = computer
        self._decide: Callable[[DealerView], DealerAction] = (
            simple_decision if computer == "simple" else self._best
        )
        self._entropy = entropy_source(seed)
        self.store = store if store is not None else Store("sqlite://")
        if _recorded is None:
            others = [n for n in OPPONENT_NAMES if n != name][: settings.players - 1]
            specs = [PlayerSpec(name, "human")] + [PlayerSpec(n, "bot", computer) for n in others]
            extras = {"four_color": four_color, "computer": computer, "name": name}
            _recorded = RecordedDealerTable.create(
                self.store, settings, specs, seeds=self._entropy, extras=extras
            )
        self.recorded = _recorded
        self.table = _recorded.table
        self.session_id = int(_recorded.session)
        self.resume_report = DealerResume("nothing", None, "")
        self._final: DealerView | None = None
        self._last_names: tuple[str, ...] = self.table.dealt
        self.past: list[PastHand] = []
        """The hands finished in this run, oldest first (the screen's log)."""
        self._stack_before: int | None = None

    def _best(self, view: DealerView) -> DealerAction:
        from pokerbonus.dealer.strategy import best_play

        return best_play(view, self.settings)

    @classmethod
    def resume(
        cls,
        store: Store,
        session_id: int | None = None,
        *,
        policy: ResumePolicy = "resume",
        seed: int | None = None,
        four_color: bool | None = None,
        computer: str | None = None,
    ) -> DealerSession:
        """Come back to a stored open dealer session (``None``: the newest open one).

        The hand left open is dealt again from its seed with its stored
        decisions (``resume_report.outcome == "resumed"``), or voided with every
        ante and wager returned and the bank unchanged (``"voided"``: asked for
        with ``policy="void"``, or when the replay fails). A session of the
        first dealer-mode rules is refused (:class:`PokerError` saying so).
        ``four_color`` and ``computer`` default to what the session stored.
        """
        sid = session_id if session_id is not None else latest_dealer_session(store)
        if sid is None:
            raise PokerError(gettext("resume: no open dealer session in the database"))
        saved = store.load_session(sid)
        if saved.kind != "dealer":
            raise PokerError(
                gettext("resume: session {session} is a {kind} session, not dealer mode").format(
                    session=sid, kind=saved.kind
                )
            )
        humans = [p for p in saved.players if p.kind == "human"]
        if len(humans) != 1:
            raise PokerError(
                gettext("resume: session {session} has {count} people, not one").format(
                    session=sid, count=len(humans)
                )
            )
        extras = saved.extras
        bots = [p for p in saved.players if p.kind == "bot"]
        stored_computer = extras.get("computer") or (bots[0].level if bots else None) or "best"
        entropy = entropy_source(seed)
        result = resume_dealer(saved, policy, store=store, seeds=entropy)
        assert result.recorded is not None
        session = cls(
            result.table.settings,
            name=humans[0].name,
            computer=computer if computer is not None else str(stored_computer),
            seed=seed,
            store=store,
            four_color=bool(extras.get("four_color")) if four_color is None else four_color,
            _recorded=result.recorded,
        )
        if four_color is not None and four_color != bool(extras.get("four_color")):
            store.set_extras(sid, {"four_color": four_color})
        number = result.hand_number
        if result.outcome == "resumed":
            session._last_names = session.table.dealt or session._last_names
            message = gettext("Hand {number} resumed where you left it.").format(number=number)
            hand = session.table.hand
            if hand is None:  # its last decision was stored: it is settled now
                message = gettext("Hand {number} resumed: it was over, and is settled.").format(
                    number=number
                )
            else:
                session._last_names = session.table.dealt
                session._run_computers()
            session.resume_report = DealerResume("resumed", number, message)
        elif result.outcome == "voided":
            words = (
                gettext(
                    "Hand {number} is void ({reason}): every ante and wager was returned, the "
                    "bank is unchanged."
                )
                if result.reason
                else gettext(
                    "Hand {number} is void: every ante and wager was returned, the bank is "
                    "unchanged."
                )
            )
            session.resume_report = DealerResume(
                "voided", number, words.format(number=number, reason=result.reason)
            )
        else:
            session.resume_report = DealerResume(
                "nothing",
                None,
                gettext("Session {session} resumed between hands.").format(session=sid),
            )
        return session

    @property
    def names(self) -> tuple[str, ...]:
        """The players of the current (or last) hand, by seat."""
        return self.table.dealt or self._last_names

    @property
    def person_seat(self) -> int | None:
        """The person's seat in the current (or last) hand."""
        names = self.names
        return names.index(self.person) if self.person in names else None

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played."""
        return self.table.hand is not None

    @property
    def view(self) -> DealerView | None:
        """The person's view of the current hand, or of the last one."""
        hand = self.table.hand
        if hand is not None:
            return hand.view(self.person_seat)
        return self._final

    def can_deal(self) -> bool:
        """Whether the person has the chips for a next hand."""
        return not self.in_hand and self.person not in self.table.sitting_out()

    def rebuy(self) -> int:
        """Buy a cave for the person between hands."""
        return self.recorded.rebuy(self.person)

    def start_hand(self, run_computers: bool = True) -> None:
        """Deal a hand; the computer players before the person decide (``run_computers``
        false: the caller plays them with :meth:`computer_step`)."""
        for player in self.table.sitting_out():
            if player != self.person:
                self.recorded.rebuy(player)
        self._stack_before = self.table.stacks[self.person]
        self.recorded.start_hand()
        self._final = None
        self._last_names = self.table.dealt
        if run_computers:
            self._run_computers()

    def act(self, action: DealerAction, run_computers: bool = True) -> None:
        """The person's decision (refused: :class:`IllegalActionError`, nothing changes)."""
        hand = self.table.hand
        if hand is None or hand.actor != self.person_seat:
            raise PokerError(gettext("act: it is not your turn"))
        self._apply(action)
        if run_computers:
            self._run_computers()

    @property
    def computer_to_act(self) -> bool:
        """Whether a computer player is to decide now."""
        hand = self.table.hand
        return hand is not None and hand.actor is not None and hand.actor != self.person_seat

    def computer_decision(self) -> DealerAction:
        """The decision of the computer player to act (reads only that player's view;
        safe to compute off the screen's thread while nothing else changes the hand)."""
        hand = self.table.hand
        if hand is None or hand.actor is None or hand.actor == self.person_seat:
            raise PokerError(gettext("computer: no computer player is to decide"))
        view = hand.view(hand.actor)
        try:
            action = self._decide(view)
            hand.verify(action)
        except PokerError:  # a decision that cannot be played: keep
            action = DealerAction("keep")
        return action

    def computer_step(self, action: DealerAction | None = None) -> bool:
        """Play one computer player's decision (``action``: one computed already by
        :meth:`computer_decision`); returns whether one was played."""
        if not self.computer_to_act:
            return False
        self._apply(action if action is not None else self.computer_decision())
        return True

    def _apply(self, action: DealerAction) -> None:
        hand = self.table.hand
        assert hand is not None
        seat = self.person_seat
        self.recorded.act(action)
        if hand.finished:
            self._final = hand.view(seat)
            before, self._stack_before = self._stack_before, None
            net = None if before is None else self.table.stacks[self.person] - before
            self.past.append(PastHand(self.table.hands_played, self._final, net))
        self.table.check_chips()

    def _run_computers(self) -> None:
        while self.computer_step():
            pass

    def ledger(self) -> tuple[LedgerEntry, ...]:
        """Every player's account: caves, chips bought, stack."""
        cave = self.settings.cave
        return tuple(
            LedgerEntry(p, self.table.bought[p] // cave, self.table.bought[p], self.table.stacks[p])
            for p in self.table.players
        )

    def leave(self) -> tuple[LedgerEntry, ...]:
        """Leave: the ledger; the session is closed between hands, and stays open
        during one (to be resumed or voided)."""
        if not self.in_hand:
            self.store.close_session(self.session_id)
        return self.ledger()


PERSON_KEYS: Final = ("opponents", "name", "four_color")
"""The person's choices beside the table settings (TOML file, flags, setup screen)."""


def dealer_settings_from_options(
    config: str | os.PathLike[str] | None, options: Mapping[str, Any]
) -> tuple[DealerSettings, dict[str, Any]]:
    """Dealer settings and the person's choices from a TOML file (optional: the
    keys of :data:`~pokerbonus.rules.dealer.SETTING_KEYS` but ``players``,
    and ``opponents``, ``name``, ``four_color``, top level or under
    ``[dealer]``) and the flags given (``None``: not given; flags win).

    >>> settings, person = dealer_settings_from_options(None, {"bet": 10, "opponents": 1})
    >>> settings.players, settings.bet, settings.switch_fee, person["name"]
    (2, 10, 10, 'You')
    """
    data: dict[str, Any] = {}
    if config is not None:
        data = read_toml(config)
        unknown = sorted(set(data) - set(SETTING_KEYS) - set(PERSON_KEYS))
        if unknown:
            words = (
                gettext(
                    "config: {name!r} is not a dealer-mode setting (now called bet) (expected "
                    "{expected})"
                )
                if unknown[0] == "wager"
                else gettext("config: {name!r} is not a dealer-mode setting (expected {expected})")
            )
            raise ConfigurationError(
                words.format(name=unknown[0], expected=", ".join((*SETTING_KEYS[1:], *PERSON_KEYS)))
            )
    data.update({k: v for k, v in options.items() if v is not None})
    if "players" in data:
        raise ConfigurationError(gettext("players: give the number of computer opponents instead"))
    opponents = data.pop("opponents", 2)
    if not isinstance(opponents, int) or isinstance(opponents, bool) or not 0 <= opponents <= 4:
        raise ConfigurationError(
            gettext(
                "opponents: dealer mode seats 0 to 4 computer opponents, got {opponents!r}"
            ).format(opponents=opponents)
        )
    person = {
        "name": str(data.pop("name", "") or gettext(YOU)),
        "four_color": bool(data.pop("four_color", False)),
        "opponents": opponents,
    }
    settings = DealerSettings.build({**data, "players": opponents + 1})
    return settings, person
