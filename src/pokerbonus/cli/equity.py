"""The ``pokerbonus equity`` command: all-in equity of 2 to 10 hands or ranges.

Register it on a typer app with ``app.command("equity")(equity_command)``.

Examples::

    pokerbonus equity AhKh QsQc
    pokerbonus equity AhKh "QQ+, AKs" --board "Ks 7d 2c"
    pokerbonus equity AsKsQd2c 8h7h6d5c --game omaha8 --board "Ah 4d 3c" --json
    pokerbonus equity AhKh random random --samples 1000000 --seed 7
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.cards import format_cards, parse_cards
from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.cli.progress import spinner
from pokerbonus.errors import PokerError
from pokerbonus.i18n import current_language, gettext, ngettext
from pokerbonus.i18n.numbers import number

if TYPE_CHECKING:  # the kernels are imported when an equity is computed
    from pokerbonus.analysis.equity import EquityResult

__all__ = ["MAX_SAMPLES", "equity_command", "result_json"]

MAX_SAMPLES = 100_000_000
"""The most Monte Carlo deals of one run: about 15 s for two hands here, a minute
or so for ten hands or wide ranges (a spinner shows meanwhile on a terminal)."""


def result_json(hands: list[str], board: str, game: str, result: EquityResult) -> dict[str, object]:
    """The JSON object printed by ``--json`` for one result.

    Keys: ``hands``, ``board``, ``game``, ``exact``, ``n``, ``equity``, ``win``,
    ``tie``, ``stderr`` (lists in the order of the hands), plus the raw counts
    ``wins`` and ``ties``.
    """
    return {
        "hands": hands,
        "board": format_cards(parse_cards(board)),
        "game": game,
        "exact": result.exact,
        "n": result.n,
        "equity": list(result.equity),
        "win": list(result.win),
        "tie": list(result.tie),
        "stderr": list(result.stderr),
        "wins": list(result.wins),
        "ties": list(result.ties),
    }


def _fail(message: str) -> typer.Exit:
    one_line = re.sub(r"[ \t\r\n]+", " ", message).strip()  # no-break spaces are kept
    typer.echo(gettext("error: {message}").format(message=one_line), err=True)
    return typer.Exit(2)


def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help=gettext(
                "2 to 10 hands: cards (AhKh), a range in quotes ('QQ+, AKs') or random. "
                "Cards are written with the English letters: rank 2-9 T J Q K A, "
                "suit c d h s (clubs, diamonds, hearts, spades)."
            ),
            show_default=False,
        ),
    ],
    board: Annotated[str, typer.Option("--board", "-b", help=gettext("Known board cards."))] = "",
    dead: Annotated[
        str, typer.Option("--dead", "-d", help=gettext("Dead cards (out of play)."))
    ] = "",
    game: Annotated[
        str, typer.Option("--game", "-g", help=gettext("holdem, omaha, omaha8 or shortdeck."))
    ] = "holdem",
    exact: Annotated[
        bool,
        typer.Option("--exact", help=gettext("Walk every runout (refused if far too many).")),
    ] = False,
    samples: Annotated[
        int | None,
        whole("--samples", 1, MAX_SAMPLES, gettext("Monte Carlo with this many deals."), "-n"),
    ] = None,
    seed: Annotated[
        int | None, whole("--seed", 0, SEED_MAX, gettext("Seed of the Monte Carlo deals."))
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=gettext("Print JSON instead of a table."))
    ] = False,
) -> None:
    """Equity of each hand: exact when small enough (or --exact), else Monte Carlo."""
    if exact and samples is not None:
        raise _fail(gettext("choose either --exact or --samples, not both"))
    from pokerbonus.analysis.equity import GAMES, equity

    if game not in GAMES:
        message = gettext("unknown game: {game!r} (expected one of {games})")
        raise _fail(message.format(game=game, games=", ".join(GAMES)))
    mode: bool | None = True if exact else (False if samples is not None else None)
    try:
        with spinner(gettext("computing the equity"), quiet=as_json):
            result = equity(
                hands, board=board, game=game, dead=dead, exact=mode, samples=samples, seed=seed
            )
        board_text = format_cards(parse_cards(board), lang=current_language())
    except PokerError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result_json(list(hands), board, game, result)))
        return
    n = number(result.n)
    if result.exact:
        how = ngettext("exact, {n} runout", "exact, {n} runouts", result.n).format(n=n)
    else:
        how = ngettext("Monte Carlo, {n} deal", "Monte Carlo, {n} deals", result.n).format(n=n)
    title = gettext("{game}  board: {board}  ({how})")
    table = Table(title=title.format(game=game, board=board_text or "-", how=how))
    table.add_column(gettext("Hand"))
    table.add_column(gettext("Equity %"), justify="right")
    table.add_column(gettext("Win %"), justify="right")
    table.add_column(gettext("Tie %"), justify="right")
    if not result.exact:
        table.add_column(gettext("± stderr %"), justify="right")
    for i, hand in enumerate(hands):
        row = [
            hand,
            number(100 * result.equity[i], ".3f"),
            number(100 * result.win[i], ".3f"),
            number(100 * result.tie[i], ".3f"),
        ]
        if not result.exact:
            row.append(number(100 * result.stderr[i], ".3f"))
        table.add_row(*row)
    Console().print(table)
