"""Test doubles of the model wrappers, for testing the HTTP layer without TensorFlow.

They follow the protocols of ``service/models/base.py`` and are deterministic, so tests can
assert exact answers: the fake time normalizer recognizes "noon" (12:00) and "HH:MM"
written in digits; the fake translator upper-cases (and takes N seconds for a text containing
"sleep:N", stopping early when nobody waits). Both answer a ModelInputError for the
texts containing "💥" (and only for those), as the real wrappers do per text.
"""
from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from core.manifest import TimeNormalizerManifest, TranslatorManifest
from service.models.base import (
    AttentionMaps,
    AttentionResult,
    Cancelled,
    ModelInfo,
    ModelInputError,
    TimeResult,
    TranslateOptions,
    TranslationResult,
    WordAlignment,
    pick_index,
)

BOOM = "💥"


def _uniform(rows: int, cols: int, layer: int | None, head: int | None,
             layers: int = 1, heads: int = 1) -> AttentionMaps:
    layer_ix, head_ix = pick_index(layer, layers, "layer"), pick_index(head, heads, "head")
    weights = np.full((len(layer_ix), len(head_ix), rows, cols), 1.0 / cols, dtype=np.float32)
    return AttentionMaps(weights, layer_ix, head_ix)


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


class FakeTimeNormalizer:
    calls = CallLog()
    delay_s = 0.0

    def __init__(self, info: ModelInfo) -> None:
        self.info = info

    def normalize(self, texts: Sequence[str]) -> list[TimeResult | ModelInputError]:
        type(self).calls.add(list(texts))
        time.sleep(type(self).delay_s)
        results: list[TimeResult | ModelInputError] = []
        limit = self.info.manifest.max_input_chars
        for text in texts:
            match = re.search(r"\b(\d{1,2}):(\d{2})\b", text)
            if BOOM in text:
                results.append(ModelInputError("cannot read the character 💥"))
            elif limit is not None and len(text) > limit:
                results.append(ModelInputError(f"text has {len(text)} characters; the model reads at most {limit}"))
            elif "noon" in text:
                results.append(TimeResult(text, "12:00", 0.97))
            elif match:
                results.append(TimeResult(text, f"{int(match[1]):02d}:{match[2]}", 0.9))
            else:
                results.append(TimeResult(text, None, 0.8, "no time recognized"))
        return results

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None, beam_size: int | None = None) -> AttentionResult:
        (outcome,) = self.normalize([text])
        if isinstance(outcome, ModelInputError):
            raise outcome
        output = outcome.time or ""
        target = list(output) + ["</s>"]
        maps = {"cross": _uniform(len(target), len(text), layer, head)}
        return AttentionResult(self.info.name, list(text), target, output, maps)


class FakeTranslator:
    source_language = "en"
    target_language = "de"
    default_beam_size = 4
    calls = CallLog()
    delay_s = 0.0
    stopped = 0  # batches that stopped early because nobody waited

    def __init__(self, info: ModelInfo) -> None:
        self.info = info

    def translate(self, texts: Sequence[str], options: TranslateOptions,
                  should_stop: Callable[[], bool] | None = None) -> list[TranslationResult | ModelInputError]:
        type(self).calls.add(list(texts), beam_size=options.beam_size, max_length=options.max_length)
        asked = [float(m[1]) for t in texts if (m := re.search(r"sleep:([0-9.]+)", t))]
        deadline = time.monotonic() + max([type(self).delay_s, *asked])
        while time.monotonic() < deadline:  # a long decode, in chunks, as the real pipeline's
            if should_stop is not None and should_stop():
                type(self).stopped += 1
                raise Cancelled("nobody waits for this batch")
            time.sleep(0.01)
        others = [f"{{}} ({k})" for k in range(2, 2 + options.alternatives)]
        return [
            ModelInputError("cannot translate the character 💥") if BOOM in t
            else TranslationResult(t, t.upper(), t.split(), t.upper().split(), -0.5, [o.format(t) for o in others])
            for t in texts
        ]

    def align(self, texts: Sequence[str]) -> list[WordAlignment | ModelInputError]:
        """Upper-cased words, each aligned with itself (identity weights)."""
        type(self).calls.add(list(texts))
        out: list[WordAlignment | ModelInputError] = []
        for text in texts:
            if BOOM in text:
                out.append(ModelInputError("cannot translate the character 💥"))
                continue
            translation = text.strip().upper()
            spans = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
            target = [(m.start(), m.end()) for m in re.finditer(r"\S+", translation)]
            out.append(WordAlignment(text, translation, spans, target, np.eye(len(target), len(spans))))
        return out

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None, beam_size: int | None = None) -> AttentionResult:
        if BOOM in text:
            raise ModelInputError("cannot translate the character 💥")
        type(self).calls.add([text], beam_size=beam_size)
        source, target = text.split() + ["</s>"], text.upper().split() + ["</s>"]
        maps = {"cross": _uniform(len(target), len(source), layer, head, 2, 4)}
        if include_self:
            maps["encoder_self"] = _uniform(len(source), len(source), layer, head, 2, 4)
            maps["decoder_self"] = _uniform(len(target), len(target), layer, head, 2, 4)
        return AttentionResult(self.info.name, source, target, text.upper(), maps, beam_size)


class BrokenWrapper:
    def __init__(self, info: ModelInfo) -> None:
        raise OSError("SavedModel is corrupt")


FAKES: dict[str, type[FakeTimeNormalizer] | type[FakeTranslator]] = {
    "time-normalizer": FakeTimeNormalizer, "translator": FakeTranslator,
}


def fake_wrappers(kind: str) -> type[FakeTimeNormalizer] | type[FakeTranslator]:
    try:
        return FAKES[kind]
    except KeyError:
        raise LookupError(f"unknown model kind {kind!r}") from None


def write_model(models_dir: Path, name: str, kind: str, version: str = "1", **extra: object) -> Path:
    """A model directory with a valid manifest and an empty ``saved_model.pb`` (the fakes load
    nothing; the registry only checks that the file is there)."""
    path = models_dir / name / version
    (path / "assets.extra").mkdir(parents=True)
    (path / "saved_model.pb").write_bytes(b"")
    common = {"name": name, "version": version, "description": f"fake {kind}", **extra}
    if kind == "translator":
        manifest: dict[str, object] = TranslatorManifest(
            source_language="en", target_language="de", tokenizer_file="spm.model", vocab_size=100,
            max_tokens=64, encoder_layers=2, decoder_layers=2, heads=4, d_model=8, **common,  # type: ignore[arg-type]
        ).to_dict()
    elif kind == "time-normalizer":
        manifest = TimeNormalizerManifest(attention="bahdanau", **common).to_dict()  # type: ignore[arg-type]
    else:
        manifest = {"kind": kind, **common}
    # Written as it is (not through core.manifest.dump): tests may want an invalid one.
    (path / "assets.extra" / "model.json").write_text(json.dumps(manifest), encoding="utf-8")
    (path / "assets.extra" / "MODEL_CARD.md").write_text(f"# {name}\n\nA test double.\n", encoding="utf-8")
    (path / "assets.extra" / "metrics.json").write_text('{"accuracy": 0.5}', encoding="utf-8")
    return path
