"""Bots by name for the games beyond five-card draw: ``"<game>:<level>"``.

Games: ``holdem``, ``short-deck``, ``double-board``, ``omaha`` (also Aviation and
Courchevel), ``omaha-hilo`` (Omaha and Courchevel high/low), ``pineapple`` (also
Crazy Pineapple and Irish), ``stud``, ``stud5`` (five-card stud), ``stud-hilo``
(seven-card stud eight-or-better), ``razz``, ``lowball-a5``, ``lowball-27``,
``badugi``; levels ``easy``, ``medium``, ``hard``. Hold'em also has the reference players
``holdem:honest``, ``holdem:fish`` and ``holdem:rlcard`` (needs ``rlcard``).
A name without a colon is a five-card draw bot of :data:`pokerbonus.bots.BOTS`,
except ``expert``, which is :class:`pokerbonus.bots.expert.ExpertBot` (``hard`` at
engine tables, the solver's strategy at solver tables).

:data:`GAME_FAMILIES` maps the catalog games the bots know to their prefix, and
:func:`bot_names` / :func:`resolve_bot` give the names valid at a table:

>>> bot_names("holdem")
('easy', 'medium', 'hard', 'honest', 'fish', 'rlcard', 'tournament')
>>> resolve_bot("razz", "hard"), resolve_bot("draw", "expert")
('razz:hard', 'expert')

>>> make_game_bot("holdem:hard", seed=1).name
'holdem:hard'
>>> make_game_bot("medium", seed=1).name
'medium'
>>> make_game_bot("holdem:expert")
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: bot: unknown name 'holdem:expert' (expected a draw level \
or one of holdem:easy, holdem:medium, holdem:hard, holdem:honest, holdem:fish, holdem:rlcard, \
holdem:tournament, draw:tournament, short-deck:easy, short-deck:medium, short-deck:hard, \
double-board:easy, double-board:medium, double-board:hard, omaha:easy, omaha:medium, \
omaha:hard, omaha-hilo:easy, omaha-hilo:medium, omaha-hilo:hard, pineapple:easy, \
pineapple:medium, pineapple:hard, stud:easy, stud:medium, stud:hard, stud5:easy, stud5:medium, \
stud5:hard, stud-hilo:easy, stud-hilo:medium, stud-hilo:hard, razz:easy, razz:medium, \
razz:hard, lowball-a5:easy, lowball-a5:medium, lowball-a5:hard, lowball-27:easy, \
lowball-27:medium, lowball-27:hard, badugi:easy, badugi:medium, badugi:hard)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pokerbonus.bots.badugi import BadugiBot
from pokerbonus.bots.base import Bot
from pokerbonus.bots.boards import DoubleBoardBot, ShortDeckBot
from pokerbonus.bots.draw import BOTS, LADDER, make_bot
from pokerbonus.bots.equity_bots import LEVELS
from pokerbonus.bots.expert import SOLVER_BOTS, SOLVER_GAMES, ExpertBot
from pokerbonus.bots.hilo import OmahaHiLoBot
from pokerbonus.bots.holdem import HoldemBot
from pokerbonus.bots.lowball import LowballBot
from pokerbonus.bots.omaha import OmahaBot
from pokerbonus.bots.pineapple import PineappleBot
from pokerbonus.bots.reference import FishBot, HonestBot, RLCardRuleBot
from pokerbonus.bots.stud import StudBot
from pokerbonus.bots.tournament import DrawTournamentBot, TournamentBot
from pokerbonus.errors import ConfigurationError

__all__ = ["GAME_BOTS", "GAME_FAMILIES", "bot_for", "bot_names", "make_game_bot", "resolve_bot"]

Factory = Callable[[int | None], Bot]


def _levels(game: str, build: Callable[[int | None, str], Bot]) -> dict[str, Factory]:
    def one(level: str) -> Factory:
        return lambda seed: build(seed, level)

    return {f"{game}:{level}": one(level) for level in LEVELS}


GAME_BOTS: Final[dict[str, Factory]] = {
    **_levels("holdem", lambda seed, level: HoldemBot(seed, level)),
    "holdem:honest": lambda seed: HonestBot(seed),
    "holdem:fish": lambda seed: FishBot(seed),
    "holdem:rlcard": lambda seed: RLCardRuleBot(seed),
    "holdem:tournament": lambda seed: TournamentBot(seed),
    "draw:tournament": lambda seed: DrawTournamentBot(seed),
    **_levels("short-deck", lambda seed, level: ShortDeckBot(seed, level)),
    **_levels("double-board", lambda seed, level: DoubleBoardBot(seed, level)),
    **_levels("omaha", lambda seed, level: OmahaBot(seed, level)),
    **_levels("omaha-hilo", lambda seed, level: OmahaHiLoBot(seed, level)),
    **_levels("pineapple", lambda seed, level: PineappleBot(seed, level)),
    **_levels("stud", lambda seed, level: StudBot(seed, level)),
    **_levels("stud5", lambda seed, level: StudBot(seed, level, final_cards=5)),
    **_levels("stud-hilo", lambda seed, level: StudBot(seed, level, hilo=True)),
    **_levels("razz", lambda seed, level: StudBot(seed, level, low=True)),
    **_levels("lowball-a5", lambda seed, level: LowballBot(seed, level, scheme="a5")),
    **_levels("lowball-27", lambda seed, level: LowballBot(seed, level, scheme="27")),
    **_levels("badugi", lambda seed, level: BadugiBot(seed, level)),
}
"""Factories by name (``seed`` -> bot)."""


def make_game_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot named ``name`` (see the module doc) with its own seeded random source."""
    factory = GAME_BOTS.get(name)
    if factory is not None:
        bot = factory(seed)
        bot.name = name
        return bot
    if name == "expert":
        return ExpertBot(seed)
    if name in BOTS:
        return make_bot(name, seed)
    raise ConfigurationError(
        f"bot: unknown name {name!r} (expected a draw level or one of {', '.join(GAME_BOTS)})"
    )


GAME_FAMILIES: Final[dict[str, str]] = {
    "holdem": "holdem",
    "double-board-holdem": "double-board",
    "short-deck": "short-deck",
    "omaha": "omaha",
    "omaha-hi-lo": "omaha-hilo",
    "aviation": "omaha",
    "courchevel": "omaha",
    "courchevel-hi-lo": "omaha-hilo",
    "irish": "pineapple",
    "pineapple": "pineapple",
    "crazy-pineapple": "pineapple",
    "ace-to-five-draw": "lowball-a5",
    "deuce-to-seven-single-draw": "lowball-27",
    "deuce-to-seven-triple-draw": "lowball-27",
    "badugi": "badugi",
    "five-card-stud": "stud5",
    "seven-card-stud": "stud",
    "razz": "razz",
    "stud-hi-lo": "stud-hilo",
}
"""The catalog games (:data:`pokerbonus.rules.catalog.CATALOG` keys) whose hand rule
the game bots know, and the prefix of their bots' names."""


def bot_names(game: str) -> tuple[str, ...]:
    """The short bot names valid at a table of ``game``: ``"draw"`` (the French
    five-card draw: the ladder), a key of :data:`GAME_FAMILIES`, or a solver game
    (:data:`pokerbonus.bots.expert.SOLVER_GAMES`). Unknown games have none.

    >>> bot_names("draw")
    ('random', 'station', 'easy', 'medium', 'hard', 'expert')
    >>> bot_names("kuhn")
    ('random', 'station', 'expert')
    """
    if game == "draw":
        return tuple(LADDER)
    if game in SOLVER_GAMES:
        return tuple(SOLVER_BOTS)
    family = GAME_FAMILIES.get(game)
    if family is None:
        return ()
    prefix = family + ":"
    return tuple(name.removeprefix(prefix) for name in GAME_BOTS if name.startswith(prefix))


def resolve_bot(game: str, name: str) -> str:
    """The registry name of bot ``name`` at a ``game`` table: a short name
    (``hard``) or the full one (``holdem:hard``); ``ConfigurationError`` naming
    the valid names otherwise.

    >>> resolve_bot("omaha", "omaha:easy"), resolve_bot("draw", "tournament")
    ('omaha:easy', 'draw:tournament')
    >>> resolve_bot("omaha", "honest")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: bots: unknown bot 'honest' for omaha \
(expected one of easy, medium, hard)
    """
    if game == "draw" and name.removeprefix("draw:") == "tournament":
        return "draw:tournament"  # the ladder's tournament bot (push or fold when short)
    names = bot_names(game)
    family = GAME_FAMILIES.get(game)
    short = name.removeprefix(family + ":") if family is not None else name
    if short not in names:
        raise ConfigurationError(
            f"bots: unknown bot {name!r} for {game} (expected one of {', '.join(names)})"
        )
    return f"{family}:{short}" if family is not None else short


def bot_for(game: str, level: str, seed: int | None = None) -> Bot:
    """A computer opponent of ``level`` (a name of the draw ladder) for ``game``.

    The draw uses the ladder itself (:func:`pokerbonus.bots.make_bot`); a catalog
    game whose hand rule the game bots know gets ``make_game_bot("<family>:<level>")``
    (``expert`` plays ``hard``; ``random`` and ``station`` are the same everywhere);
    every catalog game has one; a game no bot reads would get the ladder's generic
    ``station`` (calls down) for the levels above it.

    >>> bot_for("holdem", "hard", seed=1).name, bot_for("draw", "easy", seed=1).name
    ('holdem:hard', 'easy')
    >>> bot_for("badugi", "medium", seed=1).name, bot_for("aviation", "expert", seed=1).name
    ('badugi:medium', 'omaha:hard')
    """
    if game == "draw" or level in ("random", "station"):
        return make_bot(level, seed=seed)
    family = GAME_FAMILIES.get(game)
    if family is None:
        return make_bot("station", seed=seed)
    return make_game_bot(f"{family}:{'hard' if level == 'expert' else level}", seed=seed)
