"""Dealer mode at the terminal: the computer players decide off the screen's thread.

Each test holds the computer players' decision in its thread (an event the test
sets), so it can check what the screen does meanwhile: it is drawn, keys are
read, the person cannot act out of turn, and the decision is shown once it
arrives.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from textual.app import App

from pokerbonus.dealer import DealerAction, DealerSettings, DealerView
from pokerbonus.dealer.events import Exchanged, Folded, Kept
from pokerbonus.store import Store
from pokerbonus.tui.app import RulesScreen
from pokerbonus.tui.dealer_app import DealerApp, DealerScreen, DealerSession, simple_decision

SIZE = (140, 50)


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


class HeldDecisions:
    """The computer players' rule (:func:`simple_decision`), held until released,
    remembering the thread each decision ran in."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.threads: list[int] = []

    def __call__(self, view: DealerView) -> DealerAction:
        self.threads.append(threading.get_ident())
        assert self.release.wait(timeout=20), "the test never released the decision"
        return simple_decision(view)


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[HeldDecisions]:
    monkeypatch.setattr(DealerScreen, "TURN_SECONDS", 0.05)
    decisions = HeldDecisions()
    yield decisions
    decisions.release.set()  # never leave a thread waiting


def session(held: HeldDecisions, store: Store | None = None) -> DealerSession:
    s = DealerSession(DealerSettings(), computer="simple", seed=3, store=store)
    s._decide = held
    return s


async def test_the_screen_answers_while_a_computer_player_decides(held: HeldDecisions) -> None:
    s = session(held)
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = s.view
        assert view is not None and view.actor == view.seat == 0
        await pilot.press("k")
        await pilot.pause(0.2)
        assert s.computer_to_act and len(held.threads) == 1  # Alice's decision is held
        assert held.threads[0] != threading.get_ident()  # ... in another thread
        text = screen_text(app)
        assert f"{s.names[1]} is deciding..." in text
        assert not app.screen.query_one("#d-keep").display
        await pilot.press("f")  # not the person's turn: nothing happens
        await pilot.press("question_mark")  # the screen still reads keys
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and "An exact tie" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        view = s.view
        assert view is not None and view.actor == 1 and not view.folded[0]
        held.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause(0.6)  # the dealer's four cards are turned, one per tick
        final = s.view
        assert final is not None and final.finished
        assert len(held.threads) == 2 and threading.get_ident() not in held.threads
        text = screen_text(app)
        assert "Hand over" in text and "is deciding" not in text
        decided = {
            e.seat: "keeps" if isinstance(e, Kept) else
            "exchanges one" if isinstance(e, Exchanged) else "folds"
            for e in final.log if isinstance(e, Kept | Exchanged | Folded)
        }  # fmt: skip
        assert decided[0] == "keeps" and set(decided) == {0, 1, 2}
        for seat in (1, 2):  # each computer player's decision is shown in its row
            row = next(line for line in text.splitlines() if s.names[seat] in line)
            assert decided[seat] in row, (row, decided)
        s.table.check_chips()


async def test_leaving_while_a_computer_player_decides_keeps_the_hand_as_stored(
    held: HeldDecisions,
) -> None:
    store = Store("sqlite://")
    s = session(held, store)
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k")
        await pilot.pause(0.2)
        assert s.computer_to_act and held.threads
        await pilot.press("q")
        await pilot.pause()
        held.release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "You left the table" in screen_text(app)
        hand = s.table.hand
        assert hand is not None and hand.actor == 1  # the late decision was not played
        saved = store.load_session(s.session_id)
        assert saved.status == "open" and saved.hands[-1].actions == ("keep",)
    back = DealerSession.resume(store, seed=4, computer="simple")
    assert back.resume_report.outcome == "resumed" and not back.in_hand
