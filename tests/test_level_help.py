"""The level pickers' help: one text per level, the expert's with its measured strength,
shown by the terminal setup screen and sent to the web create form."""

from __future__ import annotations

import json
from typing import Any

from textual.widgets import Input, Select, Static

from pokerbonus.engine.config import TableConfig
from pokerbonus.levels import LADDER, LEVEL_HELP
from pokerbonus.tui.app import PlayApp, SetupScreen
from pokerbonus.tui.settings import PlaySettings
from pokerbonus.web.schema import SCHEMA_PATH, config_schema


def test_every_level_has_its_help_and_expert_its_figure() -> None:
    assert list(LEVEL_HELP) == list(LADDER)
    assert all(text.endswith(".") for text in LEVEL_HELP.values())
    assert "mbb/hand" in LEVEL_HELP["expert"] and "hard" in LEVEL_HELP["expert"]


def test_the_web_form_gets_the_help_of_every_level() -> None:
    schema = config_schema()
    assert schema["bot_level_help"] == {level: LEVEL_HELP[level] for level in LADDER}
    shipped = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert shipped["bot_level_help"]["expert"] == LEVEL_HELP["expert"]


async def test_the_setup_screen_shows_the_help_of_the_chosen_level() -> None:
    app = PlayApp(PlaySettings(level="medium"))
    async with app.run_test(size=(140, 50)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        help_text = app.screen.query_one("#help-level", Static)
        assert str(help_text.render()) == LEVEL_HELP["medium"]
        app.screen.query_one("#field-level", Select).value = "expert"
        await pilot.pause()
        assert str(help_text.render()).startswith(LEVEL_HELP["expert"] + "\n")


async def test_the_expert_s_help_says_what_it_plays_at_the_table_set_up() -> None:
    app = PlayApp(PlaySettings(TableConfig(players=2), level="expert"))
    async with app.run_test(size=(140, 50)) as pilot:
        assert isinstance(app.screen, SetupScreen)
        help_text = app.screen.query_one("#help-level", Static)
        shown = str(help_text.render())
        assert shown.startswith(LEVEL_HELP["expert"])
        assert shown.endswith("expert at this table: strategy draw-2p-no-limit-32")
        app.screen.query_one("#field-opponents", Input).value = "5"
        await pilot.pause()
        assert str(help_text.render()).endswith(
            "expert at this table: plays hard (no strategy for 6 players at 44 cards in no-limit)"
        )
        app.screen.query_one("#field-level", Select).value = "hard"
        await pilot.pause()
        assert str(help_text.render()) == LEVEL_HELP["hard"]


def test_the_setup_screen_says_the_expert_s_coverage(snap_compare: Any) -> None:
    app = PlayApp(PlaySettings(TableConfig(players=3), level="expert"))
    assert snap_compare(app, terminal_size=(140, 50))
