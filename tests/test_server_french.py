"""The web tables in French: the page's language from the browser's
``Accept-Language`` or the remembered switch (the ``pokerbonus_lang`` cookie),
the page's French words served with it, refusals in the request's or the
socket's language, and the shown hands named in each viewer's language from
the hand itself (docs/web.md, docs/i18n.md). In process, Starlette's TestClient.
"""

from __future__ import annotations

import html
import json
import random
import re
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette asks for httpx2, which is not needed here
    from starlette.testclient import TestClient
    from starlette.testclient import WebSocketTestSession as WS

from pokerbonus.cards import parse_cards
from pokerbonus.engine.config import TableConfig
from pokerbonus.hands import evaluate
from pokerbonus.server import ServerSettings, create_app

FRENCH_BROWSER = {"accept-language": "fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7"}
ENGLISH_BROWSER = {"accept-language": "en-GB,en;q=0.9,fr;q=0.3"}


@pytest.fixture
def client() -> Iterator[TestClient]:
    settings = ServerSettings(
        db="sqlite://", bot_delay=0, hand_pause=0, tick=0.01,
        rng=lambda _t: random.Random(5), rate=1000, burst=1000,
    )  # fmt: skip
    with TestClient(create_app(settings)) as c:
        yield c


def page(client: TestClient, path: str = "/", **headers: str) -> tuple[str, dict[str, Any]]:
    """The page's language and its words (the JSON the server put in it)."""
    r = client.get(path, headers=headers)
    assert r.status_code == 200
    lang = re.search(r'<html lang="(\w+)">', r.text)
    words = re.search(
        r'<script id="pokerbonus-words" type="application/json">(.*?)</script>', r.text, re.S
    )
    assert lang is not None and words is not None, r.text
    return lang.group(1), json.loads(html.unescape(words.group(1)))


def test_the_page_speaks_the_browsers_language(client: TestClient) -> None:
    lang, words = page(client, **FRENCH_BROWSER)
    assert lang == "fr"
    assert words["{name} checks"] == "{name} dit parole"
    assert words["Fold"] == "Se coucher" and words["Stand pat"] == "Servi"
    assert words["card letter\x04K"] == "R"  # French letters on the cards
    assert words["Create the table"] == "Créer la table"
    assert words["French five-card draw"] == "Poker fermé"  # the form's schema words
    assert words["house rule\x04cut-only"] == "coupe seulement"
    lang, words = page(client, **ENGLISH_BROWSER)
    assert (lang, words) == ("en", {})
    assert page(client, **{"accept-language": "de-CH, de;q=0.9"}) == ("en", {})


def test_the_remembered_switch_wins_over_the_browser(client: TestClient) -> None:
    client.cookies.set("pokerbonus_lang", "fr")
    assert page(client, **ENGLISH_BROWSER)[0] == "fr"
    assert page(client, "/t/abc123", **ENGLISH_BROWSER)[0] == "fr"  # a table's page too
    client.cookies.set("pokerbonus_lang", "en")
    assert page(client, **FRENCH_BROWSER) == ("en", {})
    client.cookies.set("pokerbonus_lang", "xx")  # a bad cookie is ignored
    assert page(client, **FRENCH_BROWSER)[0] == "fr"
    r = client.get("/", headers=FRENCH_BROWSER)
    assert r.headers["content-language"] == "fr"
    assert "Cookie" in r.headers["vary"] and "Accept-Language" in r.headers["vary"]


def test_a_refused_table_is_told_in_the_request_language(client: TestClient) -> None:
    body = {"name": "Ann", "seat": 0, "config": {"max_discard": 4}, "start": "now"}
    r = client.post("/api/tables", json=body, headers=FRENCH_BROWSER)
    assert r.status_code == 400
    assert r.json()["error"] == {
        "code": "malformed",  # the protocol stays English
        "message": "max_discard\xa0: doit être 3 ou 5, reçu 4",
    }
    r = client.post("/api/tables", json=body, headers=ENGLISH_BROWSER)
    assert r.json()["error"]["message"] == "max_discard: must be 3 or 5, got 4"


def _create(client: TestClient, **body: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "Ann", "seat": 0, "config": {"players": 3},
                            "timer": {"action_seconds": 0}, "start": "now"}  # fmt: skip
    data.update(body)
    r = client.post("/api/tables", json=data)
    assert r.status_code == 201, r.text
    result: dict[str, Any] = r.json()
    return result


def _until(ws: WS, kind: str, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        m: dict[str, Any] = ws.receive_json()
        if m["type"] == kind:
            return m
    raise AssertionError(f"no {kind} message")


def test_a_socket_is_answered_in_its_language(client: TestClient) -> None:
    """The hello's ``lang``, else the socket request's ``Accept-Language``."""
    t = _create(client, bots=[{"seat": 1, "level": "station"}])
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
        _until(ws, "welcome")
        ws.send_json({"type": "add_bot", "id": 1, "seat": 1, "level": "easy"})
        error = _until(ws, "error")
        assert (error["code"], error["message"]) == (
            "seat_taken",
            "ajouter un bot\xa0: le siège 1 est pris",
        )
    with client.websocket_connect(f"/ws/{t['table']}", headers=FRENCH_BROWSER) as ws:
        ws.send_json({"type": "hello", "token": t["token"]})
        _until(ws, "welcome")
        ws.send_json({"type": "add_bot", "id": 2, "seat": 1, "level": "easy"})
        assert _until(ws, "error")["message"] == "ajouter un bot\xa0: le siège 1 est pris"
    with client.websocket_connect(f"/ws/{t['table']}", headers=FRENCH_BROWSER) as ws:
        ws.send_json({"type": "hello", "token": t["token"], "lang": "en"})
        _until(ws, "welcome")
        ws.send_json({"type": "add_bot", "id": 3, "seat": 1, "level": "easy"})
        assert _until(ws, "error")["message"] == "add_bot: seat 1 is taken"


def test_each_viewer_gets_the_shown_hands_named_in_their_language(client: TestClient) -> None:
    """Ann plays in French, Bob watches in English: the same showdown, each hand
    named from its cards in each one's language (not stored English words)."""
    t = _create(client, bots=[{"seat": 1, "level": "station"}, {"seat": 2, "level": "station"}])
    r = client.post(f"/api/tables/{t['table']}/join",
                    json={"invite": t["invite_secret"], "name": "Bob"})  # fmt: skip
    bob = r.json()
    deck = TableConfig(players=3).effective_deck_size
    with (
        client.websocket_connect(f"/ws/{t['table']}") as ann,
        client.websocket_connect(f"/ws/{t['table']}") as watcher,
    ):
        ann.send_json({"type": "hello", "token": t["token"], "lang": "fr"})
        watcher.send_json({"type": "hello", "token": bob["token"], "lang": "en"})
        _until(ann, "welcome")
        _until(watcher, "welcome")
        last: dict[str, Any] | None = None
        for _ in range(400):  # Ann checks or calls and stands pat until a hand ends
            m = ann.receive_json()
            if m["type"] != "state":
                continue
            if m["last_hand"] is not None and m["last_hand"]["names"]:
                last = m["last_hand"]
                break
            h = m["hand"]
            if h is not None and h["legal"] is not None:
                kind = "check_or_call" if h["decision"] == "bet" else "discard"
                ann.send_json({"type": "act", "hand": h["number"], "seq": h["seq"],
                               "action": {"kind": kind}})  # fmt: skip
        assert last is not None, "no showdown"
        seen = None
        for _ in range(400):
            m = watcher.receive_json()
            shown = m.get("last_hand") if m["type"] == "state" else None
            if shown is not None and shown["number"] == last["number"] and shown["names"]:
                seen = shown
                break
        assert seen is not None
    for seat, cards in last["shown"].items():
        value = evaluate(parse_cards(" ".join(cards)), "high", deck=deck)
        assert last["names"][seat] == value.describe("fr")
        assert seen["names"][seat] == value.describe("en") == value.description
        assert last["names"][seat] != seen["names"][seat]
