"""The create-table form's description of the house rules, from ``TableConfig`` itself.

The page builds its form from ``static/table-config.json``, which is this
module's :func:`config_schema` written out (``python -m pokerbonus.web.schema``
rewrites it; a test checks it is up to date). Each field carries its default,
its kind (``choice``, ``bool``, ``int``) and, for choices, the values the
configuration accepts, so the form offers nothing the server would refuse.

>>> fields = {f["name"]: f for f in config_schema()["fields"]}
>>> fields["betting"]["choices"], fields["betting"]["default"]
(['no-limit', 'pot-limit', 'limit'], 'no-limit')
>>> fields["deck_size"]["optional"], fields["max_discard"]["choices"]
(True, [3, 5])

The form shows a field only for the games where it means something
(``game_fields``, from :meth:`TableConfig.relevant_fields`) and only while the
fields it depends on hold the right values (``when``: the limit bets with
``betting = "limit"``); the usual fields of a game come first, the others
(``advanced``) under "More house rules".

>>> "small_blind" in config_schema()["game_fields"]["draw"]
False
>>> fields["small_bet"]["when"], fields["ante"]["advanced"], fields["jokers"]["advanced"]
({'betting': ['limit']}, False, True)
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any, Final, get_args, get_origin

from pokerbonus.cards import DECK_SIZES
from pokerbonus.engine.config import GAMES, TableConfig
from pokerbonus.errors import ConfigurationError
from pokerbonus.i18n import N_
from pokerbonus.levels import LADDER, LEVEL_HELP
from pokerbonus.rules.catalog import CATALOG

__all__ = ["LABELS", "SCHEMA_PATH", "config_schema", "schema_json"]

SCHEMA_PATH: Final = Path(__file__).parent / "static" / "table-config.json"
"""Where the page reads the schema (served as ``/static/table-config.json``)."""

LABELS: Final[dict[str, tuple[str, str]]] = {
    "game": (N_("Game"), N_("the game played at the table")),
    "players": (N_("Seats"), N_("seats at the table")),
    "deck_size": (N_("Deck"), N_("cards in the deck; unset: by the number of players")),
    "jokers": (N_("Jokers"), N_("jokers added to the deck")),
    "wheel": (N_("Wheel"), N_("A-2-3-4-5 (or its short-deck equivalent) is a straight")),
    "ranking": (N_("Ranking"), N_("order of the hands")),
    "betting": (N_("Betting"), N_("betting structure")),
    "small_bet": (N_("Small bet"), N_("limit: the bet of the first round")),
    "big_bet": (N_("Big bet"), N_("limit: the bet of the second round")),
    "raise_cap": (N_("Raise cap"), N_("limit: raises after the bet in a round")),
    "forced_bets": (N_("Forced bets"), N_("pot game (antes), blind game, or both in turn")),
    "mixed_start": (
        N_("Mixed: first game"),
        N_("with mixed forced bets: the game of the first orbits"),
    ),
    "pot_orbits": (N_("Mixed: pot orbits"), N_("with mixed forced bets: orbits of pot game")),
    "blind_orbits": (N_("Mixed: blind orbits"), N_("with mixed forced bets: orbits of blind game")),
    "ante": (
        N_("Ante"),
        N_("everyone's ante; unset: 1 in the pot game and stud, none with blinds"),
    ),
    "blind": (N_("Blind"), N_("the blind game's blind; unset: 2, in limit the small bet")),
    "small_blind": (
        N_("Small blind"),
        N_("hold'em-style games; unset: 1, in limit half the small bet"),
    ),
    "big_blind": (N_("Big blind"), N_("hold'em-style games; unset: 2, in limit the small bet")),
    "straddle": (N_("Straddle"), N_("the player left of the big blind posts twice the big blind")),
    "bring_in": (N_("Bring-in"), N_("stud games: the bring-in of the lowest up card")),
    "surblind": (N_("Surblinds"), N_("the blind may be doubled before looking")),
    "surblind_depth": (
        N_("Surblind chain"),
        N_("surblind only, surblind and overblind, or unlimited"),
    ),
    "buy_pot": (N_("Buy the pot"), N_("the player left of the dealer may double the pot")),
    "max_discard": (N_("Most cards exchanged"), N_("3 (one player may take 4) or 5")),
    "shuffle": (N_("Shuffle"), N_("every hand, or cut only (private game)")),
    "cut_min_packet": (N_("Cut: smallest packet"), N_("fewest cards each packet of a cut keeps")),
    "cave": (N_("Cave"), N_("the buy-in unit, the same for everyone")),
    "rebuy": (N_("Rebuys"), N_("free (whole caves), limited, or unlimited (any amount)")),
    "max_caves": (N_("Most caves"), N_("limited rebuys: caves per player, the first included")),
    "kill": (
        N_("Kill pot"),
        N_("after two scoops in a row the winner posts a kill blind: 2x or 1.5x"),
    ),
    "kill_min_pot": (
        N_("Kill: smallest pot"),
        N_("a scoop counts for the kill from this pot up; 0: all"),
    ),
    "kill_end": (
        N_("Kill ends"),
        N_("source: when the killer wins the killed pot; cardroom: on a loss"),
    ),
    "look_at_two": (
        N_("Look at two and kill"),
        N_("lowball draws: anyone may kill after two cards"),
    ),
    "house_dealer": (N_("House dealer"), N_("a dealer who does not play; a button moves instead")),
}
"""Label and help line of each field, as the form shows them (in English: the page
translates them with the catalog, :mod:`pokerbonus.web.words`)."""

_CHOICES: Final[dict[str, tuple[Any, ...]]] = {
    "game": tuple(GAMES),
    "deck_size": DECK_SIZES,
    "jokers": (0, 1, 2),
    "raise_cap": (3, 4),
    "max_discard": (3, 5),
}

_WHEN: Final[dict[str, dict[str, list[Any]]]] = {
    "small_bet": {"betting": ["limit"]},
    "big_bet": {"betting": ["limit"]},
    "raise_cap": {"betting": ["limit"]},
    "mixed_start": {"forced_bets": ["mixed"]},
    "pot_orbits": {"forced_bets": ["mixed"]},
    "blind_orbits": {"forced_bets": ["mixed"]},
    "blind": {"forced_bets": ["blind", "mixed"]},
    "surblind": {"forced_bets": ["blind", "mixed"]},
    "surblind_depth": {"forced_bets": ["blind", "mixed"]},
    "buy_pot": {"forced_bets": ["pot", "mixed"]},
    "kill": {"forced_bets": ["blind", "mixed"]},
    "kill_min_pot": {"kill": ["full", "half"]},
    "look_at_two": {"kill": ["full", "half"]},
    "kill_end": {"kill": ["full", "half"]},
    "cut_min_packet": {"shuffle": ["cut-only"]},
    "max_caves": {"rebuy": ["limited"]},
}
"""Fields shown only while another holds one of some values (a condition on a field the
game does not use is left out: the kill of hold'em does not wait for ``forced_bets``)."""

_COMMON: Final = frozenset(
    {"game", "players", "forced_bets", "ante", "blind", "small_blind", "big_blind", "bring_in",
     "betting", "small_bet", "big_bet", "cave", "rebuy", "max_caves"}
)  # fmt: skip
"""The fields shown first; every other one (a new field too) is under "More house rules"."""

_MIN: Final[dict[str, int]] = {"kill_min_pot": 0}
"""Smallest value of the int fields that may be below 1."""

_GROUPS: Final[dict[str, str]] = {
    "game": "Game", "players": "Game", "deck_size": "Cards", "jokers": "Cards",
    "wheel": "Cards", "ranking": "Cards", "betting": "Betting", "small_bet": "Betting",
    "big_bet": "Betting", "raise_cap": "Betting", "forced_bets": "Forced bets",
    "mixed_start": "Forced bets", "pot_orbits": "Forced bets", "blind_orbits": "Forced bets",
    "ante": "Forced bets", "blind": "Forced bets", "surblind": "Forced bets",
    "small_blind": "Forced bets", "big_blind": "Forced bets", "straddle": "Forced bets",
    "bring_in": "Forced bets",
    "buy_pot": "Forced bets", "max_discard": "Draw", "shuffle": "Cards",
    "cut_min_packet": "Cards", "cave": "Money", "rebuy": "Money", "max_caves": "Money",
    "kill": "Forced bets", "kill_min_pot": "Forced bets", "look_at_two": "Forced bets",
    "surblind_depth": "Forced bets", "kill_end": "Forced bets", "house_dealer": "Cards",
}  # fmt: skip


def _field(field: dataclasses.Field[Any], hints: dict[str, Any]) -> dict[str, Any]:
    hint = hints[field.name]
    optional = False
    if get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        optional = len(args) < len(get_args(hint))
        hint = args[0]
    out: dict[str, Any] = {"name": field.name}
    label, help_ = LABELS[field.name]
    out["label"], out["help"], out["group"] = label, help_, _GROUPS[field.name]
    if get_origin(hint) is typing.Literal:
        out["kind"], out["choices"] = "choice", list(get_args(hint))
    elif field.name in _CHOICES:
        out["kind"], out["choices"] = "choice", list(_CHOICES[field.name])
    elif hint is bool:
        out["kind"] = "bool"
    elif hint is int:
        out["kind"] = "int"
        out["min"] = _MIN.get(field.name, 1)
    else:
        raise ConfigurationError(f"{field.name}: no form input for type {hint!r}")
    if field.name == "players":
        low, high = GAMES[TableConfig().game]
        out["min"], out["max"] = low, high
    out["optional"] = optional
    out["default"] = field.default
    if field.name in _WHEN:
        out["when"] = _WHEN[field.name]
    out["advanced"] = field.name not in _COMMON
    return out


def _game_fields(game: str) -> list[str]:
    low, high = GAMES[game]
    config = TableConfig(game=game, players=min(max(6, low), high))
    return list(config.relevant_fields())


def config_schema() -> dict[str, Any]:
    """The form's description: every ``TableConfig`` field, bot levels and timer defaults."""
    hints = typing.get_type_hints(TableConfig)
    fields = [_field(f, hints) for f in dataclasses.fields(TableConfig)]
    return {
        "fields": fields,
        "games": {name: list(span) for name, span in GAMES.items()},
        "game_fields": {name: _game_fields(name) for name in GAMES},
        "game_names": {
            name: N_("French five-card draw") if name == "draw" else CATALOG[name].name
            for name in GAMES
        },
        "bot_levels": list(LADDER),
        "bot_level_help": {level: LEVEL_HELP[level] for level in LADDER},
        "timer": {"action_seconds": 30, "time_bank": 60},
    }


def schema_json() -> str:
    """:func:`config_schema` as the text of ``static/table-config.json``."""
    return json.dumps(config_schema(), indent=1) + "\n"


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    SCHEMA_PATH.write_text(schema_json(), encoding="utf-8")
    sys.stdout.write(f"wrote {SCHEMA_PATH}\n")
