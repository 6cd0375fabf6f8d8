"""POST /translate (both forms) and GET /languages on test doubles."""
from __future__ import annotations

from api_fakes import BOOM, FakeTranslator
from fastapi.testclient import TestClient


def test_native_one_text(client: TestClient) -> None:
    r = client.post("/translate", json={"text": "good morning"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["model"] == "translator-en-de"
    assert (body["source_language"], body["target_language"]) == ("en", "de")
    assert body["beam_size"] == 4  # SERVICE_DEFAULT_BEAM_SIZE
    assert body["results"] == [{
        "index": 0, "source": "good morning", "translation": "GOOD MORNING",
        "source_tokens": ["good", "morning"], "target_tokens": ["GOOD", "MORNING"],
        "score": -0.5, "error": None,
    }]


def test_native_options_reach_the_model(client: TestClient) -> None:
    r = client.post("/translate", json={"texts": ["a", "b"], "beam_size": 2, "max_length": 30})
    assert r.status_code == 200, r.text
    assert r.json()["beam_size"] == 2
    assert FakeTranslator.calls.kwargs[-1] == {"beam_size": 2, "max_length": 30}


def test_native_batch_reports_a_failing_text_by_index(client: TestClient) -> None:
    r = client.post("/translate", json={"texts": ["one", BOOM, "three"]})
    assert r.status_code == 200
    results = r.json()["results"]
    assert [x["translation"] for x in results] == ["ONE", None, "THREE"]
    assert results[1]["index"] == 1 and "💥" in results[1]["error"]


def test_bad_beam_sizes(client: TestClient) -> None:
    for beam, code in [(0, "invalid_request"), (-1, "invalid_request"), (9, "bad_beam_size"),
                       ("4", "invalid_request"), (2.5, "invalid_request"), (True, "invalid_request")]:
        r = client.post("/translate", json={"text": "hi", "beam_size": beam})
        assert r.status_code == 422, (beam, r.text)
        assert r.json()["code"] == code, (beam, r.json())
        assert "beam_size" in r.json()["error"]


def test_bad_max_length(client: TestClient) -> None:
    r = client.post("/translate", json={"text": "hi", "max_length": 10_000})
    assert r.status_code == 422 and r.json()["code"] == "bad_max_length"


def test_libretranslate_json_string(client: TestClient) -> None:
    r = client.post("/translate", json={"q": "hello world", "source": "en", "target": "de", "format": "text"})
    assert r.status_code == 200, r.text
    assert r.json() == {"translatedText": "HELLO WORLD"}


def test_libretranslate_json_list_and_alternatives(client: TestClient) -> None:
    r = client.post("/translate", json={"q": ["a b", "c"], "source": "en", "target": "de", "alternatives": 2})
    assert r.status_code == 200, r.text
    assert r.json() == {"translatedText": ["A B", "C"], "alternatives": [["a b (2)", "a b (3)"], ["c (2)", "c (3)"]]}


def test_libretranslate_form_data(client: TestClient) -> None:
    r = client.post("/translate", data={"q": "hi there", "source": "en", "target": "de", "format": "text"})
    assert r.status_code == 200, r.text
    assert r.json() == {"translatedText": "HI THERE"}
    r = client.post("/translate", content=b"q=one&q=two&source=en&target=de",
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.json() == {"translatedText": ["ONE", "TWO"]}
    r = client.post("/translate", files={"q": (None, "multi part"), "source": (None, "en"), "target": (None, "de")})
    assert r.status_code == 200 and r.json() == {"translatedText": "MULTI PART"}


def test_libretranslate_unsupported_pairs_and_formats_are_400(client: TestClient) -> None:
    for source, target in [("de", "en"), ("en", "fr"), ("fr", "de")]:
        r = client.post("/translate", json={"q": "x", "source": source, "target": target})
        assert r.status_code == 400, r.text
        assert r.json()["code"] == "unsupported_language_pair" and "only en to de" in r.json()["error"]
    r = client.post("/translate", json={"q": "<b>x</b>", "source": "en", "target": "de", "format": "rtf"})
    assert r.status_code == 400 and r.json()["code"] == "unsupported_format"
    assert FakeTranslator.calls.batches == []


def test_libretranslate_errors_name_the_failing_q(client: TestClient) -> None:
    r = client.post("/translate", json={"q": ["fine", BOOM], "source": "en", "target": "de"})
    assert r.status_code == 400
    assert r.json()["error"].startswith("q[1] cannot be translated: ") and "details" not in r.json()
    r = client.post("/translate", json={"q": ["", "  "], "source": "en", "target": "de"})
    assert r.status_code == 400 and r.json()["error"] == "Invalid request: missing q parameter."


def test_unsupported_media_type(client: TestClient) -> None:
    r = client.post("/translate", content=b"hello", headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["code"] == "unsupported_media_type"


def test_languages_in_libretranslate_shape(client: TestClient) -> None:
    r = client.get("/languages")
    assert r.status_code == 200
    assert r.json() == [
        {"code": "en", "name": "English", "targets": ["de"]},
        {"code": "de", "name": "German", "targets": []},
    ]
