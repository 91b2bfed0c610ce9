"""The Textual face of ``pokerbonus play``: the setup screen, then the table.

The table screen is :mod:`pokerbonus.tui.table`; the rules and ledger screens
and what the table shares with dealer mode are :mod:`pokerbonus.tui.screens`
(their names are also importable from here).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static, Switch

from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.i18n import LANGUAGES, N_, current_language, gettext, set_language
from pokerbonus.i18n.language import save_language
from pokerbonus.levels import LADDER, LEVEL_HELP
from pokerbonus.tui.screens import (
    CARD_KEYS,
    TABLE_KEYS,
    LedgerScreen,
    PlayingApp,
    PlayingScreen,
    RulesScreen,
    ledger_text,
    translate_bindings,
)
from pokerbonus.tui.settings import PlaySettings, choice_words, game_choices, rule_fields
from pokerbonus.tui.table import TableScreen, bet_amounts

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


# -- setup ---------------------------------------------------------------------------


LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
"""Each language in its own words, for the language choice."""


def _level_help(level: object, config: TableConfig | None = None) -> str:
    """What ``level`` does, in the player's language (nothing for an unknown one);
    for ``expert`` at the table ``config``, what it plays there on a second line
    (:func:`pokerbonus.bots.expert_coverage.coverage_text`)."""
    text = LEVEL_HELP.get(str(level))
    shown = gettext(text) if text else ""
    if level == "expert" and config is not None:
        from pokerbonus.bots.expert_coverage import coverage_text

        shown += "\n" + coverage_text(config)
    return shown


class SetupScreen(Screen[PlaySettings]):
    """Choose the language, the game, the opponents and every house rule; refused
    choices show the configuration's message.

    A new language is spoken at once (the screen is drawn again with what was
    typed so far) and saved as the preference (``settings_file``: where; ``None``:
    the user's settings file).
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("f5", "play", N_("Play"))]

    def __init__(self, settings: PlaySettings, settings_file: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self.settings_file = settings_file
        self._draft: dict[str, Any] = {}
        """What the form held when the language changed (drawn again with it)."""
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        s = self.settings
        c = s.config.to_dict()
        c.update(opponents=s.opponents, level=s.level, name=s.name, four_color=s.four_color)
        c.update(self._draft)
        yield Header()
        yield Static(
            gettext("Choose the game, your opponents and the house rules, then press Play (F5)."),
            id="setup-hint",
        )
        with VerticalScroll(id="setup-form"):
            # Translators: the language choice; it saves the preference.
            yield Label(gettext("Language"))
            yield Select(
                [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES], value=current_language(),
                allow_blank=False, id="setup-language",
            )  # fmt: skip
            yield Label(gettext("Game"))
            yield Select(
                [(name, key) for key, name in game_choices()], value=c["game"],
                allow_blank=False, id="field-game",
            )  # fmt: skip
            yield Label(gettext("Computer opponents"))
            yield Input(_shown(c["opponents"]), id="field-opponents")
            yield Label(gettext("Opponents' level"))
            yield Select(
                [(choice_words(n), n) for n in LADDER], value=c["level"], allow_blank=False,
                id="field-level",
            )  # fmt: skip
            yield Static(_level_help(c["level"]), id="help-level")
            yield Label(gettext("Your name"))
            yield Input(c["name"], id="field-name")
            yield Label(gettext("Four-colour deck"))
            yield Switch(bool(c["four_color"]), id="field-four_color")
            relevant = set(s.config.relevant_fields())
            if "game" in self._draft:
                relevant = _relevant(str(c["game"]))
            for spec in rule_fields():
                with Vertical(id=f"row-{spec.name}", classes="rule-row") as row:
                    row.display = spec.name in relevant
                    yield Label(gettext(spec.label))
                    value = c[spec.name]
                    if spec.kind == "choice":
                        yield Select(
                            [(choice_words(x), x) for x in spec.choices], value=value,
                            allow_blank=False, id=f"field-{spec.name}",
                        )  # fmt: skip
                    elif spec.kind == "bool":
                        yield Switch(bool(value), id=f"field-{spec.name}")
                    else:
                        yield Input(_shown(value), id=f"field-{spec.name}")
        yield Static("", id="setup-error")
        with Horizontal(id="setup-buttons"):
            yield Button(gettext("Play"), variant="success", id="play")
            yield Button(gettext("Quit"), id="quit")
        yield Footer()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game shows the house rules relevant to it (and hides the others);
        a new level shows what that level does; a new language is spoken at once and
        saved."""
        if event.select.id == "field-game" and isinstance(event.value, str):
            self.show_rules_of(event.value)
        elif event.select.id == "setup-language" and isinstance(event.value, str):
            self.choose_language(event.value)
        self.show_level_help()

    def on_input_changed(self, event: Input.Changed) -> None:
        """A house rule typed in: the expert's coverage follows the table."""
        self.show_level_help()

    def on_switch_changed(self, event: Switch.Changed) -> None:
        """A house rule switched: the expert's coverage follows the table."""
        self.show_level_help()

    def on_mount(self) -> None:
        """The level's help for the table as first shown."""
        self.show_level_help()

    def show_level_help(self) -> None:
        """The chosen level's help; for ``expert``, with what it plays at the table
        the form describes (nothing more while the form is refused)."""
        values = self.values()
        level = values.get("level")
        config: TableConfig | None = None
        if level == "expert":
            try:
                config = PlaySettings.build(values).config
            except ConfigurationError:
                config = None
        with contextlib.suppress(NoMatches):
            self.query_one("#help-level", Static).update(_level_help(level, config))

    def choose_language(self, lang: str) -> None:
        """Speak ``lang`` from now on, save it as the preference and draw the screen
        again in it, keeping what was typed."""
        if lang == current_language():
            return
        set_language(lang)
        with contextlib.suppress(OSError):  # unsaved: the choice holds for this run only
            save_language(lang, self.settings_file)
        self._draft = self.values(every_row=True)
        translate_bindings(self)
        translate_bindings(self.app)
        self.refresh_bindings()
        self.refresh(recompose=True)

    def show_rules_of(self, game: str) -> None:
        """Show only the house-rule rows that mean something for ``game``."""
        relevant = _relevant(game)
        for spec in rule_fields():
            self.query_one(f"#row-{spec.name}").display = spec.name in relevant

    def values(self, every_row: bool = False) -> dict[str, Any]:
        """The form's values, as :meth:`PlaySettings.build` reads them (the rows
        hidden for the chosen game keep their default, unless ``every_row``)."""
        out: dict[str, Any] = {}
        for widget in self.query("#setup-form Select, #setup-form Input, #setup-form Switch"):
            if not (widget.id or "").startswith("field-"):
                continue  # the language
            name = (widget.id or "").removeprefix("field-")
            parent = widget.parent
            if isinstance(parent, Vertical) and not parent.display and not every_row:
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


def _relevant(game: str) -> set[str]:
    """The house rules that mean something for ``game``."""
    return set(TableConfig(game=game, players=GAMES[game][0]).relevant_fields())


def _shown(value: object) -> str:
    """A value in a text box (empty for none)."""
    return "" if value is None else str(value)


# -- the app -----------------------------------------------------------------------------

CSS = """
#seats { height: auto; padding: 0 1; border: round $primary; }
#status { height: auto; padding: 0 1; }
#pots, #showdown, #board { height: auto; padding: 0 1; }
.actions { height: auto; padding: 0 1; }
.row { height: auto; }
.row Button { min-width: 4; margin: 0 1 0 0; }
.row Input { width: 16; margin: 0 1 0 0; }
#draw-actions { height: 2; }
#draw-actions > * { margin: 1 1 0 0; }
#draw-actions .card { width: 6; min-width: 6; }
#draw-actions #discard-text { width: 18; }
#draw-actions .card.-chosen { margin: 0 1 1 0; text-style: bold; }
#log { height: 1fr; padding: 0 1; border: round $secondary; }
#setup-hint { height: auto; padding: 0 1; }
#setup-form { height: 1fr; }
.rule-row { height: auto; }
#setup-error { height: auto; color: red; padding: 0 1; }
#setup-buttons { height: auto; }
#rules-box { width: 90%; height: 90%; border: thick $primary; background: $surface;
             padding: 1 2; }
#rules-text { height: 1fr; }
RulesScreen { align: center middle; }
BrokeScreen { align: center bottom; }
#broke-box { width: 100%; height: auto; border: thick $error; background: $surface;
             padding: 0 1; margin-bottom: 1; }
#broke-buttons { height: auto; }
#broke-buttons Button { margin: 0 1 0 0; }
#ledger-title, #ledger, #ledger-summary, #ledger-note { height: auto; padding: 0 1; }
#ledger-summary { margin-top: 1; }
"""


PREPARE_AFTER: Final = 0.5
"""Seconds between showing the setup screen and starting the background preparation
(which competes with drawing the screen for the interpreter)."""


class PlayApp(PlayingApp):
    """``pokerbonus play``: the setup screen, then the table.

    ``session`` skips the setup (a resumed session, or tests); otherwise the
    setup screen starts with ``settings`` and ``make_session`` turns the chosen
    settings into a session (the command passes the store and the seed). The
    screens speak the current language (:mod:`pokerbonus.i18n`); the setup screen
    may change it. ``preparation`` (the command's) gets the table ready in the
    background while the setup screen is shown (:mod:`pokerbonus.tui.prepare`);
    the header says so while the computer players' kernels are being compiled.
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
        settings_file: Path | None = None,
        preparation: Preparation | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.settings_file = settings_file
        """Where the setup screen saves the language chosen (``None``: the user's file)."""
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
            self.push_screen(SetupScreen(self.settings, self.settings_file), self._start)
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
