"""The page's committed build: the compiled JS in ``static/js`` is what ``tsc`` makes of
``src/``, and ``static/table-config.json`` is what ``pokerbonus.web.schema`` writes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

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
    assert json.loads(done.stdout) == [
        {"kind": "kill", "label": "Kill"},
        {"kind": "buy_pot", "label": "Buy the pot"},
        {"kind": "surblind", "label": "Surblind"},
    ]
