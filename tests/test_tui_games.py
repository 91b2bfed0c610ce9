"""The terminal table plays every game of the rule book (issue "Play it"): a hold'em
hand and an Omaha high/low hand through the interface to the showdown, the setup
screen offering every game, no opponent hole card on screen before the showdown."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Select

from pokerbonus.cards import RANKS, SUIT_SYMBOLS
from pokerbonus.rules.catalog import CATALOG
from pokerbonus.store import Store
from pokerbonus.tui.app import PlayApp, SetupScreen
from pokerbonus.tui.render import say
from pokerbonus.tui.rules_text import rules_text
from pokerbonus.tui.session import PlaySession
from pokerbonus.tui.settings import PlaySettings, game_choices


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def game_session(game: str, seed: int, **values: object) -> PlaySession:
    base: dict[str, object] = {"opponents": 3, "level": "medium", "game": game}
    base.update(values)
    store = Store("sqlite://")
    return PlaySession(PlaySettings.build(base), seed=seed, store=store, bot_samples=20)


def card_words(card: int) -> str:
    return RANKS[card // 4] + SUIT_SYMBOLS[card % 4]


async def call_down(pilot: Pilot[None], s: PlaySession, app: App[None]) -> None:
    """Check or call to the showdown; at every step no hidden opponent card is on screen."""
    hand = s.table.hand
    for _ in range(100):
        view = s.view
        if not s.in_hand or hand is None or view is None or view.legal is None:
            break
        text = screen_text(app)
        visible = set(view.hole) | set(view.board) | {c for up in view.up_cards for c in up}
        for seat in range(view.players):
            if seat != view.seat:
                for card in hand.hole_cards(seat):
                    if card not in visible:
                        assert card_words(card) not in text, (card_words(card), seat)
        key = {"bet": "c", "draw": "s", "discard": "d"}[view.legal.decision]
        if view.legal.decision == "discard":
            for i in range(view.legal.discard_count):
                await pilot.press(str(i + 1))
        await pilot.press(key)
        await pilot.pause()


async def test_setup_offers_every_game_of_the_rule_book() -> None:
    assert [key for key, _ in game_choices()] == ["draw", *CATALOG]
    app = PlayApp(PlaySettings())
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        assert screen.query_one("#row-max_discard").display
        assert not screen.query_one("#row-small_blind").display
        screen.query_one("#field-game", Select).value = "holdem"
        await pilot.pause()
        assert not screen.query_one("#row-max_discard").display
        assert screen.query_one("#row-small_blind").display
        assert screen.query_one("#row-straddle").display
        values = screen.values()
        assert values["game"] == "holdem" and "max_discard" not in values
        assert PlaySettings.build(values).config.game == "holdem"


async def test_a_holdem_hand_through_the_interface_to_the_showdown() -> None:
    for seed in range(1, 40):
        s = game_session("holdem", seed)
        app = PlayApp(session=s)
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await call_down(pilot, s, app)
            final = s.view
            assert final is not None and final.finished
            if not final.shown:
                continue  # everyone else folded: try another deal
            text = screen_text(app)
            assert "Board:" in text and len(final.board) == 5
            for seat, _cards in final.shown:
                assert say(s.hand_players[seat], "shows") + " " in text
            for result in final.pot_results:
                for seat, chips in result.shares:
                    assert say(s.hand_players[seat], "wins") + f" {chips}" in text
            assert "You wins" not in text and "bets or raises" not in text
            return
    raise AssertionError("no hold'em showdown in 39 deals")


async def test_an_omaha_hi_lo_hand_names_both_halves() -> None:
    for seed in range(1, 60):
        s = game_session("omaha-hi-lo", seed, betting="pot-limit")
        app = PlayApp(session=s)
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.pause()
            await call_down(pilot, s, app)
            final = s.view
            assert final is not None and final.finished
            if not final.shown:
                continue
            text = screen_text(app)
            assert "high: " in text and "high half" in text and "low half" in text
            if any(r.low_winners for r in final.pot_results):
                assert "low: " in text
                return
    raise AssertionError("no Omaha high/low showdown with a low in 59 deals")


async def test_bots_act_one_at_a_time_with_a_pause() -> None:
    s = game_session("holdem", 3)
    app = PlayApp(session=s, bot_pause=0.01)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        for _ in range(200):
            if not s.bot_to_act:
                break
            await pilot.pause(0.02)
        assert not s.bot_to_act and s.in_hand
        view = s.view
        assert view is not None and view.actor == view.seat


def test_the_rules_screen_names_each_game_of_the_catalog() -> None:
    for key, entry in CATALOG.items():
        config = PlaySettings.build({"game": key, "opponents": 2}).config
        text = rules_text(config)
        assert text.splitlines()[0] == entry.name, key
        assert "French" not in text and "parole" not in text, key  # the draw's own rules
        big = config.effective_blinds[1]  # the big blind field is unset: its default
        forced = f"big blind {big}" if config.forced == "blinds" else "bring-in"
        assert forced in text, key
