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
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pokerbonus.analysis.stats.dealer import DEFAULT_PAYTABLE, DealerResult, dealer_shard
from pokerbonus.analysis.stats.dealt import dealt_frequencies
from pokerbonus.analysis.stats.draw import DrawConfig, DrawStats, draw_shard
from pokerbonus.analysis.stats.tables import CATEGORY_KEYS
from pokerbonus.cards import default_deck_size
from pokerbonus.errors import PokerError
from pokerbonus.sim import RunResult, Shard, ShardTask, plan_shards, run_shards

__all__ = ["stats_app"]

stats_app = typer.Typer(help="Statistics: dealt frequencies, draw simulation, dealer-mode RTP.")

JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
PlotOpt = Annotated[Path | None, typer.Option(help="Save a plot (.png or .svg).")]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        help="Worker processes, this one included (default: more than one only when "
        "the run is large enough and cores are idle)."
    ),
]
RayOpt = Annotated[
    str | None,
    typer.Option("--ray", help="Run on Ray: 'auto' (running cluster), 'local' or ADDRESS."),
]


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", markup=False)
    return typer.Exit(code=2)


def _run(
    task: ShardTask, seed: int, hands: int, workers: int | None, ray: str | None, quiet: bool
) -> RunResult:
    plan = plan_shards(seed, hands)
    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=quiet,
    ) as progress:
        bar = progress.add_task("deals", total=hands)

        def advance(shard: Shard) -> None:
            progress.advance(bar, shard.hands)

        return run_shards(
            task, plan, backend="ray" if ray else ("inline" if workers == 1 else "process"),
            workers=workers, ray_address=ray, on_shard=advance,
        )  # fmt: skip


def _note_interrupted(result: RunResult) -> None:
    if result.interrupted:
        Console(stderr=True).print(
            f"interrupted: partial result over {result.hands:,} of the planned deals "
            f"({result.shards_done} of {result.shards} shards)"
        )


@stats_app.command("dealt")
def dealt_command(
    deck: Annotated[int, typer.Option(help="Deck size: 32, 36, 40, 44, 48 or 52.")] = 52,
    jokers: Annotated[int, typer.Option(help="Jokers in the deck: 0, 1 or 2.")] = 0,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Exact frequency of each category in a five-card deal (full enumeration)."""
    try:
        stats = dealt_frequencies(deck, jokers)
        if plot is not None:
            from pokerbonus.analysis.stats.plots import plot_dealt

            plot_dealt(stats, plot)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    if json_output:
        typer.echo(json.dumps(stats.to_json()))
        return
    table = Table(title=f"Five-card deal, {deck} cards + {jokers} joker(s): {stats.total:,} hands")
    for column in ("category", "hands", "frequency", "1 in"):
        table.add_column(column, justify="left" if column == "category" else "right")
    for key in CATEGORY_KEYS:
        n = stats.counts[key]
        if n:
            table.add_row(key, f"{n:,}", f"{n / stats.total:.6%}", f"{stats.total / n:,.1f}")
    Console().print(table)


@stats_app.command("draw")
def draw_command(
    players: Annotated[int, typer.Option(help="Players (2..10).")] = 4,
    hands: Annotated[int, typer.Option(help="Deals to simulate.")] = 1_000_000,
    deck: Annotated[int | None, typer.Option(help="Deck size (default: by players).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the shard plan.")] = 0,
    strategy: Annotated[str, typer.Option(help="Drawing strategy: standard.")] = "standard",
    disguise: Annotated[bool, typer.Option(help="Keep a kicker with a pair or trips.")] = False,
    straight_draws: Annotated[
        str, typer.Option(help="Draw to straights: open (open-ended only) or all.")
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
            raise _fail("interrupted before any shard completed")
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
    title = (
        f"Five-card draw, {config.deck} cards, {players} players, {stats.hands:,} deals, "
        f"seed {seed}" + (" (INTERRUPTED: partial)" if stats.interrupted else "")
    )
    table = Table(title=title)
    for column in ("final", "freq", "95% CI", "served", "from", "win (final)", "win (dealt)"):
        table.add_column(column, justify="left" if column in ("final", "from") else "right")
    win_final = stats.win_expectancy_final
    win_dealt = stats.win_expectancy_dealt
    for key in CATEGORY_KEYS:
        if not stats.final_counts[key] and not stats.dealt_counts[key]:
            continue
        low, high = stats.ci95(key)
        origins = ", ".join(
            f"{k} {v:.1%}" for k, v in sorted(stats.origins(key).items(), key=lambda kv: -kv[1])
        )
        table.add_row(
            key,
            f"{stats.final_frequency[key]:.4%}",
            f"{low:.4%}-{high:.4%}",
            f"{stats.served_share(key):.1%}",
            origins,
            f"{win_final[key]:.4f}" if key in win_final else "-",
            f"{win_dealt[key]:.4f}" if key in win_dealt else "-",
        )
    Console().print(table)
    Console().print(
        f"{result.hands:,} deals in {result.seconds:.1f} s on {result.workers} worker(s), "
        f"{result.backend} backend"
    )


@stats_app.command("dealer")
def dealer_command(
    situations: Annotated[
        int, typer.Option(help="Sampled situations (five cards + up card).")
    ] = 20_000,
    seed: Annotated[int, typer.Option(help="Seed of the shard plan.")] = 0,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Return to player of dealer mode (default paytable, best keep / exchange-one / fold)."""
    try:
        paytable = tuple(sorted(DEFAULT_PAYTABLE.items()))
        task = functools.partial(dealer_shard, paytable=paytable)
        result = _run(task, seed, situations, workers, ray, json_output)
        if result.hands == 0:
            raise _fail("interrupted before any shard completed")
        dealer = DealerResult.from_counts(
            result.counts, DEFAULT_PAYTABLE, seed=seed, interrupted=result.interrupted
        )
        if plot is not None:
            from pokerbonus.analysis.stats.plots import plot_dealer

            plot_dealer(dealer, plot)
    except PokerError as exc:
        raise _fail(str(exc)) from None
    _note_interrupted(result)
    if json_output:
        typer.echo(json.dumps(dealer.to_json()))
        return
    low, high = dealer.ci95
    console = Console()
    console.print(
        f"Dealer mode, 52 cards, default paytable: RTP {dealer.rtp:.4%} "
        f"(95% CI {low:.4%} to {high:.4%}), house edge {dealer.house_edge:.4%}"
    )
    console.print(
        f"best play: fold {dealer.fold_share:.2%}, keep {dealer.keep_share:.2%}, "
        f"exchange one {dealer.exchange_share:.2%} of {dealer.situations:,} sampled situations"
    )
    console.print(
        "method: exact expectation of every decision over all dealer completions, "
        "situations sampled; RTP covers the wager incl. bonus, antes excluded (table pot)"
    )
