"""The "last hands" screen of ``pokerbonus play``: any finished hand of the session
played again, action by action, as the person saw it (:mod:`pokerbonus.tui.last_hands`).

Keys: ``→``/``←`` the next or previous action, ``home``/``end`` the deal or the
end of the hand, ``↑``/``↓`` the previous or next hand, ``g`` choose a hand from
the list, ``v`` the coach on the hand shown, ``escape`` back. Opened with ``l``
at the table and on the session summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from pokerbonus.i18n import N_, gettext
from pokerbonus.tui.last_hands import (
    HandEntry,
    HandReplay,
    Stepper,
    entry_words,
    frame_text,
    replay_hand,
    session_hands,
)
from pokerbonus.tui.screens import translate_bindings
from pokerbonus.tui.table import LogBox

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.store import SavedSession, Store
    from pokerbonus.tui.session import PlaySession

__all__ = ["HandChoiceScreen", "LastHandsScreen", "open_for", "open_last_hands"]

# Translators: the footer's groups of keys on the last-hands screen (short).
STEP = Binding.Group(N_("action"))
ENDS = Binding.Group(N_("first/last"))
HAND = Binding.Group(N_("other hand"))


class HandChoiceScreen(ModalScreen[int | None]):
    """The session's finished hands in a list (with the person's result in each):
    ``enter`` shows the one highlighted, ``escape`` keeps the hand shown."""

    DEFAULT_CSS = """
    HandChoiceScreen { align: center middle; }
    #hand-choice { width: 40; max-height: 80%; border: thick $primary; background: $surface; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,g", "close", N_("Back"))]

    def __init__(self, entries: tuple[HandEntry, ...], current: int) -> None:
        super().__init__()
        self.entries = entries
        self.current = current
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        options = [Option(entry_words(e), id=str(e.number)) for e in self.entries]
        choice = OptionList(*options, id="hand-choice")
        choice.border_title = gettext("Choose a hand")
        yield choice

    def on_mount(self) -> None:
        """The hand shown is the one highlighted."""
        choice = self.query_one(OptionList)
        numbers = [e.number for e in self.entries]
        if self.current in numbers:
            choice.highlighted = numbers.index(self.current)
        choice.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Show the hand chosen."""
        self.dismiss(int(event.option.id or 0))

    def action_close(self) -> None:
        """Keep the hand shown."""
        self.dismiss(None)


class LastHandsScreen(Screen[None]):
    """A finished hand of the session, one stored action at a time, drawn as the
    table draws it from the person's view then (module doc for the keys).

    ``saved``: the session as stored when the screen opened; ``number``: the hand
    shown first (default: the last finished one), at its end.
    """

    DEFAULT_CSS = """
    LastHandsScreen #replay-status { height: auto; padding: 0 1; }
    LastHandsScreen #replay-seats { height: auto; padding: 0 1; border: round $primary; }
    LastHandsScreen #replay-board, LastHandsScreen #replay-pots,
    LastHandsScreen #replay-showdown { height: auto; padding: 0 1; }
    LastHandsScreen #replay-log { height: 1fr; padding: 0 1; border: round $secondary; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,l", "close", N_("Back")),
        Binding("left", "step(-1)", N_("Previous action"), group=STEP),
        Binding("right", "step(1)", N_("Next action"), group=STEP),
        Binding("home", "first", N_("Deal"), group=ENDS),
        Binding("end", "last", N_("End"), group=ENDS),
        Binding("up", "hand(-1)", N_("Previous hand"), group=HAND),
        Binding("down", "hand(1)", N_("Next hand"), group=HAND),
        Binding("v", "review", N_("Coach")),
        Binding("g", "choose", N_("Hands")),
    ]

    def __init__(
        self,
        saved: SavedSession,
        person: str,
        config: TableConfig,
        four_color: bool = False,
        number: int | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.saved = saved
        self.person = person
        self.config = config
        self.four_color = four_color
        self.entries = session_hands(saved, person)
        self._replays: dict[int, HandReplay] = {}
        self.hands = Stepper(max(1, len(self.entries)), len(self.entries) - 1)
        numbers = [e.number for e in self.entries]
        if number is not None and number in numbers:
            self.hands.to(numbers.index(number))
        self.replay: HandReplay | None = None
        self.frames = Stepper(1)
        if self.entries:
            self._show_hand(at_end=True)

    # -- the hand and the frame --------------------------------------------------------

    def _replay_of(self, number: int) -> HandReplay:
        replay = self._replays.get(number)
        if replay is None:
            replay = self._replays[number] = replay_hand(self.saved, number, self.person)
        return replay

    def _show_hand(self, at_end: bool = False) -> None:
        self.replay = self._replay_of(self.entries[self.hands.index].number)
        count = len(self.replay.frames)
        self.frames = Stepper(count, count - 1 if at_end else 0)

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="replay-status")
        yield Static("", id="replay-seats")
        yield Static("", id="replay-board")
        yield Static("", id="replay-pots")
        yield Static("", id="replay-showdown")
        yield LogBox(id="replay-log")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the hand shown first."""
        self.redraw()

    def on_resize(self) -> None:
        """A new width may show or hide the hand names in the seat rows."""
        self.redraw()

    def redraw(self) -> None:
        """Draw the frame shown."""
        status = self.query_one("#replay-status", Static)
        seats_box = self.query_one("#replay-seats", Static)
        if self.replay is None:
            status.update(gettext("No hand of this session is over yet."))
            seats_box.display = False
            return
        place = (self.hands.index + 1, len(self.entries))
        args = (self.replay, self.frames.index, self.config, self.four_color, place)
        parts = frame_text(*args)
        width = seats_box.content_size.width
        if width and any(line.cell_len > width for line in parts.seats.split("\n")):
            parts = frame_text(*args, named=False)
        shown = parts.status.copy()
        if parts.step.plain:
            shown.append("\n")
            shown.append_text(parts.step)
        status.update(shown)
        seats_box.update(parts.seats)
        seats_box.border_title = gettext("Hand {number}").format(number=self.replay.number)
        for wid, text in (
            ("#replay-board", parts.board),
            ("#replay-pots", parts.pots),
            ("#replay-showdown", parts.showdown),
        ):
            widget = self.query_one(wid, Static)
            widget.update(text)
            widget.display = bool(text.plain.strip())
        lines = list(parts.log.split("\n")) if parts.log.plain else []
        self.query_one("#replay-log", LogBox).show(lines)
        self.refresh_bindings()

    # -- keys -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that would go nowhere are shown greyed (the first or last action,
        hand); without a finished hand only ``escape`` acts."""
        if action == "close":
            return True
        if self.replay is None:
            return False
        if action == "step":
            forward = parameters and parameters[0] == 1
            return None if (self.frames.at_last if forward else self.frames.at_first) else True
        if action == "first":
            return None if self.frames.at_first else True
        if action == "last":
            return None if self.frames.at_last else True
        if action == "hand":
            forward = parameters and parameters[0] == 1
            return None if (self.hands.at_last if forward else self.hands.at_first) else True
        if action == "choose":
            return True if len(self.entries) > 1 else None
        if action == "review":
            return self.replay.seat is not None
        return True

    def action_step(self, by: int) -> None:
        """The next (``by`` 1) or previous (-1) action."""
        if self.frames.move(by):
            self.redraw()

    def action_first(self) -> None:
        """Back to the deal."""
        if self.frames.first():
            self.redraw()

    def action_last(self) -> None:
        """To the end of the hand."""
        if self.frames.last():
            self.redraw()

    def action_hand(self, by: int) -> None:
        """The previous (``by`` -1) or next (1) hand, from its deal."""
        if self.hands.move(by):
            self._show_hand()
            self.redraw()

    def action_choose(self) -> None:
        """Choose a hand from the list."""
        if self.entries and self.replay is not None:
            current = self.replay.number
            self.app.push_screen(HandChoiceScreen(self.entries, current), self._chosen)

    def _chosen(self, number: int | None) -> None:
        numbers = [e.number for e in self.entries]
        if number is not None and number in numbers:
            self.hands.to(numbers.index(number))
            self._show_hand()
            self.redraw()

    def action_review(self) -> None:
        """The coach on the hand shown."""
        if self.replay is None or self.replay.seat is None:
            return
        from pokerbonus.tui.review_screen import ReviewScreen

        self.app.push_screen(
            ReviewScreen(self.saved, self.person, self.replay, self.config, self.four_color)
        )

    def action_close(self) -> None:
        """Back to where the screen was opened."""
        self.dismiss(None)


def open_last_hands(
    app: App[None], store: Store, session: int, person: str, config: TableConfig,
    four_color: bool = False,
) -> None:  # fmt: skip
    """Show the last hands of ``session`` (read from ``store`` now) on ``app``."""
    saved = store.load_session(session)
    app.push_screen(LastHandsScreen(saved, person, config, four_color))


def open_for(app: App[None], s: PlaySession) -> None:
    """Show the last hands of the table session ``s``."""
    open_last_hands(app, s.store, s.session_id, s.person, s.config, s.settings.four_color)
