"""Pure ASGI middleware: request id + access log + metrics + last-resort 500, body limit, timeout."""
from __future__ import annotations

import asyncio
import json
import logging
import re
import time
import uuid
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.errors import error_body
from service.logs import request_id_var
from service.observability import Metrics

log = logging.getLogger("service.access")

REQUEST_ID_HEADER = "x-request-id"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
# Paths that must answer even when the service is busy (probes, scrapes).
UNLIMITED_PATHS = frozenset({"/health", "/ready", "/metrics"})


async def send_json(
    send: Send, status: int, body: dict[str, Any], headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    payload = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(payload)).encode()),
                *(headers or []),
            ],
        }
    )
    await send({"type": "http.response.body", "body": payload})


class RequestContextMiddleware:
    """Gives each request an id (X-Request-ID, taken from the client if sane), logs it as one
    JSON line, counts it in the metrics, and turns any exception that escaped into a JSON 500."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = _header(scope, REQUEST_ID_HEADER)
        request_id = incoming if incoming and _VALID_REQUEST_ID.match(incoming) else uuid.uuid4().hex
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        status = 499  # logged when no response was sent: the client went away (nginx's convention)
        response_started = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, response_started
            if message["type"] == "http.response.start":
                response_started = True
                status = message["status"]
                message["headers"] = [
                    *message.get("headers", []),
                    (REQUEST_ID_HEADER.encode(), request_id.encode()),
                ]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            log.exception("unhandled error", extra={"method": scope["method"], "path": scope["path"]})
            self.metrics.errors.labels("internal_error").inc()
            if response_started:
                raise
            status = 500
            await send_json(
                send_with_id, 500, error_body("internal_error", "Internal server error; it has been logged.")
            )
        finally:
            elapsed = time.perf_counter() - started
            route = getattr(scope.get("route"), "path", None) or "unmatched"
            self.metrics.requests.labels(route, scope["method"], str(status)).inc()
            self.metrics.latency.labels(route).observe(elapsed)
            if route not in UNLIMITED_PATHS or status >= 400:
                log.info(
                    "request",
                    extra={
                        "request_id": request_id,
                        "method": scope["method"],
                        "path": scope["path"],
                        "route": route,
                        "status": status,
                        "duration_ms": round(elapsed * 1000, 2),
                        "client": (scope.get("client") or ("?", 0))[0],
                    },
                )
            request_id_var.reset(token)


class BodyLimitMiddleware:
    """Reads the body (at most ``max_bytes``) before the app sees it; a larger one gets 413."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in {"GET", "HEAD", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        declared = _header(scope, "content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._too_large(send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send) -> None:
        message = f"Request body larger than {self.max_bytes} bytes (SERVICE_MAX_BODY_BYTES)."
        await send_json(send, 413, error_body("payload_too_large", message))


class TimeoutMiddleware:
    """Answers 503 (with Retry-After) when a request is not answered within ``timeout_s``."""

    def __init__(self, app: ASGIApp, timeout_s: float, metrics: Metrics) -> None:
        self.app = app
        self.timeout_s = timeout_s
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in UNLIMITED_PATHS:
            await self.app(scope, receive, send)
            return
        response_started = False

        async def watch(message: Message) -> None:
            nonlocal response_started
            if message["type"] == "http.response.start":
                response_started = True
            await send(message)

        try:
            await asyncio.wait_for(self.app(scope, receive, watch), self.timeout_s)
        except TimeoutError:
            if response_started:
                raise
            self.metrics.errors.labels("timeout").inc()
            message = f"The request took longer than {self.timeout_s:g} s (SERVICE_REQUEST_TIMEOUT_S); try again later."
            await send_json(send, 503, error_body("timeout", message), [(b"retry-after", b"5")])


def _header(scope: Scope, name: str) -> str | None:
    key = name.encode()
    for k, v in scope.get("headers", []):
        if k.lower() == key:
            return str(v.decode("latin-1"))
    return None
