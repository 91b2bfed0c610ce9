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

from collections.abc import Collection, Mapping, Sequence
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
    BoardDealt,
    Called,
    CardsDealt,
    CardsServed,
    Checked,
    Declined,
    Discarded,
    Drew,
    Event,
    Folded,
    PotAwarded,
    PotBought,
    RoundEnded,
    Shown,
    StubReshuffled,
)
from pokerbonus.engine.pots import Pot
from pokerbonus.engine.showdown import best_value, evaluator_options, qualifies
from pokerbonus.engine.table import game_for
from pokerbonus.engine.views import SeatView
from pokerbonus.errors import PokerError
from pokerbonus.hands import HandValue, evaluate

__all__ = [
    "HIDDEN_CARD",
    "board_text",
    "board_winners",
    "card_text",
    "cards_text",
    "contributions",
    "describe_event",
    "hand_names",
    "hand_value",
    "log_text",
    "made_hand",
    "pots_text",
    "say",
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


_YOU_VERBS: Final[Mapping[str, str]] = {
    "antes": "ante", "posts": "post", "buys": "buy", "declines": "decline",
    "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
    "folds": "fold", "stands": "stand", "exchanges": "exchange", "receives": "receive",
    "shows": "show", "wins": "win", "takes": "take", "discards": "discard", "is": "are",
    "completes": "complete", "brings": "bring", "gets": "get", "puts": "put",
}  # fmt: skip


def say(subject: str, verb: str) -> str:
    """``subject verb`` with the verb agreeing: ``You win``, ``Alice wins``.

    >>> say("You", "wins"), say("Alice", "wins"), say("You", "is")
    ('You win', 'Alice wins', 'You are')
    """
    if subject == "You":
        verb = _YOU_VERBS.get(verb, verb)
    return f"{subject} {verb}"


def hand_names(cards: Sequence[Card], board: Sequence[Card], config: TableConfig) -> str:
    """The hand ``cards`` make with the ``board`` under the table's game, in words;
    a high/low game names both halves (``high: ...; low: ...`` or ``no low``).

    >>> from pokerbonus.cards import parse_cards
    >>> omaha = TableConfig(game="omaha-hi-lo")
    >>> hand_names(parse_cards("As 2d Kh Kc"), parse_cards("3c 4d 8s Kd Qs"), omaha)
    'high: three of a kind, kings, queen-eight kickers; low: eight-four low'
    """
    game = game_for(config)
    rule = game.rule
    deck = game.deck_size_for(config.players)
    parts = []
    for half, name in (("high", rule.high), ("low", rule.low)):
        if name is None:
            continue
        options = evaluator_options(rule, name, deck, game.jokers)
        try:
            value = best_value(tuple(cards), tuple(board), rule, name, options)
        except PokerError:
            continue
        words = value.description if qualifies(value, name) else "no low"
        parts.append(f"{half}: {words}" if rule.high and rule.low else words)
    return "; ".join(parts)


def made_hand(
    cards: Sequence[Card], board: Sequence[Card], config: TableConfig
) -> HandValue | None:
    """The value of the hand ``cards`` make with the ``board`` under the table's game:
    the high hand, or the low hand in a game played for low only; ``None`` when the
    cards do not make a hand (too few, or no qualifying low).

    >>> from pokerbonus.cards import parse_cards
    >>> made_hand(parse_cards("Kh Ks 8d 8c Ts"), (), TableConfig()).description
    'two pair, kings and eights, ten kicker'
    >>> made_hand(parse_cards("Ah Kh"), parse_cards("2c 7d"), TableConfig(game="holdem")) is None
    True
    """
    try:
        if config.is_draw:
            return hand_value(cards, config)
        game = game_for(config)
        rule = game.rule
        name = rule.high if rule.high is not None else rule.low
        if name is None:
            return None
        options = evaluator_options(rule, name, game.deck_size_for(config.players), game.jokers)
        value = best_value(tuple(cards), tuple(board), rule, name, options)
    except PokerError:
        return None
    return value if qualifies(value, name) else None


def board_text(view: SeatView, four_color: bool = False) -> Text:
    """The community cards (``Board: ...``; ``Board 1: ...`` and ``Board 2: ...`` in a
    double-board game); empty in games without a board."""
    out = Text()
    boards = view.boards if len(view.boards) > 1 else (view.board,)
    for k, board in enumerate(boards):
        if len(boards) > 1:
            out.append(("\n" if k else "") + f"Board {k + 1}: ", style="bold")
            out.append_text(cards_text(board, four_color))
        elif board:
            out.append("Board: ", style="bold")
            out.append_text(cards_text(board, four_color))
    return out


def board_winners(view: SeatView, config: TableConfig, pot: int = 0) -> list[tuple[int, ...]]:
    """The winners of each board of pot ``pot`` in a double-board game at the showdown
    (one tuple of seats per board; empty outside a double-board showdown)."""
    if len(view.boards) < 2 or not view.finished or pot >= len(view.pot_results):
        return []
    game = game_for(config)
    rule = game.rule
    if rule.high is None:
        return []
    options = evaluator_options(rule, rule.high, game.deck_size_for(config.players), game.jokers)
    shown = dict(view.shown)
    eligible = [s for s in view.pot_results[pot].eligible if s in shown]
    out: list[tuple[int, ...]] = []
    for board in view.boards:
        values = {
            s: best_value(tuple(shown[s]), tuple(board), rule, rule.high, options).rank
            for s in eligible
        }
        top = max(values.values(), default=None)
        out.append(tuple(s for s in eligible if values[s] == top))
    return out


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
    """The main pot and side pots as they stand (before the hand is settled).

    A side pot starts only above an all-in player's chips: bets not yet called
    stay in the last pot, which every player still in and not all-in may win
    (they may still call).
    """
    put = contributions(view)
    stacks, folded = view.stacks, view.folded
    seats = range(view.players)
    live = [s for s in seats if not folded[s]]
    caps = sorted({put[s] for s in live if stacks[s] == 0 and put[s] > 0})
    pots: list[Pot] = []
    previous = 0
    for level in [*caps, max(put, default=0)]:
        amount = sum(min(c, level) - min(c, previous) for c in put)
        eligible = tuple(s for s in live if put[s] >= level or stacks[s] > 0)
        if amount and eligible:
            pots.append(Pot(amount, eligible))
        elif amount and pots:  # chips of folded players above every live level
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        previous = max(previous, level)
    return tuple(pots)


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
    stacks: Sequence[int] | None = None,
    gone: Collection[int] = (),
    named: bool = True,
) -> Text:
    """One line per seat: turn marker, dealer button, name, stack, bet, cards.

    The person's own cards are shown; others' are hidden (counts only) until
    shown at the showdown, where each hand is named and winners highlighted.
    ``stacks`` replaces the view's stacks (between hands: the table's stacks,
    caves bought since included); ``gone`` seats are marked as having left;
    ``named`` false leaves the shown hands' names to the showdown's own lines
    (a narrow screen).
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
        stack = view.stacks[seat] if stacks is None else stacks[seat]
        line.append(f" stack {stack:>5}")
        bet = view.bets[seat]
        line.append(f"  bet {bet:>4}" if bet else "          ")
        status = "left" if seat in gone else _status(view, seat)
        line.append(f"  {status:<7}", style="dim" if status == "folded" else "bold magenta")
        line.append("  ")
        up = view.up_cards[seat] if seat < len(view.up_cards) else ()
        if seat in shown:
            line.append_text(cards_text(shown[seat], four_color))
            if named:
                line.append("  " + _shown_name(shown[seat], view, config), style="italic")
        elif seat == view.seat:
            line.append_text(cards_text(view.hole, four_color, selected))
            if up:
                line.append("  up: ", style="dim")
                line.append_text(cards_text(up, four_color))
        elif not view.folded[seat]:
            hidden = max(0, view.card_counts[seat] - len(up))
            if up:
                line.append_text(cards_text(up, four_color))
                line.append(" " if hidden else "")
            line.append(" ".join([HIDDEN_CARD] * hidden), style="blue")
        if seat in winners:
            won = sum(c for r in view.pot_results for s, c in r.shares if s == seat)
            verb = "win" if seat == view.seat and _name(names, seat) == "You" else "wins"
            line.append(f"  {verb} {won}", style="bold green")
        out.append_text(line)
        out.append("\n")
    return out


def _shown_name(cards: Sequence[Card], view: SeatView, config: TableConfig) -> str:
    if config.is_draw:
        return hand_value(cards, config).description
    if len(view.boards) > 1:
        return "; ".join(
            f"board {k + 1}: {hand_names(cards, board, config)}"
            for k, board in enumerate(view.boards)
        )
    return hand_names(cards, view.board, config)


def showdown_text(view: SeatView, names: Sequence[str], config: TableConfig) -> Text:
    """The showdown in words: each hand named (both halves in a high/low game), the
    winners of each pot (and of each half)."""
    out = Text()
    if not view.finished:
        return out
    for seat, cards in view.shown:
        out.append(say(_name(names, seat), "shows") + f" {_shown_name(cards, view, config)}\n")
    hi_lo = not config.is_draw and game_for(config).rule.mode == "high/low"
    for i, result in enumerate(view.pot_results):
        label = "the pot" if len(view.pot_results) == 1 else (
            "the main pot" if i == 0 else f"side pot {i}")  # fmt: skip
        for seat, chips in result.shares:
            out.append(
                say(_name(names, seat), "wins") + f" {chips} from {label}\n", style="bold green"
            )
        for k, seats in enumerate(board_winners(view, config, i)):
            who = ", ".join(_name(names, s) for s in seats)
            out.append(f"  {label}: board {k + 1} to {who}\n", style="green")
        if hi_lo and view.shown:
            high = ", ".join(_name(names, s) for s in result.winners)
            low = ", ".join(_name(names, s) for s in result.low_winners) or "no qualifying low"
            out.append(f"  {label}: high half {high}; low half {low}\n", style="green")
    return out


def describe_event(
    event: Event,
    names: Sequence[str],
    four_color: bool = False,
    opened: bool | None = None,
    blinds: int | None = None,
) -> Text | None:
    """One event of the public log in words (``None`` for events not worth a line).

    ``opened``: whether a bet was already made in the round (``bets`` or
    ``raises to``); ``None`` when unknown. ``blinds``: the seat's blinds in all
    once this one is posted (a kill blind tops up a blind the killer already
    posted, and is told by its total); ``None``: the event's own amount. The
    person (``You``) is spoken to: ``You bet 4``, ``You win 6``.
    """

    def who(seat: int) -> str:
        return _name(names, seat)

    if isinstance(event, AntePosted):
        return Text(say(who(event.seat), "antes") + f" {event.amount}")
    if isinstance(event, BlindPosted):
        if event.kind == "kill":
            total = event.amount if blinds is None else blinds
            return Text(say(who(event.seat), "puts") + f" the kill on: kill blind {total}",
                        style="bold")  # fmt: skip
        return Text(say(who(event.seat), "posts") + f" the {event.kind} ({event.amount})")
    if isinstance(event, PotBought):
        return Text(say(who(event.seat), "buys") + f" the pot ({event.amount})")
    if isinstance(event, Declined):
        return Text(say(who(event.seat), "declines") + f" to {event.decision.replace('_', ' ')}")
    if isinstance(event, Checked):
        return Text(say(who(event.seat), "checks"))
    if isinstance(event, Called):
        tail = " and " + say(who(event.seat), "is").split()[-1] + " all-in" if event.all_in else ""
        return Text(say(who(event.seat), "calls") + f" {event.amount}{tail}")
    if isinstance(event, BetOrRaised):
        tail = " (all-in)" if event.all_in else ""
        words = (
            say(who(event.seat), "bets") + f" {event.to}" if opened is False
            else say(who(event.seat), "raises") + f" to {event.to}" if opened
            else f"{who(event.seat)} bets or raises to {event.to}"
        )  # fmt: skip
        return Text(words + tail, style="bold")
    if isinstance(event, Folded):
        return Text(say(who(event.seat), "folds"), style="dim")
    if isinstance(event, BetReturned):
        return Text(f"{event.amount} uncalled returned to {who(event.seat)}")
    if isinstance(event, RoundEnded):
        return Text(f"-- round over, pot {event.pot} --", style="dim")
    if isinstance(event, Drew):
        if event.count == 0:
            return Text(say(who(event.seat), "stands") + " pat")
        line = Text(say(who(event.seat), "exchanges") + f" {event.count}")
        if event.cards:
            line.append(": ")
            line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, CardsServed) and event.cards:
        line = Text(say(who(event.seat), "receives") + " ")
        line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, BoardDealt):
        line = Text("second board: " if event.board else "board: ", style="bold")
        line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, CardsDealt) and event.face == "up" and event.cards:
        line = Text(say(who(event.seat), "gets") + " ")
        line.append_text(cards_text(event.cards, four_color))
        line.append(" face up")
        return line
    if isinstance(event, Discarded):
        line = Text(say(who(event.seat), "discards") + f" {event.count}")
        if event.cards:
            line.append(": ")
            line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, StubReshuffled):
        return Text(f"the stub ran out: {event.count} discards reshuffled")
    if isinstance(event, Shown):
        line = Text(say(who(event.seat), "shows") + " ")
        line.append_text(cards_text(event.cards, four_color))
        return line
    if isinstance(event, PotAwarded):
        shares = ", ".join(f"{who(s)} {c}" for s, c in event.shares)
        return Text(f"pot {event.index + 1} ({event.amount}): {shares}", style="bold green")
    if isinstance(event, AllPassed):
        return Text(f"all pass: {say(who(event.seat), 'takes')} back the blind ({event.amount})")
    return None


def log_text(
    view: SeatView, names: Sequence[str], four_color: bool = False, last: int = 14
) -> Text:
    """The last ``last`` lines of the hand's public log."""
    lines = []
    opened = False
    blinds = [0] * view.players
    for event in view.log:
        if isinstance(event, BlindPosted):
            blinds[event.seat] += event.amount
        line = describe_event(
            event, names, four_color, opened,
            blinds[event.seat] if isinstance(event, BlindPosted) else None,
        )  # fmt: skip
        if isinstance(event, BlindPosted | BetOrRaised):
            opened = True
        elif isinstance(event, RoundEnded):
            opened = False
        if line is not None:
            lines.append(line)
    out = Text()
    for i, line in enumerate(lines[-last:]):
        if i:
            out.append("\n")
        out.append_text(line)
    return out
