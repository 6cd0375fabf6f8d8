"""From the wrappers' dataclasses to the HTTP schemas (and JSON-safe numbers)."""
from __future__ import annotations

import logging
import math
from collections.abc import Sequence

from service.models.base import AttentionMaps, AttentionResult, ModelInputError, TimeResult, TranslationResult
from service.schemas import AttentionFamily, AttentionMapsOut, AttentionResponse, TimeItem, TranslationItem

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
    texts: Sequence[str], outcomes: Sequence[TranslationResult | ModelInputError]
) -> list[TranslationItem]:
    items = []
    for index, (text, outcome) in enumerate(zip(texts, outcomes, strict=True)):
        if isinstance(outcome, ModelInputError):
            items.append(
                TranslationItem(index=index, source=text, translation=None, source_tokens=[],
                                target_tokens=[], score=None, error=str(outcome) or "cannot translate this text")
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
            )
        )
    return items


def _family(maps: AttentionMaps, layer: int | None, head: int | None) -> AttentionFamily:
    bad = 0
    weights = []
    for layer_maps in maps.weights:
        heads = []
        for head_map in layer_maps:
            rows = []
            for row in head_map:
                clean = []
                for w in row:
                    w = float(w)
                    if not math.isfinite(w):
                        bad += 1
                        w = 0.0
                    clean.append(w)
                rows.append(clean)
            heads.append(rows)
        weights.append(heads)
    if bad:
        log.warning("non-finite attention weights replaced by 0", extra={"count": bad})
    layers, heads_per_layer = maps.layers, maps.heads
    return AttentionFamily(
        layers=layers,
        heads=heads_per_layer,
        layer_indices=[layer] if layer is not None and layers == 1 else list(range(layers)),
        head_indices=[head] if head is not None and heads_per_layer == 1 else list(range(heads_per_layer)),
        weights=weights,
    )


def attention_response(
    result: AttentionResult, *, include_self: bool, layer: int | None, head: int | None
) -> AttentionResponse:
    def family(key: str) -> AttentionFamily | None:
        maps = result.maps.get(key)
        return _family(maps, layer, head) if maps is not None else None

    cross = family("cross")
    if cross is None:
        raise RuntimeError(f"model {result.model!r} returned no cross-attention")
    return AttentionResponse(
        model=result.model,
        source_tokens=list(result.source_tokens),
        target_tokens=list(result.target_tokens),
        output=result.output,
        attention=AttentionMapsOut(
            cross=cross,
            encoder_self=family("encoder_self") if include_self else None,
            decoder_self=family("decoder_self") if include_self else None,
        ),
    )
