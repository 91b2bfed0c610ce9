"""``pokerbonus stats``: dealt frequencies, draw simulation, dealer-mode RTP.

The lead registers the sub-app with ``app.add_typer(stats_app, name="stats")``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.analysis.stats.dealer import (
    DEFAULT_SITUATIONS,
    DealerResult,
    dealer_plan,
    result_of_run,
)
from pokerbonus.analysis.stats.dealt import dealt_frequencies
from pokerbonus.analysis.stats.draw import DrawConfig, DrawStats, draw_shard
from pokerbonus.analysis.stats.tables import CATEGORY_KEYS
from pokerbonus.cards import default_deck_size
from pokerbonus.cli.progress import progress_bar, spinner
from pokerbonus.dealer.settings import DealerSettings, read_toml
from pokerbonus.errors import PokerError
from pokerbonus.hands.category import Category
from pokerbonus.hands.describe import category_name
from pokerbonus.i18n import current_language, gettext, ngettext
from pokerbonus.i18n.numbers import number
from pokerbonus.sim import RunResult, Shard, ShardTask, plan_shards, run_shards

__all__ = ["stats_app"]

stats_app = typer.Typer(help="Statistics: dealt frequencies, draw simulation, dealer-mode RTP.")

JsonOpt = Annotated[bool, typer.Option("--json", help=gettext("Print the result as JSON."))]
PlotOpt = Annotated[Path | None, typer.Option(help=gettext("Save a plot (.png or .svg)."))]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        help=gettext(
            "Worker processes, this one included (default: more than one only when "
            "the run is large enough and cores are idle)."
        )
    ),
]
RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray", help=gettext("Run on Ray: 'auto' (running cluster), 'local' or ADDRESS.")
    ),
]


def _fail(message: str) -> typer.Exit:
    line = gettext("error: {message}").format(message=message)
    Console(stderr=True, highlight=False, soft_wrap=True).print(line, markup=False)
    return typer.Exit(code=2)


def _category(key: str) -> str:
    """A category of a table: its key in English (``two_pair``), its name otherwise."""
    lang = current_language()
    return key if lang == "en" else category_name(Category[key.upper()], lang)


def _run(
    task: ShardTask, seed: int, hands: int, workers: int | None, ray: str | None, quiet: bool
) -> RunResult:
    plan = plan_shards(seed, hands)
    with progress_bar(gettext("simulating"), quiet=quiet) as progress:
        bar = progress.add_task("deals", total=hands)

        def advance(shard: Shard) -> None:
            progress.advance(bar, shard.hands)

        return run_shards(
            task, plan, backend="ray" if ray else ("inline" if workers == 1 else "process"),
            workers=workers, ray_address=ray, on_shard=advance,
        )  # fmt: skip


def _note_interrupted(result: RunResult) -> None:
    if result.interrupted:
        message = gettext(
            "interrupted: partial result over {hands} of the planned deals "
            "({done} of {shards} shards)"
        )
        Console(stderr=True).print(
            message.format(
                hands=number(result.hands), done=result.shards_done, shards=result.shards
            )
        )


@stats_app.command(
    "dealt",
    help=gettext("Exact frequency of each category in a five-card deal (full enumeration)."),
)
def dealt_command(
    deck: Annotated[int, typer.Option(help=gettext("Deck size: 32, 36, 40, 44, 48 or 52."))] = 52,
    jokers: Annotated[int, typer.Option(help=gettext("Jokers in the deck: 0, 1 or 2."))] = 0,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Exact frequency of each category in a five-card deal (full enumeration)."""
    try:
        with spinner(gettext("counting every deal"), quiet=json_output):
            stats = dealt_frequencies(deck, jokers)
        if plot is not None:
            from pokerbonus.analysis.stats.plots import plot_dealt

            plot_dealt(stats, plot)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    if json_output:
        typer.echo(json.dumps(stats.to_json()))
        return
    title = ngettext(
        "Five-card deal, {deck} cards + {jokers} joker: {total} hands",
        "Five-card deal, {deck} cards + {jokers} jokers: {total} hands",
        jokers,
    )
    table = Table(title=title.format(deck=deck, jokers=jokers, total=number(stats.total)))
    table.add_column(gettext("category"))
    for column in (gettext("hands"), gettext("frequency"), gettext("1 in")):
        table.add_column(column, justify="right")
    for key in CATEGORY_KEYS:
        n = stats.counts[key]
        if n:
            table.add_row(
                _category(key),
                number(n),
                number(n / stats.total, ".6%"),
                number(stats.total / n, ",.1f"),
            )
    Console().print(table)


@stats_app.command(
    "draw",
    help=gettext("Simulate five-card draw with a fixed strategy; frequencies and win expectancy."),
)
def draw_command(
    players: Annotated[int, typer.Option(help=gettext("Players (2..10)."))] = 4,
    hands: Annotated[int, typer.Option(help=gettext("Deals to simulate."))] = 1_000_000,
    deck: Annotated[
        int | None, typer.Option(help=gettext("Deck size (default: by players)."))
    ] = None,
    seed: Annotated[int, typer.Option(help=gettext("Seed of the shard plan."))] = 0,
    strategy: Annotated[
        str, typer.Option(help=gettext("Drawing strategy: standard."))
    ] = "standard",
    disguise: Annotated[
        bool, typer.Option(help=gettext("Keep a kicker with a pair or trips."))
    ] = False,
    straight_draws: Annotated[
        str, typer.Option(help=gettext("Draw to straights: open (open-ended only) or all."))
    ] = "open",
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Simulate five-card draw with a fixed strategy; frequencies and win expectancy."""
    try:
        config = DrawConfig(
            deck=deck if deck is not None else default_deck_size(players),
            players=players,
            strategy=strategy,
            disguise=disguise,
            straight_draws=straight_draws,
        )
        task = functools.partial(draw_shard, config)
        result = _run(task, seed, hands, workers, ray, json_output)
        if result.hands == 0:
            raise _fail(gettext("interrupted before any shard completed"))
        stats = DrawStats.from_array(
            config, result.counts, interrupted=result.interrupted, seed=seed
        )
        if plot is not None:
            from pokerbonus.analysis.stats.plots import plot_draw

            plot_draw(stats, plot)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    _note_interrupted(result)
    if json_output:
        typer.echo(json.dumps(stats.to_json()))
        return
    if stats.interrupted:
        title = gettext(
            "Five-card draw, {deck} cards, {players} players, {hands} deals, seed {seed} "
            "(INTERRUPTED: partial)"
        )
    else:
        title = gettext(
            "Five-card draw, {deck} cards, {players} players, {hands} deals, seed {seed}"
        )
    table = Table(
        title=title.format(deck=config.deck, players=players, hands=number(stats.hands), seed=seed)
    )
    columns = (
        (gettext("final"), "left"),
        (gettext("freq"), "right"),
        (gettext("95% CI"), "right"),
        (gettext("served"), "right"),
        (gettext("from"), "left"),
        (gettext("win (final)"), "right"),
        (gettext("win (dealt)"), "right"),
    )
    for column, justify in columns:
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    win_final = stats.win_expectancy_final
    win_dealt = stats.win_expectancy_dealt
    for key in CATEGORY_KEYS:
        if not stats.final_counts[key] and not stats.dealt_counts[key]:
            continue
        low, high = stats.ci95(key)
        origins = ", ".join(
            f"{_category(k)} {number(v, '.1%')}"
            for k, v in sorted(stats.origins(key).items(), key=lambda kv: -kv[1])
        )
        table.add_row(
            _category(key),
            number(stats.final_frequency[key], ".4%"),
            f"{number(low, '.4%')}-{number(high, '.4%')}",
            number(stats.served_share(key), ".1%"),
            origins,
            number(win_final[key], ".4f") if key in win_final else "-",
            number(win_dealt[key], ".4f") if key in win_dealt else "-",
        )
    Console().print(table)
    summary = ngettext(
        "{hands} deals in {seconds} s on {workers} worker, {backend} backend",
        "{hands} deals in {seconds} s on {workers} workers, {backend} backend",
        result.workers,
    )
    Console().print(
        summary.format(
            hands=number(result.hands),
            seconds=number(result.seconds, ".1f"),
            workers=result.workers,
            backend=result.backend,
        )
    )


@stats_app.command("dealer")
def dealer_command(
    situations: Annotated[
        int, typer.Option(help="Sampled situations (five cards + the dealer's up card).")
    ] = DEFAULT_SITUATIONS,
    seed: Annotated[int, typer.Option(help="Seed of the sampled situations.")] = 0,
    exact: Annotated[
        bool, typer.Option("--exact", help="Every situation of the game (a minute or two).")
    ] = False,
    config: Annotated[
        Path | None, typer.Option("--config", help="Dealer settings from a TOML file.")
    ] = None,
    bet: Annotated[int | None, typer.Option(help="The bet against the bank.")] = None,
    play_multiple: Annotated[int | None, typer.Option(help="The play wager, in bets.")] = None,
    switch: Annotated[
        bool | None, typer.Option("--switch/--no-switch", help="The paid switch of one card.")
    ] = None,
    switch_fee: Annotated[
        int | None, typer.Option(help="The switch fee in chips (default: the bet).")
    ] = None,
    qualifier: Annotated[
        str | None, typer.Option(help="The dealer qualifies with: AK, A, 44, none...")
    ] = None,
    paytable: Annotated[
        str | None, typer.Option(help="Play wager pays, e.g. 'flush=5,full_house=7'.")
    ] = None,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Return to player of dealer mode under the best play (default settings unless given)."""
    try:
        base = read_toml(config) if config is not None else {}
        given = {
            "bet": bet, "play_multiple": play_multiple, "switch": switch,
            "switch_fee": switch_fee, "qualifier": qualifier, "paytable": paytable,
        }  # fmt: skip
        values = {**base, **{k: v for k, v in given.items() if v is not None}}
        values.update(players=1, cave=values.get("cave", 10**9))  # no table to sit at
        settings = DealerSettings.build(values)
        task, shards = dealer_plan(settings, situations=situations, seed=seed, exact=exact)
        result = _run_plan(task, shards, exact, workers, ray, json_output)
        dealer = result_of_run(result, settings, situations=situations, seed=seed, exact=exact)
        if plot is not None:
            from pokerbonus.analysis.stats.plots import plot_dealer

            plot_dealer(dealer, plot)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    _note_interrupted(result)
    if json_output:
        typer.echo(json.dumps(dealer.to_json()))
        return
    _print_dealer(dealer, result)


def _run_plan(
    task: ShardTask, shards: tuple[Shard, ...], exact: bool, workers: int | None,
    ray: str | None, quiet: bool,
) -> RunResult:  # fmt: skip
    """Run the shards with a progress bar on a terminal (none when piped or with --json)."""
    total = sum(s.hands for s in shards)
    label = "working out the RTP: every situation, part" if exact else "working out the RTP"
    with progress_bar(label, quiet=quiet) as progress:
        bar = progress.add_task("dealer", total=total)

        def advance(shard: Shard) -> None:
            progress.advance(bar, shard.hands)

        return run_shards(
            task, shards, backend="ray" if ray else ("inline" if workers == 1 else "process"),
            workers=workers, ray_address=ray, on_shard=advance,
        )  # fmt: skip


def _print_dealer(dealer: DealerResult, result: RunResult) -> None:
    s = dealer.settings
    low, high = dealer.ci95
    console = Console(highlight=False)
    fee = f"switch fee {s.fee}" if s.switch else "no switch"
    console.print(
        f"Dealer mode: bet {s.bet}, play wager {s.play} ({s.play_multiple} bets), {fee}, "
        f"the dealer qualifies with {s.qualifier.text}."
    )
    pays = ", ".join(f"{k} {v}" for k, v in s.paytable.to_dict().items())
    console.print(f"Play wager paytable (to 1): {pays}.")
    if dealer.method == "exact":
        console.print(
            f"RTP {dealer.rtp:.4%} (exact, every one of the {dealer.situations:,} situations); "
            f"house edge {dealer.house_edge:.4%} of the bet."
        )
    else:
        e_low, e_high = dealer.house_edge_ci95
        console.print(
            f"RTP {dealer.rtp:.4%} (95% interval {low:.4%} to {high:.4%}, "
            f"{dealer.situations:,} sampled situations, seed {dealer.seed}); house edge "
            f"{dealer.house_edge:.4%} of the bet (95% interval {e_low:.4%} to {e_high:.4%})."
        )
    console.print(
        f"Best play: fold {dealer.fold:.2%}, keep {dealer.keep:.2%}, exchange one "
        f"{dealer.exchange:.2%} of the situations."
    )
    console.print(
        "The RTP is everything the bank pays back over everything staked against it (bet, "
        "play wager, switch fee) under the best play; antes excluded (table pot)."
    )
    console.print(
        f"{result.seconds:.1f} s on {result.workers} worker(s), {result.backend} backend."
    )
