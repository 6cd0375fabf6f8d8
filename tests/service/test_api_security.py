"""API keys, rate limit, CORS, body size and request timeout."""
from __future__ import annotations

from api_fakes import FakeTimeNormalizer
from conftest import ClientFactory
from fastapi.testclient import TestClient

from service.security import TokenBucketLimiter


def test_api_keys(make_client: ClientFactory) -> None:
    client = make_client(api_keys="k1,k2")
    r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 401 and r.json()["code"] == "missing_api_key"
    r = client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "wrong"})
    assert r.status_code == 403 and r.json()["code"] == "invalid_api_key"
    assert client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "k2"}).status_code == 200
    assert client.post("/translate", json={"text": "hi"},
                       headers={"Authorization": "Bearer k1"}).status_code == 200
    assert client.get("/attention", params={"model": "time-normalizer", "text": "noon",
                                            "api_key": "k1"}).status_code == 200
    # LibreTranslate clients send the key in the body (JSON or form)
    lt = {"q": "hi", "source": "en", "target": "de"}
    assert client.post("/translate", json={**lt, "api_key": "k1"}).status_code == 200
    assert client.post("/translate", data={**lt, "api_key": "k2"}).status_code == 200
    assert client.post("/translate", data={**lt, "api_key": "nope"}).status_code == 403
    assert client.post("/translate", json=lt).status_code == 400  # LibreTranslate's answer to a missing key
    assert client.post("/translate", json={"text": "hi"}).status_code == 401  # this service's own form
    # probes and docs stay open
    for path in ["/health", "/ready", "/models", "/languages", "/metrics", "/openapi.json"]:
        assert client.get(path).status_code == 200, path


def test_the_body_is_parsed_once_when_keys_are_on(make_client: ClientFactory, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import starlette.requests

    client = make_client(api_keys="k1")
    parsed: list[bytes] = []
    real_loads = starlette.requests.json.loads

    def counting_loads(data, *args, **kwargs):  # type: ignore[no-untyped-def]
        parsed.append(data)
        return real_loads(data, *args, **kwargs)

    monkeypatch.setattr(starlette.requests.json, "loads", counting_loads)
    for path, body in [("/translate", {"text": "hi", "api_key": "k1"}),
                       ("/translate", {"q": "hi", "source": "en", "target": "de", "api_key": "k1"}),
                       ("/attention", {"model": "translator-en-de", "text": "a b", "api_key": "k1"}),
                       ("/normalize-time", {"text": "noon", "api_key": "k1"})]:
        parsed.clear()
        assert client.post(path, json=body).status_code == 200, path
        assert len(parsed) == 1, (path, parsed)


def test_no_keys_configured_means_open(client: TestClient) -> None:
    assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200


def test_rate_limit_answers_429_with_retry_after(make_client: ClientFactory) -> None:
    client = make_client(rate_limit_per_minute=3)
    codes = [client.post("/normalize-time", json={"text": "noon"}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited"
    assert 1 <= int(r.headers["retry-after"]) <= 20
    assert client.get("/health").status_code == 200  # probes are not limited


def test_rate_limit_is_per_api_key(make_client: ClientFactory) -> None:
    client = make_client(api_keys="a,b", rate_limit_per_minute=1)
    assert client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "a"}).status_code == 200
    assert client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "a"}).status_code == 429
    assert client.post("/normalize-time", json={"text": "noon"}, headers={"X-API-Key": "b"}).status_code == 200


def test_token_bucket_refills() -> None:
    now = [0.0]
    limiter = TokenBucketLimiter(60, burst=2, clock=lambda: now[0])
    assert limiter.acquire("x") is None and limiter.acquire("x") is None
    wait = limiter.acquire("x")
    assert wait is not None and 0.9 < wait <= 1.0
    now[0] += 1.0
    assert limiter.acquire("x") is None
    assert limiter.acquire("y") is None


def test_cors(make_client: ClientFactory) -> None:
    client = make_client(cors_origins="https://app.example")
    r = client.options("/translate", headers={"Origin": "https://app.example",
                                              "Access-Control-Request-Method": "POST"})
    assert r.status_code == 200 and r.headers["access-control-allow-origin"] == "https://app.example"
    r = client.get("/health", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in r.headers


def test_cors_off_by_default(client: TestClient) -> None:
    r = client.get("/health", headers={"Origin": "https://app.example"})
    assert "access-control-allow-origin" not in r.headers


def test_body_larger_than_the_limit_is_413(make_client: ClientFactory) -> None:
    client = make_client(max_body_bytes=2048)
    r = client.post("/normalize-time", json={"text": "x" * 3000})
    assert r.status_code == 413 and r.json()["code"] == "payload_too_large" and "2048" in r.json()["error"]

    def chunks():  # no Content-Length: the limit still holds
        for _ in range(10):
            yield b"x" * 500

    r = client.post("/normalize-time", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.post("/normalize-time", json={"text": "noon"}).status_code == 200


def test_request_timeout_is_503(make_client: ClientFactory) -> None:
    client = make_client(request_timeout_s=0.3)
    FakeTimeNormalizer.delay_s = 1.0
    r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 503 and r.json()["code"] == "timeout" and r.headers["retry-after"]
    FakeTimeNormalizer.delay_s = 0.0
    assert client.get("/health").status_code == 200
