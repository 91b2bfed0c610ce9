"""The terminal table, finished: pilot tests of an evening of play without a snag.

Seeded games against scripted opponents (``tests/tui_scenes.py``): going broke
and what is offered then, computer opponents who go broke, the person left
alone; the amounts on the bet buttons at 80 columns; text boxes that give the
keys back; the exchange selection; the words of the status line and of the
refusals.
"""

from __future__ import annotations

import re

from textual.app import App
from textual.widgets import Button, Input
from tui_scenes import (
    at_the_draw,
    broke,
    facing_all_in,
    hand_over,
    play_until,
    scene,
)

from pokerbonus.engine.events import BetOrRaised, BetReturned, Drew, RoundEnded
from pokerbonus.tui.app import LedgerScreen, PlayApp, TableScreen
from pokerbonus.tui.render import describe_event, log_text, made_hand
from pokerbonus.tui.screens import BrokeScreen
from pokerbonus.tui.table import decision_words

NARROW = (80, 24)


def screen_text(app: App[None]) -> str:
    """Every character on the screen, as the terminal would show it."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def visible_labels(app: App[None], selector: str) -> list[str]:
    """The labels of the buttons shown under ``selector``."""
    buttons = app.screen.query(f"{selector} Button").results(Button)
    return [str(b.label) for b in buttons if b.display and b.visible]


def table(app: App[None]) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen), screen
    return screen


# -- 1. going broke ----------------------------------------------------------------


async def test_broke_the_table_offers_a_cave_and_the_seat_row_updates_at_once() -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen)  # told at once, with the choices
        text = screen_text(app)
        assert "You have no chips left." in text
        assert "Buy a cave (buy-in, 20 chips)" in text and "End the session" in text
        await pilot.press("escape")  # look at the table: nothing is frozen
        await pilot.pause()
        assert "Hand over. You have no chips left." in screen_text(app)
        await pilot.press("space")  # the next hand: the choice again, not nothing
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen)
        await pilot.press("b")
        await pilot.pause()
        table(app)
        assert s.stack() == 20
        text = screen_text(app)
        assert "You buy a cave: your stack is 20." in text
        assert f"{s.person:<14} stack    20" in text  # before the next deal
        await pilot.press("space")
        await pilot.pause()
        assert s.in_hand


async def test_broke_the_end_of_the_session_shows_the_ledger_best_hand_and_hands() -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)
    view = s.view
    assert view is not None
    best = made_hand(view.hole, view.board, s.config)
    assert best is not None
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.click("#broke-end")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)
        text = screen_text(app)
        assert "Hands you played: 1." in text
        assert f"Your best hand: {best.description}." in text
        for e in s.ledger():
            assert f"{e.player:<12}{e.caves:>7}{e.bought:>8}{e.stack:>8}{e.net:>+8}" in text
        assert s.store.load_session(s.session_id).status == "closed"
        # every player's statistics over the session's stored hands (docs/stats.md)
        players = s.summary().players
        assert sorted(p.name for p in players) == sorted(e.player for e in s.ledger())
        assert all(p.hands == 1 for p in players) and sum(p.net for p in players) == 0
        assert "VPIP" in text and "mbb" in text


async def test_broke_with_no_cave_left_the_session_ends_and_says_why() -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20, rebuy="limited", max_caves=1)
    assert play_until(s, broke, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen)
        text = screen_text(app)
        assert "The table allows 1 cave per player and you have bought 1 cave." in text
        assert not app.screen.query("#broke-rebuy")
        await pilot.press("b")  # no cave to buy: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen) and s.stack() == 0
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)


async def test_opponents_who_go_broke_buy_a_cave_and_the_log_says_so() -> None:
    s = scene(1, pushers=("Alice", "Bruno", "Chloe"), cave=20)
    assert play_until(s, broke, hands=1)
    bought = [e.player for e in s.ledger() if e.caves == 2]
    assert bought  # they lost their cave in the hand and bought one at its end
    for name in bought:
        assert s.table.stack(name) == 20
    app = PlayApp(session=s)
    async with app.run_test(size=(100, 50)) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        text = screen_text(app)
        for name in bought:
            assert f"{name} has no chips left and buys a cave of 20 chips." in text
            assert re.search(rf"{name}( \(D\))?\s+stack\s+20\b", text), name


async def test_an_opponent_who_cannot_buy_a_cave_leaves_the_table() -> None:
    s = scene(1, pushers=("Alice",), opponents=2, rebuy="limited", max_caves=1)
    assert play_until(s, lambda s: hand_over(s) and bool(s.opponents_gone()), hands=2, fold=True)
    assert s.opponents_gone() == ("Alice",)
    app = PlayApp(session=s)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert (
            "Alice has no chips left and leaves the table: "
            "the table allows 1 cave per player." in text
        )
        assert re.search(r"Alice( \(D\))?\s+stack\s+0\s+left", text)
        await pilot.press("space")
        await pilot.pause()
        assert s.in_hand and "Alice" not in s.hand_players


async def test_the_person_left_alone_is_told_and_the_session_ends() -> None:
    s = scene(2, pushers=("Alice",), opponents=1, rebuy="limited", max_caves=1)
    assert play_until(s, lambda s: s.alone, hands=3)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen)
        text = screen_text(app)
        assert "You are the last player at the table." in text
        assert not app.screen.query("#broke-rebuy")
        await pilot.press("escape", "space")  # no freeze: asked again
        await pilot.pause()
        assert isinstance(app.screen, BrokeScreen)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, LedgerScreen)


# -- 2. amounts on the bet buttons -------------------------------------------------


async def test_every_bet_button_shows_its_amount_at_80_columns() -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    view = s.view
    assert view is not None and view.legal is not None
    legal = view.legal
    assert legal.call_amount and legal.min_raise_to is not None
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        labels = visible_labels(app, "#bet-buttons")
        assert f"Call {legal.call_amount}" in labels
        assert f"Raise to {legal.min_raise_to}" in labels  # the minimum raise
        assert f"All-in {legal.max_raise_to}" in labels
        text = screen_text(app)
        for label in labels:
            assert label == "Fold" or re.search(r"\d+$", label), label
            assert label in text, label  # whole, on an 80-column screen
        await pilot.press("m")
        await pilot.pause()
        last = s.view
        assert last is not None
        raised = [e for e in last.log if isinstance(e, BetOrRaised) and e.seat == last.seat]
        assert [e.to for e in raised] == [legal.min_raise_to]


async def test_a_label_that_grows_is_shown_whole() -> None:
    s = scene(1)
    s.start_hand()
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert "Pot 4" in visible_labels(app, "#bet-buttons")
        await pilot.press("p", "1", "d")  # a pot bet, called; one card exchanged
        await pilot.pause()
        labels = visible_labels(app, "#bet-buttons")
        assert "Pot 20" in labels
        text = screen_text(app)
        for label in labels:
            assert label in text, label


async def test_facing_an_all_in_no_raise_shows_the_call_and_nothing_else() -> None:
    s = scene(2, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    view = s.view
    assert view is not None and view.legal is not None
    assert view.legal.min_raise_to is None
    call = view.legal.call_amount
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert visible_labels(app, "#bet-buttons") == ["Fold", f"Call {call}"]
        assert not app.screen.query_one("#bet-custom").display
        text = screen_text(app)
        assert f"Your turn: call {call} or fold" in text
        assert "Raise" not in text and "a All-in" not in text


# -- 3. text boxes -----------------------------------------------------------------


async def test_a_refused_typed_draw_empties_the_box_and_gives_the_keys_back() -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        hole = s.view.hole if s.view is not None else ()
        missing = next(c for c in s.table.deck if c not in hole)
        box = app.screen.query_one("#discard-text", Input)
        await pilot.click("#discard-text")
        await pilot.press(*str(missing), "enter")
        await pilot.pause()
        assert box.value == "" and app.screen.focused is None
        text = screen_text(app)
        assert "You do not hold" in text and "seat 0" not in text
        await pilot.press("4", "d")  # keys act again, and only the chosen card goes
        await pilot.pause()
        view = s.view
        assert view is not None
        mine = [e for e in view.log if isinstance(e, Drew) and e.seat == view.seat]
        assert mine and mine[0].cards == (hole[3],)


async def test_a_refused_amount_empties_the_box_and_the_next_key_acts() -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#amount", Input)
        await pilot.press("r")
        assert box.has_focus
        await pilot.press("a", "b", "c")  # not a number: refused by the box itself
        assert box.value == ""
        await pilot.press("5", "enter")  # below the minimum raise
        await pilot.pause()
        assert box.value == "" and app.screen.focused is None
        assert "You may raise to a total of 198 to 299 chips, not 5." in screen_text(app)
        before = s.view
        await pilot.press("c")  # calls: not typed into the box
        await pilot.pause()
        assert box.value == "" and s.view != before


async def test_digits_at_the_table_type_the_amount() -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press("2", "0")
        assert app.screen.query_one("#amount", Input).value == "20"
        assert "Raise to 20" in visible_labels(app, "#bet-custom")  # the button says it
        await pilot.press("0", "enter")
        await pilot.pause()
        view = s.view
        assert view is not None
        mine = [e for e in view.log if isinstance(e, BetOrRaised) and e.seat == view.seat]
        assert [e.to for e in mine] == [200] and app.screen.focused is None


async def test_escape_always_leaves_a_box_and_empties_it() -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        box = app.screen.query_one("#discard-text", Input)
        await pilot.click("#discard-text")
        await pilot.press("7", "h")
        assert box.has_focus and box.value == "7h"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.focused is None and box.value == ""
        await pilot.press("s")  # a key of the table again: stand pat
        await pilot.pause()
        view = s.view
        assert view is not None and any(
            isinstance(e, Drew) and e.seat == view.seat and e.count == 0 for e in view.log
        )


# -- 4. the exchange selection -----------------------------------------------------


async def test_the_chosen_cards_are_marked_lifted_and_counted() -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        screen = app.screen
        assert str(screen.query_one("#act-draw", Button).label) == "Exchange 0"
        await pilot.press("1", "3")
        await pilot.pause()
        cards = [screen.query_one(f"#card-{i}", Button) for i in range(5)]
        chosen = [i for i, b in enumerate(cards) if str(b.label).startswith("✕ ")]
        assert chosen == [0, 2]  # a marker, not a colour
        lifted = {b.region.y for i, b in enumerate(cards) if i in chosen}
        resting = {b.region.y for i, b in enumerate(cards) if i not in chosen}
        assert len(lifted) == 1 and len(resting) == 1 and lifted.pop() < resting.pop()
        assert str(screen.query_one("#act-draw", Button).label) == "Exchange 2"
        assert "Exchange 2" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert str(screen.query_one("#act-draw", Button).label) == "Exchange 1"
        assert not str(cards[0].label).startswith("✕")


# -- 5. words at the table ---------------------------------------------------------


async def test_the_status_says_what_is_owed() -> None:
    s = scene(1, pushers=("Alice",), caves=3)
    assert play_until(s, facing_all_in, hands=1)
    view = s.view
    assert view is not None and view.legal is not None
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        words = f"Your turn: call {view.legal.call_amount}, raise or fold."
        assert decision_words(view) == words and words in screen_text(app)


async def test_no_fold_before_the_opening_and_f_says_why() -> None:
    s = scene(1)
    s.start_hand()
    view = s.view
    assert view is not None and view.legal is not None
    assert view.legal.decision == "bet" and not view.legal.can_fold
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert "Fold" not in visible_labels(app, "#bet-buttons")  # no button: no fold exists
        text = screen_text(app)
        assert "Your turn: check or bet." in text
        assert "f Fold" not in text  # the footer shows the keys of now
        assert "d Exchange" not in text and "space Next hand" not in text
        await pilot.press("f")
        await pilot.pause()
        assert s.view == view  # nothing played, and the reason on the screen
        assert "There is no fold before the opening" in screen_text(app)
        await pilot.press("c")  # a valid action: the refusal goes
        await pilot.pause()
        assert "no fold before the opening" not in screen_text(app)


async def test_cards_typed_at_the_draw_go_to_the_box_without_tab() -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    view = s.view
    assert view is not None
    hole = view.hole
    assert str(hole[0]) == "8c" and str(hole[1]) == "As"
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert "Tab: type 7h 8c" in screen_text(app)  # how to type a card 1-5 would pick
        await pilot.press(*"8c As")  # 8 and A start a card; c and s then go to the box
        box = app.screen.query_one("#discard-text", Input)
        assert box.has_focus and box.value == "8c As"
        await pilot.press("enter")
        await pilot.pause()
        last = s.view
        assert last is not None
        mine = [e for e in last.log if isinstance(e, Drew) and e.seat == last.seat]
        assert mine and mine[0].cards == hole[:2]


async def test_a_refusal_goes_once_the_person_acts_again() -> None:
    s = scene(1)
    assert play_until(s, at_the_draw, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press("d")  # nothing chosen: refused
        await pilot.pause()
        words = "Choose the cards to exchange with keys 1 to 5, or stand pat (s)."
        assert words in screen_text(app)
        await pilot.press("2")  # a card chosen: the refusal is old news
        await pilot.pause()
        assert words not in screen_text(app)


async def test_refusals_name_the_person_not_a_seat() -> None:
    s = scene(1, name="Camille")
    assert play_until(s, at_the_draw, hands=1)
    app = PlayApp(session=s)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        screen = table(app)
        seat = s.person_seat
        assert seat is not None
        engine_words = f"discard: seat {seat} may not take four: another player already did"
        assert screen._in_words(engine_words) == (
            "discard: Camille may not take four: another player already did"
        )
        await pilot.click("#discard-text")
        await pilot.press(*"7h 7h", "enter")
        await pilot.pause()
        assert "You typed 7♥ twice." in screen_text(app)
        await pilot.click("#discard-text")
        await pilot.press(*"1x", "enter")
        await pilot.pause()
        assert "'1x' is not a card" in screen_text(app)
        assert not re.search(r"\bseat \d", screen_text(app))


def test_round_over_is_logged_once_after_an_all_in() -> None:
    """The betting round after the draw, where nobody can bet (every player
    all-in), has no ``round over`` line of its own: it would repeat the last one."""
    s = scene(1, pushers=("Alice",))
    assert play_until(s, hand_over, hands=1)
    view = s.view
    assert view is not None
    assert sum(isinstance(e, RoundEnded) for e in view.log) == 2  # the engine's two rounds
    log = log_text(view, s.hand_players, last=200).plain.split("\n")
    assert [line for line in log if "round over" in line] == ["-- round over, pot 400 --"]
    assert log.index("-- round over, pot 400 --") < log.index("Alice stands pat")


def test_a_round_with_bets_after_the_draw_keeps_its_line() -> None:
    s = scene(1)
    assert play_until(s, hand_over, hands=1)
    view = s.view
    assert view is not None
    log = log_text(view, s.hand_players, last=200).plain.split("\n")
    assert sum("round over" in line for line in log) == 2


def test_an_uncalled_bet_returned_to_the_person_is_lower_case() -> None:
    names = ("You", "Alice")
    line = describe_event(BetReturned(seat=0, amount=4), names)
    assert line is not None and line.plain == "4 uncalled returned to you"
    other = describe_event(BetReturned(seat=1, amount=4), names)
    assert other is not None and other.plain == "4 uncalled returned to Alice"
