"""The end of a table session in the terminal: the ledger, the person's hands, every
player's statistics (:mod:`pokerbonus.player_stats`, ``docs/stats.md``) and the
coach's line on the session (the decisions that cost most, ``docs/review.md``).

The statistics are sums of the facts stored beside each hand, read from its
public record: an opponent's figures use only what the person saw at the table
(a folded hand is never read). The coach's line is computed in a worker thread
(a long session takes seconds); the screen says so meanwhile. ``l`` opens the
last hands (:mod:`pokerbonus.tui.replayer`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static
from textual.worker import get_current_worker

from pokerbonus.i18n import N_, gettext, pgettext
from pokerbonus.tui.screens import LedgerScreen, ledger_text, summary_text, translate_bindings

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.ledger import LedgerEntry
    from pokerbonus.player_stats import PlayerStats
    from pokerbonus.store import SavedSession, Store
    from pokerbonus.store.review import HandReview
    from pokerbonus.tui.session import PlaySession, SessionSummary

__all__ = ["SessionCoach", "SummaryScreen", "stats_legend", "stats_table", "summary_screen"]


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}%"


def stats_table(players: Sequence[PlayerStats]) -> Table:
    """Every player's statistics, one row each: hands, VPIP, PFR, re-raise %,
    aggression factor, went to showdown, won there, net chips, mbb/hand with its
    95% interval (± half its width), and in the draw games the mean number of
    cards drawn and the share of draws standing pat."""
    draws = any(p.draws for p in players)
    table = Table(box=None, padding=(0, 1, 0, 0), pad_edge=False, header_style="bold")
    # Translators: the columns of the statistics at the end of a session (short:
    # the screen has 80 columns); stats_legend says each in words.
    table.add_column(pgettext("stats column", "player"), no_wrap=True)
    for word in (
        pgettext("stats column", "hands"), pgettext("stats column", "VPIP"),
        pgettext("stats column", "PFR"), pgettext("stats column", "RR"),
        pgettext("stats column", "AF"), pgettext("stats column", "WTSD"),
        pgettext("stats column", "W$SD"), pgettext("stats column", "net"),
        pgettext("stats column", "mbb/hand"), pgettext("stats column", "±95%"),
    ):  # fmt: skip
        table.add_column(word, justify="right", no_wrap=True)
    if draws:
        table.add_column(pgettext("stats column", "drawn"), justify="right", no_wrap=True)
        table.add_column(pgettext("stats column", "pat"), justify="right", no_wrap=True)
    for p in players:
        interval = p.mbb_interval
        mbb = "-" if p.mbb_per_hand is None else f"{p.mbb_per_hand:+.0f}"
        half = "-" if interval is None else f"±{(interval[1] - interval[0]) / 2:.0f}"
        af = "-" if p.aggression is None else f"{p.aggression:.1f}"
        net = Text(f"{p.net:+d}", style="green" if p.net > 0 else "red" if p.net < 0 else "")
        row: list[str | Text] = [
            p.name, str(p.hands), _pct(p.vpip_pct), _pct(p.pfr_pct), _pct(p.reraise_pct), af,
            _pct(p.wtsd_pct), _pct(p.wsd_pct), net, mbb, half,
        ]  # fmt: skip
        if draws:
            drawn = "-" if p.mean_drawn is None else f"{p.mean_drawn:.1f}"
            row += [drawn, _pct(p.pat_pct)]
        table.add_row(*row)
    return table


def stats_legend(draws: bool) -> str:
    """The statistics' columns in words, and where the figures come from."""
    text = gettext(
        "VPIP: chips put in the first round of one's own will (forced bets are not); "
        "PFR: bet or raised in the first round; RR: re-raised there, facing a bet; "
        "AF: (bets + raises) / calls; WTSD: went to the showdown, of the hands still in "
        "after the first round; W$SD: won chips there; mbb/hand: thousandths of the "
        "blind (or the ante) won per hand, ± the half-width of its interval (95%)."
    )
    if draws:
        text += " " + gettext("Drawn: cards exchanged per draw; pat: draws standing pat.")
    return (
        text
        + " "
        + gettext(
            "Opponents' figures use only what you saw at the table: a folded hand is never read."
        )
    )


class SummaryScreen(LedgerScreen):
    """The end of a table session: the ledger and the person's hands (as the
    ledger screen shows them), every player's statistics, the coach's line on
    the session; ``l`` the last hands, ``q`` quit."""

    DEFAULT_CSS = """
    SummaryScreen #summary-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    SummaryScreen #summary-stats, SummaryScreen #summary-legend,
    SummaryScreen #summary-coach { height: auto; padding: 0 1; margin-top: 1; }
    SummaryScreen #summary-legend { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("l", "last_hands", N_("Last hands"))]

    def __init__(
        self,
        entries: tuple[LedgerEntry, ...],
        note: str,
        summary: SessionSummary,
        *,
        store: Store,
        session: int,
        person: str,
        config: TableConfig,
        four_color: bool = False,
    ) -> None:
        super().__init__(entries, note, summary)
        translate_bindings(self)
        self.store = store
        self.session = session
        self.person = person
        self.config = config
        self.four_color = four_color
        self.coach = SessionCoach(self, "#summary-coach", person)
        """The coach's line on the session (computed once the screen is shown)."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="summary-scroll"):
            title = gettext("Session ledger (a cave is a buy-in)")
            yield Static(Text(title, style="bold"), id="ledger-title")
            ledger = ledger_text(self.entries)
            ledger.rstrip()
            yield Static(ledger, id="ledger")
            summary = self.summary
            assert summary is not None
            yield Static(summary_text(summary), id="ledger-summary")
            if summary.hands_played:
                yield Static(
                    gettext("The coach is reviewing your decisions of the session..."),
                    id="summary-coach",
                )
            if summary.players:
                yield Static(stats_table(summary.players), id="summary-stats")
                draws = any(p.draws for p in summary.players)
                yield Static(stats_legend(draws), id="summary-legend")
            if self.note:
                yield Static(self.note, id="ledger-note")
        yield Button(gettext("Quit"), id="quit-ledger")
        yield Footer()

    def on_mount(self) -> None:
        """Start the coach's review of the session off the screen's thread."""
        self.query_one("#summary-scroll").focus()
        summary = self.summary
        if summary is None or not summary.hands_played:
            return
        self.coach.start(self.store.load_session(self.session))

    @property
    def coach_line(self) -> str | None:
        """The coach's line once computed."""
        return self.coach.line

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``l`` only once a hand is over."""
        if action == "last_hands":
            return self.summary is not None and self.summary.hands_played > 0
        return True

    def action_last_hands(self) -> None:
        """The session's hands, one action at a time."""
        from pokerbonus.tui.replayer import open_last_hands

        open_last_hands(
            self.app, self.store, self.session, self.person, self.config, self.four_color
        )


class SessionCoach:
    """The coach's line on a whole stored session (a table session or a tournament),
    computed in a worker thread of ``screen`` and shown in its ``Static`` named
    ``widget``: the progress meanwhile, then :func:`pokerbonus.store.review.summary_line`
    (the summary at the end of a table session, the results of a tournament)."""

    def __init__(self, screen: Screen[Any], widget: str, person: str) -> None:
        self.screen = screen
        self.widget = widget
        self.person = person
        self.line: str | None = None
        """The coach's line once computed."""

    def start(self, saved: SavedSession) -> None:
        """Review ``person``'s decisions of ``saved`` off the screen's thread."""
        app = self.screen.app
        self.screen.run_worker(
            partial(self._review, app, saved), thread=True, name="coach", group="coach"
        )

    def _review(self, app: App[None], saved: SavedSession) -> None:
        from pokerbonus.store.review import review_session

        total = sum(1 for h in saved.finished_hands if self.person in h.players)
        reviews: list[HandReview] = []
        result: list[HandReview] | Exception = reviews
        worker = get_current_worker()
        try:
            for done, review in enumerate(review_session(saved, self.person), start=1):
                reviews.append(review)
                if worker.is_cancelled:  # the screen or the app closed: stop at once,
                    return  # so that quitting does not wait for the whole session
                if not _post(app, partial(self._progress, done, total)):
                    return  # the app closed meanwhile
        except Exception as exc:  # the coach's failure must not hide the summary
            result = exc
        _post(app, partial(self._show, result))

    def _update(self, text: str) -> None:
        with contextlib.suppress(NoMatches):  # the screen was closed meanwhile
            self.screen.query_one(self.widget, Static).update(text)

    def _progress(self, number: int, total: int) -> None:
        """Where the coach's review of the session is."""
        if self.line is not None:
            return
        self._update(
            gettext(
                "The coach is reviewing your decisions of the session... (hand {number} of {total})"
            ).format(number=number, total=total)
        )

    def _show(self, result: list[HandReview] | Exception) -> None:
        from pokerbonus.store.review import summary_line
        from pokerbonus.tui.review_screen import card_words

        if isinstance(result, Exception):
            line = gettext("The coach could not review the session: {error}").format(error=result)
        else:
            words = summary_line(result, cards=card_words)
            line = gettext("The coach: {line}.").format(line=words)
        self.line = line
        self._update(line)


def _post(app: App[None], call: Callable[[], object]) -> bool:
    """Run ``call`` on the screen's thread (from a worker thread); whether the app
    still runs."""
    try:
        app.call_from_thread(call)
    except RuntimeError:  # the app is closed
        return False
    return True


def summary_screen(s: PlaySession, entries: tuple[LedgerEntry, ...], note: str) -> SummaryScreen:
    """The end-of-session screen of the table session ``s``."""
    return SummaryScreen(
        entries, note, s.summary(), store=s.store, session=s.session_id, person=s.person,
        config=s.config, four_color=s.settings.four_color,
    )  # fmt: skip
