"""The Attention Studio's server side, without a browser: the page and its assets, the offline docs,
security headers, ``/attention``'s ``precision`` and ``format=html``, and CI's browser install.
(The pages themselves are tested in a real browser in tests/service/browser/.)"""
from __future__ import annotations

import json
import re
from pathlib import Path

from fastapi.testclient import TestClient

from service.routes.studio import MODULES, STATIC_DIR, STUDIO_DIR, bundled_script
from service.security_headers import sha256_source

REPO = Path(__file__).resolve().parents[2]
LOCAL_URL = re.compile(r"""(?:src|href)="([^"]+)\"""")


def test_root_serves_the_studio_with_a_strict_policy(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert 'data-testid="output"' in r.text
    csp = r.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "unsafe" not in csp and "frame-ancestors 'none'" in csp
    assert "connect-src 'self'" in csp
    assert r.headers["x-content-type-options"] == "nosniff" and r.headers["x-frame-options"] == "DENY"
    for url in LOCAL_URL.findall(r.text):
        assert url.startswith(("/", "#", "data:")), url
        if url.startswith("/static/"):
            asset = client.get(url)
            assert asset.status_code == 200, url
            assert asset.headers["x-content-type-options"] == "nosniff"


def test_studio_modules_import_only_each_other(client: TestClient) -> None:
    names = sorted(p.name for p in STUDIO_DIR.glob("*.js"))
    assert sorted(MODULES) == names
    for name in names:
        source = (STUDIO_DIR / name).read_text(encoding="utf-8")
        assert "http://" not in source.replace("http://www.w3.org/2000/svg", "")
        assert "https://" not in source
        for target in re.findall(r"^import .* from '(.+)';$", source, re.MULTILINE):
            assert target.startswith("./") and target[2:] in names, (name, target)
        js = client.get(f"/static/studio/{name}")
        assert js.status_code == 200 and "javascript" in js.headers["content-type"]
    bundle = bundled_script()
    assert not re.search(r"^\s*(import|export)\s", bundle, re.MULTILINE)
    assert "</script" not in bundle


def test_docs_are_served_from_local_assets_with_their_inline_script_hashed(client: TestClient) -> None:
    for path in ("/docs", "/redoc"):
        r = client.get(path)
        assert r.status_code == 200
        for url in LOCAL_URL.findall(r.text):
            assert url.startswith("/"), (path, url)
            assert client.get(url).status_code == 200, url
        assert "googleapis" not in r.text and "cdn.jsdelivr" not in r.text
        csp = r.headers["content-security-policy"]
        for script in re.findall(r"<script>(.*?)</script>", r.text, re.DOTALL):
            assert sha256_source(script) in csp
        assert "'unsafe-eval'" not in csp and "frame-ancestors 'none'" in csp
    assert '"validatorUrl": null' in client.get("/docs").text
    redoc_js = client.get("/docs-assets/redoc.standalone.js").text
    assert "cdn.redoc.ly" not in redoc_js and len(redoc_js) > 1_000_000


def test_vendored_assets_carry_their_licences() -> None:
    vendor = STATIC_DIR / "vendor"
    for lib in ("swagger-ui", "redoc"):
        assert (vendor / lib / "LICENSE").is_file(), lib
    notes = (vendor / "README.md").read_text(encoding="utf-8")
    assert "swagger-ui-dist 5.35.0" in notes and "redoc 2.5.4" in notes


def test_api_answers_get_the_default_policy(client: TestClient) -> None:
    r = client.get("/health")
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    assert "/" not in client.get("/openapi.json").json()["paths"]  # the page is not an API operation


def test_attention_precision_rounds_the_weights(client: TestClient) -> None:
    body = {"model": "translator-en-de", "text": "a b c", "include_self": True}
    full = client.post("/attention", json=body).json()
    assert full["attention"]["cross"]["weights"][0][0][0][0] == 0.25  # 1/4 (3 words and </s>)
    rounded = client.post("/attention", json={**body, "precision": 2}).json()
    assert rounded["attention"]["cross"]["weights"][0][0][0][0] == 0.25
    three = client.get("/attention", params={"model": "time-normalizer", "text": "noon!!", "precision": 3}).json()
    assert three["attention"]["cross"]["weights"][0][0][0] == [0.167] * 6  # 1/6
    assert client.get("/attention", params={"model": "time-normalizer", "text": "noon"}).json()[
        "attention"]["cross"]["weights"][0][0][0][0] == 0.25
    # from the translator's manifest (the fake's: d_model 8, 64 tokens + BOS); none for the time normalizer
    assert rounded["positional_encoding"] == {"kind": "sinusoidal", "d_model": 8, "max_position": 65}
    assert three["positional_encoding"] is None
    for bad in (-1, 9):
        assert client.post("/attention", json={**body, "precision": bad}).status_code == 422


def test_attention_format_html_is_one_self_contained_page(client: TestClient) -> None:
    r = client.get("/attention", params={"model": "translator-en-de", "text": "a </script> <b>", "format": "html"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    assert "src=" not in page and 'rel="stylesheet"' not in page
    data = re.search(r'<script type="application/json" id="studio-data">(.*?)</script>', page, re.DOTALL)
    assert data is not None
    assert json.loads(data.group(1))["source_tokens"] == ["a", "</script>", "<b>", "</s>"]
    script = re.search(r'<script type="module">(.*?)</script>', page, re.DOTALL)
    style = re.search(r"<style>(.*?)</style>", page, re.DOTALL)
    assert script and style
    for csp in (r.headers["content-security-policy"],
                re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page).group(1)):
        csp = csp.replace("&#x27;", "'")
        assert sha256_source(script.group(1)) in csp and sha256_source(style.group(1)) in csp
        assert "'self'" not in csp.split("script-src")[1].split(";")[0]
    assert client.post("/attention", json={"model": "time-normalizer", "text": "noon", "format": "html"}).status_code == 200
    assert client.get("/attention", params={"model": "time-normalizer", "text": "noon", "format": "xml"}).status_code == 422


def test_ci_installs_chromium_and_runs_the_readmes_command() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    command = ci.strip().splitlines()[-1]
    assert "apt-get install -y -qq chromium" in command and "pytest" in command
    assert command in readme
