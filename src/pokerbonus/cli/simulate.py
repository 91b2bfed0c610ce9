"""``pokerbonus simulate``: random legal hands at a table, with a summary.

The lead registers the command with ``app.command("simulate")(simulate_command)``.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.cli.progress import progress_bar
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, ngettext, pgettext

if TYPE_CHECKING:  # the engine is imported when hands are played
    from rich.progress import Progress

    from pokerbonus.engine.config import TableConfig

__all__ = ["MAX_HANDS", "SimulationSummary", "simulate", "simulate_command"]

MAX_HANDS = 1_000_000
"""The most hands of one run: random play runs about 4,000 hands a second here,
so the largest run takes about 4 minutes (with a progress bar on a terminal)."""


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulation did: counts of hands by how they ended, and the chip check."""

    game: str
    players: int
    hands: int
    showdowns: int
    won_without_showdown: int
    all_passes: int
    rebuys: int
    chips_conserved: bool
    total_chips: int
    seconds: float
    interrupted: bool

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return self.hands / self.seconds if self.seconds > 0 else 0.0


def simulate(
    config: TableConfig,
    hands: int,
    rng: random.Random,
    *,
    progress: Progress | None = None,
) -> SimulationSummary:
    """Play ``hands`` random legal hands at a table; busted players rebuy a cave.

    Stops early (``interrupted``) on Ctrl-C, keeping what was played.
    """
    from pokerbonus.engine.table import Table, random_legal_action

    table = Table(config, rng)
    conserved = True
    rebuys = 0
    task = progress.add_task("hands", total=hands) if progress is not None else None
    start = time.perf_counter()
    interrupted = False
    try:
        for _ in range(hands):
            for player in table.sitting_out():
                if table.can_rebuy(player):
                    table.rebuy(player)
                    rebuys += 1
            if len(table.active_seats()) < 2:
                break
            hand = table.start_hand()
            while not hand.finished:
                hand.act(random_legal_action(hand, rng))
            table.finish_hand()
            try:
                table.check_chips()
            except PokerError:
                conserved = False
            if progress is not None and task is not None:
                progress.advance(task)
    except KeyboardInterrupt:
        interrupted = True  # the hand in progress, if any, is not counted
    seconds = time.perf_counter() - start
    history = table.history
    showdowns = sum(1 for r in history if r.showdown)
    all_passes = sum(1 for r in history if r.all_passed)
    return SimulationSummary(
        game=config.game,
        players=config.players,
        hands=len(history),
        showdowns=showdowns,
        won_without_showdown=len(history) - showdowns - all_passes,
        all_passes=all_passes,
        rebuys=rebuys,
        chips_conserved=conserved,
        total_chips=table.ledger.total_bought,
        seconds=seconds,
        interrupted=interrupted,
    )


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        gettext("error: {message}").format(message=message), markup=False
    )
    return typer.Exit(code=2)


def simulate_command(
    game: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "The game: draw (French five-card draw, the default) or a catalog game "
                "(holdem, omaha, seven-card-stud... see `pokerbonus games`)."
            )
        ),
    ] = None,
    betting: Annotated[
        str | None,
        typer.Option(
            help=gettext("Betting structure: no-limit, pot-limit or limit (limit: bets 2/4).")
        ),
    ] = None,
    players: Annotated[int, whole("--players", 2, 10, gettext("Players at the table."))] = 6,
    hands: Annotated[int, whole("--hands", 1, MAX_HANDS, gettext("Hands to play."))] = 1000,
    seed: Annotated[
        int | None, whole("--seed", 0, SEED_MAX, gettext("Seed of the random player."))
    ] = None,
    config: Annotated[
        Path | None, typer.Option(help=gettext("A TOML table configuration (house rules)."))
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help=gettext("Print the summary as JSON."))
    ] = False,
) -> None:
    """Play random legal hands at a table and print a summary."""
    if hands < 1:
        raise _fail(gettext("--hands: must be at least 1, got {hands}").format(hands=hands))
    try:
        from pokerbonus.engine.config import TableConfig

        base = TableConfig.from_toml(config).to_dict() if config is not None else {}
        base["players"] = players
        if game is not None:
            base["game"] = game
        if betting is not None:
            base["betting"] = betting
            if betting == "limit" and base.get("small_bet") is None:
                base.update(small_bet=2, big_bet=4)
        table_config = TableConfig.from_dict(base)
    except PokerError as exc:
        raise _fail(str(exc).replace("\n", " ")) from None
    rng = random.Random(seed)
    with progress_bar(gettext("simulating"), quiet=json_output) as progress:
        summary = simulate(table_config, hands, rng, progress=progress)
    figures = {
        **asdict(summary),
        "seconds": round(summary.seconds, 3),
        "hands_per_second": round(summary.hands_per_second, 1),
    }
    if json_output:
        typer.echo(json.dumps(figures))
        return
    title = ngettext("{game}, {count} player", "{game}, {count} players", summary.players)
    out = RichTable(title=title.format(game=summary.game, count=summary.players), show_header=False)
    rows = (
        # Translators: the rows of `simulate`'s summary.
        ("hands", pgettext("simulate", "hands")),
        ("showdowns", pgettext("simulate", "showdowns")),
        ("won_without_showdown", pgettext("simulate", "won without showdown")),
        ("all_passes", pgettext("simulate", "all passes")),
        ("rebuys", pgettext("simulate", "rebuys")),
        ("chips_conserved", pgettext("simulate", "chips conserved")),
        ("total_chips", pgettext("simulate", "total chips")),
        ("hands_per_second", pgettext("simulate", "hands per second")),
        ("interrupted", pgettext("simulate", "interrupted")),
    )
    for key, words in rows:
        value = figures[key]
        shown = (
            (pgettext("yes/no", "True") if value else pgettext("yes/no", "False"))
            if isinstance(value, bool)
            else str(value)
        )
        out.add_row(words, shown)
    Console().print(out)
