"""The terminal table through Textual's pilot: whole hands played by keys and clicks.

Bots are ``station`` (they call everything and draw by the standard table) and
every session is seeded, so each hand is the same on every run.
"""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input, Static

from pokerbonus.cards import Card
from pokerbonus.engine.events import Drew
from pokerbonus.engine.state import Hand
from pokerbonus.store import Store
from pokerbonus.tui.app import LedgerScreen, PlayApp, SetupScreen, TableScreen
from pokerbonus.tui.render import card_text, say
from pokerbonus.tui.screens import BrokeScreen
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings

SIZE = (140, 50)


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def session(seed: int = 1, **values: object) -> PlaySession:
    base: dict[str, object] = {"opponents": 3, "level": "station"}
    base.update(values)
    return PlaySession(PlaySettings.build(base), seed=seed, store=Store("sqlite://"))


async def play_simply(pilot: Pilot[None], s: PlaySession) -> None:
    """One decision by keys: check/call, stand pat, decline offers."""
    view = s.view
    assert view is not None and view.legal is not None
    key = {"bet": "c", "draw": "s", "buy_pot": "n", "surblind": "n"}[view.legal.decision]
    await pilot.press(key)


async def test_setup_screen_refuses_an_invalid_choice_with_the_message() -> None:
    made: list[PlaySession] = []

    def make(settings: PlaySettings) -> PlaySession:
        made.append(PlaySession(settings, seed=2))
        return made[-1]

    app = PlayApp(PlaySettings(), make_session=make)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#field-max_discard", Input).value = "4"
        await pilot.click("#play")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        error = str(app.screen.query_one("#setup-error", Static).render())
        assert error == "max_discard: must be 3 or 5, got 4"
        assert "max_discard: must be 3 or 5, got 4" in screen_text(app)
        assert made == []
        app.screen.query_one("#field-opponents", Input).value = "9"
        app.screen.query_one("#field-max_discard", Input).value = "5"
        await pilot.pause(0.3)  # a button ignores clicks while it shows the last one
        await pilot.click("#play")
        await pilot.pause()
        assert (
            "opponents: French five-card draw is played against 1 to 7 computer opponents, got 9"
            in screen_text(app)
        )
        app.screen.query_one("#field-opponents", Input).value = "2"
        await pilot.pause(0.3)
        await pilot.click("#play")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert made[0].config.max_discard == 5 and made[0].config.players == 3


async def test_a_draw_hand_with_a_discard_by_clicks_then_by_typing() -> None:
    s = session(seed=4)
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for discard_by_typing in (False, True):
            while (
                s.view is not None
                and s.view.legal is not None
                and (s.view.legal.decision != "draw")
            ):
                await play_simply(pilot, s)
            view = s.view
            assert view is not None and view.legal is not None
            before = view.hole
            if discard_by_typing:
                box = app.screen.query_one("#discard-text", Input)
                box.value = f"{before[2]} {before[4]}"
                await pilot.click("#discard-text")
                await pilot.press("enter")
                thrown = (before[2], before[4])
            else:
                await pilot.click("#card-0")
                await pilot.click("#card-3")
                assert "Exchange 2" in screen_text(app)
                await pilot.press("d")
                thrown = (before[0], before[3])
            await pilot.pause()
            after = s.view
            assert after is not None
            mine = [e for e in after.log if isinstance(e, Drew) and e.seat == after.seat]
            assert mine and set(mine[0].cards) == set(thrown)
            assert len(after.hole) == 5 and not set(thrown) & set(after.hole)
            assert set(before) - set(thrown) <= set(after.hole)
            assert "You exchange 2" in screen_text(app)
            while s.in_hand:
                await play_simply(pilot, s)
            await pilot.pause()
            final = s.view
            assert final is not None and final.finished
            text = screen_text(app)
            assert "Hand over" in text
            for seat, _cards in final.shown:  # every shown hand is named in words
                assert say(s.hand_players[seat], "shows") + " " in text
            for result in final.pot_results:
                for seat, chips in result.shares:
                    assert say(s.hand_players[seat], "wins") + f" {chips}" in text
            await pilot.press("space")
            await pilot.pause()


async def test_an_all_in_with_a_side_pot() -> None:
    s = session(seed=7)
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(20):  # plain hands until the opponents' stacks differ
            while s.in_hand:
                await play_simply(pilot, s)
            stacks = {e.player: e.stack for e in s.ledger() if e.player != s.person}
            if len(set(stacks.values())) > 1:
                break
            await pilot.press("space")
        assert len(set(stacks.values())) > 1
        await pilot.press("b", "b")  # two more caves: the person covers everyone
        assert s.stack() > max(stacks.values())
        await pilot.press("space")
        while s.view is not None and s.view.legal is not None and s.view.legal.decision != "bet":
            await play_simply(pilot, s)
        await pilot.press("a")
        await pilot.pause()
        # the station opponents call all-in: side pots are built and shown at once
        text = screen_text(app)
        assert "all-in" in text and "side pot 1" in text
        while s.in_hand:
            await play_simply(pilot, s)
        await pilot.pause()
        final = s.view
        assert final is not None and len(final.pot_results) >= 2
        assert "Side pot 1" in screen_text(app)
        main = final.pot_results[0]
        assert len(main.eligible) == 4
        assert all(len(p.eligible) < len(main.eligible) for p in final.pot_results[1:])
        s.table.check_chips()


async def test_a_rebuy_between_hands_and_the_ledger_on_leaving() -> None:
    s = session(seed=11, cave=5)
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(40):  # all-in every hand until the person is broke
            while s.in_hand:
                view = s.view
                assert view is not None and view.legal is not None
                can_raise = view.legal.min_raise_to is not None
                await pilot.press(
                    "a" if can_raise else "c" if view.legal.decision == "bet" else "s"
                )
            if s.stack() == 0:
                break
            await pilot.press("space")
        assert s.stack() == 0
        assert isinstance(app.screen, BrokeScreen)  # no freeze: a cave or the end is offered
        assert "You have no chips left." in screen_text(app)
        await pilot.click("#broke-rebuy")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert s.stack() == 5
        text = screen_text(app)
        assert "You buy a cave: your stack is 5." in text
        assert f"{s.person:<14} stack     5" in text  # the seat row at once
        me = next(e for e in s.ledger() if e.player == s.person)
        assert me.caves == 2 and me.bought == 10
        await pilot.press("space")
        await pilot.pause()
        assert s.in_hand
        while s.in_hand:
            await play_simply(pilot, s)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        text = screen_text(app)
        assert "Session ledger" in text
        for e in s.ledger():
            assert f"{e.player:<12}{e.caves:>7}{e.bought:>8}{e.stack:>8}{e.net:>+8}" in text
        assert sum(e.net for e in s.ledger()) == 0
        assert s.store.load_session(s.session_id).status == "closed"


async def test_the_screen_never_shows_an_opponents_hidden_card() -> None:
    for seed in (1, 2, 3):
        s = session(seed=seed, level="random", opponents=4)
        four = s.settings.four_color
        app = PlayApp(session=s)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(3):  # hands
                hand = s.table.hand
                assert isinstance(hand, Hand)
                seen: set[Card] = set()
                steps = 0
                while True:
                    view = s.view
                    assert view is not None and view.seat is not None
                    seen |= set(view.hole)
                    shown = {c for _, cards in view.shown for c in cards}
                    text = screen_text(app)
                    for seat in range(hand.n):
                        if seat == view.seat:
                            continue
                        for card in hand.hole_cards(seat):
                            if card in seen or card in shown:
                                continue
                            assert card_text(card, four).plain not in text, (seed, steps, card)
                    if not s.in_hand:
                        break
                    steps += 1
                    legal = view.legal
                    assert legal is not None
                    if legal.decision == "draw":
                        await pilot.press("1", "3", "d")
                    elif legal.decision == "bet" and legal.can_fold and steps % 5 == 0:
                        await pilot.press("f")
                    else:
                        await play_simply(pilot, s)
                    await pilot.pause()
                if s.stack() == 0:
                    await pilot.press("b")
                await pilot.press("space")
                await pilot.pause()


async def test_a_hand_left_in_the_middle_is_resumed_from_the_store() -> None:
    store = Store("sqlite://")
    s = PlaySession(PlaySettings.build({"opponents": 2, "level": "station"}), seed=5, store=store)
    app = PlayApp(session=s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        before = s.view
        await pilot.press("q")
        await pilot.pause()
        assert "--resume" in screen_text(app)
    back = PlaySession.resume(store, seed=6)
    assert back.resume_report.outcome == "resumed"
    app = PlayApp(session=back)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "resumed where you left it" in screen_text(app)
        assert back.view == before


async def test_a_dealer_mode_hand_with_an_exchange_and_the_rules_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pokerbonus.dealer import DealerSettings
    from pokerbonus.dealer.events import DealerCardTurned, Exchanged, WagerSettled
    from pokerbonus.tui.dealer_app import DealerApp, DealerScreen, DealerSession

    monkeypatch.setattr(DealerScreen, "TURN_SECONDS", 0.05)
    store = Store("sqlite://")
    s = DealerSession(DealerSettings(), computer="simple", seed=3, store=store)
    app = DealerApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        view = s.view
        assert view is not None and view.actor == view.seat == 0
        assert len(view.dealer_up) == 1  # the first dealer card is turned before deciding
        text = screen_text(app)
        assert card_text(view.dealer_up[0]).plain in text
        assert text.count("▒▒") == 4 + 5 * 2  # the dealer's four and both opponents' hands
        await pilot.press("question_mark")
        for _ in range(200):  # the rules screen comes once its return to player is known
            if type(app.screen).__name__ == "RulesScreen":
                break
            await pilot.pause(0.05)
        await pilot.pause()
        rules = screen_text(app)
        assert "Return to player" in rules and "push" in rules
        await pilot.press("escape")
        given_up = view.hole[2]
        await pilot.press("3", "x")
        await app.workers.wait_for_complete()  # the computer players decide in a thread
        await pilot.pause(0.5)
        final = s.view
        assert final is not None and final.finished
        assert len([e for e in final.log if isinstance(e, DealerCardTurned)]) == 5
        mine = [e for e in final.log if isinstance(e, Exchanged) and e.seat == 0]
        assert mine and mine[0].discarded == given_up and given_up not in final.hole
        text = screen_text(app)
        assert "Hand over" in text
        settled = {e.seat: e for e in final.log if isinstance(e, WagerSettled)}
        words = {"win": "wins", "push": "push", "lose": "loses", "no_qualify": "not qualify"}
        assert words[settled[0].outcome] in text
        saved = store.load_session(s.session_id)
        assert saved.kind == "dealer" and saved.hands[0].actions[0] == f"exchange {given_up}"
        s.table.check_chips()
