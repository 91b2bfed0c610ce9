"""The coach in the terminal: the person's decisions of one hand reviewed
(:func:`pokerbonus.store.review.review_session`, the core of ``history review``),
with what the figures mean and their limits.

``v`` after a hand at the table (a cash table or a tournament's), and on the
"last hands" screen for the hand shown. The review runs in a worker thread (the
first one loads the solved strategy, which takes a few seconds); the screen says
so meanwhile.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from pokerbonus.i18n import N_, gettext
from pokerbonus.tui.render import card_text, cards_text
from pokerbonus.tui.screens import translate_bindings

if TYPE_CHECKING:
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.store import SavedSession
    from pokerbonus.store.review import HandReview
    from pokerbonus.tui.last_hands import HandReplay
    from pokerbonus.tui.session import PlaySession
    from pokerbonus.tui.tournament_session import TournamentSession

__all__ = ["ReviewScreen", "card_words", "open_review", "review_text"]


def card_words(cards: Sequence[int]) -> str:
    """Cards as the table writes them (``A♠ T♦``; French letters in French), for
    the coach's sentences."""
    from pokerbonus.cards import Card

    return " ".join(card_text(Card(c)).plain for c in cards)


def review_text(review: HandReview | None, replay: HandReplay, four_color: bool = False) -> Text:
    """The coach's words on the person's decisions of ``replay``'s hand: each
    decision with the cards held and the pot then, the figures, and the limits."""
    from pokerbonus.bots.coach import advice_lines, limits_text

    out = Text()
    advice = review.advice if review is not None else ()
    if not advice:
        out.append(gettext("You made no decision in this hand."))
    for k, item in enumerate(advice):
        if k:
            out.append("\n")
        lines = advice_lines(item, card_words)
        out.append(lines[0] + "\n", style="bold")
        before = replay.frames[item.step - 1].view if item.step - 1 < len(replay.frames) else None
        if before is not None and before.hole:
            out.append("  " + gettext("your cards:") + " ")
            out.append_text(cards_text(before.hole, four_color))
            out.append("  " + gettext("pot {amount}").format(amount=item.pot) + "\n")
        for i, line in enumerate(lines[1:], start=1):
            style = ""
            if i == 2 and item.kind == "strategy" and item.cost is not None and item.cost > 0.005:
                style = "bold red" if item.cost >= 0.5 else "yellow"  # the cost's line
            out.append(line + "\n", style=style)
    out.append("\n")
    out.append(limits_text(), style="dim")
    return out


class ReviewScreen(Screen[None]):
    """The coach on one hand: loading, then each of the person's decisions
    (:func:`review_text`); ``escape`` back."""

    DEFAULT_CSS = """
    ReviewScreen #review-title { height: auto; padding: 0 1; }
    ReviewScreen #review-scroll { height: 1fr; padding: 0 1; }
    ReviewScreen #review-body { height: auto; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,v", "close", N_("Back"))]

    def __init__(
        self,
        saved: SavedSession,
        person: str,
        replay: HandReplay,
        config: TableConfig,
        four_color: bool = False,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.saved = saved
        self.person = person
        self.replay = replay
        self.config = config
        self.four_color = four_color
        self.review: HandReview | None = None
        self.done = False
        """Whether the review is shown (else the loading message)."""

    def compose(self) -> ComposeResult:
        yield Header()
        title = gettext("The coach on hand {number}: your decisions").format(
            number=self.replay.number
        )
        yield Static(Text(title, style="bold"), id="review-title")
        with VerticalScroll(id="review-scroll"):
            yield Static(
                gettext(
                    "The coach is reviewing the hand... (the first review loads the solved "
                    "strategy: a few seconds)"
                ),
                id="review-body",
            )
        yield Footer()

    def on_mount(self) -> None:
        """Start the review off the screen's thread."""
        self.query_one("#review-scroll").focus()
        app = self.app
        self.run_worker(
            partial(self._review, app), thread=True, name="coach", group="coach",
            exit_on_error=False,
        )  # fmt: skip

    def _review(self, app: App[None]) -> None:
        from pokerbonus.store.review import review_session

        try:
            found = list(review_session(self.saved, self.person, [self.replay.number]))
        except Exception as exc:  # the coach's failure must not stop the game
            result: HandReview | Exception | None = exc
        else:
            result = found[0] if found else None
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            app.call_from_thread(self._show, result)

    def _show(self, result: HandReview | Exception | None) -> None:
        self.done = True
        if isinstance(result, Exception):
            body = Text(
                gettext("The coach could not review this hand: {error}").format(error=result),
                style="red",
            )
        else:
            self.review = result
            body = review_text(result, self.replay, self.four_color)
            body.rstrip()
        with contextlib.suppress(NoMatches):  # the screen was closed meanwhile
            self.query_one("#review-body", Static).update(body)

    def action_close(self) -> None:
        """Back to where the coach was called."""
        self.dismiss(None)


def open_review(
    app: App[None], s: PlaySession | TournamentSession, number: int | None = None
) -> None:
    """The coach on hand ``number`` of the table session or tournament ``s``
    (default: the last finished one the person was dealt in), read from the store
    now."""
    from pokerbonus.tui.last_hands import replay_hand

    saved = s.store.load_session(s.session_id)
    hands = [h for h in saved.finished_hands if s.person in h.players]
    if not hands:
        return
    chosen = number if number is not None else hands[-1].number
    replay = replay_hand(saved, chosen, s.person)
    app.push_screen(ReviewScreen(saved, s.person, replay, s.config, s.settings.four_color))
