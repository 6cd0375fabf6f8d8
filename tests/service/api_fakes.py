"""Test doubles of the model wrappers, for testing the HTTP layer without TensorFlow.

They follow the contract of ``service/models/base.py`` and are deterministic, so tests can
assert exact answers: the fake time normalizer recognizes "noon" (12:00) and "HH:MM"
written in digits, and raises ModelInputError for texts containing "💥"; the fake
translator upper-cases, and raises ModelInputError for texts containing "💥".
"""
from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

from service.models.base import (
    AttentionMaps,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    ModelWrapper,
    TimeResult,
    TranslationResult,
)

BOOM = "💥"


def _uniform(rows: int, cols: int, layers: int = 1, heads: int = 1) -> AttentionMaps:
    row = [1.0 / cols] * cols
    return AttentionMaps([[[list(row) for _ in range(rows)] for _ in range(heads)] for _ in range(layers)])


def _select(maps: AttentionMaps, layer: int | None, head: int | None) -> AttentionMaps:
    weights = maps.weights
    if layer is not None:
        if layer >= len(weights):
            raise ModelInputError(f"layer {layer} out of range: the model has {len(weights)} layers")
        weights = [weights[layer]]
    if head is not None:
        if head >= len(weights[0]):
            raise ModelInputError(f"head {head} out of range: the model has {len(weights[0])} heads")
        weights = [[layer_maps[head]] for layer_maps in weights]
    return AttentionMaps(weights)


class CallLog:
    """Records the batches a fake was called with (thread-safe)."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.kwargs: list[dict[str, object]] = []
        self.threads: set[str] = set()
        self._lock = threading.Lock()

    def add(self, texts: list[str], **kwargs: object) -> None:
        with self._lock:
            self.batches.append(list(texts))
            self.kwargs.append(kwargs)
            self.threads.add(threading.current_thread().name)


class FakeTimeNormalizer(ModelWrapper):
    kind = "time-normalizer"
    calls = CallLog()
    delay_s = 0.0

    def normalize(self, texts: list[str]) -> list[TimeResult]:
        type(self).calls.add(texts)
        time.sleep(type(self).delay_s)
        if any(BOOM in t for t in texts):
            raise ModelInputError("cannot read the character 💥")
        results = []
        for text in texts:
            match = re.search(r"\b(\d{1,2}):(\d{2})\b", text)
            if "noon" in text:
                results.append(TimeResult(text, "12:00", 0.97))
            elif match:
                results.append(TimeResult(text, f"{int(match[1]):02d}:{match[2]}", 0.9))
            else:
                results.append(TimeResult(text, None, 0.8, "no time recognized"))
        return results

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None) -> AttentionResult:
        output = self.normalize([text])[0].time or ""
        target = list(output) + ["</s>"]
        maps = {"cross": _select(_uniform(len(target), len(text)), layer, head)}
        return AttentionResult(self.info.name, list(text), target, output, maps)


class FakeTranslator(ModelWrapper):
    kind = "translator"
    source_language = "en"
    target_language = "de"
    calls = CallLog()
    delay_s = 0.0

    def translate(self, texts: list[str], *, beam_size: int | None = None,
                  max_length: int | None = None) -> list[TranslationResult]:
        type(self).calls.add(texts, beam_size=beam_size, max_length=max_length)
        time.sleep(type(self).delay_s)
        if any(BOOM in t for t in texts):
            raise ModelInputError("cannot translate the character 💥")
        return [
            TranslationResult(t, t.upper(), t.split(), t.upper().split(), -0.5) for t in texts
        ]

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None) -> AttentionResult:
        if BOOM in text:
            raise ModelInputError("cannot translate the character 💥")
        source, target = text.split() + ["</s>"], text.upper().split() + ["</s>"]
        maps = {"cross": _select(_uniform(len(target), len(source), 2, 4), layer, head)}
        if include_self:
            maps["encoder_self"] = _select(_uniform(len(source), len(source), 2, 4), layer, head)
            maps["decoder_self"] = _select(_uniform(len(target), len(target), 2, 4), layer, head)
        return AttentionResult(self.info.name, source, target, text.upper(), maps)


class BrokenWrapper(ModelWrapper):
    kind = "time-normalizer"

    def __init__(self, info: ModelInfo) -> None:
        raise OSError("SavedModel is corrupt")

    def attention(self, text: str, **kwargs: object) -> AttentionResult:  # pragma: no cover
        raise AssertionError


FAKES = {"time-normalizer": FakeTimeNormalizer, "translator": FakeTranslator}


def fake_wrappers(kind: str) -> type[ModelWrapper]:
    try:
        return FAKES[kind]
    except KeyError:
        raise LookupError(f"unknown model kind {kind!r}") from None


def write_model(models_dir: Path, name: str, kind: str, version: str = "1", **extra: object) -> Path:
    """A model directory with the metadata the registry reads (no SavedModel: fakes load it)."""
    path = models_dir / name / version
    (path / "assets.extra").mkdir(parents=True)
    meta = {"name": name, "version": version, "kind": kind, "description": f"fake {kind}", **extra}
    (path / "assets.extra" / "model.json").write_text(json.dumps(meta), encoding="utf-8")
    (path / "assets.extra" / "MODEL_CARD.md").write_text(f"# {name}\n\nA test double.\n", encoding="utf-8")
    (path / "assets.extra" / "metrics.json").write_text('{"accuracy": 0.5}', encoding="utf-8")
    return path
