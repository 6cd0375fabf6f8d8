"""From the wrappers' dataclasses to the HTTP schemas (and JSON-safe numbers)."""
from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from service.models.base import AttentionMaps, AttentionResult, ModelInputError, TimeResult, TranslationResult
from service.schemas import TimeItem, TranslationItem

log = logging.getLogger(__name__)


def finite(value: float | None) -> float | None:
    """JSON has no NaN or infinity: such a number becomes null."""
    if value is None:
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def time_items(texts: Sequence[str], outcomes: Sequence[TimeResult | ModelInputError]) -> list[TimeItem]:
    items = []
    for index, (text, outcome) in enumerate(zip(texts, outcomes, strict=True)):
        if isinstance(outcome, ModelInputError):
            items.append(TimeItem(index=index, text=text, time=None, confidence=None, error=str(outcome)))
            continue
        time = outcome.time or None  # never a made-up time: "" or None means none recognized
        error = outcome.error
        if time is None and not error:
            error = "no time recognized in the text"
        items.append(
            TimeItem(index=index, text=text, time=time, confidence=finite(outcome.confidence), error=error)
        )
    return items


def translation_items(
    texts: Sequence[str], outcomes: Sequence[TranslationResult | ModelInputError], alternatives: bool = False
) -> list[TranslationItem]:
    """Items of ``/translate``'s answer; ``alternatives`` when the request asked for some."""
    items = []
    for index, (text, outcome) in enumerate(zip(texts, outcomes, strict=True)):
        if isinstance(outcome, ModelInputError):
            items.append(
                TranslationItem(index=index, source=text, translation=None, source_tokens=[],
                                target_tokens=[], score=None, error=str(outcome) or "cannot translate this text",
                                alternatives=[] if alternatives else None)
            )
            continue
        items.append(
            TranslationItem(
                index=index,
                source=text,
                translation=outcome.translation,
                source_tokens=list(outcome.source_tokens),
                target_tokens=list(outcome.target_tokens),
                score=finite(outcome.score),
                alternatives=list(outcome.alternatives) if alternatives else None,
            )
        )
    return items


def _family(maps: AttentionMaps, precision: int | None) -> dict[str, Any]:
    """One family as JSON-ready data: NaN/inf become 0 (logged), rounded to ``precision``
    decimals if asked, one pass to Python floats."""
    weights = np.asarray(maps.weights, dtype=np.float32)
    bad = int(np.count_nonzero(~np.isfinite(weights)))
    if bad:
        log.warning("non-finite attention weights replaced by 0", extra={"count": bad})
        weights = np.nan_to_num(weights, nan=0.0, posinf=0.0, neginf=0.0)
    values = weights.astype(np.float64)
    if precision is not None:
        values = np.round(values, precision)
    return {
        "layers": int(weights.shape[0]),
        "heads": int(weights.shape[1]) if weights.ndim > 1 else 0,
        "layer_indices": list(maps.layer_indices),
        "head_indices": list(maps.head_indices),
        "weights": values.tolist(),
    }


def attention_payload(result: AttentionResult, *, include_self: bool, precision: int | None = None) -> dict[str, Any]:
    """The ``AttentionResponse`` body as plain JSON data (built once, not re-validated)."""
    if "cross" not in result.maps:
        raise RuntimeError(f"model {result.model!r} returned no cross-attention")
    families = ("cross", "encoder_self", "decoder_self") if include_self else ("cross",)
    attention: dict[str, Any] = {"encoder_self": None, "decoder_self": None}
    attention.update({key: _family(result.maps[key], precision) for key in families if key in result.maps})
    return {
        "model": result.model,
        "source_tokens": list(result.source_tokens),
        "target_tokens": list(result.target_tokens),
        "output": result.output,
        "beam_size": result.beam_size,
        "attention": attention,
    }
