"""Serving under stress, on the fake models: hostile bodies, bounded metrics, admission by cost,
abandoned work, failed keys, proxies, HEAD/405, memory release (issue: serving under stress)."""
from __future__ import annotations

import random
import socket
import time
from pathlib import Path

import pytest
from api_fakes import FakeTranslator, fake_wrappers
from conftest import ClientFactory
from fastapi.testclient import TestClient
from live_server import serve

from service.__main__ import server_config
from service.app import create_app
from service.registry import ModelRegistry
from service.request_guard import json_too_deep
from service.settings import Settings

DEEP = "[" * 1000 + "]" * 1000


@pytest.mark.parametrize("path", ["/translate", "/normalize-time", "/attention"])
@pytest.mark.parametrize("keys", ["", "k1"])
def test_deeply_nested_json_is_a_400_before_anything_parses_it(make_client: ClientFactory, path: str,
                                                                keys: str) -> None:
    client = make_client(api_keys=keys)
    for body in (DEEP, "[" * 200_000, '{"text": ' + "[" * 40 + "1" + "]" * 40 + "}"):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "json_too_deep", (path, r.text[:200])


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    assert not json_too_deep(b'{"text": "[[[[[[[[[[ \\" [[[[["}', 2)
    assert json_too_deep(b'{"a": [[1]]}', 2) and not json_too_deep(b'{"a": [1]}', 2)


def test_metrics_stay_bounded_whatever_methods_and_paths_clients_send(client: TestClient) -> None:
    rng = random.Random(0)

    def hostile(n: int) -> int:
        for _ in range(n):
            method = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(3, 40)))
            client.request(method, "/health")
            client.get(f"/no/such/{rng.random()}")
        return client.get("/metrics").text.count("\n")

    client.get("/metrics")  # the scrape itself is a route too
    after_first = hostile(20)
    assert hostile(300) == after_first, "label values grew with the clients' input"
    text = client.get("/metrics").text
    assert 'method="other"' in text and 'route="unmatched"' in text
    for name in ("attention_translate_process_resident_memory_bytes", "attention_translate_process_open_fds",
                 'attention_translate_build_info{version=', 'attention_translate_model_info{kind="translator"'):
        assert name in text, name


def test_content_type_policy_is_the_same_for_every_route(client: TestClient) -> None:
    for path in ("/translate", "/normalize-time", "/attention"):
        r = client.post(path, content=b"hello", headers={"content-type": "text/plain"})
        assert r.status_code == 415 and r.json()["code"] == "unsupported_media_type", path
    for path in ("/normalize-time", "/attention"):  # JSON only
        assert client.post(path, data={"text": "noon"}).status_code == 415, path
    r = client.post("/translate", data={"q": "hi", "source": "en", "target": "de"})  # LibreTranslate form
    assert r.status_code == 200, r.text


def test_head_is_get_without_a_body_and_405_names_every_method(client: TestClient) -> None:
    for path in ("/health", "/ready", "/models", "/languages"):
        r = client.head(path)
        assert r.status_code == 200 and r.content == b"", path
    r = client.put("/attention", json={})
    assert r.status_code == 405 and r.headers["allow"] == "GET, HEAD, POST"
    assert client.get("/health").headers["x-content-type-options"] == "nosniff"


def test_oversized_bodies_are_counted_as_errors(make_client: ClientFactory) -> None:
    client = make_client(max_body_bytes=2048)
    assert client.post("/translate", content=b"x" * 5000, headers={"content-type": "application/json"}).status_code == 413
    assert 'attention_translate_errors_total{code="payload_too_large"} 1.0' in client.get("/metrics").text


def test_work_that_cannot_finish_in_time_is_refused_at_once(make_client: ClientFactory) -> None:
    client = make_client(request_timeout_s=2)
    FakeTranslator.delay_s = 0.2
    assert client.post("/translate", json={"text": "x" * 20, "beam_size": 1}).status_code == 200  # learns the speed
    r = client.post("/translate", json={"texts": ["y" * 500] * 64, "beam_size": 8})
    assert r.status_code == 503 and r.json()["code"] == "overloaded", r.text
    assert int(r.headers["retry-after"]) >= 1
    assert all(len(batch) == 1 for batch in FakeTranslator.calls.batches)  # the refused texts never reached it
    assert client.post("/translate", json={"text": "small", "beam_size": 1}).status_code == 200  # still serving


def test_a_timed_out_request_stops_its_running_batch(make_client: ClientFactory) -> None:
    client = make_client(request_timeout_s=0.3)
    FakeTranslator.delay_s = 5.0
    r = client.post("/translate", json={"text": "slow"})
    assert r.status_code == 503 and r.json()["code"] == "timeout"
    deadline = time.monotonic() + 3
    while FakeTranslator.stopped == 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert FakeTranslator.stopped == 1, "the batch kept decoding for nobody"
    assert 'attention_translate_queue_depth{batcher="translator-en-de"} 0.0' in client.get("/metrics").text


def test_no_model_graph_waits_for_another_by_default() -> None:
    """One inter-op thread made the time normalizer wait for whole translation batches
    (benchmarks/fair_share.py measures the effect)."""
    assert Settings().inter_op_threads() >= 2


def test_failed_keys_are_rate_limited_per_address(make_client: ClientFactory) -> None:
    client = make_client(api_keys="right", auth_failures_per_minute=5)
    codes = [client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": f"guess{i}"}).status_code
             for i in range(8)]
    assert codes[:5] == [403] * 5 and codes[5:] == [429] * 3
    assert client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "right"}).status_code == 200


def test_forwarded_headers_are_believed_only_from_configured_proxies() -> None:
    default = server_config(object(), Settings())
    assert not default.proxy_headers and default.forwarded_allow_ips == ""
    proxied = server_config(object(), Settings(trusted_proxies="10.0.0.5,10.0.0.6"))  # type: ignore[arg-type]
    assert proxied.proxy_headers and proxied.forwarded_allow_ips == "10.0.0.5,10.0.0.6"


def test_large_translation_batches_give_memory_back(make_client: ClientFactory, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import service.runners

    released: list[int] = []
    monkeypatch.setattr(service.runners, "release_free_memory", lambda: released.append(1) or True)
    client = make_client()
    client.post("/translate", json={"text": "short", "beam_size": 1})
    assert released == []
    client.post("/translate", json={"texts": ["z" * 1000] * 8, "beam_size": 4})
    assert released == [1]


def test_clients_hanging_up_stop_their_work_and_are_logged_499(fake_models_dir: Path) -> None:
    app = create_app(Settings(models_dir=fake_models_dir), registry=ModelRegistry(fake_models_dir, wrappers=fake_wrappers))
    with serve(app) as live:
        FakeTranslator.delay_s = 5.0
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", live.port)) as sock:
                body = b'{"text": "a long decode"}'
                sock.sendall(b"POST /translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
                time.sleep(0.2)
            # the socket is closed: the client hung up
        deadline = time.monotonic() + 5
        while FakeTranslator.stopped < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert FakeTranslator.stopped >= 1
        closed = 'attention_translate_errors_total{code="client_closed_request"} 3.0'
        deadline = time.monotonic() + 5
        while closed not in (metrics := app.state.metrics.render().decode()) and time.monotonic() < deadline:
            time.sleep(0.05)  # each hang-up is logged when the server notices it, not at once
        assert 'route="/translate",status="499"' in metrics
        assert closed in metrics


def test_a_backlog_past_the_deadline_is_refused_before_the_body_is_read(make_client: ClientFactory) -> None:
    client = make_client(request_timeout_s=5)
    runner = client.app.state.runtime.runner("translator-en-de")
    runner.batcher.estimated_wait_s = lambda extra_cost=0.0: 42.0  # a backlog of 42 s
    r = client.post("/translate", content=b"{not even json", headers={"content-type": "application/json"})
    assert r.status_code == 503 and r.json()["code"] == "overloaded" and r.headers["retry-after"] == "42"
    assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200  # the other model serves


def test_warm_up_gives_the_admission_a_first_speed(client: TestClient) -> None:
    runner = client.app.state.runtime.runner("translator-en-de")
    assert runner.batcher.seconds_per_cost is not None and runner.batcher.seconds_per_cost >= 0
