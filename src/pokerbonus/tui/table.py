"""The table screen of ``pokerbonus play``: seats, pots, the person's cards, the
log and the action buttons.

Everything on it is drawn from the person's seat view
(:attr:`PlaySession.view`) and public table facts; see :mod:`pokerbonus.tui.render`.

Keys at the table: ``f`` fold, ``c`` check/call, ``m`` minimum bet, ``h`` half
pot, ``p`` pot, ``a`` all-in, ``r`` custom amount; ``1``-``5`` pick cards to
exchange, ``d`` draw them, ``s`` stand pat; ``y``/``n`` take or decline an offer
(buy the pot, surblind); ``space`` next hand, ``b`` rebuy, ``?`` rules,
``q`` leave the table; ``l`` the last hands, action by action
(:mod:`pokerbonus.tui.replayer`), ``v`` after a hand the coach on it
(:mod:`pokerbonus.tui.review_screen`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Input, Static

from pokerbonus.cards import Card, parse_cards
from pokerbonus.engine.actions import Action, LegalActions
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.i18n import N_, gettext, ngettext, pgettext
from pokerbonus.tui.render import (
    LEFT,
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
    BrokeScreen,
    EndChoice,
    PlayingScreen,
    RulesScreen,
)

if TYPE_CHECKING:
    from pokerbonus.tui.session import PlaySession

__all__ = [
    "LogBox",
    "TableScreen",
    "bet_amounts",
    "bet_buttons",
    "bet_words",
    "cave_button",
    "decision_words",
    "refusal",
    "relabel",
    "typed_cards_refusal",
]


CARD_STARTS: frozenset[str] = frozenset("6789TtJjQKkAaRrVvD")
"""The characters that start a card typed at the draw (the ranks in English and
French letters, ``1`` of ``10`` and ``2``-``5`` apart: those keys pick a card);
a key the table takes (``d``, ``s``, ``q``...) is left to it."""


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


def bet_buttons(view: SeatView, legal: LegalActions) -> dict[str, tuple[str, int]]:
    """The bet buttons to show, each with its label and total, in the order
    ``min``, ``half``, ``pot``, ``all-in``: none when raising is not allowed.

    ``min`` is a bet (``Bet 2``) before the opening and a raise after
    (``Raise to 8``). A button whose total another one already offers is left
    out (in a limit game only the one size), and ``all-in`` only when the largest
    total is the whole stack (not the pot-limit or limit cap).
    """
    amounts = bet_amounts(view, legal)
    if not amounts:
        return {}
    seat = view.seat if view.seat is not None else legal.seat
    whole_stack = view.stacks[seat] + view.bets[seat]
    opened = max(view.bets) > 0
    labels = {
        "min": bet_words(opened, amounts["min"]),
        "half": gettext("Half pot {amount}").format(amount=amounts["half"]),
        "pot": gettext("Pot {amount}").format(amount=amounts["pot"]),
        "all-in": gettext("All-in {amount}").format(amount=amounts["all-in"]),
    }
    keep = ["min"]
    if amounts["all-in"] == whole_stack and amounts["all-in"] != amounts["min"]:
        keep.append("all-in")
    for key in ("pot", "half"):
        if all(amounts[key] != amounts[k] for k in keep):
            keep.append(key)
    if amounts["all-in"] == whole_stack and amounts["min"] == whole_stack:
        labels["min"] = gettext("All-in {amount}").format(amount=whole_stack)
    return {k: (labels[k], amounts[k]) for k in ("min", "half", "pot", "all-in") if k in keep}


def bet_words(opened: bool, amount: int | str) -> str:
    """A bet button's words: ``Bet 2`` before the opening, ``Raise to 8`` after."""
    if opened:
        return gettext("Raise to {amount}").format(amount=amount)
    # Translators: the first bet of a round; French draw players say « ouvrir ».
    return gettext("Bet {amount}").format(amount=amount)


def decision_words(view: SeatView) -> str:
    """What the person is to decide, as the status line says it: what is owed
    and what may be done (``Your turn: call 57, raise or fold.``)."""
    legal = view.legal
    assert legal is not None
    if legal.decision == "bet":
        call = legal.call_amount or 0
        can_raise = legal.min_raise_to is not None
        if call:
            if can_raise:
                if legal.can_fold:
                    return gettext("Your turn: call {amount}, raise or fold.").format(amount=call)
                return gettext("Your turn: call {amount} or raise.").format(amount=call)
            seat = view.seat
            others_all_in = all(
                view.stacks[x] == 0 or view.folded[x] for x in range(view.players) if x != seat
            )
            if legal.can_fold and others_all_in:
                return gettext(
                    "Your turn: call {amount} or fold (no raise: every other player is all-in)."
                ).format(amount=call)
            if legal.can_fold:
                return gettext("Your turn: call {amount} or fold.").format(amount=call)
            return gettext("Your turn: call {amount}.").format(amount=call)
        if can_raise:
            if max(view.bets) > 0:
                return gettext("Your turn: check or raise.")
            return gettext("Your turn: check or bet.")
        return gettext("Your turn: check.")
    if legal.decision == "draw":
        return ngettext(
            "Your turn: exchange up to {count} card (keys 1-5, then d) or stand pat (s).",
            "Your turn: exchange up to {count} cards (keys 1-5, then d) or stand pat (s).",
            legal.max_discard,
        ).format(count=legal.max_discard)
    if legal.decision == "discard":
        return ngettext(
            "Your turn: choose {count} card to discard (keys 1 to 5, then d).",
            "Your turn: choose {count} cards to discard (keys 1 to 5, then d).",
            legal.discard_count,
        ).format(count=legal.discard_count)
    if legal.decision == "buy_pot":
        # Translators: y and n are the keys; they stay y and n.
        words = gettext("Your turn: buy the pot for {amount}? (y or n)")
    elif legal.decision == "surblind":
        words = gettext("Your turn: surblind to {amount}? (y or n)")
    elif legal.decision == "kill":
        words = gettext("Your turn: put the kill on for {amount}? (y or n)")
    else:
        return gettext("Your turn: {decision}.").format(decision=legal.decision)
    return words.format(amount=legal.offer_amount)


def fold_refusal(legal: LegalActions) -> str:
    """Why the person may not fold now, in words."""
    if legal.call_amount:
        return gettext("You may not fold now: bring it in or complete.")
    return gettext(
        "There is no fold before the opening: nobody has bet, so you may check for free."
    )


def refusal(action: Action, view: SeatView) -> str | None:
    """Why the table would refuse the person's ``action``, in words spoken to
    them (``None``: nothing to say, the engine decides).

    The engine's own messages name seats; these name nothing but the person's
    cards and chips.
    """
    legal = view.legal
    if legal is None:
        return None
    if action.kind == "fold" and legal.decision == "bet" and not legal.can_fold:
        return fold_refusal(legal)
    if action.kind == "raise_to" and legal.decision == "bet":
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is None or high is None:
            return gettext("You may not bet or raise now: call or fold.")
        if not low <= action.amount <= high:
            if max(view.bets) > 0:
                words = gettext("You may raise to a total of {low} to {high} chips, not {amount}.")
            else:
                words = gettext("You may bet {low} to {high} chips, not {amount}.")
            return words.format(low=low, high=high, amount=action.amount)
    if action.kind == "discard" and legal.decision in ("draw", "discard"):
        for card in action.cards:
            if card not in view.hole:
                return gettext("You do not hold {card}: your cards are {cards}.").format(
                    card=card_text(Card(card)).plain, cards=cards_words(view.hole)
                )
        count = len(action.cards)
        if legal.decision == "draw" and count > legal.max_discard:
            return ngettext(
                "You may exchange at most {most} card, not {count}.",
                "You may exchange at most {most} cards, not {count}.",
                legal.max_discard,
            ).format(most=legal.max_discard, count=count)
        if legal.decision == "discard" and count != legal.discard_count:
            return ngettext(
                "You must discard exactly {most} card, not {count}.",
                "You must discard exactly {most} cards, not {count}.",
                legal.discard_count,
            ).format(most=legal.discard_count, count=count)
    return None


def cards_words(cards: tuple[Card, ...]) -> str:
    """Cards as the screen writes them (``A♠ T♦``)."""
    return " ".join(card_text(c).plain for c in cards)


def typed_cards_refusal(text: str) -> str:
    """Why the cards typed in the box cannot be read, naming the bad token.

    >>> typed_cards_refusal("7h 1x")
    "'1x' is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s), like 7h."
    >>> typed_cards_refusal("7h 7h")
    'You typed 7♥ twice.'
    """
    for token in text.replace(",", " ").split():
        try:
            parse_cards(token)
        except PokerError:
            return gettext(
                "{token!r} is not a card: write a rank (2-9, T, J, Q, K, A) "
                "and a suit (c, d, h, s), like 7h."
            ).format(token=token)
    try:
        cards = parse_cards(text, allow_duplicates=True)
    except PokerError as exc:
        return gettext("The cards you typed cannot be read ({error}).").format(error=exc)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return gettext("You typed {card} twice.").format(card=card_text(card).plain)
        seen.add(card)
    return gettext("The cards you typed cannot be read.")


def cave_button(cave: int) -> str:
    """The words of a button that buys a cave of ``cave`` chips."""
    return ngettext(
        "Buy a cave (buy-in, {cave} chip)", "Buy a cave (buy-in, {cave} chips)", cave
    ).format(cave=cave)


def relabel(button: Button, label: str | Text) -> None:
    """Give ``button`` a new label, and its width with it (a button sized to its
    label keeps its old width otherwise: ``Pot 4`` becoming ``Pot 20`` lost a digit)."""
    if button.label == Content.from_text(label):
        return
    button.label = label
    button.clear_cached_dimensions()
    button.refresh(layout=True)


class LogBox(Widget):
    """The hand's log: as many of its last lines as the box holds (a long line
    wrapped counts for the rows it takes), the newest at the bottom."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []

    def show(self, lines: list[Text]) -> None:
        """Show these lines (the newest last)."""
        self.lines = lines
        self.refresh()

    def render(self) -> Text:
        """The last lines that fit."""
        width, rows = self.content_size.width, self.content_size.height
        if width <= 0 or rows <= 0:
            return Text()
        kept: list[Text] = []
        used = 0
        for line in reversed(self.lines):
            need = max(1, len(line.wrap(self.app.console, width)))
            if used + need > rows:
                break
            kept.append(line)
            used += need
        return Text("\n").join(reversed(kept))


class TableScreen(PlayingScreen):
    """The table: seats, pots, the person's cards, the log and the action buttons.

    Only what the person may do now is offered: the other buttons are hidden,
    or disabled with the reason as their tooltip, and the footer shows the keys
    that act now. A text box gives the keys back to the table after every
    submit or refusal (and on ``escape``), emptied.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "bet('fold')", N_("Fold")),
        Binding("c", "bet('call')", N_("Check/Call")),
        Binding("m", "bet('min')", N_("Min")),
        Binding("h", "bet('half')", N_("Half pot")),
        Binding("p", "bet('pot')", N_("Pot")),
        Binding("a", "bet('all-in')", N_("All-in")),
        Binding("r", "custom", N_("Amount")),
        *CARD_KEYS,
        Binding("d", "draw", N_("Exchange")),
        Binding("s", "stand_pat", N_("Stand pat")),
        Binding("y", "offer(True)", N_("Accept")),
        Binding("n", "offer(False)", N_("Decline")),
        *TABLE_KEYS,
        Binding("l", "last_hands", N_("Last hands")),
        Binding("v", "review", N_("Coach")),
        Binding("escape", "unfocus", N_("Keys"), show=False),
    ]
    GONE_WORD: ClassVar[str] = LEFT
    """The status of an opponent of the last hand who is no longer at the table
    (untranslated): "left" at a cash table, "out" in a tournament."""

    def __init__(self, session: PlaySession, bot_pause: float = 0.0) -> None:
        super().__init__(session.resume_report.message)
        self.session = session
        self.selected: list[Card] = []
        self.bot_pause = bot_pause
        """Seconds between two opponents' actions (0: they all act at once, on the
        screen's thread; tests)."""
        self._end_offered: int | None = None
        """The hand after which the end-of-play screen was last offered."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status")
        yield Static("", id="seats")
        yield Static("", id="board")
        yield Static("", id="pots")
        yield Static("", id="showdown")
        with Vertical(id="bet-actions", classes="actions"):
            with Horizontal(id="bet-buttons", classes="row"):
                yield Button(gettext("Fold"), id="act-fold", variant="error", compact=True)
                yield Button(gettext("Check"), id="act-call", variant="primary", compact=True)
                yield Button(gettext("Bet"), id="act-min", compact=True)
                yield Button(gettext("Half pot"), id="act-half", compact=True)
                yield Button(gettext("Pot"), id="act-pot", compact=True)
                yield Button(gettext("All-in"), id="act-all-in", variant="warning", compact=True)
            with Horizontal(id="bet-custom", classes="row"):
                yield Input(
                    placeholder=gettext("amount"),
                    id="amount",
                    compact=True,
                    restrict=r"[0-9]*",
                    select_on_focus=False,
                )
                yield Button(gettext("Raise to"), id="act-custom", compact=True)
        with Horizontal(id="draw-actions", classes="actions row"):
            for i in range(5):
                yield Button("", id=f"card-{i}", classes="card", compact=True)
            yield Input(
                placeholder=gettext("Tab: type 7h 8c"), id="discard-text", compact=True,
                select_on_focus=False,
            )  # fmt: skip
            yield Button(
                gettext("Exchange {count}").format(count=0), id="act-draw", variant="primary",
                compact=True,
            )  # fmt: skip
            yield Button(gettext("Stand pat"), id="act-stand", compact=True)
        with Horizontal(id="offer-actions", classes="actions row"):
            yield Button(gettext("Accept"), id="act-accept", variant="primary", compact=True)
            yield Button(gettext("Decline"), id="act-decline", compact=True)
        with Horizontal(id="between-actions", classes="actions row"):
            yield Button(gettext("Next hand"), id="act-next", variant="success", compact=True)
            yield Button(gettext("Buy a cave"), id="act-rebuy", compact=True)
            yield Button(gettext("Rules"), id="act-rules", compact=True)
            yield Button(gettext("Leave table"), id="act-leave", variant="error", compact=True)
        yield LogBox(id="log")
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
        """Redraw everything from the person's view (and, between hands, the
        table's stacks: a cave bought shows at once)."""
        s = self.session
        view = s.view
        four = s.settings.four_color
        names = s.hand_players
        status = Text()
        seats_box = self.query_one("#seats", Static)
        if view is None:
            status.append(
                gettext("Hand {number}: press space to deal.").format(number=s.hand_number)
            )
        else:
            number = s.table.hands_played + (1 if s.in_hand else 0)
            plan = s.plan
            if plan is None:
                title = gettext("Hand {number}")
            elif plan.mode == "blind":
                title = gettext("Hand {number}, blind game")
            else:
                title = gettext("Hand {number}, pot game")
            seats_box.border_title = title.format(number=number)
            if view.finished:
                status.append(self._end_words(), style="bold")
            elif self.session.bot_to_act and self.bot_pause > 0:
                status.append(gettext("Opponents are playing..."), style="dim")
            elif view.actor is not None and view.actor == view.seat:
                status.append(decision_words(view), style="bold yellow")
        if self.message:
            status.append("\n" + self.message, style="italic")
        self.query_one("#status", Static).update(status)
        if view is not None:
            stacks = None if s.in_hand else tuple(s.table.stack(name) for name in names)
            gone = set(s.opponents_gone())
            gone_seats = {seat for seat, name in enumerate(names) if name in gone}
            seats = seats_text(
                view, names, s.config, four, self.selected, stacks=stacks, gone=gone_seats,
                gone_word=self.GONE_WORD,
            )  # fmt: skip
            width = seats_box.content_size.width
            if width and any(line.cell_len > width for line in seats.split("\n")):
                seats = seats_text(
                    view, names, s.config, four, self.selected, stacks=stacks,
                    gone=gone_seats, named=False, gone_word=self.GONE_WORD,
                )  # fmt: skip
            seats.rstrip()
            seats_box.update(seats)
            for wid, text in (
                ("#board", board_text(view, four)),
                ("#pots", pots_text(view, names)),
                ("#showdown", showdown_text(view, names, s.config)),
            ):
                text.rstrip()
                widget = self.query_one(wid, Static)
                widget.update(text)
                widget.display = bool(text.plain.strip())
            log = log_text(view, names, four, last=200)
            lines: list[Text] = list(log.split("\n")) if log.plain else []
            if not s.in_hand:
                lines += [Text(note, style="bold") for note in s.table_notes]
            self.query_one("#log", LogBox).show(lines)
        self._show_actions(view)
        self.refresh_bindings()
        self._offer_end()

    def on_resize(self) -> None:
        """A new width may show or hide the hand names in the seat rows."""
        self.refresh_table()

    def _end_words(self) -> str:
        s = self.session
        if s.broke:
            return gettext("Hand over. You have no chips left.")
        if s.alone:
            return gettext("Hand over. You are the last player at the table.")
        return gettext("Hand over. Press space for the next hand.")

    def _show_actions(self, view: SeatView | None) -> None:
        legal = view.legal if view is not None else None
        mine = view is not None and legal is not None and not self.session.bot_to_act
        decision = legal.decision if mine and legal is not None else None
        self.query_one("#bet-actions").display = decision == "bet"
        self.query_one("#draw-actions").display = decision in ("draw", "discard")
        self.query_one("#offer-actions").display = decision in ("buy_pot", "surblind", "kill")
        between = not self.session.in_hand
        self.query_one("#between-actions").display = between
        if between:
            self._show_between()
        if view is None or legal is None:
            return
        if decision == "bet":
            self._show_bet(view, legal)
        elif decision in ("draw", "discard"):
            self._show_draw(view, legal)
        elif decision is not None:
            if decision == "buy_pot":
                words = gettext("Buy the pot ({amount})")
            elif decision == "surblind":
                words = gettext("Surblind ({amount})")
            elif decision == "kill":
                words = gettext("Kill ({amount})")
            else:
                words = gettext("Accept ({amount})")
            relabel(self.query_one("#act-accept", Button), words.format(amount=legal.offer_amount))

    def _show_between(self) -> None:
        s = self.session
        next_button = self.query_one("#act-next", Button)
        next_button.disabled = not s.can_deal() and not (s.broke or s.alone)
        rebuy = self.query_one("#act-rebuy", Button)
        relabel(rebuy, cave_button(s.config.cave))
        refused = s.rebuy_refusal()
        rebuy.disabled = refused is not None
        rebuy.tooltip = refused

    def _show_bet(self, view: SeatView, legal: LegalActions) -> None:
        self.query_one("#act-fold", Button).display = legal.can_fold
        call = self.query_one("#act-call", Button)
        relabel(
            call,
            gettext("Call {amount}").format(amount=legal.call_amount)
            if legal.call_amount
            else gettext("Check"),
        )
        buttons = bet_buttons(view, legal)
        for key in ("min", "half", "pot", "all-in"):
            button = self.query_one(f"#act-{key}", Button)
            button.display = key in buttons
            if key in buttons:
                relabel(button, buttons[key][0])
        low, high = legal.min_raise_to, legal.max_raise_to
        custom_row = self.query_one("#bet-custom")
        custom_row.display = low is not None and high is not None and low < high
        if low is not None and high is not None:
            box = self.query_one("#amount", Input)
            box.placeholder = gettext("{low} to {high}").format(low=low, high=high)
            self._label_custom(box.value)

    def _label_custom(self, typed: str) -> None:
        view = self.session.view
        legal = view.legal if view is not None else None
        if view is None or legal is None or legal.min_raise_to is None:
            return
        amount = typed.strip() if typed.strip().isdigit() else "..."
        relabel(self.query_one("#act-custom", Button), bet_words(max(view.bets) > 0, amount))

    def _show_draw(self, view: SeatView, legal: LegalActions) -> None:
        four = self.session.settings.four_color
        for i in range(5):
            button = self.query_one(f"#card-{i}", Button)
            if i < len(view.hole):
                card = view.hole[i]
                chosen = card in self.selected
                face = Text("✕ " if chosen else "")
                face.append_text(card_text(card, four))
                relabel(button, face)
                button.set_class(chosen, "-chosen")
                button.tooltip = gettext("Key {number}").format(number=i + 1)
                button.display = True
            else:
                button.display = False
        if legal.decision == "draw":
            words = gettext("Exchange {count}")
        else:
            words = gettext("Discard {count}")
        relabel(self.query_one("#act-draw", Button), words.format(count=len(self.selected)))
        self.query_one("#act-stand", Button).display = legal.decision == "draw"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that act now are shown in the footer, the others are hidden
        (Fold too where no fold exists: ``f`` then says why, see :meth:`on_key`)."""
        s = self.session
        view = s.view
        legal = view.legal if view is not None and not s.bot_to_act else None
        decision = legal.decision if legal is not None else None
        if action == "bet":
            if decision != "bet" or legal is None or view is None:
                return False
            kind = parameters[0] if parameters else ""
            if kind == "fold":
                return legal.can_fold
            if kind == "call":
                return True
            return any(key == kind for key in bet_buttons(view, legal))
        if action == "custom":
            return (
                decision == "bet"
                and legal is not None
                and legal.min_raise_to is not None
                and legal.max_raise_to is not None
                and legal.min_raise_to < legal.max_raise_to
            )
        if action in ("pick", "draw"):
            return decision in ("draw", "discard")
        if action == "stand_pat":
            return decision == "draw"
        if action == "offer":
            return decision in ("buy_pot", "surblind", "kill")
        if action == "next_hand":
            return not s.in_hand
        if action == "rebuy":
            if s.in_hand:
                return False
            return True if s.can_rebuy() else None
        if action == "last_hands":
            return s.table.hands_played > 0
        if action == "review":  # after a hand the person was dealt in
            return not s.in_hand and view is not None and view.seat is not None
        return True

    # -- the end of play -------------------------------------------------------------

    def _offer_end(self, again: bool = False) -> None:
        """When the person has no chips left, or is the last player, offer a cave
        or the end of the session (once per hand; ``again``: asked for)."""
        s = self.session
        if s.in_hand or not (s.broke or s.alone) or self.left:
            return
        if self._end_offered == s.table.hands_played and not again:
            return
        self._end_offered = s.table.hands_played
        cave: int | None = None
        if s.alone:
            title = gettext("You are the last player at the table.")
            text = gettext(
                "Every opponent ran out of chips and the table's rebuy rule lets none "
                "of them buy a cave: the session ends here."
            )
        else:
            title = gettext("You have no chips left.")
            refused = s.rebuy_refusal()
            if refused is None:
                cave = s.config.cave
                text = ngettext(
                    "Buy a cave of {cave} chip to play on, or end the session and see its summary.",
                    "Buy a cave of {cave} chips to play on, or end the session "
                    "and see its summary.",
                    cave,
                ).format(cave=cave)
            else:
                text = gettext("{refusal} The session ends here.").format(refusal=refused)
        self.app.push_screen(BrokeScreen(title, text, cave), self._end_chosen)

    def _end_chosen(self, choice: EndChoice | None) -> None:
        if choice == "rebuy":
            self.action_rebuy()
        elif choice == "end":
            self.action_leave()
        else:
            self.refresh_table()

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
        s = self.session
        if s.bot_to_act:
            return  # an opponent is still thinking
        view = s.view
        why = refusal(action, view) if view is not None else None
        if why is not None:
            self.message = why
        else:
            run_bots = self.bot_pause <= 0
            if self._run(lambda: s.act(action, run_bots=run_bots)):
                self.selected = []
            else:
                self.message = self._in_words(self.message)
        self.refresh_table()
        self._schedule_bots()

    def _in_words(self, message: str) -> str:
        """An engine message about the person's seat, with their name for the seat."""
        seat = self.session.person_seat
        if seat is None:
            return message
        # Translators: how the engine's messages name a seat, with and without an
        # article ("le siège 2"); both are replaced by the person's name.
        for words in (pgettext("engine message", "the seat {seat}"), gettext("seat {seat}")):
            pattern = re.escape(words.format(seat=seat))
            message = re.sub(rf"\b{pattern}\b", self.session.person, message)
        return message

    def _legal(self, decision: tuple[str, ...]) -> tuple[SeatView, LegalActions] | None:
        view = self.session.view
        if view is None or view.legal is None or view.legal.decision not in decision:
            return None
        return view, view.legal

    def _leave_box(self, box: Input) -> None:
        """Empty a text box and give the keys back to the table."""
        box.value = ""
        if box.has_focus:
            self.set_focus(None)

    def action_unfocus(self) -> None:
        """Leave a text box (emptied): keys act again."""
        focused = self.focused
        if isinstance(focused, Input):
            self._leave_box(focused)
        self.set_focus(None)

    def on_input_blurred(self, event: Input.Blurred) -> None:
        """A box left by any way is emptied: nothing typed acts later unseen."""
        event.input.value = ""

    def on_input_changed(self, event: Input.Changed) -> None:
        """The custom bet button shows the amount being typed."""
        if event.input.id == "amount":
            self._label_custom(event.value)

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
            buttons = bet_buttons(view, legal)
            if kind in buttons:
                self._act(Action.raise_to(buttons[kind][1]))

    def on_key(self, event: events.Key) -> None:
        """A digit typed at the table when a bet may be any amount starts the amount
        box with it (``r`` first is not needed, and a quick ``r`` then digit loses
        nothing); at the draw, the first character of a card that no key takes
        starts the cards box with it; ``f`` where no fold exists says why."""
        if self.focused is not None:
            return
        if event.key == "f" and self._refuse_fold():
            event.stop()
            return
        if self._start_cards_box(event):
            return
        digit = event.character
        if digit is None or not digit.isdigit():
            return
        if not self.check_action("custom", ()):
            return
        self._type_into("#amount", digit, event)

    def _refuse_fold(self) -> bool:
        """Say why the person may not fold now, if they may not (then ``True``)."""
        found = self._legal(("bet",))
        if found is None or found[1].can_fold or self.session.bot_to_act:
            return False
        self.message = fold_refusal(found[1])
        self.refresh_table()
        return True

    def _start_cards_box(self, event: events.Key) -> bool:
        """At the draw, a key that starts a card (``7``, ``T``, ``A``, ``D``...) and that
        no key of the table takes starts the cards box with it (``1``-``5`` pick a
        card: Tab first to type ``2c``); whether it did."""
        char = event.character
        if char is None or char not in CARD_STARTS or self._legal(("draw", "discard")) is None:
            return False
        if self.session.bot_to_act or char in self.active_bindings:
            return False
        self._type_into("#discard-text", char, event)
        return True

    def _type_into(self, box_id: str, char: str, event: events.Key) -> None:
        """Focus the input ``box_id`` and type ``char`` at its end (the key is used)."""
        box = self.query_one(box_id, Input)
        box.focus()
        box.value += char
        box.cursor_position = len(box.value)
        event.stop()
        event.prevent_default()

    def action_custom(self) -> None:
        """Bet or raise to the amount typed (focuses the amount box when empty)."""
        box = self.query_one("#amount", Input)
        if self._legal(("bet",)) is None:
            return
        text = box.value.strip()
        if not text:
            box.focus()
            return
        self._leave_box(box)
        if not text.isdigit():
            self.message = gettext(
                "The amount must be a whole number of chips, not {text!r}."
            ).format(text=text)
            self.refresh_table()
            return
        self._act(Action.raise_to(int(text)))

    def action_pick(self, index: int) -> None:
        """Pick or unpick the ``index``-th card for the exchange."""
        view = self.session.view
        if self._legal(("draw", "discard")) is None or view is None or index >= len(view.hole):
            return
        card = view.hole[index]
        self.message = ""  # a refusal is old news once the person acts again
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.refresh_table()

    def action_draw(self) -> None:
        """Exchange the picked cards (or the cards typed in the box, when it has the
        keys)."""
        found = self._legal(("draw", "discard"))
        if found is None:
            return
        box = self.query_one("#discard-text", Input)
        cards: tuple[Card, ...] = tuple(self.selected)
        text = box.value.strip() if box.has_focus else ""
        self._leave_box(box)
        if text:
            try:
                cards = parse_cards(text)
            except PokerError:
                self.message = typed_cards_refusal(text)
                self.refresh_table()
                return
        elif not cards and found[1].decision == "draw":
            self.message = gettext(
                "Choose the cards to exchange with keys 1 to 5, or stand pat (s)."
            )
            self.refresh_table()
            return
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
        """Deal the next hand (without chips, or alone: offer a cave or the end)."""
        s = self.session
        if s.in_hand:
            return
        if s.broke or s.alone:
            self._offer_end(again=True)
            return
        if s.can_deal():
            self.message = ""
            self._run(self._start_hand)
            self.selected = []
            if s.table_notes:
                self.message = " ".join(s.table_notes)
            self.refresh_table()
            self._schedule_bots()

    def action_rebuy(self) -> None:
        """Buy a cave between hands, when the rules allow (else say why)."""
        s = self.session
        if s.in_hand:
            return
        refused = s.rebuy_refusal()
        if refused is not None:
            self.message = refused
        elif self._run(s.rebuy):
            self.message = gettext("You buy a cave: your stack is {stack}.").format(stack=s.stack())
        self.refresh_table()

    def action_rules(self) -> None:
        """Show the rules screen."""
        self.app.push_screen(RulesScreen(rules_text(self.session.config)))

    def action_last_hands(self) -> None:
        """The session's finished hands, one action at a time."""
        from pokerbonus.tui.replayer import open_for

        open_for(self.app, self.session)

    def action_review(self) -> None:
        """The coach on the hand just over."""
        from pokerbonus.tui.review_screen import open_review

        if self.check_action("review", ()):
            open_review(self.app, self.session)

    def action_leave(self) -> None:
        """Leave the table: the session ledger and summary."""
        note = ""
        if self.session.in_hand:
            note = gettext(
                "You left during a hand: it is kept, and `pokerbonus play --resume "
                "{session}` resumes it (or voids it, every chip returned)."
            ).format(session=self.session.session_id)
        self.left = True
        entries = self.session.leave()
        from pokerbonus.tui.summary import summary_screen

        self.app.switch_screen(summary_screen(self.session, entries, note))

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
