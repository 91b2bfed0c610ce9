"""The web tables' page in a real browser (Debian's Chromium driven by Playwright)
against the real server (uvicorn on a free loopback port, a temporary SQLite file).
One server and one browser serve every test of the module.

Two people in two browser contexts and a bot play hands to the end; one of them
reloads the page mid-hand and carries on; a dropped socket reconnects with the
last event number; the pages ask for ``batch`` frames and get a change's messages
in one frame; the phone-sized layout shows the action buttons; a page opened
between hands shows the last showdown, with the server's (the engine's) hand names.
Three people: nothing is dealt before the host's Start; one closes the tab at her
turn, is played for, sat out at the next hand with no chip lost, and back when she
opens the page again; a reload keeps the log (the timeout included) and the chat.
Every table size 2-8 fits 360 and 390 px wide phones; the create form shows only
the chosen game's fields, without a title twice, the common case on one screen.

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
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokerbonus.hands import evaluate

# one server and one Chromium serve every test of the module: all on one worker
pytestmark = pytest.mark.xdist_group("browser")

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


@dataclass
class Web:
    """The module's server: its base URL and its settings (a test may move ``away_seconds``)."""

    base: str
    settings: Any


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Web]:
    """The real server on a free loopback port."""
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
    yield Web(f"http://127.0.0.1:{port}", settings)
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def server(web: Web) -> str:
    """The server's base URL."""
    return web.base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless."""
    with playwright_sync.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _create_table(page: Page, base: str, name: str, seats: dict[int, str], players: int = 3,
                  action_seconds: int = 60, start: str = "host") -> str:  # fmt: skip
    """Fill the landing form; the new table's id (the page moves to it)."""
    page.goto(base + "/")
    page.get_by_test_id("your-name").fill(name)
    page.get_by_test_id("cfg-players").fill(str(players))
    page.get_by_test_id("cfg-players").dispatch_event("change")
    for seat, choice in seats.items():
        page.get_by_test_id(f"seat-choice-{seat}").select_option(choice)
    page.get_by_test_id("action-seconds").fill(str(action_seconds))
    page.get_by_test_id("start-rule").select_option(start)
    page.get_by_test_id("btn-create").click()
    page.wait_for_url(re.compile(r"/t/[A-Za-z0-9_-]+$"))
    return str(page.url).rsplit("/", 1)[1]


def _join(page: Page, base: str, invite: str, name: str, seat: int) -> None:
    """Follow the invite link, join as ``name`` and sit at ``seat``."""
    page.goto(base + invite)
    page.get_by_test_id("join-name").fill(name)
    page.get_by_test_id("btn-join").click()
    page.get_by_test_id(f"sit-{seat}").click()
    playwright_sync.expect(
        page.get_by_test_id(f"seat-{seat}").get_by_test_id("seat-name")
    ).to_have_text(name)


def _hand(page: Page) -> dict[str, Any] | None:
    """The hand the page shows (number, seats, actor, finished), or ``None``."""
    hand: dict[str, Any] | None = page.evaluate(
        """() => { const h = window.pokerbonus.page.hand;
                   return h && {number: h.number, seats: h.seats, actor: h.actor,
                                finished: h.finished || window.pokerbonus.page.handOver}; }"""
    )
    return hand


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
    ann.get_by_test_id("btn-start").click()  # everyone is seated: the host starts

    # each sees their own five cards and the others' backs
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
    page.get_by_test_id("btn-start").click()
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
            "bots_alone": True, "timer": {"action_seconds": 0}, "start": "now",
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


def test_three_people_one_closes_the_tab_mid_hand(web: Web, browser: Any) -> None:
    """No hand before the host's Start; Cleo closes her tab at her turn: she is played for
    after ``away_seconds``, sat out at the next hand and loses no chip there; Ann's reload
    keeps the log (the timeout included) and the chat; Cleo's page opened again brings
    her back."""
    expect = playwright_sync.expect
    base = web.base
    web.settings.away_seconds = 1.0
    contexts = [browser.new_context(viewport={"width": 1100, "height": 800}) for _ in range(3)]
    ann, bob, cleo = (c.new_page() for c in contexts)
    errors: list[str] = []
    for p in (ann, bob, cleo):
        p.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        table = _create_table(ann, base, "Ann", {0: "you", 1: "", 2: ""})
        invite = ann.evaluate(f"localStorage.getItem('pokerbonus.{table}.invite')")
        _join(bob, base, invite, "Bob", 1)
        _join(cleo, base, invite, "Cleo", 2)
        # nobody is dealt a card before the host presses Start
        expect(bob.get_by_test_id("waiting")).to_have_text(
            "The first hand starts when the host presses Start."
        )
        expect(ann.get_by_test_id("seat-2").get_by_test_id("seat-name")).to_have_text("Cleo")
        state = _api(ann, base, table)
        assert state["started"] is False and state["hands_played"] == 0
        ann.get_by_test_id("btn-start").click()
        expect(cleo.get_by_test_id("cards-2").get_by_test_id("card")).to_have_count(5)
        for page, text in ((ann, "hello all"), (bob, "hi Ann"), (cleo, "good luck")):
            page.get_by_test_id("chat-input").fill(text)
            page.get_by_test_id("chat-send").click()
        expect(ann.get_by_test_id("chat-lines")).to_contain_text("Cleo: good luck")

        # Cleo closes her tab when it is her turn
        _until([ann, bob], lambda: (_hand(ann) or {}).get("actor") == 2)
        first = _api(ann, base, table)["hand"]
        cleo_token = cleo.evaluate(f"localStorage.getItem('pokerbonus.{table}')")
        contexts[2].close()
        # Ann and Bob play on; the next hand is dealt without Cleo
        _until([ann, bob], lambda: (_hand(ann) or {}).get("number", 0) > first, timeout=60)
        hand = _hand(ann)
        assert hand is not None and hand["seats"] == [0, 1]
        stack = _api(ann, base, table)["seats"][2]["stack"]
        seat = ann.get_by_test_id("seat-2")
        expect(seat.get_by_test_id("seat-name")).to_have_text("Cleo")  # no "(away)" here...
        expect(seat.get_by_test_id("seat-status")).to_have_text("away")  # ...said once, here
        expect(seat.get_by_test_id("card-back")).to_have_count(0)
        log = ann.get_by_test_id("log")
        timed_out = re.compile(r"Cleo is out of time and (checks|folds|stands pat)")
        expect(log).to_contain_text(timed_out)
        expect(log).to_contain_text("Cleo has no page open and sits out until back")
        # a whole hand without Cleo: her stack does not move
        _until([ann, bob], lambda: _api(ann, base, table)["hands_played"] >= first + 2, timeout=60)
        state = _api(ann, base, table)
        assert state["seats"][2]["stack"] == stack and state["seats"][2]["away"]
        chips = state["chips"]
        assert chips["stacks"] + chips["in_hand"] == chips["bought"] == 300

        # Ann reloads while Bob is to act: the same log (from the first hand) and chat
        web.settings.away_seconds = 30.0
        _until([ann], lambda: (_hand(ann) or {}).get("actor") == 1)
        lines_js = "window.pokerbonus.page.log.map(l => l.text)"
        chat_js = "window.pokerbonus.page.chat.map(c => `${c.name}: ${c.text}`)"
        before, chat = ann.evaluate(lines_js), ann.evaluate(chat_js)
        before = before[next(i for i, t in enumerate(before) if t.startswith("Hand 1:")) :]
        ann.reload()
        expect(ann.get_by_test_id("connection")).to_have_attribute("data-resyncs", "1")
        assert ann.evaluate(lines_js) == before
        assert ann.evaluate(chat_js) == chat == ["Ann: hello all", "Bob: hi Ann", "Cleo: good luck"]
        expect(ann.get_by_test_id("chat-lines")).to_contain_text("Bob: hi Ann")
        _screenshot(ann, "web-table-three-people.png")

        # Cleo opens the table again: she is back, with the chips she left with
        contexts[2] = browser.new_context(viewport={"width": 1100, "height": 800})
        cleo = contexts[2].new_page()
        cleo.goto(base + "/")
        cleo.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(cleo_token)})")
        cleo.goto(f"{base}/t/{table}")
        expect(seat.get_by_test_id("seat-status")).to_have_count(0)  # neither away nor offline
        expect(cleo.get_by_test_id("seat-2").get_by_test_id("seat-stack")).to_have_text(str(stack))
        expect(log).to_contain_text("Cleo is back")
        assert not errors, errors
    finally:
        web.settings.away_seconds = 30.0
        for c in contexts:
            c.close()


PHONES = ({"width": 390, "height": 844}, {"width": 360, "height": 740})


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def test_every_table_size_fits_a_phone(server: str, browser: Any) -> None:
    """Tables of 2, 4, 6 and 8 seats mid-hand, at 390 x 844 and 360 x 740: no sideways
    scrolling, every seat inside the screen, no two seats' plates over each other, the
    dealer button over no card. A screenshot of each in test-artifacts/."""
    expect = playwright_sync.expect
    tables: dict[int, tuple[str, str]] = {}
    for phone in PHONES:
        ctx = browser.new_context(viewport=phone, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.goto(server + "/")
        for players in (2, 4, 6, 8):
            if players not in tables:
                bots = [{"seat": s, "level": "station"} for s in range(1, players)]
                body = {"name": "Annabelle", "seat": 0, "config": {"players": players},
                        "start": "now", "timer": {"action_seconds": 0}, "bots": bots}  # fmt: skip
                made = page.request.post(server + "/api/tables", data=body).json()
                tables[players] = (made["table"], made["token"])
            table, token = tables[players]
            page.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(token)})")
            page.goto(f"{server}/t/{table}")
            expect(page.get_by_test_id("cards-0").get_by_test_id("card")).to_have_count(5)
            expect(page.get_by_test_id("btn-call")).to_be_visible()  # her turn: all is still
            width = phone["width"]
            assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate(
                "innerWidth"
            )
            plates = []
            for s in range(players):
                seat = page.get_by_test_id(f"seat-{s}")
                box = seat.bounding_box()
                assert box is not None and 0 <= box["x"] <= box["x"] + box["width"] <= width, box
                plates.append(seat.locator(".plate").bounding_box())
            for i, a in enumerate(plates):
                for b in plates[i + 1 :]:
                    assert not _overlap(a, b), (players, width, a, b)
            dealer = page.get_by_test_id("dealer").bounding_box()
            cards = page.locator("[data-testid=card], [data-testid=card-back]")
            for box in cards.evaluate_all(
                "els => els.map(e => { const r = e.getBoundingClientRect();"
                " return {x: r.x, y: r.y, width: r.width, height: r.height}; })"
            ):
                assert not _overlap(dealer, box), (players, width, dealer, box)
            _screenshot(page, f"web-table-{players}-seats-{width}x{phone['height']}.png")
        ctx.close()


def test_the_seat_pickers_say_what_each_level_does(server: str, browser: Any) -> None:
    """Each bot level's choice carries its help (the expert's measured strength) as
    its tooltip."""
    from pokerbonus.levels import LEVEL_HELP

    page = browser.new_page()
    page.goto(server + "/")
    seat = page.get_by_test_id("seat-choice-1")
    for level in ("medium", "expert"):
        assert seat.locator(f"option[value={level}]").get_attribute("title") == LEVEL_HELP[level]
    page.close()


def test_the_create_form_says_what_expert_plays_at_the_table(server: str, browser: Any) -> None:
    """A seat given to expert shows what it plays at the table set up (from the
    server's coverage), and follows the number of players."""
    expect = playwright_sync.expect
    page = browser.new_page()
    page.goto(server + "/")
    page.get_by_test_id("cfg-players").fill("2")
    page.get_by_test_id("cfg-players").dispatch_event("change")
    page.get_by_test_id("seat-choice-1").select_option("expert")
    coverage = page.get_by_test_id("expert-coverage")
    expect(coverage).to_have_text("expert at this table: strategy draw-2p-no-limit-32")
    page.get_by_test_id("cfg-players").fill("6")
    page.get_by_test_id("cfg-players").dispatch_event("change")
    expect(coverage).to_have_text(
        "expert at this table: plays hard (no strategy for 6 players at 44 cards in no-limit)"
    )
    page.close()


def test_create_form_shows_the_games_fields_on_one_screen(server: str, browser: Any) -> None:
    expect = playwright_sync.expect
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(server + "/")
    expect(page.get_by_test_id("cfg-game")).to_have_value("draw")

    def shown(name: str) -> bool:
        row = page.locator(f"[data-field={name}]")
        return row.count() == 1 and row.get_attribute("hidden") is None

    # the French draw: its own fields only (no blinds, straddle, bring-in, kill with antes)
    for name in ("forced_bets", "ante", "betting", "cave", "rebuy", "max_discard", "jokers"):
        assert shown(name), name
    for name in ("small_blind", "big_blind", "straddle", "bring_in", "kill", "blind", "small_bet"):
        assert not shown(name), name
    # no title twice (a legend, a label, a summary)
    titles = page.evaluate(
        """() => [...document.querySelectorAll("legend, label, summary, h1")]
            .filter(e => e.offsetParent !== null).map(e => e.textContent.trim())"""
    )
    assert len(titles) == len(set(titles)), titles
    # the common case (a name, the French draw, bots, the clock) on one screen
    page.get_by_test_id("your-name").fill("Ann")
    for seat in (1, 2):
        page.get_by_test_id(f"seat-choice-{seat}").select_option("easy")
    page.get_by_test_id("action-seconds").fill("20")
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    box = page.get_by_test_id("btn-create").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 800
    _screenshot(page, "web-create-form.png")
    # the blind game brings its blind; a limit table its bets
    page.get_by_test_id("cfg-forced_bets").select_option("blind")
    page.get_by_test_id("cfg-betting").select_option("limit")
    for name in ("blind", "surblind", "kill", "small_bet", "big_bet"):
        assert shown(name), name
    # hold'em: blinds and straddle (and an ante, antes and blinds together: RULES.md
    # section 5), none of the French draw's fields
    page.get_by_test_id("cfg-game").select_option("holdem")
    for name in ("small_blind", "big_blind", "straddle", "kill", "cave", "ante"):
        assert shown(name), name
    for name in ("forced_bets", "blind", "jokers", "max_discard", "bring_in"):
        assert not shown(name), name
    # a stud game: ante and bring-in, no blinds and no kill
    page.get_by_test_id("cfg-game").select_option("razz")
    for name in ("ante", "bring_in"):
        assert shown(name), name
    for name in ("small_blind", "kill", "forced_bets"):
        assert not shown(name), name
    page.close()


def _english_only_words() -> set[str]:
    """The words of the page's English messages that its French words never use:
    none of them may be on a French page."""
    from pokerbonus.i18n.catalog import read
    from pokerbonus.web.words import page_messages

    english: set[str] = set()
    french: set[str] = set()
    words = re.compile(r"[^\W\d_]{2,}")
    for entry in read("fr"):
        if not entry.id or not any(p.startswith("pokerbonus/web/") for p, _ in entry.locations):
            continue
        ids = entry.id if isinstance(entry.id, tuple | list) else (entry.id,)
        for text in ids:
            english |= set(words.findall(re.sub(r"\{[^}]*\}", " ", str(text))))
    for value in page_messages("fr").values():
        for text in value if isinstance(value, list) else [value]:
            french |= set(words.findall(re.sub(r"\{[^}]*\}", " ", text)))
    return english - french - {"Poker", "Bonus"}


def test_a_french_browser_gets_a_french_table_and_the_switch_is_remembered(
    server: str, browser: Any
) -> None:
    """A browser that asks for French (``Accept-Language: fr-FR``) gets the landing page
    and the table in French: the buttons and the log in the words of the French tables,
    the French card letters, and no word of the page's English messages. The language
    switch takes the page to English and is remembered across a reload (a cookie)."""
    ctx = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 860})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    expect = playwright_sync.expect
    page.goto(server + "/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).to_have_text("Jouer entre amis")
    expect(page.get_by_test_id("btn-create")).to_have_text("Créer la table")
    expect(page.get_by_test_id("cfg-game").locator("option:checked")).to_have_text("Poker fermé")
    _create_table(page, server, "Ann", {0: "you", 1: "station"}, players=2, action_seconds=0)
    expect(page.get_by_test_id("btn-start")).to_have_text("Commencer")
    page.get_by_test_id("btn-start").click()
    deadline = time.monotonic() + 30
    while not page.get_by_test_id("bet-slider").count():  # a betting decision of Ann's
        assert time.monotonic() < deadline, "no betting decision came"
        _play_one(page)
        page.wait_for_timeout(100)
    expect(page.get_by_test_id("btn-call")).to_have_text(re.compile(r"^(Parole|Suivre \d+)$"))
    expect(page.get_by_test_id("btn-raise")).to_have_text(re.compile(r"^(Ouvrir|Relancer) à \d+$"))
    expect(page.get_by_test_id("preset-allin")).to_have_text("Tapis")
    expect(page.get_by_test_id("log")).to_contain_text("paie l'ante")
    letters = page.get_by_test_id("cards-0").locator(".rank").all_inner_texts()
    assert len(letters) == 5 and not set(letters) & set("TJQK"), letters  # R D V 10
    _screenshot(page, "web-table-french.png", docs=True)
    text = page.locator("body").inner_text()
    for name in ("Ann", "station-1", "Poker Bonus"):
        text = text.replace(name, " ")
    shown = set(re.findall(r"[^\W\d_]{2,}", text))
    assert {"Parole", "Tapis", "Journal", "Abattage", "Discussion", "Jetons"} <= shown, shown
    english = _english_only_words()
    assert len(english) > 100
    assert not shown & english, sorted(shown & english)

    # the switch: English now, and still after a reload (the cookie); then French again
    page.get_by_test_id("lang-switch").select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("log")).to_contain_text("antes")
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("lang-switch")).to_have_value("en")
    assert "pokerbonus_lang=en" in page.evaluate("document.cookie")
    page.get_by_test_id("lang-switch").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_test_id("log")).to_contain_text("paie l'ante")
    assert not errors, errors
    ctx.close()


_OVERLAPPED_RANKS = """async () => {
  const { cardElement } = await import("/static/js/cards.js");
  const seat = document.createElement("div");
  seat.className = "seat";
  const row = document.createElement("div");
  row.className = "cards";
  for (const c of ["Td", "Th", "Ts", "Kc", "Tc"]) row.append(cardElement(c));
  seat.append(row);
  document.body.append(seat);
  const cards = [...row.children];
  const out = [];
  for (let i = 0; i + 1 < cards.length; i++) {
    const rank = cards[i].querySelector(".rank").getBoundingClientRect();
    const next = cards[i + 1].getBoundingClientRect();
    out.push({ card: cards[i].dataset.card, rankRight: rank.right, nextLeft: next.left,
               text: cards[i].querySelector(".rank").textContent });
  }
  seat.remove();
  return out;
}"""


def test_other_players_overlapped_tens_read_10_on_a_phone(server: str, browser: Any) -> None:
    """On a phone the others' shown cards overlap; a ten's "10" stays whole in the part
    that shows (it read "1(": the next card's edge over its "0")."""
    for phone in PHONES:
        ctx = browser.new_context(viewport=phone, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        page.goto(server + "/")
        for card in page.evaluate(_OVERLAPPED_RANKS):
            assert card["text"] in ("10", "K"), card
            assert card["rankRight"] <= card["nextLeft"] + 0.5, (phone, card)
        ctx.close()


def _bust_a_seat(server: str) -> tuple[str, str, int]:
    """A heads-up no-limit table (one cave each, no rebuy left) where Ann moves all-in at
    every turn against a calling station until one of them has no chips; the table, Ann's
    token and the busted seat."""
    from websockets.sync.client import connect

    config = {"game": "holdem", "players": 2, "betting": "no-limit", "big_blind": 2,
              "cave": 20, "rebuy": "limited", "max_caves": 1}  # fmt: skip
    body = {"name": "Ann", "seat": 0, "config": config, "start": "now",
            "timer": {"action_seconds": 0}, "bots": [{"seat": 1, "level": "station"}]}  # fmt: skip
    with urllib.request.urlopen(urllib.request.Request(
        server + "/api/tables", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    ), timeout=10) as answer:  # fmt: skip
        made = json.loads(answer.read())
    with connect(server.replace("http", "ws") + f"/ws/{made['table']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        for _ in range(5000):
            m = json.loads(ws.recv(timeout=30))
            if m["type"] != "state":
                continue
            seats = m["table"]["seats"]
            if m["hand"] is None and any(s is not None and s["stack"] == 0 for s in seats):
                busted = next(i for i, s in enumerate(seats) if s is not None and s["stack"] == 0)
                return made["table"], made["token"], busted
            legal = m["hand"]["legal"] if m["hand"] else None
            if legal is not None:
                top = legal.get("max_raise_to") or 0
                low = legal.get("min_raise_to") or 1
                action: dict[str, Any] = {"kind": "check_or_call"}
                if top >= low:
                    action = {"kind": "raise_to", "amount": top}
                ws.send(json.dumps({"type": "act", "hand": m["hand"]["number"],
                                    "seq": m["hand"]["seq"], "action": action}))  # fmt: skip
    raise AssertionError("nobody busted")


def test_a_busted_seat_says_it_has_no_chips(server: str, browser: Any) -> None:
    """A seat with no chips between hands says so (not a bare "0"); a busted person also
    gets a line saying to rebuy, by the Rebuy button."""
    expect = playwright_sync.expect
    table, token, busted = _bust_a_seat(server)
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server + "/")
    page.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(token)})")
    page.goto(f"{server}/t/{table}")
    seat = page.get_by_test_id(f"seat-{busted}")
    expect(seat.get_by_test_id("seat-stack")).to_have_text("0")
    expect(seat.get_by_test_id("seat-status")).to_contain_text("no chips")
    if busted == 0:
        expect(page.get_by_test_id("busted-note")).to_be_visible()
    else:
        expect(page.get_by_test_id("busted-note")).to_have_count(0)
    ctx.close()
