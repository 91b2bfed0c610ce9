"""A web tournament in a real browser (Debian's Chromium driven by Playwright) against
the real server (uvicorn on a free loopback port, a temporary SQLite file).

The host creates a quick sit-and-go from the landing page's link on a desktop-sized
page; a friend opens the invite link on a phone-sized page (in French) and joins;
the host fills the last seat with a bot and starts. Both pages show the level, the
blinds and antes now and next, the time (hands) to the next level, the average stack,
the players left and the prize of each place, over their table; the friend's action
buttons fit the phone; the ICM equities come on request; hands are played and the
level's hands count down. Screenshots in ``test-artifacts/``.
"""

from __future__ import annotations

import random
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.xdist_group("browser")

playwright_sync = pytest.importorskip("playwright.sync_api")
server_app = pytest.importorskip("pokerbonus.server.app")
uvicorn = pytest.importorskip("uvicorn")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

if not Path(CHROMIUM).exists():
    pytest.skip(f"browser tests need Chromium at {CHROMIUM}", allow_module_level=True)

Page = Any


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server on a free loopback port."""
    db = tmp_path_factory.mktemp("web") / "tournaments.db"
    settings = server_app.ServerSettings(
        db=str(db), bot_delay=0.05, hand_pause=0.5,
        rng=lambda table: random.Random(f"web-{table}"), bot_samples=50,
    )  # fmt: skip
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
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


def _play_one(page: Page, button: str = "btn-call") -> bool:
    """If it is this page's turn: check or call (``btn-draw``: stand pat at the draw).
    Whether it acted."""
    acted: bool = page.evaluate(
        """(id) => {
            const b = document.querySelector(`[data-testid="${id}"]`);
            if (b && !b.disabled) { b.click(); return true; }
            return false;
        }""",
        button,
    )
    return acted


def _shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


PHONE = {"width": 390, "height": 844}


def _contexts(browser: Any) -> tuple[Any, Any]:
    """The host's desktop page's context and the friend's phone's, in French."""
    host = browser.new_context(viewport={"width": 1280, "height": 860})
    friend = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    return host, friend


def _create(host: Page, preset: str, bots: int) -> tuple[str, str]:
    """Fill the create form open on ``host`` (Ann, ``bots`` stations, no clock) and send
    it: the tournament's id and its invite link."""
    host.get_by_test_id("t-name").fill("Ann")
    host.get_by_test_id("t-preset").select_option(preset)
    host.get_by_test_id("t-bots").fill(str(bots))
    host.get_by_test_id("t-level").select_option("station")
    host.get_by_test_id("t-seconds").fill("0")
    host.get_by_test_id("btn-create-tournament").click()
    host.wait_for_url(re.compile(r"/tournament/[A-Za-z0-9_-]+$"))
    room = host.url.rsplit("/", 1)[1]
    invite: str = host.evaluate(f"localStorage.getItem('pokerbonus.tournament.{room}.invite')")
    return room, invite


def _join(context: Any, server: str, invite: str) -> Page:
    """Bob opens the invite link and joins."""
    friend = context.new_page()
    friend.goto(server + invite)
    friend.get_by_test_id("join-name").fill("Bob")
    friend.get_by_test_id("btn-join").click()
    return friend


def test_a_web_tournament_on_a_desktop_and_a_phone(server: str, browser: Any) -> None:
    expect = playwright_sync.expect
    phone = PHONE
    host_ctx, friend_ctx = _contexts(browser)
    try:
        host = host_ctx.new_page()
        host.goto(server + "/")
        host.get_by_test_id("link-tournament").click()
        room, invite = _create(host, "quick", 3)
        expect(host.get_by_test_id("t-registered")).to_have_text("4 players registered")
        assert invite.startswith(f"/tournament/{room}#invite=")

        friend = _join(friend_ctx, server, invite)
        expect(friend.get_by_test_id("lobby")).to_contain_text("Bob")
        expect(host.get_by_test_id("t-registered")).to_have_text("5 players registered")
        host.get_by_test_id("t-add-count").fill("1")
        host.get_by_test_id("t-add-level").select_option("station")
        host.get_by_test_id("btn-t-bots").click()
        expect(host.get_by_test_id("t-registered")).to_have_text("6 players registered")
        host.get_by_test_id("btn-t-start").click()

        # the panel: level, blinds now and next, hands to the next level, players, prizes
        expect(host.get_by_test_id("t-level-now")).to_contain_text("I (1/13)", timeout=10000)
        expect(host.get_by_test_id("t-blinds")).to_contain_text("10/20")
        expect(host.get_by_test_id("t-next")).to_contain_text("20/40")
        expect(host.get_by_test_id("t-left")).to_contain_text("to the next level")
        expect(host.get_by_test_id("t-players")).to_contain_text("6/6")
        expect(host.get_by_test_id("t-average")).to_contain_text("1000")
        expect(host.get_by_test_id("t-prizes").locator("li")).to_have_text(
            ["place 1: 39", "place 2: 21"]
        )
        expect(host.get_by_test_id("t-you")).to_contain_text("You play at table 1")
        expect(host.get_by_test_id("table")).to_be_visible()
        # the friend's page, in French
        expect(friend.get_by_test_id("t-level-now")).to_contain_text("Niveau", timeout=10000)
        expect(friend.get_by_test_id("t-you")).to_contain_text("table 1")
        expect(friend.get_by_test_id("table")).to_be_visible()

        # play: the friend's buttons fit the phone; the level's hands count down
        first = host.get_by_test_id("t-left").inner_text()
        deadline = time.monotonic() + 60
        seen_call = False
        while host.get_by_test_id("t-left").inner_text() == first or not seen_call:
            assert time.monotonic() < deadline, "no hand was played"
            # the friend's turn: the call button inside the phone's screen (read at once:
            # the button goes as soon as a bot acts)
            box = friend.evaluate(
                """() => {
                    const b = document.querySelector('[data-testid="btn-call"]');
                    if (!b || b.disabled) return null;
                    const r = b.getBoundingClientRect();
                    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                            height: window.innerHeight};
                }"""
            )
            if box is not None and not seen_call:
                assert box["left"] >= 0 and box["right"] <= phone["width"], box
                assert box["top"] >= 0 and box["bottom"] <= box["height"], box
                _shot(friend, "web-tournament-phone.png")
                seen_call = True
            if not (_play_one(host) or _play_one(friend)):
                host.wait_for_timeout(100)
        assert friend.evaluate("document.documentElement.scrollWidth") <= phone["width"]

        # ICM equities on request: one for each player, the prizes left between them
        host.get_by_test_id("t-icm").check()
        items = host.get_by_test_id("t-icm-list").locator("li")
        expect(items).to_have_count(6, timeout=10000)
        total = sum(float(t.rsplit(": ", 1)[1]) for t in items.all_inner_texts())
        assert total == pytest.approx(60, abs=0.1)
        _shot(host, "web-tournament-desktop.png")
    finally:
        host_ctx.close()
        friend_ctx.close()


def _play_until(pages: list[Page], made: list[str], deadline: float) -> None:
    """Play check-or-call and stand pat on every page until each page's chips panel says
    its entry of ``made``. A rebuy asked for is dropped when its hand won chips (the
    stack is then above the starting one): a page whose button is usable again, with no
    request waiting, asks again."""
    while True:
        pending = [
            p for p, m in zip(pages, made, strict=True)
            if m not in p.get_by_test_id("t-chips").inner_text()
        ]  # fmt: skip
        if not pending:
            return
        assert time.monotonic() < deadline, "the rebuys were never made"
        for p in pending:
            if p.get_by_test_id("t-queued").count() == 0:
                _play_one(p, "btn-t-rebuy")
        if not any(_play_one(p, "btn-call") or _play_one(p, "btn-draw") for p in pages):
            pages[0].wait_for_timeout(50)


def test_a_rebuy_from_the_page_on_a_desktop_and_a_phone(server: str, browser: Any) -> None:
    """The French pot-game preset (a recave at levels I-II, one each, and an add-on):
    the host and a friend on a phone (in French) each rebuy from the page (asked
    during a hand, made at its end); the panel counts it and the button greys with
    its reason (one rebuy allowed); the buttons fit the phone."""
    expect = playwright_sync.expect
    phone = PHONE
    host_ctx, friend_ctx = _contexts(browser)
    try:
        host = host_ctx.new_page()
        host.goto(server + "/tournament")
        _, invite = _create(host, "french-pot", 4)
        friend = _join(friend_ctx, server, invite)
        expect(host.get_by_test_id("t-registered")).to_have_text("6 players registered")
        host.get_by_test_id("btn-t-start").click()

        expect(host.get_by_test_id("btn-t-rebuy")).to_contain_text("Rebuy 500 chips",
                                                                   timeout=10000)  # fmt: skip
        expect(host.get_by_test_id("btn-t-addon")).to_contain_text("Add-on 500 chips")
        expect(host.get_by_test_id("t-chips")).to_contain_text("rebuys made: 0 of 1")
        expect(friend.get_by_test_id("btn-t-rebuy")).to_contain_text("Recave de 500 jetons",
                                                                     timeout=10000)  # fmt: skip
        # both ask during the first hand: the rebuys are made once it is over
        host.get_by_test_id("btn-t-rebuy").click()
        expect(host.get_by_test_id("t-queued")).to_have_text(
            "Your rebuy is made once this hand is over."
        )
        friend.get_by_test_id("btn-t-rebuy").click()
        _play_until([host, friend], ["rebuys made: 1 of 1", "recaves faites\u00a0: 1 sur 1"],
                    time.monotonic() + 90)  # fmt: skip
        rebuy = host.get_by_test_id("btn-t-rebuy")
        expect(rebuy).to_be_disabled()
        assert "1 rebuy allowed" in (rebuy.get_attribute("title") or "")
        expect(host.get_by_test_id("t-queued")).to_have_count(0)
        _shot(host, "web-tournament-rebuy-desktop.png")
        box = friend.get_by_test_id("btn-t-addon").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= phone["width"]
        assert friend.evaluate("document.documentElement.scrollWidth") <= phone["width"]
        _shot(friend, "web-tournament-rebuy-phone.png")
    finally:
        host_ctx.close()
        friend_ctx.close()
