"""Pure ASGI middleware: request id + access log + metrics + last-resort 500, and the request timeout."""
from __future__ import annotations

import asyncio
import logging
import re
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from service.errors import error_body
from service.logs import request_id_var
from service.observability import Metrics
from service.request_guard import PROBE_PATHS, header, send_json

log = logging.getLogger("service.access")

REQUEST_ID_HEADER = "x-request-id"
_VALID_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")
KNOWN_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


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
        incoming = header(scope, REQUEST_ID_HEADER)
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
            method = scope["method"] if scope["method"] in KNOWN_METHODS else "other"  # bounded label values
            self.metrics.requests.labels(route, method, str(status)).inc()
            self.metrics.latency.labels(route).observe(elapsed)
            if route not in PROBE_PATHS or status >= 400:
                log.info(
                    "request",
                    extra={
                        "request_id": request_id,
                        "method": method,
                        "path": scope["path"][:200],
                        "route": route,
                        "status": status,
                        "duration_ms": round(elapsed * 1000, 2),
                        "client": (scope.get("client") or ("?", 0))[0],
                    },
                )
            request_id_var.reset(token)


class TimeoutMiddleware:
    """Answers 503 (with Retry-After) when a request is not answered within ``timeout_s``."""

    def __init__(self, app: ASGIApp, timeout_s: float, metrics: Metrics) -> None:
        self.app = app
        self.timeout_s = timeout_s
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in PROBE_PATHS:
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
