"""The page itself (Debian's Chromium, driven by Playwright) through HAProxy in front of
two servers: it follows the 4307 redirect to its table's owner, and when that server is
killed with SIGKILL it reconnects by itself and lands on the server that took the table."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cluster_nodes import Proxy, bots_table, create, start_nodes, state

playwright_sync = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-dev-shm-usage"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (Debian: apt-get install chromium)")
    with playwright_sync.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def test_the_page_follows_its_table_to_the_server_that_took_it(
    postgres_url: str, tmp_path: Path, browser: Any
) -> None:
    url = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    n1, n2 = start_nodes(url, ["n1", "n2"], lease=2.0)
    proxy: Proxy | None = None
    try:
        proxy = Proxy([n1, n2], tmp_path)
        t = create(n1.base, bots_table(players=2, hands=1000, seat=0))
        table = t["table"]
        page = browser.new_page()
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(proxy.base + "/")
        page.evaluate(f"localStorage.setItem('pokerbonus.{table}', {json.dumps(t['token'])})")
        page.goto(f"{proxy.base}/t/{table}")
        badge = page.get_by_test_id("connection")
        playwright_sync.expect(badge).to_have_attribute("data-status", "open", timeout=30000)
        assert any(s.endswith(f"/ws/{table}?node=n1") for s in sockets) or len(sockets) == 1
        connects = int(badge.get_attribute("data-connects") or "0")
        n1.kill()
        deadline = time.monotonic() + 30
        while int(badge.get_attribute("data-connects") or "0") <= connects:
            assert time.monotonic() < deadline, f"the page did not reconnect: {sockets}"
            time.sleep(0.1)
        playwright_sync.expect(badge).to_have_attribute("data-status", "open", timeout=30000)
        assert state(proxy.base, table, t["token"])["node"] == "n2"
        page.close()
    finally:
        for node in (n1, n2):
            node.kill()
        if proxy is not None:
            proxy.stop()
