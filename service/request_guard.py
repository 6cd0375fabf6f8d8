"""What every request passes before the app reads it, and what ends it early.

:class:`RequestGuardMiddleware` (pure ASGI) reads the body first (at most
``SERVICE_MAX_BODY_BYTES``: 413), checks one content-type policy for every route (JSON, or
form data where LibreTranslate clients send it: 415), bounds the nesting of a JSON body
before anything parses it, the API-key lookup included (400), and refuses new work with a
JSON 503 while the service drains for shutdown. It then runs the app as a task that ends
early when the client hangs up (the queued texts are dropped, the request is logged as
499) or when the shutdown grace period is over (a JSON 503). ``HEAD`` is answered as
``GET`` without a body.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.errors import error_body
from service.observability import Metrics

JSON_TYPES = ("application/json",)
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
# LibreTranslate's endpoints take form data as well as JSON (its clients send either).
FORM_PATHS = frozenset({"/translate", "/detect", "/translate_file", "/suggest"})
# Probes and scrapes answer even while the service drains or is busy.
PROBE_PATHS = frozenset({"/health", "/ready", "/metrics"})
BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def json_too_deep(raw: bytes, limit: int) -> bool:
    """True when arrays/objects in ``raw`` nest deeper than ``limit`` (strings are skipped).

    A linear scan that stops at the first level past the limit: a body of a million ``[``
    costs microseconds, never a recursion error."""
    depth = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > limit:
                return True
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return False


@dataclass
class Lifecycle:
    """Shutdown state shared by the guard, /ready and the server's signal handling."""

    grace_s: float
    draining: bool = False
    grace_over: asyncio.Event = field(default_factory=asyncio.Event)
    _timer: asyncio.TimerHandle | None = None

    def begin_drain(self) -> None:
        """From now on new work gets 503; work in flight has ``grace_s`` to finish."""
        if self.draining:
            return
        self.draining = True
        loop = asyncio.get_running_loop()
        self._timer = loop.call_later(self.grace_s, self.grace_over.set)


class RequestGuardMiddleware:
    def __init__(self, app: ASGIApp, *, max_bytes: int, max_json_depth: int, metrics: Metrics,
                 lifecycle: Callable[[], Lifecycle], busy: Callable[[str], float | None] = lambda path: None) -> None:
        self.app = app
        self.busy = busy  # path -> seconds to wait, when its model's queue alone is past the deadline
        self.max_bytes = max_bytes
        self.max_json_depth = max_json_depth
        self.metrics = metrics
        self.lifecycle = lifecycle

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lifecycle = self.lifecycle()
        path = scope["path"]
        if lifecycle.draining and path not in PROBE_PATHS:
            await self._refuse(send, 503, "shutting_down", "The service is shutting down; send the request to "
                               "another replica or try again shortly.", [(b"retry-after", b"5")])
            return
        refusal = self._check_headers(scope)
        if refusal is not None:
            await self._refuse(send, *refusal)
            return
        wait = self.busy(path) if scope["method"] in BODY_METHODS else None
        if wait is not None:  # refused before the body is read: a refusal costs next to nothing
            retry = str(max(1, math.ceil(wait))).encode()
            await self._refuse(send, 503, "overloaded", f"The service is overloaded: the work already queued for "
                               f"this endpoint takes about {wait:.0f} s; try again later.", [(b"retry-after", retry)])
            await self._discard_body(receive)  # read, never parsed: the client sees the 503, not a reset
            return
        body = await self._read_body(scope, receive, send)
        if body is None:
            return
        if scope["method"] in BODY_METHODS and body and _content_type(scope) in ("", *JSON_TYPES) \
                and json_too_deep(body, self.max_json_depth):
            await self._refuse(send, 400, "json_too_deep", f"The JSON body nests deeper than "
                               f"{self.max_json_depth} levels (SERVICE_MAX_JSON_DEPTH).")
            return
        if scope["method"] == "HEAD":
            scope, send = {**scope, "method": "GET"}, _without_body(send)
        await self._run(scope, body, receive, send, lifecycle)

    def _check_headers(self, scope: Scope) -> tuple[int, str, str] | None:
        if scope["method"] not in BODY_METHODS:
            return None
        content_type = _content_type(scope)
        if content_type in ("", *JSON_TYPES) or content_type.endswith("+json"):
            return None
        if content_type in FORM_TYPES and scope["path"] in FORM_PATHS:
            return None
        accepted = "JSON (application/json)" + (" or form data" if scope["path"] in FORM_PATHS else "")
        return 415, "unsupported_media_type", f"Send {accepted}, not {content_type!r}."

    async def _read_body(self, scope: Scope, receive: Receive, send: Send) -> bytes | None:
        declared = header(scope, "content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large(send)
            return None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(send)
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _discard_body(self, receive: Receive) -> None:
        size = 0
        while size <= self.max_bytes:
            message = await receive()
            size += len(message.get("body", b""))
            if message["type"] == "http.disconnect" or not message.get("more_body", False):
                return

    async def _run(self, scope: Scope, body: bytes, receive: Receive, send: Send, lifecycle: Lifecycle) -> None:
        """Run the app; stop it when the client hangs up or the shutdown grace is over."""
        gone = asyncio.Event()
        replayed = False
        started = complete = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            await gone.wait()
            return {"type": "http.disconnect"}

        async def watched_send(message: Message) -> None:
            nonlocal started, complete
            started = started or message["type"] == "http.response.start"
            await send(message)
            complete = complete or (message["type"] == "http.response.body" and not message.get("more_body"))

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            gone.set()

        async def run_app() -> None:
            await self.app(scope, replay, watched_send)

        app = asyncio.create_task(run_app())
        watcher = asyncio.create_task(watch())
        grace = asyncio.create_task(lifecycle.grace_over.wait())
        try:
            await asyncio.wait({app, watcher, grace}, return_when=asyncio.FIRST_COMPLETED)
            if complete and not app.done():  # answered: the disconnect is the connection's normal end
                await asyncio.wait({app})
        finally:
            for task in (watcher, grace):
                task.cancel()
            if not app.done():
                app.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await app
        if app.cancelled():
            if gone.is_set():
                self.metrics.errors.labels("client_closed_request").inc()
                return  # nobody to answer: logged as 499 by the request context
            if not started:
                await self._refuse(send, 503, "shutting_down", "The service shut down before this request "
                                   f"finished (grace period {lifecycle.grace_s:g} s).", [(b"retry-after", b"5")])
            return
        app.result()  # re-raise what the app raised

    async def _too_large(self, send: Send) -> None:
        await self._refuse(send, 413, "payload_too_large",
                           f"Request body larger than {self.max_bytes} bytes (SERVICE_MAX_BODY_BYTES).")

    async def _refuse(self, send: Send, status: int, code: str, message: str,
                      headers: list[tuple[bytes, bytes]] | None = None) -> None:
        self.metrics.errors.labels(code).inc()
        await send_json(send, status, error_body(code, message), headers)


async def send_json(send: Send, status: int, body: dict[str, Any],
                    headers: list[tuple[bytes, bytes]] | None = None) -> None:
    payload = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            *(headers or [])]})
    await send({"type": "http.response.body", "body": payload})


def _without_body(send: Send) -> Send:
    async def head_send(message: Message) -> None:
        if message["type"] == "http.response.body":
            message = {**message, "body": b""}
        await send(message)

    return head_send


def header(scope: Scope, name: str) -> str | None:
    """The value of header ``name`` (lower case) in an ASGI scope."""
    key = name.encode()
    for k, value in scope.get("headers", []):
        if k.lower() == key:
            return str(value.decode("latin-1"))
    return None


def _content_type(scope: Scope) -> str:
    return (header(scope, "content-type") or "").split(";")[0].strip().lower()
