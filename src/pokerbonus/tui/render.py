"""What the terminal table shows, in words and colours, built from a seat view.

Every function here reads only a :class:`~pokerbonus.engine.views.SeatView`
(what the person's seat may see) and public facts of the table (names, house
rules); none of them can reach a hand's hidden cards.

>>> from pokerbonus.cards import parse_cards
>>> cards_text(parse_cards("As Td")).plain
'A♠ T♦'
>>> str(card_text(parse_cards("Kh")[0], four_color=True).style)
'bold red'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from rich.text import Text

from pokerbonus.cards import RANKS, SUIT_SYMBOLS, Card
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.events import (
    AllPassed,
    AntePosted,
    BetOrRaised,
    BetReturned,
    BlindPosted,
    Called,
    CardsServed,
    Checked,
    Declined,
    Drew,
    Event,
    Folded,
    PotAwarded,
    PotBought,
    RoundEnded,
    Shown,
    StubReshuffled,
)
from pokerbonus.engine.pots import Pot, side_pots
from pokerbonus.engine.views import SeatView
from pokerbonus.hands import HandValue, evaluate

__all__ = [
    "HIDDEN_CARD",
    "card_text",
    "cards_text",
    "contributions",
    "describe_event",
    "hand_value",
    "log_text",
    "pots_text",
    "seats_text",
    "showdown_text",
]

HIDDEN_CARD: Final = "▒▒"
"""How a card the person may not see is drawn."""

_TWO_COLOURS: Final = ("bold white", "bold red", "bold red", "bold white")
_FOUR_COLOURS: Final = ("bold green", "bold blue", "bold red", "bold white")


def card_text(card: Card, four_color: bool = False) -> Text:
    """One card, rank and suit symbol, in its suit's colour (``Jk`` for a joker)."""
    if card.is_joker:
        return Text("Jk", style="bold magenta")
    colours = _FOUR_COLOURS if four_color else _TWO_COLOURS
    return Text(RANKS[card.rank] + SUIT_SYMBOLS[card.suit], style=colours[card.suit])


def cards_text(
    cards: Sequence[Card], four_color: bool = False, selected: Collection[Card] = ()
) -> Text:
    """Cards side by side; ``selected`` ones are underlined and reversed."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        text = card_text(card, four_color)
        if card in selected:
            text.stylize("reverse underline")
        out.append_text(text)
    return out


def hand_value(cards: Sequence[Card], config: TableConfig) -> HandValue:
    """The value of shown cards under the table's rules (deck, jokers, wheel, ranking)."""
    return evaluate(
        tuple(cards),
        "high",
        deck=config.effective_deck_size,
        jokers=config.jokers > 0,
        wheel=config.wheel,
        ranking=config.ranking,
    )


def contributions(view: SeatView) -> tuple[int, ...]:
    """Each seat's chips put in so far this hand, from the public log."""
    put = [0] * view.players
    for event in view.log:
        if isinstance(event, AntePosted | BlindPosted | PotBought | Called | BetOrRaised):
            put[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            put[event.seat] -= event.amount
    return tuple(put)


def live_pots(view: SeatView) -> tuple[Pot, ...]:
    """The main pot and side pots as they stand (before the hand is settled)."""
    return side_pots(contributions(view), view.folded)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def pots_text(view: SeatView, names: Sequence[str]) -> Text:
    """The pot and side pots, with who may win each."""
    out = Text()
    if view.finished:
        results = view.pot_results
        for i, result in enumerate(results):
            label = "Main pot" if i == 0 else f"Side pot {i}"
            who = ", ".join(f"{_name(names, s)} {c}" for s, c in result.shares)
            out.append(f"{label}: {result.amount}  -> {who}\n", style="bold")
        return out
    total = view.pot + sum(view.bets)
    out.append(f"Pot: {total}", style="bold yellow")
    pots = live_pots(view)
    if len(pots) > 1:
        for i, pot in enumerate(pots):
            label = "main pot" if i == 0 else f"side pot {i}"
            who = ", ".join(_name(names, s) for s in pot.eligible)
            out.append(f"\n  {label}: {pot.amount} ({who})")
    return out


def _status(view: SeatView, seat: int) -> str:
    if view.folded[seat]:
        return "folded"
    if view.stacks[seat] == 0 and not view.finished:
        return "all-in"
    return ""


def seats_text(
    view: SeatView,
    names: Sequence[str],
    config: TableConfig,
    four_color: bool = False,
    selected: Collection[Card] = (),
) -> Text:
    """One line per seat: turn marker, dealer button, name, stack, bet, cards.

    The person's own cards are shown; others' are hidden (counts only) until
    shown at the showdown, where each hand is named and winners highlighted.
    """
    shown = dict(view.shown)
    winners = {s for r in view.pot_results for s, _ in r.shares}
    out = Text()
    for seat in range(view.players):
        turn = "▶ " if view.actor == seat and not view.finished else "  "
        button = " (D)" if seat == view.dealer else ""
        name = _name(names, seat) + button
        line = Text(turn, style="bold yellow")
        style = "bold" if seat == view.seat else ""
        if seat in winners:
            style = "bold black on green"
        line.append(f"{name:<14}", style=style)
        line.append(f" stack {view.stacks[seat]:>5}")
        bet = view.bets[seat]
        line.append(f"  bet {bet:>4}" if bet else "          ")
        status = _status(view, seat)
        line.append(f"  {status:<7}", style="dim" if status == "folded" else "bold magenta")
        line.append("  ")
        if seat in shown:
            line.append_text(cards_text(shown[seat], four_color))
            line.append("  " + hand_value(shown[seat], config).description, style="italic")
        elif seat == view.seat:
            line.append_text(cards_text(view.hole, four_color, selected))
        elif not view.folded[seat]:
            line.append(" ".join([HIDDEN_CARD] * view.card_counts[seat]), style="blue")
        if seat in winners:
            won = sum(c for r in view.pot_results for s, c in r.shares if s == seat)
            line.append(f"  wins {won}", style="bold green")
        out.append_text(line)
        out.append("\n")
    return out


def showdown_text(view: SeatView, names: Sequence[str], config: TableConfig) -> Text:
    """The showdown in words: each hand named, the winners of each pot."""
    out = Text()
    if not view.finished:
        return out
    for seat, cards in view.shown:
        out.append(f"{_name(names, seat)} shows {hand_value(cards, config).description}\n")
    for i, result in enumerate(view.pot_results):
        label = "the pot" if len(view.pot_results) == 1 else (
            "the main pot" if i == 0 else f"side pot {i}")  # fmt: skip
        for seat, chips in result.shares:
            out.append(f"{_name(names, seat)} wins {chips} from {label}\n", style="bold green")
    return out


def describe_event(event: Event, names: Sequence[str], four_color: bool = False) -> Text | None:
    """One event of the public log in words (``None`` for events not worth a line)."""

    def who(seat: int) -> str:
        return _name(names, seat)

    if isinstance(event, AntePosted):
        return Text(f"{who(event.seat)} antes {event.amount}")
    if isinstance(event, BlindPosted):
        return Text(f"{who(event.seat)} posts the {event.kind} ({event.amount})")
    if isinstance(event, PotBought):
        return Text(f"{who(event.seat)} buys the pot ({event.amount})")
    if isinstance(event, Declined):
        return Text(f"{who(event.seat)} declines to {event.decision.replace('_', ' ')}")
    if isinstance(event, Checked):
        return Text(f"{who(event.seat)} checks")
    if isinstance(event, Called):
        tail = " and is all-in" if event.all_in else ""
        return Text(f"{who(event.seat)} calls {event.amount}{tail}")
    if isinstance(event, BetOrRaised):
        tail = " (all-in)" if event.all_in else ""
        return Text(f"{who(event.seat)} bets or raises to {event.to}{tail}", style="bold")
    if isinstance(event, Folded):
        return Text(f"{who(event.seat)} folds", style="dim")
    if isinstance(event, BetReturned):
        return Text(f"{event.amount} uncalled returned to {who(event.seat)}")
    if isinstance(event, RoundEnded):
        return Text(f"-- round over, pot {event.pot} --", style="dim")
    if isinstance(event, Drew):
        if event.count == 0:
            return Text(f"{who(event.seat)} stands pat")
        line = Text(f"{who(event.seat)} exchanges {event.count}")
        if event.cards:
            line.append(": ")
            line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, CardsServed) and event.cards:
        line = Text(f"{who(event.seat)} receives ")
        line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, StubReshuffled):
        return Text(f"the stub ran out: {event.count} discards reshuffled")
    if isinstance(event, Shown):
        line = Text(f"{who(event.seat)} shows ")
        line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, PotAwarded):
        shares = ", ".join(f"{who(s)} {c}" for s, c in event.shares)
        return Text(f"pot {event.index + 1} ({event.amount}): {shares}", style="bold green")
    if isinstance(event, AllPassed):
        return Text(f"all pass: {who(event.seat)} takes back the blind ({event.amount})")
    return None


def log_text(
    view: SeatView, names: Sequence[str], four_color: bool = False, last: int = 14
) -> Text:
    """The last ``last`` lines of the hand's public log."""
    lines = [line for e in view.log if (line := describe_event(e, names, four_color)) is not None]
    out = Text()
    for i, line in enumerate(lines[-last:]):
        if i:
            out.append("\n")
        out.append_text(line)
    return out
