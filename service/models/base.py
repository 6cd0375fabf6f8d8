"""The contract between the HTTP layer and the model wrappers (pure Python, no TensorFlow).

Every exported model lives in ``<models_dir>/<name>/<version>/`` (TensorFlow Serving's
layout) and carries its manifest, ``assets.extra/model.json`` (``core.manifest``). The kind
table (``service.kinds``) picks the wrapper class by the manifest's kind; the wrapper loads
the SavedModel and owns all pre- and post-processing. What a wrapper can do is said by the
protocols below (:class:`Attends`, :class:`Translates`, :class:`Normalizes`); every batch
method answers **per text**: a result, or the :class:`ModelInputError` saying why not, so
one bad text never fails the others.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from core.errors import Cancelled, ModelInputError
from core.manifest import EXTRA_DIR, Manifest, load
from core.text.alignment import WordAlignment
from core.translation import TranslationResult

__all__ = [
    "Aligns", "AttentionMaps", "AttentionResult", "Attends", "Cancelled", "ModelInfo", "ModelInputError",
    "Normalizes", "WordAlignment",
    "TimeResult", "TranslateOptions", "Translates", "TranslationResult", "pick_index",
]


@dataclass(frozen=True)
class ModelInfo:
    """One exported model on disk: where it is, its manifest and its model card."""

    name: str  # the directory name, under which the service serves it
    version: str
    path: Path
    manifest: Manifest
    card: str = ""  # MODEL_CARD.md, Markdown

    @property
    def kind(self) -> str:
        return self.manifest.kind

    @classmethod
    def read(cls, path: Path, name: str | None = None) -> ModelInfo:
        manifest = load(path)
        card_file = path / EXTRA_DIR / "MODEL_CARD.md"
        card = card_file.read_text(encoding="utf-8") if card_file.exists() else ""
        return cls(name=name or manifest.name, version=path.name, path=path, manifest=manifest, card=card)


@dataclass(frozen=True)
class AttentionMaps:
    """One family of attention maps: ``weights[layer][head][query][key]`` (float32).

    ``layer_indices``/``head_indices`` name the model layer and head of each entry. For
    cross-attention the query axis is the target (output) tokens and the key axis the
    source (input) tokens; each row sums to 1 up to rounding.
    """

    weights: np.ndarray
    layer_indices: list[int]
    head_indices: list[int]


@dataclass(frozen=True)
class AttentionResult:
    """Tokens and attention maps of one input, the same shape for every model kind.

    ``maps`` is keyed by ``"cross"`` (always present), and, on request and where the model
    has them, ``"encoder_self"`` and ``"decoder_self"``.
    """

    model: str
    source_tokens: list[str]
    target_tokens: list[str]
    output: str
    maps: dict[str, AttentionMaps]
    beam_size: int | None = None  # the search that produced ``output``, where there is one


@dataclass(frozen=True)
class TimeResult:
    """One answer of the time normalizer. ``time`` is None when no time was recognized."""

    text: str
    time: str | None
    confidence: float
    error: str | None = None


@dataclass(frozen=True)
class TranslateOptions:
    """How to decode; texts with equal options can share one model call."""

    beam_size: int | None = None  # None: the model's default (its manifest)
    max_length: int | None = None  # most target tokens per sentence; None: the model's budget
    alternatives: int = 0  # other translations wanted per text (n-best; the beam is raised to N + 1)


def pick_index(value: int | None, size: int, what: str) -> list[int]:
    """All of ``range(size)``, or the one index asked for (422 when out of range)."""
    if value is None:
        return list(range(size))
    if not 0 <= value < size:
        raise ModelInputError(f"{what} must be between 0 and {size - 1}; got {value}")
    return [value]


@runtime_checkable
class Attends(Protocol):
    """Every wrapper: it shows the attention of one input."""

    info: ModelInfo

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None, beam_size: int | None = None) -> AttentionResult:
        """The model's output for ``text`` and its attention maps; raises ModelInputError."""
        ...


@runtime_checkable
class Translates(Attends, Protocol):
    source_language: str
    target_language: str
    default_beam_size: int

    def translate(self, texts: Sequence[str], options: TranslateOptions,
                  should_stop: Callable[[], bool] | None = None) -> list[TranslationResult | ModelInputError]:
        """Per text; may raise Cancelled between chunks once ``should_stop()`` is true."""
        ...


@runtime_checkable
class Aligns(Translates, Protocol):
    """A translator that also aligns: each text's translation and its word alignment from the
    cross-attention (what carries inline HTML tags onto the right words); batched, per text."""

    def align(self, texts: Sequence[str]) -> list[WordAlignment | ModelInputError]: ...


@runtime_checkable
class Normalizes(Attends, Protocol):
    def normalize(self, texts: Sequence[str]) -> list[TimeResult | ModelInputError]: ...
