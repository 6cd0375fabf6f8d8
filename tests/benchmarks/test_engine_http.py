"""The engines benchmark's service part reads the start-up phases from the log and builds the
worst request the default limits allow (and the service accepts it as valid)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import engine_http  # noqa: E402

from service.schemas import TranslateRequest  # noqa: E402
from service.settings import Settings  # noqa: E402


def test_startup_phases_come_from_the_services_json_log() -> None:
    log = "\n".join([
        "plain text line",
        json.dumps({"message": "model version loaded", "model": "translator-en-de", "seconds": 3.25}),
        json.dumps({"message": "model warmed up", "model": "translator-en-de", "seconds": 0.5}),
        json.dumps({"message": "model warmed up", "model": "time-normalizer", "seconds": 0.25}),
        json.dumps({"message": "request", "model": "time-normalizer", "seconds": 9.0}),
    ])
    assert engine_http.startup_phases(log) == {
        "translator-en-de": {"load_s": 3.25, "warmup_s": 0.5}, "time-normalizer": {"warmup_s": 0.25}}


def test_worst_request_is_at_the_default_limits_and_valid() -> None:
    settings = Settings()  # type: ignore[call-arg]
    lines = [f"This is sentence number {i} of a long text." for i in range(50)]
    body = engine_http.worst_request(lines)
    assert len(body["texts"]) == settings.max_texts
    assert all(settings.max_text_chars - 60 < len(t) <= settings.max_text_chars for t in body["texts"])
    assert body["beam_size"] == settings.max_beam_size and body["alternatives"] == settings.max_alternatives
    TranslateRequest.model_validate(body)
