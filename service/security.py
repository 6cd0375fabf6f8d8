"""Optional API keys (401 without one, 403 with a wrong one) and a per-client rate limit (429)."""
from __future__ import annotations

import hashlib
import hmac
import math
import threading
import time
from collections.abc import Callable

from fastapi import Request

from service.errors import ApiError
from service.settings import Settings


class TokenBucketLimiter:
    """``rate_per_minute`` requests per minute per client, with bursts of up to ``burst``."""

    def __init__(
        self, rate_per_minute: int, burst: int = 0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate_per_minute / 60.0
        self.capacity = float(burst or rate_per_minute)
        self._clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, last update)
        self._lock = threading.Lock()

    def acquire(self, client: str) -> float | None:
        """Take one token; None if allowed, else the seconds until the next token."""
        now = self._clock()
        with self._lock:
            tokens, last = self._buckets.get(client, (self.capacity, now))
            tokens = min(self.capacity, tokens + (now - last) * self.rate)
            if tokens >= 1.0:
                self._buckets[client] = (tokens - 1.0, now)
                allowed = True
            else:
                self._buckets[client] = (tokens, now)
                allowed = False
            if len(self._buckets) > 100_000:
                self._forget_full(now)
        return None if allowed else (1.0 - tokens) / self.rate

    def _forget_full(self, now: float) -> None:
        full_after = self.capacity / self.rate
        self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < full_after}


async def find_api_key(request: Request) -> str | None:
    """The key sent as X-API-Key, ``Authorization: Bearer``, ``?api_key=`` or a body ``api_key``."""
    key = request.headers.get("x-api-key")
    if key:
        return key
    scheme, _, credentials = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    if request.query_params.get("api_key"):
        return request.query_params["api_key"]
    if request.method != "POST":
        return None
    content_type = request.headers.get("content-type", "")
    if content_type.startswith(("application/x-www-form-urlencoded", "multipart/form-data")):
        try:
            value = (await request.form()).get("api_key")
        except Exception:  # noqa: BLE001 - a broken form is reported by the route
            return None
        return value if isinstance(value, str) and value else None
    try:
        body = await request.json()  # Starlette keeps the parsed body: the route does not parse it again
    except (ValueError, RecursionError):
        return None
    value = body.get("api_key") if isinstance(body, dict) else None
    return value if isinstance(value, str) and value else None


class AccessControl:
    """The dependency that guards the model endpoints."""

    def __init__(self, settings: Settings) -> None:
        self._keys = [k.encode() for k in settings.api_keys]
        # Wrong or missing keys count per client address, so that keys cannot be guessed at speed.
        self._failures = TokenBucketLimiter(settings.auth_failures_per_minute)
        self._limiter = (
            TokenBucketLimiter(settings.rate_limit_per_minute, settings.rate_limit_burst)
            if settings.rate_limit_per_minute
            else None
        )

    async def __call__(self, request: Request) -> None:
        client = await self._authenticate(request)
        if self._limiter is None:
            return
        wait = self._limiter.acquire(client)
        if wait is not None:
            retry_after = max(1, math.ceil(wait))
            raise ApiError(
                429,
                "rate_limited",
                f"Too many requests; try again in {retry_after} s (SERVICE_RATE_LIMIT_PER_MINUTE).",
                headers={"Retry-After": str(retry_after)},
            )

    async def _authenticate(self, request: Request) -> str:
        """The client's identity for the rate limit: its key (hashed) or its address."""
        address = request.client.host if request.client else "unknown"
        if not self._keys:
            return "ip:" + address
        key = await find_api_key(request)
        valid = key is not None and any(hmac.compare_digest(key.encode(), k) for k in self._keys)
        if not valid:
            wait = self._failures.acquire("ip:" + address)
            if wait is not None:
                retry_after = max(1, math.ceil(wait))
                raise ApiError(429, "too_many_failed_keys",
                               f"Too many requests with a missing or wrong API key; try again in {retry_after} s.",
                               headers={"Retry-After": str(retry_after)})
        if key is None:
            raise ApiError(
                401,
                "missing_api_key",
                "An API key is required: send it as X-API-Key, 'Authorization: Bearer <key>' or api_key.",
                headers={"WWW-Authenticate": "Bearer"},
            )
        if not valid:
            raise ApiError(403, "invalid_api_key", "The API key is not valid.")
        return "key:" + hashlib.sha256(key.encode()).hexdigest()[:16]
