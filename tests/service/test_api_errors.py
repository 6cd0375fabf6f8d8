"""Every bad request gets a 4xx JSON body that says what is wrong, and never reaches the 500 handler."""
from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

LONG = "x" * 1001  # SERVICE_MAX_TEXT_CHARS is 1000 by default

BAD_REQUESTS: list[tuple[str, Any, int, str]] = [
    # (path, json body or raw bytes, status, code)
    ("/normalize-time", {}, 422, "invalid_request"),
    ("/normalize-time", {"text": ""}, 422, "invalid_request"),
    ("/normalize-time", {"text": " \n\t"}, 422, "invalid_request"),
    ("/normalize-time", {"text": None}, 422, "invalid_request"),
    ("/normalize-time", {"text": 12}, 422, "invalid_request"),
    ("/normalize-time", {"text": ["a"]}, 422, "invalid_request"),
    ("/normalize-time", {"texts": []}, 422, "invalid_request"),
    ("/normalize-time", {"texts": "noon"}, 422, "invalid_request"),
    ("/normalize-time", {"texts": ["noon", 5]}, 422, "invalid_request"),
    ("/normalize-time", {"texts": ["noon", ""]}, 422, "invalid_request"),
    ("/normalize-time", {"text": "noon", "texts": ["noon"]}, 422, "invalid_request"),
    ("/normalize-time", {"txt": "noon"}, 422, "invalid_request"),
    ("/normalize-time", {"text": LONG}, 422, "text_too_long"),
    ("/normalize-time", {"texts": ["noon"] * 65}, 422, "too_many_texts"),
    ("/normalize-time", [1, 2], 422, "invalid_request"),
    ("/normalize-time", b"{not json", 400, "malformed_json"),
    ("/normalize-time", b"\xff\xfe", 400, "malformed_json"),
    ("/translate", {}, 422, "invalid_request"),
    ("/translate", {"text": ""}, 422, "invalid_request"),
    ("/translate", {"text": 3.5}, 422, "invalid_request"),
    ("/translate", {"texts": [None]}, 422, "invalid_request"),
    ("/translate", {"text": LONG}, 422, "text_too_long"),
    ("/translate", {"texts": ["a"] * 65}, 422, "too_many_texts"),
    ("/translate", {"text": "a", "beam_size": 100}, 422, "bad_beam_size"),
    ("/translate", {"text": "a", "beam_size": "big"}, 422, "invalid_request"),
    ("/translate", {"text": "a", "extra": 1}, 422, "invalid_request"),
    ("/translate", "just a string", 422, "invalid_request"),
    ("/translate", b"null", 422, "invalid_request"),
    ("/normalize-time", b"null", 422, "invalid_request"),
    ("/translate", b"{not json", 400, "malformed_json"),
    ("/translate", b"", 400, "malformed_json"),
    # LibreTranslate-shaped requests: its 400 (not 422), a plain sentence
    ("/translate", {"q": "a"}, 400, "invalid_request"),  # LibreTranslate needs a target
    ("/translate", {"source": "en", "target": "de"}, 400, "invalid_request"),  # ... and q
    ("/translate", {"q": "", "source": "en", "target": "de"}, 400, "invalid_request"),
    ("/translate", {"q": 7, "source": "en", "target": "de"}, 400, "invalid_request"),
    ("/translate", {"q": [], "source": "en", "target": "de"}, 400, "invalid_request"),
    ("/translate", {"q": LONG, "source": "en", "target": "de"}, 400, "text_too_long"),
    ("/translate", {"q": ["a"] * 65, "source": "en", "target": "de"}, 400, "too_many_texts"),
    ("/translate", {"q": "a", "source": "en", "target": "de", "alternatives": 10000}, 400, "too_many_alternatives"),
    ("/translate", {"q": "a", "source": "en", "target": "de", "format": "xml"}, 400, "unsupported_format"),
    ("/translate", {"text": "a", "alternatives": 10000}, 422, "too_many_alternatives"),
    ("/translate", {"q": "a", "source": "en", "target": "nl"}, 400, "unsupported_language_pair"),
    ("/attention", {"model": "time-normalizer", "text": LONG}, 422, "text_too_long"),
    ("/attention", {"model": 5, "text": "a"}, 422, "invalid_request"),
    ("/attention", b"[", 400, "malformed_json"),
]


@pytest.mark.parametrize("path, body, status, code", BAD_REQUESTS)
def test_bad_request_is_a_clear_4xx(client: TestClient, path: str, body: Any, status: int, code: str) -> None:
    if isinstance(body, bytes):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
    else:
        r = client.post(path, json=body)
    assert r.status_code == status, r.text
    answer = r.json()
    assert answer["code"] == code, answer
    assert isinstance(answer["error"], str) and len(answer["error"]) > 10
    assert answer["request_id"] == r.headers["x-request-id"]
    metrics = client.get("/metrics").text
    assert 'attention_translate_errors_total{code="internal_error"}' not in metrics


def test_validation_details_point_at_the_offending_text(client: TestClient) -> None:
    r = client.post("/normalize-time", json={"texts": ["noon", "", "ok"]})
    locs = [d["loc"] for d in r.json()["details"]]
    assert ["body", "texts", "1"] in locs


def test_errors_do_not_echo_huge_inputs(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_body_bytes=10_000_000)
    r = client.post("/normalize-time", json={"text": 123, "texts": ["y" * 1_000_000]})
    assert r.status_code == 422 and len(r.content) < 5_000


def test_unknown_path_and_method(client: TestClient) -> None:
    r = client.get("/nope")
    assert r.status_code == 404 and r.json()["code"] == "not_found"
    r = client.get("/translate")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"


def test_unexpected_exception_is_a_logged_json_500(make_client, caplog) -> None:  # type: ignore[no-untyped-def]
    def exploding(kind: str) -> Any:
        from api_fakes import FakeTimeNormalizer, fake_wrappers

        class Exploding(FakeTimeNormalizer):
            def normalize(self, texts: list[str]) -> Any:
                raise KeyError("bug in the wrapper")

        return Exploding if kind == "time-normalizer" else fake_wrappers(kind)

    client = make_client(wrappers=exploding, warmup=False)
    with caplog.at_level("ERROR"):
        r = client.post("/normalize-time", json={"text": "noon"})
    assert r.status_code == 500
    assert r.json()["code"] == "internal_error" and "bug in the wrapper" not in r.text
    assert r.json()["request_id"] == r.headers["x-request-id"]
    assert any("bug in the wrapper" in (rec.exc_text or str(rec.exc_info)) for rec in caplog.records)
    assert 'attention_translate_errors_total{code="internal_error"} 1.0' in client.get("/metrics").text


def test_model_input_error_from_any_route_is_422(make_client) -> None:  # type: ignore[no-untyped-def]
    from service.models.base import ModelInputError

    def strict(kind: str) -> Any:
        from api_fakes import FakeTimeNormalizer, fake_wrappers

        class Strict(FakeTimeNormalizer):
            def attention(self, text: str, **kwargs: Any) -> Any:
                raise ModelInputError("text has characters outside the vocabulary")

        return Strict if kind == "time-normalizer" else fake_wrappers(kind)

    client = make_client(wrappers=strict)
    r = client.get("/attention", params={"model": "time-normalizer", "text": "ü"})
    assert r.status_code == 422
    assert r.json() == {"error": "text has characters outside the vocabulary", "code": "model_input_error",
                        "request_id": r.headers["x-request-id"]}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
field_values = st.dictionaries(
    st.sampled_from(["text", "texts", "q", "source", "target", "format", "beam_size", "max_length",
                     "model", "include_self", "layer", "head", "api_key", "alternatives"]),
    json_values | st.sampled_from(["en", "de", "noon", "time-normalizer", "translator-en-de", ""]),
    max_size=5,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/translate", "/normalize-time", "/attention"]), body=field_values | json_values)
def test_no_json_body_makes_the_service_fail(client: TestClient, path: str, body: Any) -> None:
    r = client.post(path, json=body)
    assert r.status_code in {200, 400, 404, 413, 415, 422}, (body, r.status_code, r.text)
    if r.status_code != 200:
        assert isinstance(r.json()["error"], str) and r.json()["code"]
