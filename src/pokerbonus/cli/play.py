"""``pokerbonus play``: the terminal table (see ``docs/play.md``).

The lead registers the command with ``app.command("play")(play_command)``.
Every house rule of the setup screen is also a flag, and ``--config`` reads
them from a TOML file (flags given on the command line win over the file).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokerbonus.cli.bounds import (
    CHIPS_MAX,
    ID_MAX,
    SEED_MAX,
    check_database,
    whole,
    whole_argument,
)
from pokerbonus.errors import PokerError
from pokerbonus.i18n import gettext

if TYPE_CHECKING:
    from collections.abc import Callable

    from pokerbonus.bots import Bot
    from pokerbonus.store import Store
    from pokerbonus.tui.session import PlaySession
    from pokerbonus.tui.settings import PlaySettings

__all__ = ["play_command", "settings_from_options"]


BOT_PAUSE = 0.6
"""Seconds between two computer opponents' actions at the table."""


def settings_from_options(config: Path | None, options: dict[str, Any]) -> Any:
    """The play settings from a TOML file (optional) and the flags that were given."""
    from pokerbonus.tui.settings import PlaySettings

    base: dict[str, Any] = PlaySettings.from_toml(config).to_dict() if config else {}
    given = {k: v for k, v in options.items() if v is not None}
    if "opponents" in given:
        base.pop("players", None)
    base.update(given)
    return PlaySettings.build(base)


def _opponent(path: str | None) -> Callable[[int], Bot] | None:
    """The factory of the bot named by ``--opponent`` (checked now: a bad path is one
    line and exit code 2 before any screen), or ``None``."""
    if path is None:
        return None
    import os

    from pokerbonus.bots.loader import load_bot

    search = [os.getcwd()]
    load_bot(path, 0, search)
    return lambda seed: load_bot(path, seed, search)


def play_command(
    resume: Annotated[
        bool,
        typer.Option("--resume", help=gettext("Resume a stored session (the newest open one).")),
    ] = False,
    session_id: Annotated[
        int | None,
        whole_argument("SESSION_ID", 1, ID_MAX, gettext("With --resume: the session to resume.")),
    ] = None,
    void: Annotated[
        bool,
        typer.Option("--void", help=gettext("With --resume: void the hand left open, chips back.")),
    ] = False,
    dealer: Annotated[
        bool,
        typer.Option(
            "--dealer", help=gettext("Dealer mode: you and computer players vs the bank.")
        ),
    ] = False,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            help=gettext(
                "A tournament against computer opponents: a preset (quick, home, french-pot, "
                "mtt) or a .toml or .json file (docs/tournaments.md)."
            ),
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option("--db", help=gettext("Database file or URL (default: user data folder).")),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option("--config", help=gettext("House rules and choices from a TOML file.")),
    ] = None,
    game: Annotated[str | None, typer.Option(help=gettext("Game key (draw)."))] = None,
    opponents: Annotated[
        int | None, whole("--opponents", 0, 9, gettext("Computer opponents (default 3)."))
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(help=gettext("Opponents: random, station, easy, medium, hard, expert.")),
    ] = None,
    opponent: Annotated[
        str | None,
        typer.Option(
            help=gettext(
                "Every computer opponent plays your bot: package.module:ClassName "
                "(see docs/bots.md; not stored: a resumed session plays --level)."
            )
        ),
    ] = None,
    name: Annotated[str | None, typer.Option(help=gettext("Your name at the table."))] = None,
    four_color: Annotated[
        bool | None, typer.Option("--four-color/--two-color", help=gettext("Four-colour deck."))
    ] = None,
    forced_bets: Annotated[str | None, typer.Option(help=gettext("pot, blind or mixed."))] = None,
    ante: Annotated[
        int | None,
        whole("--ante", 0, CHIPS_MAX, gettext("Ante of the pot game (dealer: of the pot).")),
    ] = None,
    bet: Annotated[
        int | None, whole("--bet", 1, 1_000_000, gettext("Dealer mode: the bet against the bank."))
    ] = None,
    play_multiple: Annotated[
        int | None,
        whole(
            "--play-multiple", 1, 10, gettext("Dealer mode: the play wager, in bets (default 2).")
        ),
    ] = None,
    switch: Annotated[
        bool | None,
        typer.Option("--switch/--no-switch", help=gettext("Dealer mode: the paid switch.")),
    ] = None,
    switch_fee: Annotated[
        int | None,
        whole(
            "--switch-fee",
            0,
            10_000_000,
            gettext("Dealer mode: the switch fee (default: the bet)."),
        ),
    ] = None,
    qualifier: Annotated[
        str | None,
        typer.Option(help=gettext("Dealer mode: the dealer qualifies with AK, A, 44, none...")),
    ] = None,
    paytable: Annotated[
        str | None,
        typer.Option(help=gettext("Dealer mode: play wager pays, e.g. 'flush=5,quads=25'.")),
    ] = None,
    blind: Annotated[
        int | None, whole("--blind", 1, CHIPS_MAX, gettext("Blind of the blind game."))
    ] = None,
    surblind: Annotated[bool | None, typer.Option("--surblind/--no-surblind")] = None,
    buy_pot: Annotated[bool | None, typer.Option("--buy-pot/--no-buy-pot")] = None,
    betting: Annotated[
        str | None, typer.Option(help=gettext("no-limit, pot-limit or limit."))
    ] = None,
    small_bet: Annotated[
        int | None, whole("--small-bet", 1, CHIPS_MAX, gettext("Limit: the small bet."))
    ] = None,
    big_bet: Annotated[
        int | None, whole("--big-bet", 1, CHIPS_MAX, gettext("Limit: the big bet."))
    ] = None,
    raise_cap: Annotated[
        int | None, whole("--raise-cap", 1, 10, gettext("Limit: raises per round (3 or 4)."))
    ] = None,
    deck_size: Annotated[
        int | None, whole("--deck-size", 32, 52, gettext("32, 36, 40, 44, 48 or 52."))
    ] = None,
    jokers: Annotated[int | None, whole("--jokers", 0, 2, gettext("0, 1 or 2 jokers."))] = None,
    wheel: Annotated[bool | None, typer.Option("--wheel/--no-wheel")] = None,
    ranking: Annotated[str | None, typer.Option(help=gettext("modern or archaic."))] = None,
    max_discard: Annotated[int | None, whole("--max-discard", 3, 5, gettext("3 or 5."))] = None,
    shuffle: Annotated[str | None, typer.Option(help=gettext("every-hand or cut-only."))] = None,
    cave: Annotated[
        int | None, whole("--cave", 1, CHIPS_MAX, gettext("The cave (buy-in), in chips."))
    ] = None,
    rebuy: Annotated[str | None, typer.Option(help=gettext("free, limited or unlimited."))] = None,
    max_caves: Annotated[
        int | None, whole("--max-caves", 1, 1000, gettext("With rebuy limited."))
    ] = None,
    kill: Annotated[
        str | None,
        typer.Option(help=gettext("Kill pots: off, full (2x) or half (1.5x); blind games.")),
    ] = None,
    kill_min_pot: Annotated[
        int | None,
        whole(
            "--kill-min-pot",
            0,
            CHIPS_MAX,
            gettext("Kill: smallest pot whose scoop counts (0: every pot)."),
        ),
    ] = None,
    look_at_two: Annotated[
        bool | None,
        typer.Option(
            "--look-at-two/--no-look-at-two", help=gettext("Kill after two cards (lowball).")
        ),
    ] = None,
    seed: Annotated[
        int | None, whole("--seed", 0, SEED_MAX, gettext("Seed the deals and the bots (testing)."))
    ] = None,
) -> None:
    """Play at the terminal table against computer opponents."""
    from pokerbonus.tui.app import PlayApp

    options: dict[str, Any] = {
        "game": game, "opponents": opponents, "level": level, "name": name,
        "four_color": four_color, "forced_bets": forced_bets, "ante": ante, "blind": blind,
        "surblind": surblind, "buy_pot": buy_pot, "betting": betting, "small_bet": small_bet,
        "big_bet": big_bet, "raise_cap": raise_cap, "deck_size": deck_size, "jokers": jokers,
        "wheel": wheel, "ranking": ranking, "max_discard": max_discard, "shuffle": shuffle,
        "cave": cave, "rebuy": rebuy, "max_caves": max_caves, "kill": kill,
        "kill_min_pot": kill_min_pot, "look_at_two": look_at_two,
    }  # fmt: skip
    check_database(db)
    try:
        opponent_bot = _opponent(opponent)
        if opponent_bot is not None and (dealer or resume):
            raise PokerError(gettext("--opponent goes with a new table (not --dealer, --resume)"))
        if tournament is not None and (dealer or resume or opponent_bot is not None):
            raise PokerError(
                gettext("--tournament goes with a new tournament (not --dealer, --resume, "
                        "--opponent)")
            )  # fmt: skip
        store: Store | None = None
        if dealer or resume or db is not None or tournament is not None:
            from pokerbonus.store import Store

            store = Store(db)  # the database named is checked before any screen
        if tournament is not None:
            from pokerbonus.cli.play_tournament import play_tournament, table_flags_refusal

            table_flags_refusal(options, config)

            assert store is not None
            play_tournament(
                tournament, store, level=level, name=name, four_color=four_color, seed=seed,
                bot_pause=BOT_PAUSE,
            )  # fmt: skip
            return
        if dealer:
            from pokerbonus.rules.dealer import MAX_PLAYERS
            from pokerbonus.tui.dealer_app import run_dealer

            if opponents is not None and not 0 <= opponents <= MAX_PLAYERS - 1:
                raise PokerError(
                    gettext(
                        "--opponents: dealer mode is played against 0 to {max_players} "
                        "computer opponents, got {opponents}"
                    ).format(max_players=MAX_PLAYERS - 1, opponents=opponents)
                )
            options.update(
                bet=bet, play_multiple=play_multiple, switch=switch, switch_fee=switch_fee,
                qualifier=qualifier, paytable=paytable,
            )  # fmt: skip
            assert store is not None
            run_dealer(
                store, seed=seed, resume=resume, session_id=session_id, options=options,
                config=config, void=void,
            )  # fmt: skip
            return
        if resume:
            from pokerbonus.cli.play_tournament import newest_open_kind, resume_tournament_play
            from pokerbonus.tui.session import PlaySession

            assert store is not None
            kind = newest_open_kind(store, session_id)
            if kind is None:
                raise PokerError(
                    gettext("resume: no open table session or tournament in the database")
                )
            if kind == "tournament":
                resume_tournament_play(
                    store, session_id, seed=seed, four_color=four_color, void=void,
                    bot_pause=BOT_PAUSE,
                )  # fmt: skip
                return
            session = PlaySession.resume(
                store, session_id, seed=seed, four_color=four_color,
                policy="void" if void else "resume",
            )  # fmt: skip
            PlayApp(session.settings, session=session, bot_pause=BOT_PAUSE).run()
            return
        dealer_only = (bet, play_multiple, switch, switch_fee, qualifier, paytable)
        if void or any(x is not None for x in dealer_only):
            raise PokerError(
                gettext(
                    "--void goes with --resume; --bet, --play-multiple, --switch, --switch-fee, "
                    "--qualifier and --paytable go with --dealer"
                )
            )
        if session_id is not None:
            raise PokerError(
                gettext("session {session_id}: give --resume to resume a session").format(
                    session_id=session_id
                )
            )
        settings = settings_from_options(config, options)
        opened = [store] if store is not None else []

        def make_session(chosen: PlaySettings) -> PlaySession:
            # the store and the session's modules: imported in the background while
            # the setup screen is shown (pokerbonus.tui.prepare), used once Play is pressed
            from pokerbonus.store import Store
            from pokerbonus.tui.session import PlaySession

            if not opened:
                opened.append(Store(db))
            return PlaySession(chosen, seed=seed, store=opened[0], opponent=opponent_bot)

        from pokerbonus.tui.prepare import Preparation

        app = PlayApp(
            settings, make_session=make_session, bot_pause=BOT_PAUSE, preparation=Preparation()
        )
        app.run()
        if app.error is not None:
            raise PokerError(app.error)
    except PokerError as exc:
        typer.echo(gettext("error: {message}").format(message=exc), err=True)
        raise typer.Exit(2) from None
