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
from pokerbonus.i18n import DEFAULT_LANGUAGE, N_, current_language, gettext, pgettext
from pokerbonus.levels import LADDER
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.tui.render import YOU

__all__ = [
    "FIELD_LABELS",
    "PERSON_FIELDS",
    "FieldSpec",
    "PlaySettings",
    "choice_words",
    "game_choices",
    "game_name",
    "rule_fields",
]

DEFAULT_OPPONENTS: Final = 3


PERSON_FIELDS: Final = ("name", "opponents", "level", "four_color")
"""Settings that belong to the person and the opponents, not to the table."""

FIELD_LABELS: Final[Mapping[str, str]] = {
    "game": N_("Game"),
    "deck_size": N_("Deck size (empty: by number of players)"),
    "jokers": N_("Jokers"),
    "wheel": N_("Wheel (A-2-3-4-5 is a straight)"),
    "ranking": N_("Hand ranking"),
    "betting": N_("Betting structure"),
    "small_bet": N_("Small bet (limit)"),
    "big_bet": N_("Big bet (limit)"),
    "raise_cap": N_("Raises per round (limit)"),
    "forced_bets": N_("Forced bets (pot game, blind game, mixed)"),
    "mixed_start": N_("Mixed game starts with"),
    "pot_orbits": N_("Pot-game orbits (mixed)"),
    "blind_orbits": N_("Blind-game orbits (mixed)"),
    "ante": N_("Ante (empty: 1 in the pot game, none with blinds)"),
    "blind": N_("Blind (blind game; empty: 2, in limit the small bet)"),
    "surblind": N_("Surblinds allowed"),
    "surblind_depth": N_("Surblind chain (surblind, overblind, unlimited)"),
    "buy_pot": N_("Buying the pot allowed"),
    "max_discard": N_("Most cards exchanged (3 or 5)"),
    "shuffle": N_("Shuffle policy"),
    "cut_min_packet": N_("Smallest cut packet"),
    "cave": N_("Cave (buy-in, chips)"),
    "rebuy": N_("Rebuy policy"),
    "max_caves": N_("Most caves per player (limited)"),
    "kill": N_("Kill pot (off, full: 2x, half: 1.5x)"),
    "kill_min_pot": N_("Kill: smallest pot that counts (0: every pot)"),
    "kill_end": N_("Kill ends (source: the killer wins it; cardroom: a loss)"),
    "look_at_two": N_("Kill: anyone may kill after two cards (lowball)"),
    "small_blind": N_("Small blind (empty: 1, in limit half the small bet)"),
    "big_blind": N_("Big blind (empty: 2, in limit the small bet)"),
    "house_dealer": N_("House dealer who does not play (a button moves)"),
}
"""Plain-word labels of the house rules (marked for translation: show them with
``gettext``); a field without one shows its name."""


def choice_words(value: str) -> str:
    """A value of a house rule or a level, as the setup screen shows it: the value
    itself in English (``no-limit``), its translation otherwise.

    >>> choice_words("cut-only"), choice_words("seven")
    ('cut-only', 'seven')
    """
    words = {
        "no-limit": pgettext("house rule", "no-limit"),
        "pot-limit": pgettext("house rule", "pot-limit"),
        "limit": pgettext("house rule", "limit"),
        "pot": pgettext("house rule", "pot"),
        "blind": pgettext("house rule", "blind"),
        "mixed": pgettext("house rule", "mixed"),
        "modern": pgettext("house rule", "modern"),
        "archaic": pgettext("house rule", "archaic"),
        "every-hand": pgettext("house rule", "every-hand"),
        "cut-only": pgettext("house rule", "cut-only"),
        "free": pgettext("house rule", "free"),
        "limited": pgettext("house rule", "limited"),
        "unlimited": pgettext("house rule", "unlimited"),
        "off": pgettext("house rule", "off"),
        "full": pgettext("house rule", "full"),
        "half": pgettext("house rule", "half"),
        # Translators: the surblind chain's depth (surblind only, then the overblind).
        "surblind": pgettext("house rule", "surblind"),
        "overblind": pgettext("house rule", "overblind"),
        # Translators: when a kill ends: as the source text says, or the cardroom rule.
        "source": pgettext("house rule", "source"),
        "cardroom": pgettext("house rule", "cardroom"),
        # Translators: the opponents' levels (a calling station calls everything).
        "random": pgettext("level", "random"),
        "station": pgettext("level", "station"),
        "easy": pgettext("level", "easy"),
        "medium": pgettext("level", "medium"),
        "hard": pgettext("level", "hard"),
        "expert": pgettext("level", "expert"),
    }
    return words.get(value, value)


def game_name(key: str) -> str:
    """The name of game ``key`` in the current language: the French draw is
    ``French five-card draw`` (as the rules and the README call it; « poker
    fermé » in French), every other game its catalog name.

    >>> game_name("draw"), game_name("razz")
    ('French five-card draw', 'Razz')
    """
    if key == "draw" or key not in CATALOG:
        return gettext(DRAW_NAME)
    if current_language() == DEFAULT_LANGUAGE:
        low = GAMES[key][0]
        return game_for(TableConfig(game=key, players=max(low, 2))).name
    return gettext(CATALOG[key].name)


DRAW_NAME: Final = N_("French five-card draw")
"""The French draw's name on the screens (the engine calls it ``five-card draw``)."""


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
    ('draw', 'French five-card draw')
    """
    out = []
    for key in GAMES:
        try:
            name = game_name(key)
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
    name: str = field(default_factory=lambda: gettext(YOU))
    four_color: bool = False

    def __post_init__(self) -> None:
        if self.level not in LADDER:
            raise ConfigurationError(
                gettext("level: must be one of {levels}, got {level!r}").format(
                    levels=", ".join(LADDER), level=self.level
                )
            )
        if not isinstance(self.name, str) or not self.name.strip():
            raise ConfigurationError(
                gettext("name: a name is required, got {name!r}").format(name=self.name)
            )
        if len(self.name) > 20:
            raise ConfigurationError(
                gettext("name: at most 20 characters, got {count}").format(count=len(self.name))
            )
        if not isinstance(self.four_color, bool):
            raise ConfigurationError(
                gettext("four_color: must be true or false, got {value!r}").format(
                    value=self.four_color
                )
            )

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
                raise ConfigurationError(
                    gettext("opponents: must be an integer, got {value!r}").format(value=opponents)
                )
            game = data.get("game", "draw")
            low, high = GAMES.get(game, (2, 8))
            if not low - 1 <= opponents <= high - 1:
                name = dict(game_choices()).get(game, game)
                raise ConfigurationError(
                    gettext(
                        "opponents: {game} is played against {low} to {high} "
                        "computer opponents, got {count}"
                    ).format(game=name, low=low - 1, high=high - 1, count=opponents)
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
                    gettext("config: cannot read {path!r} ({error})").format(
                        path=os.fspath(source), error=exc
                    )
                ) from exc
        try:
            data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigurationError(
                gettext("config: invalid TOML ({error})").format(error=exc)
            ) from exc
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
