"""The request-body limit around the served app (issue 11, item 7: a direct 333 MB POST
was accepted, 1.7 GB peak): 413 before reading a declared oversized body, and a body
that grows past the limit is cut off with 413 before the app answers."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from leveler.app.serve import BodyLimit


def _on_own_loop(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run ``coroutine`` to the end on a fresh event loop in a thread of its own (the
    browser tests' Playwright keeps a loop running on the main thread of the session)."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        worker.submit(asyncio.run, coroutine).result()


def _run(headers: list[tuple[bytes, bytes]], chunks: list[bytes], limit: int
         ) -> tuple[list[dict[str, Any]], list[bytes]]:
    """Send one HTTP request through BodyLimit around an app that reads the whole body."""
    sent: list[dict[str, Any]] = []
    read: list[bytes] = []
    pending = [{"type": "http.request", "body": chunk, "more_body": index < len(chunks) - 1}
               for index, chunk in enumerate(chunks)]

    async def receive() -> dict[str, Any]:
        return pending.pop(0) if pending else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def app(scope: Any, receive: Any, send: Any) -> None:
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            read.append(message["body"])
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    scope = {"type": "http", "method": "POST", "path": "/api/kernel/function_call",
             "headers": headers}
    _on_own_loop(BodyLimit(app, limit)(scope, receive, send))
    return sent, read


def test_a_body_within_the_limit_reaches_the_app() -> None:
    sent, read = _run([(b"content-length", b"6")], [b"abc", b"def"], limit=10)
    assert read == [b"abc", b"def"] and sent[0]["status"] == 200


def test_a_declared_oversized_body_is_refused_unread() -> None:
    sent, read = _run([(b"content-length", b"333000000")], [b"x" * 100], limit=10)
    assert read == [] and sent[0]["status"] == 413
    assert b"over this server's limit of 10 bytes" in sent[1]["body"]


def test_a_body_that_grows_past_the_limit_is_cut_off_and_answered_413() -> None:
    """A chunked body declares no length: counted as it arrives."""
    sent, read = _run([], [b"x" * 6, b"x" * 6, b"x" * 6], limit=10)
    assert read == [b"x" * 6]  # the app saw the first chunk, then a disconnect
    assert [message.get("status") for message in sent if "status" in message] == [413]


def test_websockets_and_lifespan_pass_through() -> None:
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(scope["type"])

    async def nothing() -> dict[str, Any]:
        return {}

    async def ignore(message: Any) -> None:
        return None

    for kind in ("websocket", "lifespan"):
        _on_own_loop(BodyLimit(app, 1)({"type": kind}, nothing, ignore))
    assert seen == ["websocket", "lifespan"]
