"""The web tables' page in a real browser (Debian's Chromium driven by Playwright)
against the real server (uvicorn on a free loopback port, a temporary SQLite file).

Two people in two browser contexts and a bot play hands to the end; one of them
reloads the page mid-hand and carries on; a dropped socket reconnects with the
last event number; the pages ask for ``batch`` frames and get a change's messages
in one frame; the phone-sized layout shows the action buttons; a page opened
between hands shows the last showdown, with the server's (the engine's) hand names.

Screenshots go to ``test-artifacts/`` (gitignored). ``POKERBONUS_DOCS_IMAGES=1``
also rewrites ``docs/images/web-table.png``.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerbonus.hands import evaluate

playwright_sync = pytest.importorskip("playwright.sync_api")
server_app = pytest.importorskip("pokerbonus.server.app")
uvicorn = pytest.importorskip("uvicorn")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"

if not Path(CHROMIUM).exists():
    pytest.skip(f"browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

Page = Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server on a free loopback port; its base URL."""
    db = tmp_path_factory.mktemp("web") / "tables.db"
    settings = server_app.ServerSettings(
        db=str(db), bot_delay=0.05, hand_pause=1.5,
        rng=lambda table: random.Random(f"web-{table}"), bot_samples=50,
    )  # fmt: skip
    port = _free_port()
    config = uvicorn.Config(server_app.create_app(settings), host="127.0.0.1", port=port,
                            log_level="warning", ws="websockets-sansio")  # fmt: skip
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless."""
    with playwright_sync.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _create_table(page: Page, base: str, name: str, seats: dict[int, str], players: int = 3,
                  action_seconds: int = 60) -> str:  # fmt: skip
    """Fill the landing form; the new table's id (the page moves to it)."""
    page.goto(base + "/")
    page.get_by_test_id("your-name").fill(name)
    page.get_by_test_id("cfg-players").fill(str(players))
    page.get_by_test_id("cfg-players").dispatch_event("change")
    for seat, choice in seats.items():
        page.get_by_test_id(f"seat-choice-{seat}").select_option(choice)
    page.get_by_test_id("action-seconds").fill(str(action_seconds))
    page.get_by_test_id("btn-create").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    return str(page.url).rsplit("/", 1)[1]


def _api(page: Page, base: str, table: str) -> dict[str, Any]:
    token = page.evaluate(f"localStorage.getItem('pokerbonus.{table}')")
    response = page.request.get(f"{base}/api/tables/{table}?token={token}")
    data: dict[str, Any] = response.json()
    return data


def _play_one(page: Page) -> bool:
    """If it is this page's turn: check or call, stand pat, decline. Whether it acted."""
    acted: bool = page.evaluate(
        """() => {
            for (const id of ["btn-call", "btn-draw", "btn-decline"]) {
                const b = document.querySelector(`[data-testid="${id}"]`);
                if (b && !b.disabled) { b.click(); return true; }
            }
            return false;
        }"""
    )
    return acted


def _until(pages: list[Page], done: Callable[[], bool], timeout: float = 40.0) -> None:
    """Play the pages' turns until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            pytest.fail("the table did not get there in time")
        acted = any([_play_one(p) for p in pages])
        if not acted:
            pages[0].wait_for_timeout(100)


class Frames:
    """The WebSocket frames a page sends and receives (as Playwright sees them)."""

    def __init__(self, page: Page) -> None:
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def messages(self) -> list[dict[str, Any]]:
        """The messages received, each batch opened in order."""
        out: list[dict[str, Any]] = []
        for frame in self.received:
            out.extend(frame["messages"] if frame["type"] == "batch" else [frame])
        return out


def _screenshot(page: Page, name: str, docs: bool = False) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))
    if docs and os.environ.get("POKERBONUS_DOCS_IMAGES") == "1":
        shutil.copy(ARTIFACTS / name, ROOT / "docs" / "images" / name)


def test_two_people_and_a_bot_play_hands_with_a_reload_mid_hand(server: str, browser: Any) -> None:
    ann_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    bob_ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    ann_frames, bob_frames = Frames(ann), Frames(bob)
    errors: list[str] = []
    for p in (ann, bob):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    table = _create_table(ann, server, "Ann", {0: "you", 1: "easy", 2: ""})
    expect = playwright_sync.expect
    expect(ann.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    invite = ann.evaluate(f"localStorage.getItem('pokerbonus.{table}.invite')")
    assert invite.startswith(f"/t/{table}#invite=")

    # Bob follows the invite, joins as a spectator, then takes seat 3
    bob.goto(server + invite)
    bob.get_by_test_id("join-name").fill("Bob")
    bob.get_by_test_id("btn-join").click()
    expect(bob.get_by_test_id("sit-2")).to_be_visible()
    assert "#invite" not in bob.url  # the secret leaves the address bar
    bob.get_by_test_id("sit-2").click()
    expect(bob.get_by_test_id("seat-2").get_by_test_id("seat-name")).to_have_text("Bob")
    expect(ann.get_by_test_id("seat-2").get_by_test_id("seat-name")).to_have_text("Bob")
    expect(ann.get_by_test_id("seat-1").get_by_test_id("seat-name")).to_have_text(
        re.compile("easy")
    )

    # Bob is dealt in from the next hand: each sees their own five cards and the others' backs
    bob_cards = bob.get_by_test_id("cards-2").get_by_test_id("card")
    _until([ann], lambda: bob_cards.count() == 5, timeout=30)
    expect(bob.get_by_test_id("cards-0").get_by_test_id("card-back")).to_have_count(5)
    expect(ann.get_by_test_id("cards-0").get_by_test_id("card")).to_have_count(5)
    expect(bob.get_by_test_id("pot")).to_contain_text(re.compile(r"\d"))
    expect(ann.get_by_test_id("timer")).to_be_visible(timeout=15000)

    # chat both ways
    ann.get_by_test_id("chat-input").fill("good luck")
    ann.get_by_test_id("chat-send").click()
    expect(bob.get_by_test_id("chat-lines")).to_contain_text("Ann: good luck")

    # Bob reloads mid-hand: same cards back, the hand's log rebuilt, play goes on
    hand = _api(ann, server, table)["hand"]
    assert hand is not None
    before = (
        bob.get_by_test_id("cards-2")
        .get_by_test_id("card")
        .evaluate_all("els => els.map(e => e.dataset.card)")
    )
    bob.reload()
    expect(bob.get_by_test_id("connection")).to_have_attribute("data-resyncs", "1")
    assert _api(ann, server, table)["hand"] == hand  # still the same hand: nobody else can end it
    expect(bob.get_by_test_id("cards-2").get_by_test_id("card")).to_have_count(5)
    after = (
        bob.get_by_test_id("cards-2")
        .get_by_test_id("card")
        .evaluate_all("els => els.map(e => e.dataset.card)")
    )
    assert after == before
    expect(bob.get_by_test_id("log")).to_contain_text(re.compile("antes|posts"))

    # Ann's socket drops: she reconnects with the last event number and gets what she missed
    ann.evaluate("window.pokerbonus.page.client.drop()")
    expect(ann.get_by_test_id("connection")).to_have_attribute("data-connects", "2")
    expect(ann.get_by_test_id("connection")).to_have_attribute("data-status", "open")
    assert ann.get_by_test_id("connection").get_attribute("data-resyncs") == "1"

    # play until two hands are over
    _until([ann, bob], lambda: _api(ann, server, table)["hands_played"] >= 2, timeout=45)
    expect(ann.get_by_test_id("showdown-hand")).to_be_visible()
    state = _api(ann, server, table)
    chips = state["chips"]
    assert chips["stacks"] + chips["in_hand"] == chips["bought"] == 300
    ledger = ann.get_by_test_id("ledger")
    for name in ("Ann", "Bob", "easy-1"):
        expect(ledger).to_contain_text(name)
    log_text = ann.get_by_test_id("log").inner_text()
    assert re.search(r"Hand \d+ is over", log_text), log_text
    assert not errors, errors
    # both pages agree with the server on every stack between hands
    _until([ann, bob], lambda: _api(ann, server, table)["hand"] is None, timeout=20)
    state = _api(ann, server, table)
    for occ in state["seats"]:
        for p in (ann, bob):
            expect(
                p.get_by_test_id(f"seat-{occ['seat']}").get_by_test_id("seat-stack")
            ).to_have_text(str(occ["stack"]))
    _screenshot(ann, "web-table-between-hands.png")
    # every hello (Bob's reload, Ann's reconnect included) asked for batches, and the
    # server's batch frames carried several messages each: fewer frames than messages
    for frames, connects in ((ann_frames, 2), (bob_frames, 2)):
        hellos = [m for m in frames.sent if m["type"] == "hello"]
        assert len(hellos) == connects and all(m.get("batch") is True for m in hellos), hellos
        batches = [f for f in frames.received if f["type"] == "batch"]
        assert batches and all(len(f["messages"]) > 1 for f in batches)
        assert not any(m["type"] == "batch" for f in batches for m in f["messages"])
        assert len(frames.received) < len(frames.messages())
    # a clean picture of a hand being played for the docs
    expect(ann.get_by_test_id("cards-0").get_by_test_id("card")).to_have_count(5, timeout=15000)
    _screenshot(ann, "web-table.png", docs=True)
    ann_ctx.close()
    bob_ctx.close()


def test_phone_layout_shows_the_action_buttons(server: str, browser: Any) -> None:
    phone = {"width": 390, "height": 844}
    ctx = browser.new_context(viewport=phone, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = ctx.new_page()
    _create_table(page, server, "Phone", {0: "you", 1: "station"}, players=2, action_seconds=0)
    expect = playwright_sync.expect
    call = page.get_by_test_id("btn-call").or_(page.get_by_test_id("btn-draw"))
    expect(call).to_be_visible(timeout=20000)
    # wait for a betting decision to see the whole bar: fold/check, presets, slider
    deadline = time.monotonic() + 30
    while not page.get_by_test_id("bet-slider").count():
        assert time.monotonic() < deadline, "no betting decision came"
        _play_one(page)
        page.wait_for_timeout(100)
    for testid in ("btn-call", "btn-raise", "bet-slider", "preset-min", "preset-half", "preset-pot",
                   "preset-allin"):  # fmt: skip
        element = page.get_by_test_id(testid)
        expect(element).to_be_visible()
        expect(element).to_be_in_viewport()
        box = element.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, (testid, box)
    # no sideways scrolling on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # presets move the slider and the button's label; all-in is the stack
    page.get_by_test_id("preset-allin").click()
    maximum = page.get_by_test_id("bet-slider").get_attribute("max")
    expect(page.get_by_test_id("bet-amount")).to_have_value(maximum or "")
    expect(page.get_by_test_id("btn-raise")).to_have_text(f"All-in {maximum}")
    page.get_by_test_id("preset-min").click()
    minimum = page.get_by_test_id("bet-slider").get_attribute("min")
    expect(page.get_by_test_id("bet-amount")).to_have_value(minimum or "")
    _screenshot(page, "web-table-phone.png")
    ctx.close()


def test_showdown_names_from_the_server_after_a_reload(server: str, browser: Any) -> None:
    """A page opened between hands shows the last showdown (``state.last_hand``), each shown
    hand named in the engine's words (RULES.md 1-2), which the server sends (``names``)."""
    from playwright.sync_api import expect

    page = browser.new_page()
    page.goto(server + "/")
    body = {"name": "Ann", "seat": None, "config": {"players": 3}, "max_hands": 1,
            "bots_alone": True, "timer": {"action_seconds": 0},
            "bots": [{"seat": s, "level": "station"} for s in range(3)]}  # fmt: skip
    created = page.request.post(server + "/api/tables", data=body).json()
    table = created["table"]
    page.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(created['token'])})")
    deadline = time.monotonic() + 30
    while _api(page, server, table)["hands_played"] < 1 or _api(page, server, table)["hand"]:
        assert time.monotonic() < deadline, "the bots' hand did not end"
        time.sleep(0.2)
    page.goto(f"{server}/t/{table}")
    expect(page.get_by_test_id("showdown-hand")).to_have_text("Hand 1")
    rows = page.locator("[data-testid^=shown-name-]")
    expect(rows.first).to_be_visible()
    assert rows.count() >= 2  # stations call down: every hand is shown
    for k in range(rows.count()):
        seat = (rows.nth(k).get_attribute("data-testid") or "").rsplit("-", 1)[1]
        cards = (
            page.get_by_test_id(f"shown-{seat}")
            .get_by_test_id("card")
            .evaluate_all("els => els.map(e => e.dataset.card)")
        )
        expected = evaluate(" ".join(cards), "high", deck=32).description
        expect(rows.nth(k)).to_have_text(expected)
    page.close()
