"""The service wrapper against the shipped time-normalizer model."""
from __future__ import annotations

import dataclasses
import math
import subprocess
import sys
from pathlib import Path

import pytest

from service.models.base import ModelInfo, ModelInputError
from service.models.time_normalizer import TimeNormalizer, is_valid_time

ROOT = Path(__file__).resolve().parents[2]
MODEL_ROOT = ROOT / "models" / "time-normalizer"
SHIPPED = max((p for p in MODEL_ROOT.iterdir() if p.name.isdigit()), key=lambda p: int(p.name))

EXAMPLES = {
    "ten past eleven": "11:10",
    "twenty to one": "12:40",
    "Twelve thirty AM": "00:30",
    "ten at night": "22:00",
    "two at night": "02:00",
    "Meet @ 7.45 p.m.!": "19:45",
    "nineteen thirty": "19:30",
    "ten to midnight": "23:50",
    "half six": "06:30",
    "fourteen hundred hours": "14:00",
}


@pytest.fixture(scope="module")
def wrapper() -> TimeNormalizer:
    return TimeNormalizer(ModelInfo.read(SHIPPED))


def test_kind_and_metadata(wrapper: TimeNormalizer) -> None:
    assert wrapper.info.kind == "time-normalizer" and wrapper.info.name == "time-normalizer"
    assert 0 < wrapper.manifest.confidence_threshold < 1


def test_normalize_batch(wrapper: TimeNormalizer) -> None:
    texts = list(EXAMPLES) + ["banana"]
    results = wrapper.normalize(texts)
    assert [r.text for r in results] == texts
    for r in results[:-1]:
        assert r.time == EXAMPLES[r.text] and r.error is None, r
        assert wrapper.manifest.confidence_threshold <= r.confidence <= 1.0
    no_time = results[-1]
    assert no_time.time is None and "no time" in no_time.error


def test_empty_batch(wrapper: TimeNormalizer) -> None:
    assert wrapper.normalize([]) == []


def test_low_confidence_is_not_reported_as_a_time(wrapper: TimeNormalizer) -> None:
    [plain] = wrapper.normalize(["ten past eleven"])
    # just above the model's own confidence, whatever the version (v8 gives this text exactly 1.0 in float32)
    threshold = math.nextafter(plain.confidence, 2.0)
    assert plain.time == "11:10" and plain.confidence < threshold
    strict = TimeNormalizer(dataclasses.replace(
        wrapper.info, manifest=dataclasses.replace(wrapper.manifest, confidence_threshold=threshold)))
    [result] = strict.normalize(["ten past eleven"])
    assert result.time is None and "threshold" in result.error and "11:10" in result.error


def test_invalid_model_output_is_not_reported_as_a_time(wrapper: TimeNormalizer) -> None:
    assert not is_valid_time("24:00") and not is_valid_time("7:45") and is_valid_time("23:59")
    result = wrapper._judge("x", "29:70", 0.99)
    assert result.time is None and "not a valid" in result.error


def test_attention_maps(wrapper: TimeNormalizer) -> None:
    result = wrapper.attention("Quarter past 3 PM")
    assert result.output == "15:15" and result.model == "time-normalizer"
    assert result.source_tokens == list("quarter past 3 pm") + ["</s>"]
    assert result.target_tokens == list("15:15") + ["</s>"]
    cross = result.maps["cross"]
    assert set(result.maps) == {"cross"} and cross.weights.shape[:2] == (1, 1)
    matrix = cross.weights[0][0]
    assert len(matrix) == len(result.target_tokens)
    for row in matrix:
        assert len(row) == len(result.source_tokens)
        assert abs(sum(row) - 1.0) < 1e-4 and min(row) >= 0.0


def test_attention_of_a_no_time_text(wrapper: TimeNormalizer) -> None:
    result = wrapper.attention("banana")
    assert result.output == "" and result.target_tokens == ["</s>"]
    assert abs(sum(result.maps["cross"].weights[0][0][0]) - 1.0) < 1e-4


def test_texts_longer_than_the_model_reads_are_refused_one_by_one(wrapper: TimeNormalizer) -> None:
    limit = wrapper.manifest.max_input_chars
    assert limit is not None
    long_text = "meet me at seven pm " + "and bring the documents " * 5
    ok, refused = wrapper.normalize(["at 7pm", long_text])
    assert isinstance(refused, ModelInputError) and f"at most {limit}" in str(refused)
    assert not isinstance(ok, ModelInputError) and ok.time == "19:00"
    assert wrapper.input_error("7" + " " * 2 * limit + "pm") is None  # runs of whitespace count once


def test_attention_layer_and_head_bounds(wrapper: TimeNormalizer) -> None:
    assert wrapper.attention("7pm", layer=0, head=0).output == "19:00"
    with pytest.raises(ModelInputError):
        wrapper.attention("7pm", layer=1)
    with pytest.raises(ModelInputError):
        wrapper.attention("7pm", head=2)


def test_wrapper_does_not_import_training() -> None:
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from service.models.base import ModelInfo\n"
        "from service.models.time_normalizer import TimeNormalizer\n"
        f"w = TimeNormalizer(ModelInfo.read(Path({str(SHIPPED)!r})))\n"
        "assert w.normalize(['7pm'])[0].time == '19:00'\n"
        "assert not any(m == 'training' or m.startswith('training.') for m in sys.modules)\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]


def test_no_time_error_says_why_but_never_overrules_the_model(wrapper: TimeNormalizer) -> None:
    result = wrapper._judge("in 20 minutes", "", 0.97)
    assert result.time is None
    assert result.error == "no time expression recognized: 'in 20 minutes' is a relative time, not a clock time"
    assert wrapper._judge("banana", "", 0.99).error == "no time expression recognized"
    low = wrapper._judge("it costs $7.50", "07:50", 0.01)
    assert low.time is None and "threshold" in low.error and "amount of money" in low.error
    kept = wrapper._judge("I have 3 apples", "03:00", 0.999)  # the model's time stands
    assert kept.time == "03:00" and kept.error is None
