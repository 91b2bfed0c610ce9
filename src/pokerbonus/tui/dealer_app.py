"""Dealer mode at the terminal (``pokerbonus play --dealer``, RULES.md section 9).

The game logic is :mod:`pokerbonus.dealer` (:class:`DealerTable`,
:class:`DealerHand`); this module seats the person and the computer players,
lets the computer players decide (the exact best decision by default, a cheap
rule for tests), stores every hand and action, and draws the screen from the
person's :class:`~pokerbonus.dealer.DealerView` only. After the decisions the
dealer's four other cards are turned one at a time on screen.

Keys: ``k`` keep, ``1``-``5`` pick the card to exchange then ``x``, ``f`` fold,
``space`` next hand, ``b`` rebuy, ``?`` rules, ``q`` leave.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static

from pokerbonus.cards import Card
from pokerbonus.dealer import DealerAction, DealerSettings, DealerTable, DealerView, rules_text
from pokerbonus.dealer.events import (
    Exchanged,
    Folded,
    Kept,
    PotAwarded,
    PotCarried,
    WagerSettled,
)
from pokerbonus.errors import PokerError
from pokerbonus.hands import evaluate
from pokerbonus.store import PlayerSpec, Store
from pokerbonus.tui.app import RulesScreen
from pokerbonus.tui.render import HIDDEN_CARD, card_text, cards_text
from pokerbonus.tui.session import OPPONENT_NAMES

__all__ = ["DealerApp", "DealerScreen", "DealerSession", "run_dealer", "simple_decision"]

_SEED_BITS = 63


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


class DealerSession:
    """The person and computer players against the bank, every hand stored.

    ``computer``: ``"best"`` (exact best decision) or ``"simple"`` (cheap rule).
    ``seed`` makes the session reproducible.
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
    ) -> None:
        if computer not in ("best", "simple"):
            raise PokerError(f"computer: must be 'best' or 'simple', got {computer!r}")
        self.settings = settings
        self.person = name
        self.four_color = four_color
        self._decide: Callable[[DealerView], DealerAction] = (
            simple_decision if computer == "simple" else (lambda v: best_play(v, settings.paytable))
        )
        self._entropy: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        others = [n for n in OPPONENT_NAMES if n != name][: settings.players - 1]
        self.table = DealerTable(settings, [name, *others])
        self.store = store if store is not None else Store("sqlite://")
        specs = [PlayerSpec(name, "human")] + [PlayerSpec(n, "bot", computer) for n in others]
        self.session_id = int(self.store.create_session(settings, specs, kind="dealer"))
        for player in self.table.players:
            self.store.record_purchase(
                self.session_id, player, settings.cave, caves=1, after_hand=0, kind="sit"
            )
        self._seq = 0
        self._number = 0
        self._final: DealerView | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The players of the current (or last) hand, by seat."""
        return self.table.dealt or self._last_names

    _last_names: tuple[str, ...] = ()

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
        chips = self.table.rebuy(self.person)
        self.store.record_rebuy(
            self.session_id, self.person, chips, caves=1, after_hand=self.table.hands_played
        )
        return chips

    def start_hand(self) -> None:
        """Deal a hand; the computer players before the person decide."""
        for player in self.table.sitting_out():
            if player != self.person:
                chips = self.table.rebuy(player)
                self.store.record_rebuy(
                    self.session_id, player, chips, caves=1, after_hand=self.table.hands_played
                )
        seed = self._entropy.getrandbits(_SEED_BITS)
        hand = self.table.start_hand(random.Random(seed))
        self._number += 1
        self._seq = 0
        self._final = None
        self._last_names = self.table.dealt
        self.store.start_hand(
            self.session_id, self._number, 0, [hand.stacks[i] for i in range(hand.n)], seed,
            players=list(self.table.dealt), deck=hand.deck_order, info={"carry": hand.carry_in},
        )  # fmt: skip
        self._run_computers()

    def act(self, action: DealerAction) -> None:
        """The person's decision (refused: :class:`IllegalActionError`, nothing changes)."""
        hand = self.table.hand
        if hand is None or hand.actor != self.person_seat:
            raise PokerError("act: it is not your turn")
        self._apply(action)
        self._run_computers()

    def _apply(self, action: DealerAction) -> None:
        hand = self.table.hand
        assert hand is not None
        seat = hand.actor
        hand.act(action)
        self._seq += 1
        self.store.record_action(
            self.session_id, self._number, self._seq, action.to_text(), seat=seat
        )
        if hand.finished:
            self._final = hand.view(self.person_seat)
            final = hand.stacks
            self.table.finish_hand()
            self.store.finish_hand(self.session_id, self._number, final, None)
        self.table.check_chips()

    def _run_computers(self) -> None:
        hand = self.table.hand
        while hand is not None and hand.actor is not None and hand.actor != self.person_seat:
            view = hand.view(hand.actor)
            try:
                action = self._decide(view)
                if action.kind == "exchange" and action.card is not None:
                    hand.verify_exchange(action.card)
            except PokerError:  # a decision that cannot be played: keep
                action = DealerAction("keep")
            self._apply(action)
            hand = self.table.hand

    def leave(self) -> list[tuple[str, int, int, int]]:
        """Leave: each player's ``(name, bought, stack, net)``; the session is closed
        between hands."""
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


class DealerScreen(Screen[None]):
    """The dealer-mode table."""

    AUTO_FOCUS = ""
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", "keep", "Keep"),
        Binding("x", "exchange", "Exchange"),
        Binding("f", "fold", "Fold"),
        Binding("1", "pick(0)", "Card 1", show=False),
        Binding("2", "pick(1)", "Card 2", show=False),
        Binding("3", "pick(2)", "Card 3", show=False),
        Binding("4", "pick(3)", "Card 4", show=False),
        Binding("5", "pick(4)", "Card 5", show=False),
        Binding("space", "next_hand", "Next hand"),
        Binding("b", "rebuy", "Rebuy"),
        Binding("question_mark", "rules", "Rules"),
        Binding("q", "leave", "Leave"),
    ]

    TURN_SECONDS: ClassVar[float] = 0.4
    """The pause between two dealer cards turned."""

    def __init__(self, session: DealerSession) -> None:
        super().__init__()
        self.session = session
        self.picked: Card | None = None
        self.turned = 0
        self.message = ""
        self.left = False

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
        self._run(self.session.start_hand)
        self.refresh_table()

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

    def _run(self, step: Callable[[], object]) -> bool:
        try:
            step()
        except PokerError as exc:
            self.message = str(exc)
            return False
        self.message = ""
        return True

    def _act(self, action: DealerAction) -> None:
        view = self.session.view
        if view is None or view.actor != view.seat or view.finished:
            return
        self.turned = min(self.turned, 1)
        if self._run(lambda: self.session.act(action)):
            self.picked = None
        self.refresh_table()

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
            self._run(self.session.start_hand)
            self.turned = len(self.session.view.dealer_up) if self.session.view else 0
            self.turned = min(self.turned, 1)
            self.refresh_table()

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


def run_dealer(
    store: Store,
    *,
    seed: int | None,
    resume: bool,
    session_id: int | None,
    options: Mapping[str, Any],
) -> None:
    """Start dealer mode from the command's options (``opponents``, ``cave``, ``name``,
    ``four_color``)."""
    if resume or session_id is not None:
        raise PokerError("dealer mode: resuming a dealer session is not supported yet")
    opponents = options.get("opponents")
    settings = DealerSettings(
        players=(opponents if opponents is not None else 2) + 1,
        cave=options.get("cave") or 100,
    )
    session = DealerSession(
        settings,
        name=options.get("name") or "You",
        seed=seed,
        store=store,
        four_color=bool(options.get("four_color")),
    )
    DealerApp(session).run()
