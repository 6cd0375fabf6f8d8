"""The hand-written probe suite (tests/core/probe_sentences.tsv, issue 10) on the shipped
translator through the service's pipeline (default beam): spans survive, names are copied.

The pass-rate floor is what was measured when the protected spans went in
(docs/translator.md, "Protected spans"): a regression fails it. The rows of issue 10's table
that now come out right must stay right, one by one.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import require_model
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_translator_wrapper import shipped_version  # noqa: E402
from translator_probes import GENDER_PROBES, GREETING_PROBES, SENSE_PROBES, load_probes, missing  # noqa: E402

from service.models.base import ModelInfo, TranslateOptions, TranslationResult  # noqa: E402

PASS_FLOOR = 94 / 96  # default beam (4): 94 of 96 (versions 5-9 and 11; greedy 93, 94, 93, 94, 93, 94); 25 before the spans
# Issue 10's table rows that come out right now (with their spans, names and sense).
MUST_PASS = [
    "The meeting is on March 5, 2024 at 10:30.",
    "This jacket costs $49.99, but it was cheaper last week.",
    "My phone number is 555-1234 and my email is anna@example.com.",
    "I love this song! 😍🎶",
    "i dont know what you mean",
    "My friend Priyanka lives in Manchester.",
]  # not yet (versions 8, 9 and 11 too): "Angela Merkel was the chancellor …" (no "Kanzler"), "Hello world!" ("Hallo!")


@pytest.fixture(scope="module")
def translator() -> Any:
    from service.models.translator import Translator

    return Translator(ModelInfo.read(shipped_version()))


@pytest.fixture(scope="module")
def translations(translator: Any) -> dict[str, str]:
    probes = load_probes()
    results = translator.translate([p.sentence for p in probes], TranslateOptions())
    out = {}
    for probe, result in zip(probes, results, strict=True):
        assert isinstance(result, TranslationResult), result
        out[probe.sentence] = result.translation
    return out


def test_the_suite_is_large_and_covers_every_kind() -> None:
    probes = load_probes()
    assert len(probes) >= 60 and sum(p.fresh for p in probes) == 20
    kinds = {p.kind for p in probes}
    assert {"email", "url", "handle", "hashtag", "emoji", "phone", "number", "money", "time", "date",
            "name", "place", "lower", "mixed"} <= kinds
    assert sum(p.issue_row for p in probes) == 8
    assert set(MUST_PASS) <= {p.sentence for p in probes if p.issue_row}


def test_pass_rate_does_not_fall(translations: dict[str, str]) -> None:
    probes = load_probes()
    failed = {p.sentence: (translations[p.sentence], missing(p, translations[p.sentence]))
              for p in probes if missing(p, translations[p.sentence])}
    rate = 1 - len(failed) / len(probes)
    assert rate >= PASS_FLOOR - 1e-9, f"{rate:.3f} < {PASS_FLOOR:.3f}: {failed}"


# The sense and greeting probes (sense: a greeting to a thing, a woman in an office; greetings: typed without the comma
# before the one greeted, or with no one greeted): version 16 passes 30/40 and 38/40 at beam 4 (version 15: 28 and
# 38 with names joined by their particles), with one sentence of slack for a retrained model.
SENSE_FLOOR, GREETING_FLOOR = 29, 37


@pytest.mark.parametrize(("path", "floor"), [(SENSE_PROBES, SENSE_FLOOR), (GREETING_PROBES, GREETING_FLOOR)])
def test_sense_and_greeting_probes_do_not_fall(translator: Any, path: Path, floor: int) -> None:
    probes = load_probes(path)
    results = translator.translate([p.sentence for p in probes], TranslateOptions())
    outputs = [r.translation if isinstance(r, TranslationResult) else "" for r in results]
    failed = {p.sentence: o for p, o in zip(probes, outputs, strict=True) if missing(p, o)}
    assert len(probes) == 40 and len(probes) - len(failed) >= floor, failed


# The gender probes (session 31: women and men in roles, the German form that agrees): version 16 with the gendered
# placeholders passes the women's 1 of 20 and the men's 16 of 16 (15 without them), beam 4. The men's floor keeps a
# model or a pipeline that writes everyone in the feminine from passing; one sentence of slack.
GENDER_FLOORS = {"woman": 1, "man": 15}


def test_gender_probes_do_not_fall(translator: Any) -> None:
    probes = load_probes(GENDER_PROBES)
    results = translator.translate([p.sentence for p in probes], TranslateOptions())
    outputs = [r.translation if isinstance(r, TranslationResult) else "" for r in results]
    for kind, floor in GENDER_FLOORS.items():
        mine = [(p, o) for p, o in zip(probes, outputs, strict=True) if p.kind == kind]
        failed = {p.sentence: o for p, o in mine if missing(p, o)}
        assert len(mine) - len(failed) >= floor, (kind, failed)
    assert len(probes) == 36


def test_a_probe_fails_on_what_it_must_not_have() -> None:
    (probe,) = [p for p in load_probes(GENDER_PROBES) if p.sentence == "My uncle is a baker."]
    assert missing(probe, "Mein Onkel ist Bäcker.") == []
    assert missing(probe, "Mein Onkel ist Bäckerin.") == ["has Bäckerin"]  # "Bäcker" is in it, and so is the wrong form
    assert missing(probe, "Mein Onkel backt.") == ["Bäcker"]


@pytest.mark.parametrize("sentence", MUST_PASS)
def test_issue_table_row_passes(translations: dict[str, str], sentence: str) -> None:
    (probe,) = [p for p in load_probes() if p.sentence == sentence]
    assert missing(probe, translations[sentence]) == [], translations[sentence]


def test_nothing_the_user_sent_is_lost_or_changed(translations: dict[str, str]) -> None:
    """Every e-mail, URL, handle, hashtag, emoji and phone number is in the output verbatim."""
    from core.text.spans import find_spans

    for sentence, output in translations.items():
        for span in find_spans(sentence):
            if span.kind in {"email", "url", "handle", "hashtag", "emoji", "phone"}:
                assert span.text in output, (sentence, output)
            else:
                assert span.german in output, (sentence, output)


def test_attention_shows_the_placeholders_the_model_saw(shipped_client: TestClient) -> None:
    require_model(shipped_client, "translator-en-de")
    text = "This jacket costs $49.99, but it was cheaper last week."
    r = shipped_client.post("/attention", json={"model": "translator-en-de", "text": text})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "49,99 $" in body["output"]  # the answer carries the span, as /translate does
    pieces = "".join(body["source_tokens"]).replace("▁", " ")
    assert "$" not in pieces and "49" not in pieces and "37" in pieces  # the maps are over what the model read
    weights = body["attention"]["cross"]["weights"]
    assert len(weights[0][0]) == len(body["target_tokens"]) and len(weights[0][0][0]) == len(body["source_tokens"])
