"""A request body bound: a body over `limit` bytes is refused with 413 before the application
reads it (by its Content-Length, or as it streams in without one), so a 10 MB upload costs
the server nothing."""
from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


class TooLarge(Exception):
    pass


class BodyLimit:
    """ASGI middleware: at most `limit` bytes of request body."""

    def __init__(self, app: Callable, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.limit:
            await self._refuse(send, length)
            return
        seen = 0
        started = False

        async def counted() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge()
            return message

        async def watched(message: dict) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except TooLarge:
            if not started:
                await self._refuse(send, seen)

    async def _refuse(self, send: Send, size: int) -> None:
        body = json.dumps({"error": {
            "file": None, "line": None, "field": None, "kind": "too_large",
            "message": f"the request is too large ({size:,} bytes or more; at most "
                       f"{self.limit:,}: a scenario may have at most 2 MB)"}}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _content_length(scope: Scope) -> int | None:
    for key, value in scope.get("headers", ()):
        if key == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None
