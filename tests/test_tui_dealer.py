"""Dealer mode at the terminal: the computer players decide off the screen's thread,
the hint, the rules screen with the return to player, the ledger, the setup
screen, and snapshots of the decision screen and the ledger.

The first tests hold the computer players' decision in its thread (an event the
test sets), so they can check what the screen does meanwhile: it is drawn, keys
are read, the person cannot act out of turn, and the decision is shown once it
arrives.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Switch

from pokerbonus.dealer import DealerAction, DealerSettings, DealerView
from pokerbonus.dealer.events import Exchanged, Folded, Kept
from pokerbonus.store import Store
from pokerbonus.tui.app import LedgerScreen, RulesScreen
from pokerbonus.tui.dealer_app import (
    DealerApp,
    DealerScreen,
    DealerSession,
    DealerSetupScreen,
    simple_decision,
)

SIZE = (140, 50)


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def until(pilot: Pilot[None], done: Callable[[], bool], seconds: float = 180) -> None:
    """Let the app run until ``done()`` (work in a thread: the hint, the rules' RTP)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            await pilot.pause()  # drawn
            return
        await pilot.pause(0.05)
    raise AssertionError("the screen never got there")


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
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "An exact tie" in screen_text(app)
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
        await pilot.pause(0.3)
        assert isinstance(app.screen, LedgerScreen) and "You left the table" in screen_text(app)
        hand = s.table.hand
        assert hand is not None and hand.actor == 1  # the late decision was not played
        saved = store.load_session(s.session_id)
        assert saved.status == "open" and saved.hands[-1].actions == ("keep",)
    back = DealerSession.resume(store, seed=4, computer="simple")
    assert back.resume_report.outcome == "resumed" and not back.in_hand


def seeded(seed: int = 3, **values: Any) -> DealerSession:
    return DealerSession(DealerSettings(**values), computer="simple", seed=seed)


async def test_q_shows_the_ledger_with_the_table_gone_and_one_more_q_quits() -> None:
    s = seeded()
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert s.view is not None and s.view.actor == 0
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        assert not app.query("#d-keep") and not app.query("#d-next")  # no table buttons left
        text = screen_text(app)
        assert "Session ledger" in text and "You left the table" in text
        assert "The hand is kept" in text  # left during a hand: it can be resumed
        await pilot.press("k", "f", "space")  # the table's keys do nothing any more
        await pilot.pause()
        assert s.view is not None and s.view.actor == 0 and not s.view.decided[0]
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_the_hint_shows_the_value_of_every_choice() -> None:
    s = seeded()
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await until(pilot, lambda: "best" in screen_text(app))
        view = s.view
        assert view is not None
        text = screen_text(app)
        assert "Expected result of each choice" in text
        for card in view.hole:
            assert f"exchange {card.unicode()}" in text  # as every other line writes it
        assert "fold" in text and "-5.000" in text and "keep" in text
        from pokerbonus.dealer.strategy import best_decision

        best = best_decision(view.hole, view.dealer_up[0], s.settings)
        row = next(line for line in text.splitlines() if "best" in line)
        assert f"{best.value:+.3f}" in row
        await pilot.press("k")  # the hint goes with the decision
        await pilot.pause()
        assert "Expected result" not in screen_text(app)


async def test_the_rules_screen_shows_the_rtp_and_the_tie_rule() -> None:
    app = DealerApp(seeded())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen))
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        text = rules.text  # what the screen's text box holds (it scrolls)
        assert "Return to player" in screen_text(app)  # shown first, without scrolling
        assert "Return to player with these settings, under the best play: 98.21%" in text
        assert "(exact)" in text and "house edge" in text
        assert "An exact tie with a qualifying dealer" in text and "are both returned" in text
        assert "He qualifies with ace-king high or better" in text


async def test_a_table_without_the_switch_offers_keep_and_fold_only() -> None:
    s = seeded(switch=False)
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#d-exchange").display
        assert not app.screen.query_one("#d-card-0").display
        await pilot.press("1", "x")
        await pilot.pause()
        assert s.view is not None and s.view.actor == 0  # nothing was exchanged
        assert "k keep (play wager 10) or f fold" in screen_text(app)


async def test_the_setup_screen_checks_every_setting_before_the_table() -> None:
    made: list[DealerSession] = []

    def make(settings: DealerSettings, person: dict[str, Any]) -> DealerSession:
        made.append(DealerSession(settings, name=person["name"], computer="simple", seed=1))
        return made[-1]

    app = DealerApp(settings=DealerSettings(), person={"name": "Zoe"}, make_session=make)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, DealerSetupScreen)
        setup.query_one("#field-bet", Input).value = "0"
        await pilot.press("f5")
        await pilot.pause()
        assert "bet: must be an integer from 1 to 1000000, got 0" in screen_text(app)
        assert not made
        setup.query_one("#field-bet", Input).value = "10"
        setup.query_one("#field-switch_fee", Input).value = ""
        setup.query_one("#pay-flush", Input).value = "x"
        await pilot.press("f5")
        await pilot.pause()
        assert "paytable: flush: must be an integer" in screen_text(app)
        setup.query_one("#pay-flush", Input).value = "5"
        setup.query_one("#field-switch", Switch).value = False
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, DealerScreen) and made
        s = made[0].settings
        assert (s.bet, s.switch_fee, s.switch, s.paytable.flush, s.players) == (
            10, 10, False, 5, 3,
        )  # fmt: skip
        assert made[0].person == "Zoe"


# -- snapshots: a change of these screens shows up as an SVG diff in review -----------


def test_snapshot_of_the_decision_screen_with_a_card_picked_and_the_hint(
    snap_compare: Callable[..., bool],
) -> None:
    async def hint(pilot: Pilot[None]) -> None:
        await pilot.press("2", "h")
        # the first exact decision of a fresh install compiles its kernels (tens of
        # seconds on a loaded 2-core machine)
        await until(pilot, lambda: "best" in screen_text(pilot.app))

    assert snap_compare(DealerApp(seeded()), terminal_size=(120, 34), run_before=hint)


def test_snapshot_of_the_ledger_after_a_hand(snap_compare: Callable[..., bool]) -> None:
    async def play_and_leave(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, DealerApp) and app.session is not None
        session = app.session
        await pilot.press("k")
        await until(pilot, lambda: session.view is not None and session.view.finished)
        await pilot.press("q")
        await asyncio.sleep(0)
        await pilot.pause()

    assert snap_compare(DealerApp(seeded()), terminal_size=(100, 24), run_before=play_and_leave)


# -- the setup's paytable, the results, the hand number and the log (issue 24) -------


async def test_the_setup_shows_the_whole_paytable_with_full_numbers_at_140_columns() -> None:
    app = DealerApp(settings=DealerSettings(), person={"name": "Zoe"}, make_session=None)
    async with app.run_test(size=(140, 60)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        pays = DealerSettings().paytable.to_dict()
        assert (pays["quads"], pays["straight_flush"], pays["royal_flush"]) == (
            20,
            50,
            100,
        )
        for words, pay in (("Four of a kind", 20), ("Straight flush", 50), ("Royal flush", 100)):
            assert re.search(rf"{words}▊\s+{pay}\s+▎", text), words  # the whole number shown
        assert "Full house" in text and "High card" in text


async def test_results_have_their_own_line_and_past_hands_are_logged() -> None:
    s = seeded()
    app = DealerApp(s)
    async with app.run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        assert "─ Hand 1 ─" in screen_text(app)
        stacks = [s.table.stacks[s.person]]
        for number in (1, 2):
            if number > 1:
                await pilot.press("space")
                await pilot.pause()
                assert f"─ Hand {number} ─" in screen_text(app)
            await pilot.press("k")
            await until(pilot, lambda: "Hand over" in screen_text(app))
            stacks.append(s.table.stacks[s.person])
        rows = screen_text(app).splitlines()
        cards = next(r for r in rows if "You " in r and "keeps" in r)
        result = rows[rows.index(cards) + 1]
        column = cards.index("keeps") + 14  # where the cards start: the result under them
        assert result[:column].strip("│ ") == ""
        assert any(words in result for words in ("wins", "loses", "push", "qualify"))
        log = [r.strip("│ ") for r in rows if re.match(r"│ Hand \d  ", r)]
        assert [line.split()[1] for line in log] == ["1", "2"]
        nets = [after - before for before, after in itertools.pairwise(stacks)]
        for line, net in zip(log, nets, strict=True):
            assert line.endswith(f"{net:+d}"), line
        assert [p.net for p in s.past] == nets
        assert "k Keep" not in screen_text(app)  # the footer: the keys of now
        assert "space Next hand" in screen_text(app)


def test_snapshot_of_the_setup_at_140_columns(snap_compare: Callable[..., bool]) -> None:
    app = DealerApp(settings=DealerSettings(), person={"name": "You"}, make_session=None)
    assert snap_compare(app, terminal_size=(140, 50))


def test_snapshot_of_two_hands_played_with_the_log(snap_compare: Callable[..., bool]) -> None:
    async def two_hands(pilot: Pilot[None]) -> None:
        app = pilot.app
        for key in ("k", "space", "k"):
            await pilot.press(key)
            await pilot.pause()
        await until(pilot, lambda: "Hand over" in screen_text(app))

    assert snap_compare(DealerApp(seeded()), terminal_size=(140, 36), run_before=two_hands)
