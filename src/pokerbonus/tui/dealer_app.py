"""Dealer mode at the terminal (``pokerbonus play --dealer``, RULES.md section 9).

The game logic is :mod:`pokerbonus.dealer`; the session (the person, the
computer players, the store) is :class:`~pokerbonus.tui.dealer_session.DealerSession`.
This module draws the screens from the person's
:class:`~pokerbonus.dealer.DealerView` only:

- the setup screen: every table setting (ante, bet, play multiple, switch and
  its fee, qualifier, paytable, cave) and the person's choices, checked by
  :class:`~pokerbonus.dealer.DealerSettings` (a refused value shows its message);
- the table: after the decisions the dealer's four other cards are turned one
  at a time; the hint key shows the exact expected result of every choice;
- the rules screen, with the return to player of the settings in force and the
  tie rule; the ledger when the person leaves (the table's buttons are gone).

The computer players, the hint and the return to player are worked out off the
screen's thread, so the screen is drawn and keys are read meanwhile.

Keys: ``k`` keep, ``1``-``5`` pick the card to exchange then ``x``, ``f`` fold,
``h`` hint, ``space`` next hand, ``b`` rebuy, ``?`` rules, ``q`` leave.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from pokerbonus.cards import Card
from pokerbonus.dealer import PAYTABLE_HANDS, DealerAction, DealerSettings, DealerView
from pokerbonus.dealer.events import (
    Exchanged,
    Folded,
    Kept,
    PotAwarded,
    PotCarried,
    WagerSettled,
)
from pokerbonus.dealer.strategy import Decision
from pokerbonus.dealer.text import hand_name, rules_text
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.hands import evaluate
from pokerbonus.i18n import N_, gettext, pgettext
from pokerbonus.i18n.numbers import number
from pokerbonus.store import Store
from pokerbonus.tui.app import CARD_KEYS, TABLE_KEYS, LedgerScreen, PlayingScreen, RulesScreen
from pokerbonus.tui.dealer_session import (
    DealerResume,
    DealerSession,
    PastHand,
    dealer_settings_from_options,
    simple_decision,
)
from pokerbonus.tui.render import HIDDEN_CARD, YOU, card_text, cards_text
from pokerbonus.tui.screens import PlayingApp, translate_bindings
from pokerbonus.tui.table import LogBox

__all__ = [
    "DealerApp",
    "DealerResume",
    "DealerScreen",
    "DealerSession",
    "DealerSetupScreen",
    "dealer_settings_from_options",
    "dealer_text",
    "hint_text",
    "past_hand_text",
    "run_dealer",
    "simple_decision",
]

QUALIFIERS: Final = (
    (N_("Ace-king high (AK)"), "AK"), (N_("Ace high (A)"), "A"),
    (N_("A pair of twos (22)"), "22"), (N_("A pair of fours (44)"), "44"),
    (N_("Any hand: the dealer always qualifies"), "none"),
)  # fmt: skip
"""The qualifiers offered by the setup screen (a TOML file may name any other),
marked for translation (shown with ``gettext``)."""

_OUTCOME_WORDS: Final = {
    # Translators: a player's result against the bank, after the player's cards.
    "win": N_("wins"), "push": N_("push: both wagers back"), "lose": N_("loses bet and play"),
    "fold": N_("folded: bet lost"), "no_qualify": N_("dealer does not qualify: wins the bet"),
}  # fmt: skip


_DECISION_WORDS: Final = {
    # Translators: a player's decision, shown in a column of the table (as wide as
    # the longest of the three).
    "keep": N_("keeps"), "exchange": N_("exchanges one"), "fold": N_("folds"),
}  # fmt: skip


def decisions(view: DealerView) -> dict[int, str]:
    """Each seat's decision made so far in the hand, in words."""
    out: dict[int, str] = {}
    for e in view.log:
        if isinstance(e, Kept):
            out[e.seat] = gettext(_DECISION_WORDS["keep"])
        elif isinstance(e, Exchanged):
            out[e.seat] = gettext(_DECISION_WORDS["exchange"])
        elif isinstance(e, Folded):
            out[e.seat] = gettext(_DECISION_WORDS["fold"])
    return out


def dealer_text(view: DealerView, names: tuple[str, ...], turned: int, four: bool) -> Text:
    """The dealer's row and each player's row, from the person's view; only
    ``turned`` dealer cards are drawn face up (the screen turns them one by one)."""
    out = Text()
    up = view.dealer_up[:turned]
    # Translators: the dealer's row of the table (padded to 16 columns).
    dealer = gettext("Dealer (bank)")
    out.append(f"{dealer:<15} ", style="bold")
    out.append_text(cards_text(up, four))
    out.append((" " if up else "") + " ".join([HIDDEN_CARD] * (5 - len(up))), style="blue")
    complete = view.finished and turned >= 5
    if complete:
        out.append("  " + evaluate(view.dealer_up).describe(), style="italic")
        out.append(
            gettext(": qualifies") if view.qualified else gettext(": does not qualify"),
            style="bold" if view.qualified else "bold green",
        )
    stakes = (
        gettext("Table pot: {pot}   bet {bet}   play wager {play}   switch fee {fee}")
        if view.switch
        else gettext("Table pot: {pot}   bet {bet}   play wager {play}   no switch")
    )
    out.append(
        "\n" + stakes.format(pot=view.pot, bet=view.bet, play=view.play, fee=view.fee) + "\n\n",
        style="bold yellow",
    )
    shown = {seat: cards for seat, cards in view.shown if seat is not None}
    settled = {e.seat: e for e in view.log if isinstance(e, WagerSettled)}
    pot_won = {s: c for e in view.log if isinstance(e, PotAwarded) for s, c in e.shares}
    status = decisions(view)
    width = 1 + max(len(gettext(words)) for words in _DECISION_WORDS.values())
    for seat, name in enumerate(names):
        turn = "▶ " if view.actor == seat else "  "
        line = Text(turn, style="bold yellow")
        shown_name = gettext(YOU) if name == YOU else name
        line.append(f"{shown_name:<10}", style="bold" if seat == view.seat else "")
        # Translators: a player's chips in front of them, in a row of the table.
        stack = gettext("stack {chips}").format(chips=f"{view.stacks[seat]:>5}")
        head = f" {stack}  {status.get(seat, ''):<{width}}"
        line.append(head)
        if complete and seat in shown:
            line.append_text(cards_text(shown[seat], four))
            line.append("  " + evaluate(shown[seat]).describe(), style="italic")
        elif seat == view.seat:
            line.append_text(cards_text(view.hole, four))
        elif not view.folded[seat]:
            line.append(" ".join([HIDDEN_CARD] * 5), style="blue")
        if complete and seat in settled:  # on a line of its own, under the cards
            r = settled[seat]
            outcome = gettext(_OUTCOME_WORDS[r.outcome])
            line.append("\n" + " " * (len(turn) + 10 + len(head)))
            line.append(outcome, style="bold green" if r.returned else "")
            if r.returned:
                line.append(
                    " " + gettext("(+{chips} back)").format(chips=r.returned), style="bold green"
                )
            if seat in pot_won:
                line.append(
                    " " + gettext("+ table pot {chips}").format(chips=pot_won[seat]),
                    style="bold green",
                )
        out.append_text(line)
        out.append("\n")
    if complete and any(isinstance(e, PotCarried) for e in view.log):
        out.append(gettext("Everyone folded: the table pot carries over.") + "\n")
    return out


def past_hand_text(past: PastHand, four: bool = False) -> Text:
    """One line of the log of past hands: the hand's number, the person's cards,
    decision and result against the bank, the dealer's cards and the person's
    net (``Hand 3  Q♥ Q♣ 9♠ 9♣ 2♣  keeps  dealer 6♠ T♦ 8♣ A♠ 5♥  wins  +7``)."""
    view = past.view
    seat = view.seat
    out = Text(gettext("Hand {number}").format(number=past.number), style="bold")
    if seat is None:
        return out
    out.append("  ")
    out.append_text(cards_text(view.hole, four))
    decided = decisions(view).get(seat)
    if decided:
        out.append(f"  {decided}")
    # Translators: the dealer's cards in the log of past hands.
    out.append("  " + pgettext("past hands", "dealer") + " ")
    out.append_text(cards_text(view.dealer_up, four))
    settled = {e.seat: e for e in view.log if isinstance(e, WagerSettled)}
    if seat in settled:
        out.append("  " + gettext(_OUTCOME_WORDS[settled[seat].outcome]))
    if past.net is not None:
        style = "bold green" if past.net > 0 else "red" if past.net < 0 else ""
        out.append(f"  {past.net:+d}", style=style)
    return out


def hint_text(decision: Decision) -> Text:
    """The expected result of each choice against the bank, best marked."""
    out = Text(
        gettext("Expected result of each choice against the bank, in chips (the ante apart):")
        + "\n",
        style="bold",
    )
    rows: list[tuple[str, float, bool]] = [
        # Translators: the rows of the hint table (12 columns wide).
        (gettext("fold"), decision.fold, decision.kind == "fold"),
        (gettext("keep"), decision.keep, decision.kind == "keep"),
    ]
    rows += [
        (
            gettext("exchange {card}").format(card=card_text(card).plain),
            value,
            decision.kind == "exchange" and decision.card == card,
        )
        for card, value in decision.exchange
    ]
    best_word = gettext("best")
    for label, value, best in rows:
        out.append(f"  {label:<12}{number(value, '+9.3f'):>9}", style="bold green" if best else "")
        out.append(f"   {best_word}\n" if best else "\n", style="bold green")
    return out


class DealerScreen(PlayingScreen):
    """The dealer-mode table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "keep", N_("Keep")),
        Binding("x", "exchange", N_("Exchange")),
        Binding("f", "fold", N_("Fold")),
        Binding("h", "hint", N_("Hint")),
        *CARD_KEYS,
        *TABLE_KEYS,
    ]

    TURN_SECONDS: ClassVar[float] = 0.4
    """The pause between two dealer cards turned."""

    def __init__(self, session: DealerSession) -> None:
        super().__init__(session.resume_report.message)
        # The table's "Exchange" is the draw's (« Demander »); here one card is swapped.
        self._bindings.key_to_bindings["x"] = [
            dataclasses.replace(b, description=pgettext("dealer mode", "Exchange"))
            for b in self._bindings.key_to_bindings.get("x", [])
        ]
        self.session = session
        self.picked: Card | None = None
        self.turned = 0
        self.hint: Text | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="dealer-status")
        yield Static("", id="dealer-table")
        yield Static("", id="dealer-hint")
        with Horizontal(classes="actions"):
            yield Button(gettext("Keep"), id="d-keep", variant="primary")
            for i in range(5):
                yield Button("", id=f"d-card-{i}")
            yield Button(pgettext("dealer mode", "Exchange"), id="d-exchange")
            yield Button(gettext("Fold"), id="d-fold", variant="error")
            yield Button(gettext("Hint"), id="d-hint")
            yield Button(gettext("Next hand"), id="d-next", variant="success")
            yield Button(gettext("Rebuy"), id="d-rebuy")
            yield Button(gettext("Rules"), id="d-rules")
            yield Button(gettext("Leave"), id="d-leave")
        log = LogBox(id="dealer-log")
        # Translators: the title of the box listing the hands played so far.
        log.border_title = gettext("Past hands")
        yield log
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
            self.turned = 1 if self.session.view is not None else 0  # the up card at once
        elif self.session.view is not None:
            self.turned = 5 if self.session.view.finished else 1
        self.refresh_table()
        self._think()

    def _turn_one(self) -> None:
        view = self.session.view
        if view is not None and self.turned < len(view.dealer_up) and not self.left:
            self.turned += 1
            self.refresh_table()

    def refresh_table(self) -> None:
        """Redraw from the person's view."""
        s = self.session
        view = s.view
        if view is None or self.left:
            return
        deciding = view.actor is not None and view.actor == view.seat
        if view.finished and self.turned < 5 and len(view.dealer_up) == 5:
            status = Text(gettext("The dealer turns his cards..."))
        elif view.finished:
            status = Text(gettext("Hand over: space for the next hand."), style="bold")
        elif deciding:
            words = (
                gettext(
                    "Your decision: k keep (play wager {play}), 1-5 then x exchange one (play "
                    "wager {play} and fee {fee}), f fold (the bet of {bet} is lost), h hint."
                )
                if view.switch
                else gettext(
                    "Your decision: k keep (play wager {play}) or f fold (the bet of {bet} is "
                    "lost), h hint."
                )
            )
            status = Text(
                words.format(play=view.play, fee=view.fee, bet=view.bet), style="bold yellow"
            )
        elif view.actor is not None:
            status = Text(
                gettext("{name} is deciding...").format(name=s.names[view.actor]), style="dim"
            )
        else:
            status = Text("")
        if self.message:
            status.append("\n" + self.message, style="italic")
        self.query_one("#dealer-status", Static).update(status)
        table = self.query_one("#dealer-table", Static)
        table.update(
            dealer_text(view, s.names, min(self.turned, len(view.dealer_up)), s.four_color)
        )
        number = s.table.hands_played + (1 if s.in_hand else 0)
        table.border_title = gettext("Hand {number}").format(number=number)
        shown = [p for p in s.past if p.view is not view or self.turned >= 5]
        lines = [past_hand_text(p, s.four_color) for p in shown]
        self.query_one("#dealer-log", LogBox).show(lines)
        self.query_one("#dealer-hint", Static).update(
            self.hint if deciding and self.hint is not None else ""
        )
        # Translators: the buttons, with what each choice adds (+) or loses (-).
        keep = gettext("Keep (+{chips})").format(chips=view.play)
        self.query_one("#d-keep", Button).label = keep
        exchange = gettext("Exchange (+{chips})").format(chips=view.play + view.fee)
        self.query_one("#d-exchange", Button).label = exchange
        self.query_one("#d-fold", Button).label = gettext("Fold (-{chips})").format(chips=view.bet)
        for bid in ("#d-keep", "#d-fold", "#d-hint"):
            self.query_one(bid, Button).display = deciding
        self.query_one("#d-exchange", Button).display = deciding and view.switch
        for i in range(5):
            button = self.query_one(f"#d-card-{i}", Button)
            button.display = deciding and view.switch and i < len(view.hole)
            if button.display:
                face = card_text(view.hole[i], s.four_color)
                if view.hole[i] == self.picked:
                    face = Text("▲ ", style="bold") + face
                    face.stylize("reverse")
                button.label = face
        between = not s.in_hand
        self.query_one("#d-next", Button).display = between
        self.query_one("#d-rebuy", Button).display = between
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer shows the keys that act now: the decisions while the person
        decides (exchange only with the switch), the next hand and the rebuy
        between hands."""
        s = self.session
        view = s.view
        deciding = (
            view is not None and view.actor is not None and view.actor == view.seat
            and not view.finished and not self.left
        )  # fmt: skip
        if action in ("keep", "fold", "hint"):
            return deciding
        if action in ("exchange", "pick"):
            return deciding and view is not None and view.switch
        if action in ("next_hand", "rebuy"):
            return not s.in_hand
        return True

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
        if view is None or view.actor != view.seat or view.finished or self.left:
            return
        self.turned = min(self.turned, 1)
        if self._run(lambda: self.session.act(action, run_computers=False)):
            self.picked = None
            self.hint = None
        self.refresh_table()
        self._think()

    def action_keep(self) -> None:
        """Keep the five cards (adding the play wager)."""
        self._act(DealerAction("keep"))

    def action_fold(self) -> None:
        """Fold (the bet is lost)."""
        self._act(DealerAction("fold"))

    def action_pick(self, index: int) -> None:
        """Pick the card to exchange."""
        view = self.session.view
        if view is not None and index < len(view.hole) and not self.left:
            card = view.hole[index]
            self.picked = None if self.picked == card else card
            self.refresh_table()

    def action_exchange(self) -> None:
        """Exchange the picked card (adding the play wager and paying the fee)."""
        if self.left:
            return
        if self.picked is None:
            self.message = gettext("To exchange, first pick the card to give up (keys 1 to 5).")
            self.refresh_table()
            return
        self._act(DealerAction("exchange", self.picked))

    def action_hint(self) -> None:
        """Show the exact expected result of each choice for the hand in front of
        the person (worked out off the screen's thread)."""
        view = self.session.view
        if self.left or view is None or view.actor is None or view.actor != view.seat:
            return
        self.hint = Text(gettext("Working out the value of each choice..."), style="dim")
        self.refresh_table()
        self.run_worker(partial(self._hint_values, view), thread=True, group="hint")

    def _hint_values(self, view: DealerView) -> None:
        from pokerbonus.dealer.strategy import best_decision

        decision = best_decision(view.hole, int(view.dealer_up[0]), self.session.settings)
        self.app.call_from_thread(self._show_hint, view, decision)

    def _show_hint(self, view: DealerView, decision: Decision) -> None:
        now = self.session.view
        if now is not None and now.hole == view.hole and now.actor == view.actor:
            self.hint = hint_text(decision)
            self.refresh_table()

    def action_next_hand(self) -> None:
        """Deal the next hand."""
        if self.session.can_deal() and not self.left:
            self.turned = 0
            self.hint = None
            self._run(self._start_hand)
            self.turned = 1 if self.session.view is not None else 0
            self.refresh_table()
            self._think()

    def action_rebuy(self) -> None:
        """Buy a cave between hands."""
        if not self.session.in_hand and not self.left and self._run(self.session.rebuy):
            self.message = gettext("You buy a cave: {chips}.").format(
                chips=self.session.table.stacks[self.session.person]
            )
        self.refresh_table()

    def action_rules(self) -> None:
        """The rules screen, with the return to player of the settings in force and
        the tie rule (the return is worked out off the screen's thread, once)."""
        if self.left:
            return
        self.message = gettext("Working out the return to player of these settings...")
        self.refresh_table()
        self.run_worker(self._rules_rtp, thread=True, group="rules", exclusive=True)

    def _rules_rtp(self) -> None:
        from pokerbonus.analysis.stats.dealer import rules_rtp

        rtp, edge = rules_rtp(self.session.settings)
        self.app.call_from_thread(self._show_rules, rtp, edge)

    def _show_rules(self, rtp: tuple[float, float, float], edge: float) -> None:
        self.message = ""
        self.refresh_table()
        if self.left:
            return
        text = rules_text(self.session.settings, rtp=rtp, house_edge=edge)
        self.app.push_screen(RulesScreen("\n\n".join(text)))

    def action_leave(self) -> None:
        """Leave: the session ledger replaces the table (q, Enter or Escape quits)."""
        if self.left:
            return
        self.left = True
        s = self.session
        notes = [gettext("You left the table.")]
        if s.in_hand:
            notes.append(
                gettext(
                    "The hand is kept: `pokerbonus play --dealer --resume {session}` resumes it "
                    "(or voids it, every ante and wager returned)."
                ).format(session=s.session_id)
            )
        bank = s.table.bank
        notes.append(
            gettext("The bank won {chips} chips in this session.").format(chips=bank)
            if bank >= 0
            else gettext("The bank lost {chips} chips in this session.").format(chips=-bank)
        )
        notes.append(gettext("Press q, Enter or Escape to quit."))
        note = " ".join(notes)
        self.app.switch_screen(LedgerScreen(s.leave(), note))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what their keys do."""
        bid = event.button.id or ""
        if bid.startswith("d-card-"):
            self.action_pick(int(bid.removeprefix("d-card-")))
            return
        actions: dict[str, Callable[[], None]] = {
            "d-keep": self.action_keep, "d-exchange": self.action_exchange,
            "d-fold": self.action_fold, "d-hint": self.action_hint,
            "d-next": self.action_next_hand, "d-rebuy": self.action_rebuy,
            "d-rules": self.action_rules, "d-leave": self.action_leave,
        }  # fmt: skip
        handler = actions.get(bid)
        if handler is not None:
            handler()


class DealerSetupScreen(Screen[tuple[DealerSettings, dict[str, Any]]]):
    """Every table setting of dealer mode and the person's choices; a refused
    value shows the settings' message and nothing starts."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f5", "play", N_("Play"))]

    def __init__(self, settings: DealerSettings, person: Mapping[str, Any]) -> None:
        super().__init__()
        translate_bindings(self)
        self.settings = settings
        self.person = dict(person)

    def compose(self) -> ComposeResult:
        s = self.settings
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield Label(gettext("Computer opponents (0 to 4)"))
            yield Input(str(s.players - 1), id="field-opponents")
            yield Label(gettext("Your name"))
            name = str(self.person.get("name", YOU))
            yield Input(gettext(YOU) if name == YOU else name, id="field-name")
            yield Label(gettext("Four-colour deck"))
            yield Switch(bool(self.person.get("four_color")), id="field-four_color")
            yield Label(gettext("Ante into the table pot"))
            yield Input(str(s.ante), id="field-ante")
            yield Label(gettext("Bet against the bank"))
            yield Input(str(s.bet), id="field-bet")
            yield Label(gettext("Play wager, in bets"))
            yield Input(str(s.play_multiple), id="field-play_multiple")
            yield Label(gettext("The switch: exchange one card for a fee"))
            yield Switch(s.switch, id="field-switch")
            yield Label(gettext("Switch fee in chips (empty: equal to the bet)"))
            yield Input(str(s.switch_fee), id="field-switch_fee")
            yield Label(gettext("The dealer qualifies with"))
            choices = [(gettext(words), code) for words, code in QUALIFIERS]
            if s.qualifier.code not in {code for _, code in choices}:
                choices.append((s.qualifier.text, s.qualifier.code))
            yield Select(choices, value=s.qualifier.code, allow_blank=False, id="field-qualifier")
            yield Label(gettext("Play wager paytable, each to 1"))
            pays = s.paytable.to_dict()
            half = (len(PAYTABLE_HANDS) + 1) // 2
            for row, keys in enumerate((PAYTABLE_HANDS[:half], PAYTABLE_HANDS[half:])):
                with Horizontal(id=f"paytable-row-{row}", classes="paytable-row"):
                    for key in keys:
                        yield Label(hand_name(key))
                        yield Input(str(pays[key]), id=f"pay-{key}", classes="pay")
            yield Label(gettext("Cave: the buy-in (chips bought on sitting down or rebuying)"))
            yield Input(str(s.cave), id="field-cave")
        yield Static("", id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button(gettext("Play"), variant="success", id="play")
            yield Button(gettext("Quit"), id="quit")
        yield Footer()

    def values(self) -> dict[str, Any]:
        """The form's values, as :func:`dealer_settings_from_options` reads them
        (numbers that do not read as whole numbers are passed on as text and
        refused by name)."""
        out: dict[str, Any] = {}
        for widget in self.query("#setup-form Input, #setup-form Switch, #setup-form Select"):
            wid = widget.id or ""
            if isinstance(widget, Switch | Select):
                out[wid.removeprefix("field-")] = widget.value
            elif isinstance(widget, Input):
                text = widget.value.strip()
                value: Any = text
                if wid != "field-name":
                    try:
                        value = int(text) if text else None
                    except ValueError:
                        value = text
                if wid.startswith("pay-"):
                    out.setdefault("paytable", {})[wid.removeprefix("pay-")] = value
                else:
                    out[wid.removeprefix("field-")] = value
        return out

    def action_play(self) -> None:
        """Check the settings and start the table, or show why not."""
        try:
            settings, person = dealer_settings_from_options(None, self.values())
        except ConfigurationError as exc:
            self.query_one("#setup-error", Static).update(Text(str(exc), style="bold red"))
            return
        self.dismiss((settings, person))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Play or quit."""
        if event.button.id == "play":
            self.action_play()
        elif event.button.id == "quit":
            self.app.exit()


class DealerApp(PlayingApp):
    """``pokerbonus play --dealer``: the setup screen, then the table.

    ``session`` skips the setup (a resumed session, or tests); otherwise the
    setup screen starts from ``settings`` and ``person`` and ``make_session``
    turns the chosen settings into a session (the command passes the store and
    the seed).
    """

    TITLE = "Poker Bonus - dealer mode"
    CSS = """
    #dealer-table { height: auto; padding: 1; border: round $primary; }
    #dealer-hint { height: auto; padding: 0 1; }
    #dealer-log { height: 1fr; padding: 0 1; border: round $secondary; }
    .actions { height: auto; }
    .actions Button { min-width: 6; margin: 0 1 0 0; }
    #setup-form { height: 1fr; }
    .paytable-row { height: auto; }
    .paytable-row Label { padding: 1 0 0 1; }
    .paytable-row Input { width: 9; }
    #setup-error { height: auto; color: red; padding: 0 1; }
    #setup-buttons { height: auto; }
    #rules-box { width: 90%; height: 90%; border: thick $primary; background: $surface;
                 padding: 1 2; }
    #rules-text { height: 1fr; }
    RulesScreen { align: center middle; }
    """

    def __init__(
        self,
        session: DealerSession | None = None,
        *,
        settings: DealerSettings | None = None,
        person: Mapping[str, Any] | None = None,
        make_session: Callable[[DealerSettings, dict[str, Any]], DealerSession] | None = None,
        prepare: bool = False,
    ) -> None:
        super().__init__()
        self._prepare = prepare
        translate_bindings(self)
        self.title = gettext("Poker Bonus - dealer mode")
        self.session = session
        self.settings = settings if settings is not None else DealerSettings()
        self.person = dict(person or {})
        self._make_session = make_session or (
            lambda s, p: DealerSession(s, name=p["name"], four_color=p["four_color"])
        )

    def on_mount(self) -> None:
        """Show the table (a session given) or the setup screen; with ``prepare``,
        get the exact decision's kernels ready in the background meanwhile, saying
        so in the header while numba compiles them (first run on a machine)."""
        if self._prepare:
            from pokerbonus.compiling import set_reporter
            from pokerbonus.tui.prepare import ScreenReporter, prepare_dealer

            set_reporter(ScreenReporter(self._show_preparing, self.call_from_thread))
            self.run_worker(prepare_dealer, thread=True, group="prepare", exit_on_error=False)
        if self.session is not None:
            self.push_screen(DealerScreen(self.session))
        else:
            self.push_screen(DealerSetupScreen(self.settings, self.person), self._start)

    def on_unmount(self) -> None:
        """Stop reporting compilations to this app."""
        if self._prepare:
            from pokerbonus.compiling import set_reporter

            set_reporter(None)

    def _show_preparing(self, text: str) -> None:
        self.sub_title = text

    def _start(self, chosen: tuple[DealerSettings, dict[str, Any]] | None) -> None:
        if chosen is None:
            return
        settings, person = chosen
        try:
            self.session = self._make_session(settings, person)
        except PokerError as exc:  # the store refused: nothing started
            self.exit(message=gettext("error: {message}").format(message=exc))
            return
        self.push_screen(DealerScreen(self.session))


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
    """Start dealer mode from the command's options (the table settings, ``opponents``,
    ``name``, ``four_color``): the setup screen, then the table; or resume a
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
        DealerApp(session, prepare=True).run()
        return
    if session_id is not None:
        raise PokerError(
            gettext("session {session_id}: give --resume to resume a session").format(
                session_id=session_id
            )
        )
    settings, person = dealer_settings_from_options(config, options)

    def make(chosen: DealerSettings, who: dict[str, Any]) -> DealerSession:
        return DealerSession(
            chosen, name=who["name"], seed=seed, store=store, four_color=who["four_color"]
        )

    DealerApp(settings=settings, person=person, make_session=make, prepare=True).run()
