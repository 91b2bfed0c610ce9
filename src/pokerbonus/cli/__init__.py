"""The ``pokerbonus`` command line: one typer app, a module per command.

A command's module is imported only when that command runs (or its own help is
asked for): some of them bring in numba, SQLAlchemy or the bots, which would
otherwise make every command, ``--help`` included, start about a second late.
The top-level help lists the commands from :data:`COMMANDS` without importing
them; a test checks that it matches the commands' own help texts.

This module holds the list and :func:`main`, and imports no typer: the app
(``app``, ``load_command``, ``with_lang``) lives in :mod:`pokerbonus.cli.root`
and is read from here on first use. :func:`main` runs ``pokerbonus replay FILES
[--json]`` without typer or rich when its arguments are only files and
``--json`` (:mod:`pokerbonus.cli.replay`): typer, rich and pydantic would be
most of the time of a replay of a thousand hands.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

from pokerbonus.i18n import N_, LanguageError, gettext, set_language
from pokerbonus.i18n.language import choose_language

__all__ = ["COMMANDS", "ROOT_HELP", "app", "lang_flag", "load_command", "main", "without_lang"]

COMMANDS: dict[str, tuple[str, str, str]] = {
    # name: (module, attribute: a command function or a typer app, one-line help)
    "play": (
        "pokerbonus.cli.play",
        "play_command",
        N_("Play at the terminal table against computer opponents."),
    ),
    "serve": (
        "pokerbonus.cli.serve",
        "serve_command",
        N_("Run the web tables: create a table, send the invite link, play with friends and bots."),
    ),
    "eval": (
        "pokerbonus.cli.eval",
        "eval_command",
        N_("Evaluate hands and list them from strongest to weakest (ties share a place)."),
    ),
    "equity": (
        "pokerbonus.cli.equity",
        "equity_command",
        N_("Equity of each hand: exact when small enough (or --exact), else Monte Carlo."),
    ),
    "simulate": (
        "pokerbonus.cli.simulate",
        "simulate_command",
        N_("Play random legal hands at a table and print a summary."),
    ),
    "match": (
        "pokerbonus.cli.match",
        "match_command",
        N_("Play a match between bots and print each bot's result in mbb/hand."),
    ),
    "gauntlet": (
        "pokerbonus.cli.gauntlet",
        "gauntlet_command",
        N_("Play simple exploitative bots against a draw level and say whether it holds."),
    ),
    "solve": (
        "pokerbonus.cli.solve",
        "solve_command",
        N_("Solve a game with CFR (Monte Carlo CFR for french-draw) and print its exploitability."),
    ),
    "games": (
        "pokerbonus.cli.games",
        "games_command",
        N_("List every game: key, name, betting structures (PHH codes), description, rules page."),
    ),
    "bots": (
        "pokerbonus.cli.bots",
        "bots_command",
        N_("What the expert level plays at each table option (--coverage)."),
    ),
    "replay": (
        "pokerbonus.cli.replay",
        "replay_command",
        N_("Replay hand histories through the engine and compare the finishing stacks."),
    ),
    "stats": (
        "pokerbonus.cli.stats",
        "stats_app",
        N_("Statistics: dealt frequencies, draw simulation, dealer-mode RTP."),
    ),
    "history": (
        "pokerbonus.cli.history",
        "history_app",
        N_("Stored sessions and hands: list them, export them (PHH, PokerStars text)."),
    ),
}


ROOT_HELP = N_("Poker Bonus: poker engine, hand evaluation, equity and games.")

_IN_ROOT = frozenset({"app", "load_command", "with_lang"})


def __getattr__(name: str) -> Any:
    """``app``, ``load_command`` and ``with_lang``: the typer half, loaded on first use."""
    if name in _IN_ROOT:
        from pokerbonus.cli import root

        return getattr(root, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def lang_flag(args: list[str]) -> str | None:
    """The value of ``--lang`` in ``args`` (before any ``--``), or ``None``.

    >>> lang_flag(["eval", "Kh Ks 8d 8c Ts", "--lang", "fr"]), lang_flag(["--lang=en", "games"])
    ('fr', 'en')
    """
    for i, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def without_lang(args: list[str]) -> list[str]:
    """``args`` without its ``--lang`` options (before any ``--``): :func:`main` has
    chosen the language from them already, and the top level and the command groups,
    which declare no ``--lang`` of their own, would refuse them.

    >>> without_lang(["--lang", "fr", "stats", "--help"]), without_lang(["games", "--lang=en"])
    (['stats', '--help'], ['games'])
    >>> without_lang(["replay", "--", "--lang", "x"])
    ['replay', '--', '--lang', 'x']
    """
    kept: list[str] = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
        elif arg == "--":
            return kept + args[i:]
        elif arg == "--lang" and i + 1 < len(args):
            skip = True
        elif not arg.startswith("--lang="):
            kept.append(arg)
    return kept


def main() -> None:
    """Entry point of the ``pokerbonus`` console script.

    The language is chosen first (``--lang``, ``POKERBONUS_LANG``, the saved
    preference, the locale), so that help texts are written in it too, and Typer's
    own words (panel titles, the error box) before Typer parses the arguments.
    """
    try:
        lang = choose_language(lang_flag(sys.argv[1:]))
        set_language(lang)
    except LanguageError as error:
        print(gettext("error: {message}").format(message=error), file=sys.stderr)
        raise SystemExit(2) from None
    sys.argv[1:] = without_lang(sys.argv[1:])  # chosen: every level accepts it this way
    if sys.argv[1:2] == ["replay"]:
        from pokerbonus.cli.replay_run import plain_replay_args, run_replay

        plain = plain_replay_args(sys.argv[2:])
        if plain is not None:  # files and --json only: no typer needed
            code = run_replay(*plain)
            # The process ends here. Its objects frozen, the collections of the
            # interpreter's exit do not walk them again (2% of a thousand hands' replay).
            gc.freeze()
            raise SystemExit(code)
    from pokerbonus.cli.root import run

    run(lang)
