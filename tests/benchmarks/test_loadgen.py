"""The benchmark harness measures what it says: bounded runs, correct percentiles, loopback
only, and soak requests that the service really answers as the soak expects (run on the app
with test-double models, in process)."""
from __future__ import annotations

import asyncio
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import httpx
import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import loadgen  # noqa: E402
import soak  # noqa: E402
from loadgen import RequestSpec  # noqa: E402


def test_percentile_matches_linear_interpolation() -> None:
    values = [float(v) for v in [7, 1, 3, 9, 4, 12, 5, 8]]
    assert loadgen.percentile(values, 0) == 1 and loadgen.percentile(values, 100) == 12
    assert loadgen.percentile(values, 50) == statistics.median(values)
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    for q in (5, 25, 95, 99):
        assert loadgen.percentile(values, q) == pytest.approx(cuts[q - 1])
    assert math.isnan(loadgen.percentile([], 50))


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000", "http://localhost:1/", "http://127.3.2.1", "http://[::1]:80"])
def test_loopback_urls_are_accepted(url: str) -> None:
    assert loadgen.require_loopback(url) == url.rstrip("/")


@pytest.mark.parametrize("url", ["http://10.0.0.1:8000", "http://192.168.1.5", "https://example.com", "http://0.0.0.0:80"])
def test_other_urls_are_refused(url: str) -> None:
    with pytest.raises(ValueError, match="loopback"):
        loadgen.require_loopback(url)


def test_env_pairs() -> None:
    assert loadgen.parse_env_pairs(["A=1", "B=x=y", "C="]) == {"A": "1", "B": "x=y", "C": ""}
    with pytest.raises(ValueError):
        loadgen.parse_env_pairs(["NOVALUE"])


async def _echo_app(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
    """A tiny ASGI app: 200 after a short sleep, counting requests in flight."""
    assert scope["type"] == "http"
    state = _echo_app.__dict__
    state["inflight"] = state.get("inflight", 0) + 1
    state["peak"] = max(state.get("peak", 0), state["inflight"])
    await asyncio.sleep(0.01)
    state["inflight"] -= 1
    status = 500 if scope["path"] == "/boom" else 200
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": b'{"results": [1]}'})


def _client() -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=_echo_app), base_url="http://127.0.0.1")


def test_closed_loop_stops_at_the_request_count_with_the_asked_concurrency() -> None:
    _echo_app.__dict__.clear()

    async def run() -> loadgen.RunResult:
        async with _client() as client:
            return await loadgen.closed_loop(client, lambda i: RequestSpec("x", "GET", "/"),
                                             concurrency=8, max_requests=50, max_seconds=30)

    result = asyncio.run(run())
    summary = result.summary()
    assert summary["requests"] == 50 and summary["errors"] == 0
    assert _echo_app.__dict__["peak"] == 8
    assert summary["p50_ms"] >= 10 and summary["req_per_s"] > 0


def test_closed_loop_stops_at_the_time_limit() -> None:
    async def run() -> loadgen.RunResult:
        async with _client() as client:
            return await loadgen.closed_loop(client, lambda i: RequestSpec("x", "GET", "/"),
                                             concurrency=2, max_requests=10**9, max_seconds=0.3)

    started = time.perf_counter()
    result = asyncio.run(run())
    assert time.perf_counter() - started < 2
    assert 0 < len(result.outcomes) < 10**9


def test_failures_and_bad_requests_are_counted() -> None:
    specs = [RequestSpec("ok", "GET", "/"), RequestSpec("5xx", "GET", "/boom"),
             RequestSpec("bad", "GET", "/", valid=False), RequestSpec("bad5xx", "GET", "/boom", valid=False)]

    async def run() -> loadgen.RunResult:
        async with _client() as client:
            return await loadgen.closed_loop(client, lambda i: specs[i], concurrency=1, max_requests=4, max_seconds=30)

    outcomes = {o.spec.label: o for o in asyncio.run(run()).outcomes}
    assert outcomes["ok"].ok and not outcomes["5xx"].ok
    assert not outcomes["bad"].ok, "a 200 to a deliberately bad request is a failure"
    assert not outcomes["bad5xx"].ok


def test_batch_size_readings_from_prometheus_text() -> None:
    text = ('# HELP attention_translate_batch_size Texts per model call\n'
            'attention_translate_batch_size_bucket{batcher="time-normalizer",le="1.0"} 3.0\n'
            'attention_translate_batch_size_sum{batcher="time-normalizer"} 40.0\n'
            'attention_translate_batch_size_count{batcher="time-normalizer"} 5.0\n')
    after = loadgen.batch_totals(text)
    assert after == {"time-normalizer": (40.0, 5.0)}
    assert loadgen.mean_batch({"time-normalizer": (10.0, 2.0)}, after, "time-normalizer") == 10.0
    assert math.isnan(loadgen.mean_batch({}, after, "translator-en-de"))


def test_rss_of_a_process_and_its_children() -> None:
    own = loadgen.rss_kib(os.getpid())
    assert own is not None and own > 1000
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])
    try:
        time.sleep(0.3)
        assert (loadgen.rss_kib(os.getpid()) or 0) > own
    finally:
        child.kill()
        child.wait()
    assert loadgen.rss_kib(2**22 + 12345) is None


@pytest.mark.parametrize("script", ["load.py", "soak.py"])
def test_scripts_have_help_and_refuse_other_hosts(script: str) -> None:
    path = REPO / "benchmarks" / script
    shown = subprocess.run([sys.executable, str(path), "--help"], capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and "--url" in shown.stdout
    refused = subprocess.run([sys.executable, str(path), "--url", "http://192.168.0.10:8000"],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "loopback" in refused.stderr


# --- the soak's request mix against the real app on test-double models --------------------
@pytest.fixture(scope="module")
def fake_client(tmp_path_factory: pytest.TempPathFactory) -> Any:
    sys.path.insert(0, str(REPO / "tests" / "service"))
    api_fakes = pytest.importorskip("api_fakes", reason="tests/service/api_fakes.py not available")
    from fastapi.testclient import TestClient

    from service.app import create_app
    from service.registry import ModelRegistry
    from service.settings import Settings

    models = tmp_path_factory.mktemp("models")
    api_fakes.write_model(models, soak.TIME_NORMALIZER, "time-normalizer")
    api_fakes.write_model(models, soak.TRANSLATOR, "translator")
    settings = Settings(models_dir=models)
    app = create_app(settings, registry=ModelRegistry(models, wrappers=api_fakes.fake_wrappers))
    with TestClient(app) as client:
        deadline = time.monotonic() + 10
        while client.get("/ready").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.02)
        yield client


def _send(client: Any, spec: RequestSpec) -> Any:
    return client.request(spec.method, spec.path, json=spec.json, params=spec.params,
                          content=spec.content, headers=spec.headers)


def test_every_bad_soak_request_is_answered_4xx(fake_client: Any) -> None:
    import random

    rng = random.Random(1)
    models = {soak.TIME_NORMALIZER, soak.TRANSLATOR}
    answers = {}
    for _, make in soak.bad_requests(models):
        spec = make(rng)
        assert not spec.valid
        answers[spec.label] = _send(fake_client, spec).status_code
    assert {label: code for label, code in answers.items() if not 400 <= code < 500} == {}


def test_every_valid_soak_request_succeeds_with_the_documented_shape(fake_client: Any) -> None:
    import random

    rng = random.Random(2)
    for _, make in soak.valid_requests({soak.TIME_NORMALIZER, soak.TRANSLATOR}):
        spec = make(rng)
        response = _send(fake_client, spec)
        assert response.status_code == 200, (spec.label, response.text[:300])
        assert soak.check_body(spec, response) is None, spec.label


def test_server_process_reports_a_service_without_models_and_stops_it(tmp_path: Path) -> None:
    """The real `python -m service` subprocess: started on a free loopback port, found unready
    (no model in the directory) with its log, and stopped: no process is left behind."""
    server = loadgen.ServerProcess(tmp_path, ready_timeout_s=120)
    with pytest.raises(RuntimeError, match="no model ready"):
        server.__enter__()
    assert server.process is not None and server.process.poll() is not None
    assert server.url.startswith("http://127.0.0.1:")
