"""``pokerbonus eval``: the value of one or more hands, best first."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.cards import format_cards
from pokerbonus.errors import PokerError
from pokerbonus.hands import GAMES, HandValue, evaluate

__all__ = ["eval_command"]


def eval_command(
    hands: Annotated[
        list[str],
        typer.Argument(help='Hands to evaluate, each one quoted: "As Ks Qs Js Ts" (5 to 7 cards).'),
    ],
    game: Annotated[str, typer.Option("--game", "-g", help=f"Game: {', '.join(GAMES)}.")] = "high",
    deck: Annotated[
        int, typer.Option(help="Deck size for the high game (32, 36, 40, 44, 48 or 52).")
    ] = 52,
    wheel: Annotated[
        bool, typer.Option("--wheel/--no-wheel", help="Whether A-2-3-4-5 is a straight.")
    ] = True,
    ranking: Annotated[
        str, typer.Option(help="Ranking of the high game: modern or archaic.")
    ] = "modern",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
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
        typer.echo("error: --deck, --no-wheel and --ranking apply to the high game only", err=True)
        raise typer.Exit(2)
    try:
        values = [evaluate(hand, game, **options) for hand in hands]
    except PokerError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    places = _places(values, order)
    if as_json:
        typer.echo(json.dumps([_as_dict(hands[i], values[i], places[i]) for i in order], indent=2))
        return
    table = Table(title=f"Hand values ({values[0].game})")
    for column in ("place", "hand", "category", "description", "cards played", "rank"):
        table.add_column(column, justify="right" if column in ("place", "rank") else "left")
    for i in order:
        value = values[i]
        category = value.category.key if value.category is not None else "-"
        table.add_row(
            str(places[i]), hands[i], category, value.description,
            format_cards(value.cards, unicode=True), str(value.rank),
        )  # fmt: skip
    Console().print(table)


def _places(values: list[HandValue], order: list[int]) -> dict[int, int]:
    places: dict[int, int] = {}
    for position, i in enumerate(order):
        previous = order[position - 1] if position else None
        tied = previous is not None and values[previous] == values[i]
        places[i] = places[previous] if tied and previous is not None else position + 1
    return places


def _as_dict(hand: str, value: HandValue, place: int) -> dict[str, object]:
    return {
        "hand": hand,
        "place": place,
        "game": value.game,
        "rank": value.rank,
        "category": value.category.key if value.category is not None else None,
        "description": value.description,
        "cards": format_cards(value.cards),
    }
