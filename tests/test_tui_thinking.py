"""The opponents at the terminal table think off the screen's thread
(:mod:`pokerbonus.tui.thinking`): while a bot's decision is held in its thread,
the screen is drawn, reads keys and refuses the person's actions out of turn;
the decision is played and shown once it arrives.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import pytest
from textual.app import App
from textual.pilot import Pilot

from pokerbonus.bots import Budget, GameInfo
from pokerbonus.engine.actions import Action
from pokerbonus.engine.views import SeatView
from pokerbonus.store import Store
from pokerbonus.tui.app import LedgerScreen, PlayApp, RulesScreen
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings
from pokerbonus.tui.table import decision_words

SIZE = (140, 50)
Decide = Callable[[SeatView, GameInfo, Budget], Action]


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class Held:
    """Every opponent's decisions wait for ``release``; the threads they ran in
    are remembered."""

    def __init__(self, s: PlaySession) -> None:
        self.release = threading.Event()
        self.threads: list[int] = []
        for bot in s.bots.values():
            bot.decide = self._wrap(bot.decide)  # type: ignore[method-assign, assignment]

    def _wrap(self, decide: Decide) -> Decide:
        def held(view: SeatView, info: GameInfo, budget: Budget) -> Action:
            self.threads.append(threading.get_ident())
            assert self.release.wait(timeout=20), "the test never released the decision"
            return decide(view, info, budget)

        return held


@pytest.fixture
def table() -> Iterator[tuple[PlaySession, Held]]:
    settings = PlaySettings.build({"game": "holdem", "opponents": 2, "level": "station"})
    s = PlaySession(settings, seed=2, store=Store("sqlite://"))
    held = Held(s)
    yield s, held
    held.release.set()  # never leave a thread waiting


async def call_first(pilot: Pilot[None], s: PlaySession) -> None:
    """The person acts first in this seeded hand: call, and the opponents think."""
    await pilot.pause()
    view = s.view
    assert view is not None and view.actor == view.seat and not s.bot_to_act
    await pilot.press("c")
    await pilot.pause(0.2)


async def wait_for_the_person(pilot: Pilot[None], s: PlaySession) -> None:
    for _ in range(500):
        if not s.bot_to_act:
            return
        await pilot.pause(0.02)
    raise AssertionError("the opponents never finished")


async def test_the_table_answers_while_an_opponent_thinks(
    table: tuple[PlaySession, Held],
) -> None:
    s, held = table
    app = PlayApp(session=s, bot_pause=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await call_first(pilot, s)
        assert s.bot_to_act and len(held.threads) == 1  # the first opponent is thinking
        assert held.threads[0] != threading.get_ident()  # ... in another thread
        view = s.view
        assert view is not None and view.actor != view.seat
        assert "Opponents are playing..." in screen_text(app)
        await pilot.press("c", "f")  # not the person's turn: refused
        await pilot.press("question_mark")  # the screen still reads keys
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert s.view == view  # nothing was played meanwhile
        held.release.set()
        await wait_for_the_person(pilot, s)
        await pilot.pause()
        after = s.view
        assert after is not None and after.actor == after.seat and after.legal is not None
        assert len(after.log) > len(view.log) and threading.get_ident() not in held.threads
        assert decision_words(after) in screen_text(app)
        await pilot.press("c")  # the person's turn: played, then the opponents think again
        await pilot.pause()
        later = s.view
        assert later is not None and len(later.log) > len(after.log)


async def test_leaving_while_an_opponent_thinks_keeps_the_hand_as_stored(
    table: tuple[PlaySession, Held],
) -> None:
    s, held = table
    app = PlayApp(session=s, bot_pause=0.01)
    async with app.run_test(size=SIZE) as pilot:
        await call_first(pilot, s)
        assert s.bot_to_act and held.threads
        view = s.view
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        held.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert s.in_hand and s.view == view  # the late decision was not played
        assert s.store.load_session(s.session_id).status == "open"
