"""A server's shutdown ends even when a table's task loses its first cancellation (Python
3.11's ``asyncio.wait_for`` can return an answer that came with the cancellation; the
task then goes back to its mailbox): the actor asks again until the task ends."""

from __future__ import annotations

import asyncio
import threading
import warnings
from pathlib import Path

from cluster_nodes import bots_table

from pokerbonus.server import ServerSettings, create_app

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient


def test_shutdown_ends_when_a_table_task_swallows_a_cancellation(tmp_path: Path) -> None:
    app = create_app(ServerSettings(db=str(tmp_path / "t.db"), bot_delay=0, hand_pause=0))
    swallowed: list[int] = []

    async def stubborn() -> None:
        try:
            await asyncio.sleep(3600)
        except asyncio.CancelledError:
            swallowed.append(1)  # lost, as a wait_for may lose it: back to waiting
        await asyncio.sleep(3600)

    async def swap(table: str) -> None:
        actor = app.state.manager.tables[table]
        if actor.task is not None:
            actor.task.cancel()
        actor.task = asyncio.get_running_loop().create_task(stubborn())
        await asyncio.sleep(0)

    ended = threading.Event()

    def run() -> None:
        with TestClient(app) as client:
            r = client.post("/api/tables", json=bots_table(hands=2))
            assert r.status_code == 201
            assert client.portal is not None
            client.portal.call(swap, r.json()["table"])
        ended.set()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=30)
    assert ended.is_set(), "the shutdown waited on the table's task"
    assert swallowed == [1]
