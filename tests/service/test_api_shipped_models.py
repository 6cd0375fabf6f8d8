"""HTTP behaviour on the repository's shipped models (each test skips while its model is absent)."""
from __future__ import annotations

import math
import re

import pytest
from conftest import require_model
from fastapi.testclient import TestClient

HHMM = re.compile(r"^([01][0-9]|2[0-3]):[0-5][0-9]$")
TN, TR = "time-normalizer", "translator-en-de"


def _rows_sum_to_one(weights: list, n_rows: int, n_cols: int) -> None:  # type: ignore[type-arg]
    for layer in weights:
        for head in layer:
            assert len(head) == n_rows
            for row in head:
                assert len(row) == n_cols and sum(row) == pytest.approx(1.0, abs=1e-3)


def test_models_endpoint_describes_the_shipped_models(shipped_client: TestClient) -> None:
    body = shipped_client.get("/models").json()
    assert body["device"].startswith(("CPU", "GPU"))
    for model in body["models"]:
        if model["state"] == "ready":
            assert model["version"] and model["kind"] in {"time-normalizer", "translator"}
            assert model["card"].strip(), f"{model['name']} has no model card"
            if model["kind"] == "translator":  # auto: the derived CTranslate2 model on CPU
                expected = "tensorflow" if body["device"].startswith("GPU") else "ctranslate2"
                assert model["engine"] == expected and model["engine_reason"].startswith("auto: ")
            else:
                assert model["engine"] is None


def test_normalize_time_real_answers(shipped_client: TestClient) -> None:
    require_model(shipped_client, TN)
    texts = ["ten past eleven", "Meet @ 7.45 p.m.!", "banana"]
    r = shipped_client.post("/normalize-time", json={"texts": texts})
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [x["text"] for x in results] == texts and [x["index"] for x in results] == [0, 1, 2]
    for item in results:
        assert (item["time"] is None) == (item["error"] is not None), item
        assert item["time"] is None or HHMM.match(item["time"]), item
        assert item["confidence"] is None or 0.0 <= item["confidence"] <= 1.0
    assert results[0]["time"] == "11:10"
    assert results[1]["time"] == "19:45"
    assert results[2]["time"] is None and results[2]["error"]
    long_text = "after the long and winding meeting about the budget we will have lunch at noon"
    r = shipped_client.post("/normalize-time", json={"texts": [long_text, "at noon"]})
    assert r.status_code == 200
    assert r.json()["results"][0]["time"] is None and "reads at most" in r.json()["results"][0]["error"]
    assert r.json()["results"][1]["time"] == "12:00"


def test_time_normalizer_attention(shipped_client: TestClient) -> None:
    require_model(shipped_client, TN)
    r = shipped_client.get("/attention", params={"model": TN, "text": "Quarter past 3 PM", "include_self": True})
    assert r.status_code == 200, r.text
    body = r.json()
    cross = body["attention"]["cross"]
    assert (cross["layers"], cross["heads"]) == (1, 1)
    _rows_sum_to_one(cross["weights"], len(body["target_tokens"]), len(body["source_tokens"]))
    assert body["output"] == "15:15"
    assert body["attention"]["encoder_self"] is None  # no self-attention in this model
    r = shipped_client.get("/attention", params={"model": TN, "text": "noon", "layer": 1})
    assert r.status_code == 422


def test_translate_real_answers(shipped_client: TestClient) -> None:
    require_model(shipped_client, TR)
    texts = ["I like tea.", "Where is the station? I am lost."]
    for beam in (1, 4):
        r = shipped_client.post("/translate", json={"texts": texts, "beam_size": beam})
        assert r.status_code == 200, r.text
        results = r.json()["results"]
        assert [x["source"] for x in results] == texts
        for item in results:
            assert item["error"] is None and item["translation"].strip()
            assert item["source_tokens"] and item["target_tokens"]
            assert item["score"] is not None and math.isfinite(item["score"]) and item["score"] <= 0.0


def test_libretranslate_client_form_on_the_real_model(shipped_client: TestClient) -> None:
    require_model(shipped_client, TR)
    r = shipped_client.post("/translate", json={"q": "Good morning!", "source": "en", "target": "de"})
    assert r.status_code == 200, r.text
    assert isinstance(r.json()["translatedText"], str) and r.json()["translatedText"].strip()
    r = shipped_client.post("/translate", data={"q": ["Thank you.", "Hello."], "source": "en", "target": "de"})
    assert r.status_code == 200 and len(r.json()["translatedText"]) == 2


def test_translator_attention(shipped_client: TestClient) -> None:
    require_model(shipped_client, TR)
    r = shipped_client.post("/attention", json={"model": TR, "text": "I like tea.", "include_self": True})
    assert r.status_code == 200, r.text
    body = r.json()
    n_s, n_t = len(body["source_tokens"]), len(body["target_tokens"])
    maps = body["attention"]
    assert maps["cross"]["layers"] >= 1 and maps["cross"]["heads"] >= 1
    _rows_sum_to_one(maps["cross"]["weights"], n_t, n_s)
    _rows_sum_to_one(maps["encoder_self"]["weights"], n_s, n_s)
    _rows_sum_to_one(maps["decoder_self"]["weights"], n_t, n_t)
    r = shipped_client.get("/attention", params={"model": TR, "text": "I like tea.", "layer": 0, "head": 0})
    assert r.status_code == 200
    assert (r.json()["attention"]["cross"]["layers"], r.json()["attention"]["cross"]["heads"]) == (1, 1)
