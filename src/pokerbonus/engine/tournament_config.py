"""A tournament's structure as one validated, frozen value (RULES.md section 11).

:class:`TournamentConfig` holds the game and its table options, the starting
stack, the levels (:class:`Level`: blinds, ante, bring-in or the pot game's
ante, each level's length in hands or minutes, a break after it), the level
from which antes are paid, the rebuy period and the add-on (the French
« recave »), late registration, seats per table and the payouts. It loads from
TOML or JSON like :class:`~pokerbonus.engine.config.TableConfig`, and a few
named presets come with it (:data:`PRESETS`).

>>> quick = preset("quick")
>>> quick.game, quick.entrants, quick.levels[0].blinds
('holdem', 6, (10, 20))
>>> TournamentConfig.from_toml(quick.to_toml()) == quick
True
>>> TournamentConfig(levels=())
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: levels: at least one level is needed
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from pokerbonus.engine.config import GAMES, TableConfig, json_data, toml_data
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.rules.prizes import check_payouts, default_payouts

__all__ = ["PRESETS", "Level", "TournamentConfig", "preset", "roman"]

_NO_CAVE: Final = 10**12  # the tables of a tournament check no cave: chips are the stacks


def roman(number: int) -> str:
    """A level's number as tournament clocks write it (``Level IV``).

    >>> roman(1), roman(4), roman(9), roman(14), roman(40)
    ('I', 'IV', 'IX', 'XIV', 'XL')
    """
    out = []
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        while number >= value:
            out.append(letters)
            number -= value
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Level:
    """One level of forced bets and its length.

    Blind games (hold'em, Omaha, lowball draws) play ``small_blind`` and
    ``big_blind`` (the French draw's blind game plays ``big_blind`` as its
    blind), plus ``ante`` from the tournament's ``antes_from`` level on; the
    French pot game's forced bet is ``ante`` alone; stud plays ``ante`` and
    ``bring_in``. A level lasts ``hands`` hands or ``minutes`` minutes (one of
    them); ``break_minutes`` is a pause after it (clock tournaments only).

    >>> Level(25, 50, ante=5, minutes=15).blinds
    (25, 50)
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    hands: int | None = None
    minutes: float | None = None
    break_minutes: float = 0

    @property
    def blinds(self) -> tuple[int, int]:
        """The small and big blind."""
        return (self.small_blind, self.big_blind)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Level:
        """A level from a mapping of its fields (unknown fields refused by name)."""
        if not isinstance(data, Mapping):
            raise ConfigurationError(
                gettext("levels: each level is a table of fields, got {name__}").format(
                    name__=type(data).__name__
                )
            )
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigurationError(gettext("levels: {key}: unknown field").format(key=key))
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """The fields that are set (zeros and ``None`` left out)."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) not in (None, 0)
        }


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Every setting of a tournament (see ``docs/tournaments.md`` for each field).

    ``game`` (``draw`` or a key of the catalog), ``betting`` and ``forced_bets``
    (the French draw: ``pot`` or ``blind``) and ``table_options`` (other
    :class:`TableConfig` fields: deck size, discards...) say what each hand is;
    ``starting_stack`` the chips of each entry; ``buy_in`` what an entry (and a
    rebuy) puts in the prize pool; ``entrants`` the seats a sit-and-go fills
    (the number the faces seat by default); ``seats_per_table`` the size of a
    table (more entrants play on several tables); ``antes_from`` the level
    (1-based) from which the blind games add the levels' antes; rebuys are
    allowed during the first ``rebuy_levels`` levels (``max_rebuys`` each,
    ``None``: no limit), to a player at or below the starting stack; the add-on
    (``addon_chips``, 0: none, for ``addon_cost``, default the buy-in) once per
    player at the last rebuy level; ``late_registration_levels`` keeps entry
    open during the first levels; ``payouts``: the percentage of each paid
    place, by default :func:`~pokerbonus.rules.prizes.default_payouts` of the
    number of entrants.
    """

    name: str = "tournament"
    game: str = "holdem"
    betting: str = "no-limit"
    forced_bets: str = "pot"
    table_options: Mapping[str, Any] = field(default_factory=dict)
    starting_stack: int = 1500
    buy_in: int = 10
    entrants: int = 6
    seats_per_table: int = 9
    levels: tuple[Level, ...] = (Level(10, 20, hands=10),)
    antes_from: int = 1
    rebuy_levels: int = 0
    max_rebuys: int | None = None
    rebuy_chips: int | None = None
    addon_chips: int = 0
    addon_cost: int | None = None
    late_registration_levels: int = 0
    payouts: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.levels, list):
            object.__setattr__(self, "levels", tuple(self.levels))
        if isinstance(self.payouts, list):
            object.__setattr__(self, "payouts", tuple(self.payouts))
        _validate(self)

    # -- derived values -------------------------------------------------------------

    @property
    def forced(self) -> str:
        """``blinds``, ``pot`` (the French draw's pot game) or ``bring-in`` (stud).

        >>> preset("french-pot").forced, preset("quick").forced
        ('pot', 'blinds')
        """
        if self.game == "draw":
            return "blinds" if self.forced_bets == "blind" else "pot"
        return CATALOG[self.game].forced

    @property
    def effective_rebuy_chips(self) -> int:
        """The chips of a rebuy (the starting stack unless set)."""
        return self.rebuy_chips if self.rebuy_chips is not None else self.starting_stack

    @property
    def effective_addon_cost(self) -> int:
        """What the add-on puts in the prize pool (the buy-in unless set)."""
        return self.addon_cost if self.addon_cost is not None else self.buy_in

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based); past the last, the last one goes on."""
        return self.levels[min(number, len(self.levels)) - 1]

    def ante_at(self, number: int) -> int:
        """The ante every player pays at level ``number``: the blind games' ante
        counts from ``antes_from`` on; the pot game's and stud's always.

        >>> config = TournamentConfig(levels=(Level(10, 20, ante=5, hands=5),) * 3, antes_from=3)
        >>> [config.ante_at(n) for n in (1, 2, 3, 4)]
        [0, 0, 5, 5]
        """
        ante = self.level(number).ante
        if self.forced == "blinds" and number < self.antes_from:
            return 0
        return ante

    def payouts_for(self, entrants: int) -> tuple[float, ...]:
        """The payout table of a field of ``entrants``."""
        return self.payouts if self.payouts is not None else default_payouts(entrants)

    def table_config(self, number: int, players: int) -> TableConfig:
        """The house rules of a hand of ``players`` at level ``number``.

        >>> preset("quick").table_config(1, 6).effective_blinds
        (10, 20)
        """
        level = self.level(number)
        data: dict[str, Any] = {**self.table_options, "game": self.game, "players": players}
        data["betting"] = self.betting
        data["cave"] = _NO_CAVE
        if self.betting == "limit":
            bet = max(level.big_blind, level.ante, level.bring_in, 1)
            data["small_bet"], data["big_bet"] = bet, 2 * bet
        ante = self.ante_at(number)
        if self.game == "draw":
            data["forced_bets"] = self.forced_bets
            if self.forced_bets == "blind":
                data["blind"] = level.big_blind
                if ante:
                    data["ante"] = ante
            else:
                data["ante"] = ante
        elif self.forced == "blinds":
            data["small_blind"], data["big_blind"] = level.small_blind, level.big_blind
            data["ante"] = ante
        else:
            data["ante"], data["bring_in"] = ante, level.bring_in
        return TableConfig.from_dict(data)

    # -- loading and dumping --------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TournamentConfig:
        """Build from a mapping; ``levels`` is a list of tables, ``preset`` names a
        preset whose fields the others replace.

        >>> TournamentConfig.from_dict({"preset": "quick", "starting_stack": 2000}).starting_stack
        2000
        >>> TournamentConfig.from_dict({"blinds": 3})
        Traceback (most recent call last):
        ...
        pokerbonus.errors.ConfigurationError: blinds: unknown field
        """
        if not isinstance(data, Mapping):
            raise ConfigurationError(
                gettext("configuration: must be a table of fields, got {name__}").format(
                    name__=type(data).__name__
                )
            )
        values = dict(data)
        base: dict[str, Any] = {}
        if "preset" in values:
            base = preset(str(values.pop("preset"))).to_dict()
        known = {f.name for f in dataclasses.fields(cls)}
        for key in values:
            if key not in known:
                raise ConfigurationError(gettext("{key}: unknown field").format(key=key))
        merged = {**base, **values}
        if "levels" in merged:
            levels = merged["levels"]
            if not isinstance(levels, list | tuple):
                raise ConfigurationError(gettext("levels: must be a list of levels"))
            merged["levels"] = tuple(
                x if isinstance(x, Level) else Level.from_dict(x) for x in levels
            )
        if merged.get("payouts") is not None:
            merged["payouts"] = tuple(float(p) for p in merged["payouts"])
        return cls(**merged)

    def to_dict(self) -> dict[str, Any]:
        """Every field as plain data (levels as dicts)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "levels":
                value = [level.to_dict() for level in value]
            elif f.name == "table_options":
                value = dict(value)
            elif f.name == "payouts" and value is not None:
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, source: str | os.PathLike[str]) -> TournamentConfig:
        """Load from JSON text (a ``str``) or a JSON file (a path object)."""
        return cls.from_dict(json_data(source))

    def to_json(self) -> str:
        """The configuration as JSON text."""
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_toml(cls, source: str | os.PathLike[str]) -> TournamentConfig:
        """Load from TOML text (a ``str``) or a TOML file (a path object); the
        fields may sit under a ``[tournament]`` section, the levels are
        ``[[levels]]`` tables."""
        data = toml_data(source)
        if "tournament" in data and isinstance(data["tournament"], dict):
            data = {**data.pop("tournament"), **data}
        return cls.from_dict(data)

    def to_toml(self) -> str:
        """The configuration as TOML text (unset fields left out)."""
        lines: list[str] = []
        tail: list[str] = []
        for key, value in self.to_dict().items():
            if value is None:
                continue
            if key == "levels":
                for level in value:
                    tail.append("\n[[levels]]")
                    tail += [f"{k} = {json.dumps(v)}" for k, v in level.items()]
            elif key == "table_options":
                if value:
                    tail.append("\n[table_options]")
                    tail += [f"{k} = {json.dumps(v)}" for k, v in value.items()]
            else:
                lines.append(f"{key} = {json.dumps(value)}")
        return "\n".join(lines + tail) + "\n"


def _fail(name: str, why: str) -> ConfigurationError:
    return ConfigurationError(gettext("{field}: {why}").format(field=name, why=why))


def _whole(value: object, name: str, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _fail(
            name,
            gettext("must be an integer of at least {low}, got {value!r}").format(
                low=low, value=value
            ),
        )
    return value


def _validate_level(c: TournamentConfig, number: int, level: Level) -> None:
    where = gettext("level {number}").format(number=number)
    for name in ("small_blind", "big_blind", "ante", "bring_in"):
        _whole(getattr(level, name), f"{where} {name}", 0)
    if (level.hands is None) == (level.minutes is None):
        raise _fail(where, gettext("give its length in hands or in minutes (one of them)"))
    if level.hands is not None:
        _whole(level.hands, f"{where} hands", 1)
    if level.minutes is not None and (
        not isinstance(level.minutes, int | float) or isinstance(level.minutes, bool)
        or level.minutes <= 0
    ):  # fmt: skip
        raise _fail(where, gettext("minutes must be more than 0, got {minutes!r}").format(
            minutes=level.minutes
        ))  # fmt: skip
    if not isinstance(level.break_minutes, int | float) or level.break_minutes < 0:
        raise _fail(where, gettext("break_minutes must be at least 0"))
    forced = c.forced
    if forced == "blinds":
        if not 1 <= level.small_blind <= level.big_blind:
            raise _fail(
                where,
                gettext("blinds need 1 <= small_blind <= big_blind, got {small}/{big}").format(
                    small=level.small_blind, big=level.big_blind
                ),
            )
    elif forced == "pot":
        if level.ante < 1:
            raise _fail(where, gettext("the pot game needs an ante of at least 1"))
    elif level.bring_in < 1:
        raise _fail(where, gettext("stud needs a bring-in of at least 1"))


def _validate(c: TournamentConfig) -> None:
    if not isinstance(c.name, str) or not c.name:
        raise _fail("name", gettext("must be a non-empty text"))
    if c.game not in GAMES:
        raise _fail(
            "game",
            gettext("must be 'draw' or a game of the catalog ({catalog}), got {game!r}").format(
                catalog=", ".join(CATALOG), game=c.game
            ),
        )
    if c.game == "draw" and c.forced_bets not in ("pot", "blind"):
        raise _fail(
            "forced_bets",
            gettext("a tournament plays 'pot' or 'blind', got {value!r}").format(
                value=c.forced_bets
            ),
        )
    if c.game != "draw" and c.forced_bets != "pot":
        raise _fail("forced_bets", gettext("only for the French draw"))
    if not isinstance(c.table_options, Mapping):
        raise _fail("table_options", gettext("must be a table of fields"))
    for key in c.table_options:
        if key in ("game", "players", "betting", "forced_bets", "cave", "ante", "blind",
                   "small_blind", "big_blind", "bring_in", "small_bet", "big_bet"):  # fmt: skip
            raise _fail(
                "table_options",
                gettext("{key} is set by the tournament, not by the table").format(key=key),
            )
    stack = _whole(c.starting_stack, "starting_stack", 1)
    _whole(c.buy_in, "buy_in", 0)
    low, high = GAMES[c.game]
    seats = _whole(c.seats_per_table, "seats_per_table", 2)
    if seats > high:
        raise _fail(
            "seats_per_table",
            gettext("{game} seats at most {high}, got {seats}").format(
                game=c.game, high=high, seats=seats
            ),
        )
    _whole(c.entrants, "entrants", max(2, low))
    if not isinstance(c.levels, tuple) or not c.levels:
        raise _fail("levels", gettext("at least one level is needed"))
    for number, level in enumerate(c.levels, 1):
        if not isinstance(level, Level):
            raise _fail("levels", gettext("each level is a Level"))
        _validate_level(c, number, level)
    _whole(c.antes_from, "antes_from", 1)
    _whole(c.rebuy_levels, "rebuy_levels", 0)
    if c.max_rebuys is not None:
        _whole(c.max_rebuys, "max_rebuys", 0)
    if c.rebuy_chips is not None:
        _whole(c.rebuy_chips, "rebuy_chips", 1)
    _whole(c.addon_chips, "addon_chips", 0)
    if c.addon_chips and not c.rebuy_levels:
        raise _fail("addon_chips", gettext("the add-on comes at the end of the rebuy period; "
                                          "set rebuy_levels"))  # fmt: skip
    if c.addon_cost is not None:
        _whole(c.addon_cost, "addon_cost", 0)
    _whole(c.late_registration_levels, "late_registration_levels", 0)
    if c.payouts is not None:
        try:
            check_payouts(c.payouts)
        except ConfigurationError as exc:
            raise ConfigurationError(str(exc)) from None
    try:
        c.table_config(1, min(max(2, low), seats))
    except ConfigurationError as exc:
        raise _fail("table_options", str(exc)) from None
    del stack


def _ladder(
    blinds: list[tuple[int, int, int]], *, hands: int | None = None, minutes: float | None = None,
    breaks: Mapping[int, float] | None = None,
) -> tuple[Level, ...]:  # fmt: skip
    pauses = breaks or {}
    return tuple(
        Level(
            small, big, ante=ante, hands=hands, minutes=minutes, break_minutes=pauses.get(number, 0)
        )
        for number, (small, big, ante) in enumerate(blinds, 1)
    )


PRESETS: Final[Mapping[str, TournamentConfig]] = {
    "quick": TournamentConfig(
        name="quick",
        game="holdem",
        starting_stack=1000,
        buy_in=10,
        entrants=6,
        seats_per_table=6,
        levels=_ladder(
            [
                (10, 20, 0),
                (20, 40, 0),
                (30, 60, 0),
                (50, 100, 10),
                (75, 150, 15),
                (100, 200, 25),
                (150, 300, 25),
                (200, 400, 50),
                (300, 600, 75),
                (400, 800, 100),
                (600, 1200, 150),
                (1000, 2000, 200),
                (1500, 3000, 300),
            ],
            hands=6,
        ),
        antes_from=4,
        payouts=(65.0, 35.0),
    ),
    "home": TournamentConfig(
        name="home",
        game="holdem",
        starting_stack=5000,
        buy_in=20,
        entrants=8,
        seats_per_table=10,
        levels=_ladder(
            [
                (25, 50, 0),
                (50, 100, 0),
                (75, 150, 0),
                (100, 200, 25),
                (150, 300, 25),
                (200, 400, 50),
                (300, 600, 75),
                (400, 800, 100),
                (600, 1200, 200),
                (800, 1600, 200),
                (1000, 2000, 300),
                (1500, 3000, 400),
                (2000, 4000, 500),
            ],
            minutes=15,
            breaks={4: 10, 8: 10},
        ),
        antes_from=4,
        rebuy_levels=3,
        max_rebuys=2,
        addon_chips=5000,
        late_registration_levels=4,
    ),
    "french-pot": TournamentConfig(
        name="french-pot",
        game="draw",
        forced_bets="pot",
        starting_stack=500,
        buy_in=10,
        entrants=6,
        seats_per_table=6,
        levels=tuple(
            Level(ante=ante, hands=8)
            for ante in (5, 10, 15, 20, 30, 40, 50, 75, 100, 150, 200, 300)
        ),
        rebuy_levels=2,
        max_rebuys=1,
        addon_chips=500,
    ),
    "mtt": TournamentConfig(
        name="mtt",
        game="holdem",
        starting_stack=10000,
        buy_in=50,
        entrants=27,
        seats_per_table=9,
        levels=_ladder(
            [
                (50, 100, 0),
                (75, 150, 0),
                (100, 200, 0),
                (150, 300, 25),
                (200, 400, 50),
                (300, 600, 75),
                (400, 800, 100),
                (500, 1000, 100),
                (600, 1200, 200),
                (800, 1600, 200),
                (1000, 2000, 300),
                (1500, 3000, 400),
                (2000, 4000, 500),
                (3000, 6000, 1000),
                (4000, 8000, 1000),
                (6000, 12000, 2000),
            ],
            minutes=20,
            breaks={4: 5, 8: 5, 12: 5},
        ),
        antes_from=4,
        late_registration_levels=6,
    ),
}
"""The named presets: ``quick`` (a 6-player hold'em sit-and-go of levels of 6
hands, two places paid 65/35: about 30 hands between bots, more between people),
``home`` (a home-game evening: levels of 15 minutes, rebuys and an add-on),
``french-pot`` (the French draw's pot game with rising antes and a recave),
``mtt`` (a multi-table hold'em tournament, tables of 9)."""


def preset(name: str) -> TournamentConfig:
    """The preset ``name`` (see :data:`PRESETS`).

    >>> preset("mtt").seats_per_table
    9
    >>> preset("turbo")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: tournament: unknown preset 'turbo' (expected one of \
quick, home, french-pot, mtt)
    """
    try:
        return PRESETS[name]
    except KeyError:
        raise ConfigurationError(
            gettext("tournament: unknown preset {name!r} (expected one of {names})").format(
                name=name, names=", ".join(PRESETS)
            )
        ) from None
