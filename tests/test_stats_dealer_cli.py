"""``pokerbonus stats dealer``: the issue's check of the default settings, and a
progress bar on a terminal but nothing when piped or with ``--json``."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

POKERBONUS = [str(Path(sys.executable).parent / "pokerbonus")]


def test_section_9_default_settings_return_96_to_99_percent_to_within_0_3_points() -> None:
    """``pokerbonus stats dealer --seed 5 --json``: the values, not the time."""
    out = subprocess.run(
        [*POKERBONUS, "stats", "dealer", "--seed", "5", "--json"],
        capture_output=True, text=True, check=True, timeout=900,
    )  # fmt: skip
    data = json.loads(out.stdout)
    low, high = data["ci95"]
    assert 0.96 <= data["rtp"] <= 0.99 and high - data["rtp"] <= 0.003
    assert data["rtp"] - low <= 0.003 and data["method"] == "sampled"
    assert data["house_edge"] > 0 and out.stderr == ""  # nothing but the JSON, no bar


def run_in_terminal(args: list[str], tmp_path: Path) -> tuple[int, str]:
    """Run the command with a pseudo-terminal as its stdout and stderr: what a person sees."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        [*POKERBONUS, *args], stdin=subprocess.DEVNULL, stdout=follower, stderr=follower,
        env=env, cwd=tmp_path,
    )  # fmt: skip
    os.close(follower)
    seen = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 600)
        if not ready:
            process.kill()
            raise AssertionError("the command hung")
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the command ended
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    return process.wait(timeout=60), seen.decode("utf-8", "replace")


ARGS = ["stats", "dealer", "--situations", "12000", "--workers", "1"]


def test_a_terminal_sees_a_progress_bar(tmp_path: Path) -> None:
    code, seen = run_in_terminal(ARGS, tmp_path)
    assert code == 0, seen
    assert "working out the RTP" in seen and "/12000" in seen  # the bar, then the result
    assert "RTP" in seen


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_a_pipe_or_json_sees_no_progress(tmp_path: Path, extra: list[str]) -> None:
    if extra:  # --json, even on a terminal
        code, seen = run_in_terminal([*ARGS, *extra], tmp_path)
        assert code == 0, seen
        assert "working out" not in seen and json.loads(seen)["situations"] == 12000
        return
    out = subprocess.run(
        [*POKERBONUS, *ARGS], capture_output=True, text=True, check=True, timeout=900
    )
    assert "working out" not in out.stdout and "/12000" not in out.stdout and out.stderr == ""
    assert "RTP" in out.stdout
