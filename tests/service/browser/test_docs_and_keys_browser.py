"""Offline ``/docs`` and ``/redoc`` (vendored Swagger UI and ReDoc), and the studio with API keys
on, in a real browser; on the test-double models (fast). No request may leave the loopback host."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from api_fakes import fake_wrappers, write_model
from playwright.sync_api import expect

from service.app import create_app
from service.registry import ModelRegistry
from service.settings import Settings

from .browser_helpers import Server, Watched, serve, wait_rendered

KEY = "s3cret-key"


@pytest.fixture(scope="module")
def keyed(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    models = tmp_path_factory.mktemp("models")
    write_model(models, "time-normalizer", "time-normalizer")
    write_model(models, "translator-en-de", "translator")
    settings = Settings(models_dir=models, api_keys=[KEY], log_level="warning")
    app = create_app(settings, registry=ModelRegistry(models, wrappers=fake_wrappers))
    with serve(app, ready_timeout_s=30) as server:
        yield server


def test_swagger_ui_renders_every_operation_offline(keyed: Server, watched: Watched) -> None:
    page = watched.page()
    page.goto(keyed.url + "/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    paths = set(page.locator(".opblock-summary-path").all_inner_texts())
    assert {"/translate", "/normalize-time", "/attention", "/health", "/ready", "/models", "/languages"} <= {
        p.replace("\u200b", "") for p in paths}
    assert watched.blocked == [], f"requests to other hosts: {watched.blocked}"
    assert watched.csp_violations() == [] and watched.errors() == []
    hosts = {r.url.split("/")[2] for r in watched.requests}
    assert hosts == {keyed.url.split("/")[2]}


def test_redoc_renders_every_operation_offline(keyed: Server, watched: Watched) -> None:
    page = watched.page()
    page.goto(keyed.url + "/redoc")
    page.wait_for_selector("[data-section-id^='tag/attention/operation']", timeout=30_000)
    operations = page.locator("[data-section-id*='/operation/']").count()
    assert operations >= 9
    assert watched.blocked == [], f"requests to other hosts: {watched.blocked}"
    assert {r.url.split("/")[2] for r in watched.requests} == {keyed.url.split("/")[2]}
    assert watched.csp_violations() == [] and watched.errors() == []


def test_studio_with_api_keys_sends_the_session_key(keyed: Server, watched: Watched) -> None:
    page = watched.page()
    page.goto(f"{keyed.url}/?model=translator-en-de&text={quote('hello world')}")
    assert wait_rendered(page) == "error"  # no key yet: the service says 401
    assert page.locator("#message").inner_text().startswith("This service needs an API key")
    page.fill("#api-key", "wrong")
    page.click("#run")
    expect(page.locator("#message")).to_contain_text("not accepted")
    page.fill("#api-key", KEY)
    with page.expect_response(lambda r: r.url.endswith("/attention") and r.status == 200):
        page.click("#run")
    assert wait_rendered(page) == "ready"
    assert page.get_by_test_id("output").inner_text() == "HELLO WORLD"
    sent = [r for r in watched.requests if r.url.endswith(("/attention", "/translate"))]
    assert sent and all(r.headers.get("x-api-key") in {None, "wrong", KEY} for r in sent)
    assert sent[-1].headers.get("x-api-key") == KEY
    assert KEY not in page.url
    assert page.evaluate("Object.values(sessionStorage)") == [KEY]
    assert page.evaluate("Object.keys(localStorage)") == []
    # A reload in the same tab keeps the key (session storage) and renders the URL's state.
    page.reload()
    assert wait_rendered(page) == "ready"
    assert page.input_value("#api-key") == KEY
    assert watched.blocked == []


def test_security_headers_on_the_pages(keyed: Server) -> None:
    for path in ("/", "/docs", "/redoc"):
        r = keyed.get(path)
        assert r.status_code == 200
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp
        assert "'unsafe-eval'" not in csp and "script-src 'self'" in csp
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["x-frame-options"] == "DENY"
    assert "'unsafe-inline'" not in keyed.get("/").headers["content-security-policy"]
