"""``pokerbonus eval``: the value of one or more hands, best first."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.cards import format_cards
from pokerbonus.cli.bounds import whole
from pokerbonus.errors import PokerError
from pokerbonus.hands import GAMES, HandValue, evaluate
from pokerbonus.hands.describe import category_name
from pokerbonus.i18n import current_language, gettext

__all__ = ["eval_command"]


def eval_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help=gettext(
                'Hands to evaluate, each one quoted: "As Ks Qs Js Ts" (5 to 7 cards). '
                "Cards are written with the English letters: rank 2-9 T J Q K A, "
                "suit c d h s (clubs, diamonds, hearts, spades)."
            )
        ),
    ],
    game: Annotated[
        str,
        typer.Option("--game", "-g", help=gettext("Game: {games}.").format(games=", ".join(GAMES))),
    ] = "high",
    deck: Annotated[
        int,
        whole("--deck", 32, 52, gettext("Deck size for the high game (32, 36, 40, 44, 48 or 52).")),
    ] = 52,
    wheel: Annotated[
        bool,
        typer.Option("--wheel/--no-wheel", help=gettext("Whether A-2-3-4-5 is a straight.")),
    ] = True,
    ranking: Annotated[
        str, typer.Option(help=gettext("Ranking of the high game: modern or archaic."))
    ] = "modern",
    as_json: Annotated[
        bool, typer.Option("--json", help=gettext("Print JSON instead of a table."))
    ] = False,
) -> None:
    """Evaluate hands and list them from strongest to weakest (ties share a place)."""
    options: dict[str, object] = {}
    if deck != 52:
        options["deck"] = deck
    if not wheel:
        options["wheel"] = False
    if ranking != "modern":
        options["ranking"] = ranking
    if options and game != "high":
        message = gettext("--deck, --no-wheel and --ranking apply to the high game only")
        typer.echo(gettext("error: {message}").format(message=message), err=True)
        raise typer.Exit(2)
    try:
        values = [evaluate(hand, game, **options) for hand in hands]
        if game == "high" and len({value.game for value in values}) > 1:
            # A joker in one hand: the deck has jokers, so every hand is rated with them.
            values = [evaluate(hand, game, jokers=True, **options) for hand in hands]
    except PokerError as error:
        typer.echo(gettext("error: {message}").format(message=error), err=True)
        raise typer.Exit(2) from None
    lang = current_language()
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    places = _places(values, order)
    if as_json:
        rows = [_as_dict(hands[i], values[i], places[i], lang) for i in order]
        typer.echo(json.dumps(rows, indent=2))
        return
    table = Table(title=gettext("Hand values ({game})").format(game=game_words(values[0].game)))
    columns = (
        (gettext("place"), "right"),
        (gettext("hand"), "left"),
        (gettext("category"), "left"),
        (gettext("description"), "left"),
        (gettext("cards played"), "left"),
        (gettext("rank"), "right"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for i in order:
        value = values[i]
        table.add_row(
            str(places[i]), hands[i], _category(value, lang), value.describe(lang),
            format_cards(value.cards, unicode=True, lang=lang), str(value.rank),
        )  # fmt: skip
    console = Console()
    if not console.is_terminal:  # piped: one line per hand, whatever its length
        console = Console(width=200)
    console.print(table)


def _category(value: HandValue, lang: str) -> str:
    """The category column: the key in English (``two_pair``), the name otherwise."""
    if value.category is None:
        return "-"
    if lang == "en":
        return value.category.key
    return category_name(value.category, lang)


def game_words(game: str) -> str:
    """A hand value's game (``high:deck=32``) in the current language.

    >>> game_words("high"), game_words("high:deck=32"), game_words("a5")
    ('high', 'high, 32-card deck', 'ace-to-five low')
    """
    base, *options = game.split(":")
    words = {
        # Translators: the game in the title of the eval table, « Valeur des mains (...) ».
        "high": gettext("high"),
        "shortdeck": gettext("short deck"),
        "a5": gettext("ace-to-five low"),
        "27": gettext("deuce-to-seven low"),
        "low8": gettext("eight-or-better low"),
        "badugi": gettext("badugi"),
    }
    out = [words.get(base, base)]
    for option in options:
        name, _, value = option.partition("=")
        if name == "deck" and value.isdigit():
            out.append(gettext("{count}-card deck").format(count=value))
        elif name == "jokers":
            out.append(gettext("with jokers"))
        else:
            out.append(option)
    return ", ".join(out)


def _places(values: list[HandValue], order: list[int]) -> dict[int, int]:
    places: dict[int, int] = {}
    for position, i in enumerate(order):
        previous = order[position - 1] if position else None
        tied = previous is not None and values[previous] == values[i]
        places[i] = places[previous] if tied and previous is not None else position + 1
    return places


def _as_dict(hand: str, value: HandValue, place: int, lang: str) -> dict[str, object]:
    """One hand of ``--json``: the keys are English, the description is in ``lang``."""
    return {
        "hand": hand,
        "place": place,
        "game": value.game,
        "rank": value.rank,
        "category": value.category.key if value.category is not None else None,
        "description": value.describe(lang),
        "cards": format_cards(value.cards),
    }
