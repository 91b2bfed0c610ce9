"""The gauntlet: every simple exploitative bot (:mod:`pokerbonus.bots.gauntlet`, or
bots given by import path) against one level of the five-card draw, heads-up and
four-handed, in duplicate matches (:func:`pokerbonus.sim.match.play_match`).

The table is the French draw pot game: ante 1, 32 cards, no-limit, every hand
from 100-ante stacks. Heads-up the lineup is the bot and the level; four-handed
the bot, the level and two ``hard``. Each match uses the same seed, so every bot
meets the same deals.

The targets (docs/bots.md, "The gauntlet"): heads-up, the bot's 95% interval is
not above 0 (its lower end is at most 0: the bot is not shown to win);
four-handed, the level's interval is above 0 (its lower end is above 0).

>>> rows = run_gauntlet("hard", [2], hands=8, seed=1, bots=["station"])
>>> [(r.bot, r.players, r.level) for r in rows]
[('station', 2, 'hard')]
>>> rows[0].result.hands
8
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pokerbonus.bots.base import Bot
from pokerbonus.bots.game_bots import make_game_bot
from pokerbonus.bots.gauntlet import GAUNTLET, make_gauntlet_bot
from pokerbonus.bots.loader import is_bot_path, load_bot
from pokerbonus.engine.config import TableConfig
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.sim.match import BotResult, MatchResult, play_match

__all__ = ["GAUNTLET_LEVELS", "GauntletRow", "bot_factory", "gauntlet_lineup", "run_gauntlet"]

GAUNTLET_LEVELS: Final = ("expert", "hard")
"""The levels the gauntlet tries."""

_PREFIX: Final = "gauntlet:"


def bot_factory(search: Sequence[str] = ()) -> Callable[[str, int], Bot]:
    """A match factory that builds the ladder and the game bots by name
    (:func:`pokerbonus.bots.game_bots.make_game_bot`), the gauntlet's bots as
    ``gauntlet:<name>`` and any bot by import path ``package.module:ClassName``
    (:func:`pokerbonus.bots.loader.load_bot`, ``search``: extra folders)."""

    def build(name: str, seed: int) -> Bot:
        if name.startswith(_PREFIX) and name[len(_PREFIX) :] in GAUNTLET:
            bot = make_gauntlet_bot(name[len(_PREFIX) :], seed)
            bot.name = name
            return bot
        try:
            return make_game_bot(name, seed)
        except ConfigurationError:
            if not is_bot_path(name):
                raise
        return load_bot(name, seed, search)

    return build


@dataclass(frozen=True, slots=True)
class GauntletRow:
    """One match of the gauntlet: ``bot`` (a gauntlet name or an import path)
    against ``level`` at a table of ``players``, and the whole match result."""

    bot: str
    level: str
    players: int
    result: MatchResult

    def _of(self, name: str) -> BotResult:
        return next(r for r in self.result.results if r.bot == name)

    @property
    def bot_result(self) -> BotResult:
        """The exploit bot's result."""
        return self._of(self.result.results[0].bot)

    @property
    def level_result(self) -> BotResult:
        """The level's result (four-handed with ``hard``: the three ``hard`` seats)."""
        return self._of(self.level)

    @property
    def holds(self) -> bool | None:
        """Whether the level meets its target here (``None``: too few hands for an
        interval). Heads-up: the bot's interval is not above 0; four-handed: the
        level's interval is above 0."""
        if self.players == 2:
            ci = self.bot_result.ci95
            return None if ci is None else ci[0] <= 0
        ci = self.level_result.ci95
        return None if ci is None else ci[0] > 0

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        mine, level = self.bot_result, self.level_result
        return {
            "bot": self.bot,
            "level": self.level,
            "players": self.players,
            "bot_mbb": round(mine.mbb_per_hand, 3),
            "bot_ci95": None if mine.ci95 is None else [round(x, 3) for x in mine.ci95],
            "level_mbb": round(level.mbb_per_hand, 3),
            "level_ci95": None if level.ci95 is None else [round(x, 3) for x in level.ci95],
            "holds": self.holds,
            "match": self.result.to_dict(),
        }


def gauntlet_lineup(bot: str, level: str, players: int) -> list[str]:
    """The seats of one gauntlet match: ``bot`` (as the factory names it) and
    ``level``, then ``hard`` for the other seats.

    >>> gauntlet_lineup("gauntlet:maniac", "expert", 4)
    ['gauntlet:maniac', 'expert', 'hard', 'hard']
    """
    if players not in (2, 4):
        raise ConfigurationError(
            gettext("--players: the gauntlet plays 2 or 4 players, got {players}").format(
                players=players
            )
        )
    return [bot, level] + ["hard"] * (players - 2)


def _seat_name(bot: str) -> str:
    return bot if is_bot_path(bot) else _PREFIX + bot


def run_gauntlet(
    level: str,
    tables: Sequence[int],
    *,
    hands: int = 8000,
    seed: int | None = 11,
    bots: Sequence[str] | None = None,
    search: Sequence[str] = (),
    clock: Callable[[], float] = time.perf_counter,
    on_hand: Callable[[int], None] | None = None,
    on_row: Callable[[GauntletRow], None] | None = None,
) -> list[GauntletRow]:
    """Play every bot of ``bots`` (gauntlet names or import paths; default: all of
    :data:`~pokerbonus.bots.gauntlet.GAUNTLET`) against ``level`` at each table
    size of ``tables`` (2, 4), ``hands`` duplicate hands each, all with ``seed``.

    ``on_hand(done)`` counts the hands of the whole run; ``on_row`` hears each
    finished match. Ctrl-C stops the run: the rows finished are returned, with the
    interrupted match's complete blocks.
    """
    if level not in GAUNTLET_LEVELS:
        raise ConfigurationError(
            gettext("--level: expected one of {levels}, got {level!r}").format(
                levels=", ".join(GAUNTLET_LEVELS), level=level
            )
        )
    chosen = list(GAUNTLET) if bots is None else list(bots)
    factory = bot_factory(search)
    for name in chosen:  # every bot checked before the first hand
        if not is_bot_path(name) and name not in GAUNTLET:
            raise ConfigurationError(
                gettext(
                    "--bots: unknown gauntlet bot {name!r} (expected one of {names}, "
                    "or package.module:ClassName)"
                ).format(name=name, names=", ".join(GAUNTLET))
            )
        factory(_seat_name(name), 0)
    rows: list[GauntletRow] = []
    done = 0
    for players in tables:
        for name in chosen:
            lineup = gauntlet_lineup(_seat_name(name), level, players)
            offset = done

            def progress(count: int, offset: int = offset) -> None:
                if on_hand is not None:
                    on_hand(offset + count)

            result = play_match(
                TableConfig(game="draw", players=players, betting="no-limit"),
                lineup, hands, seed=seed, duplicate=True, clock=clock, factory=factory,
                on_hand=progress,
            )  # fmt: skip
            done += result.hands
            row = GauntletRow(name, level, players, result)
            rows.append(row)
            if on_row is not None:
                on_row(row)
            if result.interrupted:
                return rows
    return rows
