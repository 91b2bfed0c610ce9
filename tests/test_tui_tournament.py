"""The terminal tournament (``pokerbonus play --tournament``, RULES.md section 11):
the session's levels, eliminations, rebuys and deals, its storage (hands with the
tournament fields, PHH and PokerStars text, replay), resuming it, the command's
errors, and the screen's keys."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from tournament_scenes import FakeClock, Scripted, person_action, play_until, tournament_scene
from typer.testing import CliRunner

from pokerbonus.cli.history import export_session
from pokerbonus.cli.play import play_command
from pokerbonus.engine.tournament_config import preset
from pokerbonus.errors import NotationError, PokerError, TournamentError
from pokerbonus.notation import loads
from pokerbonus.notation.replay import replay_file
from pokerbonus.store import Store
from pokerbonus.store.tournament_recorder import replay_tournament
from pokerbonus.tui.tournament import (
    DealScreen,
    IcmScreen,
    OverScreen,
    ResultsScreen,
    TournamentApp,
    TournamentScreen,
)
from pokerbonus.tui.tournament_session import TournamentSession, place_words


def _one_hand(s: TournamentSession, push: bool = False) -> None:
    s.start_hand()
    while s.in_hand and not s.awaiting_rebuy:
        s.act(person_action(s, push))


# -- the session -----------------------------------------------------------------------


def test_levels_rise_by_hands_and_are_announced() -> None:
    s = tournament_scene(1)
    s.start_hand()
    assert s.table_notes == ["Level I: 10/20."]
    while s.in_hand:
        s.act(person_action(s, False))
    assert all("Level" not in note for note in s.table_notes)
    for _ in range(5):
        _one_hand(s)
    assert s.clock().number == 2 and s.clock().hands_left == 6
    s.start_hand()
    assert s.table_notes[0] == "Level II: 20/40."
    assert s.tournament.tables[1].hand is not None
    assert s.tournament.tables[1].hand.stakes.blinds == (20, 40)


def test_a_level_in_minutes_moves_on_with_the_clock_played() -> None:
    clock = FakeClock(500.0)
    s = tournament_scene(1, config=preset("home"), clock=clock)
    _one_hand(s)
    assert s.clock().number == 1
    clock.now += 15 * 60 + 1
    assert s.clock().number == 2
    _one_hand(s)
    assert s.tournament.level == 2


def test_a_bust_is_announced_with_its_place() -> None:
    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: len(s.tournament.players_left()) < 6, push=True)
    out = [f for f in s.tournament.finishes]
    assert out and out[0].place == 6
    assert any(f"{out[0].player} is out in 6th place" in note for note in s.table_notes)


def test_places_in_words() -> None:
    assert [place_words(n) for n in (1, 2, 3, 4, 12, 22, 23)] == [
        "1st", "2nd", "3rd", "4th", "12th", "22nd", "23rd"
    ]  # fmt: skip


def test_out_of_chips_in_the_rebuy_period_the_person_chooses() -> None:
    store = Store("sqlite://")
    s = tournament_scene(2, ("Alice",), config=preset("french-pot"), store=store)
    _one_hand(s, push=True)
    assert s.awaiting_rebuy and s.broke and s.in_hand
    with pytest.raises(PokerError):
        s.start_hand()
    s.settle_bust(True)
    assert not s.awaiting_rebuy and s.stack() == 500 and s.tournament.rebuys[s.person] == 1
    saved = store.load_session(s.session_id)
    assert [(x.player, x.kind, x.chips) for x in saved.ledger if x.kind == "rebuy"] == [
        (s.person, "rebuy", 500)
    ]
    assert s.can_deal()


def test_out_of_chips_the_person_may_leave_instead() -> None:
    s = tournament_scene(2, ("Alice",), config=preset("french-pot"))
    _one_hand(s, push=True)
    s.settle_bust(False)
    assert s.over and s.finish is not None and s.finish.place == 6
    assert "You are out in 6th place." in s.table_notes


def test_the_opponents_refuse_a_chip_chop_below_their_icm_and_accept_an_icm_deal() -> None:
    store = Store("sqlite://")
    s = tournament_scene(19, ("Alice",), store=store)
    assert play_until(s, lambda s: len(s.tournament.players_left()) == 3, push=True)
    assert s.deal_possible() and s.deal_due() and not s.deal_due()  # offered once at 3
    chop = s.propose_deal("chips")
    assert not chop.made and not s.over
    short = [p for p in s.tournament.players_left() if p != s.person]
    assert set(chop.refused) == set(short)
    assert all(chop.amounts[p] < chop.equities[p] for p in short)
    deal = s.propose_deal("icm")
    assert deal.made and s.over and s.tournament.finished
    left = sorted(deal.amounts)
    assert sum(deal.amounts.values()) == sum(s.tournament.place_prizes())
    assert {st.player: st.prize for st in s.standings() if st.player in left} == dict(deal.amounts)
    assert store.load_session(s.session_id).status == "closed"
    with pytest.raises(TournamentError):
        s.propose_deal("icm")


# -- storage, export and replay ------------------------------------------------------------


def test_tournament_hands_are_stored_with_the_tournament_fields(tmp_path: Path) -> None:
    store = Store("sqlite://")
    s = tournament_scene(19, ("Alice",), store=store)
    assert play_until(s, lambda s: len(s.tournament.players_left()) < 6, push=True)
    saved = store.load_session(s.session_id)
    assert saved.kind == "tournament" and saved.config["name"] == "quick"
    last = saved.finished_hands[-1]
    info = last.info
    assert info["tournament"] == s.tournament.id == s.session_id
    assert (info["level"], info["small_blind"], info["big_blind"], info["ante"]) == (
        s.tournament.level, 10 * [1, 2, 3][info["level"] - 1], 20 * [1, 2, 3][info["level"] - 1], 0
    )  # fmt: skip
    [history] = loads(last.phh or "")
    assert history.event == f"Poker Bonus tournament #{s.session_id} (quick)"
    assert history.level == info["level"] and history.table == 1 and history.seat_count == 6
    assert history.extra_fields["_tournament"] == s.session_id
    busted = s.tournament.finishes[0]
    assert history.players is not None
    places = dict(zip(history.players, history.extra_fields["_places"], strict=True))
    assert places[busted.player] == busted.place == 6
    assert sorted(v for k, v in places.items() if k != busted.player) == [0] * (len(places) - 1)


def test_tournament_hands_export_and_replay(tmp_path: Path) -> None:
    store = Store("sqlite://")
    s = tournament_scene(19, ("Alice",), store=store)
    assert play_until(s, lambda s: s.tournament.level >= 2, push=False)
    saved = store.load_session(s.session_id)
    assert len(list(replay_tournament(saved))) == len(saved.finished_hands) > 6
    text = export_session(store, s.session_id, "pokerstars", hand=1)
    assert text.startswith(
        f"PokerStars Hand #1: Tournament #{s.session_id}, Hold'em No Limit - Level I (10/20)"
    )
    assert f"Dealt to {s.person} [" in text
    seventh = export_session(store, s.session_id, "pokerstars", hand=7)
    assert "- Level II (20/40)" in seventh.splitlines()[0]
    path = tmp_path / "tournament.phhs"
    path.write_text(export_session(store, s.session_id, "phh"), encoding="utf-8")
    results = replay_file(path)
    assert len(results) == len(saved.finished_hands) and all(r.ok for r in results)


# -- resuming -------------------------------------------------------------------------


def test_resume_between_hands_brings_back_level_stacks_seats_and_clock() -> None:
    store = Store("sqlite://")
    clock = FakeClock(100.0)
    s = tournament_scene(19, ("Alice",), config=preset("home"), store=store, clock=clock)
    for _ in range(3):
        _one_hand(s)
    clock.now += 16 * 60  # past level I's 15 minutes
    _one_hand(s)
    played = s.now()
    before = s.tournament.to_dict()
    left_at = s.clock()
    s.leave()
    back = TournamentSession.resume(store, clock=FakeClock(5.0))
    assert back.session_id == s.session_id and back.resume_report.outcome == "nothing"
    assert back.tournament.to_dict() == before
    assert back.now() == pytest.approx(played)
    assert back.clock() == left_at and back.clock().number == 2
    assert back.person == s.person and back.can_deal()
    _one_hand(back)
    assert back.table.hands_played == 5


def test_resume_in_the_middle_of_a_hand_replays_it() -> None:
    store = Store("sqlite://")
    s = tournament_scene(19, ("Alice",), store=store)
    _one_hand(s)
    s.start_hand()
    hand = s.tournament.tables[1].hand
    assert hand is not None
    snapshot = hand.snapshot()
    s.leave()
    back = TournamentSession.resume(store, s.session_id)
    assert back.resume_report.outcome == "resumed" and back.resume_report.hand == 2
    again = back.tournament.tables[1].hand
    assert again is not None and again.snapshot() == snapshot
    assert back.view is not None and back.view.hole == s.view.hole  # type: ignore[union-attr]


def test_resume_with_void_gives_the_chips_back() -> None:
    store = Store("sqlite://")
    s = tournament_scene(19, ("Alice",), store=store)
    _one_hand(s)
    stacks = dict(s.tournament.stacks)
    s.start_hand()
    back = TournamentSession.resume(store, policy="void")
    assert back.resume_report.outcome == "voided" and not back.in_hand
    assert back.tournament.stacks == stacks
    _one_hand(back)  # the next hand takes the next number in the store
    assert [h.status for h in store.hands(s.session_id)] == ["finished", "voided", "finished"]


def test_resume_with_nothing_to_resume_says_so() -> None:
    with pytest.raises(PokerError, match="no tournament in progress"):
        TournamentSession.resume(Store("sqlite://"))
    store = Store("sqlite://")
    s = tournament_scene(2, ("Alice",), config=preset("french-pot"), store=store)
    _one_hand(s, push=True)
    s.settle_bust(False)
    s.leave()
    with pytest.raises(PokerError, match="is over"):
        TournamentSession.resume(store, s.session_id)


# -- the command --------------------------------------------------------------------------


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command()(play_command)
    return app


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "play.db")
    result = CliRunner().invoke(_app(), ["--tournament", "turbo", "--db", db])
    assert result.exit_code == 2
    assert "unknown" in result.output or "expected a preset" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(_app(), ["--tournament", str(tmp_path / "x.toml"), "--db", db])
    assert result.exit_code == 2 and "cannot read" in result.output
    result = CliRunner().invoke(_app(), ["--tournament", "quick", "--dealer", "--db", db])
    assert result.exit_code == 2 and "--tournament goes with a new tournament" in result.output
    result = CliRunner().invoke(_app(), ["--resume", "--db", db])
    assert result.exit_code == 2
    assert "no open table session or tournament" in result.output
    result = CliRunner().invoke(_app(), ["--tournament", "quick", "--jokers", "1", "--db", db])
    assert result.exit_code == 2 and "--jokers belong to a cash table" in result.output


def test_resume_finds_the_newest_open_tournament(tmp_path: Path) -> None:
    from pokerbonus.cli.play_tournament import newest_open_kind

    store = Store(tmp_path / "t.db")
    assert newest_open_kind(store, None) is None
    s = tournament_scene(1, store=store)
    _one_hand(s)
    s.leave()
    assert newest_open_kind(store, None) == "tournament"
    assert newest_open_kind(store, s.session_id) == "tournament"


# -- the screen ---------------------------------------------------------------------------


async def test_keys_show_icm_and_leaving_saves_the_tournament() -> None:
    store = Store("sqlite://")
    s = tournament_scene(1, store=store)
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        panel = str(app.screen.query_one("#tournament").render())
        assert "Level I: 10/20" in panel and "next level in 6 hands: 20/40" in panel
        assert "Players left 6 of 6" in panel and "1st 39, 2nd 21" in panel
        await pilot.press("i")
        assert isinstance(app.screen, IcmScreen)
        await pilot.press("escape")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert "pokerbonus play --resume" in str(app.screen.query_one("#results-note").render())
    assert store.load_session(s.session_id).status == "open"


async def test_the_deal_is_offered_at_three_players_and_ends_the_tournament() -> None:
    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: len(s.tournament.players_left()) == 3, push=True)
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, DealScreen)
        await pilot.press("2")  # a chip chop: the short stacks refuse
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and "refused" in app.screen.message
        await pilot.press("o")
        assert isinstance(app.screen, DealScreen)
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, OverScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        place = str(app.screen.query_one("#results-place").render())
        assert "You finished 1st of 6" in place and "made a deal" in place


def test_a_hand_played_out_at_the_deal_is_settled() -> None:
    """Every player all-in from the forced bets: the hand is over at the deal, settled
    at once (no decision would ever settle it)."""
    from pokerbonus.engine.tournament_config import Level, TournamentConfig

    config = TournamentConfig(
        name="tiny", entrants=2, seats_per_table=2, starting_stack=20,
        levels=(Level(20, 40, hands=5),), payouts=(100.0,),
    )  # fmt: skip
    s = tournament_scene(4, config=config)
    s.start_hand()
    assert not s.in_hand and s.view is not None and s.view.finished
    assert s.table.hands_played == 1 and s.tournament.finishes
    [hand] = s.store.hands(s.session_id)
    assert hand.status == "finished" and hand.actions == ()
    s.tournament.check_chips()


def test_play_resume_brings_back_the_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pokerbonus play --resume`` opens the tournament screen on the stored tournament
    (the newest open session), at its level and stacks."""
    db = tmp_path / "t.db"
    s = tournament_scene(19, ("Alice",), store=Store(db))
    for _ in range(7):
        _one_hand(s)
    s.leave()
    shown: list[TournamentSession] = []
    monkeypatch.setattr(TournamentApp, "run", lambda self: shown.append(self.session))
    result = CliRunner().invoke(_app(), ["--resume", "--db", str(db)])
    assert result.exit_code == 0, result.output
    [back] = shown
    assert back.session_id == s.session_id and back.tournament.level == 2
    assert back.tournament.stacks == s.tournament.stacks
    assert back.resume_report.message == f"Tournament {s.session_id} resumed at level II."


def test_history_export_of_a_tournament_on_the_command_line(tmp_path: Path) -> None:
    from pokerbonus.cli.history import history_app

    db = tmp_path / "t.db"
    s = tournament_scene(19, ("Alice",), store=Store(db))
    _one_hand(s)
    out = tmp_path / "one.phh"
    result = CliRunner().invoke(
        history_app,
        ["--db", str(db), "export", str(s.session_id), "--hand", "1", "--output", str(out)],
    )
    assert result.exit_code == 0, result.output
    [history] = loads(out.read_text(encoding="utf-8"))
    assert history.level == 1 and history.extra_fields["_tournament"] == s.session_id
    result = CliRunner().invoke(
        history_app, ["--db", str(db), "export", str(s.session_id), "--format", "pokerstars"]
    )
    assert result.exit_code == 0 and "Tournament #" in result.output
    assert "Level I (10/20)" in result.output


def test_history_stats_counts_a_tournament(tmp_path: Path) -> None:
    from pokerbonus.cli.history import history_app

    db = tmp_path / "t.db"
    s = tournament_scene(19, ("Alice",), store=Store(db))
    for _ in range(3):
        _one_hand(s)
    result = CliRunner().invoke(history_app, ["--db", str(db), "stats", str(s.session_id)])
    assert result.exit_code == 0, result.output
    assert "3 hands" in result.output and s.person in result.output


def test_the_add_on_at_the_last_rebuy_level() -> None:
    """``b``: a rebuy at or below the starting stack during the rebuy levels, the add-on
    at the last of them (once)."""
    clock = FakeClock(0.0)
    s = tournament_scene(19, ("Alice",), config=preset("home"), clock=clock)
    _one_hand(s)
    assert s.stack() == 5100 and not s.can_rebuy()  # above the starting stack, level I
    assert s.rebuy_refusal() == (
        "A rebuy is for a stack at or below the starting stack (5000), within the rebuys allowed."
    )
    clock.now += 2 * 15 * 60 + 1  # level III, the last rebuy level
    assert s.clock().number == 3 and s.can_rebuy()  # the add-on
    before = s.stack()
    assert s.rebuy() == 5000 and s.stack() == before + 5000
    assert s.person in s.tournament.addons and not s.can_rebuy()
    assert s.rebuy_refusal() is not None
    clock.now += 15 * 60
    assert s.rebuy_refusal() == "The rebuy period is over (levels I to III)."


def test_the_panel_says_a_break() -> None:
    from pokerbonus.tui.tournament import tournament_text

    clock = FakeClock(0.0)
    s = tournament_scene(19, ("Alice",), config=preset("home"), clock=clock)
    _one_hand(s)
    clock.now += 4 * 15 * 60 + 60  # level IV over, a minute into its 10-minute break
    assert s.on_break()
    assert "Break: the next level starts in 9:00." in tournament_text(s).plain
    with pytest.raises(TournamentError, match="Break"):
        s.start_hand()
    clock.now += 9 * 60
    assert not s.on_break() and s.clock().number == 5


async def test_the_last_hands_of_a_tournament_replay_in_the_terminal() -> None:
    """``l``: the tournament's finished hands, action by action, as the person saw them
    (each hand dealt again from its seed and level); the coach key is offered."""
    from pokerbonus.tui.replayer import LastHandsScreen

    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: s.table.hands_played >= 7)
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentScreen) and screen.check_action("review", ())
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LastHandsScreen)
        replay = app.screen.replay
        assert replay is not None and replay.number == 7
        stored = s.store.load_session(s.session_id).finished_hands[-1]
        assert replay.names == stored.players and len(replay.actions) == len(stored.actions)
        first = replay.frames[0].view
        assert first.seat == stored.players.index(s.person)
        assert max(first.bets) == 40  # hand 7: level II, blinds 20/40
        last = replay.frames[-1].view
        assert tuple(last.stacks) == stored.final_stacks


def test_leaving_and_resuming_anywhere_keeps_every_chip() -> None:
    """The person plays random legal actions and leaves at random points (in a hand or
    between hands); each resume goes on from the stored tournament, every chip issued
    still in play, until the tournament is over for the person; every stored hand
    then deals again to its stored end."""
    import random

    from pokerbonus.engine.table import random_legal_action

    rng = random.Random(27)
    store = Store("sqlite://")
    s = tournament_scene(7, ("Alice", "Bruno"), store=store)
    outcomes: list[str] = []
    for _ in range(400):
        if s.over:
            break
        if s.awaiting_rebuy:
            s.settle_bust(False)
            continue
        if not s.in_hand:
            s.start_hand()
        hand = s.tournament.tables[s.table_id].hand
        if hand is not None and not s.bot_to_act and not s.awaiting_rebuy:
            s.act(random_legal_action(hand, rng))
        if rng.random() < 0.2:
            s.leave()
            s = TournamentSession.resume(store, s.session_id, seed=rng.getrandbits(32))
            for name in s.bots:
                s.bots[name] = Scripted(caller=name in ("Alice", "Bruno"))
            outcomes.append(s.resume_report.outcome)
        s.tournament.check_chips()
    assert s.over and {"resumed", "nothing"} <= set(outcomes), outcomes
    saved = store.load_session(s.session_id)
    assert len(list(replay_tournament(saved))) == len(saved.finished_hands)


def test_a_tournament_of_two_tables_plays_the_other_table_between_the_persons_hands() -> None:
    """Six entrants on two tables of three: after each of the person's hands the other
    table plays one; busts there are told, the tables are balanced, then broken into
    the final table, and the tournament goes on to the end."""
    from pokerbonus.engine.tournament_config import Level, TournamentConfig

    config = TournamentConfig(
        name="two", entrants=6, seats_per_table=3, starting_stack=300,
        levels=tuple(Level(10 * k, 20 * k, hands=4) for k in (1, 2, 3, 5, 8, 12)),
    )  # fmt: skip
    store = Store("sqlite://")
    s = tournament_scene(7, ("Alice", "Bruno", "Chloe", "Denis", "Elise"), config, store)
    assert len(s.tournament.tables) == 2
    other = next(t for t in s.tournament.tables if t != s.table_id)
    _one_hand(s)
    saved = store.load_session(s.session_id)
    assert [h.info["table"] for h in saved.finished_hands] == [s.table_id, other]
    finals = moved = False
    for _ in range(200):
        if s.over:
            break
        _one_hand(s)
        counts = [len(t.players) for t in s.tournament.tables.values()]
        assert max(counts) - min(counts) <= 1
        finals = finals or (s.tournament.final_table and not s.over)
        moved = moved or any(note.startswith("You move to table") for note in s.table_notes)
        s.tournament.check_chips()
    assert s.over and finals and moved
    assert s.table_id in s.tournament.tables
    saved = store.load_session(s.session_id)
    assert len({h.info["table"] for h in saved.finished_hands}) == 2
    assert len(list(replay_tournament(saved))) == len(saved.finished_hands)


# -- the coach, the busted opponents and the PokerStars table line -------------------------


def _pushed_seven() -> TournamentSession:
    """Seven hands of the quick sit-and-go, the person pushing: in hand 7 five players
    are dealt in at the table of six seats, and everyone folds to the person."""
    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: s.table.hands_played >= 7, push=True)
    return s


async def test_v_at_a_tournament_table_opens_the_coach_on_the_persons_decisions() -> None:
    """``v`` after a hand: the coach's review of that tournament hand, one word per
    decision of the person's (the stored steps where they acted), read from their
    per-seat view: no card of an opponent they did not see is written."""
    from pokerbonus.cards import Card
    from pokerbonus.engine.events import CardsDealt
    from pokerbonus.store.tournament_recorder import tournament_hand_steps
    from pokerbonus.tui.render import card_text
    from pokerbonus.tui.review_screen import ReviewScreen

    s = _pushed_seven()
    saved = s.store.load_session(s.session_id)
    last = saved.finished_hands[-1]
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen) and app.screen.check_action("review", ())
        await pilot.press("v")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.done and screen.review is not None
        assert screen.review.number == screen.replay.number == last.number == 7
        mine = [
            (k, f.action)
            for k, f in enumerate(screen.replay.frames)
            if k and f.actor == screen.replay.seat
        ]
        assert mine and [(a.step, a.action) for a in screen.review.advice] == mine
        body = str(screen.query_one("#review-body").render())
        title = str(screen.query_one("#review-title").render())
        assert "The coach on hand 7: your decisions" in title
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
    [(_, hand, _, steps)] = tournament_hand_steps(saved, [7], watcher=None)
    seat = last.players.index(s.person)
    final = steps[-1].after
    dealt = [e for e in hand.events if isinstance(e, CardsDealt)]  # the house's record
    unseen = [
        c for e in dealt if e.seat != seat and e.seat not in dict(final.shown) for c in e.cards
    ]
    assert len(unseen) == 2 * (hand.n - 1)  # everyone folded to the person: none shown
    mine_cards = [card_text(Card(int(c))).plain for e in dealt if e.seat == seat for c in e.cards]
    assert len(mine_cards) == 2
    assert all(card in body for card in mine_cards)  # the person's own cards are said
    assert not [c for c in unseen if card_text(Card(int(c))).plain in body]


async def test_the_results_of_a_tournament_give_the_coachs_line() -> None:
    """The results screen says the coach's line on the person's decisions of the whole
    tournament, the same as ``history review`` of it."""
    from pokerbonus.store.review import review_session, summary_line
    from pokerbonus.tui.review_screen import card_words

    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: len(s.tournament.players_left()) == 3, push=True)
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        for key in ("1", "enter"):  # an ICM deal, then the results
            await pilot.press(key)
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResultsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        saved = s.store.load_session(s.session_id)
        reviews = list(review_session(saved, s.person))
        assert len(reviews) == len(saved.finished_hands) > 3
        line = f"The coach: {summary_line(reviews, cards=card_words)}."
        assert screen.coach.line == line
        assert str(screen.query_one("#results-coach").render()) == line


async def test_a_busted_opponent_is_marked_out(french_too: str) -> None:
    """Between hands an opponent of the last hand who lost their chips is "out" of the
    tournament (French « éliminé »), not "left" as at a cash table."""
    s = tournament_scene(19, ("Alice",))
    assert play_until(s, lambda s: len(s.tournament.players_left()) < 6, push=True)
    [busted] = s.tournament.finishes
    app = TournamentApp(s)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TournamentScreen)
        lines = str(app.screen.query_one("#seats").render()).splitlines()
    [line] = [x for x in lines if busted.player in x]
    others = [x for x in lines if busted.player not in x]
    out, left = ("éliminé", "parti") if french_too == "fr" else ("out", "left")
    assert f" {out} " in line + " " and left not in line
    assert not [x for x in others if out in x]


@pytest.fixture(params=["en", "fr"])
def french_too(request: pytest.FixtureRequest) -> Iterator[str]:
    from pokerbonus.i18n import set_language

    set_language(request.param)
    yield request.param
    set_language("en")


def test_the_pokerstars_table_line_says_the_tables_seats() -> None:
    """``N-max`` is the tournament table's seat count, however many players are dealt
    in (hand 7: five players at a table of six); a cash table's is its players."""
    from pokerbonus.notation.pokerstars import hand_text
    from pokerbonus.store.tournament_recorder import replay_tournament

    s = _pushed_seven()
    saved = s.store.load_session(s.session_id)
    assert len(saved.finished_hands[-1].players) == 5
    text = export_session(s.store, s.session_id, "pokerstars", hand=7)
    table_line = text.splitlines()[1]
    assert table_line.startswith(f"Table '{s.session_id} 1' 6-max Seat #"), table_line
    everything = export_session(s.store, s.session_id, "pokerstars")
    assert everything.count(" 6-max ") == len(saved.finished_hands) == 7
    [(_, played)] = [(h, p) for h, p in replay_tournament(saved) if h.number == 7]
    assert " 5-max " in hand_text(played)
    with pytest.raises(NotationError, match="4 seats for 5 players"):
        hand_text(played, seats=4)


def test_history_review_takes_a_tournaments_id(tmp_path: Path) -> None:
    """``pokerbonus history review ID``: the tournament's id is its session's; the coach
    reviews the person's hands of it, and ``--hand`` one of them."""
    from pokerbonus.cli.history import history_app
    from pokerbonus.store.review import review_session

    db = tmp_path / "t.db"
    s = tournament_scene(19, ("Alice",), store=Store(db))
    assert play_until(s, lambda s: s.table.hands_played >= 7, push=True)
    assert s.tournament.id == s.session_id
    reviews = list(review_session(Store(db).load_session(s.session_id), s.person))
    result = CliRunner().invoke(history_app, ["--db", str(db), "review", str(s.tournament.id)])
    assert result.exit_code == 0, result.output
    assert [n for n in range(1, 8) if f"Hand {n} ({s.person})" in result.output] == [
        r.number for r in reviews
    ]
    decisions = sum(len(r.advice) for r in reviews)
    assert f"Summary: {decisions} decisions" in result.output
    one = CliRunner().invoke(
        history_app, ["--db", str(db), "review", str(s.session_id), "--hand", "7"]
    )
    assert one.exit_code == 0, one.output
    assert f"Hand 7 ({s.person})" in one.output and "Hand 6" not in one.output
