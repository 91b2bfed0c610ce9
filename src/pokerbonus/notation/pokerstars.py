"""Finished engine hands as PokerStars-style hand-history text, for every family.

Tracking software imports hands in the text of PokerStars' histories. This
module writes it for hold'em and the other board games (``*** HOLE CARDS ***``,
``*** FLOP ***``, ``*** TURN ***``, ``*** RIVER ***``; a double-board game has a
``FIRST``/``SECOND`` flop, turn and river), stud (``*** 3rd STREET ***`` ...
``*** RIVER ***``) and draw (``*** DEALING HANDS ***``, ``*** FIRST DRAW ***``
... as PokerStars names even a single draw): the header, seats, forced bets, cards
(every hand, or one hero's, the up cards and the hands shown at the showdown), the
actions with their amounts (``raises X to Y``), uncalled bets returned, the
showdown, and a summary with the pot, side pots and ``Rake 0``. Everything comes
from the hand's events, so the totals are the engine's: the pot is the sum of
what was put in less what was returned,
and the chips collected add up to it. A hero's text is written from the hero's
view of the hand (:func:`pokerbonus.engine.views.build_view`): another player's
down cards, draws and discards come with their count only, as the hero saw them.
See ``docs/pokerstars.md``.

>>> import random
>>> from pokerbonus.engine import Hand
>>> from pokerbonus.rules import Stakes
>>> from pokerbonus.rules.catalog import holdem
>>> hand = Hand(holdem(), [200, 200], dealer=1, stakes=Stakes(0, blinds=(1, 2)),
...             rng=random.Random(2))
>>> hand.complete_bet_or_raise_to(6); hand.fold()
>>> print(hand_text(hand, players=["ann", "bob"], hero=1))  # doctest: +ELLIPSIS
PokerStars Hand #1: Hold'em No Limit (1/2)
Table 'Poker Bonus' 2-max Seat #2 is the button
Seat 1: ann (200 in chips)
Seat 2: bob (200 in chips)
bob: posts small blind 1
ann: posts big blind 2
*** HOLE CARDS ***
Dealt to bob [...]
bob: raises 4 to 6
ann: folds
Uncalled bet (4) returned to bob
bob collected 4 from pot
*** SUMMARY ***
Total pot 4 | Rake 0
Seat 1: ann (big blind) folded before Flop
Seat 2: bob (button) (small blind) collected (4)
<BLANKLINE>
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from datetime import UTC
from typing import TYPE_CHECKING, Literal

from pokerbonus.cards import format_cards
from pokerbonus.engine.events import (
    AllPassed,
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    BoardDealt,
    Called,
    CardsDealt,
    CardsServed,
    Checked,
    Declined,
    Discarded,
    Drew,
    Folded,
    PotAwarded,
    PotBought,
    RoundEnded,
    Shown,
    StubReshuffled,
)
from pokerbonus.engine.showdown import best_value, evaluator_options
from pokerbonus.engine.tournament_config import roman
from pokerbonus.engine.views import build_view
from pokerbonus.errors import NotationError, PokerError
from pokerbonus.i18n import gettext
from pokerbonus.rules.games import Deal

if TYPE_CHECKING:
    from pokerbonus.engine.state import Hand
    from pokerbonus.notation.phh import HandHistory

__all__ = ["SPECTATOR", "Hero", "family_of", "hand_text", "history_text", "when_text"]

SPECTATOR: Literal["spectator"] = "spectator"
"""The ``hero`` of a text written for nobody at the table: no private card but the
up cards and the hands shown."""

Hero = int | Literal["spectator"] | None
"""Whose text: a seat, :data:`SPECTATOR`, or ``None`` for the house's record (every card)."""

_STRUCTURE = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "limit": "Limit"}
_ORDINALS = ("FIRST", "SECOND", "THIRD", "FOURTH", "FIFTH")
_TITLES = {"Texas hold'em": "Hold'em", "five-card draw": "5 Card Draw"}  # PokerStars' names
_BOARD_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
_STUD_STREETS = {
    2: "2nd STREET",
    3: "3rd STREET",
    4: "4th STREET",
    5: "5th STREET",
    6: "6th STREET",
    7: "RIVER",
}


def family_of(hand: Hand) -> str:
    """``"board"`` (hold'em, Omaha ...), ``"stud"`` or ``"draw"``: how the text
    names the streets of ``hand``'s game.

    >>> from pokerbonus.engine import Hand
    >>> from pokerbonus.rules import FIVE_CARD_DRAW, Stakes
    >>> family_of(Hand(FIVE_CARD_DRAW, [9, 9], dealer=1, stakes=Stakes()))
    'draw'
    """
    steps = hand.game.steps
    if any(isinstance(s, Deal) and s.face == "board" for s in steps):
        return "board"
    if any(isinstance(s, Deal) and s.face == "up" for s in steps):
        return "stud"
    return "draw"


def _stud_streets(hand: Hand) -> list[int]:
    """The cards each player holds after each deal of a stud game (``[3, 4, 5, 6, 7]``)."""
    streets: list[int] = []
    held, dealing = 0, False
    for step in hand.game.steps:
        if isinstance(step, Deal) and step.face != "board":
            held += step.count
            dealing = True
        elif dealing:
            streets.append(held)
            dealing = False
    if dealing:
        streets.append(held)
    return streets


def _level(hand: Hand) -> str:
    structure, stakes = hand.game.structure, hand.stakes
    if structure.kind == "limit":
        return f"{structure.small_bet}/{structure.big_bet}"
    if stakes.seat_blinds:
        blinds = sorted({b for b in stakes.seat_blinds if b})
        return "/".join(str(b) for b in blinds)
    if stakes.blinds:
        return "/".join(str(b) for b in stakes.blinds)
    if stakes.blind is not None:  # one blind: PokerStars writes two amounts, both its size
        return f"{stakes.blind}/{stakes.blind}"
    return f"{stakes.ante}/{stakes.ante}"  # antes only: the ante as both amounts


def when_text(when: datetime.datetime) -> str:
    """The date of a header as PokerStars writes it: the time in UTC (a naive
    ``when`` is taken as UTC), then in brackets the time of its servers (ET, New
    York's time, summer time included) when the time-zone database is there.

    >>> when_text(datetime.datetime(2026, 12, 1, 23, 31, 25))
    '2026/12/01 23:31:25 UTC [2026/12/01 18:31:25 ET]'
    >>> when_text(datetime.datetime(2026, 7, 1, 2, 0, 0, tzinfo=datetime.UTC))
    '2026/07/01 02:00:00 UTC [2026/06/30 22:00:00 ET]'
    """
    utc = when.replace(tzinfo=datetime.UTC) if when.tzinfo is None else when.astimezone(UTC)
    text = utc.strftime("%Y/%m/%d %H:%M:%S") + " UTC"
    try:
        import zoneinfo

        eastern = utc.astimezone(zoneinfo.ZoneInfo("America/New_York"))
    except (ImportError, KeyError, ValueError, OSError):  # no time-zone database here
        return text
    return text + eastern.strftime(" [%Y/%m/%d %H:%M:%S ET]")


def _describe(hand: Hand, seat: int, cards: Sequence[int]) -> str:
    """The shown hand in words (the high hand, or the low one in a low game)."""
    rule = hand.game.rule
    game = rule.high or rule.low or "high"
    board = hand.board if hand.game.boards == 1 or not hand.boards else hand.boards[0]
    options = evaluator_options(rule, game, hand.deck_size, hand.game.jokers)
    try:
        return best_value(tuple(cards), tuple(board), rule, game, options).description
    except PokerError:  # an evaluator that cannot name this hand: the cards say it
        return format_cards(cards)


class _Writer:
    """One pass over the events; ``lines`` is the text."""

    def __init__(self, hand: Hand, names: list[str], hero: Hero) -> None:
        self.hand, self.names, self.hero = hand, names, hero
        self.family = family_of(hand)
        self.lines: list[str] = []
        self.bet = 0  # the current bet to match in this round
        self.street = "the deal"  # for "folded before ..." in the summary
        self.folded: dict[int, str] = {}
        self.posted: dict[int, str] = {}
        self.boards: list[list[int]] = [[] for _ in range(max(hand.game.boards, 1))]
        self.cards: list[list[int]] = [[] for _ in range(hand.n)]  # held now, by seat
        self.stud_runs = _stud_streets(hand) if self.family == "stud" else []
        self.completing = False  # stud: the bet is the bring-in, the next one completes
        self.draw_count = 0
        self.round_open = True  # whether a street header is due before the next deal
        self.showdown = False

    def say(self, seat: int, text: str) -> None:
        self.lines.append(f"{self.names[seat]}: {text}")

    def header(self, title: str) -> None:
        self.lines.append(f"*** {title} ***")

    def event(self, event: object) -> None:
        names = self.names
        if isinstance(event, AntePosted):
            self.say(event.seat, f"posts the ante {event.amount}")
        elif isinstance(event, BlindPosted):
            self._blind(event)
        elif isinstance(event, PotBought):
            self.say(event.seat, f"buys the pot {event.amount}")
        elif isinstance(event, Declined):
            offer = "to buy the pot" if event.decision == "buy_pot" else "to surblind"
            self.say(event.seat, f"declines {offer}")
        elif isinstance(event, CardsDealt):
            self._dealt(event)
        elif isinstance(event, BoardDealt):
            self._board(event)
        elif isinstance(event, Checked):
            self.say(event.seat, "checks")
        elif isinstance(event, Called):
            tail = " and is all-in" if event.all_in else ""
            self.say(event.seat, f"calls {event.amount}{tail}")
        elif isinstance(event, BetOrRaised):
            tail = " and is all-in" if event.all_in else ""
            if self.completing:
                self.say(event.seat, f"completes it to {event.to}{tail}")
                self.completing = False
            elif self.bet == 0:
                self.say(event.seat, f"bets {event.to}{tail}")
            else:
                self.say(event.seat, f"raises {event.to - self.bet} to {event.to}{tail}")
            self.bet = max(self.bet, event.to)
        elif isinstance(event, Folded):
            self.say(event.seat, "folds")
            self.folded[event.seat] = self.street
        elif isinstance(event, BetReturned):
            self.lines.append(f"Uncalled bet ({event.amount}) returned to {names[event.seat]}")
        elif isinstance(event, RoundEnded):
            self.bet = 0
            self.round_open = True
            self.completing = False
        elif isinstance(event, Drew):
            self._drew(event)
        elif isinstance(event, CardsServed):
            kept = list(self.cards[event.seat])
            self.cards[event.seat] += event.cards
            if event.cards:  # the hero's own, or every hand in the house's record
                before = f"[{format_cards(kept)}] " if kept else ""
                self.lines.append(
                    f"Dealt to {names[event.seat]} {before}[{format_cards(event.cards)}]"
                )
        elif isinstance(event, Discarded):
            self.cards[event.seat] = [c for c in self.cards[event.seat] if c not in event.cards]
            cards = f" [{format_cards(event.cards)}]" if event.cards else ""
            self.say(event.seat, f"discards {event.count} card{_s(event.count)}{cards}")
        elif isinstance(event, StubReshuffled):
            self.lines.append(f"Dealer reshuffles {event.count} discards into a new stub")
        elif isinstance(event, Shown):
            if not self.showdown:
                self.header("SHOW DOWN")
                self.showdown = True
            description = _describe(self.hand, event.seat, event.cards)
            self.say(event.seat, f"shows [{format_cards(event.cards)}] ({description})")
        elif isinstance(event, PotAwarded):
            which = "pot" if event.index == 0 else f"side pot-{event.index}"
            for seat, amount in event.shares:
                self.lines.append(f"{names[seat]} collected {amount} from {which}")
        elif isinstance(event, AllPassed):
            self.lines.append(f"{names[event.seat]} takes the blind ({event.amount}) back")

    def _blind(self, event: BlindPosted) -> None:
        kind = event.kind
        if kind == "bring-in":
            self.say(event.seat, f"brings in for {event.amount}")
            self.bet = max(self.bet, event.amount)
            self.completing = True
            return
        if kind == "surblind":
            self.say(event.seat, f"raises {event.amount - self.bet} to {event.amount} (surblind)")
        else:
            words = {"small": "small blind", "big": "big blind", "blind": "blind"}
            self.say(event.seat, f"posts {words.get(kind, kind)} {event.amount}")
            self.posted.setdefault(event.seat, words.get(kind, kind))
        self.bet = max(self.bet, event.amount)

    def _dealt(self, event: CardsDealt) -> None:
        names = self.names
        self.cards[event.seat] += event.cards
        if self.family == "stud":
            if self.round_open and self.stud_runs:
                street = self.stud_runs.pop(0)
                last = not self.stud_runs
                title = "RIVER" if last and street > 4 else _STUD_STREETS.get(street, "STREET")
                self.header(title)
                self.street = title.replace("STREET", "Street").replace("RIVER", "River")
                self.round_open = False
            if event.cards:  # up cards, or the hero's (the view keeps no other)
                self.lines.append(f"Dealt to {names[event.seat]} [{format_cards(event.cards)}]")
            return
        if self.round_open:
            self.header("HOLE CARDS" if self.family == "board" else "DEALING HANDS")
            self.round_open = False
        if event.cards:  # the hero's, or every hand in the house's record
            self.lines.append(f"Dealt to {names[event.seat]} [{format_cards(event.cards)}]")

    def _board(self, event: BoardDealt) -> None:
        board = self.boards[event.board]
        before = list(board)
        board.extend(event.cards)
        name = _BOARD_STREETS.get(len(board), "BOARD")
        if len(self.boards) > 1:
            name = f"{_ORDINALS[event.board]} {name}"
        shown = f"[{format_cards(before)}] " if before else ""
        self.lines.append(f"*** {name} *** {shown}[{format_cards(event.cards)}]")
        self.street = _BOARD_STREETS.get(len(board), "BOARD").title()
        self.round_open = False

    def _drew(self, event: Drew) -> None:
        if self.round_open:
            self.draw_count += 1
            title = f"{_ORDINALS[self.draw_count - 1]} DRAW"  # PokerStars: FIRST even if alone
            self.header(title)
            self.street = title.title()
            self.round_open = False
        if event.count == 0:
            self.say(event.seat, "stands pat")
            return
        self.cards[event.seat] = [c for c in self.cards[event.seat] if c not in event.cards]
        cards = f" [{format_cards(event.cards)}]" if event.cards else ""
        self.say(event.seat, f"discards {event.count} card{_s(event.count)}{cards}")


def _when_folded(street: str, family: str) -> str:
    if street == "the deal":
        return {"board": "before Flop", "draw": "before the Draw"}.get(family, "before the deal")
    if family == "draw":
        return f"after the {street}"
    return f"on the {street}"


def _s(count: int) -> str:
    return "s" if count > 1 else ""


def hand_text(
    hand: Hand,
    *,
    players: Sequence[str] | None = None,
    number: int = 1,
    table: str = "Poker Bonus",
    hero: Hero = None,
    when: datetime.datetime | None = None,
    currency: str = "",
    tournament: tuple[int, int] | None = None,
    seats: int | None = None,
) -> str:
    """A finished engine hand of any game in the text of PokerStars' histories.

    ``tournament``: ``(tournament id, level number)`` for a tournament hand: the
    header then reads ``Tournament #27, Hold'em No Limit - Level IV (50/100)``.

    ``players``: names in engine seat order (default ``Player 1`` ...); seats
    are numbered from 1 in engine seat order. ``hero``: the one seat whose
    private cards are written, with every up card and the hands shown at the
    showdown, from that seat's view of the hand (:data:`SPECTATOR`: nobody's
    private cards; ``None``: every card, the house's record). ``when``: the time
    in the header, in UTC and ET (:func:`when_text`; left out if ``None``).
    ``currency``: written before amounts in the header (``"$"``), chips if empty.
    ``seats``: the table's seats, the ``N-max`` of the table line (a tournament
    table's seat count; default: the players dealt in).
    """
    if not hand.finished:
        raise NotationError(gettext("PokerStars text: the hand is not finished"))
    n = hand.n
    names = list(players) if players is not None else [f"Player {s + 1}" for s in range(n)]
    if len(names) != n or len(set(names)) != n:
        raise NotationError(
            gettext("PokerStars text: {n} different names needed, got {names}").format(
                n=n, names=names
            )
        )
    if hero is not None and hero != SPECTATOR and not (isinstance(hero, int) and 0 <= hero < n):
        raise NotationError(
            gettext("PokerStars text: hero seat {hero} is not a seat (0..{n})").format(
                hero=hero, n=n - 1
            )
        )
    if seats is not None and seats < n:
        raise NotationError(
            gettext("PokerStars text: {seats} seats for {n} players dealt in").format(
                seats=seats, n=n
            )
        )
    game = hand.game
    title = _TITLES.get(game.name, game.name[:1].upper() + game.name[1:])
    level = _level(hand)
    if currency:
        level = "/".join(currency + part for part in level.split("/"))
    header = f"PokerStars Hand #{number}: {title} {_STRUCTURE[game.structure.kind]} ({level})"
    if tournament is not None:
        tid, number_of_level = tournament
        header = (
            f"PokerStars Hand #{number}: Tournament #{tid}, {title} "
            f"{_STRUCTURE[game.structure.kind]} - Level {roman(number_of_level)} ({level})"
        )
    if when is not None:
        header += " - " + when_text(when)
    writer = _Writer(hand, names, hero)
    lines = writer.lines
    deck = hand.deck_size
    note = (
        ""
        if deck == 52 and not game.jokers
        else f" ({deck}-card deck" + (f", {game.jokers} joker(s))" if game.jokers else ")")
    )
    most = seats if seats is not None else n
    lines += [header, f"Table '{table}' {most}-max Seat #{hand.dealer + 1} is the button{note}"]
    lines += [f"Seat {s + 1}: {names[s]} ({hand.starting_stacks[s]} in chips)" for s in range(n)]
    events: Iterable[object] = hand.events
    if hero is not None:  # what the hero saw: others' hidden cards left out by the view
        events = build_view(hand, None if hero == SPECTATOR else hero).log
    for event in events:
        writer.event(event)
    _summary(hand, writer)
    return "\n".join(lines) + "\n"


def _summary(hand: Hand, writer: _Writer) -> None:
    lines, names = writer.lines, writer.names
    results = hand.pot_results
    total = sum(r.amount for r in results)
    lines.append("*** SUMMARY ***")
    if len(results) > 1:
        parts = [f"Main pot {results[0].amount}."]
        parts += [f"Side pot-{i} {r.amount}." for i, r in enumerate(results[1:], start=1)]
        lines.append(f"Total pot {total} " + " ".join(parts) + " | Rake 0")
    else:
        lines.append(f"Total pot {total} | Rake 0")
    for index, board in enumerate(writer.boards):
        if board:
            label = "Board" if len(writer.boards) == 1 else f"{_ORDINALS[index].title()} board"
            lines.append(f"{label} [{format_cards(board)}]")
    won: dict[int, int] = {}
    for result in results:
        for seat, amount in result.shares:
            won[seat] = won.get(seat, 0) + amount
    shown = hand.shown
    for s in range(hand.n):
        tags = " (button)" if s == hand.dealer else ""
        if s in writer.posted:
            tags += f" ({writer.posted[s]})"
        start = f"Seat {s + 1}: {names[s]}{tags}"
        if s in writer.folded:
            lines.append(f"{start} folded {_when_folded(writer.folded[s], writer.family)}")
        elif s in shown:
            verdict = f"and won ({won[s]})" if s in won else "and lost"
            lines.append(
                f"{start} showed [{format_cards(shown[s])}] {verdict} "
                f"with {_describe(hand, s, shown[s])}"
            )
        else:
            lines.append(f"{start} collected ({won.get(s, 0)})")


def history_text(history: HandHistory, **options: object) -> str:
    """A PHH hand (replayed through the engine) as PokerStars-style text; the
    names are the hand's ``players`` when it has them. ``options`` are those of
    :func:`hand_text` (``hero``, ``number`` ...)."""
    from pokerbonus.notation.replay import replay_hand  # replay builds on this layer

    hand = replay_hand(history)
    if "players" not in options and history.players is not None:
        options["players"] = list(history.players)
    return hand_text(hand, **options)  # type: ignore[arg-type]
