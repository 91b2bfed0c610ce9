"""``pokerbonus match``: a match between computer players, with each bot's result.

Games: ``draw`` (the French five-card draw, the ladder ``random`` ... ``expert``),
the catalog games the game bots know (``holdem``, ``omaha``, ``seven-card-stud``,
``razz``, ``ace-to-five-draw``, ``deuce-to-seven-single-draw``,
``deuce-to-seven-triple-draw``: levels ``easy``/``medium``/``hard``, plus the
hold'em reference players) and the solver's games played as tables (``kuhn``,
``leduc``, ``reduced-draw``: ``random``, ``station``, ``expert``; heads-up).

The lead registers the command with ``app.command("match")(match_command)``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from pokerbonus.cli.bounds import SEED_MAX, whole
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.i18n import gettext, pgettext

if TYPE_CHECKING:
    from pokerbonus.engine.tournament_config import TournamentConfig
    from pokerbonus.rules.betting import BettingKind
    from pokerbonus.sim.match import MatchResult

__all__ = [
    "MATCH_GAMES",
    "MAX_HANDS",
    "MAX_TOURNAMENTS",
    "SOLVER_GAMES",
    "load_tournament",
    "match_command",
    "parse_bots",
]

MAX_HANDS = 1_000_000
"""The most hands of one match, with a progress bar on a terminal: the default
lineup (medium against easy) plays about 50 hands a second here, so the largest
match takes hours; random and station bots play thousands a second."""

MAX_TOURNAMENTS = 100_000
"""The most tournaments of one run: 1,000 quick sit-and-goes of six ``hard`` bots
take about two minutes here."""

SOLVER_GAMES: tuple[str, ...] = ("kuhn", "leduc", "reduced-draw")
"""The solver's games played as tables (``pokerbonus.bots.expert.SOLVER_GAMES``,
written out so that ``match --help`` loads no bot: a test checks they agree)."""

MATCH_GAMES: tuple[str, ...] = (
    "draw", "holdem", "double-board-holdem", "short-deck", "omaha", "omaha-hi-lo",
    "aviation", "courchevel", "courchevel-hi-lo", "irish", "pineapple", "crazy-pineapple",
    "ace-to-five-draw", "deuce-to-seven-single-draw", "deuce-to-seven-triple-draw", "badugi",
    "five-card-stud", "seven-card-stud", "razz", "stud-hi-lo", *SOLVER_GAMES,
)  # fmt: skip
"""Every game ``pokerbonus match`` plays, in the order the help lists them: draw, the
game bots' games (``pokerbonus.bots.game_bots.GAME_FAMILIES``) and the solver's."""


_KINDS: dict[str, BettingKind] = {
    "no-limit": "no-limit",
    "pot-limit": "pot-limit",
    "limit": "limit",
}


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        gettext("error: {message}").format(message=message), markup=False
    )
    return typer.Exit(code=2)


def _bots(count: int) -> str:
    return "1 bot" if count == 1 else f"{count} bots"


def parse_bots(text: str, game: str, players: int, search: Sequence[str] = ()) -> list[str]:
    """The registry name of each seat's bot from ``"hard,easy*5"`` at a ``game`` table.

    Names may be short (``hard``) or full (``holdem:hard``); each must be one of
    :func:`pokerbonus.bots.game_bots.bot_names` for the game, or the import path of
    a bot class, ``package.module:ClassName`` (:mod:`pokerbonus.bots.loader`,
    ``search``: extra folders to import from), and there must be one per player.

    >>> parse_bots("hard,easy*2", "holdem", 3)
    ['holdem:hard', 'holdem:easy', 'holdem:easy']
    >>> parse_bots("expert,honest", "draw", 2)
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bots: unknown bot 'honest' for draw \
(expected one of random, station, easy, medium, hard, expert)
    """
    from pokerbonus.bots.game_bots import GAME_FAMILIES, bot_names, resolve_bot
    from pokerbonus.bots.loader import is_bot_path, load_bot

    lineup: list[str] = []
    for item in text.split(","):
        name, _, count = (part.strip() for part in item.partition("*"))
        if not name:
            raise ConfigurationError(
                gettext("bots: empty bot name in {text!r} (expected one of {bot_names})").format(
                    text=text, bot_names=", ".join(bot_names(game))
                )
            )
        if count and (not count.isdigit() or int(count) < 1):
            raise ConfigurationError(
                gettext("bots: bad count {count!r} in {strip!r}").format(
                    count=count, strip=item.strip()
                )
            )
        try:
            resolved = resolve_bot(game, name)
        except ConfigurationError:
            if not is_bot_path(name) or name.partition(":")[0] in GAME_FAMILIES.values():
                raise  # a game bot's name (holdem:...) is never an import path
            load_bot(name, 0, search)  # a bad path or a class that is no bot: refused now
            resolved = name
        lineup += [resolved] * (int(count) if count else 1)
    if len(lineup) != players:
        raise ConfigurationError(
            gettext(
                "bots: {text!r} names {_bots} for {players} players; give one per "
                "player (write name*count to repeat one)"
            ).format(text=text, _bots=_bots(len(lineup)), players=players)
        )
    return lineup


def _short(name: str) -> str:
    """A game bot's level (``holdem:hard`` -> ``hard``); any other name as it is."""
    from pokerbonus.bots.game_bots import GAME_FAMILIES

    prefix, _, level = name.partition(":")
    return level if prefix in GAME_FAMILIES.values() else name


def match_command(
    game: Annotated[
        str,
        typer.Option(
            help=gettext("The game: {match_games}.").format(match_games=", ".join(MATCH_GAMES)),
            show_default=True,
        ),
    ] = "draw",
    players: Annotated[int, whole("--players", 2, 10, gettext("Players at the table."))] = 2,
    bots: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "The bot of each seat, e.g. hard,medium or hard,easy*5, or your own "
                "bot as package.module:ClassName (default: medium then easy for the "
                "other seats; expert,random in kuhn, leduc, reduced-draw)."
            )
        ),
    ] = None,
    hands: Annotated[int, whole("--hands", 1, MAX_HANDS, gettext("Hands to play."))] = 1000,
    duplicate: Annotated[
        bool, typer.Option("--duplicate", help=gettext("Replay each deal with the seats rotated."))
    ] = False,
    seed: Annotated[
        int | None, whole("--seed", 0, SEED_MAX, gettext("Seed of the deals and of the bots."))
    ] = None,
    betting: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "Betting structure: no-limit, pot-limit or limit (default: the game's "
                "first; draw no-limit). Not for the solver games (their own limit "
                "rules)."
            )
        ),
    ] = None,
    json_output: Annotated[
        bool, typer.Option("--json", help=gettext("Print the result as JSON."))
    ] = False,
    tournament: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "Play tournaments instead of independent hands: a preset (quick, home, "
                "french-pot, mtt) or a TOML or JSON file. The bots are its entrants."
            )
        ),
    ] = None,
    tournaments: Annotated[
        int,
        whole(
            "--tournaments", 1, MAX_TOURNAMENTS, gettext("Tournaments to play (with --tournament).")
        ),
    ] = 100,
) -> None:
    """Play a match between bots and print each bot's result in mbb/hand."""
    if tournament is not None:
        _tournament_match(tournament, bots, tournaments, seed, json_output)
        return
    if game not in MATCH_GAMES:
        raise _fail(
            gettext("--game: unknown game {game!r} (expected one of {match_games})").format(
                game=game, match_games=", ".join(MATCH_GAMES)
            )
        )
    if hands < 1:
        raise _fail(gettext("--hands: must be at least 1, got {hands}").format(hands=hands))
    if bots is None:
        bots = "expert,random" if game in SOLVER_GAMES else f"medium,easy*{max(players - 1, 1)}"
    try:
        lineup = parse_bots(bots, game, players, search=[os.getcwd()])
    except PokerError as exc:
        raise _fail(str(exc).replace("\n", " ")) from None
    try:
        run = _prepare(game, lineup, hands, seed, duplicate, betting)
    except PokerError as exc:
        raise _fail(str(exc).replace("\n", " ")) from None
    total = -(-hands // players) * players if duplicate else hands
    from pokerbonus.cli.progress import progress_bar

    with progress_bar(gettext("playing"), quiet=json_output) as progress:
        task = progress.add_task("hands", total=total)
        result = run(lambda done: progress.update(task, completed=done))
    _report(game, result, json_output)


Runner = Callable[[Callable[[int], None]], "MatchResult"]


def _prepare(
    game: str,
    lineup: list[str],
    hands: int,
    seed: int | None,
    duplicate: bool,
    betting: str | None,
) -> Runner:
    """Check the table of ``game`` (names already valid) and return the match to run,
    given the progress callback."""
    from pokerbonus.bots.game_bots import bot_names
    from pokerbonus.bots.loader import is_bot_path
    from pokerbonus.engine.config import TableConfig
    from pokerbonus.engine.table import game_for
    from pokerbonus.rules.catalog import CATALOG
    from pokerbonus.sim.game_match import play_game_match, play_solver_match
    from pokerbonus.sim.gauntlet import bot_factory
    from pokerbonus.sim.match import stakes_for

    if game in SOLVER_GAMES:
        if betting is not None:
            raise ConfigurationError(
                gettext(
                    "--betting: {game} has its own fixed limit betting, got {betting!r}"
                ).format(game=game, betting=betting)
            )
        own = [name for name in lineup if is_bot_path(name)]
        if own:
            raise ConfigurationError(
                gettext(
                    "bots: {name!r} is a bot of the engine's tables; {game} is played by "
                    "the solver's players (expected one of {bot_names})"
                ).format(name=own[0], game=game, bot_names=", ".join(bot_names(game)))
            )
        if len(lineup) != 2:
            raise ConfigurationError(
                gettext("--players: {game} is played heads-up, got {count}").format(
                    game=game, count=len(lineup)
                )
            )
        return lambda on_hand: play_solver_match(
            game, lineup, hands, seed=seed, duplicate=duplicate, on_hand=on_hand
        )
    if game == "draw":
        kind = _KINDS.get(betting or "no-limit")
        if kind is None:
            raise ConfigurationError(
                gettext("--betting: expected one of {_kinds}, got {betting!r}").format(
                    _kinds=", ".join(_KINDS), betting=betting
                )
            )
        config = (
            TableConfig(game="draw", players=len(lineup), betting=kind, small_bet=1, big_bet=2)
            if kind == "limit"
            else TableConfig(game="draw", players=len(lineup), betting=kind)
        )
        table_game, stakes = game_for(config), stakes_for(config)
    else:
        entry = CATALOG[game]
        if betting is not None and betting not in entry.structures:
            raise ConfigurationError(
                gettext("--betting: {name} is played {structures}, not {betting!r}").format(
                    name=entry.name, structures=", ".join(entry.structures), betting=betting
                )
            )
        chosen = next((k for k in entry.structures if k == betting), entry.structures[0])
        table_game, stakes = entry.game(chosen), entry.stakes()
        if not table_game.min_players <= len(lineup) <= table_game.max_players:
            raise ConfigurationError(
                gettext(
                    "--players: {name} seats {min_players} to {max_players} players, got {count}"
                ).format(
                    name=entry.name,
                    min_players=table_game.min_players,
                    max_players=table_game.max_players,
                    count=len(lineup),
                )
            )
    factory = bot_factory([os.getcwd()])
    return lambda on_hand: play_game_match(
        table_game, stakes, lineup, hands, seed=seed, duplicate=duplicate, factory=factory,
        on_hand=on_hand,
    )  # fmt: skip


def _report(game: str, result: MatchResult, json_output: bool) -> None:
    data = result.to_dict()
    for entry in data["results"]:
        entry["bot"] = _short(entry["bot"])
    if json_output:
        typer.echo(json.dumps({"game": game, **data}))
        return
    title = (
        gettext("{game}, {players} players, {hands} hands (duplicate), unit {unit} chip(s)")
        if result.duplicate
        else gettext("{game}, {players} players, {hands} hands (plain), unit {unit} chip(s)")
    )
    out = RichTable(
        title=title.format(game=game, players=result.players, hands=result.hands, unit=result.unit)
    )
    columns = (
        # Translators: the columns of `match`.
        pgettext("match", "bot"), pgettext("match", "seats"), pgettext("match", "mbb/hand"),
        pgettext("match", "95% CI"), pgettext("match", "samples"),
        pgettext("match", "ms/decision"),
    )  # fmt: skip
    for i, column in enumerate(columns):
        out.add_column(column, justify="left" if i == 0 else "right")
    for r in result.results:
        interval = "-" if r.ci95 is None else f"[{r.ci95[0]:.0f}, {r.ci95[1]:.0f}]"
        out.add_row(
            _short(r.bot),
            str(r.seats),
            f"{r.mbb_per_hand:.0f}",
            interval,
            str(r.samples),
            f"{r.ms_per_decision:.3f}",
        )
    Console().print(out)
    if result.interrupted:
        Console(stderr=True).print(gettext("interrupted: results of the complete hands above"))


def load_tournament(text: str) -> TournamentConfig:
    """A preset's name, or a TOML or JSON file (``match`` and ``play --tournament``)."""
    from pathlib import Path

    from pokerbonus.engine.tournament_config import PRESETS, TournamentConfig

    if text in PRESETS:
        return PRESETS[text]
    path = Path(text)
    if path.suffix.lower() == ".json":
        return TournamentConfig.from_json(path)
    if path.suffix.lower() == ".toml":
        return TournamentConfig.from_toml(path)
    raise ConfigurationError(
        gettext(
            "--tournament: expected a preset ({names}) or a .toml or .json file, got {text!r}"
        ).format(names=", ".join(PRESETS), text=text)
    )


def _tournament_match(
    text: str, bots: str | None, tournaments: int, seed: int | None, json_output: bool
) -> None:
    from pokerbonus.cli.progress import progress_bar
    from pokerbonus.sim.gauntlet import bot_factory
    from pokerbonus.sim.tournament import play_tournaments

    try:
        config = load_tournament(text)
        if bots is None:
            bots = f"medium,easy*{config.entrants - 1}"
        count = sum(
            int(item.partition("*")[2].strip() or 1)
            if item.partition("*")[2].strip().isdigit()
            else 1
            for item in bots.split(",")
        )
        lineup = parse_bots(bots, config.game, count, search=[os.getcwd()])
        if count < 2:
            raise ConfigurationError(
                gettext("bots: a tournament needs at least 2, got {count}").format(count=count)
            )
    except PokerError as exc:
        raise _fail(str(exc).replace("\n", " ")) from None
    factory = bot_factory([os.getcwd()])
    with progress_bar(gettext("playing"), quiet=json_output) as progress:
        task = progress.add_task("tournaments", total=tournaments)
        result = play_tournaments(
            config, lineup, tournaments, seed=seed, factory=factory,
            on_tournament=lambda done: progress.update(task, completed=done),
        )  # fmt: skip
    data = result.to_dict()
    for entry in data["results"]:
        entry["bot"] = _short(entry["bot"])
    if json_output:
        typer.echo(json.dumps(data))
        return
    title = gettext(
        "tournament {name}, {entrants} entrants, {tournaments} tournaments of "
        "{hands} hands on average, buy-in {buy_in}; places: the share of the seats"
    ).format(
        name=result.name, entrants=result.entrants, tournaments=result.tournaments,
        hands=f"{result.hands_per_tournament:.1f}", buy_in=result.buy_in,
    )  # fmt: skip
    out = RichTable(title=title)
    places = min(result.entrants, 9)
    columns = [
        # Translators: the columns of `match --tournament`: #1 is the share of first places...
        pgettext("match", "bot"), pgettext("match", "seats"),
        *(pgettext("match", "#{number}").format(number=k + 1) for k in range(places)),
        pgettext("match", "prize"), pgettext("match", "ROI"), pgettext("match", "95% CI"),
    ]  # fmt: skip
    for i, column in enumerate(columns):
        out.add_column(column, justify="left" if i == 0 else "right")
    for r in result.results:
        shares = [f"{100 * n / (r.samples * r.seats):.0f}%" if r.samples else "-"
                  for n in r.places[:places]]  # fmt: skip
        interval = "-" if r.ci95 is None else f"[{100 * r.ci95[0]:+.0f}%, {100 * r.ci95[1]:+.0f}%]"
        out.add_row(
            _short(r.bot), str(r.seats), *shares, f"{r.average_prize:.2f}",
            f"{100 * r.roi:+.0f}%", interval,
        )  # fmt: skip
    Console().print(out)
    if result.interrupted:
        Console(stderr=True).print(
            gettext("interrupted: results of the complete tournaments above")
        )
