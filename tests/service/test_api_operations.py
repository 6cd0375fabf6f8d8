"""/health, /ready, /models, /metrics, request ids and JSON request logs."""
from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path
from typing import Any

from api_fakes import BrokenWrapper, FakeTimeNormalizer, FakeTranslator, fake_wrappers, write_model
from conftest import ClientFactory, wait_ready
from fastapi.testclient import TestClient

from service.app import create_app
from service.logs import JsonFormatter
from service.registry import ModelRegistry
from service.settings import Settings


def test_health_and_ready(client: TestClient) -> None:
    assert client.get("/health").json() == {"status": "ok"}
    r = client.get("/ready")
    assert r.status_code == 200
    assert r.json() == {"ready": True, "loading": False, "draining": False, "errors": {},
                        "models": {"time-normalizer": "ready", "translator-en-de": "ready"}}


def test_not_ready_while_loading_but_health_answers(fake_models_dir: Path) -> None:
    release = threading.Event()

    class SlowToLoad(FakeTimeNormalizer):
        def __init__(self, info: Any) -> None:
            release.wait(10)
            super().__init__(info)

    registry = ModelRegistry(fake_models_dir, wrappers=lambda kind: SlowToLoad if kind == "time-normalizer"
                             else fake_wrappers(kind))
    with TestClient(create_app(Settings(models_dir=fake_models_dir), registry=registry)) as client:
        assert client.get("/health").status_code == 200
        r = client.get("/ready")
        assert r.status_code == 503 and r.json()["ready"] is False and r.json()["loading"] is True
        r = client.post("/normalize-time", json={"text": "noon"})
        assert r.status_code == 503 and r.json()["code"] == "model_loading" and r.headers["retry-after"]
        release.set()
        assert wait_ready(client)["ready"] is True
        assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200


def test_a_model_that_fails_to_load_is_reported_and_the_others_serve(make_client: ClientFactory,
                                                                      fake_models_dir: Path) -> None:
    write_model(fake_models_dir, "empty-model", "translator", version="x")  # no numeric version
    client = make_client(wrappers=lambda kind: BrokenWrapper if kind == "time-normalizer" else fake_wrappers(kind))
    r = client.get("/ready")
    assert r.status_code == 200  # the translator serves
    assert r.json()["models"] == {"empty-model": "failed", "time-normalizer": "failed", "translator-en-de": "ready"}
    assert "SavedModel is corrupt" in r.json()["errors"]["time-normalizer"]
    assert "no version directory" in r.json()["errors"]["empty-model"]
    r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 503 and "failed to load" in r.json()["error"]
    assert client.post("/translate", json={"text": "hi"}).status_code == 200
    models = {m["name"]: m for m in client.get("/models").json()["models"]}
    assert models["time-normalizer"]["state"] == "failed" and "corrupt" in models["time-normalizer"]["error"]


def test_ready_can_require_every_model(make_client: ClientFactory) -> None:
    def broken_time_normalizer(kind: str) -> Any:
        return BrokenWrapper if kind == "time-normalizer" else fake_wrappers(kind)

    lenient = make_client(wrappers=broken_time_normalizer)
    strict = make_client(wrappers=broken_time_normalizer, ready_requires_all=True)
    assert lenient.get("/ready").status_code == 200
    r = strict.get("/ready")
    assert r.status_code == 503 and r.json()["ready"] is False and r.json()["loading"] is False
    assert r.json()["models"]["time-normalizer"] == "failed"
    assert strict.post("/translate", json={"text": "hi"}).status_code == 200  # it still serves
    assert make_client(ready_requires_all=True).get("/ready").status_code == 200  # all load: ready


def test_no_models_at_all_is_not_ready(make_client: ClientFactory, tmp_path: Path) -> None:
    client = make_client(models_dir=tmp_path / "missing")
    r = client.get("/ready")
    assert r.status_code == 503 and r.json()["loading"] is False and r.json()["models"] == {}
    r = client.post("/translate", json={"text": "hi"})
    assert r.status_code == 503 and "no translator model" in r.json()["error"]


def test_models_lists_cards_and_metadata(client: TestClient) -> None:
    body = client.get("/models").json()
    assert body["device"]
    by_name = {m["name"]: m for m in body["models"]}
    tn = by_name["time-normalizer"]
    assert (tn["version"], tn["kind"], tn["state"]) == ("1", "time-normalizer", "ready")
    assert tn["card"].startswith("# time-normalizer") and tn["metrics"] == {"accuracy": 0.5}
    assert tn["metadata"]["kind"] == "time-normalizer" and tn["description"] == "fake time-normalizer"
    assert by_name["translator-en-de"]["kind"] == "translator"


def test_request_id_is_returned_and_taken_from_the_client(client: TestClient) -> None:
    r = client.get("/health")
    assert len(r.headers["x-request-id"]) == 32
    r = client.get("/health", headers={"X-Request-ID": "abc-123"})
    assert r.headers["x-request-id"] == "abc-123"
    r = client.get("/health", headers={"X-Request-ID": "bad id\twith spaces"})
    assert r.headers["x-request-id"] != "bad id\twith spaces"


def test_each_request_is_logged_as_json_with_its_id(client: TestClient, caplog: Any) -> None:
    with caplog.at_level(logging.INFO, logger="service.access"):
        r = client.post("/normalize-time", json={"text": "noon"}, headers={"X-Request-ID": "req-42"})
    records = [rec for rec in caplog.records if rec.name == "service.access"]
    assert records, "no access log line"
    line = json.loads(JsonFormatter().format(records[-1]))
    assert line["request_id"] == "req-42"
    assert line["status"] == r.status_code == 200
    assert line["route"] == "/normalize-time" and line["method"] == "POST"
    assert line["duration_ms"] >= 0


def test_json_formatter_includes_request_id_and_extras() -> None:
    from service.logs import request_id_var

    token = request_id_var.set("rid-1")
    try:
        record = logging.LogRecord("x", logging.INFO, __file__, 1, "hello %s", ("you",), None)
        record.model = "m"
        line = json.loads(JsonFormatter().format(record))
    finally:
        request_id_var.reset(token)
    assert line["message"] == "hello you" and line["request_id"] == "rid-1" and line["model"] == "m"
    assert line["level"] == "info"


def test_metrics_count_requests_batches_and_model_time(client: TestClient) -> None:
    client.post("/normalize-time", json={"texts": ["noon", "1:15"]})
    client.post("/translate", json={"text": ""})
    text = client.get("/metrics").text
    assert 'attention_translate_http_requests_total{method="POST",route="/normalize-time",status="200"} 1.0' in text
    assert 'attention_translate_errors_total{code="invalid_request"} 1.0' in text
    assert 'attention_translate_batch_size_count{batcher="time-normalizer"}' in text
    assert 'attention_translate_model_call_seconds_count{batcher="time-normalizer"}' in text
    assert 'attention_translate_queue_depth{batcher="time-normalizer"} 0.0' in text
    assert 'attention_translate_model_ready{model="translator-en-de"} 1.0' in text


def test_metrics_can_be_turned_off(make_client: ClientFactory) -> None:
    assert make_client(metrics_enabled=False).get("/metrics").status_code == 404


def test_openapi_documents_every_endpoint_with_examples(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    paths = doc["paths"]
    for path, methods in {"/translate": ["post"], "/normalize-time": ["post"], "/attention": ["get", "post"],
                          "/languages": ["get"], "/health": ["get"], "/ready": ["get"], "/models": ["get"],
                          "/metrics": ["get"]}.items():
        for method in methods:
            assert paths[path][method]["summary"], (path, method)
    schemas = doc["components"]["schemas"]
    for name in ["TranslateRequest", "LibreTranslateRequest", "NormalizeTimeRequest", "AttentionRequest",
                 "TranslateResponse", "NormalizeTimeResponse", "AttentionResponse", "ErrorResponse"]:
        assert schemas[name].get("examples"), name
    body = paths["/translate"]["post"]["requestBody"]["content"]
    assert "application/x-www-form-urlencoded" in body and len(body["application/json"]["examples"]) >= 3
    assert client.get("/docs").status_code == 200
    r = client.get("/", follow_redirects=False)
    assert r.status_code == 200 and "Attention Studio" in r.text  # the studio (tests/service/test_studio.py)


def test_health_answers_while_a_model_call_is_running(client: TestClient) -> None:
    FakeTimeNormalizer.delay_s = 2.0
    done: list[int] = []
    worker = threading.Thread(target=lambda: done.append(
        client.post("/normalize-time", json={"text": "noon"}).status_code))
    worker.start()
    time.sleep(0.2)
    started = time.perf_counter()
    assert client.get("/health").status_code == 200
    assert time.perf_counter() - started < 1.0, "the event loop was blocked by the model call"
    assert not done, "the model call should still be running"
    worker.join(5)
    assert done == [200]


def _started(models_dir: Path, wrappers: Any = fake_wrappers, **settings: Any) -> TestClient:
    registry = ModelRegistry(models_dir, wrappers=wrappers)
    client = TestClient(create_app(Settings(models_dir=models_dir, **settings), registry=registry))
    client.__enter__()
    wait_ready(client)
    return client


def test_models_are_warmed_up_before_ready(fake_models_dir: Path) -> None:
    client = _started(fake_models_dir, default_beam_size=3)
    try:
        assert client.get("/ready").json()["ready"] is True
        assert FakeTimeNormalizer.calls.batches, "time normalizer not warmed up"
        assert {k["beam_size"] for k in FakeTranslator.calls.kwargs} == {1, 3}
    finally:
        client.__exit__(None, None, None)


def test_warm_up_can_be_turned_off(fake_models_dir: Path) -> None:
    client = _started(fake_models_dir, warmup=False)
    try:
        assert client.get("/ready").json()["ready"] is True
        assert FakeTimeNormalizer.calls.batches == [] and FakeTranslator.calls.batches == []
    finally:
        client.__exit__(None, None, None)


def test_a_model_failing_its_warm_up_is_reported_failed(fake_models_dir: Path) -> None:
    class BrokenGraph(FakeTranslator):
        def attention(self, text: str, **kwargs: Any) -> Any:
            raise RuntimeError("op not supported on this CPU")

    client = _started(fake_models_dir, wrappers=lambda k: BrokenGraph if k == "translator" else fake_wrappers(k))
    try:
        body = client.get("/ready").json()
        assert body["ready"] is True and body["models"]["translator-en-de"] == "failed"
        assert "warm-up failed" in body["errors"]["translator-en-de"] and "op not supported" in body["errors"][
            "translator-en-de"]
        assert client.post("/translate", json={"text": "hi"}).status_code == 503
        assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200
    finally:
        client.__exit__(None, None, None)
