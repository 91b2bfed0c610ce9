"""The store: fresh database, pragmas, round trips, resume by replay, void (RULES.md section 4)."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from recorded_play import play

from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import random_legal_action
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.store import (
    PlayerSpec,
    RecordedTable,
    Store,
    action_from_text,
    rebuild_table,
    resume_or_void,
)
from pokerbonus.store.store import resolve_url


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "folder" / "poker.db"


def test_fresh_database_in_a_new_folder(db: Path) -> None:
    with Store(db) as store:
        assert store.sessions() == []
        assert store.url == "sqlite:///" + str(db)
    assert db.exists()


def test_sqlite_runs_wal_and_synchronous_full(db: Path) -> None:
    with Store(db) as store:
        assert store.pragmas() == {"journal_mode": "wal", "synchronous": 2}  # 2 = FULL
    # the journal mode is persistent in the file: another client sees it too
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()


def test_location_from_argument_env_and_default(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("POKERBONUS_DB", str(tmp_path / "env.db"))
    assert resolve_url(None) == "sqlite:///" + str(tmp_path / "env.db")
    assert resolve_url(tmp_path / "arg.db") == "sqlite:///" + str(tmp_path / "arg.db")
    assert resolve_url("postgresql+psycopg://u@h/poker") == "postgresql+psycopg://u@h/poker"
    monkeypatch.delenv("POKERBONUS_DB")
    import platformdirs

    expected = Path(platformdirs.user_data_dir("pokerbonus")) / "pokerbonus.db"
    assert resolve_url(None) == "sqlite:///" + str(expected)
    with pytest.raises(ConfigurationError, match="empty"):
        resolve_url("")


def test_round_trip_of_sessions_hands_actions_and_ledger(db: Path) -> None:
    config = TableConfig(players=3, ante=2)
    players = [
        PlayerSpec("ann"),
        PlayerSpec("bot1", "bot", "hard"),
        PlayerSpec("cy", "bot", "easy"),
    ]
    with Store(db) as store:
        sid = store.create_session(config, players, first_dealer=2)
        for p in players:
            store.record_purchase(sid, p.name, 100, caves=1, after_hand=0, kind="sit")
        store.start_hand(sid, 1, 2, [100, 100, 100], 12345, players=["ann", "bot1", "cy"],
                         deck=list(range(20, 52)), info={"mode": "pot"})  # fmt: skip
        store.record_action(sid, 1, 1, {"kind": "raise_to", "amount": 5}, seat=0)
        store.record_action(sid, 1, 2, '{"kind":"fold"}', seat=1)
        store.record_action(sid, 1, 3, '{"kind":"fold"}', seat=2)
        store.finish_hand(sid, 1, [104, 98, 98], "variant = ...")
        store.record_rebuy(sid, "cy", 100, caves=1, after_hand=1)
        store.start_hand(sid, 2, 0, [104, 98, 198], 99, players=["ann", "bot1", "cy"])
    with Store(db) as again:  # a new connection reads what was acknowledged
        saved = again.load_session(sid)
    assert saved.config == config.to_dict()
    assert TableConfig.from_dict(saved.config) == config
    assert saved.players == tuple(players)
    assert (saved.kind, saved.game, saved.status, saved.first_dealer) == (
        "table",
        "draw",
        "open",
        2,
    )
    first, second = saved.hands
    assert (first.number, first.status, first.dealer, first.seed) == (1, "finished", 2, 12345)
    assert first.deck == tuple(range(20, 52)) and first.info == {"mode": "pot"}
    assert first.final_stacks == (104, 98, 98) and first.phh == "variant = ..."
    assert action_from_text(first.actions[0]).amount == 5 and len(first.actions) == 3
    assert saved.unfinished == second and second.status == "in_progress"
    assert second.seed == 99 and second.actions == () and second.deck is None
    assert [(i.player, i.kind, i.chips, i.after_hand) for i in saved.ledger][-1] == (
        "cy", "rebuy", 100, 1,
    )  # fmt: skip
    assert dict(saved.stacks) == {"ann": 104, "bot1": 98, "cy": 198}
    assert saved.net == {"ann": 4, "bot1": -2, "cy": -2}
    assert first.started.tzinfo is not None


def test_refused_writes_name_the_problem(db: Path) -> None:
    with Store(db) as store:
        sid = store.create_session({"game": "draw"}, ["a", "b"])
        with pytest.raises(PokerError, match="session 99: no such session"):
            store.load_session(99)
        store.start_hand(sid, 1, 0, [10, 10], 1)
        with pytest.raises(IllegalActionError, match="hand 1 is still in progress"):
            store.start_hand(sid, 2, 0, [10, 10], 1)
        with pytest.raises(IllegalActionError, match="action 2 out of order"):
            store.record_action(sid, 1, 2, "x")
        with pytest.raises(IllegalActionError, match="only between hands"):
            store.record_rebuy(sid, "a", 100, after_hand=0)
        with pytest.raises(IllegalActionError, match="in progress"):
            store.close_session(sid)
        store.void_hand(sid, 1)
        with pytest.raises(IllegalActionError, match="already voided"):
            store.finish_hand(sid, 1, [10, 10])
        with pytest.raises(ConfigurationError, match="'zed' is not in session"):
            store.start_hand(sid, 2, 0, [10], 1, players=["zed"])
        with pytest.raises(ConfigurationError, match="names must differ"):
            store.create_session({}, ["a", "a"])
        store.close_session(sid)
        with pytest.raises(IllegalActionError, match="closed"):
            store.start_hand(sid, 2, 0, [10, 10], 1)
        assert store.load_session(sid).status == "closed"


CONFIGS = [
    TableConfig(players=4),
    TableConfig(players=3, shuffle="cut-only", forced_bets="mixed", blind=2, rebuy="unlimited"),
    TableConfig(players=5, betting="limit", small_bet=2, big_bet=4, max_discard=5, jokers=1),
]


@pytest.mark.parametrize("config", CONFIGS)
def test_resume_by_replay_gives_the_identical_hand(db: Path, config: TableConfig) -> None:
    rng = random.Random(11)
    names = [f"p{i}" for i in range(config.players)]
    with Store(db) as store:
        rt = RecordedTable.create(store, config, names, rng=random.Random(5))
        play(rt, rng, 25, stop_after=3)
        hand = rt.hand
        assert hand is not None and not hand.finished
        snapshot, events, deck = hand.snapshot(), list(hand.events), hand.deck_order
        stacks = {p: rt.table.stack(p) for p in rt.table.players}
    with Store(db) as store:  # "after the crash": only what was stored
        saved = store.load_session(rt.session)
        result = resume_or_void(saved, "resume", store=store, seeds=random.Random(1))
        assert result.outcome == "resumed" and result.hand is not None
        assert result.hand.snapshot() == snapshot
        assert result.hand.events == events and result.hand.deck_order == deck
        assert {p: result.table.stack(p) for p in result.table.players} == stacks
        # the resumed table goes on recording, and the same next actions lead to the same end
        recorded = result.recorded
        assert recorded is not None
        twin = random.Random(3)
        original = random.Random(3)
        while not result.hand.finished:
            recorded.act(random_legal_action(result.hand, twin))
            hand.act(random_legal_action(hand, original))
        assert result.hand.stacks == hand.stacks
        recorded.finish_hand()
        result.table.check_chips()
        again = store.load_session(rt.session)
        assert again.unfinished is None
        assert again.finished_hands[-1].final_stacks == tuple(hand.stacks)


def test_void_returns_every_chip_to_its_starting_stack(db: Path) -> None:
    rng = random.Random(2)
    with Store(db) as store:
        rt = RecordedTable.create(store, TableConfig(players=4), ["a", "b", "c", "d"],
                                  rng=random.Random(8))  # fmt: skip
        play(rt, rng, 6, stop_after=5)
        hand, plan = rt.hand, rt.table.plan
        assert hand is not None and plan is not None
        assert sum(hand.stacks) < sum(hand.starting_stacks)  # chips are in the pot
        before = {
            rt.table.players[s]: c for s, c in zip(plan.seats, hand.starting_stacks, strict=True)
        }
        saved = store.load_session(rt.session)
        result = resume_or_void(saved, "void", store=store)
        assert result.outcome == "voided" and result.hand is None
        assert result.hand_number == saved.unfinished.number  # type: ignore[union-attr]
        for player, chips in before.items():
            assert result.table.stack(player) == chips
        result.table.check_chips()
        after = store.load_session(rt.session)
        assert after.unfinished is None and after.hands[-1].status == "voided"
        assert after.hands[-1].final_stacks == after.hands[-1].starting_stacks
        assert dict(after.stacks) == {p: result.table.stack(p) for p in result.table.players}
        # play on: the next hand gets the next number and the same dealer
        recorded = result.recorded
        assert recorded is not None
        nxt = recorded.start_hand()
        assert recorded.table.plan is not None and recorded.table.plan.dealer == plan.dealer
        while not nxt.finished:
            recorded.act(random_legal_action(nxt, rng))
        recorded.finish_hand()
        assert store.load_session(rt.session).hands[-1].number == after.hands[-1].number + 1


def test_a_record_that_does_not_replay_is_voided_with_the_reason(db: Path) -> None:
    rng = random.Random(4)
    with Store(db) as store:
        rt = RecordedTable.create(store, TableConfig(players=3), ["a", "b", "c"], rng=rng)
        play(rt, rng, 3, stop_after=2)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE hands SET seed = seed + 1 WHERE status = 'in_progress'")
    conn.close()
    with Store(db) as store:
        result = resume_or_void(store.load_session(rt.session), "resume", store=store)
        assert result.outcome == "voided"
        assert result.reason is not None and "stored deck order" in result.reason


def test_nothing_to_resume_and_a_closed_session(db: Path) -> None:
    with Store(db) as store:
        rt = RecordedTable.create(store, TableConfig(players=2), ["a", "b"], rng=random.Random(1))
        play(rt, random.Random(1), 3)
        saved = store.load_session(rt.session)
        table, _, count = rebuild_table(saved)
        assert count == 3 and table.hands_played == 3
        assert resume_or_void(saved, "resume").outcome == "nothing"
        store.close_session(rt.session)
        with pytest.raises(IllegalActionError, match="closed"):
            resume_or_void(store.load_session(rt.session), "resume")


def test_every_stored_hand_carries_its_phh(db: Path) -> None:
    from pokerbonus.notation import loads

    with Store(db) as store:
        rt = RecordedTable.create(
            store, TableConfig(players=3), ["a", "b", "c"], rng=random.Random(6)
        )
        play(rt, random.Random(6), 4)
        saved = store.load_session(rt.session)
    for h in saved.finished_hands:
        assert h.phh is not None
        [history] = loads(h.phh)
        assert history.hand == h.number
        assert history.finishing_stacks is not None
        assert sorted(history.finishing_stacks) == sorted(h.final_stacks or ())
