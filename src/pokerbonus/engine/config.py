"""The table's house rules in one validated, frozen value (RULES.md sections 1-6).

Every option of the rule book is a field of :class:`TableConfig`, with the rule
book's default. A configuration is built from keyword arguments, a dict, TOML or
JSON, and is checked as a whole: a bad value raises
:class:`~pokerbonus.errors.ConfigurationError` whose message starts with the
field's name.

>>> config = TableConfig(players=5)
>>> config.effective_deck_size
40
>>> TableConfig.from_toml('players = 4\\nmax_discard = 5').max_discard
5
>>> TableConfig(max_discard=4)
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: max_discard: must be 3 or 5, got 4
"""

from __future__ import annotations

import dataclasses
import json
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, get_args

from pokerbonus.cards import DECK_SIZES, default_deck_size
from pokerbonus.errors import ConfigurationError

__all__ = [
    "GAMES",
    "Betting",
    "ForcedBets",
    "Ranking",
    "RebuyPolicy",
    "ShufflePolicy",
    "TableConfig",
]

Ranking = Literal["modern", "archaic"]
Betting = Literal["no-limit", "pot-limit", "limit"]
ForcedBets = Literal["pot", "blind", "mixed"]
ShufflePolicy = Literal["every-hand", "cut-only"]
RebuyPolicy = Literal["free", "limited", "unlimited"]
MixedStart = Literal["pot", "blind"]

GAMES: Final[Mapping[str, tuple[int, int]]] = {"draw": (2, 8)}
"""Games a table can run, with their smallest and largest number of players."""

CARDS_PER_PLAYER: Final = 5


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Every house rule of a table (see ``docs/table.md`` for each field).

    Construction validates all fields; an invalid one raises
    :class:`~pokerbonus.errors.ConfigurationError` naming it.

    >>> TableConfig(rebuy="limited")
    Traceback (most recent call last):
    ...
    pokerbonus.errors.ConfigurationError: max_caves: required with rebuy = 'limited'
    """

    game: str = "draw"
    players: int = 6
    deck_size: int | None = None
    jokers: int = 0
    wheel: bool = True
    ranking: Ranking = "modern"
    betting: Betting = "no-limit"
    small_bet: int | None = None
    big_bet: int | None = None
    raise_cap: int = 3
    forced_bets: ForcedBets = "pot"
    mixed_start: MixedStart = "pot"
    pot_orbits: int = 1
    blind_orbits: int = 1
    ante: int = 1
    blind: int = 2
    surblind: bool = True
    buy_pot: bool = False
    max_discard: int = 3
    shuffle: ShufflePolicy = "every-hand"
    cut_min_packet: int = 4
    cave: int = 100
    rebuy: RebuyPolicy = "free"
    max_caves: int | None = None

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived values -------------------------------------------------------------

    @property
    def effective_deck_size(self) -> int:
        """The deck size played: ``deck_size`` if set, else by the number of players.

        >>> [TableConfig(players=n).effective_deck_size for n in (3, 6, 8)]
        [32, 44, 52]
        """
        if self.deck_size is not None:
            return self.deck_size
        return default_deck_size(self.players)

    # -- loading and dumping --------------------------------------------------------

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableConfig:
        """Build a configuration from a mapping of field names to values.

        Unknown fields are refused by name; missing fields take their default.

        >>> TableConfig.from_dict({"players": 3, "shuffle": "cut-only"}).shuffle
        'cut-only'
        >>> TableConfig.from_dict({"seats": 3})
        Traceback (most recent call last):
        ...
        pokerbonus.errors.ConfigurationError: seats: unknown field
        """
        if not isinstance(data, Mapping):
            raise ConfigurationError(
                f"configuration: must be a table of fields, got {type(data).__name__}"
            )
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigurationError(f"{key}: unknown field")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """All fields as a plain dict (``None`` for unset optional fields).

        >>> TableConfig.from_dict(TableConfig(ante=2).to_dict()) == TableConfig(ante=2)
        True
        """
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, source: str | os.PathLike[str]) -> TableConfig:
        """Load from JSON text (a ``str``) or from a JSON file (a path object)."""
        text = _read(source)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigurationError(f"configuration: invalid JSON ({exc})") from exc
        return cls.from_dict(data)

    def to_json(self) -> str:
        """The configuration as JSON text (every field, ``null`` for unset ones)."""
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_toml(cls, source: str | os.PathLike[str]) -> TableConfig:
        """Load from TOML text (a ``str``) or from a TOML file (a path object).

        The fields are top-level keys; a ``[table]`` section holding them is also read.
        """
        text = _read(source)
        try:
            data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigurationError(f"configuration: invalid TOML ({exc})") from exc
        if set(data) == {"table"} and isinstance(data["table"], dict):
            data = data["table"]
        return cls.from_dict(data)

    def to_toml(self) -> str:
        """The configuration as TOML text; unset optional fields are left out.

        >>> print(TableConfig(players=4).to_toml().splitlines()[1])
        players = 4
        """
        lines = []
        for key, value in self.to_dict().items():
            if value is None:
                continue
            lines.append(f"{key} = {json.dumps(value)}")
        return "\n".join(lines) + "\n"


def _read(source: str | os.PathLike[str]) -> str:
    if isinstance(source, str):
        return source
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigurationError(
            f"configuration: cannot read {os.fspath(source)!r} ({exc})"
        ) from exc


# -- validation ----------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fail(field: str, why: str) -> ConfigurationError:
    return ConfigurationError(f"{field}: {why}")


def _choice(config: TableConfig, field: str, choices: tuple[Any, ...]) -> None:
    value = getattr(config, field)
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise _fail(field, f"must be one of {listed}, got {value!r}")


def _int(config: TableConfig, field: str, low: int, high: int | None = None) -> int:
    value = getattr(config, field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(field, f"must be an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"at least {low}"
        raise _fail(field, f"must be {bound}, got {value}")
    return value


def _bool(config: TableConfig, field: str) -> None:
    value = getattr(config, field)
    if not isinstance(value, bool):
        raise _fail(field, f"must be true or false, got {value!r}")


def _validate(c: TableConfig) -> None:
    _choice(c, "game", tuple(GAMES))
    low, high = GAMES[c.game]
    players = c.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise _fail("players", f"must be {low}..{high} for {c.game}, got {players!r}")
    jokers = _int(c, "jokers", 0, 2)
    if c.deck_size is not None:
        size = c.deck_size
        if not isinstance(size, int) or isinstance(size, bool) or size not in DECK_SIZES:
            raise _fail("deck_size", f"must be one of {DECK_SIZES} or unset, got {c.deck_size!r}")
        if c.deck_size + jokers < CARDS_PER_PLAYER * players:
            raise _fail(
                "deck_size",
                f"{c.deck_size} cards (+{jokers} jokers) cannot deal "
                f"{CARDS_PER_PLAYER} cards to {players} players",
            )
    _bool(c, "wheel")
    _choice(c, "ranking", get_args(Ranking))
    _choice(c, "betting", get_args(Betting))
    if c.betting == "limit":
        for field in ("small_bet", "big_bet"):
            if getattr(c, field) is None:
                raise _fail(field, "required with betting = 'limit'")
            _int(c, field, 1)
        if c.big_bet is not None and c.small_bet is not None and c.big_bet < c.small_bet:
            raise _fail("big_bet", f"must be at least small_bet ({c.small_bet}), got {c.big_bet}")
    else:
        for field in ("small_bet", "big_bet"):
            if getattr(c, field) is not None:
                raise _fail(field, f"only with betting = 'limit', got {getattr(c, field)!r}")
    if not _is_int(c.raise_cap) or c.raise_cap not in (3, 4):
        raise _fail("raise_cap", f"must be 3 or 4, got {c.raise_cap!r}")
    _choice(c, "forced_bets", get_args(ForcedBets))
    _choice(c, "mixed_start", get_args(MixedStart))
    _int(c, "pot_orbits", 1)
    _int(c, "blind_orbits", 1)
    cave = _int(c, "cave", 1)
    ante = _int(c, "ante", 1)
    blind = _int(c, "blind", 1)
    if ante > cave:
        raise _fail("ante", f"must not exceed the cave ({cave}), got {ante}")
    if blind > cave:
        raise _fail("blind", f"must not exceed the cave ({cave}), got {blind}")
    _bool(c, "surblind")
    _bool(c, "buy_pot")
    if not _is_int(c.max_discard) or c.max_discard not in (3, 5):
        raise _fail("max_discard", f"must be 3 or 5, got {c.max_discard!r}")
    _choice(c, "shuffle", get_args(ShufflePolicy))
    deck = c.effective_deck_size + jokers
    _int(c, "cut_min_packet", 1, deck // 2)
    _choice(c, "rebuy", get_args(RebuyPolicy))
    if c.rebuy == "limited":
        if c.max_caves is None:
            raise _fail("max_caves", "required with rebuy = 'limited'")
        _int(c, "max_caves", 1)
    elif c.max_caves is not None:
        raise _fail("max_caves", f"only with rebuy = 'limited', got {c.max_caves!r}")
