"""Wrapper of the exported time normalizer (kind ``time-normalizer``).

Loads the SavedModel once with ``tf.saved_model.load``; all text normalization, the character
lookup and greedy decoding run inside its ``serving_default`` graph (docs/model-format.md).
This module never imports ``training``.
"""
from __future__ import annotations

import re
from typing import Any

from core.text.no_time import no_time_reason
from service.models.base import (
    AttentionMaps,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    ModelWrapper,
    TimeResult,
)

_HHMM = re.compile(r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$")
DEFAULT_CONFIDENCE_THRESHOLD = 0.5
NO_TIME_ERROR = "no time expression recognized"


def is_valid_time(value: str) -> bool:
    """True for a 24-hour ``HH:MM`` from 00:00 to 23:59."""
    return bool(_HHMM.match(value))


class TimeNormalizer(ModelWrapper):
    kind = "time-normalizer"

    def __init__(self, info: ModelInfo) -> None:
        super().__init__(info)
        import tensorflow as tf  # imported here so that `service.models` stays TensorFlow-free

        self._tf = tf
        self._model = tf.saved_model.load(str(info.path))
        self._serve = self._model.signatures["serving_default"]
        meta = info.metadata
        self.confidence_threshold = float(meta.get("confidence_threshold", DEFAULT_CONFIDENCE_THRESHOLD))
        self.max_input_chars = int(meta.get("max_input_chars", 0)) or None

    def _run(self, texts: list[str]) -> dict[str, Any]:
        outputs = self._serve(text=self._tf.constant(texts, dtype=self._tf.string))
        return {name: value.numpy() for name, value in outputs.items()}

    def _judge(self, text: str, time: str, confidence: float) -> TimeResult:
        if time == "":
            reason = no_time_reason(text)  # only words the error; the model decided there is no time
            error = f"{NO_TIME_ERROR}: {reason}" if reason else NO_TIME_ERROR
            if self.max_input_chars and len(" ".join(text.split())) > self.max_input_chars:
                error += f" (only the first {self.max_input_chars} characters are read)"
            return TimeResult(text=text, time=None, confidence=confidence, error=error)
        if not is_valid_time(time):
            return TimeResult(text=text, time=None, confidence=confidence,
                              error=f"{NO_TIME_ERROR}: the model produced {time!r}, which is not a valid HH:MM time")
        if confidence < self.confidence_threshold:
            reason = no_time_reason(text)
            return TimeResult(text=text, time=None, confidence=confidence,
                              error=f"{NO_TIME_ERROR} with enough confidence (best guess {time} at "
                                    f"{confidence:.2f}, below the threshold {self.confidence_threshold:.2f})"
                                    + (f"; {reason}" if reason else ""))
        return TimeResult(text=text, time=time, confidence=confidence)

    def normalize(self, texts: list[str]) -> list[TimeResult]:
        """One batched model call; texts without a (confident, valid) time get ``time=None``."""
        texts = list(texts)
        if not texts:
            return []
        out = self._run(texts)
        return [
            self._judge(text, time.decode("utf-8"), float(confidence))
            for text, time, confidence in zip(texts, out["time"], out["confidence"], strict=True)
        ]

    def attention(
        self,
        text: str,
        *,
        include_self: bool = False,
        layer: int | None = None,
        head: int | None = None,
    ) -> AttentionResult:
        """Decoder-over-encoder attention: 1 layer, 1 head, rows = output chars, cols = input chars.

        The model has no self-attention, so ``include_self`` adds nothing.
        """
        if layer not in (None, 0, -1):
            raise ModelInputError(f"the time normalizer has one attention layer (0); got layer={layer}")
        if head not in (None, 0, -1):
            raise ModelInputError(f"the time normalizer has one attention head (0); got head={head}")
        out = self._run([text])
        n_in, n_out = int(out["input_length"][0]), int(out["output_length"][0])
        source = [c.decode("utf-8") for c in out["input_chars"][0][:n_in]]
        target = [c.decode("utf-8") for c in out["output_chars"][0][:n_out]]
        matrix = out["attention"][0][:n_out, :n_in].astype(float).tolist()
        return AttentionResult(
            model=self.info.name,
            source_tokens=source,
            target_tokens=target,
            output=out["time"][0].decode("utf-8"),
            maps={"cross": AttentionMaps(weights=[[matrix]])},
        )
