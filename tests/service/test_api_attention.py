"""GET and POST /attention on test doubles: one shape for both kinds, filters, errors."""
from __future__ import annotations

import pytest
from api_fakes import BOOM
from fastapi.testclient import TestClient


def _check_family(family: dict, n_target: int, n_source: int) -> None:  # type: ignore[type-arg]
    weights = family["weights"]
    assert len(weights) == family["layers"] == len(family["layer_indices"])
    for layer in weights:
        assert len(layer) == family["heads"] == len(family["head_indices"])
        for head in layer:
            assert len(head) == n_target
            for row in head:
                assert len(row) == n_source
                assert sum(row) == pytest.approx(1.0, abs=1e-5)


@pytest.mark.parametrize("method", ["GET", "POST"])
def test_time_normalizer_attention(client: TestClient, method: str) -> None:
    params = {"model": "time-normalizer", "text": "noon"}
    r = client.get("/attention", params=params) if method == "GET" else client.post("/attention", json=params)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["model"] == "time-normalizer" and body["output"] == "12:00"
    assert body["source_tokens"] == list("noon")
    cross = body["attention"]["cross"]
    assert (cross["layers"], cross["heads"]) == (1, 1)
    _check_family(cross, len(body["target_tokens"]), len(body["source_tokens"]))
    assert body["attention"]["encoder_self"] is None and body["attention"]["decoder_self"] is None


def test_translator_attention_with_self_attention_and_filters(client: TestClient) -> None:
    r = client.get("/attention", params={"model": "translator-en-de", "text": "a b c", "include_self": "true"})
    assert r.status_code == 200, r.text
    body = r.json()
    n_s, n_t = len(body["source_tokens"]), len(body["target_tokens"])
    maps = body["attention"]
    assert (maps["cross"]["layers"], maps["cross"]["heads"]) == (2, 4)
    _check_family(maps["cross"], n_t, n_s)
    _check_family(maps["encoder_self"], n_s, n_s)
    _check_family(maps["decoder_self"], n_t, n_t)

    r = client.post("/attention", json={"model": "translator-en-de", "text": "a b", "layer": 1, "head": 3})
    assert r.status_code == 200, r.text
    cross = r.json()["attention"]["cross"]
    assert (cross["layers"], cross["heads"]) == (1, 1)
    assert cross["layer_indices"] == [1] and cross["head_indices"] == [3]


def test_out_of_range_layer_is_422_from_the_model(client: TestClient) -> None:
    r = client.get("/attention", params={"model": "translator-en-de", "text": "a", "layer": 7})
    assert r.status_code == 422 and "layer must be between 0 and 1; got 7" in r.json()["error"]


@pytest.mark.parametrize("params, status, code", [
    ({"model": "nope", "text": "a"}, 404, "unknown_model"),
    ({"model": "time-normalizer"}, 422, "invalid_request"),
    ({"model": "time-normalizer", "text": "   "}, 422, "invalid_request"),
    ({"model": "time-normalizer", "text": "a", "layer": -1}, 422, "invalid_request"),
    ({"model": "time-normalizer", "text": "a", "head": "x"}, 422, "invalid_request"),
    ({"model": "time-normalizer", "text": "a", "include_self": "perhaps"}, 422, "invalid_request"),
    ({"text": "a"}, 422, "invalid_request"),
])
def test_bad_attention_requests(client: TestClient, params: dict, status: int, code: str) -> None:  # type: ignore[type-arg]
    for r in (client.get("/attention", params=params), client.post("/attention", json=params)):
        assert r.status_code == status, r.text
        assert r.json()["code"] == code


def test_unknown_model_message_lists_the_known_ones(client: TestClient) -> None:
    r = client.get("/attention", params={"model": "gpt", "text": "a"})
    assert "time-normalizer" in r.json()["error"] and "translator-en-de" in r.json()["error"]


def test_model_input_error_in_attention_is_422(client: TestClient) -> None:
    r = client.post("/attention", json={"model": "translator-en-de", "text": BOOM})
    assert r.status_code == 422 and r.json()["code"] == "model_input_error"


def test_attention_text_length_limit(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_text_chars=5)
    r = client.post("/attention", json={"model": "time-normalizer", "text": "123456"})
    assert r.status_code == 422 and r.json()["code"] == "text_too_long"
