"""The Textual face of ``pokerbonus play``: setup, table, rules and ledger screens.

Everything on the table screen is drawn from the person's seat view
(:attr:`PlaySession.view`) and public table facts; see :mod:`pokerbonus.tui.render`.

Keys at the table: ``f`` fold, ``c`` check/call, ``m`` minimum bet, ``h`` half
pot, ``p`` pot, ``a`` all-in, ``r`` custom amount; ``1``-``5`` pick cards to
exchange, ``d`` draw them, ``s`` stand pat; ``y``/``n`` take or decline an offer
(buy the pot, surblind); ``space`` next hand, ``b`` rebuy, ``?`` rules,
``q`` leave the table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from pokerbonus.cards import Card, parse_cards
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.engine.ledger import LedgerEntry
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.levels import LADDER
from pokerbonus.tui.render import (
    board_text,
    card_text,
    log_text,
    pots_text,
    seats_text,
    showdown_text,
)
from pokerbonus.tui.rules_text import rules_text
from pokerbonus.tui.settings import PlaySettings, game_choices, rule_fields
from pokerbonus.tui.thinking import play_computers

if TYPE_CHECKING:
    from pokerbonus.tui.prepare import Preparation
    from pokerbonus.tui.session import PlaySession

__all__ = [
    "CARD_KEYS",
    "TABLE_KEYS",
    "LedgerScreen",
    "PlayApp",
    "PlayingScreen",
    "RulesScreen",
    "SetupScreen",
    "TableScreen",
    "bet_amounts",
    "ledger_text",
]

A = TypeVar("A")


def bet_amounts(view: SeatView, legal: LegalActions) -> dict[str, int]:
    """The totals offered as buttons: ``min``, ``half`` (pot), ``pot``, ``all-in``.

    Each is clamped to the legal range; missing when raising is not allowed.
    """
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return {}
    current = max(view.bets)
    pot_after_call = view.pot + sum(view.bets) + (legal.call_amount or 0)

    def clamp(x: int) -> int:
        return min(max(x, low), high)

    return {
        "min": low,
        "half": clamp(current + pot_after_call // 2),
        "pot": clamp(current + pot_after_call),
        "all-in": high,
    }


def ledger_text(entries: tuple[LedgerEntry, ...]) -> Text:
    """The session ledger: caves, chips bought, stack and net of every player."""
    out = Text()
    out.append(f"{'player':<12}{'caves':>7}{'bought':>8}{'stack':>8}{'net':>8}\n", style="bold")
    for e in entries:
        style = "green" if e.net > 0 else "red" if e.net < 0 else ""
        out.append(f"{e.player:<12}{e.caves:>7}{e.bought:>8}{e.stack:>8}", style="")
        out.append(f"{e.net:>+8}\n", style=style)
    return out


# -- setup ---------------------------------------------------------------------------


class SetupScreen(Screen[PlaySettings]):
    """Choose the game, the opponents and every house rule; refused choices show
    the configuration's message."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f5", "play", "Play")]

    def __init__(self, settings: PlaySettings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        s = self.settings
        c = s.config.to_dict()
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Label("Game")
            yield Select(
                [(name, key) for key, name in game_choices()], value=c["game"],
                allow_blank=False, id="field-game",
            )  # fmt: skip
            yield Label("Computer opponents")
            yield Input(str(s.opponents), id="field-opponents")
            yield Label("Opponents' level")
            yield Select(
                [(n, n) for n in LADDER], value=s.level, allow_blank=False, id="field-level"
            )
            yield Label("Your name")
            yield Input(s.name, id="field-name")
            yield Label("Four-colour deck")
            yield Switch(s.four_color, id="field-four_color")
            relevant = set(s.config.relevant_fields())
            for spec in rule_fields():
                with Vertical(id=f"row-{spec.name}", classes="rule-row") as row:
                    row.display = spec.name in relevant
                    yield Label(spec.label)
                    value = c[spec.name]
                    if spec.kind == "choice":
                        yield Select(
                            [(x, x) for x in spec.choices], value=value, allow_blank=False,
                            id=f"field-{spec.name}",
                        )  # fmt: skip
                    elif spec.kind == "bool":
                        yield Switch(bool(value), id=f"field-{spec.name}")
                    else:
                        yield Input("" if value is None else str(value), id=f"field-{spec.name}")
        yield Static("", id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button("Play", variant="success", id="play")
            yield Button("Quit", id="quit")
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game shows the house rules relevant to it (and hides the others)."""
        if event.select.id == "field-game" and isinstance(event.value, str):
            self.show_rules_of(event.value)

    def show_rules_of(self, game: str) -> None:
        """Show only the house-rule rows that mean something for ``game``."""
        relevant = set(TableConfig(game=game, players=GAMES[game][0]).relevant_fields())
        for spec in rule_fields():
            self.query_one(f"#row-{spec.name}").display = spec.name in relevant

    def values(self) -> dict[str, Any]:
        """The form's values, as :meth:`PlaySettings.build` reads them (the rows
        hidden for the chosen game keep their default)."""
        out: dict[str, Any] = {}
        for widget in self.query("#setup-form Select, #setup-form Input, #setup-form Switch"):
            name = (widget.id or "").removeprefix("field-")
            parent = widget.parent
            if isinstance(parent, Vertical) and not parent.display:
                continue
            if isinstance(widget, Switch | Select):
                out[name] = widget.value
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if name == "name":
                    out[name] = text
                elif text == "":
                    out[name] = None
                else:
                    try:
                        out[name] = int(text)
                    except ValueError:
                        out[name] = text  # refused by the configuration, by name
        return out

    def action_play(self) -> None:
        """Validate the choices and start the table, or show why not."""
        try:
            settings = PlaySettings.build(self.values())
        except ConfigurationError as exc:
            self.query_one("#setup-error", Static).update(Text(str(exc), style="bold red"))
            return
        self.dismiss(settings)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Play or quit."""
        if event.button.id == "play":
            self.action_play()
        elif event.button.id == "quit":
            self.app.exit()


# -- rules and ledger ------------------------------------------------------------------


class RulesScreen(ModalScreen[None]):
    """The current game and house rules in plain words."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Static(self.text, id="rules-text")
            yield Button("Close", id="close-rules")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        self.dismiss(None)


class LedgerScreen(Screen[None]):
    """The session ledger, shown when the person leaves the table."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,enter,escape", "quit", "Quit")]

    def __init__(self, entries: tuple[LedgerEntry, ...], note: str = "") -> None:
        super().__init__()
        self.entries = entries
        self.note = note

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text("Session ledger", style="bold"), id="ledger-title")
        yield Static(ledger_text(self.entries), id="ledger")
        yield Static(self.note, id="ledger-note")
        yield Button("Quit", id="quit-ledger")
        yield Footer()

    def action_quit(self) -> None:
        """Leave the program."""
        self.app.exit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Quit."""
        self.app.exit()


# -- the table -------------------------------------------------------------------------

CARD_KEYS: Final[list[BindingType]] = [
    Binding(str(i + 1), f"pick({i})", f"Card {i + 1}", show=False) for i in range(5)
]
"""``1``-``5``: pick a card of the person's hand (the table and dealer mode)."""

TABLE_KEYS: Final[list[BindingType]] = [
    Binding("space", "next_hand", "Next hand"),
    Binding("b", "rebuy", "Rebuy"),
    Binding("question_mark", "rules", "Rules"),
    Binding("q", "leave", "Leave"),
]
"""The keys between hands and at any time: next hand, rebuy, rules, leave (the
table and dealer mode)."""


class PlayingScreen(Screen[None]):
    """What the table and the dealer-mode screens share: a message under the
    status (what a step refused, or what happened), and the computer players
    played one decision at a time from a worker
    (:func:`~pokerbonus.tui.thinking.play_computers`).

    A subclass draws itself in :meth:`refresh_table`.
    """

    AUTO_FOCUS = ""  # keys go to the screen's bindings until a text box is clicked

    def __init__(self, message: str = "") -> None:
        super().__init__()
        self.message = message
        self.left = False
        """Whether the person left the table (a computer decision is no longer played)."""
        self.thinking = False
        """Whether the computer players' decisions are being computed."""

    def refresh_table(self) -> None:
        """Redraw the screen."""
        raise NotImplementedError

    def _run(self, step: Callable[[], object]) -> bool:
        try:
            step()
        except PokerError as exc:
            self.message = str(exc)
            return False
        self.message = ""
        return True

    def _start_computers(
        self,
        to_act: Callable[[], bool],
        decide: Callable[[], A],
        play: Callable[[A], object],
        *,
        name: str,
        pause: float = 0.0,
    ) -> None:
        """While ``to_act()`` and the person is at the table, compute ``decide()``
        off the screen's thread and ``play`` it, in a worker named ``name``."""
        self.thinking = True
        self.run_worker(self._computers(to_act, decide, play, pause), name=name, group=name)

    async def _computers(
        self,
        to_act: Callable[[], bool],
        decide: Callable[[], A],
        play: Callable[[A], object],
        pause: float,
    ) -> None:
        try:
            await play_computers(
                lambda: to_act() and not self.left, decide,
                lambda action: self._play_computer(partial(play, action)), pause=pause,
            )  # fmt: skip
        finally:
            self.thinking = False

    def _play_computer(self, step: Callable[[], object]) -> bool:
        """Play a computer player's decision and draw it (not once the person left:
        the hand stays as stored)."""
        if self.left or not self._run(step):
            return False
        self.refresh_table()
        return True


class TableScreen(PlayingScreen):
    """The table: seats, pots, the person's cards, the log and the action buttons."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "bet('fold')", "Fold"),
        Binding("c", "bet('call')", "Check/Call"),
        Binding("m", "bet('min')", "Min"),
        Binding("h", "bet('half')", "Half pot"),
        Binding("p", "bet('pot')", "Pot"),
        Binding("a", "bet('all-in')", "All-in"),
        Binding("r", "custom", "Amount"),
        *CARD_KEYS,
        Binding("d", "draw", "Draw"),
        Binding("s", "stand_pat", "Stand pat"),
        Binding("y", "offer(True)", "Accept"),
        Binding("n", "offer(False)", "Decline"),
        *TABLE_KEYS,
        Binding("escape", "unfocus", "Keys", show=False),
    ]

    def __init__(self, session: PlaySession, bot_pause: float = 0.0) -> None:
        super().__init__(session.resume_report.message)
        self.session = session
        self.selected: list[Card] = []
        self.bot_pause = bot_pause
        """Seconds between two opponents' actions (0: they all act at once, on the
        screen's thread; tests)."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        yield Static("", id="seats")
        yield Static("", id="board")
        yield Static("", id="pots")
        yield Static("", id="showdown")
        with Horizontal(id="bet-actions", classes="actions"):
            yield Button("Fold", id="act-fold", variant="error")
            yield Button("Check", id="act-call", variant="primary")
            yield Button("Min", id="act-min")
            yield Button("Half pot", id="act-half")
            yield Button("Pot", id="act-pot")
            yield Button("All-in", id="act-all-in", variant="warning")
            yield Input(placeholder="amount", id="amount")
            yield Button("Raise to", id="act-custom")
        with Horizontal(id="draw-actions", classes="actions"):
            for i in range(5):
                yield Button("", id=f"card-{i}", classes="card")
            yield Input(placeholder="cards, e.g. 7h 8c", id="discard-text")
            yield Button("Draw", id="act-draw", variant="primary")
            yield Button("Stand pat", id="act-stand")
        with Horizontal(id="offer-actions", classes="actions"):
            yield Button("Accept", id="act-accept", variant="primary")
            yield Button("Decline", id="act-decline")
        with Horizontal(id="between-actions", classes="actions"):
            yield Button("Next hand", id="act-next", variant="success")
            yield Button("Rebuy a cave", id="act-rebuy")
            yield Button("Rules", id="act-rules")
            yield Button("Leave table", id="act-leave", variant="error")
        yield Static("", id="log")
        yield Footer()

    def on_mount(self) -> None:
        """Deal the first hand unless a resumed one is on."""
        for button in self.query(Button):
            button.can_focus = False  # keys always reach the table's bindings
        if not self.session.in_hand and self.session.view is None and self.session.can_deal():
            self._run(self._start_hand)
        self.refresh_table()
        self._schedule_bots()

    # -- drawing -------------------------------------------------------------------

    def refresh_table(self) -> None:
        """Redraw everything from the person's view."""
        s = self.session
        view = s.view
        four = s.settings.four_color
        names = s.hand_players
        status = Text()
        if view is None:
            status.append(f"Hand {s.hand_number} - press space to deal")
        else:
            plan = s.plan
            mode = f" ({plan.mode} game)" if plan is not None else ""
            status.append(f"Hand {s.table.hands_played + (1 if s.in_hand else 0)}{mode}  ")
            if view.finished:
                status.append("Hand over. ", style="bold")
            elif self.session.bot_to_act and self.bot_pause > 0:
                status.append("Opponents are playing...", style="dim")
            elif view.actor is not None and view.actor == view.seat:
                status.append(f"Your turn: {self._decision_words(view)}", style="bold yellow")
        if self.message:
            status.append("\n" + self.message, style="italic")
        self.query_one("#status", Static).update(status)
        if view is not None:
            self.query_one("#seats", Static).update(
                seats_text(view, names, s.config, four, self.selected)
            )
            self.query_one("#board", Static).update(board_text(view, four))
            self.query_one("#pots", Static).update(pots_text(view, names))
            self.query_one("#showdown", Static).update(showdown_text(view, names, s.config))
            self.query_one("#log", Static).update(log_text(view, names, four))
        self._show_actions(view)

    @staticmethod
    def _decision_words(view: SeatView) -> str:
        legal = view.legal
        assert legal is not None
        if legal.decision == "bet":
            return "bet"
        if legal.decision == "draw":
            return f"choose up to {legal.max_discard} cards to exchange (1-5, then d)"
        if legal.decision == "buy_pot":
            return f"buy the pot for {legal.offer_amount}?"
        if legal.decision == "surblind":
            return f"surblind to {legal.offer_amount}?"
        if legal.decision == "kill":
            return f"put the kill on for {legal.offer_amount}?"
        return legal.decision

    def _show_actions(self, view: SeatView | None) -> None:
        legal = view.legal if view is not None else None
        decision = legal.decision if legal is not None else None
        self.query_one("#bet-actions").display = decision == "bet"
        self.query_one("#draw-actions").display = decision in ("draw", "discard")
        self.query_one("#offer-actions").display = decision in ("buy_pot", "surblind", "kill")
        between = not self.session.in_hand
        self.query_one("#between-actions").display = between
        if between:
            self.query_one("#act-next", Button).disabled = not self.session.can_deal()
            self.query_one("#act-rebuy", Button).disabled = not self.session.can_rebuy()
        if view is None or legal is None:
            return
        if decision == "bet":
            can_raise = legal.min_raise_to is not None
            call = self.query_one("#act-call", Button)
            call.label = f"Call {legal.call_amount}" if legal.call_amount else "Check"
            self.query_one("#act-fold", Button).disabled = not legal.can_fold
            amounts = bet_amounts(view, legal)
            opened = max(view.bets) > 0
            word = "Raise to" if opened else "Bet"
            labels = {"min": word, "half": "Half pot", "pot": "Pot", "all-in": "All-in"}
            for key, label in labels.items():
                button = self.query_one(f"#act-{key}", Button)
                button.disabled = not can_raise
                button.label = f"{label} {amounts[key]}" if key in amounts else label
            self.query_one("#act-custom", Button).disabled = not can_raise
            self.query_one("#amount", Input).disabled = not can_raise
        elif decision in ("draw", "discard"):
            for i in range(5):
                button = self.query_one(f"#card-{i}", Button)
                if i < len(view.hole):
                    card = view.hole[i]
                    face = card_text(card, self.session.settings.four_color)
                    if card in self.selected:
                        face.stylize("reverse")
                    button.label = face
                    button.display = True
                else:
                    button.display = False
        else:
            words = {"buy_pot": "Buy the pot", "surblind": "Surblind", "kill": "Kill"}.get(
                decision or "", "Accept"
            )
            self.query_one("#act-accept", Button).label = f"{words} ({legal.offer_amount})"

    # -- acting --------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.session.start_hand(run_bots=self.bot_pause <= 0)

    def _schedule_bots(self) -> None:
        """With a pause, the opponents act one at a time, each decision computed
        off the screen's thread (:func:`~pokerbonus.tui.thinking.play_computers`),
        so the screen is drawn (and keys read) while they think."""
        s = self.session
        if self.bot_pause > 0 and s.bot_to_act and not self.thinking:
            self._start_computers(
                lambda: s.bot_to_act, s.bot_decision, s.bot_step, name="opponents",
                pause=self.bot_pause,
            )  # fmt: skip

    def _act(self, action: Action) -> None:
        if self.session.bot_to_act:
            return  # an opponent is still thinking
        run_bots = self.bot_pause <= 0
        if self._run(lambda: self.session.act(action, run_bots=run_bots)):
            self.selected = []
            self.query_one("#discard-text", Input).value = ""
        self.refresh_table()
        self._schedule_bots()

    def _legal(self, decision: tuple[str, ...]) -> tuple[SeatView, LegalActions] | None:
        view = self.session.view
        if view is None or view.legal is None or view.legal.decision not in decision:
            return None
        return view, view.legal

    def action_unfocus(self) -> None:
        """Leave a text box: keys act again."""
        self.set_focus(None)

    def action_bet(self, kind: str) -> None:
        """Fold, check/call, or bet/raise by one of the amount buttons."""
        found = self._legal(("bet",))
        if found is None:
            return
        view, legal = found
        if kind == "fold":
            self._act(Action.fold())
        elif kind == "call":
            self._act(Action.check_or_call())
        else:
            amounts = bet_amounts(view, legal)
            if kind in amounts:
                self._act(Action.raise_to(amounts[kind]))

    def action_custom(self) -> None:
        """Bet or raise to the amount typed (focuses the amount box when empty)."""
        box = self.query_one("#amount", Input)
        if self._legal(("bet",)) is None:
            return
        text = box.value.strip()
        if not text:
            box.focus()
            return
        if not text.isdigit():
            self.message = f"amount: a whole number of chips, got {text!r}"
            self.refresh_table()
            return
        box.value = ""
        self.set_focus(None)
        self._act(Action.raise_to(int(text)))

    def action_pick(self, index: int) -> None:
        """Pick or unpick the ``index``-th card for the exchange."""
        view = self.session.view
        if self._legal(("draw", "discard")) is None or view is None or index >= len(view.hole):
            return
        card = view.hole[index]
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.refresh_table()

    def action_draw(self) -> None:
        """Exchange the picked cards (or the cards typed in the box)."""
        if self._legal(("draw", "discard")) is None:
            return
        box = self.query_one("#discard-text", Input)
        cards: tuple[Card, ...] = tuple(self.selected)
        if box.value.strip():
            try:
                cards = parse_cards(box.value)
            except PokerError as exc:
                self.message = str(exc)
                self.refresh_table()
                return
        self.set_focus(None)
        self._act(Action.discard(cards))

    def action_stand_pat(self) -> None:
        """Exchange no card."""
        if self._legal(("draw",)) is not None:
            self.selected = []
            self._act(Action.stand_pat())

    def action_offer(self, accept: bool) -> None:
        """Buy the pot / surblind / put the kill on, or decline."""
        found = self._legal(("buy_pot", "surblind", "kill"))
        if found is not None:
            self._act(Action(found[1].decision if accept else "decline"))  # type: ignore[arg-type]

    def action_next_hand(self) -> None:
        """Deal the next hand."""
        if not self.session.in_hand and self.session.can_deal():
            self._run(self._start_hand)
            self.selected = []
            if self.session.rebuys:
                self.message = "; ".join(self.session.rebuys)
            self.refresh_table()
            self._schedule_bots()

    def action_rebuy(self) -> None:
        """Buy a cave between hands, when the rules allow."""
        if self.session.in_hand:
            return
        if self._run(self.session.rebuy):
            self.message = f"You buy a cave: your stack is {self.session.stack()}."
        self.refresh_table()

    def action_rules(self) -> None:
        """Show the rules screen."""
        self.app.push_screen(RulesScreen(rules_text(self.session.config)))

    def action_leave(self) -> None:
        """Leave the table: the session ledger."""
        note = ""
        if self.session.in_hand:
            note = (
                "You left during a hand: it is kept, and `pokerbonus play --resume "
                f"{self.session.session_id}` resumes it (or voids it, every chip returned)."
            )
        self.left = True
        entries = self.session.leave()
        self.app.switch_screen(LedgerScreen(entries, note))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what their keys do."""
        bid = event.button.id or ""
        if bid.startswith("card-"):
            self.action_pick(int(bid.removeprefix("card-")))
            return
        handlers: dict[str, Callable[[], None]] = {
            "act-fold": lambda: self.action_bet("fold"),
            "act-call": lambda: self.action_bet("call"),
            "act-min": lambda: self.action_bet("min"),
            "act-half": lambda: self.action_bet("half"),
            "act-pot": lambda: self.action_bet("pot"),
            "act-all-in": lambda: self.action_bet("all-in"),
            "act-custom": self.action_custom,
            "act-draw": self.action_draw,
            "act-stand": self.action_stand_pat,
            "act-accept": lambda: self.action_offer(True),
            "act-decline": lambda: self.action_offer(False),
            "act-next": self.action_next_hand,
            "act-rebuy": self.action_rebuy,
            "act-rules": self.action_rules,
            "act-leave": self.action_leave,
        }
        handler = handlers.get(bid)
        if handler is not None:
            handler()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the amount box raises; in the cards box draws."""
        if event.input.id == "amount":
            self.action_custom()
        elif event.input.id == "discard-text":
            self.action_draw()


# -- the app -----------------------------------------------------------------------------

CSS = """
#seats { height: auto; padding: 0 1; border: round $primary; }
#status { height: auto; padding: 0 1; }
#pots, #showdown, #board { height: auto; padding: 0 1; }
.actions { height: auto; }
.actions Button { min-width: 8; margin: 0 1 0 0; }
.actions Input { width: 20; }
#log { height: 1fr; padding: 0 1; border: round $secondary; }
#setup-form { height: 1fr; }
.rule-row { height: auto; }
#setup-error { height: auto; color: red; padding: 0 1; }
#setup-buttons { height: auto; }
#rules-box { width: 90%; height: 90%; border: thick $primary; background: $surface;
             padding: 1 2; }
#rules-text { height: 1fr; }
RulesScreen { align: center middle; }
"""


PREPARE_AFTER: Final = 0.5
"""Seconds between showing the setup screen and starting the background preparation
(which competes with drawing the screen for the interpreter)."""


class PlayApp(App[None]):
    """``pokerbonus play``: the setup screen, then the table.

    ``session`` skips the setup (a resumed session, or tests); otherwise the
    setup screen starts with ``settings`` and ``make_session`` turns the chosen
    settings into a session (the command passes the store and the seed).
    ``preparation`` (the command's) gets the table ready in the background while
    the setup screen is shown (:mod:`pokerbonus.tui.prepare`); the header says so
    while the computer players' kernels are being compiled.
    """

    TITLE = "Poker Bonus"
    CSS = CSS

    def __init__(
        self,
        settings: PlaySettings | None = None,
        *,
        session: PlaySession | None = None,
        make_session: Callable[[PlaySettings], PlaySession] | None = None,
        bot_pause: float = 0.0,
        preparation: Preparation | None = None,
    ) -> None:
        super().__init__()
        self.bot_pause = bot_pause
        self.settings = settings if settings is not None else PlaySettings()
        self.session = session
        self._make_session = make_session if make_session is not None else _new_session
        self._preparation = preparation
        self.error: str | None = None
        """Why the table could not be opened (the command prints it), if it could not."""

    def on_mount(self) -> None:
        """Show the table (resumed session) or the setup screen."""
        if self._preparation is not None:
            from pokerbonus.compiling import set_reporter
            from pokerbonus.tui.prepare import ScreenReporter

            set_reporter(ScreenReporter(self._show_preparing, self.call_from_thread))
        if self.session is not None:
            self.push_screen(TableScreen(self.session, self.bot_pause))
        else:
            self.push_screen(SetupScreen(self.settings), self._start)
            if self._preparation is not None:  # once the setup screen is on the terminal
                self.set_timer(PREPARE_AFTER, partial(self._preparation.start, self.settings))

    def on_unmount(self) -> None:
        """Stop reporting compilations to this screen."""
        if self._preparation is not None:
            from pokerbonus.compiling import set_reporter

            set_reporter(None)

    def _show_preparing(self, text: str) -> None:
        self.sub_title = text

    def _start(self, settings: PlaySettings | None) -> None:
        if settings is None:
            return
        self.settings = settings
        preparation = self._preparation
        if preparation is None or preparation.imported.is_set():
            self._open_table(settings)
            if preparation is not None:
                preparation.start(settings)  # other settings than the first ones
            return
        preparation.start(settings)
        self.run_worker(self._open_when_imported(settings), name="open-table", exclusive=True)

    async def _open_when_imported(self, settings: PlaySettings) -> None:
        """Wait (off the screen's thread) for the background imports, then open."""
        assert self._preparation is not None
        await asyncio.to_thread(self._preparation.imported.wait)
        self._open_table(settings)

    def _open_table(self, settings: PlaySettings) -> None:
        """Make the session and show the table (or leave, saying why)."""
        try:
            self.session = self._make_session(settings)
        except PokerError as exc:
            self.error = str(exc)
            self.exit()
            return
        self.push_screen(TableScreen(self.session, self.bot_pause))


def _new_session(settings: PlaySettings) -> PlaySession:
    from pokerbonus.tui.session import PlaySession

    return PlaySession(settings)
