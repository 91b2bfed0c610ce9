"""``pokerbonus stats``: dealt frequencies, draw simulation, dealer-mode RTP.

The lead registers the sub-app with ``app.add_typer(stats_app, name="stats")``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.cli.progress import progress_bar, spinner
from pokerbonus.errors import PokerError
from pokerbonus.i18n import current_language, gettext, ngettext
from pokerbonus.i18n.numbers import number

if TYPE_CHECKING:  # the modules that do the work are imported when it is done
    from pokerbonus.analysis.stats.dealer import DealerResult
    from pokerbonus.shards import RunResult, Shard, ShardTask

__all__ = ["DEFAULT_SITUATIONS", "MAX_DEALS", "MAX_SITUATIONS", "MAX_WORKERS", "stats_app"]

DEFAULT_SITUATIONS = 100_000
"""The default of ``stats dealer --situations``: that of
``pokerbonus.analysis.stats.dealer`` (written out so that the help loads no kernel:
a test checks they agree)."""

MAX_DEALS = 100_000_000
"""The most deals of ``stats draw``: about 300,000 deals a second on one core
here, so the largest run takes about 6 minutes (a progress bar on a terminal)."""

MAX_SITUATIONS = 10_000_000
"""The most sampled situations of ``stats dealer``: about 16,000 a second on one
core here, so the largest run takes about 10 minutes (``--exact`` walks them all)."""

MAX_WORKERS = 256
"""The most worker processes of a run (the cores of a large machine)."""

stats_app = typer.Typer(
    help=gettext("Statistics: dealt frequencies, draw simulation, dealer-mode RTP.")
)

JsonOpt = Annotated[bool, typer.Option("--json", help=gettext("Print the result as JSON."))]
PlotOpt = Annotated[Path | None, typer.Option(help=gettext("Save a plot (.png or .svg)."))]
WorkersOpt = Annotated[
    int | None,
    whole(
        "--workers",
        1,
        MAX_WORKERS,
        gettext(
            "The most worker processes, this one included (more than one only when "
            "the run is large enough and cores are idle: never slower than one)."
        ),
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


def _check_plot(plot: Path | None) -> None:
    """Refuse a plot that cannot be saved (its extension, no matplotlib) before any work."""
    if plot is not None:
        from pokerbonus.analysis.stats.plots import check_plot

        try:
            check_plot(plot)
        except PokerError as exc:
            raise _fail(str(exc)) from None


def _category(key: str) -> str:
    """A category of a table: its key in English (``two_pair``), its name otherwise."""
    from pokerbonus.hands.category import Category
    from pokerbonus.hands.describe import category_name

    lang = current_language()
    return key if lang == "en" else category_name(Category[key.upper()], lang)


def _run(
    task: ShardTask, seed: int, hands: int, workers: int | None, ray: str | None, quiet: bool
) -> RunResult:
    from pokerbonus.shards import plan_shards

    plan = plan_shards(seed, hands)
    with progress_bar(gettext("simulating"), quiet=quiet) as progress:
        bar = progress.add_task("deals", total=hands)

        def advance(shard: Shard) -> None:
            progress.advance(bar, shard.hands)

        return _shards(task, plan, workers, ray, advance)


def _shards(
    task: ShardTask,
    plan: tuple[Shard, ...],
    workers: int | None,
    ray: str | None,
    advance: Callable[[Shard], None],
) -> RunResult:
    """Run the shards: ``workers`` is the most processes (helpers start only when
    they pay, so a run is never slower than on one worker); no helper outlives it."""
    from pokerbonus.shards import run_shards, stop_helpers

    backend = "ray" if ray else ("inline" if workers == 1 else "process")
    try:
        return run_shards(
            task, plan, backend=backend, max_workers=workers, ray_address=ray, on_shard=advance
        )
    finally:
        stop_helpers()


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
    deck: Annotated[
        int, whole("--deck", 32, 52, gettext("Deck size: 32, 36, 40, 44, 48 or 52."))
    ] = 52,
    jokers: Annotated[int, whole("--jokers", 0, 2, gettext("Jokers in the deck: 0, 1 or 2."))] = 0,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Exact frequency of each category in a five-card deal (full enumeration)."""
    _check_plot(plot)
    from pokerbonus.analysis.stats.dealt import dealt_frequencies
    from pokerbonus.hands.classes import CATEGORY_KEYS

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
    players: Annotated[int, whole("--players", 2, 10, gettext("Players (2..10)."))] = 4,
    hands: Annotated[
        int, whole("--hands", 1, MAX_DEALS, gettext("Deals to simulate."))
    ] = 1_000_000,
    deck: Annotated[
        int | None, whole("--deck", 32, 52, gettext("Deck size (default: by players)."))
    ] = None,
    seed: Annotated[int, whole("--seed", 0, SEED_MAX, gettext("Seed of the shard plan."))] = 0,
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
    _check_plot(plot)
    from pokerbonus.analysis.stats.draw import DrawConfig, DrawStats, draw_shard
    from pokerbonus.cards import default_deck_size
    from pokerbonus.hands.classes import CATEGORY_KEYS

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


@stats_app.command(
    "dealer",
    help=gettext(
        "Return to player of dealer mode under the best play (default settings unless given)."
    ),
)
def dealer_command(
    situations: Annotated[
        int,
        whole(
            "--situations",
            1,
            MAX_SITUATIONS,
            gettext("Sampled situations (five cards + the dealer's up card)."),
        ),
    ] = DEFAULT_SITUATIONS,
    seed: Annotated[
        int, whole("--seed", 0, SEED_MAX, gettext("Seed of the sampled situations."))
    ] = 0,
    exact: Annotated[
        bool,
        typer.Option("--exact", help=gettext("Every situation of the game (a minute or two).")),
    ] = False,
    config: Annotated[
        Path | None, typer.Option("--config", help=gettext("Dealer settings from a TOML file."))
    ] = None,
    bet: Annotated[
        int | None, whole("--bet", 1, 1_000_000, gettext("The bet against the bank."))
    ] = None,
    play_multiple: Annotated[
        int | None, whole("--play-multiple", 1, 10, gettext("The play wager, in bets."))
    ] = None,
    switch: Annotated[
        bool | None,
        typer.Option("--switch/--no-switch", help=gettext("The paid switch of one card.")),
    ] = None,
    switch_fee: Annotated[
        int | None,
        whole(
            "--switch-fee", 0, 10_000_000, gettext("The switch fee in chips (default: the bet).")
        ),
    ] = None,
    qualifier: Annotated[
        str | None, typer.Option(help=gettext("The dealer qualifies with: AK, A, 44, none..."))
    ] = None,
    paytable: Annotated[
        str | None, typer.Option(help=gettext("Play wager pays, e.g. 'flush=5,full_house=7'."))
    ] = None,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    json_output: JsonOpt = False,
    plot: PlotOpt = None,
) -> None:
    """Return to player of dealer mode under the best play (default settings unless given)."""
    _check_plot(plot)
    from pokerbonus.analysis.stats.dealer import dealer_plan, result_of_run
    from pokerbonus.rules.dealer import DealerSettings, read_toml

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
    label = (
        gettext("working out the RTP: every situation, part")
        if exact
        else gettext("working out the RTP")
    )
    with progress_bar(label, quiet=quiet) as progress:
        bar = progress.add_task("dealer", total=total)

        def advance(shard: Shard) -> None:
            progress.advance(bar, shard.hands)

        return _shards(task, shards, workers, ray, advance)


def _print_dealer(dealer: DealerResult, result: RunResult) -> None:
    from pokerbonus.dealer.text import hand_name

    s = dealer.settings
    low, high = dealer.ci95
    console = Console(highlight=False)
    head = (
        gettext(
            "Dealer mode: bet {bet}, play wager {play} ({multiple} bets), switch fee {fee}, "
            "the dealer qualifies with {qualifier}."
        )
        if s.switch
        else gettext(
            "Dealer mode: bet {bet}, play wager {play} ({multiple} bets), no switch, the "
            "dealer qualifies with {qualifier}."
        )
    )
    console.print(
        head.format(
            bet=s.bet, play=s.play, multiple=s.play_multiple, fee=s.fee,
            qualifier=s.qualifier.text,
        )
    )  # fmt: skip
    english = current_language() == "en"  # the keys, as --paytable takes them; names otherwise
    pays = ", ".join(
        f"{k if english else hand_name(k)} {v}" for k, v in s.paytable.to_dict().items()
    )
    console.print(gettext("Play wager paytable (to 1): {pays}.").format(pays=pays))
    if dealer.method == "exact":
        console.print(
            gettext(
                "RTP {rtp} (exact, every one of the {situations} situations); house edge "
                "{edge} of the bet."
            ).format(
                rtp=number(dealer.rtp, ".4%"),
                situations=number(dealer.situations),
                edge=number(dealer.house_edge, ".4%"),
            )
        )
    else:
        e_low, e_high = dealer.house_edge_ci95
        console.print(
            gettext(
                "RTP {rtp} (95% interval {low} to {high}, {situations} sampled situations, "
                "seed {seed}); house edge {edge} of the bet (95% interval {edge_low} to "
                "{edge_high})."
            ).format(
                rtp=number(dealer.rtp, ".4%"),
                low=number(low, ".4%"),
                high=number(high, ".4%"),
                situations=number(dealer.situations),
                seed=dealer.seed,
                edge=number(dealer.house_edge, ".4%"),
                edge_low=number(e_low, ".4%"),
                edge_high=number(e_high, ".4%"),
            )
        )
    console.print(
        gettext(
            "Best play: fold {fold}, keep {keep}, exchange one {exchange} of the situations."
        ).format(
            fold=number(dealer.fold, ".2%"),
            keep=number(dealer.keep, ".2%"),
            exchange=number(dealer.exchange, ".2%"),
        )
    )
    console.print(
        gettext(
            "The RTP is everything the bank pays back over everything staked against it (bet, "
            "play wager, switch fee) under the best play; antes excluded (table pot)."
        )
    )
    summary = ngettext(
        "{seconds} s on {workers} worker, {backend} backend.",
        "{seconds} s on {workers} workers, {backend} backend.",
        result.workers,
    )
    console.print(
        summary.format(
            seconds=number(result.seconds, ".1f"), workers=result.workers, backend=result.backend
        )
    )
