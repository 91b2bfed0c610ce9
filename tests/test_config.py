"""Tests for the table configuration (engine/config.py): every house rule of RULES.md."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerbonus.engine.config import KILL_FIELDS, LOWBALL_DRAWS, TableConfig
from pokerbonus.engine.kill import KillRule
from pokerbonus.errors import ConfigurationError
from pokerbonus.rules.catalog import CATALOG


def test_defaults_follow_the_rule_book() -> None:
    """RULES.md sections 1, 4, 5: the defaults named by the rule book."""
    c = TableConfig()
    assert c.game == "draw"
    assert c.deck_size is None and c.jokers == 0
    assert c.wheel is True and c.ranking == "modern"
    assert c.betting == "no-limit"
    assert c.forced_bets == "pot" and c.effective_ante == 1  # `ante` unset: the default
    assert c.max_discard == 3
    assert c.shuffle == "every-hand"
    assert c.cave == 100 and c.rebuy == "free"


@pytest.mark.parametrize(
    ("players", "size"), [(2, 32), (3, 32), (4, 32), (5, 40), (6, 44), (7, 48), (8, 52)]
)
def test_section1_default_deck_size_by_players(players: int, size: int) -> None:
    """RULES.md section 1: deck size by the number of seated players."""
    assert TableConfig(players=players).effective_deck_size == size


def test_section1_deck_size_override() -> None:
    """RULES.md section 1: a table may override the deck size."""
    assert TableConfig(players=3, deck_size=52).effective_deck_size == 52


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"max_discard": 4}, "max_discard: must be 3 or 5, got 4"),
        ({"players": 9}, "players: must be 2..8 for draw, got 9"),
        ({"players": 1}, "players: must be 2..8 for draw, got 1"),
        ({"game": "go-fish"}, "game: must be 'draw' or a game of the catalog (holdem, "),
        ({"jokers": 3}, "jokers: must be 0..2, got 3"),
        ({"deck_size": 30}, "deck_size: must be one of (32, 36, 40, 44, 48, 52) or unset, got 30"),
        ({"deck_size": 32.0}, "deck_size: must be one of"),
        ({"players": 8, "deck_size": 32}, "deck_size: 32 cards (+0 jokers) cannot deal"),
        ({"ranking": "ancient"}, "ranking: must be one of 'modern', 'archaic', got 'ancient'"),
        ({"betting": "spread"}, "betting: must be one of"),
        ({"betting": "limit"}, "small_bet: required with betting = 'limit'"),
        ({"betting": "limit", "small_bet": 2}, "big_bet: required with betting = 'limit'"),
        (
            {"betting": "limit", "small_bet": 2, "big_bet": 1},
            "big_bet: must be at least small_bet (2), got 1",
        ),
        ({"small_bet": 2}, "small_bet: only with betting = 'limit', got 2"),
        ({"raise_cap": 5}, "raise_cap: must be 3 or 4, got 5"),
        ({"forced_bets": "kill"}, "forced_bets: must be one of 'pot', 'blind', 'mixed'"),
        ({"pot_orbits": 0}, "pot_orbits: must be at least 1, got 0"),
        ({"ante": 0}, "ante: must be at least 1, got 0"),
        ({"ante": True}, "ante: must be an integer, got True"),
        ({"ante": 101}, "ante: must not exceed the cave (100), got 101"),
        ({"blind": 500}, "blind: must not exceed the cave (100), got 500"),
        ({"surblind": "yes"}, "surblind: must be true or false, got 'yes'"),
        ({"buy_pot": 1}, "buy_pot: must be true or false, got 1"),
        ({"shuffle": "never"}, "shuffle: must be one of 'every-hand', 'cut-only'"),
        ({"cut_min_packet": 0}, "cut_min_packet: must be 1..22, got 0"),
        ({"cave": -5}, "cave: must be at least 1, got -5"),
        ({"rebuy": "credit"}, "rebuy: must be one of 'free', 'limited', 'unlimited'"),
        ({"rebuy": "limited"}, "max_caves: required with rebuy = 'limited'"),
        ({"rebuy": "limited", "max_caves": 0}, "max_caves: must be at least 1, got 0"),
        ({"max_caves": 3}, "max_caves: only with rebuy = 'limited', got 3"),
    ],
)
def test_invalid_configuration_names_the_field(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        TableConfig(**fields)
    assert str(info.value).startswith(message)


def test_unknown_field_is_refused_by_name() -> None:
    with pytest.raises(ConfigurationError, match=r"^maxdiscard: unknown field$"):
        TableConfig.from_dict({"maxdiscard": 5})
    with pytest.raises(ConfigurationError, match=r"^surblinds: unknown field$"):
        TableConfig.from_toml("surblinds = true")


def test_config_is_frozen() -> None:
    c = TableConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.ante = 3  # type: ignore[misc]


TOML_EXAMPLE = """
game = "draw"
players = 5
jokers = 1
betting = "limit"
small_bet = 2
big_bet = 4
raise_cap = 4
forced_bets = "mixed"
mixed_start = "blind"
blind_orbits = 2
pot_orbits = 1
ante = 2
blind = 2
max_discard = 5
shuffle = "cut-only"
rebuy = "limited"
max_caves = 3
"""


def test_from_toml_text_and_file(tmp_path: Path) -> None:
    c = TableConfig.from_toml(TOML_EXAMPLE)
    assert (c.players, c.jokers, c.betting, c.small_bet, c.big_bet) == (5, 1, "limit", 2, 4)
    assert (c.forced_bets, c.mixed_start, c.blind_orbits) == ("mixed", "blind", 2)
    assert (c.shuffle, c.rebuy, c.max_caves, c.max_discard) == ("cut-only", "limited", 3, 5)
    path = tmp_path / "table.toml"
    path.write_text(TOML_EXAMPLE, encoding="utf-8")
    assert TableConfig.from_toml(path) == c
    sectioned = "[table]\n" + TOML_EXAMPLE
    assert TableConfig.from_toml(sectioned) == c


def test_from_json_text_and_file(tmp_path: Path) -> None:
    c = TableConfig.from_toml(TOML_EXAMPLE)
    assert TableConfig.from_json(c.to_json()) == c
    path = tmp_path / "table.json"
    path.write_text(c.to_json(), encoding="utf-8")
    assert TableConfig.from_json(path) == c
    assert json.loads(c.to_json())["deck_size"] is None


def test_bad_documents_raise_configuration_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="invalid TOML"):
        TableConfig.from_toml("players = = 3")
    with pytest.raises(ConfigurationError, match="invalid JSON"):
        TableConfig.from_json("{players: 3}")
    with pytest.raises(ConfigurationError, match="must be a table of fields, got list"):
        TableConfig.from_json("[1, 2]")
    with pytest.raises(ConfigurationError, match="cannot read"):
        TableConfig.from_toml(tmp_path / "missing.toml")


_valid_configs = st.builds(
    lambda players, jokers, ranking, betting, forced, ante, discard, shuffle, rebuy: TableConfig(
        players=players,
        jokers=jokers,
        ranking=ranking,
        betting=betting,
        small_bet=2 if betting == "limit" else None,
        big_bet=4 if betting == "limit" else None,
        forced_bets=forced,
        ante=ante,
        max_discard=discard,
        shuffle=shuffle,
        rebuy=rebuy,
        max_caves=2 if rebuy == "limited" else None,
    ),
    st.integers(2, 8),
    st.integers(0, 2),
    st.sampled_from(["modern", "archaic"]),
    st.sampled_from(["no-limit", "pot-limit", "limit"]),
    st.sampled_from(["pot", "blind", "mixed"]),
    st.integers(1, 5),
    st.sampled_from([3, 5]),
    st.sampled_from(["every-hand", "cut-only"]),
    st.sampled_from(["free", "limited", "unlimited"]),
)


@given(_valid_configs)
def test_round_trips(config: TableConfig) -> None:
    assert TableConfig.from_dict(config.to_dict()) == config
    assert TableConfig.from_json(config.to_json()) == config
    assert TableConfig.from_toml(config.to_toml()) == config


# -- every game of the rule book (RULES.md section 8) ------------------------------------


def test_every_catalog_game_is_a_table_game_with_its_player_range() -> None:
    from pokerbonus.engine.config import GAMES
    from pokerbonus.rules.catalog import CATALOG

    assert set(GAMES) == {"draw", *CATALOG}
    for key, entry in CATALOG.items():
        low, high = GAMES[key]
        assert (low, high) == (entry.game().min_players, entry.game().max_players)
        TableConfig(game=key, players=high)
        with pytest.raises(ConfigurationError, match=f"^players: must be {low}..{high} for {key}"):
            TableConfig(game=key, players=high + 1)


def test_holdem_fields_blinds_and_straddle_round_trip() -> None:
    c = TableConfig(game="holdem", players=9, small_blind=5, big_blind=10, straddle=True)
    assert TableConfig.from_toml(c.to_toml()) == c
    assert TableConfig.from_json(c.to_json()) == c
    assert c.forced == "blinds" and c.effective_deck_size == 52
    assert "straddle" in c.relevant_fields() and "bring_in" not in c.relevant_fields()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "omaha", "jokers": 1}, "jokers: a French five-card draw rule, not used in Omaha"),
        ({"game": "holdem", "max_discard": 5}, "max_discard: a French five-card draw rule"),
        ({"game": "holdem", "forced_bets": "blind"}, "forced_bets: a French five-card draw rule"),
        ({"game": "holdem", "deck_size": 36}, "deck_size: a French five-card draw rule"),
        ({"game": "short-deck", "betting": "limit", "small_bet": 2, "big_bet": 4},
         "betting: Short-deck hold'em is played no-limit, not 'limit'"),
        ({"game": "holdem", "small_blind": 3, "big_blind": 2}, "small_blind: must not exceed"),
        ({"game": "holdem", "big_blind": 500}, "big_blind: must not exceed the cave"),
        ({"game": "holdem", "bring_in": 2}, "bring_in: only in stud games"),
        ({"game": "razz", "big_blind": 4}, "big_blind: Razz has antes and a bring-in, no blinds"),
        ({"game": "razz", "betting": "limit", "small_bet": 2, "big_bet": 4, "bring_in": 3},
         "bring_in: must not exceed small_bet (2), got 3"),
        ({"straddle": True}, "straddle: not used in the French five-card draw"),
        ({"bring_in": 2}, "bring_in: not used in the French five-card draw"),
    ],
)  # fmt: skip
def test_rules_of_another_game_are_refused_by_name(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        TableConfig(**fields)
    assert str(info.value).startswith(message), str(info.value)


def test_stud_takes_ante_and_bring_in() -> None:
    c = TableConfig(game="seven-card-stud", betting="limit", small_bet=4, big_bet=8, ante=2,
                    bring_in=2, players=8)  # fmt: skip
    assert c.forced == "bring-in"
    assert {"ante", "bring_in", "small_bet"} <= set(c.relevant_fields())
    assert "small_blind" not in c.relevant_fields()
    assert TableConfig.from_dict(c.to_dict()) == c


# -- kill pots (RULES.md section 8, "Kill pot") ----------------------------------------


def test_kill_fields_round_trip_through_toml_json_and_dict() -> None:
    c = TableConfig(game="ace-to-five-draw", players=5, betting="limit", small_bet=2, big_bet=4,
                    kill="half", kill_min_pot=12, look_at_two=True)  # fmt: skip
    assert TableConfig.from_toml(c.to_toml()) == c
    assert TableConfig.from_json(c.to_json()) == c
    assert TableConfig.from_dict(c.to_dict()) == c
    assert 'kill = "half"' in c.to_toml() and "look_at_two = true" in c.to_toml()
    read = TableConfig.from_toml('game = "holdem"\nkill = "full"\nkill_min_pot = 30\n')
    assert read.kill_rule == KillRule("full", min_pot=30)
    assert TableConfig().kill == "off" and TableConfig().kill_rule is None


def test_kill_fields_are_offered_where_the_game_has_blinds() -> None:
    holdem = TableConfig(game="holdem").relevant_fields()
    assert {"kill", "kill_min_pot"} <= set(holdem) and "look_at_two" not in holdem
    assert set(KILL_FIELDS) <= set(TableConfig(game="deuce-to-seven-triple-draw").relevant_fields())
    assert not set(KILL_FIELDS) & set(TableConfig(game="seven-card-stud").relevant_fields())
    assert "kill" in TableConfig(forced_bets="blind").relevant_fields()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "holdem", "kill": "double"}, "kill: must be one of 'off', 'full', 'half'"),
        ({"game": "holdem", "kill": "full", "kill_min_pot": -1},
         "kill_min_pot: must be at least 0"),
        ({"game": "holdem", "kill_min_pot": 10}, "kill_min_pot: only with kill = 'full' or 'half'"),
        ({"game": "holdem", "kill": "full", "look_at_two": 1},
         "look_at_two: must be true or false"),
        ({"game": "ace-to-five-draw", "look_at_two": True}, "look_at_two: only with kill"),
        ({"game": "holdem", "kill": "full", "look_at_two": True},
         "look_at_two: a lowball draw option"),
        ({"forced_bets": "blind", "kill": "full", "look_at_two": True},
         "look_at_two: a lowball draw option"),
        ({"game": "razz", "kill": "full"}, "kill: a kill pot needs blinds, and Razz has antes"),
        ({"kill": "half"}, "kill: a kill pot needs blinds, and the French draw's pot game"),
    ],
)  # fmt: skip
def test_kill_rules_are_refused_by_name(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError) as info:
        TableConfig(**fields)
    assert str(info.value).startswith(message), str(info.value)


def test_kill_is_accepted_in_every_blind_game_and_look_at_two_in_every_lowball_draw() -> None:
    for key, entry in CATALOG.items():
        if entry.forced != "blinds":
            continue
        betting = {"betting": "limit", "small_bet": 2, "big_bet": 4}
        base = betting if entry.structures[0] == "limit" else {"betting": entry.structures[0]}
        c = TableConfig(game=key, kill="full", look_at_two=key in LOWBALL_DRAWS, **base)
        assert c.kill_rule == KillRule("full", look_at_two=key in LOWBALL_DRAWS)
    assert TableConfig(forced_bets="mixed", kill="full").kill_rule == KillRule("full")
