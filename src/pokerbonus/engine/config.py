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

Every game of the rule book can be played (``game``: ``"draw"``, the French
five-card draw, or a key of :data:`pokerbonus.rules.catalog.CATALOG`). The
French house rules (pot/blind game, surblinds, buying the pot, maximum discard,
deck size, jokers, wheel, archaic ranking) belong to the draw: another game
refuses any value but their default.

>>> TableConfig(game="holdem", players=9, small_blind=5, big_blind=10).effective_deck_size
52
>>> TableConfig(game="omaha", jokers=1)
Traceback (most recent call last):
...
pokerbonus.errors.ConfigurationError: jokers: a French five-card draw rule, not used in Omaha; \
leave it at 0, got 1
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
from pokerbonus.engine.kill import KillEnd, KillRule
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import gettext
from pokerbonus.rules.betting import NO_LIMIT, limit
from pokerbonus.rules.catalog import CATALOG

__all__ = [
    "BLIND_FIELDS",
    "DRAW_ONLY_FIELDS",
    "GAMES",
    "KILL_FIELDS",
    "LOWBALL_DRAWS",
    "STUD_FIELDS",
    "Betting",
    "ForcedBets",
    "KillKind",
    "Ranking",
    "RebuyPolicy",
    "ShufflePolicy",
    "SurblindDepth",
    "TableConfig",
    "json_data",
    "toml_data",
]

Ranking = Literal["modern", "archaic"]
Betting = Literal["no-limit", "pot-limit", "limit"]
ForcedBets = Literal["pot", "blind", "mixed"]
ShufflePolicy = Literal["every-hand", "cut-only"]
RebuyPolicy = Literal["free", "limited", "unlimited"]
MixedStart = Literal["pot", "blind"]
KillKind = Literal["off", "full", "half"]
SurblindDepth = Literal["surblind", "overblind", "unlimited"]
"""How deep the surblind chain may go: the surblind only, the surblind and the
overblind, or every doubling (RULES.md section 5)."""

_SURBLINDS: Final[Mapping[str, int | None]] = {"surblind": 1, "overblind": 2, "unlimited": None}


def _player_ranges() -> dict[str, tuple[int, int]]:
    ranges = {"draw": (2, 8)}
    for key, entry in CATALOG.items():
        game = entry.game()
        ranges[key] = (game.min_players, game.max_players)
    return ranges


GAMES: Final[Mapping[str, tuple[int, int]]] = _player_ranges()
"""Games a table can run, with their smallest and largest number of players:
``draw`` (the French five-card draw) and every game of the catalog."""

DRAW_ONLY_FIELDS: Final = (
    "deck_size",
    "jokers",
    "wheel",
    "ranking",
    "forced_bets",
    "mixed_start",
    "pot_orbits",
    "blind_orbits",
    "blind",
    "surblind",
    "surblind_depth",
    "buy_pot",
    "max_discard",
)
"""House rules of the French five-card draw only: other games refuse any value
but the default."""

BLIND_FIELDS: Final = ("small_blind", "big_blind", "straddle")
"""Forced bets of the blind games of the catalog (hold'em, Omaha, lowball draws...)."""

STUD_FIELDS: Final = ("bring_in",)
"""Forced bets of the stud games (with ``ante``)."""

KILL_FIELDS: Final = ("kill", "kill_min_pot", "kill_end", "look_at_two")
"""The kill-pot option (RULES.md section 8): games with blinds only."""

LOWBALL_DRAWS: Final = (
    "ace-to-five-draw",
    "deuce-to-seven-single-draw",
    "deuce-to-seven-triple-draw",
    "badugi",
)
"""The lowball draw games, where "look at two and kill" (``look_at_two``) may be played."""

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
    ante: int | None = None
    blind: int | None = None
    surblind: bool = True
    surblind_depth: SurblindDepth = "unlimited"
    buy_pot: bool = False
    max_discard: int = 3
    shuffle: ShufflePolicy = "every-hand"
    cut_min_packet: int = 4
    cave: int = 100
    rebuy: RebuyPolicy = "free"
    max_caves: int | None = None
    small_blind: int | None = None
    big_blind: int | None = None
    straddle: bool = False
    bring_in: int = 1
    kill: KillKind = "off"
    kill_min_pot: int = 0
    kill_end: KillEnd = "source"
    look_at_two: bool = False
    house_dealer: bool = False

    def __post_init__(self) -> None:
        _validate(self)

    # -- derived values -------------------------------------------------------------

    @property
    def effective_deck_size(self) -> int:
        """The deck size played: ``deck_size`` if set, else by the number of players.

        >>> [TableConfig(players=n).effective_deck_size for n in (3, 6, 8)]
        [32, 44, 52]
        >>> TableConfig(game="short-deck").effective_deck_size
        36
        """
        if self.game != "draw" and self.game in CATALOG:
            size = CATALOG[self.game].build(NO_LIMIT).deck_size
            return size if size is not None else default_deck_size(self.players)
        if self.deck_size is not None:
            return self.deck_size
        return default_deck_size(self.players)

    @property
    def effective_ante(self) -> int:
        """The ante of a hand without blinds: ``ante``, or the game's default (1 in
        the French pot game and in stud); in the catalog's blind games, the ante
        posted before the blinds (default none).

        >>> TableConfig().effective_ante, TableConfig(game="holdem").effective_ante
        (1, 0)
        >>> TableConfig(game="holdem", ante=2).effective_ante
        2
        """
        if self.ante is not None:
            return self.ante
        return 0 if self.forced == "blinds" else 1

    @property
    def blind_ante(self) -> int:
        """The ante every player puts in before the blinds of a hand with blinds
        (antes and blinds together, RULES.md section 5): ``ante`` if set, else none.

        >>> TableConfig(forced_bets="blind").blind_ante
        0
        >>> TableConfig(forced_bets="blind", ante=1).blind_ante
        1
        """
        return self.ante if self.ante is not None else 0

    @property
    def effective_blind(self) -> int:
        """The French blind game's blind: ``blind``, or by default the small bet in
        limit (RULES.md section 6), else 2.

        >>> TableConfig().effective_blind
        2
        >>> TableConfig(betting="limit", small_bet=10, big_bet=20).effective_blind
        10
        """
        if self.blind is not None:
            return self.blind
        return self.small_bet if self.betting == "limit" and self.small_bet else 2

    @property
    def effective_blinds(self) -> tuple[int, int]:
        """The small and big blinds of the catalog's blind games: the fields, or by
        default, in limit, half the small bet and the small bet (RULES.md section 6),
        else 1 and 2.

        >>> TableConfig(game="holdem", betting="limit", small_bet=10, big_bet=20).effective_blinds
        (5, 10)
        >>> TableConfig(game="holdem").effective_blinds
        (1, 2)
        """
        if self.betting == "limit" and self.small_bet:
            structure = limit(self.small_bet, max(self.big_bet or 0, self.small_bet))
            small, big = structure.small_blind, structure.big_blind
        else:
            small, big = 1, 2
        return (
            self.small_blind if self.small_blind is not None else small,
            self.big_blind if self.big_blind is not None else big,
        )

    @property
    def max_surblinds(self) -> int | None:
        """How many times the blind may be doubled (``None``: no limit; 0: no surblind).

        >>> TableConfig(surblind_depth="overblind").max_surblinds
        2
        """
        if not self.surblind:
            return 0
        return _SURBLINDS[self.surblind_depth]

    @property
    def is_draw(self) -> bool:
        """Whether the table plays the French five-card draw (the default game)."""
        return self.game == "draw"

    @property
    def forced(self) -> str:
        """The kind of forced bets of the game: ``pot-or-blind`` (the French draw's
        pot and blind games), ``blinds`` (small and big blind) or ``bring-in`` (stud:
        antes and a bring-in).

        >>> TableConfig().forced, TableConfig(game="razz").forced
        ('pot-or-blind', 'bring-in')
        """
        if self.is_draw:
            return "pot-or-blind"
        return CATALOG[self.game].forced

    @property
    def kill_rule(self) -> KillRule | None:
        """The kill-pot rule the table plays (``None`` with ``kill = "off"``).

        >>> TableConfig(game="holdem", kill="half", kill_min_pot=20).kill_rule
        KillRule(kind='half', min_pot=20, look_at_two=False, end='source')
        >>> TableConfig(game="holdem").kill_rule is None
        True
        """
        if self.kill == "off":
            return None
        kind: Literal["full", "half"] = "full" if self.kill == "full" else "half"
        return KillRule(
            kind, min_pot=self.kill_min_pot, look_at_two=self.look_at_two, end=self.kill_end
        )

    def relevant_fields(self) -> tuple[str, ...]:
        """The fields that mean something for this game (the setup screen shows these).

        >>> "small_blind" in TableConfig(game="holdem").relevant_fields()
        True
        >>> "max_discard" in TableConfig(game="holdem").relevant_fields()
        False
        >>> any(f in TableConfig(game="razz").relevant_fields() for f in KILL_FIELDS)
        False
        >>> "look_at_two" in TableConfig(game="ace-to-five-draw").relevant_fields()
        True
        """
        skip: set[str] = set()
        if self.forced == "bring-in":
            skip |= set(KILL_FIELDS)
        if self.game not in LOWBALL_DRAWS:
            skip.add("look_at_two")
        if not self.is_draw:
            skip |= set(DRAW_ONLY_FIELDS)
        if self.forced != "blinds":
            skip |= set(BLIND_FIELDS)
        if self.forced != "bring-in":
            skip |= set(STUD_FIELDS)
        if not self.is_draw and "limit" not in CATALOG[self.game].structures:
            skip |= {"small_bet", "big_bet", "raise_cap"}
        return tuple(f.name for f in dataclasses.fields(self) if f.name not in skip)

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
                gettext("configuration: must be a table of fields, got {name__}").format(
                    name__=type(data).__name__
                )
            )
        known = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in known:
                raise ConfigurationError(gettext("{key}: unknown field").format(key=key))
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
        return cls.from_dict(json_data(source))

    def to_json(self) -> str:
        """The configuration as JSON text (every field, ``null`` for unset ones)."""
        return json.dumps(self.to_dict(), indent=2)

    @classmethod
    def from_toml(cls, source: str | os.PathLike[str]) -> TableConfig:
        """Load from TOML text (a ``str``) or from a TOML file (a path object).

        The fields are top-level keys; a ``[table]`` section holding them is also read.
        """
        data = toml_data(source)
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


def json_data(source: str | os.PathLike[str]) -> Any:
    """The data of a configuration in JSON: text (a ``str``) or a file (a path
    object); unreadable or invalid input is a :class:`ConfigurationError`."""
    try:
        return json.loads(_read(source))
    except json.JSONDecodeError as exc:
        raise ConfigurationError(
            gettext("configuration: invalid JSON ({exc})").format(exc=exc)
        ) from exc


def toml_data(source: str | os.PathLike[str]) -> dict[str, Any]:
    """The data of a configuration in TOML, as :func:`json_data` reads JSON."""
    try:
        return tomllib.loads(_read(source))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigurationError(
            gettext("configuration: invalid TOML ({exc})").format(exc=exc)
        ) from exc


def _read(source: str | os.PathLike[str]) -> str:
    if isinstance(source, str):
        return source
    try:
        return Path(source).read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigurationError(
            gettext("configuration: cannot read {fspath!r} ({exc})").format(
                fspath=os.fspath(source), exc=exc
            )
        ) from exc


# -- validation ----------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fail(field: str, why: str) -> ConfigurationError:
    # Translators: a refused house rule: its field name (English), then why.
    return ConfigurationError(gettext("{field}: {why}").format(field=field, why=why))


def _choice(config: TableConfig, field: str, choices: tuple[Any, ...]) -> None:
    value = getattr(config, field)
    if not isinstance(value, str) or value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        raise _fail(
            field,
            gettext("must be one of {listed}, got {value!r}").format(listed=listed, value=value),
        )


def _int(config: TableConfig, field: str, low: int, high: int | None = None) -> int:
    value = getattr(config, field)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(field, gettext("must be an integer, got {value!r}").format(value=value))
    if value < low or (high is not None and value > high):
        words = (
            gettext("must be {low}..{high}, got {value}")
            if high is not None
            else gettext("must be at least {low}, got {value}")
        )
        raise _fail(field, words.format(low=low, high=high, value=value))
    return value


def _bool(config: TableConfig, field: str) -> None:
    value = getattr(config, field)
    if not isinstance(value, bool):
        raise _fail(field, gettext("must be true or false, got {value!r}").format(value=value))


_DEFAULTS: Final[Mapping[str, Any]] = {f.name: f.default for f in dataclasses.fields(TableConfig)}


def _validate_game(c: TableConfig) -> None:
    """Checks of the fields that depend on the game (see the module doc)."""
    if c.is_draw:
        for field in (*BLIND_FIELDS, *STUD_FIELDS):
            if getattr(c, field) != _DEFAULTS[field]:
                raise _fail(
                    field,
                    gettext(
                        "not used in the French five-card draw (its forced bets are ante and "
                        "blind); leave it at {default!r}, got {value!r}"
                    ).format(default=_DEFAULTS[field], value=getattr(c, field)),
                )
        return
    entry = CATALOG[c.game]
    for field in DRAW_ONLY_FIELDS:
        if getattr(c, field) != _DEFAULTS[field]:
            raise _fail(
                field,
                gettext(
                    "a French five-card draw rule, not used in {name}; leave it at "
                    "{default!r}, got {value!r}"
                ).format(name=entry.name, default=_DEFAULTS[field], value=getattr(c, field)),
            )
    if c.betting not in entry.structures:
        raise _fail(
            "betting",
            gettext("{name} is played {structures}, not {betting!r}").format(
                name=entry.name, structures=", ".join(entry.structures), betting=c.betting
            ),
        )
    cave = c.cave
    if entry.forced == "blinds":
        for field in ("small_blind", "big_blind"):
            if getattr(c, field) is not None:
                _int(c, field, 1)
        _limit_blinds(c)
        small, big = c.effective_blinds
        if small > big:
            raise _fail(
                "small_blind",
                gettext("must not exceed big_blind ({big}), got {small}").format(
                    big=big, small=small
                ),
            )
        if big > cave:
            raise _fail(
                "big_blind",
                gettext("must not exceed the cave ({cave}), got {big}").format(cave=cave, big=big),
            )
        _bool(c, "straddle")
        for field in STUD_FIELDS:
            if getattr(c, field) != _DEFAULTS[field]:
                raise _fail(
                    field, gettext("only in stud games, not in {name}").format(name=entry.name)
                )
    else:
        for field in BLIND_FIELDS:
            if getattr(c, field) != _DEFAULTS[field]:
                raise _fail(
                    field,
                    gettext(
                        "{name} has antes and a bring-in, no blinds; leave it at "
                        "{default!r}, got {value!r}"
                    ).format(name=entry.name, default=_DEFAULTS[field], value=getattr(c, field)),
                )
        bring_in = _int(c, "bring_in", 1)
        if c.betting == "limit" and c.small_bet is not None and bring_in > c.small_bet:
            raise _fail(
                "bring_in",
                gettext("must not exceed small_bet ({small_bet}), got {bring_in}").format(
                    small_bet=c.small_bet, bring_in=bring_in
                ),
            )
        if bring_in > cave:
            raise _fail(
                "bring_in",
                gettext("must not exceed the cave ({cave}), got {bring_in}").format(
                    cave=cave, bring_in=bring_in
                ),
            )


def _limit_blinds(c: TableConfig) -> None:
    """In limit the big blind is the small bet and the small blind half of it,
    rounded down (RULES.md section 6): blinds set otherwise contradict the bets."""
    if c.betting != "limit" or c.small_bet is None:
        return
    structure = limit(c.small_bet, max(c.big_bet or 0, c.small_bet))
    wanted = {
        "big_blind": (
            structure.big_blind,
            gettext(
                "in limit the big blind equals the small bet (RULES.md section 6): small_bet "
                "{small_bet} makes it {value}; leave it unset or set {value}, got {given}"
            ),
        ),
        "small_blind": (
            structure.small_blind,
            gettext(
                "in limit the small blind is half the small bet (RULES.md section 6): small_bet "
                "{small_bet} makes it {value}; leave it unset or set {value}, got {given}"
            ),
        ),
        "blind": (
            structure.big_blind,
            gettext(
                "in limit the blind is the opening bet, the small bet (RULES.md section 6): "
                "small_bet {small_bet} makes it {value}; leave it unset or set {value}, "
                "got {given}"
            ),
        ),
    }
    for field, (value, message) in wanted.items():
        given = getattr(c, field)
        if given is not None and given != value:
            raise _fail(field, message.format(small_bet=c.small_bet, value=value, given=given))


def _validate_kill(c: TableConfig) -> None:
    """The kill-pot fields (RULES.md section 8): a kill needs blinds, "look at two
    and kill" is a lowball option, and the other fields need a kill."""
    _choice(c, "kill", get_args(KillKind))
    min_pot = _int(c, "kill_min_pot", 0)
    _bool(c, "look_at_two")
    _choice(c, "kill_end", get_args(KillEnd))
    if c.kill == "off":
        if min_pot != 0:
            raise _fail(
                "kill_min_pot",
                gettext("only with kill = 'full' or 'half', got {min_pot}").format(min_pot=min_pot),
            )
        if c.kill_end != _DEFAULTS["kill_end"]:
            raise _fail(
                "kill_end",
                gettext("only with kill = 'full' or 'half', got {kill_end!r}").format(
                    kill_end=c.kill_end
                ),
            )
        if c.look_at_two:
            raise _fail("look_at_two", gettext("only with kill = 'full' or 'half', got True"))
        return
    if c.is_draw:
        if c.forced_bets == "pot":
            raise _fail(
                "kill",
                gettext(
                    "a kill pot needs blinds, and the French draw's pot game has none (set "
                    "forced_bets to 'blind' or 'mixed'); got {kill!r}"
                ).format(kill=c.kill),
            )
        name = "the French five-card draw"
    else:
        entry = CATALOG[c.game]
        name = entry.name
        if entry.forced != "blinds":
            raise _fail(
                "kill",
                gettext(
                    "a kill pot needs blinds, and {name} has antes and a bring-in; leave "
                    "it at 'off', got {kill!r}"
                ).format(name=entry.name, kill=c.kill),
            )
    if c.look_at_two and c.game not in LOWBALL_DRAWS:
        raise _fail(
            "look_at_two",
            gettext(
                "a lowball draw option ({lowball_draws}), not used in {name}; leave it "
                "false, got True"
            ).format(lowball_draws=", ".join(LOWBALL_DRAWS), name=name),
        )


def _validate(c: TableConfig) -> None:
    if not isinstance(c.game, str) or c.game not in GAMES:
        raise _fail(
            "game",
            gettext("must be 'draw' or a game of the catalog ({catalog}), got {game!r}").format(
                catalog=", ".join(CATALOG), game=c.game
            ),
        )
    low, high = GAMES[c.game]
    players = c.players
    if not isinstance(players, int) or isinstance(players, bool) or not low <= players <= high:
        raise _fail(
            "players",
            gettext("must be {low}..{high} for {game}, got {players!r}").format(
                low=low, high=high, game=c.game, players=players
            ),
        )
    jokers = _int(c, "jokers", 0, 2)
    if c.deck_size is not None:
        size = c.deck_size
        if not isinstance(size, int) or isinstance(size, bool) or size not in DECK_SIZES:
            raise _fail(
                "deck_size",
                gettext("must be one of {deck_sizes} or unset, got {deck_size!r}").format(
                    deck_sizes=DECK_SIZES, deck_size=c.deck_size
                ),
            )
        if c.deck_size + jokers < CARDS_PER_PLAYER * players:
            raise _fail(
                "deck_size",
                gettext(
                    "{deck_size} cards (+{jokers} jokers) cannot deal {cards_per_player} "
                    "cards to {players} players"
                ).format(
                    deck_size=c.deck_size,
                    jokers=jokers,
                    cards_per_player=CARDS_PER_PLAYER,
                    players=players,
                ),
            )
    _bool(c, "wheel")
    _choice(c, "ranking", get_args(Ranking))
    _choice(c, "betting", get_args(Betting))
    if c.betting == "limit":
        for field in ("small_bet", "big_bet"):
            if getattr(c, field) is None:
                raise _fail(field, gettext("required with betting = 'limit'"))
            _int(c, field, 1)
        if c.big_bet is not None and c.small_bet is not None and c.big_bet < c.small_bet:
            raise _fail(
                "big_bet",
                gettext("must be at least small_bet ({small_bet}), got {big_bet}").format(
                    small_bet=c.small_bet, big_bet=c.big_bet
                ),
            )
    else:
        for field in ("small_bet", "big_bet"):
            if getattr(c, field) is not None:
                raise _fail(
                    field,
                    gettext("only with betting = 'limit', got {value!r}").format(
                        value=getattr(c, field)
                    ),
                )
    if not _is_int(c.raise_cap) or c.raise_cap not in (3, 4):
        raise _fail(
            "raise_cap", gettext("must be 3 or 4, got {raise_cap!r}").format(raise_cap=c.raise_cap)
        )
    _choice(c, "forced_bets", get_args(ForcedBets))
    _choice(c, "mixed_start", get_args(MixedStart))
    _int(c, "pot_orbits", 1)
    _int(c, "blind_orbits", 1)
    cave = _int(c, "cave", 1)
    if c.ante is not None:
        in_blind_game = c.game in CATALOG and CATALOG[c.game].forced == "blinds"
        ante = _int(c, "ante", 0 if in_blind_game else 1)
        if ante > cave:
            raise _fail(
                "ante",
                gettext("must not exceed the cave ({cave}), got {ante}").format(
                    cave=cave, ante=ante
                ),
            )
    if c.blind is not None:
        _int(c, "blind", 1)
    if c.effective_blind > cave:
        raise _fail(
            "blind",
            gettext("must not exceed the cave ({cave}), got {blind}").format(
                cave=cave, blind=c.effective_blind
            ),
        )
    _bool(c, "surblind")
    _choice(c, "surblind_depth", get_args(SurblindDepth))
    if not c.surblind and c.surblind_depth != _DEFAULTS["surblind_depth"]:
        raise _fail(
            "surblind_depth",
            gettext("only with surblind = true, got {surblind_depth!r}").format(
                surblind_depth=c.surblind_depth
            ),
        )
    _bool(c, "buy_pot")
    _bool(c, "house_dealer")
    if not _is_int(c.max_discard) or c.max_discard not in (3, 5):
        raise _fail(
            "max_discard",
            gettext("must be 3 or 5, got {max_discard!r}").format(max_discard=c.max_discard),
        )
    _choice(c, "shuffle", get_args(ShufflePolicy))
    deck = c.effective_deck_size + jokers
    _int(c, "cut_min_packet", 1, deck // 2)
    _choice(c, "rebuy", get_args(RebuyPolicy))
    if c.rebuy == "limited":
        if c.max_caves is None:
            raise _fail("max_caves", gettext("required with rebuy = 'limited'"))
        _int(c, "max_caves", 1)
    elif c.max_caves is not None:
        raise _fail(
            "max_caves",
            gettext("only with rebuy = 'limited', got {max_caves!r}").format(max_caves=c.max_caves),
        )
    _validate_game(c)
    if c.is_draw:
        _limit_blinds(c)
    _validate_kill(c)
