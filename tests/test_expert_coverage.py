"""The stated coverage of ``expert`` (``pokerbonus bots --coverage``) is the played one."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from typer.testing import CliRunner

from pokerbonus.bots.base import GameInfo
from pokerbonus.bots.expert_coverage import (
    NO_EFFECT,
    PROBES,
    config_coverage,
    coverage_rows,
    coverage_text,
    probe_config,
)
from pokerbonus.bots.expert_table import covered_strategy
from pokerbonus.cli import app
from pokerbonus.engine import Hand
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import game_for, hand_stakes
from pokerbonus.i18n import set_language

runner = CliRunner()


def test_every_option_of_the_table_is_probed_or_said_to_change_nothing() -> None:
    fields = {f.name for f in dataclasses.fields(TableConfig)}
    probed = [name for name, _ in PROBES]
    assert len(probed) + len(NO_EFFECT) == len(set(probed) | set(NO_EFFECT))
    assert set(probed) | set(NO_EFFECT) == fields


def _played(config: TableConfig) -> str | None:
    """The key of the strategy ``covered_strategy`` plays at the first hand of a
    real table of ``config`` (``None``: ``hard``), from the last seat's view."""
    blind = config.forced_bets == "blind"
    stakes = hand_stakes(config, "blind" if blind else "pot", None)
    game = game_for(config)
    hand = Hand(game, [config.cave] * config.players, dealer=0, stakes=stakes, rng=random.Random(3))
    info = GameInfo.from_game(game, config.players, stakes)
    strategy = covered_strategy(hand.view(config.players - 1), info)
    if strategy is None:
        return None
    spec = strategy.spec
    return f"draw-{spec.players}p-{spec.betting.kind}-{spec.deck}"


@pytest.mark.parametrize(
    "row", [r for r in coverage_rows() if r["option"] != "game"], ids=lambda r: str(r)[:60]
)
def test_the_stated_coverage_is_what_the_bot_plays(row: dict[str, object]) -> None:
    config = probe_config(str(row["option"]), row["value"], int(row["players"]))  # type: ignore[call-overload]
    assert config is not None
    assert _played(config) == row["strategy"] == config_coverage(config).key


def test_the_coverage_of_known_tables() -> None:
    assert config_coverage(TableConfig(players=4)).key == "draw-4p-no-limit-32"
    six = config_coverage(TableConfig(players=6))
    assert six.key is None
    assert six.text() == "plays hard (no strategy for 6 players at 44 cards in no-limit)"
    deep = config_coverage(TableConfig(players=2, cave=500))
    assert deep.text() == "plays hard (a stack of 500 antes, outside 50-200)"
    limit24 = TableConfig(players=2, betting="limit", small_bet=2, big_bet=4)
    assert config_coverage(limit24).text() == (
        "plays hard (limit bets of 2/4 antes: no strategy computed)"
    )
    assert (
        config_coverage(TableConfig(players=2, jokers=1)).text()
        == "plays hard (jokers in the deck)"
    )
    assert (
        coverage_text(TableConfig(players=2))
        == "expert at this table: strategy draw-2p-no-limit-32"
    )


def test_the_command_prints_every_option_in_english_and_french() -> None:
    done = runner.invoke(app, ["bots", "--coverage"])
    assert done.exit_code == 0, done.output
    for field in dataclasses.fields(TableConfig):
        assert field.name in done.stdout
    assert "plays hard (the archaic order)" in done.stdout
    listed = json.loads(runner.invoke(app, ["bots", "--coverage", "--json"]).stdout)
    assert {row["option"] for row in listed["rows"]} == {name for name, _ in PROBES}
    assert sorted(r["players"] for r in listed["rows"] if r["option"] == "players") == list(
        range(2, 9)
    )
    try:
        french = runner.invoke(app, ["bots", "--coverage", "--lang", "fr"])
        assert "joue comme difficile (l'ordre ancien)" in french.stdout
    finally:
        set_language("en")
    assert runner.invoke(app, ["bots"]).exit_code == 2


def test_a_terminal_table_where_expert_plays_hard_says_so() -> None:
    from pokerbonus.tui.session import PlaySession
    from pokerbonus.tui.settings import PlaySettings

    six = PlaySession(PlaySettings(TableConfig(players=6), level="expert"), seed=1)
    said = "expert at this table: plays hard (no strategy for 6 players at 44 cards in no-limit)"
    assert six.table_notes == [said]
    six.start_hand(run_bots=False)
    assert said in six.table_notes
    covered = PlaySession(PlaySettings(TableConfig(players=2), level="expert"), seed=1)
    assert covered.level_note == "" and covered.table_notes == []
    hard = PlaySession(PlaySettings(TableConfig(players=6), level="hard"), seed=1)
    assert hard.table_notes == []
