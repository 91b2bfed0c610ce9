"""The store on PostgreSQL (a throwaway server, see ``tests/conftest.py``): durable
commits, the same records as on SQLite, resume or void by replay after a "crash",
concurrent writers, and the values the columns refuse."""

from __future__ import annotations

import dataclasses
import datetime
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from recorded_play import play

from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import random_legal_action
from pokerbonus.errors import ConfigurationError, IllegalActionError, PokerError
from pokerbonus.store import (
    PlayerSpec,
    RecordedTable,
    SavedSession,
    Store,
    rebuild_table,
    resume_or_void,
)


def without_times(saved: SavedSession) -> dict[str, Any]:
    """A stored session with its timestamps left out (they differ between two runs)."""
    data = {f.name: getattr(saved, f.name) for f in dataclasses.fields(saved)}
    data["created"] = None
    epoch = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)
    data["ledger"] = [dataclasses.replace(item, created=epoch) for item in saved.ledger]
    data["hands"] = [dataclasses.replace(h, started=epoch, ended=None) for h in saved.hands]
    return data


def test_commits_are_durable_even_when_the_server_says_otherwise(postgres_url: str) -> None:
    with Store(postgres_url) as store:
        assert store.engine.dialect.name == "postgresql"
        assert store.pragmas() == {"synchronous_commit": "on", "fsync": "on"}
        with store.engine.begin() as conn:  # a careless default for every new connection
            name = conn.exec_driver_sql("SELECT current_database()").scalar()
            conn.exec_driver_sql(f'ALTER DATABASE "{name}" SET synchronous_commit = off')
    with Store(postgres_url) as store:
        with store.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")  # a new connection: the default applies...
        assert store.pragmas()["synchronous_commit"] == "on"  # ...and the store overrides it


def test_a_plain_postgresql_url_gets_the_psycopg_driver(postgres_url: str) -> None:
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with Store(plain) as store:
        assert store.url == postgres_url and store.engine.driver == "psycopg"
        assert store.sessions() == []


def test_the_same_session_is_stored_alike_on_sqlite_and_postgresql(
    postgres_url: str, tmp_path: Path
) -> None:
    saved: list[SavedSession] = []
    for url in (postgres_url, str(tmp_path / "same.db")):
        with Store(url) as store:
            rt = RecordedTable.create(
                store,
                TableConfig(players=4, jokers=1, max_discard=5),
                [PlayerSpec("ann"), PlayerSpec("bob", "bot", "hard"), "cy", "dee"],
                rng=random.Random(5),
            )
            store.set_extras(rt.session, {"four_color": True})
            play(rt, random.Random(7), 12, stop_after=4)
            store.set_extras(rt.session, {"level": "hard"})
            saved.append(store.load_session(rt.session))
    pg, lite = saved
    assert without_times(pg) == without_times(lite)
    assert len(pg.finished_hands) == 11 and pg.unfinished is not None
    assert sum(pg.stacks.values()) == sum(pg.bought.values())
    for stamp in [pg.created, *(h.started for h in pg.hands), *(i.created for i in pg.ledger)]:
        assert stamp.tzinfo == datetime.UTC
    now = datetime.datetime.now(datetime.UTC)
    assert abs((now - pg.created).total_seconds()) < 120


def test_large_values_round_trip(postgres_url: str) -> None:
    seed = 2**63 - 1  # the largest seed: a BIGINT
    with Store(postgres_url) as store:
        sid = store.create_session({"game": "draw", "nested": {"a": [1, None, "é"]}},
                                   ["a" * 64, "b"], first_dealer=1)  # fmt: skip
        store.record_purchase(sid, "a" * 64, 2**31 - 1, caves=1, after_hand=0, kind="sit")
        info = {"mode": "pot", "text": "\u00e9\u20ac"}
        store.start_hand(sid, 1, dealer=1, stacks=[2**31 - 1, 0], seed=seed,
                         deck=list(range(54)), info=info)  # fmt: skip
        store.record_action(sid, 1, 1, {"kind": "check_or_call", "note": "x" * 5000}, seat=0)
        hand = store.load_session(sid).unfinished
        assert hand is not None and hand.seed == seed and hand.deck == tuple(range(54))
        assert hand.info == {"mode": "pot", "text": "é€"} and len(hand.actions[0]) > 5000
        assert store.load_session(sid).config["nested"] == {"a": [1, None, "é"]}


@pytest.mark.parametrize("policy", ["resume", "void"])
def test_resume_or_void_after_a_crash(postgres_url: str, policy: str) -> None:
    config = TableConfig(players=3, forced_bets="mixed", shuffle="cut-only")
    with Store(postgres_url) as store:
        rt = RecordedTable.create(store, config, ["a", "b", "c"], rng=random.Random(3))
        play(rt, random.Random(9), 8, stop_after=3)
        hand, plan = rt.hand, rt.table.plan
        assert hand is not None and not hand.finished and plan is not None
        snapshot, deck = hand.snapshot(), hand.deck_order
        starting = {
            rt.table.players[s]: c for s, c in zip(plan.seats, hand.starting_stacks, strict=True)
        }
    # "after the crash": a new store on the same database, only what was committed
    with Store(postgres_url) as store:
        saved = store.load_session(rt.session)
        table, _, count = rebuild_table(saved)
        assert count == 7 and table.hands_played == 7
        result = resume_or_void(saved, policy, store=store)  # type: ignore[arg-type]
        recorded = result.recorded
        assert recorded is not None
        if policy == "resume":
            assert result.outcome == "resumed" and result.hand is not None
            assert result.hand.snapshot() == snapshot and result.hand.deck_order == deck
            nxt = result.hand
        else:
            assert result.outcome == "voided" and result.hand is None
            for player, chips in starting.items():
                assert result.table.stack(player) == chips
            nxt = recorded.start_hand()
        rng = random.Random(1)
        while not nxt.finished:
            recorded.act(random_legal_action(nxt, rng))
        recorded.finish_hand()
        result.table.check_chips()
        after = store.load_session(rt.session)
        assert after.unfinished is None
        assert dict(after.stacks) == {p: result.table.stack(p) for p in result.table.players}
        assert [h.status for h in after.hands].count("voided") == (policy == "void")


def test_concurrent_writers_keep_one_hand_in_progress(postgres_url: str) -> None:
    """Eight writers start a hand of the same session at once: the session row's lock
    makes the check and the insert one step, so exactly one wins."""
    with Store(postgres_url) as store:
        for _round in range(3):
            sid = store.create_session({"game": "draw"}, ["a", "b"])
            barrier = threading.Barrier(8)
            outcome: list[str] = []

            def start(
                number: int,
                sid: int = sid,
                barrier: threading.Barrier = barrier,
                outcome: list[str] = outcome,
            ) -> None:
                barrier.wait()
                try:
                    store.start_hand(sid, number, dealer=0, stacks=[10, 10], seed=number)
                    outcome.append("ok")
                except IllegalActionError as exc:
                    outcome.append(str(exc))

            threads = [threading.Thread(target=start, args=(n,)) for n in range(1, 9)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=30)
            assert outcome.count("ok") == 1, outcome
            assert all("still in progress" in o for o in outcome if o != "ok")
            assert len(store.hands(sid)) == 1


def test_values_the_columns_refuse_are_refused_first(postgres_url: str) -> None:
    with Store(postgres_url) as store:
        with pytest.raises(ConfigurationError, match="at most 64 characters, got 65"):
            store.create_session({"game": "draw"}, ["a" * 65, "b"])
        with pytest.raises(ConfigurationError, match="bot level has at most 32"):
            PlayerSpec("bob", "bot", "x" * 33)
        sid = store.create_session({"game": "draw"}, ["a", "b"])
        with pytest.raises(ConfigurationError, match=r"chips: must be an integer in 1\.\."):
            store.record_purchase(sid, "a", 2**31, after_hand=0)
        assert store.sessions()[0].players == ("a", "b")


def test_an_unreachable_server_is_named_without_its_password(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://ann:s3cret@/poker?host={tmp_path}&connect_timeout=2"
    with pytest.raises(PokerError, match="cannot open") as err:
        Store(url)
    assert "s3cret" not in str(err.value) and "ann:***@" in str(err.value)


def test_history_cli_reads_a_postgresql_database(postgres_url: str) -> None:
    """``pokerbonus history --db postgresql://...`` (the same ``Store(db)`` as ``play --db``)."""
    import json

    from typer.testing import CliRunner

    from pokerbonus.cli.history import history_app

    with Store(postgres_url) as store:
        rt = RecordedTable.create(store, TableConfig(players=3), ["a", "b", "c"],
                                  rng=random.Random(2))  # fmt: skip
        play(rt, random.Random(4), 3)
        net = dict(store.load_session(rt.session).net)
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    result = CliRunner().invoke(history_app, ["--db", plain, "sessions", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [(r["id"], r["hands"], r["net"]) for r in rows] == [(rt.session, 3, net)]
    result = CliRunner().invoke(history_app, ["--db", plain, "export", str(rt.session),
                                              "--format", "phh"])  # fmt: skip
    assert result.exit_code == 0 and result.output.count('variant = "NFD"') == 3
