"""The terminal tournament: ``pokerbonus play --tournament quick`` (see ``docs/tournaments.md``).

:class:`TournamentScreen` is the table screen (:class:`~pokerbonus.tui.table.TableScreen`)
over a :class:`~pokerbonus.tui.tournament_session.TournamentSession`, with a
tournament panel above the seats: the level and its forced bets, the hands or
the time to the next level and its forced bets, the players left, the average
stack and the prize of each paid place. Eliminations, levels and rebuys are told
in the message line and the log. Keys added to the table's: ``i`` the ICM
equities of the stacks now, ``o`` a deal at the final table (offered unasked
when three players are left, or the places paid and one); ``v`` after a hand, the
coach on it (:mod:`pokerbonus.tui.review_screen`, as at a cash table). An opponent
who lost their chips is marked "out". When the tournament is over for the person
(out, won, a deal), the results screen gives their place and prize, the
standings and the coach's line on their decisions of the tournament.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Header, Static

from pokerbonus.engine.tournament_config import roman
from pokerbonus.i18n import N_, gettext, ngettext, pgettext
from pokerbonus.i18n.numbers import number
from pokerbonus.rules.prizes import DealKind
from pokerbonus.tui.app import CSS as TABLE_CSS
from pokerbonus.tui.render import OUT
from pokerbonus.tui.screens import PlayingApp, translate_bindings
from pokerbonus.tui.summary import SessionCoach
from pokerbonus.tui.table import TableScreen, relabel
from pokerbonus.tui.tournament_session import (
    TournamentSession,
    clock_words,
    level_words,
    place_words,
)

if TYPE_CHECKING:
    from pokerbonus.engine.tournament import Standing

__all__ = [
    "BustScreen",
    "DealScreen",
    "IcmScreen",
    "ResultsScreen",
    "TournamentApp",
    "TournamentScreen",
    "icm_text",
    "results_text",
    "tournament_text",
]

BustChoice = Literal["rebuy", "leave", "look"]
OverChoice = Literal["results", "look"]


def _chips(value: float) -> str:
    return number(round(value), ",")


def tournament_text(s: TournamentSession) -> Text:
    """The tournament panel: the level, what is left of it and the next one, the
    players left, the average stack and the prizes of the paid places."""
    t = s.tournament
    clock = s.clock()
    forced = t.config.forced
    out = Text()
    out.append(gettext("Tournament {name} #{id}").format(name=t.config.name, id=t.id), style="bold")
    out.append("  ")
    out.append(
        gettext("Level {number}: {forced}").format(
            number=roman(clock.number), forced=level_words(clock.level, clock.ante, forced)
        ),
        style="bold yellow",
    )
    if clock.next_level is None:
        out.append("  " + gettext("(last level)"))
    else:
        following = level_words(clock.next_level, clock.next_ante, forced)
        if clock.hands_left is not None:
            left = ngettext(
                "next level in {count} hand: {forced}",
                "next level in {count} hands: {forced}",
                clock.hands_left,
            ).format(count=clock.hands_left, forced=following)
        else:
            left = gettext("next level in {time}: {forced}").format(
                time=clock_words(clock.seconds_left or 0), forced=following
            )
        out.append("  " + left)
    if clock.break_left > 0:
        out.append("\n")
        out.append(
            gettext("Break: the next level starts in {time}.").format(
                time=clock_words(clock.break_left)
            ),
            style="bold cyan",
        )
    left_count = len(t.players_left())
    out.append("\n")
    out.append(
        gettext("Players left {left} of {entrants}").format(
            left=left_count, entrants=len(t.entrants)
        )
    )
    out.append("  " + gettext("average stack {stack}").format(stack=_chips(t.average_stack)))
    prizes = ", ".join(
        gettext("{place} {prize}").format(place=place_words(k + 1), prize=_chips(p))
        for k, p in enumerate(t.place_prizes())
    )
    out.append("  " + gettext("prizes: {prizes}").format(prizes=prizes))
    return out


def icm_text(s: TournamentSession) -> Text:
    """Each player's stack, share of the chips and ICM equity of the prizes left."""
    t = s.tournament
    equities = t.icm()
    total = sum(t.stacks[p] for p in t.players_left()) or 1
    out = Text()
    # Translators: the columns of the ICM screen (12, 9, 8 and 9 wide).
    player, stack = pgettext("icm", "player"), pgettext("icm", "stack")
    share, equity = pgettext("icm", "chips"), pgettext("icm", "ICM")
    out.append(f"{player:<12}{stack:>9}{share:>8}{equity:>9}\n", style="bold")
    for name in sorted(t.players_left(), key=lambda p: -t.stacks[p]):
        style = "bold" if name == s.person else ""
        chips = t.stacks[name]
        out.append(
            f"{name:<12}{_chips(chips):>9}{number(chips / total, '.1%'):>8}"
            f"{number(equities[name], '.2f'):>9}\n",
            style=style,
        )
    left = t.prizes_left()
    out.append(
        gettext("Prizes still to win: {prizes} (Malmuth-Harville model).").format(
            prizes=", ".join(_chips(p) for p in left)
        )
    )
    return out


def results_text(s: TournamentSession, standings: tuple[Standing, ...]) -> Text:
    """The standings: each place with its player and prize (those still in, with
    their stacks)."""
    out = Text()
    # Translators: the columns of the tournament's results (7, 12 and 8 wide).
    place, player = pgettext("results", "place"), pgettext("results", "player")
    prize = pgettext("results", "prize")
    out.append(f"{place:<7}{player:<12}{prize:>8}\n", style="bold")
    for st in standings:
        style = "bold green" if st.player == s.person else ""
        if st.place is None:
            where = pgettext("results", "in")
            shown = gettext("stack {stack}").format(stack=_chips(st.stack))
            out.append(f"{where:<7}{st.player:<12}{shown:>8}\n", style=style)
        else:
            where = place_words(st.place) + ("=" if st.shared > 1 else "")
            out.append(f"{where:<7}{st.player:<12}{_chips(st.prize):>8}\n", style=style)
    out.rstrip()
    return out


class _Modal(ModalScreen[str]):
    """A box at the bottom of the screen with a title, a text and buttons (the
    table stays in view above it)."""

    DEFAULT_CSS = """
    _Modal { align: center bottom; }
    #modal-box { width: 100%; height: auto; border: thick $primary; background: $surface;
                 padding: 0 1; margin-bottom: 1; }
    #modal-buttons { height: auto; }
    #modal-buttons Button { margin: 0 1 0 0; }
    """

    BUTTONS: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    """(choice, label, variant) of each button."""

    def __init__(self, title: str, text: str | Text) -> None:
        super().__init__()
        self.title_words = title
        self.text = text
        translate_bindings(self)

    def buttons(self) -> tuple[tuple[str, str, str], ...]:
        """The buttons shown: (choice, label, variant)."""
        return tuple((c, gettext(label), v) for c, label, v in self.BUTTONS)

    def compose(self) -> ComposeResult:
        with Vertical(id="modal-box"):
            yield Static(Text(self.title_words, style="bold"), id="modal-title")
            yield Static(self.text, id="modal-text")
            with Horizontal(id="modal-buttons"):
                for choice, label, variant in self.buttons():
                    yield Button(label, id=f"choose-{choice}", variant=variant, compact=True)  # type: ignore[arg-type]
        yield Footer()

    def action_choose(self, choice: str) -> None:
        """Close with ``choice``."""
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Buttons do what their keys do."""
        self.dismiss((event.button.id or "").removeprefix("choose-"))


class BustScreen(_Modal):
    """The person lost their chips during the rebuy period: rebuy or leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "choose('rebuy')", N_("Rebuy")),
        Binding("e,q", "choose('leave')", N_("Leave the tournament")),
        Binding("escape", "choose('look')", N_("Look at the table")),
    ]
    BUTTONS = (
        ("rebuy", N_("Rebuy"), "success"),
        ("leave", N_("Leave the tournament"), "error"),
        ("look", N_("Look at the table"), "default"),
    )


class OverScreen(_Modal):
    """The tournament is over for the person: see the results, or look at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,r", "choose('results')", N_("Results")),
        Binding("escape", "choose('look')", N_("Look at the table")),
    ]
    BUTTONS = (("results", N_("Results"), "success"), ("look", N_("Look at the table"), "default"))


class DealScreen(_Modal):
    """A deal at the final table: what an ICM deal and a chip chop pay each player."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "choose('icm')", N_("ICM deal")),
        Binding("2", "choose('chips')", N_("Chip chop")),
        Binding("escape,n", "choose('play')", N_("Play on")),
    ]
    BUTTONS = (
        ("icm", N_("Propose an ICM deal (1)"), "success"),
        ("chips", N_("Propose a chip chop (2)"), "primary"),
        ("play", N_("Play on"), "default"),
    )


def deal_text(s: TournamentSession) -> Text:
    """Each player's stack and what each kind of deal pays them."""
    t = s.tournament
    icm = s.deal_terms("icm").amounts
    chips = s.deal_terms("chips").amounts
    out = Text()
    out.append(
        gettext(
            "Every player left must accept. The computer opponents accept a deal worth at "
            "least their ICM equity."
        )
        + "\n"
    )
    # Translators: the columns of the deal screen (12, 9, 12 and 12 wide).
    player, stack = pgettext("deal", "player"), pgettext("deal", "stack")
    by_icm, by_chips = pgettext("deal", "ICM deal"), pgettext("deal", "chip chop")
    out.append(f"{player:<12}{stack:>9}{by_icm:>12}{by_chips:>12}\n", style="bold")
    for name in sorted(t.players_left(), key=lambda p: -t.stacks[p]):
        out.append(
            f"{name:<12}{_chips(t.stacks[name]):>9}{_chips(icm[name]):>12}"
            f"{_chips(chips[name]):>12}\n",
            style="bold" if name == s.person else "",
        )
    out.rstrip()
    return out


class IcmScreen(ModalScreen[None]):
    """The ICM equities of the stacks now."""

    DEFAULT_CSS = """
    IcmScreen { align: center middle; }
    #icm-box { width: 70; height: auto; border: thick $primary; background: $surface;
               padding: 1 2; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,i", "close", N_("Close"))]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self.text = text
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="icm-box"):
            yield Static(Text(gettext("ICM equities of the stacks now"), style="bold"))
            yield Static(self.text, id="icm-text")
            yield Button(gettext("Close"), id="close-icm", compact=True)

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        self.dismiss(None)


class ResultsScreen(Screen[None]):
    """The end of the tournament for the person: their place and prize (or a note
    that it is saved), the standings, and the coach's line on the person's decisions
    of the tournament (as at the end of a table session, ``docs/review.md``)."""

    DEFAULT_CSS = """
    #results-title, #results-place, #results, #results-note, #results-coach {
        height: auto; padding: 0 1;
    }
    #results, #results-coach { margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,enter,escape", "quit", N_("Quit"))]

    def __init__(self, session: TournamentSession, note: str = "") -> None:
        super().__init__()
        self.session = session
        self.note = note
        self.coach = SessionCoach(self, "#results-coach", session.person)
        """The coach's line on the tournament (computed once the screen is shown)."""
        translate_bindings(self)

    def compose(self) -> ComposeResult:
        s = self.session
        t = s.tournament
        yield Header()
        yield Static(
            Text(
                gettext("Tournament {name} #{id}: results").format(name=t.config.name, id=t.id),
                style="bold",
            ),
            id="results-title",
        )
        mine = s.person_standing()
        if mine is not None and mine.place is not None:
            entrants = len(t.entrants)
            if mine.prize:
                words = gettext("You finished {place} of {entrants} and win {prize}.")
            else:
                words = gettext("You finished {place} of {entrants}.")
            place = words.format(
                place=place_words(mine.place), entrants=entrants, prize=_chips(mine.prize)
            )
            if t.deal is not None:
                place += " " + gettext("The players left made a deal.")
            yield Static(Text(place, style="bold green"), id="results-place")
        yield Static(results_text(s, s.standings()), id="results")
        if s.hands_dealt_in():
            yield Static(
                gettext("The coach is reviewing your decisions of the session..."),
                id="results-coach",
            )
        yield Static(self.note, id="results-note")
        yield Button(gettext("Quit"), id="quit-results")
        yield Footer()

    def on_mount(self) -> None:
        """Start the coach's review of the person's hands off the screen's thread."""
        if self.query("#results-coach"):
            self.coach.start(self.session.store.load_session(self.session.session_id))

    def action_quit(self) -> None:
        """Leave the program."""
        self.app.exit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Quit."""
        self.app.exit()


class TournamentScreen(TableScreen):
    """The table screen of a tournament (see the module doc)."""

    DEFAULT_CSS = """
    #tournament { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("i", "icm", N_("ICM")),
        Binding("o", "deal", N_("Deal")),
    ]
    GONE_WORD = OUT

    session: TournamentSession  # type: ignore[assignment]

    def __init__(self, session: TournamentSession, bot_pause: float = 0.0) -> None:
        super().__init__(session, bot_pause)  # type: ignore[arg-type]
        self._over_offered = False

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield widget
            if isinstance(widget, Header):
                yield Static("", id="tournament")

    def on_mount(self) -> None:
        """Deal the first hand (see the table), and keep the level clock drawn."""
        super().on_mount()
        s = self.session
        if s.table_notes and not self.message:  # the level of the first hand dealt
            self.message = " ".join(s.table_notes)
            self.refresh_table()
        if s.tournament.config.levels[0].minutes is not None:
            self.set_interval(1.0, self._show_panel)

    def _show_panel(self) -> None:
        self.query_one("#tournament", Static).update(tournament_text(self.session))

    def refresh_table(self) -> None:
        """The table, then the tournament panel."""
        super().refresh_table()
        self._show_panel()

    def _end_words(self) -> str:
        s = self.session
        if s.awaiting_rebuy:
            return gettext("Hand over. You have no chips left.")
        mine = s.person_standing()
        if mine is not None and mine.place is not None:
            if mine.prize:
                return gettext("Hand over. You finish {place} and win {prize}.").format(
                    place=place_words(mine.place), prize=_chips(mine.prize)
                )
            return gettext("Hand over. You finish {place}.").format(place=place_words(mine.place))
        return gettext("Hand over. Press space for the next hand.")

    def _show_between(self) -> None:
        s = self.session
        self.query_one("#act-next", Button).disabled = not s.can_deal() and not s.over
        rebuy = self.query_one("#act-rebuy", Button)
        config = s.tournament.config
        rebuy.display = bool(config.rebuy_levels)
        relabel(rebuy, gettext("Rebuy or add-on"))
        refused = s.rebuy_refusal()
        rebuy.disabled = refused is not None
        rebuy.tooltip = refused
        relabel(self.query_one("#act-leave", Button), gettext("Leave the tournament"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The tournament's keys: ICM while two players or more are left, a deal
        when one may be put; rebuy only in a tournament with rebuys."""
        s = self.session
        if action == "icm":
            return len(s.tournament.players_left()) >= 2 and not s.tournament.finished
        if action == "deal":
            return s.deal_possible()
        if action == "rebuy" and not s.tournament.config.rebuy_levels:
            return False
        return super().check_action(action, parameters)

    # -- the end, rebuys and deals -----------------------------------------------------

    def _offer_end(self, again: bool = False) -> None:
        """Out of chips during the rebuy period: rebuy or leave; the tournament over
        for the person: the results; a deal due at the final table: offer it."""
        s = self.session
        if self.left or isinstance(self.app.screen, _Modal | IcmScreen):
            return
        if s.awaiting_rebuy:
            chips = s.tournament.config.effective_rebuy_chips
            text = ngettext(
                "Rebuy {chips} chip to play on (the rebuy period is open), or leave the "
                "tournament.",
                "Rebuy {chips} chips to play on (the rebuy period is open), or leave the "
                "tournament.",
                chips,
            ).format(chips=chips)
            self.app.push_screen(
                BustScreen(gettext("You have no chips left."), text), self._bust_chosen
            )
            return
        if s.over and not s.in_hand:
            if self._over_offered and not again:
                return
            self._over_offered = True
            mine = s.person_standing()
            title = self._end_words()
            if mine is not None and mine.place is not None:
                title = gettext("The tournament is over for you: {place} place.").format(
                    place=place_words(mine.place)
                )
            self.app.push_screen(
                OverScreen(title, gettext("See the results and the standings.")),
                self._over_chosen,
            )
            return
        if not s.in_hand and s.deal_due():
            self.action_deal()

    def _bust_chosen(self, choice: str | None) -> None:
        s = self.session
        if choice in ("rebuy", "leave"):
            self._run(lambda: s.settle_bust(choice == "rebuy"))
            if s.table_notes:
                self.message = " ".join(s.table_notes)
        self.refresh_table()

    def _over_chosen(self, choice: str | None) -> None:
        if choice == "results":
            self._show_results()
        else:
            self.refresh_table()

    def _show_results(self, note: str = "") -> None:
        self.left = True
        self.session.leave()
        self.app.switch_screen(ResultsScreen(self.session, note))

    def action_next_hand(self) -> None:
        """Deal the next hand (out of chips: rebuy or leave; over: the results)."""
        s = self.session
        if s.awaiting_rebuy or (s.over and not s.in_hand):
            self._offer_end(again=True)
            return
        super().action_next_hand()

    def action_rebuy(self) -> None:
        """Rebuy, or take the add-on, between hands when the structure allows."""
        s = self.session
        if s.in_hand:
            return
        refused = s.rebuy_refusal()
        if refused is not None:
            self.message = refused
        else:
            before = s.stack()
            if self._run(s.rebuy):
                self.message = gettext("You buy {chips} chips: your stack is {stack}.").format(
                    chips=s.stack() - before, stack=s.stack()
                )
        self.refresh_table()

    def action_icm(self) -> None:
        """Show the ICM equities of the stacks now."""
        if len(self.session.tournament.players_left()) >= 2:
            self.app.push_screen(IcmScreen(icm_text(self.session)))

    def action_deal(self) -> None:
        """Offer a deal to the players left (the final table, between hands)."""
        s = self.session
        if not s.deal_possible():
            return
        left = len(s.tournament.players_left())
        title = ngettext(
            "A deal at the final table? {count} player left.",
            "A deal at the final table? {count} players left.",
            left,
        ).format(count=left)
        self.app.push_screen(DealScreen(title, deal_text(s)), self._deal_chosen)

    def _deal_chosen(self, choice: str | None) -> None:
        s = self.session
        if choice in ("icm", "chips"):
            kind: DealKind = "icm" if choice == "icm" else "chips"
            self._run(lambda: s.propose_deal(kind))
            self.message = " ".join(s.table_notes)
        self.refresh_table()

    def action_leave(self) -> None:
        """Leave the table: the results so far; a tournament still on is saved."""
        s = self.session
        note = ""
        if not s.over:
            note = gettext(
                "Your tournament is saved: `pokerbonus play --resume` continues it at the "
                "same level, with the same stacks and seats."
            )
        self._show_results(note)


class TournamentApp(PlayingApp):
    """``pokerbonus play --tournament``: the tournament table, then the results."""

    TITLE = "Poker Bonus"
    CSS = TABLE_CSS

    def __init__(self, session: TournamentSession, *, bot_pause: float = 0.0) -> None:
        super().__init__()
        translate_bindings(self)
        self.session = session
        self.bot_pause = bot_pause

    def on_mount(self) -> None:
        """Show the tournament table."""
        self.push_screen(TournamentScreen(self.session, self.bot_pause))
