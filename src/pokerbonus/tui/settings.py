"""What ``pokerbonus play`` sets up: the game, the opponents and every house rule.

The house rules are the fields of :class:`~pokerbonus.engine.config.TableConfig`
and are validated by it; this module adds what belongs to the person at the
table (their name, the opponents' level, the four-colour deck) and describes
each field for the setup screen. The list of games and of rule fields is read
from the engine's data (``GAMES`` and the dataclass fields), so a game or a
house rule added there appears in the setup screen by itself.

>>> settings = PlaySettings()
>>> settings.config.players, settings.level, settings.config.effective_deck_size
(4, 'medium', 32)
>>> PlaySettings.build({"opponents": 2, "jokers": 1}).config.jokers
1
>>> PlaySettings.build({"max_discard": 4})
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: max_discard: must be 3 or 5, got 4
"""

from __future__ import annotations

import dataclasses
import json
import os
import tomllib
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, Union, get_args, get_origin

from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.engine.table import game_for
from pokerbonus.errors import ConfigurationError
from pokerbonus.levels import LADDER

__all__ = [
    "FIELD_LABELS",
    "PERSON_FIELDS",
    "FieldSpec",
    "PlaySettings",
    "game_choices",
    "rule_fields",
]

DEFAULT_OPPONENTS: Final = 3

PERSON_FIELDS: Final = ("name", "opponents", "level", "four_color")
"""Settings that belong to the person and the opponents, not to the table."""

FIELD_LABELS: Final[Mapping[str, str]] = {
    "game": "Game",
    "deck_size": "Deck size (empty: by number of players)",
    "jokers": "Jokers",
    "wheel": "Wheel (A-2-3-4-5 is a straight)",
    "ranking": "Hand ranking",
    "betting": "Betting structure",
    "small_bet": "Small bet (limit)",
    "big_bet": "Big bet (limit)",
    "raise_cap": "Raises per round (limit)",
    "forced_bets": "Forced bets (pot game, blind game, mixed)",
    "mixed_start": "Mixed game starts with",
    "pot_orbits": "Pot-game orbits (mixed)",
    "blind_orbits": "Blind-game orbits (mixed)",
    "ante": "Ante (empty: 1 in the pot game, none with blinds)",
    "blind": "Blind (blind game; empty: 2, in limit the small bet)",
    "surblind": "Surblinds allowed",
    "surblind_depth": "Surblind chain (surblind, overblind, unlimited)",
    "buy_pot": "Buying the pot allowed",
    "max_discard": "Most cards exchanged (3 or 5)",
    "shuffle": "Shuffle policy",
    "cut_min_packet": "Smallest cut packet",
    "cave": "Cave (buy-in, chips)",
    "rebuy": "Rebuy policy",
    "max_caves": "Most caves per player (limited)",
    "kill": "Kill pot (off, full: 2x, half: 1.5x)",
    "kill_min_pot": "Kill: smallest pot that counts (0: every pot)",
    "kill_end": "Kill ends (source: the killer wins it; cardroom: a loss)",
    "look_at_two": "Kill: anyone may kill after two cards (lowball)",
    "small_blind": "Small blind (empty: 1, in limit half the small bet)",
    "big_blind": "Big blind (empty: 2, in limit the small bet)",
    "house_dealer": "House dealer who does not play (a button moves)",
}
"""Plain-word labels of the house rules; a field without one shows its name."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One house rule as the setup screen shows it.

    ``kind`` is ``choice`` (``choices`` lists the values), ``bool`` or ``int``;
    ``optional`` ints may be left empty (unset).
    """

    name: str
    label: str
    kind: Literal["choice", "bool", "int"]
    choices: tuple[str, ...] = ()
    optional: bool = False


def _spec(name: str, hint: Any) -> FieldSpec:
    label = FIELD_LABELS.get(name, name.replace("_", " "))
    optional = False
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = len(args) < len(get_args(hint))
        hint = args[0] if len(args) == 1 else hint
    if get_origin(hint) is Literal:
        return FieldSpec(name, label, "choice", tuple(str(a) for a in get_args(hint)))
    if hint is bool:
        return FieldSpec(name, label, "bool")
    return FieldSpec(name, label, "int", optional=optional)


def rule_fields() -> tuple[FieldSpec, ...]:
    """Every house rule of :class:`TableConfig` except the game and the seats.

    >>> [f.name for f in rule_fields()][:3]
    ['deck_size', 'jokers', 'wheel']
    >>> next(f for f in rule_fields() if f.name == "betting").choices
    ('no-limit', 'pot-limit', 'limit')
    """
    hints = typing.get_type_hints(TableConfig)
    return tuple(
        _spec(f.name, hints[f.name])
        for f in dataclasses.fields(TableConfig)
        if f.name not in ("game", "players")
    )


def game_choices() -> tuple[tuple[str, str], ...]:
    """The games a table can run now, as ``(key, name)``, from the engine's ``GAMES``.

    >>> game_choices()[0]
    ('draw', 'five-card draw')
    """
    out = []
    for key, (low, _high) in GAMES.items():
        try:
            name = game_for(TableConfig(game=key, players=max(low, 2))).name
        except ConfigurationError:  # pragma: no cover - a game the table cannot build yet
            continue
        out.append((key, name))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PlaySettings:
    """A game to play: the table's house rules plus the person's own choices.

    ``config.players`` is the person plus ``opponents``. ``level`` is the
    opponents' difficulty (one of :data:`pokerbonus.bots.LADDER`).
    """

    config: TableConfig = field(default_factory=lambda: TableConfig(players=DEFAULT_OPPONENTS + 1))
    level: str = "medium"
    name: str = "You"
    four_color: bool = False

    def __post_init__(self) -> None:
        if self.level not in LADDER:
            raise ConfigurationError(
                f"level: must be one of {', '.join(LADDER)}, got {self.level!r}"
            )
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigurationError(f"name: a name is required, got {self.name!r}")
        if len(self.name) > 20:
            raise ConfigurationError(f"name: at most 20 characters, got {len(self.name)}")
        if not isinstance(self.four_color, bool):
            raise ConfigurationError(f"four_color: must be true or false, got {self.four_color!r}")

    @property
    def opponents(self) -> int:
        """The number of computer opponents."""
        return self.config.players - 1

    @classmethod
    def build(cls, values: Mapping[str, Any]) -> PlaySettings:
        """Settings from one flat mapping of house rules and person fields.

        ``opponents`` sets ``players`` (the person plus the opponents); unknown
        fields are refused by :class:`TableConfig` with their name.
        """
        data = dict(values)
        person = {k: data.pop(k) for k in PERSON_FIELDS if k in data}
        opponents = person.pop("opponents", None)
        if opponents is not None:
            if not isinstance(opponents, int) or isinstance(opponents, bool):
                raise ConfigurationError(f"opponents: must be an integer, got {opponents!r}")
            game = data.get("game", "draw")
            low, high = GAMES.get(game, (2, 8))
            if not low - 1 <= opponents <= high - 1:
                name = dict(game_choices()).get(game, game)
                raise ConfigurationError(
                    f"opponents: {name} is played against {low - 1} to {high - 1} "
                    f"computer opponents, got {opponents}"
                )
            data["players"] = opponents + 1
        data.setdefault("players", DEFAULT_OPPONENTS + 1)
        return cls(config=TableConfig.from_dict(data), **person)

    @classmethod
    def from_toml(cls, source: str | os.PathLike[str]) -> PlaySettings:
        """Settings from TOML text or a file: the house rules and the person fields
        as top-level keys (or under ``[table]``)."""
        if isinstance(source, str):
            text = source
        else:
            try:
                text = Path(source).read_text(encoding="utf-8")
            except OSError as exc:
                raise ConfigurationError(
                    f"config: cannot read {os.fspath(source)!r} ({exc})"
                ) from exc
        try:
            data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigurationError(f"config: invalid TOML ({exc})") from exc
        if set(data) == {"table"} and isinstance(data["table"], dict):
            data = data["table"]
        return cls.build(data)

    def to_dict(self) -> dict[str, Any]:
        """One flat mapping (house rules and person fields) that :meth:`build` reads back.

        >>> s = PlaySettings.build({"opponents": 2, "level": "easy", "four_color": True})
        >>> PlaySettings.build(s.to_dict()) == s
        True
        """
        data = self.config.to_dict()
        data.update(level=self.level, name=self.name, four_color=self.four_color)
        return data

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), sort_keys=True)

    def with_values(self, **changes: Any) -> PlaySettings:
        """These settings with some fields changed (validated again)."""
        data = self.to_dict()
        data.update(changes)
        if "opponents" in changes:
            data.pop("players")
        return PlaySettings.build(data)
