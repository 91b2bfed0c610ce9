"""The table page's past hands and statistics in a real browser (the server and the
Chromium of ``test_browser``), at desktop and phone sizes.

Ann plays two hands of the French draw against two calling stations; then the list
of past hands opens the replayer, which steps through a hand (first, previous,
next, last) showing, at every step, exactly the cards of the server's steps: Ann's
own, the others' as backs, the shown ones at the showdown; the ledger opens each
player's statistics, the figures the server counted. A French page says it all in
French. Screenshots go to ``test-artifacts/`` (``POKERBONUS_DOCS_IMAGES=1`` also
rewrites ``docs/images/web-replayer.png`` and ``docs/images/web-stats.png``).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
import test_browser as shared

pytestmark = pytest.mark.xdist_group("browser")

playwright_sync = pytest.importorskip("playwright.sync_api")

web = shared.web  # the module's server and browser, as test_browser starts them
browser = shared.browser

Page = Any
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def played(web: shared.Web, browser: Any) -> tuple[str, str]:
    """A three-seat table where Ann (seat 0) played two hands against two stations:
    the table and Ann's token."""
    page = browser.new_page()
    page.goto(web.base + "/")
    body = {"name": "Ann", "seat": 0, "config": {"players": 3}, "max_hands": 2, "start": "now",
            "timer": {"action_seconds": 0},
            "bots": [{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}]}  # fmt: skip
    made = page.request.post(web.base + "/api/tables", data=body).json()
    table, token = made["table"], made["token"]
    _open(page, web.base, table, token)

    def over() -> bool:
        state = shared._api(page, web.base, table)
        return bool(state["hands_played"] >= 2 and state["hand"] is None)

    shared._until([page], over, timeout=60)
    page.close()
    return table, token


def _open(page: Page, base: str, table: str, token: str) -> None:
    page.goto(base + "/")
    page.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(token)})")
    page.goto(f"{base}/t/{table}")


def _read(page: Page, base: str, table: str, token: str, path: str) -> dict[str, Any]:
    data: dict[str, Any] = page.request.get(
        f"{base}/api/tables/{table}/{path}?token={token}"
    ).json()
    return data


def _drawn(page: Page, seat: int) -> tuple[list[str], int]:
    """The face-up cards and the number of backs the replayer draws at ``seat``."""
    cards = page.get_by_test_id(f"replay-cards-{seat}")
    faces = cards.get_by_test_id("card").evaluate_all("els => els.map(e => e.dataset.card)")
    return faces, cards.get_by_test_id("card-back").count()


def _expected(step: dict[str, Any], seat: int, you: int | None) -> tuple[list[str], int]:
    """What the replayer must draw at ``seat`` for one of the server's steps."""
    hand, key = step["hand"], str(seat)
    if seat == you and hand["hole"]:
        return hand["hole"], 0
    if hand["shown"].get(key):
        return hand["shown"][key], 0
    if hand["folded"][key]:
        return [], 0
    up = hand["up_cards"][key]
    return up, hand["card_counts"][key] - len(up)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{int(value + 0.5)}%"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"-{-value}" if value < 0 else "0"


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_replayer_steps_through_a_past_hand_as_ann_saw_it(
    web: shared.Web, browser: Any, played: tuple[str, str], size: str
) -> None:
    expect = playwright_sync.expect
    table, token = played
    phone = size == "phone"
    viewport = PHONE if phone else DESKTOP
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _open(page, web.base, table, token)
    hands = page.get_by_test_id("hand-list")
    expect(hands.get_by_test_id("replay-hand-2")).to_have_text("Hand 2")
    expect(hands.get_by_test_id("replay-hand-1")).to_have_text("Hand 1")
    listed = _read(page, web.base, table, token, "hands")["hands"]
    mine = listed[-1]["net"]["0"]
    expect(hands.locator("li").nth(1)).to_contain_text(f"you {_signed(mine)}")

    served = _read(page, web.base, table, token, "hands/1/steps")
    steps, you, seats = served["steps"], served["you"], served["seats"]
    assert you == 0 and len(steps) > 3
    hands.get_by_test_id("replay-hand-1").click()
    replayer = page.get_by_test_id("replayer")
    count = page.get_by_test_id("replay-step")
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    expect(page.get_by_test_id("replay-first")).to_be_disabled()
    expect(page.get_by_test_id("replay-prev")).to_be_disabled()
    # every step: exactly the server's cards (Ann's own, the others' backs, the shown ones)
    for k, step in enumerate(steps):
        expect(count).to_have_text(f"Step {k + 1} of {len(steps)}")
        for seat in seats:
            assert _drawn(page, seat) == _expected(step, seat, you), (k, seat)
            expect(page.get_by_test_id(f"replay-stack-{seat}")).to_have_text(
                str(step["hand"]["stacks"][str(seat)])
            )
        faces = set(
            replayer.get_by_test_id("card").evaluate_all("els => els.map(e => e.dataset.card)")
        )
        allowed = set(step["hand"]["hole"]) | set(step["hand"]["board"])
        allowed |= {c for cards in step["hand"]["shown"].values() for c in cards}
        assert faces <= allowed, (k, faces - allowed)
        if k == len(steps) // 2:  # mid-hand: Ann's cards, the others' backs
            shared._screenshot(page, f"web-replayer{'-phone' if phone else ''}.png", docs=not phone)
        if k + 1 < len(steps):
            page.get_by_test_id("replay-next").click()
    expect(page.get_by_test_id("replay-next")).to_be_disabled()
    expect(page.get_by_test_id("replay-last")).to_be_disabled()
    # the last step is the showdown of two stations and Ann: every hand shown, a winner
    assert steps[-1]["hand"]["shown"]
    expect(replayer.locator(".replay-seat.winner").first).to_be_visible()
    expect(page.get_by_test_id("replay-log")).to_contain_text(re.compile("shows|Main pot"))
    for testid in ("replay-first", "replay-prev", "replay-next", "replay-last", "replay-step"):
        box = page.get_by_test_id(testid).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    shared._screenshot(page, f"web-replayer-showdown{'-phone' if phone else ''}.png")
    page.get_by_test_id("replay-prev").click()
    expect(count).to_have_text(f"Step {len(steps) - 1} of {len(steps)}")
    page.get_by_test_id("replay-first").click()
    expect(count).to_have_text(f"Step 1 of {len(steps)}")
    page.get_by_test_id("replay-last").click()
    expect(count).to_have_text(f"Step {len(steps)} of {len(steps)}")
    page.keyboard.press("ArrowLeft")
    expect(count).to_have_text(f"Step {len(steps) - 1} of {len(steps)}")
    page.get_by_test_id("replayer-close").click()
    expect(replayer).to_have_count(0)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_ledger_opens_each_players_statistics(
    web: shared.Web, browser: Any, played: tuple[str, str], size: str
) -> None:
    expect = playwright_sync.expect
    table, token = played
    phone = size == "phone"
    viewport = PHONE if phone else DESKTOP
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    _open(page, web.base, table, token)
    served = _read(page, web.base, table, token, "stats")
    assert served["hands"] == 2 and served["draw"] is True
    ledger = shared._api(page, web.base, table)["ledger"]
    for i, row in enumerate(ledger):
        figures = next(p for p in served["players"] if p["player"] == row["name"])
        button = page.get_by_test_id(f"stats-{i}")
        expect(button).to_have_text(row["name"])
        button.click()
        panel = page.get_by_test_id("stats-panel")
        expect(panel.locator("h2")).to_have_text(f"Statistics: {row['name']}")
        expect(page.get_by_test_id("stats-note")).to_contain_text("Over 2 hands of this table")

        def value(testid: str) -> Any:
            return page.get_by_test_id(f"stat-{testid}").locator("td")

        expect(value("hands")).to_have_text("2")
        for key in ("vpip", "pfr", "wtsd", "wsd", "stood-pat"):
            field = {"stood-pat": "stood_pat"}.get(key, key)
            expect(value(key)).to_have_text(_percent(figures[field]))
        expect(value("net")).to_have_text(_signed(figures["net"]))
        assert figures["net"] == row["net"]  # two hands, one cave each: the ledger's net
        expect(value("drawn")).to_have_text(f"{figures['mean_drawn']:.2f}")
        expect(value("biggest-pot")).to_have_text(str(figures["biggest_pot"]))
        if figures["best_hand"] is not None:  # a station shows down: its best hand, in words
            expect(value("best-hand")).to_contain_text(":")
        if i == 0:
            box = panel.locator(".dialog").bounding_box()
            assert (
                box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            )
            shared._screenshot(page, "web-stats.png" if not phone else "web-stats-phone.png",
                               docs=not phone)  # fmt: skip
        page.keyboard.press("Escape")
        expect(panel).to_have_count(0)
    ctx.close()


def test_a_french_page_says_the_statistics_and_the_replayer_in_french(
    web: shared.Web, browser: Any, played: tuple[str, str]
) -> None:
    expect = playwright_sync.expect
    table, token = played
    ctx = browser.new_context(locale="fr-FR", viewport=DESKTOP)
    page = ctx.new_page()
    _open(page, web.base, table, token)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_test_id("past-hands").locator("h2")).to_have_text("Donnes précédentes")
    page.get_by_test_id("stats-1").click()
    panel = page.get_by_test_id("stats-panel")
    expect(panel.locator("h2")).to_contain_text("Statistiques\u00a0:")
    expect(page.get_by_test_id("stat-hands").locator("th")).to_have_text("donnes")
    expect(page.get_by_test_id("stat-vpip").locator("th")).to_have_text(
        "VPIP (entrées volontaires)"
    )
    expect(page.get_by_test_id("stat-stood-pat").locator("th")).to_have_text("servi")
    expect(page.get_by_test_id("stats-note")).to_contain_text("Sur 2 donnes de cette table")
    english = shared._english_only_words()

    def words(text: str) -> set[str]:  # the words of a text, the players' names left out
        for name in ("Ann", "station-1", "station-2"):
            text = text.replace(name, " ")
        return set(re.findall(r"[^\W\d_]{2,}", text))

    assert not words(panel.inner_text()) & english, sorted(words(panel.inner_text()) & english)
    page.keyboard.press("Escape")
    page.get_by_test_id("replay-hand-2").click()
    replayer = page.get_by_test_id("replayer")
    expect(page.get_by_test_id("replay-step")).to_contain_text(re.compile(r"^Étape 1 sur \d+$"))
    expect(page.get_by_test_id("replay-next")).to_have_text("Suivant")
    page.get_by_test_id("replay-last").click()
    seen = words(replayer.inner_text())
    assert "Suivant" in seen and not seen & english, sorted(seen & english)
    shared._screenshot(page, "web-replayer-french.png")
    ctx.close()


def test_a_holdem_hand_replays_with_its_board(web: shared.Web, browser: Any) -> None:
    """Hold'em: at every step the replayer's board is the server's (none, the flop,
    the turn, the river)."""
    expect = playwright_sync.expect
    page = browser.new_page(viewport=DESKTOP)
    page.goto(web.base + "/")
    body = {"name": "Ann", "seat": 0, "config": {"game": "holdem", "players": 2},
            "max_hands": 1, "start": "now", "timer": {"action_seconds": 0},
            "bots": [{"seat": 1, "level": "station"}]}  # fmt: skip
    made = page.request.post(web.base + "/api/tables", data=body).json()
    table, token = made["table"], made["token"]
    _open(page, web.base, table, token)

    def over() -> bool:
        state = shared._api(page, web.base, table)
        return bool(state["hands_played"] >= 1 and state["hand"] is None)

    shared._until([page], over, timeout=60)
    steps = _read(page, web.base, table, token, "hands/1/steps")["steps"]
    assert len(steps[-1]["hand"]["board"]) == 5  # Ann checks and calls: a showdown
    page.get_by_test_id("replay-hand-1").click()
    boards = []
    for k, step in enumerate(steps):
        expect(page.get_by_test_id("replay-step")).to_have_text(f"Step {k + 1} of {len(steps)}")
        board = page.get_by_test_id("replay-board").get_by_test_id("card")
        drawn = board.evaluate_all("els => els.map(e => e.dataset.card)")
        assert drawn == step["hand"]["board"], k
        assert _drawn(page, 0) == (step["hand"]["hole"], 0)
        boards.append(len(drawn))
        if k + 1 < len(steps):
            page.keyboard.press("ArrowRight")
    assert {0, 3, 4, 5} <= set(boards)
    page.close()
