"""Kill pots in the faces: the terminal setup screen offers the kill for hold'em
(and "look at two" only for lowball draws, nothing for stud), ``pokerbonus play
--kill`` and the TOML file set it, and the web form's schema describes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Select, Switch

from pokerbonus.cli.play import settings_from_options
from pokerbonus.engine.kill import KillRule
from pokerbonus.errors import ConfigurationError
from pokerbonus.tui.app import PlayApp, SetupScreen
from pokerbonus.tui.settings import PlaySettings, rule_fields
from pokerbonus.web.schema import config_schema


async def test_setup_screen_offers_the_kill_for_holdem() -> None:
    app = PlayApp(PlaySettings())
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#field-game", Select).value = "holdem"
        await pilot.pause()
        assert screen.query_one("#row-kill").display
        assert screen.query_one("#row-kill_min_pot").display
        assert not screen.query_one("#row-look_at_two").display  # not a lowball game
        screen.query_one("#field-kill", Select).value = "half"
        await pilot.pause()
        config = PlaySettings.build(screen.values()).config
        assert config.kill_rule == KillRule("half")
        screen.query_one("#field-game", Select).value = "ace-to-five-draw"
        await pilot.pause()
        assert screen.query_one("#row-look_at_two").display
        assert isinstance(screen.query_one("#field-look_at_two"), Switch)
        screen.query_one("#field-game", Select).value = "razz"
        await pilot.pause()
        assert not screen.query_one("#row-kill").display


def test_kill_fields_are_described_for_the_setup_screen() -> None:
    specs = {f.name: f for f in rule_fields()}
    assert specs["kill"].kind == "choice" and specs["kill"].choices == ("off", "full", "half")
    assert specs["kill_min_pot"].kind == "int" and specs["look_at_two"].kind == "bool"
    assert "Kill" in specs["kill"].label


def test_play_flags_and_toml_set_the_kill(tmp_path: Path) -> None:
    settings = settings_from_options(None, {"game": "holdem", "kill": "full", "kill_min_pot": 8})
    assert settings.config.kill_rule == KillRule("full", min_pot=8)
    path = tmp_path / "kill.toml"
    path.write_text('game = "ace-to-five-draw"\nkill = "half"\nlook_at_two = true\n')
    from_file = settings_from_options(path, {"kill": None, "kill_min_pot": 20})
    assert from_file.config.kill_rule == KillRule("half", min_pot=20, look_at_two=True)
    assert PlaySettings.build(from_file.to_dict()) == from_file
    with pytest.raises(ConfigurationError, match=r"^kill: a kill pot needs blinds"):
        settings_from_options(None, {"game": "razz", "kill": "full"})


def test_web_schema_describes_the_kill_fields() -> None:
    fields = {f["name"]: f for f in config_schema()["fields"]}
    assert fields["kill"]["choices"] == ["off", "full", "half"]
    assert fields["kill"]["default"] == "off"
    assert fields["kill_min_pot"]["min"] == 0 and fields["kill_min_pot"]["default"] == 0
    assert fields["look_at_two"]["kind"] == "bool"
    assert {fields[n]["group"] for n in ("kill", "kill_min_pot", "look_at_two")} == {"Forced bets"}
