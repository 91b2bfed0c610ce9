"""Replaying real hand histories (``../shared/phh``) through the engine; ``docs/replay.md``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerbonus.engine.events import BetOrRaised, BetReturned, BlindPosted
from pokerbonus.errors import IllegalActionError
from pokerbonus.notation import dumps, load, loads, parse_action
from pokerbonus.notation.replay import (
    hand_setup,
    history_of,
    replay_hand,
    replay_history,
    replay_paths,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "phh"
if not SHARED.is_dir():  # a worktree of its own (../wt/NAME): the shared folder
    SHARED = Path("/work/shared/phh")
needs_shared = pytest.mark.skipif(not SHARED.is_dir(), reason="shared PHH files not present")

STUD = {"F7S", "F7S/8", "FR"}
"""Stud codes: 30 hands in ``wsop/2023/43/5``."""
RAZZ_SHORT_RAISE = "wsop/2023/43/5/85.phh"
"""A limit raise written below the fixed raise, already putting the opponent all-in."""
MISSING_ACTION = "wsop-2019/42-3-00-01-07.phh"
"""The file skips p8's pre-flop action (docs/replay.md)."""


@needs_shared
def test_every_shared_button_game_hand_matches_its_finishing_stacks() -> None:
    results = replay_paths([SHARED])
    assert len(results) == 1097
    for r in results:
        if r.file.endswith(MISSING_ACTION):
            assert r.error is not None and "p8's turn" in r.error
            continue
        assert r.ok and r.error is None, (r.file, r.error, r.finishing_stacks, r.expected)
    compared = [r for r in results if r.ok and r.expected is not None]
    assert len(compared) >= 1080
    stud = [r for r in results if r.variant in STUD]
    assert len(stud) == 30 and all(r.ok and r.expected is not None for r in stud)


@needs_shared
def test_razz_raise_below_the_fixed_raise_plays_as_the_fixed_raise() -> None:
    # RULES.md section 6: a limit raise is one bet. On sixth street p1 bets 600,000
    # with 750,000 behind in all and p2 "raises to 750,000": the engine raises to
    # 1,200,000, p1 calls all-in and the 450,000 above come back uncalled.
    (history,) = load(SHARED / RAZZ_SHORT_RAISE)
    hand = replay_hand(history)
    assert hand.stacks == (0, 29_700_000) == tuple(history.finishing_stacks or ())
    raises = [e for e in hand.events if isinstance(e, BetOrRaised) and e.to == 1_200_000]
    returned = [e for e in hand.events if isinstance(e, BetReturned)]
    assert raises and returned[-1].amount == 450_000
    # the bring-in: p2 (8d up) is the highest card in razz and posts 100,000
    assert any(isinstance(e, BlindPosted) and e.kind == "bring-in" and e.seat == 1
               and e.amount == 100_000 for e in hand.events)  # fmt: skip


@needs_shared
def test_stud_hand_with_unknown_up_card_keeps_the_files_bring_in() -> None:
    # p5's cards are unknown in the file and p4 (4c up) brings in: the unknown
    # cards are filled so that they do not take the bring-in.
    (history,) = load(SHARED / "wsop/2023/43/5/53.phh")
    result = replay_history(history, "53.phh", 0)
    assert result.ok and result.finishing_stacks == history.finishing_stacks


@needs_shared
def test_stud_hands_round_trip_through_history_of() -> None:
    for path in sorted((SHARED / "wsop/2023/43/5").glob("*.phh"))[:40]:
        (history,) = load(path)
        if history.variant not in STUD:
            continue
        hand = replay_hand(history)
        again = history_of(hand, history.variant)
        assert replay_hand(again).stacks == hand.stacks, path
        assert dumps(again) and again.bring_in == history.bring_in


@needs_shared
def test_big_blind_ante_is_dead_money_once_the_missing_fold_is_added() -> None:
    # RULES.md section 8 (antes) / docs/replay.md: the big-blind ante goes to the
    # main pot; with p8's fold restored the file's finishing stacks come out exactly.
    (hand,) = load(SHARED / MISSING_ACTION)
    actions = list(hand.actions)
    at = actions.index(parse_action("p7 cbr 1150000"))
    actions.insert(at + 1, parse_action("p8 f"))
    fixed = dataclasses.replace(hand, actions=tuple(actions))
    result = replay_history(fixed, "fixed", 0)
    assert result.ok and result.finishing_stacks == hand.finishing_stacks


@needs_shared
def test_half_chip_pluribus_hand_is_scaled_and_matches() -> None:
    # docs/phh.md: the file is in half chips; at scale 2 the split is exact.
    (hand,) = load(SHARED / "pluribus" / "60" / "88.phh")
    result = replay_history(hand, "88.phh", 0)
    assert result.ok
    assert 10137.5 in result.finishing_stacks  # type: ignore[operator]


HEADS_UP = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsAd", "d dh p2 7c2d", "p2 cbr 6", "p1 cc", "d db 2s3s4h",
  "p1 cc", "p2 cc", "d db 9c", "p1 cc", "p2 cc", "d db Kd", "p1 cc", "p2 cc"]
finishing_stacks = [106, 94]
"""


def test_heads_up_button_posts_small_blind_and_acts_first() -> None:
    # RULES.md section 8: heads-up, the button (p2) posts the small blind, acts first pre-flop.
    hand = replay_hand(loads(HEADS_UP)[0])
    assert hand.stacks == (106, 94)
    assert replay_history(loads(HEADS_UP)[0], "hu", 0).ok


def test_out_of_turn_action_is_refused_with_the_reason() -> None:
    text = HEADS_UP.replace('"p2 cbr 6", "p1 cc"', '"p1 cbr 6", "p2 cc"')
    with pytest.raises(IllegalActionError, match="p2's turn"):
        replay_hand(loads(text)[0])
    result = replay_history(loads(text)[0], "bad", 0)
    assert not result.ok and result.finishing_stacks is None and "action 2" in (result.error or "")


def test_unknown_cards_shown_at_showdown_are_the_cards_compared() -> None:
    text = (
        HEADS_UP.replace('"d dh p2 7c2d"', '"d dh p2 ????"')
        .replace('"p1 cc", "p2 cc"]', '"p1 cc", "p2 cc", "p2 sm KsKh"]')
        .replace("[106, 94]", "[94, 106]")
    )
    result = replay_history(loads(text)[0], "x", 0)
    assert result.ok, result


def test_round_trip_of_a_replayed_history_keeps_the_result() -> None:
    history = loads(HEADS_UP)[0]
    assert replay_hand(loads(dumps(history))[0]).stacks == replay_hand(history).stacks


def test_replay_command_json_keys_and_exit_code(tmp_path: Path) -> None:
    import typer

    from pokerbonus.cli.replay import replay_command

    app = typer.Typer()
    app.command()(replay_command)
    good = tmp_path / "good.phh"
    good.write_text(HEADS_UP)
    bad = tmp_path / "bad.phh"
    bad.write_text(HEADS_UP.replace("[106, 94]", "[100, 100]"))
    runner = CliRunner()
    out = runner.invoke(app, [str(good), "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    assert rows == [{"file": str(good), "index": 0, "variant": "NT",
                     "finishing_stacks": [106, 94], "expected": [106, 94],
                     "ok": True, "error": None}]  # fmt: skip
    out = runner.invoke(app, [str(tmp_path), "--json"])
    assert out.exit_code == 1
    assert [r["ok"] for r in json.loads(out.output)] == [False, True]
    assert runner.invoke(app, [str(good)]).exit_code == 0


def test_whole_chips_written_as_floats_set_up_the_same_hand() -> None:
    # hand_setup takes a header of ints as it is; floats and halves go the general way
    ints = loads(HEADS_UP.replace("[0, 0]", "[1, 0]"))[0]
    floats = loads(HEADS_UP.replace("[0, 0]", "[1.0, 0]").replace("[100, 100]", "[100.0, 100]"))
    assert hand_setup(ints) == hand_setup(floats[0])
    _, stacks, stakes, scale = hand_setup(ints)
    assert (stacks, stakes.seat_antes, stakes.seat_blinds, scale) == ([100, 100], (0, 1), (2, 1), 1)
    halves = loads(HEADS_UP.replace("[100, 100]", "[100.5, 100]"))[0]
    _, stacks, stakes, scale = hand_setup(halves)
    assert (stacks, stakes.seat_antes, stakes.seat_blinds, scale) == ([201, 200], (), (4, 2), 2)
    assert stakes.min_opening == 4
    three = HEADS_UP.replace("[0, 0]", "[1, 0, 0]").replace("[1, 2]", "[1, 2, 0]")
    three = three.replace("[100, 100]", "[100, 100, 100]").replace("[106, 94]", "[1, 1, 1]")
    # the same forced bets at three seats: not the heads-up stakes (reversed) kept above
    assert hand_setup(loads(three)[0])[2].seat_antes == (1, 0, 0)


def test_plain_replay_runs_without_typer_and_prints_what_the_typer_command_prints(
    tmp_path: Path,
) -> None:
    # pokerbonus.cli.main runs `replay FILES --json` itself: no typer, rich or pydantic
    import typer

    from pokerbonus.cli.replay import replay_command

    good = tmp_path / "good.phh"
    good.write_text(HEADS_UP)
    bad = tmp_path / "bad.phh"
    bad.write_text(HEADS_UP.replace("[106, 94]", "[100, 100]"))
    code = (
        "import sys\n"
        "from pokerbonus.cli import main\n"
        f"sys.argv = ['pokerbonus', 'replay', {str(tmp_path)!r}, '--json']\n"
        "try:\n"
        "    main()\n"
        "finally:\n"
        "    loaded = [m for m in ('typer', 'rich', 'pydantic', 'click') if m in sys.modules]\n"
        "    print(loaded, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == "[]"
    app = typer.Typer()
    app.command()(replay_command)
    out = CliRunner().invoke(app, [str(tmp_path), "--json"])
    assert out.exit_code == 1
    assert json.loads(done.stdout) == json.loads(out.output)


def test_replay_arguments_other_than_files_and_json_go_to_typer() -> None:
    from pokerbonus.cli.replay_run import plain_replay_args

    assert plain_replay_args(["a.phh", "b"]) == ([Path("a.phh"), Path("b")], False)
    assert plain_replay_args(["--json", "a.phh"]) == ([Path("a.phh")], True)
    for args in (["a.phh", "--help"], ["-h"], ["--jsn", "a.phh"], ["--json"], []):
        assert plain_replay_args(args) is None, args
