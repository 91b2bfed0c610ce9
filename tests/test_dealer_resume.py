"""Dealer mode in the store: every step recorded, a cut hand resumed exactly or
voided with every chip back, through the store, the session and the screen."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from textual.app import App
from typer.testing import CliRunner

from pokerbonus.dealer import DealerAction, DealerSettings
from pokerbonus.errors import ConfigurationError, PokerError
from pokerbonus.store import Store
from pokerbonus.store.dealer_recorder import RecordedDealerTable, resume_dealer
from pokerbonus.tui.dealer_app import (
    DealerApp,
    DealerScreen,
    DealerSession,
    dealer_settings_from_options,
    simple_decision,
)

SETTINGS = DealerSettings(players=3, ante=2, bet=4, switch_fee=2, cave=40)


def held(table: object) -> int:
    """Chips at the table plus the bank's result: always everything bought."""
    from pokerbonus.dealer import DealerTable

    assert isinstance(table, DealerTable)
    return sum(table.stacks.values()) + table.carry + table.bank


def play_until_cut(store: Store, seed: int) -> tuple[RecordedDealerTable, int]:
    """Hands with rebuys, folds (a carried pot) and exchanges, then a hand cut after
    one decision; returns the recorder and the seat that decided."""
    rec = RecordedDealerTable.create(
        store, SETTINGS, ["ann", "bob", "cy"], seeds=random.Random(seed)
    )
    rng = random.Random(seed + 100)
    carried = False
    for number in range(12):
        for player in rec.table.sitting_out():
            rec.rebuy(player)
        if number == 2:
            rec.rebuy("bob")
        hand = rec.start_hand()
        everyone_folds = not carried and rng.random() < 0.3
        while not hand.finished:
            action = (
                DealerAction("fold") if everyone_folds
                else simple_decision(hand.view(hand.actor))
            )  # fmt: skip
            rec.act(action)
        carried = carried or rec.table.carry > 0
        rec.table.check_chips()
    assert carried, "the sequence should carry a pot over at least once"
    assert any(item.kind == "rebuy" for item in store.load_session(rec.session).ledger)
    for player in rec.table.sitting_out():
        rec.rebuy(player)
    hand = rec.start_hand()
    rec.act(simple_decision(hand.view(0)))
    return rec, 0


def test_a_cut_hand_is_resumed_exactly_and_plays_on_the_same() -> None:
    store = Store("sqlite://")
    rec, _ = play_until_cut(store, seed=11)
    cut = rec.table.hand
    assert cut is not None
    result = resume_dealer(store.load_session(rec.session), "resume", store=store)
    assert result.outcome == "resumed" and result.hand_number == 13
    back = result.table
    assert back.hand is not None and back.hand.view(None) == cut.view(None)
    assert back.stacks == rec.table.stacks and back.bought == rec.table.bought
    assert back.bank == rec.table.bank and back.carry == rec.table.carry
    assert result.recorded is not None
    while not cut.finished:  # both finish the hand the same way; the resumed one is stored
        action = simple_decision(cut.view(cut.actor))
        cut.act(action)
        result.recorded.act(action)
    assert back.hand is None and back.stacks == dict(zip(rec.table.dealt, cut.stacks, strict=True))
    saved = store.load_session(rec.session)
    assert saved.hands[-1].status == "finished" and saved.hands[-1].final_stacks == cut.stacks
    back.check_chips()
    assert held(back) == sum(back.bought.values())


def test_a_cut_hand_voided_returns_antes_and_wagers_and_leaves_the_bank() -> None:
    store = Store("sqlite://")
    rec, _ = play_until_cut(store, seed=12)
    cut = rec.table.hand
    assert cut is not None
    bank, carry = rec.table.bank, cut.carry_in
    before = dict(zip(rec.table.dealt, cut.starting_stacks, strict=True))
    result = resume_dealer(store.load_session(rec.session), "void", store=store)
    assert result.outcome == "voided" and result.hand_number == 13
    table = result.table
    assert table.hand is None
    assert {p: table.stacks[p] for p in before} == before  # ante and wager back
    assert table.bank == bank and table.carry == carry
    table.check_chips()
    assert held(table) == sum(table.bought.values())
    saved = store.load_session(rec.session)
    assert saved.hands[-1].status == "voided" and saved.unfinished is None
    assert result.recorded is not None
    result.recorded.start_hand()  # play goes on with hand 14
    assert store.load_session(rec.session).hands[-1].number == 14


def test_a_replay_that_does_not_match_falls_back_to_a_void() -> None:
    store = Store("sqlite://")
    rec = RecordedDealerTable.create(store, SETTINGS, ["ann", "bob", "cy"], seeds=random.Random(3))
    hand = rec.start_hand()
    rec.act(DealerAction("keep"))
    absent = next(c for c in hand.deck_order if c not in hand.hole_cards(1))
    saved = store.load_session(rec.session)
    pending = saved.unfinished
    assert pending is not None
    forged = dataclasses.replace(pending, actions=(*pending.actions, f"exchange {absent}"))
    hands = tuple(forged if h is pending else h for h in saved.hands)
    result = resume_dealer(dataclasses.replace(saved, hands=hands), "resume", store=store)
    assert result.outcome == "voided" and result.reason is not None
    assert f"does not hold {absent}" in result.reason
    assert result.table.stacks == {"ann": 40, "bob": 40, "cy": 40}
    assert store.load_session(rec.session).hands[-1].status == "voided"


def test_the_session_resumes_the_cut_hand_or_voids_it() -> None:
    outcomes = {}
    for policy in ("resume", "void"):
        store = Store("sqlite://")
        s = DealerSession(SETTINGS, computer="simple", seed=4, store=store, four_color=True)
        s.start_hand()
        s.act(DealerAction("keep"))
        s.start_hand()
        cut = s.view
        bought, bank = dict(s.table.bought), s.table.bank
        s.leave()  # in a hand: the session stays open
        back = DealerSession.resume(store, policy=policy, seed=9)
        outcomes[policy] = back.resume_report.outcome
        assert back.four_color and back.computer == "simple" and back.person == "You"
        assert back.table.bought == bought and back.table.bank == bank
        if policy == "resume":
            assert back.view == cut and "resumed where you left it" in back.resume_report.message
        else:
            assert back.view is None and "every ante and wager was returned" in (
                back.resume_report.message
            )
        back.table.check_chips()
    assert outcomes == {"resume": "resumed", "void": "voided"}


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_quit_mid_hand_and_resume_through_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(DealerScreen, "TURN_SECONDS", 0.05)
    store = Store("sqlite://")
    s = DealerSession(SETTINGS, computer="simple", seed=5, store=store)
    async with DealerApp(s).run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        cut = s.view
        assert cut is not None and cut.actor == 0
        await pilot.press("q")
        await pilot.pause()
    back = DealerSession.resume(store, seed=6)
    async with DealerApp(back).run_test(size=(140, 50)) as pilot:
        await pilot.pause()
        assert "resumed where you left it" in screen_text(pilot.app)
        assert back.view == cut
        await pilot.press("k")
        await pilot.pause(0.5)
        assert back.view is not None and back.view.finished
        back.table.check_chips()
        await pilot.press("q")
        await pilot.pause()
    with pytest.raises(PokerError, match="no open dealer session"):  # left between hands
        DealerSession.resume(store, seed=7)


def test_dealer_settings_from_flags_and_toml(tmp_path: Path) -> None:
    path = tmp_path / "dealer.toml"
    path.write_text(
        "[dealer]\nopponents = 1\nbet = 8\nfour_color = true\nqualifier = '44'\n"
        "[dealer.paytable]\nflush = 5\n",
        encoding="utf-8",
    )
    settings, person = dealer_settings_from_options(path, {"ante": 3, "bet": None})
    assert (settings.players, settings.ante, settings.bet, settings.switch_fee) == (2, 3, 8, 8)
    assert settings.paytable.flush == 5 and settings.paytable.straight == 3
    assert settings.qualifier.code == "44" and person["four_color"] is True
    settings, _ = dealer_settings_from_options(path, {"switch": False, "play_multiple": 3})
    assert not settings.switch and settings.play == 24  # flags win over the file
    path.write_text("blind = 2\n", encoding="utf-8")
    with pytest.raises(ConfigurationError, match="'blind' is not a dealer-mode setting"):
        dealer_settings_from_options(path, {})
    path.write_text("wager = 2\n", encoding="utf-8")
    with pytest.raises(ConfigurationError, match=r"'wager' is not a dealer-mode setting \(now"):
        dealer_settings_from_options(path, {})
    with pytest.raises(ConfigurationError, match="opponents: dealer mode seats 0 to 4"):
        dealer_settings_from_options(None, {"opponents": 9})


def test_the_command_stores_the_dealer_settings_and_refuses_a_bad_paytable(
    tmp_path: Path,
) -> None:
    import typer

    from pokerbonus.cli.play import play_command

    app = typer.Typer()
    app.command()(play_command)
    db = str(tmp_path / "d.db")
    result = CliRunner().invoke(app, ["--dealer", "--paytable", "bonus=3", "--db", db])
    assert result.exit_code == 2 and "unknown hand 'bonus'" in result.output
    result = CliRunner().invoke(app, ["--dealer", "--qualifier", "KA", "--db", db])
    assert result.exit_code == 2 and "qualifier: write the higher rank first" in result.output
    result = CliRunner().invoke(app, ["--bet", "5", "--db", db])
    assert result.exit_code == 2 and "go with --dealer" in result.output
    result = CliRunner().invoke(app, ["--dealer", "--resume", "--db", db])
    assert result.exit_code == 2 and "no open dealer session" in result.output


def test_the_four_colour_choice_comes_back_with_a_table_session() -> None:
    from pokerbonus.tui.session import PlaySession
    from pokerbonus.tui.settings import PlaySettings

    store = Store("sqlite://")
    values = {"opponents": 2, "level": "easy", "four_color": True, "name": "Zoe"}
    s = PlaySession(PlaySettings.build(values), seed=2, store=store)
    s.start_hand()
    s.leave()
    back = PlaySession.resume(store, seed=3)
    assert back.settings.four_color and back.settings.level == "easy" and back.person == "Zoe"
    back.leave()
    again = PlaySession.resume(store, seed=4, four_color=False)  # a flag overrides, and is kept
    assert not again.settings.four_color
    assert store.load_session(again.session_id).extras["four_color"] is False


FIRST_RULES = {  # what the first dealer-mode design stored (no rules version)
    "game": "dealer", "players": 2, "ante": 1, "wager": 5, "cave": 100,
    "paytable": {"straight": 1, "flush": 2, "full_house": 3, "quads": 10,
                 "straight_flush": 50, "royal_flush": 100},
}  # fmt: skip


def old_session(store: Store) -> int:
    """An open dealer session of the first rules, cut in the middle of a hand."""
    from pokerbonus.store import PlayerSpec

    sid = store.create_session(
        FIRST_RULES, [PlayerSpec("You", "human"), PlayerSpec("Alice", "bot", "best")],
        kind="dealer", extras={"computer": "best"},
    )  # fmt: skip
    for name in ("You", "Alice"):
        store.record_purchase(sid, name, 100, caves=1, after_hand=0, kind="sit")
    deck = list(range(52))
    store.start_hand(sid, 1, 0, [100, 100], 7, players=["You", "Alice"], deck=deck)
    store.record_action(sid, 1, 1, "exchange 2c", seat=0)
    return int(sid)


def test_an_old_session_is_refused_clearly_and_never_played_under_the_new_rules(
    tmp_path: Path,
) -> None:
    store = Store("sqlite://")
    sid = old_session(store)
    before = store.load_session(sid)
    with pytest.raises(PokerError, match=f"session {sid}: .*first dealer-mode rules"):
        DealerSession.resume(store)
    with pytest.raises(PokerError, match="cannot be resumed: start a new dealer session"):
        resume_dealer(store.load_session(sid), "void", store=store)
    assert store.load_session(sid) == before  # nothing voided, nothing written
    new = DealerSession(DealerSettings(players=2), computer="simple", seed=1, store=store)
    new.start_hand()
    new.leave()
    back = DealerSession.resume(store, seed=2)  # the newest open session of the new rules
    assert back.session_id == new.session_id and back.resume_report.outcome == "resumed"
    with pytest.raises(PokerError, match="first dealer-mode rules"):
        DealerSession.resume(store, sid)


def test_the_command_refuses_an_old_session_in_one_line(tmp_path: Path) -> None:
    import typer

    from pokerbonus.cli.play import play_command

    db = tmp_path / "old.db"
    sid = old_session(Store(str(db)))
    app = typer.Typer()
    app.command()(play_command)
    result = CliRunner().invoke(app, ["--dealer", "--resume", str(sid), "--db", str(db)])
    assert result.exit_code == 2 and "first dealer-mode rules" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_decide_write_apply_a_failed_write_leaves_the_table_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = Store("sqlite://")
    rec = RecordedDealerTable.create(store, SETTINGS, ["ann", "bob", "cy"], seeds=random.Random(1))
    hand = rec.start_hand()
    view = hand.view(None)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(store, "record_action", broken)
    with pytest.raises(OSError, match="disk full"):
        rec.act(DealerAction("keep"))
    assert hand.view(None) == view  # not applied
    monkeypatch.undo()
    with pytest.raises(PokerError, match="does not hold"):  # refused: nothing written
        rec.act(DealerAction("exchange", next(c for c in hand.deck_order[40:])))
    assert store.load_session(rec.session).hands[-1].actions == ()
    rec.act(DealerAction("keep"))
    assert store.load_session(rec.session).hands[-1].actions == ("keep",)
    monkeypatch.setattr(store, "record_rebuy", broken)
    while rec.table.hand is not None:
        rec.act(DealerAction("fold"))
    bought = dict(rec.table.bought)
    with pytest.raises(OSError):
        rec.rebuy("ann")
    assert rec.table.bought == bought
    monkeypatch.setattr(store, "start_hand", broken)
    with pytest.raises(OSError):
        rec.start_hand()
    assert rec.table.hand is None
