"""Dealer mode at the terminal (``pokerbonus play --dealer``, RULES.md section 9).

The game logic is :mod:`pokerbonus.dealer` (:class:`DealerTable`,
:class:`DealerHand`); this module seats the person and the computer players,
lets the computer players decide (the exact best decision by default, a cheap
rule for tests), stores every hand and action, and draws the screen from the
person's :class:`~pokerbonus.dealer.DealerView` only. After the decisions the
dealer's four other cards are turned one at a time on screen.

The computer players think off the screen's thread (the exact best decision
takes most of a second): each decision is computed in a thread of a Textual
worker and played on the screen's thread, so the screen is drawn and keys are
read meanwhile (the person cannot act until it is their turn).

Keys: ``k`` keep, ``1``-``5`` pick the card to exchange then ``x``, ``f`` fold,
``space`` next hand, ``b`` rebuy, ``?`` rules, ``q`` leave.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Footer, Header, Static

from pokerbonus.cards import Card
from pokerbonus.dealer import (
    DEFAULT_PAYTABLE,
    PAYTABLE_HANDS,
    DealerAction,
    DealerSettings,
    DealerView,
    rules_text,
)
from pokerbonus.dealer.events import (
    Exchanged,
    Folded,
    Kept,
    PotAwarded,
    PotCarried,
    WagerSettled,
)
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.hands import evaluate
from pokerbonus.store import PlayerSpec, ResumePolicy, Store
from pokerbonus.store.dealer_recorder import RecordedDealerTable, resume_dealer
from pokerbonus.tui.app import CARD_KEYS, TABLE_KEYS, PlayingScreen, RulesScreen
from pokerbonus.tui.render import HIDDEN_CARD, card_text, cards_text
from pokerbonus.tui.session import (
    OPPONENT_NAMES,
    ResumeReport,
    entropy_source,
    latest_open_session,
)

__all__ = [
    "DealerApp",
    "DealerResume",
    "DealerScreen",
    "DealerSession",
    "dealer_settings_from_options",
    "parse_paytable",
    "run_dealer",
    "simple_decision",
]


def simple_decision(view: DealerView) -> DealerAction:
    """A cheap rule: keep a pair or better, else exchange the lowest card.

    >>> from pokerbonus.cards import parse_cards
    >>> hole = parse_cards("As Ad 7c 8h 2s")
    >>> v = DealerView(0, hole, (), (10,), 0, 5, (False,), (False,), 0, False, (), ())
    >>> simple_decision(v).kind
    'keep'
    """
    ranks = [c.rank for c in view.hole]
    if len(set(ranks)) < 5:
        return DealerAction("keep")
    return DealerAction("exchange", min(view.hole, key=lambda c: c.rank))


def best_play(view: DealerView, paytable: Mapping[str, int]) -> DealerAction:
    """The exact best keep / exchange / fold (:func:`pokerbonus.dealer.strategy.best_decision`)."""
    from pokerbonus.dealer.strategy import best_decision

    return best_decision(view.hole, int(view.dealer_up[0]), paytable).action


DealerResume = ResumeReport
"""What happened to the hand left open when a dealer session was resumed:
``outcome`` ``nothing``, ``resumed`` or ``voided``; ``message`` in words (the
table's :class:`~pokerbonus.tui.session.ResumeReport`)."""


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
            raise PokerError(f"computer: must be 'best' or 'simple', got {computer!r}")
        self.settings = settings
        self.person = name
        self.four_color = four_color
        self.computer = computer
        self._decide: Callable[[DealerView], DealerAction] = (
            simple_decision if computer == "simple" else (lambda v: best_play(v, settings.paytable))
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
        with ``policy="void"``, or when the replay fails). ``four_color`` and
        ``computer`` default to what the session stored.
        """
        sid = session_id if session_id is not None else latest_open_session(store, "dealer")
        if sid is None:
            raise PokerError("resume: no open dealer session in the database")
        saved = store.load_session(sid)
        if saved.kind != "dealer":
            raise PokerError(f"resume: session {sid} is a {saved.kind} session, not dealer mode")
        humans = [p for p in saved.players if p.kind == "human"]
        if len(humans) != 1:
            raise PokerError(f"resume: session {sid} has {len(humans)} people, not one")
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
            message = f"Hand {number} resumed where you left it."
            hand = session.table.hand
            if hand is None:  # its last decision was stored: it is settled now
                message = f"Hand {number} resumed: it was over, and is settled."
            else:
                session._last_names = session.table.dealt
                session._run_computers()
            session.resume_report = DealerResume("resumed", number, message)
        elif result.outcome == "voided":
            why = f" ({result.reason})" if result.reason else ""
            session.resume_report = DealerResume(
                "voided",
                number,
                f"Hand {number} is void{why}: every ante and wager was returned, "
                "the bank is unchanged.",
            )
        else:
            session.resume_report = DealerResume(
                "nothing", None, f"Session {sid} resumed between hands."
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
        """Whether the person can cover ante and wager for a next hand."""
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
        self.recorded.start_hand()
        self._final = None
        self._last_names = self.table.dealt
        if run_computers:
            self._run_computers()

    def act(self, action: DealerAction, run_computers: bool = True) -> None:
        """The person's decision (refused: :class:`IllegalActionError`, nothing changes)."""
        hand = self.table.hand
        if hand is None or hand.actor != self.person_seat:
            raise PokerError("act: it is not your turn")
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
            raise PokerError("computer: no computer player is to decide")
        view = hand.view(hand.actor)
        try:
            action = self._decide(view)
            if action.kind == "exchange" and action.card is not None:
                hand.verify_exchange(action.card)
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
        self.table.check_chips()

    def _run_computers(self) -> None:
        while self.computer_step():
            pass

    def leave(self) -> list[tuple[str, int, int, int]]:
        """Leave: each player's ``(name, bought, stack, net)``; the session is closed
        between hands, and stays open during one (to be resumed or voided)."""
        if not self.in_hand:
            self.store.close_session(self.session_id)
        return [
            (p, self.table.bought[p], self.table.stacks[p], self.table.net(p))
            for p in self.table.players
        ]


def dealer_text(view: DealerView, names: tuple[str, ...], turned: int, four: bool) -> Text:
    """The dealer's row and each player's row, from the person's view; only
    ``turned`` dealer cards are drawn face up (the screen turns them one by one)."""
    out = Text()
    up = view.dealer_up[:turned]
    out.append("Dealer (bank)   ", style="bold")
    out.append_text(cards_text(up, four))
    out.append((" " if up else "") + " ".join([HIDDEN_CARD] * (5 - len(up))), style="blue")
    complete = view.finished and turned >= 5
    if complete:
        out.append("  " + evaluate(view.dealer_up).description, style="italic")
    out.append(f"\nTable pot: {view.pot}   wager {view.wager} each\n\n", style="bold yellow")
    shown = {seat: cards for seat, cards in view.shown if seat is not None}
    settled = {e.seat: e for e in view.log if isinstance(e, WagerSettled)}
    pot_won = {s: c for e in view.log if isinstance(e, PotAwarded) for s, c in e.shares}
    status: dict[int, str] = {}
    for e in view.log:
        if isinstance(e, Kept):
            status[e.seat] = "keeps"
        elif isinstance(e, Exchanged):
            status[e.seat] = "exchanges one"
        elif isinstance(e, Folded):
            status[e.seat] = "folds"
    for seat, name in enumerate(names):
        turn = "▶ " if view.actor == seat else "  "
        line = Text(turn, style="bold yellow")
        line.append(f"{name:<10}", style="bold" if seat == view.seat else "")
        line.append(f" stack {view.stacks[seat]:>5}  {status.get(seat, ''):<14}")
        if complete and seat in shown:
            line.append_text(cards_text(shown[seat], four))
            line.append("  " + evaluate(shown[seat]).description, style="italic")
        elif seat == view.seat:
            line.append_text(cards_text(view.hole, four))
        elif not view.folded[seat]:
            line.append(" ".join([HIDDEN_CARD] * 5), style="blue")
        if complete and seat in settled:
            r = settled[seat]
            words = {"win": "wins the wager", "push": "push (tie)", "lose": "loses the wager",
                     "fold": "folded"}[r.outcome]  # fmt: skip
            line.append(f"  {words}", style="bold green" if r.outcome == "win" else "bold")
            if r.bonus:
                line.append(f" + bonus {r.bonus}", style="bold green")
            if seat in pot_won:
                line.append(f" + table pot {pot_won[seat]}", style="bold green")
        out.append_text(line)
        out.append("\n")
    if complete and any(isinstance(e, PotCarried) for e in view.log):
        out.append("Everyone folded: the table pot carries over.\n")
    return out


class DealerScreen(PlayingScreen):
    """The dealer-mode table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "keep", "Keep"),
        Binding("x", "exchange", "Exchange"),
        Binding("f", "fold", "Fold"),
        *CARD_KEYS,
        *TABLE_KEYS,
    ]

    TURN_SECONDS: ClassVar[float] = 0.4
    """The pause between two dealer cards turned."""

    def __init__(self, session: DealerSession) -> None:
        super().__init__(session.resume_report.message)
        self.session = session
        self.picked: Card | None = None
        self.turned = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="dealer-status")
        yield Static("", id="dealer-table")
        with Horizontal(classes="actions"):
            yield Button("Keep", id="d-keep", variant="primary")
            for i in range(5):
                yield Button("", id=f"d-card-{i}")
            yield Button("Exchange", id="d-exchange")
            yield Button("Fold", id="d-fold", variant="error")
            yield Button("Next hand", id="d-next", variant="success")
            yield Button("Rebuy", id="d-rebuy")
            yield Button("Rules", id="d-rules")
            yield Button("Leave", id="d-leave")
        yield Footer()

    def on_mount(self) -> None:
        """Deal the first hand and start the dealer's card-turning clock."""
        for button in self.query(Button):
            button.can_focus = False
        self.set_interval(self.TURN_SECONDS, self._turn_one)
        if self.session.view is None and self.session.can_deal():
            message = self.message
            self._run(self._start_hand)
            self.message = self.message or message
        elif self.session.view is not None:
            self.turned = 5 if self.session.view.finished else 1
        self.refresh_table()
        self._think()

    def _turn_one(self) -> None:
        view = self.session.view
        if view is not None and self.turned < len(view.dealer_up):
            self.turned += 1
            self.refresh_table()

    def refresh_table(self) -> None:
        """Redraw from the person's view."""
        s = self.session
        view = s.view
        if view is None or self.left:
            return
        if view.finished and self.turned < 5 and len(view.dealer_up) == 5:
            status = Text("The dealer turns his cards...")
        elif view.finished:
            status = Text("Hand over: space for the next hand.", style="bold")
        elif view.actor == view.seat:
            status = Text("Your decision: k keep, 1-5 then x exchange one, f fold",
                          style="bold yellow")  # fmt: skip
        elif view.actor is not None:
            status = Text(f"{s.names[view.actor]} is deciding...", style="dim")
        else:
            status = Text("")
        if self.message:
            status.append("\n" + self.message, style="italic")
        self.query_one("#dealer-status", Static).update(status)
        self.query_one("#dealer-table", Static).update(
            dealer_text(view, s.names, min(self.turned, len(view.dealer_up)), s.four_color)
        )
        deciding = view.actor is not None and view.actor == view.seat
        for bid in ("#d-keep", "#d-exchange", "#d-fold"):
            self.query_one(bid, Button).display = deciding
        for i in range(5):
            button = self.query_one(f"#d-card-{i}", Button)
            button.display = deciding and i < len(view.hole)
            if button.display:
                face = card_text(view.hole[i], s.four_color)
                if view.hole[i] == self.picked:
                    face.stylize("reverse")
                button.label = face
        between = not s.in_hand
        self.query_one("#d-next", Button).display = between
        self.query_one("#d-rebuy", Button).display = between

    def _start_hand(self) -> None:
        self.session.start_hand(run_computers=False)

    def _think(self) -> None:
        """Let the computer players to decide do so, off the screen's thread
        (:func:`~pokerbonus.tui.thinking.play_computers`)."""
        s = self.session
        if s.computer_to_act and not self.left and not self.thinking:
            self._start_computers(
                lambda: s.computer_to_act, s.computer_decision, s.computer_step, name="computers"
            )

    def _act(self, action: DealerAction) -> None:
        view = self.session.view
        if view is None or view.actor != view.seat or view.finished:
            return
        self.turned = min(self.turned, 1)
        if self._run(lambda: self.session.act(action, run_computers=False)):
            self.picked = None
        self.refresh_table()
        self._think()

    def action_keep(self) -> None:
        """Keep the five cards."""
        self._act(DealerAction("keep"))

    def action_fold(self) -> None:
        """Fold (losing ante and wager)."""
        self._act(DealerAction("fold"))

    def action_pick(self, index: int) -> None:
        """Pick the card to exchange."""
        view = self.session.view
        if view is not None and index < len(view.hole):
            card = view.hole[index]
            self.picked = None if self.picked == card else card
            self.refresh_table()

    def action_exchange(self) -> None:
        """Exchange the picked card."""
        if self.picked is None:
            self.message = "exchange: pick the card to give up first (1-5)"
            self.refresh_table()
            return
        self._act(DealerAction("exchange", self.picked))

    def action_next_hand(self) -> None:
        """Deal the next hand."""
        if self.session.can_deal():
            self.turned = 0
            self._run(self._start_hand)
            self.turned = len(self.session.view.dealer_up) if self.session.view else 0
            self.turned = min(self.turned, 1)
            self.refresh_table()
            self._think()

    def action_rebuy(self) -> None:
        """Buy a cave between hands."""
        if not self.session.in_hand and self._run(self.session.rebuy):
            self.message = f"You buy a cave: {self.session.table.stacks[self.session.person]}."
        self.refresh_table()

    def action_rules(self) -> None:
        """The rules screen: paytable and the tie rule."""
        self.app.push_screen(RulesScreen("\n\n".join(rules_text(self.session.settings))))

    def action_leave(self) -> None:
        """Leave: the session ledger (press q again to quit)."""
        if self.left:
            self.app.exit()
            return
        self.left = True
        rows = self.session.leave()
        out = Text("Session ledger\n", style="bold")
        out.append(f"{'player':<12}{'bought':>8}{'stack':>8}{'net':>8}\n")
        for name, bought, stack, net in rows:
            out.append(f"{name:<12}{bought:>8}{stack:>8}{net:>+8}\n")
        out.append(f"The bank: {self.session.table.bank:+}\n")
        self.query_one("#dealer-table", Static).update(out)
        self.query_one("#dealer-status", Static).update("You left the table: q quits.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what their keys do."""
        bid = event.button.id or ""
        if bid.startswith("d-card-"):
            self.action_pick(int(bid.removeprefix("d-card-")))
            return
        actions: dict[str, Callable[[], None]] = {
            "d-keep": self.action_keep, "d-exchange": self.action_exchange,
            "d-fold": self.action_fold, "d-next": self.action_next_hand,
            "d-rebuy": self.action_rebuy, "d-rules": self.action_rules,
            "d-leave": self.action_leave,
        }  # fmt: skip
        handler = actions.get(bid)
        if handler is not None:
            handler()


class DealerApp(App[None]):
    """``pokerbonus play --dealer``."""

    TITLE = "Poker Bonus - dealer mode"
    CSS = """
    #dealer-table { height: auto; padding: 1; border: round $primary; }
    .actions { height: auto; }
    .actions Button { min-width: 6; margin: 0 1 0 0; }
    #rules-box { width: 90%; height: 90%; border: thick $primary; background: $surface;
                 padding: 1 2; }
    RulesScreen { align: center middle; }
    """

    def __init__(self, session: DealerSession) -> None:
        super().__init__()
        self.session = session

    def on_mount(self) -> None:
        """Show the table."""
        self.push_screen(DealerScreen(self.session))


_DEALER_KEYS: Final = ("opponents", "ante", "wager", "cave", "paytable", "name", "four_color")


def parse_paytable(text: str) -> dict[str, int]:
    """A paytable from ``hand=pays`` pairs separated by commas; the hands not named
    keep the rule book's bonus.

    >>> parse_paytable("straight=2, royal_flush=250")["royal_flush"]
    250
    >>> parse_paytable("pair=1")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: paytable: unknown hand 'pair' (expected straight, \
flush, full_house, quads, straight_flush, royal_flush)
    """
    table = dict(DEFAULT_PAYTABLE)
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not value.strip().lstrip("-").isdigit():
            raise ConfigurationError(f"paytable: {item!r} is not hand=pays (e.g. flush=2)")
        if key not in PAYTABLE_HANDS:
            raise ConfigurationError(
                f"paytable: unknown hand {key!r} (expected {', '.join(PAYTABLE_HANDS)})"
            )
        table[key] = int(value)
    return table


def dealer_settings_from_options(
    config: str | os.PathLike[str] | None, options: Mapping[str, Any]
) -> tuple[DealerSettings, dict[str, Any]]:
    """Dealer settings and the person's choices from a TOML file (optional: keys
    ``opponents``, ``ante``, ``wager``, ``cave``, ``paytable`` (a table or
    ``hand=pays`` text), ``name``, ``four_color``, top level or under
    ``[dealer]``) and the flags given (``None``: not given; flags win).

    >>> settings, person = dealer_settings_from_options(None, {"wager": 10, "opponents": 1})
    >>> settings.players, settings.ante, settings.wager, person["name"]
    (2, 1, 10, 'You')
    """
    data: dict[str, Any] = {}
    if config is not None:
        try:
            data = tomllib.loads(Path(config).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigurationError(f"config: cannot read {os.fspath(config)!r} ({exc})") from exc
        except tomllib.TOMLDecodeError as exc:
            raise ConfigurationError(f"config: invalid TOML ({exc})") from exc
        if isinstance(data.get("dealer"), dict):
            data = data["dealer"]
        unknown = sorted(set(data) - set(_DEALER_KEYS))
        if unknown:
            raise ConfigurationError(
                f"config: {unknown[0]!r} is not a dealer-mode setting "
                f"(expected {', '.join(_DEALER_KEYS)})"
            )
    data.update({k: v for k, v in options.items() if k in _DEALER_KEYS and v is not None})
    paytable = data.get("paytable")
    if isinstance(paytable, str):
        paytable = parse_paytable(paytable)
    elif isinstance(paytable, Mapping):
        paytable = {**DEFAULT_PAYTABLE, **paytable}
    elif paytable is not None:
        raise ConfigurationError(f"paytable: a table or hand=pays text, got {paytable!r}")
    opponents = data.get("opponents", 2)
    if not isinstance(opponents, int) or isinstance(opponents, bool):
        raise ConfigurationError(f"opponents: must be an integer, got {opponents!r}")
    settings = DealerSettings(
        players=opponents + 1,
        ante=data.get("ante", 1),
        wager=data.get("wager", 5),
        cave=data.get("cave", 100),
        **({"paytable": paytable} if paytable is not None else {}),
    )
    person = {"name": data.get("name") or "You", "four_color": bool(data.get("four_color"))}
    return settings, person


def run_dealer(
    store: Store,
    *,
    seed: int | None,
    resume: bool,
    session_id: int | None,
    options: Mapping[str, Any],
    config: str | os.PathLike[str] | None = None,
    void: bool = False,
) -> None:
    """Start dealer mode from the command's options (``opponents``, ``ante``,
    ``wager``, ``cave``, ``paytable``, ``name``, ``four_color``), or resume a
    stored dealer session (``void``: void its open hand instead of resuming it)."""
    if resume:
        four = options.get("four_color")
        session = DealerSession.resume(
            store,
            session_id,
            policy="void" if void else "resume",
            seed=seed,
            four_color=None if four is None else bool(four),
        )
    else:
        if session_id is not None:
            raise PokerError(f"session {session_id}: give --resume to resume a session")
        settings, person = dealer_settings_from_options(config, options)
        session = DealerSession(
            settings, name=person["name"], seed=seed, store=store,
            four_color=person["four_color"],
        )  # fmt: skip
    DealerApp(session).run()
