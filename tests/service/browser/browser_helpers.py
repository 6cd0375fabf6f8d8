"""Helpers of the browser tests (see conftest.py): Playwright driving Debian's
Chromium (``/usr/bin/chromium``, or ``STUDIO_CHROMIUM``), one browser per module.

Each module starts its app with :func:`serve` on a free loopback port (uvicorn in a thread). Every
page comes from :func:`open_context`, whose route handler aborts, and records, any request to a
host other than 127.0.0.1/localhost; tests assert that list is empty. The tests skip, saying
why, only where Chromium or Playwright is absent; ``.ci/run`` installs both.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from live_server import Server, free_port, serve  # noqa: F401 - the browser tests import them from here

CHROMIUM = Path(os.environ.get("STUDIO_CHROMIUM", "/usr/bin/chromium"))
LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


def require_browser() -> Any:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install -y chromium; .ci/run installs it)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (the dev extra has it)")
    return sync_playwright


@dataclass
class Watched:
    """A browser context whose requests to other hosts are aborted and recorded."""

    context: Any
    blocked: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    requests: list[Any] = field(default_factory=list)

    def page(self) -> Any:
        page = self.context.new_page()
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        page.on("request", lambda r: self.requests.append(r))
        return page

    def csp_violations(self) -> list[str]:
        return [m for m in self.console if "Content Security Policy" in m]

    def errors(self) -> list[str]:
        return [m for m in self.console if m.startswith(("error:", "pageerror:"))]


def open_context(browser: Any, **options: Any) -> Watched:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True, **options)
    watched = Watched(context)

    def guard(route: Any) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in {"http", "https", "ws", "wss"} and (parts.hostname or "") not in LOOPBACK:
            watched.blocked.append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", guard)
    return watched


def wait_rendered(page: Any, timeout_ms: float = 120_000) -> str:
    """Wait until the studio has finished (``#studio[data-state]`` ready or error); the state."""
    page.wait_for_selector("#studio[data-state=ready], #studio[data-state=error]", timeout=timeout_ms)
    return str(page.get_attribute("#studio", "data-state"))


def display(token: str) -> str:
    """A token as the studio labels it."""
    return {" ": "␣", "": "∅"}.get(token, token)
