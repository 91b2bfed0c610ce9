"""Bots by name for the games beyond five-card draw: ``"<game>:<level>"``.

Games: ``holdem``, ``omaha``, ``stud``, ``razz``, ``lowball-a5``, ``lowball-27``;
levels ``easy``, ``medium``, ``hard``. Hold'em also has the reference players
``holdem:honest``, ``holdem:fish`` and ``holdem:rlcard`` (needs ``rlcard``).
A name without a colon is a five-card draw bot of :data:`pokerbonus.bots.BOTS`.

>>> make_game_bot("holdem:hard", seed=1).name
'holdem:hard'
>>> make_game_bot("medium", seed=1).name
'medium'
>>> make_game_bot("holdem:expert")
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: bot: unknown name 'holdem:expert' (expected a draw \
level or one of holdem:easy, holdem:medium, holdem:hard, holdem:honest, holdem:fish, \
holdem:rlcard, omaha:easy, omaha:medium, omaha:hard, stud:easy, stud:medium, stud:hard, \
razz:easy, razz:medium, razz:hard, lowball-a5:easy, lowball-a5:medium, lowball-a5:hard, \
lowball-27:easy, lowball-27:medium, lowball-27:hard)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from pokerbonus.bots.base import Bot
from pokerbonus.bots.draw import BOTS, make_bot
from pokerbonus.bots.equity_bots import LEVELS
from pokerbonus.bots.holdem import HoldemBot
from pokerbonus.bots.lowball import LowballBot
from pokerbonus.bots.omaha import OmahaBot
from pokerbonus.bots.reference import FishBot, HonestBot, RLCardRuleBot
from pokerbonus.bots.stud import StudBot
from pokerbonus.errors import ConfigurationError

__all__ = ["GAME_BOTS", "make_game_bot"]

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
    **_levels("omaha", lambda seed, level: OmahaBot(seed, level)),
    **_levels("stud", lambda seed, level: StudBot(seed, level)),
    **_levels("razz", lambda seed, level: StudBot(seed, level, low=True)),
    **_levels("lowball-a5", lambda seed, level: LowballBot(seed, level, scheme="a5")),
    **_levels("lowball-27", lambda seed, level: LowballBot(seed, level, scheme="27")),
}
"""Factories by name (``seed`` -> bot)."""


def make_game_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot named ``name`` (see the module doc) with its own seeded random source."""
    factory = GAME_BOTS.get(name)
    if factory is not None:
        bot = factory(seed)
        bot.name = name
        return bot
    if name in BOTS:
        return make_bot(name, seed)
    raise ConfigurationError(
        f"bot: unknown name {name!r} (expected a draw level or one of {', '.join(GAME_BOTS)})"
    )
