"""The kill pot at the terminal table (RULES.md section 8, "Kill pot", lowball
"look at two and kill"): after seeing two cards, the person is offered the kill
(any player may put it on, no earlier scoop needed) and takes it or declines it
by key and by button.

The session is seeded (ace-to-five draw, one ``station`` opponent who calls
everything): checking and standing pat until the offer comes to the person.
"""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Button, Static

from pokerbonus.engine.events import BlindPosted, Declined
from pokerbonus.engine.pots import Pot
from pokerbonus.engine.views import SeatView
from pokerbonus.store import Store
from pokerbonus.tui.app import PlayApp, RulesScreen
from pokerbonus.tui.render import live_pots, pots_text
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings

SIZE = (140, 50)
KILL_TABLE = {
    "game": "ace-to-five-draw", "opponents": 1, "level": "station",
    "kill": "full", "look_at_two": True,
}  # fmt: skip


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def kill_session(seed: int = 4, store: Store | None = None) -> PlaySession:
    store = store if store is not None else Store("sqlite://")
    return PlaySession(PlaySettings.build(KILL_TABLE), seed=seed, store=store)


async def play_to_the_kill_offer(pilot: Pilot[None], s: PlaySession) -> None:
    """Check, call and stand pat by keys, hand after hand, until the kill is offered."""
    for _ in range(200):
        view = s.view
        if view is not None and view.legal is not None and view.legal.decision == "kill":
            return
        if not s.in_hand:
            assert s.table.kill is not None and s.table.kill.killer in (None, s.person)
            await pilot.press("space")
        else:
            assert view is not None and view.legal is not None
            await pilot.press({"bet": "c", "draw": "s"}[view.legal.decision])
        await pilot.pause()
    raise AssertionError("no kill offer in 200 steps")


async def answer_the_kill_offer(
    pilot: Pilot[None], s: PlaySession, *, accept: bool, by_button: bool
) -> tuple[SeatView, int, SeatView]:
    """Play to the kill offer, then put the kill on (``y``, Accept) or decline it
    (``n``, Decline), by key or by button: the person's view before, their seat,
    and their view after."""
    await pilot.pause()
    await play_to_the_kill_offer(pilot, s)
    before = s.view
    assert before is not None and before.seat is not None
    if by_button:
        await pilot.click("#act-accept" if accept else "#act-decline")
    else:
        await pilot.press("y" if accept else "n")
    await pilot.pause()
    view = s.view
    assert view is not None and view.legal is not None
    return before, before.seat, view


async def test_the_kill_offer_is_shown_after_two_cards() -> None:
    s = kill_session()
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_to_the_kill_offer(pilot, s)
        # RULES.md section 8 (changed this month): offered with no scoop before, so
        # not only to a killer (before: after two scoops, in the third hand)
        assert s.plan is not None and s.plan.killer is None
        view = s.view
        assert view is not None and view.legal is not None and view.seat is not None
        assert view.actor == view.seat and view.legal.offer_amount == 4  # twice the big blind
        assert view.card_counts == (2, 2) and len(view.hole) == 2  # two cards seen so far
        text = screen_text(app)
        assert "Your turn: put the kill on for 4?" in text
        assert app.screen.query_one("#offer-actions").display
        assert not app.screen.query_one("#bet-actions").display
        assert str(app.screen.query_one("#act-accept", Button).label) == "Kill (4)"
        assert "Decline" in text
        assert text.count("▒▒") == 2  # the opponent's two cards, face down
        # the blinds are one pot both players may win, not a side pot of the big blind
        assert live_pots(view) == (Pot(3, (0, 1)),)
        assert "side pot" not in text and "Pot: 3" in text


@pytest.mark.parametrize("by_button", [False, True])
async def test_the_person_puts_the_kill_on(by_button: bool) -> None:
    s = kill_session()
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        before, seat, view = await answer_the_kill_offer(pilot, s, accept=True, by_button=by_button)
        posted = [e for e in view.log if isinstance(e, BlindPosted) and e.kind == "kill"]
        assert posted == [BlindPosted(seat, 4 - before.bets[seat], "kill")]
        assert view.bets[seat] == 4 and view.stacks[seat] == before.stacks[seat] - posted[0].amount
        assert len(view.hole) == 5 and view.card_counts == (5, 5)  # the deal goes on
        assert view.legal is not None and view.legal.decision == "bet"
        assert view.actor == seat  # the opponent called
        assert view.bets == (4, 4)
        text = screen_text(app)
        assert "You put the kill on: kill blind 4" in text
        assert "Your turn: check or raise." in text and "put the kill on for" not in text
        assert not app.screen.query_one("#offer-actions").display
        assert app.screen.query_one("#bet-actions").display
        assert "Raise to 8" in text  # the kill blind is the largest blind
        while s.in_hand:
            await pilot.press("c" if s.view is not None and s.view.decision == "bet" else "s")
            await pilot.pause()
        s.table.check_chips()
        stored = s.store.load_session(s.session_id).hands[-1]
        assert any('"kill"' in a for a in stored.actions), stored.actions


@pytest.mark.parametrize("by_button", [False, True])
async def test_the_person_declines_the_kill(by_button: bool) -> None:
    s = kill_session()
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        before, seat, view = await answer_the_kill_offer(
            pilot, s, accept=False, by_button=by_button
        )
        assert Declined(seat, "kill") in view.log
        assert not [e for e in view.log if isinstance(e, BlindPosted) and e.kind == "kill"]
        assert view.bets[seat] == before.bets[seat] == 2  # the big blind only
        assert view.stacks[seat] == before.stacks[seat]
        assert len(view.hole) == 5 and view.card_counts == (5, 5)
        assert view.legal is not None and view.legal.decision == "bet" and view.actor == seat
        text = screen_text(app)
        assert "You decline to kill" in text and "kill blind" not in text
        assert "Raise to 4" in text  # an ordinary hand: the big blind is 2
        assert not app.screen.query_one("#offer-actions").display


async def test_the_rules_screen_tells_the_kill() -> None:
    s = kill_session()
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "Ace-to-five lowball draw" in screen_text(app)
        text = str(app.screen.query_one("#rules-text", Static).render())
        assert text.startswith("Ace-to-five lowball draw") and "French" not in text
        assert "kill blind of twice the big blind" in text
        assert "Look at two and kill: after two cards, any player may put the kill on" in text


async def test_a_hand_left_at_the_kill_offer_is_resumed_at_the_offer() -> None:
    store = Store("sqlite://")
    s = kill_session(store=store)
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_to_the_kill_offer(pilot, s)
        at_offer = s.view
        await pilot.press("q")
        await pilot.pause()
    back = PlaySession.resume(store, seed=1)
    assert back.resume_report.outcome == "resumed" and back.view == at_offer
    app = PlayApp(session=back)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "put the kill on for 4?" in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert back.view is not None and back.view.bets == (4, 4)
        assert "You put the kill on: kill blind 4" in screen_text(app)


def test_bets_not_yet_called_are_not_a_side_pot() -> None:
    settings = PlaySettings.build({"game": "holdem", "opponents": 2, "level": "station"})
    s = PlaySession(settings, seed=2)
    s.start_hand()
    view = s.view
    assert view is not None and view.legal is not None and view.legal.decision == "bet"
    assert len(set(view.bets)) > 1 and min(view.stacks) > 0  # bets not yet called, no all-in
    everyone = tuple(range(view.players))
    assert live_pots(view) == (Pot(view.pot + sum(view.bets), everyone),)
    assert "side pot" not in pots_text(view, s.hand_players).plain
