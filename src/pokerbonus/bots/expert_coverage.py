"""Which tables ``expert`` plays a computed strategy at, and where it plays ``hard``.

:func:`config_coverage` answers for one :class:`~pokerbonus.engine.config.TableConfig`
with the very tests :func:`~pokerbonus.bots.expert_table.covered_strategy` makes
at every decision (:func:`~pokerbonus.bots.expert_table.table_recipe` for the
rules, :func:`~pokerbonus.bots.expert_table.depth_range` for the stacks), so the
stated coverage cannot drift from the played one. :func:`coverage_rows` probes
each option of the table one at a time from the default French table (what
``pokerbonus bots --coverage`` prints).

>>> from pokerbonus.engine.config import TableConfig
>>> config_coverage(TableConfig(players=2)).key
'draw-2p-no-limit-32'
>>> config_coverage(TableConfig(players=6)).key is None
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.expert_table import depth_range, table_recipe
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for, hand_stakes
from pokerbonus.errors import PokerError
from pokerbonus.i18n import N_, gettext, pgettext

__all__ = [
    "NO_EFFECT",
    "PROBES",
    "Coverage",
    "config_coverage",
    "coverage_rows",
    "coverage_text",
    "probe_config",
]


@dataclass(frozen=True, slots=True)
class Coverage:
    """What ``expert`` plays at a table: the shipped strategy's ``key`` (``None``:
    it plays ``hard``), the untranslated ``reason`` it does not, or a ``note``
    (hands of the table it still plays ``hard``), and the values the texts name."""

    key: str | None
    reason: str = ""
    note: str = ""
    values: tuple[tuple[str, object], ...] = ()

    def text(self) -> str:
        """The coverage in one line, in the current language."""
        values = dict(self.values)
        if "betting" in values:
            values["betting"] = pgettext("betting structure", str(values["betting"]))
        if self.key is None:
            return gettext("plays hard ({reason})").format(
                reason=gettext(self.reason).format(**values)
            )
        line = gettext("strategy {key}").format(key=self.key)
        if self.note:
            line += " " + gettext("({note})").format(note=gettext(self.note).format(**values))
        return line


def config_coverage(config: TableConfig) -> Coverage:
    """What ``expert`` plays at the table ``config`` (see the module doc)."""
    if not config.is_draw:
        return Coverage(None, N_("not the French draw"))
    if config.forced_bets == "blind":
        return Coverage(None, N_("the blind game: no strategy computed"))
    stakes = hand_stakes(config, "pot", None)
    info = GameInfo.from_game(game_for(config), config.players, stakes)
    recipe, reason = table_recipe(info, config.players)
    unit = info.unit
    values: dict[str, object] = {
        "players": config.players,
        "deck": info.deck_size,
        "betting": info.betting,
        "max_discard": info.max_discard,
    }
    if recipe is None:
        if info.betting == "limit":
            values.update(
                small=f"{info.limit_bets[0] / unit:g}", big=f"{info.limit_bets[1] / unit:g}"
            )
        return Coverage(None, reason, values=tuple(values.items()))
    low, high = depth_range(recipe)
    depth = config.cave / unit
    values.update(depth=f"{depth:g}", low=f"{low:g}", high=f"{high:g}")
    if not low <= depth <= high:
        return Coverage(
            None,
            N_("a stack of {depth} antes, outside {low}-{high}"),
            values=tuple(values.items()),
        )
    note = ""
    if config.forced_bets == "mixed":
        note = N_("pot hands only; blind hands play hard")
    elif config.buy_pot:
        note = N_("hands whose pot is bought play hard")
    return Coverage(recipe.key, note=note, values=tuple(values.items()))


PROBES: Final[tuple[tuple[str, tuple[Any, ...]], ...]] = (
    ("players", (2, 3, 4, 5, 6, 7, 8)),
    ("forced_bets", ("pot", "blind", "mixed")),
    ("betting", ("no-limit", "pot-limit", "limit")),
    ("small_bet", (1, 2)),
    ("ante", (1, 2)),
    ("cave", (25, 50, 100, 200, 400)),
    ("deck_size", (32, 52)),
    ("jokers", (0, 1)),
    ("wheel", (True, False)),
    ("ranking", ("modern", "archaic")),
    ("max_discard", (3, 4, 5)),
    ("buy_pot", (False, True)),
    ("game", ("draw", "holdem")),
)
"""The options of ``TableConfig`` that decide ``expert``'s coverage and the values
probed (each from a heads-up and a four-handed table: the shipped strategies)."""

NO_EFFECT: Final = (
    "big_bet",
    "raise_cap",
    "mixed_start",
    "pot_orbits",
    "blind_orbits",
    "blind",
    "surblind",
    "surblind_depth",
    "shuffle",
    "cut_min_packet",
    "rebuy",
    "max_caves",
    "small_blind",
    "big_blind",
    "straddle",
    "bring_in",
    "kill",
    "kill_min_pot",
    "kill_end",
    "look_at_two",
    "house_dealer",
)
"""The options that change nothing of ``expert``'s coverage (``big_bet`` goes with
``small_bet``; blind settings matter through ``forced_bets`` only)."""


def probe_config(field: str, value: Any, players: int) -> TableConfig | None:
    """The default table of ``players`` with ``field`` set to ``value`` (and what
    goes with it: the limit bets, a stack of 100 antes), or ``None`` where the
    table refuses it."""
    base = TableConfig(players=players)
    changes: dict[str, Any] = {field: value}
    if field == "small_bet":
        changes.update(betting="limit", big_bet=2 * value)
    elif field == "betting" and value == "limit":
        changes.update(small_bet=1, big_bet=2)
    elif field == "ante":
        changes.update(cave=100 * value)
    elif field == "game" and value != "draw":
        changes.update(small_blind=1, big_blind=2)
    elif field == "deck_size" and value == 32 and players > 4:
        return None
    try:
        return dataclasses.replace(base, **changes)
    except PokerError:
        return None


def coverage_rows() -> list[dict[str, Any]]:
    """One row per probed option value: the option, the value, the number of
    players, the strategy key (``None``: ``hard``) and the line said."""
    rows: list[dict[str, Any]] = []
    for field, values in PROBES:
        tables = (2, 3, 4, 5, 6, 7, 8) if field == "players" else (2, 4)
        for value in values:
            for players in tables:
                if field == "players" and players != value:
                    continue
                config = probe_config(field, value, players)
                if config is None:
                    continue
                coverage = config_coverage(config)
                rows.append(
                    {
                        "option": field,
                        "value": value,
                        "players": players,
                        "strategy": coverage.key,
                        "plays": coverage.text(),
                    }
                )
    return rows


def coverage_text(config: TableConfig) -> str:
    """The line of the level picker's help for the table being set up."""
    return gettext("expert at this table: {coverage}").format(
        coverage=config_coverage(config).text()
    )
