"""``pokerbonus history`` through typer's CliRunner, on a fresh database."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.cli.history import history_app
from pokerbonus.dealer import DealerSettings
from pokerbonus.engine.config import TableConfig
from pokerbonus.engine.table import random_legal_action
from pokerbonus.notation import loads
from pokerbonus.store import PlayerSpec, RecordedTable, Store

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "history.db"
    rng = random.Random(9)
    with Store(path) as store:
        rt = RecordedTable.create(
            store, TableConfig(players=3), ["ann", PlayerSpec("bot", "bot", "easy"), "cy"],
            rng=random.Random(2),
        )  # fmt: skip
        for _ in range(4):
            hand = rt.start_hand()
            while not hand.finished:
                rt.act(random_legal_action(hand, rng))
            rt.finish_hand()
        hand = rt.start_hand()  # one unfinished hand, not exported
        rt.act(random_legal_action(hand, rng))
        store.create_session(DealerSettings(players=1), ["solo"], kind="dealer")
    return path


def test_sessions_json_and_table(db: Path) -> None:
    result = runner.invoke(history_app, ["--db", str(db), "sessions", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert [r["id"] for r in rows] == [2, 1]
    table = rows[1]
    assert table["game"] == "draw" and table["hands"] == 4 and table["status"] == "open"
    assert sum(table["net"].values()) == 0 and sorted(table["net"]) == ["ann", "bot", "cy"]
    assert rows[0]["kind"] == "dealer" and rows[0]["game"] == "dealer"
    text = runner.invoke(history_app, ["--db", str(db), "sessions"])
    assert text.exit_code == 0 and "Sessions" in text.output and "draw" in text.output


def test_hands_listing(db: Path) -> None:
    result = runner.invoke(history_app, ["--db", str(db), "hands", "1", "--json"])
    assert result.exit_code == 0, result.output
    hands = json.loads(result.output)
    assert [h["status"] for h in hands] == ["finished"] * 4 + ["in_progress"]
    assert all(sum(h["final_stacks"]) == sum(h["starting_stacks"]) for h in hands[:4])
    text = runner.invoke(history_app, ["--db", str(db), "hands", "1"])
    assert text.exit_code == 0 and "Session 1: hands" in text.output


def test_export_phh_to_a_file_reads_back(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "s1.phhs"
    result = runner.invoke(history_app, ["--db", str(db), "export", "1", "--format", "phh",
                                         "--output", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    hands = loads(out.read_text())
    assert [h.hand for h in hands] == [1, 2, 3, 4] and all(h.variant == "NFD" for h in hands)
    one = runner.invoke(history_app, ["--db", str(db), "export", "1", "--hand", "3"])
    assert one.exit_code == 0
    assert loads(one.output) == [hands[2]]


def test_export_pokerstars(db: Path) -> None:
    args = ["--db", str(db), "export", "1", "--format", "pokerstars", "--hero", "cy"]
    result = runner.invoke(history_app, args)
    assert result.exit_code == 0, result.output
    assert result.output.count("PokerStars Hand #") == 4
    assert "*** SUMMARY ***" in result.output and "Table 'Poker Bonus 1' 3-max" in result.output
    # the hero's private cards only: one deal per hand, and nobody else's
    dealt = [line for line in result.output.splitlines() if line.startswith("Dealt to ")]
    assert sum(line.startswith("Dealt to cy [") for line in dealt) >= 4
    assert all(line.startswith("Dealt to cy [") for line in dealt)
    assert re.search(r" - \d{4}/\d\d/\d\d \d\d:\d\d:\d\d UTC", result.output)


def test_export_pokerstars_takes_the_person_by_default(tmp_path: Path) -> None:
    path = tmp_path / "one.db"
    rng = random.Random(4)
    with Store(path) as store:
        players: list[PlayerSpec | str] = ["you", PlayerSpec("b1", "bot", "easy")]
        rt = RecordedTable.create(store, TableConfig(players=2), players, rng=random.Random(1))
        for _ in range(2):
            hand = rt.start_hand()
            while not hand.finished:
                rt.act(random_legal_action(hand, rng))
            rt.finish_hand()
    args = ["--db", str(path), "export", "1", "--format", "pokerstars"]
    result = runner.invoke(history_app, args)
    assert result.exit_code == 0, result.output
    dealt = [line for line in result.output.splitlines() if line.startswith("Dealt to ")]
    assert dealt and all(line.startswith("Dealt to you [") for line in dealt)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hands", "7"], "error: session 7: no such session"),
        (["export", "1", "--hand", "5"], "error: export: session 1 has no finished hand 5"),
        (["export", "2"], "error: export: session 2 is a dealer session"),
        (["export", "1", "--format", "csv"], "error: --format: must be 'phh' or 'pokerstars'"),
        (
            ["export", "1", "--format", "pokerstars"],
            "error: export: session 1 has several people (ann, cy): choose one with --hero",
        ),
        (
            ["export", "1", "--format", "pokerstars", "--hero", "zed"],
            "error: --hero: 'zed' did not play in session 1 (ann, bot, cy)",
        ),
        (
            ["export", "1", "--output", "s1.phh"],
            "error: --output: 4 hands go in a .phhs file (a .phh file holds one hand); "
            "write s1.phhs or give --hand",
        ),
    ],
)
def test_errors_are_one_line_with_exit_code_2(db: Path, args: list[str], message: str) -> None:
    result = runner.invoke(history_app, ["--db", str(db), *args])
    assert result.exit_code == 2
    assert result.output.startswith(message) and result.output.count("\n") == 1


def test_stats_json_sums_the_stored_facts(db: Path) -> None:
    """``history stats SESSION --json``: one entry per player, every finished hand
    counted, the nets adding up to zero."""
    result = runner.invoke(history_app, ["--db", str(db), "stats", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hands"] == 4 and data["sessions"] == [1]
    assert sorted(p["player"] for p in data["players"]) == ["ann", "bot", "cy"]
    assert sum(p["net"] for p in data["players"]) == 0
    assert max(p["hands"] for p in data["players"]) == 4  # a busted player sits out
    one = runner.invoke(history_app, ["--db", str(db), "stats", "--player", "cy", "--json"])
    assert [p["player"] for p in json.loads(one.output)["players"]] == ["cy"]
    text = runner.invoke(history_app, ["--db", str(db), "stats", "1"])
    assert text.exit_code == 0 and "VPIP" in text.output and "Public information" in text.output


def test_stats_facts_filled_once_for_old_hands(db: Path) -> None:
    """Hands stored without facts (an older database) get them by a replay, the same
    facts as those stored at the end of each hand."""
    import sqlite3

    before = json.loads(runner.invoke(history_app, ["--db", str(db), "stats", "--json"]).output)
    connection = sqlite3.connect(db)
    stored = connection.execute("SELECT hand_id, data FROM hand_facts ORDER BY hand_id").fetchall()
    connection.execute("DELETE FROM hand_facts")
    connection.commit()
    connection.close()
    after = json.loads(runner.invoke(history_app, ["--db", str(db), "stats", "--json"]).output)
    assert after == before
    connection = sqlite3.connect(db)
    again = connection.execute("SELECT hand_id, data FROM hand_facts ORDER BY hand_id").fetchall()
    connection.close()
    assert [(i, json.loads(d)) for i, d in again] == [(i, json.loads(d)) for i, d in stored]


def test_stats_dates_and_errors(db: Path) -> None:
    later = runner.invoke(history_app, ["--db", str(db), "stats", "--since", "2999-01-01",
                                        "--json"])  # fmt: skip
    assert later.exit_code == 0 and json.loads(later.output)["hands"] == 0
    early = runner.invoke(history_app, ["--db", str(db), "stats", "--since", "2000-01-01",
                                        "--json"])  # fmt: skip
    assert json.loads(early.output)["hands"] == 4
    bad = runner.invoke(history_app, ["--db", str(db), "stats", "--since", "yesterday"])
    assert bad.exit_code == 2 and "--since" in bad.output
    dealer = runner.invoke(history_app, ["--db", str(db), "stats", "2"])
    assert dealer.exit_code == 2 and "dealer" in dealer.output
    nobody = runner.invoke(history_app, ["--db", str(db), "stats", "--player", "zed"])
    assert nobody.exit_code == 2 and "zed" in nobody.output


def test_stats_plot(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.svg"
    result = runner.invoke(history_app, ["--db", str(db), "stats", "1", "--plot", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.startswith("<?xml") and "ann" in text
    wrong = runner.invoke(history_app, ["--db", str(db), "stats", "--plot", "x.gif"])
    assert wrong.exit_code == 2
