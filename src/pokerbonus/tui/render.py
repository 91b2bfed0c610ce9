"""What the terminal table shows, in words and colours, built from a seat view.

Every function here reads only a :class:`~pokerbonus.engine.views.SeatView`
(what the person's seat may see) and public facts of the table (names, house
rules); none of them can reach a hand's hidden cards.

>>> from pokerbonus.cards import parse_cards
>>> cards_text(parse_cards("As Td")).plain
'A♠ T♦'
>>> str(card_text(parse_cards("Kh")[0], four_color=True).style)
'bold red'

Words are in the current language (:mod:`pokerbonus.i18n`): French shows the
French card letters and the French table words.

>>> from pokerbonus.i18n import using_language
>>> with using_language("fr"):
...     cards_text(parse_cards("As Td Qh")).plain, say_line("Alice", "You check", "{name} checks")
('A♠ 10♦ D♥', 'Alice dit parole')
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Final

from rich.text import Text

from pokerbonus.cards import RANKS, SUIT_SYMBOLS, Card
from pokerbonus.cards import card_text as card_letters
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
from pokerbonus.i18n import DEFAULT_LANGUAGE, N_, current_language, gettext, ngettext, pgettext

__all__ = [
    "HIDDEN_CARD",
    "board_text",
    "board_winners",
    "card_text",
    "cards_text",
    "contributions",
    "describe_event",
    "fill",
    "hand_names",
    "hand_value",
    "is_you",
    "log_text",
    "made_hand",
    "pots_text",
    "say",
    "say_line",
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
    lang = current_language()
    if lang != DEFAULT_LANGUAGE:  # the French letters: R D V 10
        return Text(card_letters(card, lang), style=colours[card.suit])
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
    """``subject verb`` with the English verb agreeing: ``You win``, ``Alice wins``
    (English only: the screens say whole translated sentences, :func:`say_line`).

    >>> say("You", "wins"), say("Alice", "wins"), say("You", "is")
    ('You win', 'Alice wins', 'You are')
    """
    if subject == "You":
        verb = _YOU_VERBS.get(verb, verb)
    return f"{subject} {verb}"


YOU: Final = N_("You")
"""The person's default name at the table, spoken to in the second person."""


def is_you(name: str) -> bool:
    """Whether ``name`` is the person spoken to (``You``, « Vous » in French)."""
    return name == YOU or name == gettext(YOU)


def say_line(name: str, you: str, other: str, **values: object) -> str:
    """The sentence ``other`` about ``name`` (``{name} checks``), or ``you`` when
    ``name`` is the person (``You check``), both already marked for translation;
    ``values`` fill the other placeholders.

    >>> say_line("You", "You win {chips}", "{name} wins {chips}", chips=6)
    'You win 6'
    """
    if is_you(name):
        return gettext(you).format(name=name, **values)
    return gettext(other).format(name=name, **values)


_FIELD: Final = re.compile(r"\{(\w+)\}")


def fill(template: str, style: str = "", **values: object) -> Text:
    """``template`` (translated already) with its ``{name}`` placeholders filled,
    where a value may be styled text (cards in their colours); the words of the
    template and the plain values take ``style``.

    >>> fill("{name} shows {cards}", name="Alice", cards=Text("A♠")).plain
    'Alice shows A♠'
    """
    out = Text()
    words = ""
    last = 0
    for match in _FIELD.finditer(template):
        words += template[last : match.start()]
        value = values[match.group(1)]
        if isinstance(value, Text):
            if words:
                out.append(words, style=style)
            out.append_text(value)
            words = ""
        else:
            words += str(value)
        last = match.end()
    words += template[last:]
    if words:
        out.append(words, style=style)
    return out


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
    halves: dict[str, str] = {}
    for half, name in (("high", rule.high), ("low", rule.low)):
        if name is None:
            continue
        options = evaluator_options(rule, name, deck, game.jokers)
        try:
            value = best_value(tuple(cards), tuple(board), rule, name, options)
        except PokerError:
            continue
        halves[half] = value.describe() if qualifies(value, name) else gettext("no low")
    if not (rule.high and rule.low):
        return "".join(halves.values())
    if "high" in halves and "low" in halves:
        # Translators: the two halves of a hand in a high/low game.
        return gettext("high: {high}; low: {low}").format(**halves)
    if "high" in halves:
        return gettext("high: {high}").format(high=halves["high"])
    if "low" in halves:
        return gettext("low: {low}").format(low=halves["low"])
    return ""


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
            line = gettext("Board {number}: {cards}")
            cards = cards_text(board, four_color)
            out.append_text(fill(("\n" if k else "") + line, "bold", number=k + 1, cards=cards))
        elif board:
            cards = cards_text(board, four_color)
            out.append_text(fill(gettext("Board: {cards}"), "bold", cards=cards))
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
    if 0 <= seat < len(names):
        return names[seat]
    return gettext("seat {number}").format(number=seat + 1)


def pots_text(view: SeatView, names: Sequence[str]) -> Text:
    """The pot and side pots, with who may win each."""
    out = Text()
    if view.finished:
        results = view.pot_results
        for i, result in enumerate(results):
            who = ", ".join(f"{_name(names, s)} {c}" for s, c in result.shares)
            line = (
                gettext("Main pot: {amount}  -> {shares}") if i == 0
                else gettext("Side pot {number}: {amount}  -> {shares}")
            )  # fmt: skip
            out.append(line.format(number=i, amount=result.amount, shares=who) + "\n", style="bold")
        return out
    total = view.pot + sum(view.bets)
    out.append(gettext("Pot: {amount}").format(amount=total), style="bold yellow")
    pots = live_pots(view)
    if len(pots) > 1:
        for i, pot in enumerate(pots):
            who = ", ".join(_name(names, s) for s in pot.eligible)
            line = (
                gettext("main pot: {amount} ({players})") if i == 0
                else gettext("side pot {number}: {amount} ({players})")
            )  # fmt: skip
            out.append("\n  " + line.format(number=i, amount=pot.amount, players=who))
    return out


FOLDED: Final = N_("folded")
ALL_IN: Final = N_("all-in")
LEFT: Final = N_("left")
# Translators: a seat's status at a tournament table: the player lost their chips and
# is out of the tournament (French: « éliminé », 7 letters at most).
OUT: Final = N_("out")


def _status(view: SeatView, seat: int) -> str:
    if view.folded[seat]:
        return FOLDED
    if view.stacks[seat] == 0 and not view.finished:
        return ALL_IN
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
    gone_word: str = LEFT,
) -> Text:
    """One line per seat: turn marker, dealer button, name, stack, bet, cards.

    The person's own cards are shown; others' are hidden (counts only) until
    shown at the showdown, where each hand is named and winners highlighted.
    ``stacks`` replaces the view's stacks (between hands: the table's stacks,
    caves bought since included); ``gone`` seats are marked as having left
    (``gone_word``, untranslated: :data:`LEFT`, a tournament's :data:`OUT`);
    ``named`` false leaves the shown hands' names to the showdown's own lines
    (a narrow screen).
    """
    shown = dict(view.shown)
    winners = {s for r in view.pot_results for s, _ in r.shares}
    # Translators: the dealer button beside a name at the terminal table.
    dealer_mark = gettext(" (D)")
    # Translators: a seat's chips at the terminal table; keep the width spec {stack:>5}.
    stack_words = gettext("stack {stack:>5}")
    # Translators: a seat's bet in the round; keep the width spec {bet:>4}.
    bet_words = gettext("bet {bet:>4}")
    no_bet = " " * (2 + len(bet_words.format(bet=0)))
    out = Text()
    for seat in range(view.players):
        turn = "▶ " if view.actor == seat and not view.finished else "  "
        button = dealer_mark if seat == view.dealer else ""
        name = _name(names, seat) + button
        line = Text(turn, style="bold yellow")
        style = "bold" if seat == view.seat else ""
        if seat in winners:
            style = "bold black on green"
        line.append(f"{name:<14}", style=style)
        stack = view.stacks[seat] if stacks is None else stacks[seat]
        line.append(" " + stack_words.format(stack=stack))
        bet = view.bets[seat]
        line.append("  " + bet_words.format(bet=bet) if bet else no_bet)
        status = gone_word if seat in gone else _status(view, seat)
        words = gettext(status) if status else ""
        line.append(f"  {words:<7}", style="dim" if status == FOLDED else "bold magenta")
        line.append("  ")
        up = view.up_cards[seat] if seat < len(view.up_cards) else ()
        if seat in shown:
            line.append_text(cards_text(shown[seat], four_color))
            if named:
                line.append("  " + _shown_name(shown[seat], view, config), style="italic")
        elif seat == view.seat:
            line.append_text(cards_text(view.hole, four_color, selected))
            if up:
                # Translators: before the person's own face-up cards (stud).
                line.append("  " + gettext("up:") + " ", style="dim")
                line.append_text(cards_text(up, four_color))
        elif not view.folded[seat]:
            hidden = max(0, view.card_counts[seat] - len(up))
            if up:
                line.append_text(cards_text(up, four_color))
                line.append(" " if hidden else "")
            line.append(" ".join([HIDDEN_CARD] * hidden), style="blue")
        if seat in winners:
            won = sum(c for r in view.pot_results for s, c in r.shares if s == seat)
            mine = seat == view.seat and is_you(_name(names, seat))
            # Translators: beside a winner's seat: the person (you) or another player.
            words = gettext("win {chips}") if mine else gettext("wins {chips}")
            line.append("  " + words.format(chips=won), style="bold green")
        out.append_text(line)
        out.append("\n")
    return out


def _shown_name(cards: Sequence[Card], view: SeatView, config: TableConfig) -> str:
    if config.is_draw:
        return hand_value(cards, config).describe()
    if len(view.boards) > 1:
        return "; ".join(
            gettext("board {number}: {hand}").format(
                number=k + 1, hand=hand_names(cards, board, config)
            )
            for k, board in enumerate(view.boards)
        )
    return hand_names(cards, view.board, config)


def _pot_words(i: int, count: int) -> tuple[str, str]:
    """A pot named after a verb (``from the pot``, « du pot ») and as a heading
    (``the pot``, « le pot »)."""
    if count == 1:
        # Translators: "Alice wins 6 from the pot"; French contracts: « du pot ».
        return pgettext("from", "the pot"), pgettext("heading", "the pot")
    if i == 0:
        return pgettext("from", "the main pot"), pgettext("heading", "the main pot")
    return (
        pgettext("from", "side pot {number}").format(number=i),
        pgettext("heading", "side pot {number}").format(number=i),
    )


def showdown_text(view: SeatView, names: Sequence[str], config: TableConfig) -> Text:
    """The showdown in words: each hand named (both halves in a high/low game), the
    winners of each pot (and of each half)."""
    out = Text()
    if not view.finished:
        return out
    for seat, cards in view.shown:
        hand = _shown_name(cards, view, config)
        out.append(
            say_line(
                _name(names, seat), N_("You show {hand}"), N_("{name} shows {hand}"), hand=hand
            )
            + "\n"
        )
    hi_lo = not config.is_draw and game_for(config).rule.mode == "high/low"
    for i, result in enumerate(view.pot_results):
        source, label = _pot_words(i, len(view.pot_results))
        for seat, chips in result.shares:
            line = say_line(
                _name(names, seat),
                N_("You win {chips} from {pot}"),
                N_("{name} wins {chips} from {pot}"),
                chips=chips,
                pot=source,
            )
            out.append(line + "\n", style="bold green")
        for k, seats in enumerate(board_winners(view, config, i)):
            who = ", ".join(_name(names, s) for s in seats)
            line = gettext("{pot}: board {number} to {players}")
            out.append(
                "  " + line.format(pot=label, number=k + 1, players=who) + "\n", style="green"
            )
        if hi_lo and view.shown:
            high = ", ".join(_name(names, s) for s in result.winners)
            low = ", ".join(_name(names, s) for s in result.low_winners) or gettext(
                "no qualifying low"
            )
            line = gettext("{pot}: high half {high}; low half {low}")
            out.append("  " + line.format(pot=label, high=high, low=low) + "\n", style="green")
    return out


_BLINDS: Final[Mapping[str, tuple[str, str]]] = {
    "blind": (N_("You post the blind ({amount})"), N_("{name} posts the blind ({amount})")),
    "surblind": (
        N_("You post the surblind ({amount})"),
        N_("{name} posts the surblind ({amount})"),
    ),
    "small": (N_("You post the small ({amount})"), N_("{name} posts the small ({amount})")),
    "big": (N_("You post the big ({amount})"), N_("{name} posts the big ({amount})")),
    "straddle": (
        N_("You post the straddle ({amount})"),
        N_("{name} posts the straddle ({amount})"),
    ),
    "bring-in": (
        N_("You post the bring-in ({amount})"),
        N_("{name} posts the bring-in ({amount})"),
    ),
}
"""The log line of a blind of each kind (the kill blind has its own)."""

_DECLINED: Final[Mapping[str, tuple[str, str]]] = {
    "buy_pot": (N_("You decline to buy pot"), N_("{name} declines to buy pot")),
    "surblind": (N_("You decline to surblind"), N_("{name} declines to surblind")),
    "kill": (N_("You decline to kill"), N_("{name} declines to kill")),
}
"""The log line of a declined offer of each kind."""


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

    def line(seat: int, you: str, other: str, style: str = "", **values: object) -> Text:
        name = who(seat)
        template = gettext(you) if is_you(name) else gettext(other)
        return fill(template, style, name=name, **values)

    def cards(shown: Sequence[Card]) -> Text:
        return cards_text(shown, four_color)

    if isinstance(event, AntePosted):
        return line(
            event.seat, N_("You ante {amount}"), N_("{name} antes {amount}"), amount=event.amount
        )
    if isinstance(event, BlindPosted):
        if event.kind == "kill":
            total = event.amount if blinds is None else blinds
            return line(
                event.seat,
                N_("You put the kill on: kill blind {amount}"),
                N_("{name} puts the kill on: kill blind {amount}"),
                "bold",
                amount=total,
            )
        you, other = _BLINDS.get(
            event.kind, (N_("You post a blind ({amount})"), N_("{name} posts a blind ({amount})"))
        )
        return line(event.seat, you, other, amount=event.amount)
    if isinstance(event, PotBought):
        return line(
            event.seat,
            N_("You buy the pot ({amount})"),
            N_("{name} buys the pot ({amount})"),
            amount=event.amount,
        )
    if isinstance(event, Declined):
        you, other = _DECLINED.get(event.decision, (N_("You decline"), N_("{name} declines")))
        return line(event.seat, you, other)
    if isinstance(event, Checked):
        return line(event.seat, N_("You check"), N_("{name} checks"))
    if isinstance(event, Called):
        if event.all_in:
            return line(
                event.seat,
                N_("You call {amount} and are all-in"),
                N_("{name} calls {amount} and is all-in"),
                amount=event.amount,
            )
        return line(
            event.seat, N_("You call {amount}"), N_("{name} calls {amount}"), amount=event.amount
        )
    if isinstance(event, BetOrRaised):
        if opened is False:
            you, other = (
                (N_("You bet {amount} (all-in)"), N_("{name} bets {amount} (all-in)"))
                if event.all_in
                else (N_("You bet {amount}"), N_("{name} bets {amount}"))
            )
        elif opened:
            you, other = (
                (N_("You raise to {amount} (all-in)"), N_("{name} raises to {amount} (all-in)"))
                if event.all_in
                else (N_("You raise to {amount}"), N_("{name} raises to {amount}"))
            )
        else:
            you, other = (
                (
                    N_("You bet or raise to {amount} (all-in)"),
                    N_("{name} bets or raises to {amount} (all-in)"),
                )
                if event.all_in
                else (N_("You bet or raise to {amount}"), N_("{name} bets or raises to {amount}"))
            )
        return line(event.seat, you, other, "bold", amount=event.to)
    if isinstance(event, Folded):
        return line(event.seat, N_("You fold"), N_("{name} folds"), "dim")
    if isinstance(event, BetReturned):
        if is_you(who(event.seat)):
            words = ngettext(
                "{amount} uncalled returned to you",
                "{amount} uncalled returned to you",
                event.amount,
            )
        else:
            words = ngettext(
                "{amount} uncalled returned to {name}",
                "{amount} uncalled returned to {name}",
                event.amount,
            )
        return Text(words.format(amount=event.amount, name=who(event.seat)))
    if isinstance(event, RoundEnded):
        return Text(gettext("-- round over, pot {amount} --").format(amount=event.pot), style="dim")
    if isinstance(event, Drew):
        if event.count == 0:
            return line(event.seat, N_("You stand pat"), N_("{name} stands pat"))
        if is_you(who(event.seat)):
            words = (
                ngettext(
                    "You exchange {count}: {cards}", "You exchange {count}: {cards}", event.count
                )
                if event.cards
                else ngettext("You exchange {count}", "You exchange {count}", event.count)
            )
        else:
            words = (
                ngettext(
                    "{name} exchanges {count}: {cards}",
                    "{name} exchanges {count}: {cards}",
                    event.count,
                )
                if event.cards
                else ngettext("{name} exchanges {count}", "{name} exchanges {count}", event.count)
            )
        return fill(words, name=who(event.seat), count=event.count, cards=cards(event.cards))
    if isinstance(event, CardsServed) and event.cards:
        return line(
            event.seat,
            N_("You receive {cards}"),
            N_("{name} receives {cards}"),
            cards=cards(event.cards),
        )
    if isinstance(event, BoardDealt):
        template = gettext("second board: {cards}") if event.board else gettext("board: {cards}")
        head, _, tail = template.partition("{cards}")
        out = Text(head, style="bold")
        out.append_text(cards(event.cards))
        out.append(tail, style="bold")
        return out
    if isinstance(event, CardsDealt) and event.face == "up" and event.cards:
        return line(
            event.seat,
            N_("You get {cards} face up"),
            N_("{name} gets {cards} face up"),
            cards=cards(event.cards),
        )
    if isinstance(event, Discarded):
        if is_you(who(event.seat)):
            words = (
                ngettext(
                    "You discard {count}: {cards}", "You discard {count}: {cards}", event.count
                )
                if event.cards
                else ngettext("You discard {count}", "You discard {count}", event.count)
            )
        else:
            words = (
                ngettext(
                    "{name} discards {count}: {cards}",
                    "{name} discards {count}: {cards}",
                    event.count,
                )
                if event.cards
                else ngettext("{name} discards {count}", "{name} discards {count}", event.count)
            )
        return fill(words, name=who(event.seat), count=event.count, cards=cards(event.cards))
    if isinstance(event, StubReshuffled):
        words = ngettext(
            "the stub ran out: {count} discards reshuffled",
            "the stub ran out: {count} discards reshuffled",
            event.count,
        )
        return Text(words.format(count=event.count))
    if isinstance(event, Shown):
        return line(
            event.seat, N_("You show {cards}"), N_("{name} shows {cards}"), cards=cards(event.cards)
        )
    if isinstance(event, PotAwarded):
        shares = ", ".join(f"{who(s)} {c}" for s, c in event.shares)
        words = gettext("pot {number} ({amount}): {shares}")
        return Text(
            words.format(number=event.index + 1, amount=event.amount, shares=shares),
            style="bold green",
        )
    if isinstance(event, AllPassed):
        return line(
            event.seat,
            N_("all pass: You take back the blind ({amount})"),
            N_("all pass: {name} takes back the blind ({amount})"),
            amount=event.amount,
        )
    return None


_BETTING_EVENTS: Final = (
    AntePosted, BlindPosted, Checked, Called, BetOrRaised, Folded, BetReturned, PotBought,
)  # fmt: skip
"""The events that make a betting round worth its ``round over`` line."""


def log_text(
    view: SeatView, names: Sequence[str], four_color: bool = False, last: int = 14
) -> Text:
    """The last ``last`` lines of the hand's public log.

    A betting round nobody could bet in (every player but one all-in) ends with
    no line: its ``round over`` would only repeat the previous one.
    """
    lines = []
    opened = False
    blinds = [0] * view.players
    round_told = False  # a round over line since the last bet, check, call or fold
    for event in view.log:
        if isinstance(event, BlindPosted):
            blinds[event.seat] += event.amount
        if isinstance(event, RoundEnded):
            if round_told:
                continue
            round_told = True
        elif isinstance(event, _BETTING_EVENTS):
            round_told = False
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
