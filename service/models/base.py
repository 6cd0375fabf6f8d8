"""The contract between the HTTP layer and the model wrappers (pure Python, no TensorFlow).

Every exported model lives in ``<models_dir>/<name>/<version>/`` (TensorFlow Serving's
layout) and carries ``assets.extra/model.json`` with at least ``name``, ``version`` and
``kind``. The registry picks the wrapper class by ``kind``; the wrapper loads the
SavedModel with ``tf.saved_model.load`` and owns all pre- and post-processing, so the
routes only translate between HTTP schemas and these dataclasses.
"""
from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar


class ModelInputError(ValueError):
    """The input cannot be handled by this model (the HTTP layer answers 4xx with the message)."""


@dataclass(frozen=True)
class ModelInfo:
    """What `GET /models` says about a loaded model."""

    name: str
    version: str
    kind: str
    path: Path
    card: str = ""  # the model card, Markdown
    metadata: dict[str, Any] = field(default_factory=dict)  # model.json, config, metrics

    @classmethod
    def read(cls, path: Path) -> "ModelInfo":
        extra = path / "assets.extra"
        meta = json.loads((extra / "model.json").read_text(encoding="utf-8"))
        card_file = extra / "MODEL_CARD.md"
        card = card_file.read_text(encoding="utf-8") if card_file.exists() else ""
        return cls(
            name=str(meta["name"]),
            version=str(meta.get("version", path.name)),
            kind=str(meta["kind"]),
            path=path,
            card=card,
            metadata=meta,
        )


@dataclass(frozen=True)
class AttentionMaps:
    """One family of attention maps, indexed ``weights[layer][head][query][key]``.

    For cross-attention the query axis is the target (output) tokens and the key axis
    the source (input) tokens; each innermost row sums to 1 up to rounding.
    """

    weights: list[list[list[list[float]]]]

    @property
    def layers(self) -> int:
        return len(self.weights)

    @property
    def heads(self) -> int:
        return len(self.weights[0]) if self.weights else 0


@dataclass(frozen=True)
class AttentionResult:
    """Tokens and attention maps of one input, the same shape for every model kind.

    ``maps`` is keyed by ``"cross"`` (always present), and, on request and where the
    model has them, ``"encoder_self"`` and ``"decoder_self"``.
    """

    model: str
    source_tokens: list[str]
    target_tokens: list[str]
    output: str
    maps: dict[str, AttentionMaps]


@dataclass(frozen=True)
class TimeResult:
    """One answer of the time normalizer. ``time`` is None when no time was recognized."""

    text: str
    time: str | None
    confidence: float
    error: str | None = None


@dataclass(frozen=True)
class TranslationResult:
    source: str
    translation: str
    source_tokens: list[str]
    target_tokens: list[str]
    score: float  # log-probability of the translation (length-normalized where a penalty applies)


class ModelWrapper(ABC):
    """Base class of the wrappers. Subclasses set ``kind`` and load in ``__init__``."""

    kind: ClassVar[str]

    def __init__(self, info: ModelInfo) -> None:
        self.info = info

    @abstractmethod
    def attention(
        self,
        text: str,
        *,
        include_self: bool = False,
        layer: int | None = None,
        head: int | None = None,
    ) -> AttentionResult:
        """Run the model on ``text`` and return its attention maps (optionally filtered)."""
