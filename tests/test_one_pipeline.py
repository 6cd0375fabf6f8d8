"""One translation pipeline: ``python -m training translator evaluate`` reports exactly what
``POST /translate`` returns (same splitting, limits, batching rules and post-processing)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

REPO = Path(__file__).resolve().parents[1]
MODEL = REPO / "models" / "translator-en-de"
DEV = REPO.parent / "shared" / "data" / "tatoeba-deu-eng" / "heldout-2021" / "dev.en"

sys.path.insert(0, str(REPO / "tests" / "service"))


def multi_sentence_texts() -> list[str]:
    """36 texts of 1–3 held-out dev sentences, with the kinds of spacing users send."""
    if not DEV.exists():
        pytest.skip(f"{DEV} is absent")
    lines = DEV.read_text(encoding="utf-8").splitlines()[:72]
    joins = [" ", "  ", "\n", " "]
    texts = []
    for i in range(0, 72, 2):
        n = 1 + i % 3
        texts.append(joins[i % 4].join(lines[i: i + n]))
    return texts


@pytest.mark.parametrize("engine", ["auto", "tensorflow"])
def test_evaluation_and_the_service_give_identical_translations(engine: str) -> None:
    versions = sorted((p for p in MODEL.glob("*") if p.name.isdigit()), key=lambda p: int(p.name))
    if not versions:
        pytest.skip("no shipped translator")
    from conftest import wait_ready

    from service.app import create_app
    from service.settings import Settings
    from training.translator.evaluate import evaluate, load_pipeline

    texts = multi_sentence_texts()
    assert sum(t.count(". ") + t.count("? ") + t.count("\n") > 0 for t in texts) > 12  # truly multi-sentence
    pipeline, _ = load_pipeline(str(versions[-1]), engine=engine)
    _, evaluated = evaluate(pipeline, texts, texts)  # references are irrelevant here
    settings = Settings(models_dir=REPO / "models", batch_max_size=16, translator_engine=engine)  # type: ignore[arg-type]
    with TestClient(create_app(settings)) as client:
        assert not wait_ready(client, 300)["loading"]
        served = []
        for start in range(0, len(texts), 12):  # requests of 12 texts, batched by the service
            r = client.post("/translate", json={"texts": texts[start: start + 12]})
            assert r.status_code == 200, r.text
            served += [item["translation"] for item in r.json()["results"]]
    assert served == evaluated
