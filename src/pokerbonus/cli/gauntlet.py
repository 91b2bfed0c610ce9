"""``pokerbonus gauntlet``: simple exploitative bots against a level of the French
draw (:mod:`pokerbonus.sim.gauntlet`), each result with its 95% interval and a
verdict line per target (see ``docs/bots.md``, "The gauntlet")."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.cli.match import MAX_HANDS, _fail
from pokerbonus.cli.progress import progress_bar
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext, pgettext

if TYPE_CHECKING:  # the gauntlet's bots and matches load when the command runs
    from pokerbonus.sim.gauntlet import GauntletRow

__all__ = ["gauntlet_command"]


def _interval(ci: tuple[float, float] | None) -> str:
    return "-" if ci is None else f"[{ci[0]:.0f}, {ci[1]:.0f}]"


def _table_name(players: int) -> str:
    # Translators: the tables of the gauntlet.
    return pgettext("gauntlet", "heads-up") if players == 2 else pgettext("gauntlet", "4-handed")


def _verdict(row: GauntletRow) -> str:
    if row.holds is None:
        return "-"
    # Translators: whether the level meets its target at one gauntlet table.
    return pgettext("gauntlet", "holds") if row.holds else pgettext("gauntlet", "FAILS")


def _report(rows: list[GauntletRow], level: str, hands: int, seed: int | None) -> None:
    console = Console(highlight=False, soft_wrap=True)
    if not console.is_terminal:
        console.width = 120  # piped or redirected: the table on one line per row
    out = RichTable(
        title=gettext(
            "gauntlet against {level}: French draw, pot game ante 1, no-limit, 100-ante "
            "stacks, {hands} duplicate hands per match, seed {seed}"
        ).format(level=level, hands=hands, seed=seed)
    )
    columns = (
        # Translators: the columns of `gauntlet`.
        pgettext("gauntlet", "bot"), pgettext("gauntlet", "table"),
        pgettext("gauntlet", "bot mbb/hand"), pgettext("gauntlet", "95% CI"),
        gettext("{level} mbb/hand").format(level=level), pgettext("gauntlet", "95% CI"),
        pgettext("gauntlet", "verdict"),
    )  # fmt: skip
    for i, column in enumerate(columns):
        out.add_column(column, justify="left" if i < 2 else "right")
    for row in rows:
        mine, theirs = row.bot_result, row.level_result
        out.add_row(
            row.bot, _table_name(row.players),
            f"{mine.mbb_per_hand:.0f}", _interval(mine.ci95),
            f"{theirs.mbb_per_hand:.0f}", _interval(theirs.ci95), _verdict(row),
        )  # fmt: skip
    console.print(out)
    for players in (2, 4):
        table = [r for r in rows if r.players == players]
        if not table:
            continue
        failed = [r.bot for r in table if r.holds is False]
        held = sum(1 for r in table if r.holds)
        target = (
            gettext("heads-up, each bot's interval (95%) not above 0")
            if players == 2
            else gettext("four-handed, {level}'s interval (95%) above 0").format(level=level)
        )
        line = gettext("{target}: {level} holds against {held} of {count} bots").format(
            target=target, level=level, held=held, count=len(table)
        )
        if failed:
            line += gettext("; fails against {bots}").format(bots=", ".join(failed))
        console.print(line)


def gauntlet_command(
    game: Annotated[str, typer.Option(help=gettext("The game (draw)."))] = "draw",
    players: Annotated[
        int | None,
        whole(
            "--players",
            2,
            4,
            gettext("2 (heads-up) or 4 (the bot, the level, two hard); default both."),
        ),
    ] = None,
    level: Annotated[
        str, typer.Option(help=gettext("The level tried: expert or hard."))
    ] = "expert",
    hands: Annotated[
        int, whole("--hands", 1, MAX_HANDS, gettext("Duplicate hands per match."))
    ] = 8000,
    seed: Annotated[
        int, whole("--seed", 0, SEED_MAX, gettext("Seed of the deals and of the bots."))
    ] = 11,
    bots: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "The bots to play, comma-separated: gauntlet names or "
                "package.module:ClassName (default: the whole gauntlet)."
            )
        ),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help=gettext("Print the results as JSON."))
    ] = False,
) -> None:
    """Play simple exploitative bots against a draw level and say whether it holds."""
    from pokerbonus.sim.gauntlet import GAUNTLET_LEVELS, run_gauntlet

    if game != "draw":
        raise _fail(
            gettext("--game: the gauntlet plays the French draw (draw), got {game!r}").format(
                game=game
            )
        )
    if players not in (None, 2, 4):
        raise _fail(
            gettext("--players: the gauntlet plays 2 or 4 players, got {players}").format(
                players=players
            )
        )
    if level not in GAUNTLET_LEVELS:
        raise _fail(
            gettext("--level: expected one of {levels}, got {level!r}").format(
                levels=", ".join(GAUNTLET_LEVELS), level=level
            )
        )
    if hands < 1:
        raise _fail(gettext("--hands: must be at least 1, got {hands}").format(hands=hands))
    chosen = None if bots is None else [b.strip() for b in bots.split(",") if b.strip()]
    if chosen is not None and not chosen:
        raise _fail(gettext("--bots: no bot named in {bots!r}").format(bots=bots))
    tables = (2, 4) if players is None else (players,)
    count = len(chosen) if chosen is not None else None
    from pokerbonus.bots.gauntlet import GAUNTLET

    total = sum(-(-hands // p) * p for p in tables) * (count or len(GAUNTLET))
    with progress_bar(gettext("playing the gauntlet"), quiet=json_output) as progress:
        task = progress.add_task("hands", total=total)
        try:
            rows = run_gauntlet(
                level, tables, hands=hands, seed=seed, bots=chosen, search=[os.getcwd()],
                on_hand=lambda done: progress.update(task, completed=done),
            )  # fmt: skip
        except PokerError as exc:
            raise _fail(str(exc).replace("\n", " ")) from None
    interrupted = any(r.result.interrupted for r in rows)
    if json_output:
        typer.echo(
            json.dumps(
                {
                    "game": game,
                    "level": level,
                    "hands": hands,
                    "seed": seed,
                    "interrupted": interrupted,
                    "rows": [r.to_dict() for r in rows],
                }
            )
        )
    else:
        _report(rows, level, hands, seed)
    if interrupted:
        Console(stderr=True).print(gettext("interrupted: results of the complete hands above"))
