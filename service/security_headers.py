"""Security headers on every answer: nosniff, no framing, no referrer, and a Content-Security-Policy.

Pure ASGI middleware. A response that sets its own ``Content-Security-Policy`` (the studio, the
offline ``/docs`` and ``/redoc`` pages, the self-contained HTML export) keeps it; every other
answer (JSON, static files) gets :data:`API_CSP`, which allows nothing to run or load.
"""
from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

# The studio: its own scripts and styles only (no inline script or style element), requests to
# this service only; images from canvases (data:/blob:) for the PNG and SVG downloads.
STUDIO_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


def sha256_source(text: str) -> str:
    """A CSP hash source (``'sha256-...'``) of an inline script or style element's text."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def page_csp(*, script_hashes: Iterable[str] = (), style_hashes: Iterable[str] = (),
             inline_styles: bool = False, workers: bool = False, self_assets: bool = True) -> str:
    """The policy of an HTML page: its own assets, plus the given inline script/style hashes.

    ``inline_styles`` allows style attributes and elements (Swagger UI and ReDoc set styles at run
    time); ``workers`` allows blob: workers (ReDoc's search index).
    """
    own = "'self' " if self_assets else ""
    scripts = " ".join(sha256_source(s) for s in script_hashes)
    styles = "'unsafe-inline'" if inline_styles else " ".join(sha256_source(s) for s in style_hashes)
    parts = [
        "default-src 'none'",
        f"script-src {own}{scripts}".strip(),
        f"style-src {own}{styles}".strip(),
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
    if workers:
        parts.insert(6, "worker-src 'self' blob:")
    return "; ".join(parts)


_FIXED = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeadersMiddleware:
    """Adds ``nosniff``, ``X-Frame-Options: DENY``, ``Referrer-Policy`` and, unless the response
    has one, ``Content-Security-Policy: <default_csp>``."""

    def __init__(self, app: ASGIApp, default_csp: str = API_CSP) -> None:
        self.app = app
        self.default_csp = default_csp.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in _FIXED if k not in present]
                if b"content-security-policy" not in present:
                    headers.append((b"content-security-policy", self.default_csp))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
