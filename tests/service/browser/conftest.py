"""Browser tests of the Attention Studio and the offline API docs: Playwright driving Debian's
Chromium (``/usr/bin/chromium``, or ``STUDIO_CHROMIUM``), one browser per module.

Each module starts its app with ``browser_helpers.serve`` on a free loopback port (uvicorn in a
thread, module-scoped). Every page comes from a context whose route handler aborts, and records,
any request to a host other than 127.0.0.1/localhost; the tests assert that list is empty. They
skip, saying why, only where Chromium or Playwright is absent; ``.ci/run`` installs both.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browser_helpers import CHROMIUM, Watched, open_context, require_browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_playwright = require_browser()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture
def watched(browser: Any) -> Iterator[Watched]:
    w = open_context(browser)
    yield w
    w.context.close()
