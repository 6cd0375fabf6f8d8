"""POST /normalize-time on test doubles: shapes, flags, per-text errors, limits."""
from __future__ import annotations

from api_fakes import BOOM
from fastapi.testclient import TestClient


def test_one_text(client: TestClient) -> None:
    r = client.post("/normalize-time", json={"text": "lunch at noon"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["model"] == "time-normalizer" and body["version"] == "1"
    assert body["results"] == [
        {"index": 0, "text": "lunch at noon", "time": "12:00", "confidence": 0.97, "error": None}
    ]


def test_texts_keep_order_and_flag_texts_without_time(client: TestClient) -> None:
    texts = ["at 7:45", "nothing here", "noon"]
    r = client.post("/normalize-time", json={"texts": texts})
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [x["index"] for x in results] == [0, 1, 2]
    assert [x["text"] for x in results] == texts
    assert [x["time"] for x in results] == ["07:45", None, "12:00"]
    assert results[1]["error"] and results[0]["error"] is None


def test_empty_time_string_is_no_time_not_a_made_up_one(client: TestClient) -> None:
    from service.convert import time_items
    from service.models.base import TimeResult

    (item,) = time_items(["x"], [TimeResult("x", "", 0.4)])
    assert item.time is None and item.error == "no time recognized in the text"


def test_a_text_the_model_cannot_handle_is_reported_with_its_index(client: TestClient) -> None:
    r = client.post("/normalize-time", json={"texts": ["noon", f"at {BOOM}", "at 1:15"]})
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [x["time"] for x in results] == ["12:00", None, "01:15"]
    assert results[1]["index"] == 1 and "💥" in results[1]["error"]


def test_one_text_the_model_cannot_handle_is_422(client: TestClient) -> None:
    r = client.post("/normalize-time", json={"text": BOOM})
    assert r.status_code == 422
    assert r.json()["code"] == "model_input_error" and "💥" in r.json()["error"]


def test_text_longer_than_the_limit(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_text_chars=20)
    r = client.post("/normalize-time", json={"texts": ["noon", "x" * 21]})
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == "text_too_long"
    assert "limit is 20" in body["error"]
    assert body["details"][0]["loc"] == ["body", "texts", "1"]
    assert client.post("/normalize-time", json={"text": "x" * 20}).status_code == 200


def test_too_many_texts(make_client) -> None:  # type: ignore[no-untyped-def]
    client = make_client(max_texts=3)
    r = client.post("/normalize-time", json={"texts": ["noon"] * 4})
    assert r.status_code == 422 and r.json()["code"] == "too_many_texts"
    assert client.post("/normalize-time", json={"texts": ["noon"] * 3}).status_code == 200


def test_texts_longer_than_the_model_reads_are_refused_not_cut(
    make_client, tmp_path  # type: ignore[no-untyped-def]
) -> None:
    from api_fakes import write_model

    models = tmp_path / "limited"
    write_model(models, "time-normalizer", "time-normalizer", max_input_chars=12)
    client = make_client(models_dir=models)
    r = client.post("/normalize-time", json={"texts": ["noon", "see you at 10:30 tomorrow", "at 9:15"]})
    assert r.status_code == 200
    results = r.json()["results"]
    assert [x["time"] for x in results] == ["12:00", None, "09:15"]
    assert "reads at most 12" in results[1]["error"] and results[1]["index"] == 1
    # How the real wrapper counts (runs of whitespace once) and that it never sends such a text to
    # its model: tests/service/test_time_normalizer_wrapper.py.
    r = client.post("/normalize-time", json={"text": "see you at 10:30 tomorrow"})
    assert r.status_code == 422 and "reads at most 12" in r.json()["error"]
    r = client.get("/attention", params={"model": "time-normalizer", "text": "x" * 13})
    assert r.status_code == 422 and r.json()["code"] == "model_input_error"
