"""The screens the terminal table and dealer mode share: the rules, the session
ledger, and the playing screen's base (a message line, the computer players
played from a worker), with the keys common to both tables.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, ClassVar, Final, Literal, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Static

from pokerbonus.engine.ledger import LedgerEntry
from pokerbonus.errors import PokerError
from pokerbonus.i18n import N_, gettext, ngettext, pgettext
from pokerbonus.tui.thinking import play_computers

if TYPE_CHECKING:
    from pokerbonus.tui.session import SessionSummary

__all__ = [
    "CARD_KEYS",
    "TABLE_KEYS",
    "BrokeScreen",
    "EndChoice",
    "LedgerScreen",
    "PlayingApp",
    "PlayingScreen",
    "RulesScreen",
    "key_words",
    "ledger_text",
    "summary_text",
    "translate_bindings",
]

A = TypeVar("A")


def translate_bindings(node: DOMNode) -> None:
    """Give the keys of ``node`` (a screen, the app) their descriptions in the current
    language: the class's ``BINDINGS`` are written in English (marked with ``N_``)
    and the footer shows each binding's description."""
    merged = type(node)._merged_bindings
    if merged is None:
        return
    current = node._bindings.key_to_bindings  # Textual keeps a copy per node
    for key, bindings in merged.key_to_bindings.items():
        current[key] = [_translated(b) for b in bindings]
    for key, bindings in current.items():  # the command palette's key, added by Textual
        current[key] = [
            dataclasses.replace(b, description=pgettext("footer", "palette"))
            if b.action == "command_palette"
            else b
            for b in bindings
        ]


def _translated(binding: Binding) -> Binding:
    """``binding`` with its description, and its footer group's, in the current language."""
    group = binding.group
    if group is not None and group.description:
        group = dataclasses.replace(group, description=gettext(group.description))
    if binding.description:
        return dataclasses.replace(binding, description=gettext(binding.description), group=group)
    return dataclasses.replace(binding, group=group) if group is not binding.group else binding


def key_words(key: str) -> str | None:
    """How the footer names ``key`` in the current language (``None``: Textual's
    own way, a symbol or a letter: ``?``, ``q``, ``^p``).

    >>> key_words("space"), key_words("escape"), key_words("q")
    ('space', 'esc', None)
    """
    # Translators: the names of keys in the footer (short: « espace », « échap »).
    if key == "space":
        return pgettext("key", "space")
    if key == "escape":
        return pgettext("key", "esc")
    if key == "f5":
        return pgettext("key", "f5")
    if key == "home":
        return pgettext("key", "home")
    if key == "end":
        return pgettext("key", "end")
    return None


class PlayingApp(App[None]):
    """The terminal apps' base: the footer names keys in the current language."""

    def get_key_display(self, binding: Binding) -> str:
        """A key as the footer shows it (``espace`` in French)."""
        words = key_words(binding.key)
        return words if words is not None else super().get_key_display(binding)


def ledger_text(entries: tuple[LedgerEntry, ...]) -> Text:
    """The session ledger: caves, chips bought, stack and net of every player."""
    out = Text()
    # Translators: the columns of the session ledger (12, 7, 8, 8 and 8 wide).
    player, caves = pgettext("ledger", "player"), pgettext("ledger", "caves")
    bought, stack = pgettext("ledger", "bought"), pgettext("ledger", "stack")
    net = pgettext("ledger", "net")
    head = f"{player:<12}{caves:>7}{bought:>8}{stack:>8}{net:>8}\n"
    out.append(head, style="bold")
    for e in entries:
        style = "green" if e.net > 0 else "red" if e.net < 0 else ""
        out.append(f"{e.player:<12}{e.caves:>7}{e.bought:>8}{e.stack:>8}", style="")
        out.append(f"{e.net:>+8}\n", style=style)
    return out


# -- rules and ledger ------------------------------------------------------------------


class RulesScreen(ModalScreen[None]):
    """The current game and house rules in plain words."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", N_("Close"))
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box"):
            yield Static(self.text, id="rules-text")
            yield Button(gettext("Close"), id="close-rules")

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        self.dismiss(None)


class LedgerScreen(Screen[None]):
    """The end of the session: the ledger, and with a ``summary`` the hands the
    person played and their best hand; shown when the person leaves the table
    or ends the session."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,enter,escape", "quit", N_("Quit"))]

    def __init__(
        self,
        entries: tuple[LedgerEntry, ...],
        note: str = "",
        summary: SessionSummary | None = None,
    ) -> None:
        super().__init__()
        self.entries = entries
        self.note = note
        self.summary = summary
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        yield Header()
        title = gettext("Session ledger (a cave is a buy-in)")
        yield Static(Text(title, style="bold"), id="ledger-title")
        ledger = ledger_text(self.entries)
        ledger.rstrip()
        yield Static(ledger, id="ledger")
        if self.summary is not None:
            yield Static(summary_text(self.summary), id="ledger-summary")
        yield Static(self.note, id="ledger-note")
        yield Button(gettext("Quit"), id="quit-ledger")
        yield Footer()

    def action_quit(self) -> None:
        """Leave the program."""
        self.app.exit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Quit."""
        self.app.exit()


def summary_text(summary: SessionSummary) -> Text:
    r"""The hands the person played and their best hand, in words.

    >>> from pokerbonus.tui.session import SessionSummary
    >>> summary_text(SessionSummary((), 14, "full house, kings over eights")).plain
    'Hands you played: 14.\nYour best hand: full house, kings over eights.'
    >>> summary_text(SessionSummary((), 1, None)).plain
    'Hands you played: 1.\nNo hand of yours went to the end: you folded every one.'
    >>> summary_text(SessionSummary((), 0, None)).plain
    'Hands you played: 0.'
    """
    out = Text()
    out.append(gettext("Hands you played: {count}.").format(count=summary.hands_played) + "\n")
    if summary.best_hand is not None:
        out.append(gettext("Your best hand: {hand}.").format(hand=summary.best_hand))
    elif summary.hands_played:
        out.append(gettext("No hand of yours went to the end: you folded every one."))
    out.rstrip()
    return out


EndChoice = Literal["rebuy", "end", "look"]
"""What the person chose on the end-of-play screen: buy a cave, end the session,
or go back to look at the table."""


class BrokeScreen(ModalScreen[EndChoice]):
    """Offered when the person has no chips left, or is the last player at the
    table: a cave (``cave`` chips, when the rebuy rule allows one) or the end of
    the session; ``escape`` goes back to look at the table.

    It sits at the bottom of the screen, so the hand that just ended stays in view.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "choose('rebuy')", N_("Buy a cave")),
        Binding("e,q", "choose('end')", N_("End the session")),
        Binding("escape", "choose('look')", N_("Look at the table")),
    ]

    def __init__(self, title: str, text: str, cave: int | None) -> None:
        super().__init__()
        self.title_words = title
        self.text = text
        self.cave = cave
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="broke-box"):
            yield Static(Text(self.title_words, style="bold"), id="broke-title")
            yield Static(self.text, id="broke-text")
            with Horizontal(id="broke-buttons"):
                if self.cave is not None:
                    words = ngettext(
                        "Buy a cave (buy-in, {cave} chip)",
                        "Buy a cave (buy-in, {cave} chips)",
                        self.cave,
                    ).format(cave=self.cave)
                    yield Button(words, id="broke-rebuy", variant="success", compact=True)
                yield Button(
                    gettext("End the session"), id="broke-end", variant="error", compact=True
                )
                yield Button(gettext("Look at the table"), id="broke-look", compact=True)
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No cave to buy: the key is hidden."""
        if action == "choose" and parameters == ("rebuy",):
            return self.cave is not None
        return True

    def action_choose(self, choice: EndChoice) -> None:
        """Close with the person's choice."""
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what their keys do."""
        choices: dict[str, EndChoice] = {
            "broke-rebuy": "rebuy", "broke-end": "end", "broke-look": "look"
        }  # fmt: skip
        choice = choices.get(event.button.id or "")
        if choice is not None:
            self.dismiss(choice)


# -- the table -------------------------------------------------------------------------

CARD_KEYS: Final[list[BindingType]] = [
    Binding(str(i + 1), f"pick({i})", f"Card {i + 1}", show=False) for i in range(5)
]  # shown nowhere (show=False): left untranslated
"""``1``-``5``: pick a card of the person's hand (the table and dealer mode)."""

TABLE_KEYS: Final[list[BindingType]] = [
    Binding("space", "next_hand", N_("Next hand")),
    Binding("b", "rebuy", N_("Rebuy")),
    Binding("question_mark", "rules", N_("Rules")),
    Binding("q", "leave", N_("Leave")),
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
        translate_bindings(self)
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
