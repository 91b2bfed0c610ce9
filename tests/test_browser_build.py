"""The page's committed build: the compiled JS in ``static/js`` is what ``tsc`` makes of
``src/``, and ``static/table-config.json`` is what ``pokerbonus.web.schema`` writes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pokerbonus.engine.config import TableConfig
from pokerbonus.errors import ConfigurationError
from pokerbonus.web.schema import SCHEMA_PATH, config_schema, schema_json

WEB = Path(__file__).resolve().parent.parent / "src" / "pokerbonus" / "web"


def test_compiled_js_is_up_to_date(tmp_path: Path) -> None:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        pytest.skip("node and npm are not installed: cannot recompile the page")
    work = tmp_path / "web"
    work.mkdir()
    for name in ("package.json", "package-lock.json", "tsconfig.json"):
        shutil.copy(WEB / name, work / name)
    shutil.copytree(WEB / "src", work / "src")
    if (WEB / "node_modules" / "typescript").is_dir():
        (work / "node_modules").symlink_to(WEB / "node_modules")
    else:
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=work, capture_output=True,
                              text=True, timeout=240, check=False)  # fmt: skip
        if done.returncode != 0:
            pytest.skip(f"npm ci failed (no registry?): {done.stderr.strip()[-300:]}")
    out = tmp_path / "out"
    tsc = work / "node_modules" / "typescript" / "bin" / "tsc"
    done = subprocess.run(["node", str(tsc), "-p", "tsconfig.json", "--outDir", str(out)], cwd=work,
                          capture_output=True, text=True, timeout=240, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    built = {p.relative_to(out): p.read_bytes() for p in out.rglob("*.js")}
    committed = {p.relative_to(WEB / "static" / "js"): p.read_bytes()
                 for p in (WEB / "static" / "js").rglob("*.js")}  # fmt: skip
    assert sorted(built) == sorted(committed), (
        "static/js: run `npm run build` in src/pokerbonus/web"
    )
    stale = [str(name) for name in built if built[name] != committed[name]]
    assert not stale, f"static/js is older than src/: {stale} (run `npm run build`)"


def test_schema_file_is_up_to_date() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_json(), (
        "run `python -m pokerbonus.web.schema`"
    )


def test_schema_offers_only_what_the_config_accepts() -> None:
    schema = config_schema()
    defaults = TableConfig().to_dict()
    assert [f["name"] for f in schema["fields"]] == list(defaults)
    for field in schema["fields"]:
        assert field["default"] == defaults[field["name"]], field["name"]
        for choice in field.get("choices", []):
            extra: dict[str, object] = {"players": 2} if field["name"] == "deck_size" else {}
            if field["name"] == "betting" and choice == "limit":
                extra = {"small_bet": 1, "big_bet": 2}
            if field["name"] == "rebuy" and choice == "limited":
                extra = {"max_caves": 3}
            if field["name"] == "kill" and choice != "off":
                extra = {"forced_bets": "blind"}  # the pot game has no blind to kill
            if field["name"] == "kill_end":  # only with a kill (issue 14's new field)
                extra = {"forced_bets": "blind", "kill": "full"}
            assert (
                TableConfig.from_dict({field["name"]: choice, **extra}).to_dict()[field["name"]]
                == choice
            )
    with pytest.raises(ConfigurationError, match="max_discard"):
        TableConfig.from_dict({"max_discard": 4})  # the form offers 3 and 5 only
    fields = {f["name"]: f for f in schema["fields"]}
    assert fields["max_discard"]["choices"] == [3, 5]
    assert "expert" in schema["bot_levels"]


def test_offer_buttons_send_the_decision_offered() -> None:
    """The page's offer button sends the action of the decision (a kill offer sends
    ``kill``, not ``surblind``), run in node from the committed JS."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = (
        "import('./static/js/table.js').then(m => console.log(JSON.stringify("
        "['kill', 'buy_pot', 'surblind'].map(d => m.offerButton(d)))))"
    )
    done = subprocess.run([node, "--no-warnings", "-e", script], cwd=WEB, capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [  # the labels: whole sentences with the amount
        {"kind": "kill", "label": "Kill ({amount})"},
        {"kind": "buy_pot", "label": "Buy the pot ({amount})"},
        {"kind": "surblind", "label": "Surblind ({amount})"},
    ]


CLIENT_RUN = """
const [mode, changes] = JSON.parse(process.argv[1]);
const sockets = [];
class FakeSocket {
  static OPEN = 1;
  constructor(url) {
    this.url = url; this.readyState = 0; this.sent = []; this.on = {};
    sockets.push(this);
  }
  addEventListener(type, fn) { (this.on[type] ??= []).push(fn); }
  send(text) { this.sent.push(JSON.parse(text)); }
  close() { this.readyState = 3; }
  fire(type, event) { for (const fn of this.on[type] ?? []) fn(event); }
}
globalThis.WebSocket = FakeSocket;
globalThis.window = { setInterval: () => 0, clearInterval: () => undefined, setTimeout: () => 0 };
const { TableClient } = await import("./static/js/client.js");
const calls = [];
const client = new TableClient("t", "secret", {
  welcome: (m) => calls.push(["welcome", m.n]),
  event: (m, replayed) => calls.push(["event", m.n, replayed]),
  state: (m) => calls.push(["state", m.n, m.resync]),
  error: (m) => calls.push(["error", m.code]),
  status: (s) => calls.push(["status", s]),
}, "ws://test/ws/t");
client.connect();
for (const [socket, messages] of changes) {
  const ws = sockets[socket];
  if (!ws) continue; // the client did not open it
  if (ws.readyState === 0) { ws.readyState = 1; ws.fire("open", {}); }
  const frames = mode === "batch" && messages.length > 1
    ? [{ type: "batch", messages }] : messages;
  for (const frame of frames) ws.fire("message", { data: JSON.stringify(frame) });
}
console.log(JSON.stringify({ calls, stats: client.stats, lastN: client.lastN,
                             sent: sockets.map((ws) => ws.sent) }));
"""


def _run_client(mode: str, changes: list[tuple[int, list[dict[str, object]]]]) -> Any:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    done = subprocess.run([node, "--no-warnings", "--input-type=module", "-e", CLIENT_RUN,
                           json.dumps([mode, changes])], cwd=WEB, capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_client_takes_a_batch_as_its_messages_one_by_one() -> None:
    """The page's client asks for ``batch`` in its hello and takes each message of a batch
    frame as if it had come alone: the same handler calls in the same order, the same
    counters; an event gap inside a batch reconnects with ``since`` and drops the rest
    of that frame, as it drops the old socket's later frames. The one-by-one run is a
    server that does not send batches: the page works the same (node, committed JS)."""

    def event(n: int) -> dict[str, object]:
        return {"type": "event", "n": n, "hand": 1, "event": {"kind": "called", "seat": 0}}

    def state(n: int, resync: bool) -> dict[str, object]:
        return {"type": "state", "n": n, "resync": resync, "hand": None}

    welcome = {"type": "welcome", "table": "t", "n": 2, "you": {}}
    changes: list[tuple[int, list[dict[str, object]]]] = [
        (0, [welcome, state(2, True)]),
        (0, [event(3), event(4), state(4, False), {"type": "ack", "id": 1, "of": "act"}]),
        (0, [{"type": "pong", "id": 2}]),
        (0, [event(5), event(7), state(7, False)]),  # 6 is missing: reconnect
        (0, [event(8), state(8, False)]),  # the old socket's: dropped
        (1, [{**welcome, "n": 7}, event(6), event(7), state(7, False)]),
    ]
    one_by_one = _run_client("single", changes)
    batched = _run_client("batch", changes)
    assert batched == one_by_one
    assert [m for ws in batched["sent"] for m in ws] == [
        # the page's language rides in hello (no document here: English)
        {"type": "hello", "token": "secret", "since": None, "batch": True, "lang": "en"},
        {"type": "hello", "token": "secret", "since": 5, "batch": True, "lang": "en"},
    ]
    assert batched["stats"]["gaps"] == 1 and batched["stats"]["acks"] == 1
    assert batched["lastN"] == 7
    events = [c for c in batched["calls"] if c[0] in ("event", "state")]
    assert events == [["state", 2, True], ["event", 3, False], ["event", 4, False],
                      ["state", 4, False], ["event", 5, False], ["event", 6, True],
                      ["event", 7, True], ["state", 7, False]]  # fmt: skip
