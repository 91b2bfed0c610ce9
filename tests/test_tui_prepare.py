"""pokerbonus play gets the table ready in the background while the setup screen
is shown, and says so on screen while the computer players' kernels compile."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest

from pokerbonus.compiling import _on_end, _on_start
from pokerbonus.store import Store
from pokerbonus.tui.app import PlayApp, SetupScreen, TableScreen
from pokerbonus.tui.prepare import PREPARING, Preparation, rehearse
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings

SIZE = (140, 50)


def test_the_setup_screen_loads_no_bot_store_or_numba() -> None:
    """What the setup screen needs imports none of the table's heavy modules: they
    are imported in the background (a new process, to see what loads)."""
    code = (
        "import sys, pokerbonus.cli.play, pokerbonus.tui.app, pokerbonus.tui.prepare\n"
        "heavy = ('numba', 'numpy', 'sqlalchemy', 'pokerbonus.bots', 'pokerbonus.store',"
        " 'pokerbonus.tui.session')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"


def test_a_preparation_rehearses_each_choice_once_in_the_background() -> None:
    rehearsed: list[str] = []
    release = threading.Event()

    def rehearsal(settings: PlaySettings) -> None:
        release.wait(30)
        rehearsed.append(settings.level)

    preparation = Preparation(rehearsal)
    first = PlaySettings.build({"level": "easy"})
    other = PlaySettings.build({"level": "hard"})
    preparation.start(first)
    preparation.start(first)  # asked twice: rehearsed once
    assert preparation.imported.wait(60)
    assert not preparation.ready(first)
    preparation.start(other)
    release.set()
    assert preparation.wait(first, 60) and preparation.wait(other, 60)
    assert rehearsed == ["easy", "hard"]


def test_the_rehearsal_plays_hands_with_the_chosen_bots() -> None:
    """The real rehearsal plays whole hands of the settings without an error (the
    kernels the bots use are compiled, or loaded, on the way)."""
    rehearse(PlaySettings.build({"opponents": 2, "level": "hard"}), hands=1)
    rehearse(PlaySettings.build({"game": "holdem", "opponents": 2, "level": "easy"}), hands=1)


async def test_the_header_says_preparing_while_kernels_compile_then_the_table_opens() -> None:
    release = threading.Event()
    compiling = threading.Event()

    def rehearsal(settings: PlaySettings) -> None:
        # a stand-in for numba compiling in the background: the compile events
        _on_start()
        compiling.set()
        release.wait(30)
        _on_end()

    def make(settings: PlaySettings) -> PlaySession:
        return PlaySession(settings, seed=3, store=Store("sqlite://"))

    settings = PlaySettings.build({"opponents": 2, "level": "station"})
    app = PlayApp(settings, make_session=make, preparation=Preparation(rehearsal))
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SetupScreen)
        for _ in range(200):
            await pilot.pause(0.05)
            if app.sub_title == PREPARING:
                break
        assert compiling.is_set() and app.sub_title == PREPARING
        await pilot.click("#play")  # the first hand starts before the kernels are ready
        for _ in range(200):
            await pilot.pause(0.05)
            if isinstance(app.screen, TableScreen):
                break
        assert isinstance(app.screen, TableScreen)
        assert app.sub_title == PREPARING
        release.set()
        for _ in range(200):
            await pilot.pause(0.05)
            if app.sub_title == "":
                break
        assert app.sub_title == ""


async def test_dealer_mode_prepares_its_exact_decisions_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The dealer table opens at once and says it is preparing while the exact
    decision's kernels compile (hint, computer players), then stops saying so."""
    import pokerbonus.tui.prepare as prepare
    from pokerbonus.dealer import DealerSettings
    from pokerbonus.tui.dealer_app import DealerApp, DealerScreen
    from pokerbonus.tui.dealer_session import DealerSession

    release = threading.Event()
    threads: list[int] = []

    def compile_stand_in() -> None:
        threads.append(threading.get_ident())
        _on_start()
        release.wait(30)
        _on_end()

    monkeypatch.setattr(prepare, "prepare_dealer", compile_stand_in)
    session = DealerSession(DealerSettings(), computer="simple", seed=3)
    app = DealerApp(session, prepare=True)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause(0.05)
            if app.sub_title == PREPARING:
                break
        assert isinstance(app.screen, DealerScreen) and app.sub_title == PREPARING
        assert threads and threads[0] != threading.get_ident()  # off the screen's thread
        release.set()
        for _ in range(200):
            await pilot.pause(0.05)
            if app.sub_title == "":
                break
        assert app.sub_title == ""


def test_the_dealer_preparation_is_one_exact_decision() -> None:
    from pokerbonus.tui.prepare import prepare_dealer

    prepare_dealer()  # compiles or loads the kernels; raises if the call is wrong
