"""The table screen of ``pokerbonus play``: seats, pots, the person's cards, the
log and the action buttons.

Everything on it is drawn from the person's seat view
(:attr:`PlaySession.view`) and public table facts; see :mod:`pokerbonus.tui.render`.

Keys at the table: ``f`` fold, ``c`` check/call, ``m`` minimum bet, ``h`` half
pot, ``p`` pot, ``a`` all-in, ``r`` custom amount; ``1``-``5`` pick cards to
exchange, ``d`` draw them, ``s`` stand pat; ``y``/``n`` take or decline an offer
(buy the pot, surblind); ``space`` next hand, ``b`` rebuy, ``?`` rules,
``q`` leave the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Footer, Header, Input, Static

from pokerbonus.cards import Card, parse_cards
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.tui.render import (
    board_text,
    card_text,
    log_text,
    pots_text,
    seats_text,
    showdown_text,
)
from pokerbonus.tui.rules_text import rules_text
from pokerbonus.tui.screens import (
    CARD_KEYS,
    TABLE_KEYS,
    LedgerScreen,
    PlayingScreen,
    RulesScreen,
)
from pokerbonus.tui.session import PlaySession

__all__ = ["TableScreen", "bet_amounts"]


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
