"""The server's HTTP edge, below the routes: the body cap counted as the bytes arrive,
each request's language, and the log's redaction of secrets (with the one reader of
secrets from a query string, :func:`query_secrets`)."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from urllib.parse import unquote_plus

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerbonus.i18n import using_language
from pokerbonus.i18n.language import language_for_request
from pokerbonus.server.settings import MAX_BODY

_QUERY_PAIR = re.compile(r"(?<=[?&])([^=&\s\"]*)=([^&\s\"]*)")
_SECRET_KEY = re.compile(r"token|invite")


def _secret_key(key: str) -> bool:
    """Whether a query key names a secret, however it is spelled: percent-encoded (even
    twice), ``+`` for spaces, any case, with any punctuation around it."""
    for _ in range(4):  # bounded: each round removes one level of encoding
        decoded = unquote_plus(key)
        if decoded == key:
            break
        key = decoded
    return _SECRET_KEY.search(re.sub(r"[^a-z]", "", key.lower())) is not None


def _redact(text: str) -> str:
    return _QUERY_PAIR.sub(
        lambda m: f"{m.group(1)}=***" if _secret_key(m.group(1)) else m.group(0), text
    )


def query_secrets(query: bytes) -> tuple[str | None, str | None]:
    """The ``token`` and ``invite`` of a raw query string, read only under exactly those
    keys: a key spelled otherwise (``tok%65n``) is not a secret's, so the server never
    acts on a secret the log's redaction might not have recognised.

    >>> query_secrets(b"token=a%2Bb&invite=x")
    ('a+b', 'x')
    >>> query_secrets(b"tok%65n=abc&TOKEN=abc")
    (None, None)
    """
    found: dict[bytes, str] = {}
    for part in query.split(b"&"):
        key, _, value = part.partition(b"=")
        if key in (b"token", b"invite") and key not in found:
            found[key] = unquote_plus(value.decode("latin-1"))
    return found.get(b"token") or None, found.get(b"invite") or None


class RedactSecrets(logging.Filter):
    """Writes ``token=***`` and ``invite=***`` for the secrets of a logged request line.

    Installed by :func:`create_app` on uvicorn's access and error loggers, so a server
    log never holds a person's token or a table's invite (the page sends its token in
    the WebSocket's ``hello`` and an ``Authorization`` header; a download link may carry
    ``?token=``).

    >>> f = RedactSecrets()
    >>> r = logging.LogRecord("uvicorn.access", 20, "", 0, '%s "%s %s"', ("1.2.3.4", "GET",
    ...     "/api/tables/ab?token=s3cret&x=1"), None)
    >>> f.filter(r), r.getMessage()
    (True, '1.2.3.4 "GET /api/tables/ab?token=***&x=1"')
    >>> _redact("/a?tok%65n=s3cret&Invite=s3cret&access_token=s3cret&n=2")
    '/a?tok%65n=***&Invite=***&access_token=***&n=2'
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Redact the record's message and arguments (always keeps the record)."""
        if isinstance(record.msg, str):
            record.msg = _redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(RedactSecrets())


class BodyLimit:
    """ASGI middleware: an HTTP request body is read as it arrives, up to ``limit`` bytes.

    A ``Content-Length`` over the limit is answered 413 at once, without reading the
    body; a body sent without one (``Transfer-Encoding: chunked``) is counted chunk by
    chunk and answered 413 as soon as it passes the limit, the rest left unread (the
    connection is closed). The application gets the whole body at once.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks)}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"body: over {self.limit} bytes"}}
            # (English: the request's language is not known before its headers are read)
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


LANG_COOKIE = "pokerbonus_lang"
"""The cookie of the page's language switch (``en``/``fr``; ``web/src/i18n.ts``)."""


def request_language(cookie: str | None, headers: Mapping[str, str]) -> str:
    """The language of a request: its switch cookie, else its ``Accept-Language``."""
    return language_for_request(cookie, headers.get("accept-language"))


class LanguageMiddleware:
    """ASGI middleware: an HTTP request is handled in its language (the words of its
    answers, refusals included): the ``pokerbonus_lang`` cookie, else the best of
    ``Accept-Language``, else English (:func:`language_for_request`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        with using_language(request_language(request.cookies.get(LANG_COOKIE), request.headers)):
            await self.app(scope, receive, send)
