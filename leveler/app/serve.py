"""A request-body limit for the served app: an ASGI wrapper (marimo's server has none).

``marimo run`` reads every request body whole (``await request.body()`` in
``marimo/_server/api/utils.py``) and uvicorn sets no limit, so a page, or anyone with
the password, can POST hundreds of MB (a file "uploaded" around the browser's
``max_size``). The app refuses an oversized upload only once it has arrived. Two ways
to keep it off the server:

- a reverse proxy's limit (nginx ``client_max_body_size 25m;``), the README's choice;
- :class:`BodyLimit`, which answers 413 before reading a body whose ``Content-Length``
  is too large and stops reading one that grows past the limit, around the ASGI app of
  ``marimo.create_asgi_app`` (:func:`main`: ``python -m leveler.app.serve``).

Pure ASGI, no import of marimo or Starlette at module level.
"""

from __future__ import annotations

import argparse
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_MAX_BODY", "BodyLimit", "build_app", "main"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

DEFAULT_MAX_BODY = 25 * 1024 * 1024
"""25 MiB: a 16 MiB pool upload is ~22 MB of base64 in its JSON request."""


class BodyLimit:
    """ASGI middleware: HTTP requests with a body over ``max_bytes`` get 413, unread."""

    def __init__(self, app: App, max_bytes: int = DEFAULT_MAX_BODY) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.max_bytes:
            await self._refuse(send, declared)
            return
        seen = 0
        refused = False
        started = False

        async def counted_receive() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes and not refused:
                    refused = True
                    if not started:
                        await self._refuse(send, seen)
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 went out; the app's own answer is dropped
            started = True
            await send(message)

        await self.app(scope, counted_receive, guarded_send)

    async def _refuse(self, send: Send, size: int) -> None:
        text = (f"Request body too large: {size:,} bytes or more, over this server's limit "
                f"of {self.max_bytes:,} bytes.\n").encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(text)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": text})


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def build_app(notebook: Path, *, token: str | None, max_bytes: int) -> App:
    """The marimo app of ``notebook`` (run mode), inside :class:`BodyLimit`."""
    import marimo

    server = (marimo.create_asgi_app(token=token)
              .with_app(path="", root=str(notebook)).build())
    return BodyLimit(server, max_bytes)


def main(argv: list[str] | None = None) -> int:
    """``python -m leveler.app.serve notebooks/explorer.py --password-file F``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=2718)
    parser.add_argument("--password-file", type=Path,
                        help="the access password, read from this file (not the command "
                             "line, where ps shows it)")
    parser.add_argument("--max-body", type=int, default=DEFAULT_MAX_BODY,
                        help="largest request body in bytes (default %(default)s)")
    options = parser.parse_args(argv)
    token = (options.password_file.read_text(encoding="utf-8").strip()
             if options.password_file else None)
    import uvicorn

    uvicorn.run(build_app(options.notebook, token=token, max_bytes=options.max_body),
                host=options.host, port=options.port, log_level="warning")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
