"""Wrapper of the exported time normalizer (kind ``time-normalizer``).

Loads the SavedModel once with ``tf.saved_model.load``; all text normalization, the character
lookup and greedy decoding run inside its ``serving_default`` graph (docs/model-format.md).
The wrapper refuses what the model cannot read (longer than the manifest's
``max_input_chars``) and answers "no time" below the manifest's ``confidence_threshold``.
This module never imports ``training``.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from core.manifest import TimeNormalizerManifest
from core.text.no_time import no_time_reason
from service.models.base import AttentionMaps, AttentionResult, ModelInfo, ModelInputError, TimeResult, pick_index

_HHMM = re.compile(r"^(?:[01][0-9]|2[0-3]):[0-5][0-9]$")
NO_TIME_ERROR = "no time expression recognized"


def is_valid_time(value: str) -> bool:
    """True for a 24-hour ``HH:MM`` from 00:00 to 23:59."""
    return bool(_HHMM.match(value))


class TimeNormalizer:
    """Satisfies :class:`service.models.base.Normalizes`."""

    def __init__(self, info: ModelInfo) -> None:
        import tensorflow as tf  # imported here so that `service.models` stays TensorFlow-free

        if not isinstance(info.manifest, TimeNormalizerManifest):
            raise TypeError(f"{info.name}: not a time-normalizer manifest")
        self.info = info
        self.manifest: TimeNormalizerManifest = info.manifest
        self._tf: Any = tf
        self._model = tf.saved_model.load(str(info.path))
        self._serve = self._model.signatures["serving_default"]

    def input_error(self, text: str) -> ModelInputError | None:
        """Why the model cannot read all of ``text``, if so: longer than it reads (counted as
        it reads, runs of whitespace as one space) is refused rather than cut off silently."""
        limit = self.manifest.max_input_chars
        length = len(" ".join(text.split()))
        if limit is not None and length > limit:
            return ModelInputError(
                f"text has {length} characters; model {self.info.name!r} reads at most {limit}: "
                "send the part that matters"
            )
        return None

    def _run(self, texts: list[str]) -> dict[str, np.ndarray]:
        outputs = self._serve(text=self._tf.constant(texts, dtype=self._tf.string))
        return {name: value.numpy() for name, value in outputs.items()}

    def _judge(self, text: str, time: str, confidence: float) -> TimeResult:
        threshold = self.manifest.confidence_threshold
        if time == "":
            reason = no_time_reason(text)  # only words the error; the model decided there is no time
            return TimeResult(text=text, time=None, confidence=confidence,
                              error=f"{NO_TIME_ERROR}: {reason}" if reason else NO_TIME_ERROR)
        if not is_valid_time(time):
            return TimeResult(text=text, time=None, confidence=confidence,
                              error=f"{NO_TIME_ERROR}: the model produced {time!r}, which is not a valid HH:MM time")
        if confidence < threshold:
            reason = no_time_reason(text)
            return TimeResult(text=text, time=None, confidence=confidence,
                              error=f"{NO_TIME_ERROR} with enough confidence (best guess {time} at "
                                    f"{confidence:.2f}, below the threshold {threshold:.2f})"
                                    + (f"; {reason}" if reason else ""))
        return TimeResult(text=text, time=time, confidence=confidence)

    def normalize(self, texts: Sequence[str]) -> list[TimeResult | ModelInputError]:
        """One batched model call for the texts it can read; an answer per text."""
        outcomes: list[TimeResult | ModelInputError | None] = [self.input_error(t) for t in texts]
        readable = [i for i, o in enumerate(outcomes) if o is None]
        if readable:
            out = self._run([texts[i] for i in readable])
            for row, i in enumerate(readable):
                outcomes[i] = self._judge(texts[i], out["time"][row].decode("utf-8"), float(out["confidence"][row]))
        return [o if o is not None else ModelInputError("not normalized") for o in outcomes]

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None, beam_size: int | None = None) -> AttentionResult:
        """Decoder-over-encoder attention: 1 layer, 1 head, rows = output chars, cols = input chars.

        The model has no self-attention (``include_self`` adds nothing) and decodes greedily
        (``beam_size`` is ignored).
        """
        layers, heads = pick_index(layer, 1, "layer"), pick_index(head, 1, "head")
        error = self.input_error(text)
        if error is not None:
            raise error
        out = self._run([text])
        n_in, n_out = int(out["input_length"][0]), int(out["output_length"][0])
        source = [c.decode("utf-8") for c in out["input_chars"][0][:n_in]]
        target = [c.decode("utf-8") for c in out["output_chars"][0][:n_out]]
        matrix = np.asarray(out["attention"][0][:n_out, :n_in], dtype=np.float32)
        return AttentionResult(
            model=self.info.name,
            source_tokens=source,
            target_tokens=target,
            output=out["time"][0].decode("utf-8"),
            maps={"cross": AttentionMaps(matrix[np.newaxis, np.newaxis], layers, heads)},
        )
