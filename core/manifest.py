"""The model-format contract: ``assets.extra/model.json``, typed, versioned and validated.

Every exported model carries one manifest. The exporters in ``training`` write it with
:func:`dump`; the service reads it with :func:`load` and takes every default of the model
(beam size, length penalty, token limits, language pair, confidence threshold) from it and
from nowhere else. ``docs/model-format.md`` documents each field.
"""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

FORMAT = 1  # the manifest format this code reads and writes
MANIFEST_FILE = "model.json"
EXTRA_DIR = "assets.extra"

TRANSLATOR = "translator"
TIME_NORMALIZER = "time-normalizer"

# SentencePiece ids of the special tokens, fixed when the tokenizer is trained.
PAD_ID, UNK_ID, BOS_ID, EOS_ID = 0, 1, 2, 3


class ManifestError(ValueError):
    """A model.json that does not follow the contract; the message lists every problem."""


@dataclass(frozen=True, kw_only=True)
class Manifest:
    """Fields every model has."""

    kind: ClassVar[str] = ""
    format: int = FORMAT
    name: str
    version: str
    description: str = ""
    license: str = ""
    exported: str = ""  # ISO 8601 UTC time of the export
    parameters: int = 0
    signatures: list[str] = field(default_factory=list)
    max_input_chars: int | None = None  # most characters of one text the model reads; None: no limit

    def problems(self) -> list[str]:
        """What is wrong beyond the field types (empty when the manifest is valid)."""
        found = []
        if self.format != FORMAT:
            found.append(f"format {self.format} is not supported (this code reads format {FORMAT})")
        if not self.name or not self.version:
            found.append("name and version must not be empty")
        if self.max_input_chars is not None and self.max_input_chars < 1:
            found.append("max_input_chars must be at least 1 (or null)")
        return found

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **dataclasses.asdict(self)}


@dataclass(frozen=True, kw_only=True)
class TranslatorManifest(Manifest):
    """An encoder–decoder Transformer over SentencePiece ids (signatures in docs/model-format.md)."""

    kind: ClassVar[str] = TRANSLATOR
    source_language: str
    target_language: str
    tokenizer_file: str  # SentencePiece model in assets.extra/, shared by source and target
    vocab_size: int
    pad_id: int = PAD_ID
    bos_id: int = BOS_ID
    eos_id: int = EOS_ID
    max_tokens: int  # most subword tokens of one source sentence (EOS included) and of one output
    default_beam_size: int = 4
    default_length_penalty: float = 0.6
    output_ratio: float = 2.0  # output budget: ratio × source tokens + slack, at most max_tokens
    output_slack: int = 10
    encoder_layers: int
    decoder_layers: int
    heads: int
    d_model: int
    checkpoints: list[str] = field(default_factory=list)
    # Directory (inside the version) of the CTranslate2 model derived from this SavedModel's
    # weights at export (core/ctranslate2_decoder.py); None: the version has none.
    ctranslate2_dir: str | None = None

    def problems(self) -> list[str]:
        found = super().problems()
        if self.ctranslate2_dir is not None and (not self.ctranslate2_dir or "/" in self.ctranslate2_dir
                                                 or self.ctranslate2_dir.startswith(".")):
            found.append("ctranslate2_dir must be a directory name inside the version (or null)")
        if len({self.pad_id, self.bos_id, self.eos_id}) != 3:
            found.append("pad_id, bos_id and eos_id must differ")
        if self.default_beam_size < 1:
            found.append("default_beam_size must be at least 1")
        if self.max_tokens < 2:
            found.append("max_tokens must be at least 2")
        if min(self.encoder_layers, self.decoder_layers, self.heads, self.d_model, self.vocab_size) < 1:
            found.append("layers, heads, d_model and vocab_size must be positive")
        return found

    def output_budget(self, source_tokens: int) -> int:
        """Most output tokens for a source of ``source_tokens`` tokens (loops end there)."""
        return int(min(self.max_tokens, self.output_ratio * source_tokens + self.output_slack))


@dataclass(frozen=True, kw_only=True)
class TimeNormalizerManifest(Manifest):
    """A character seq2seq model: text in, ``HH:MM`` (or "" for no time) out, in its graph."""

    kind: ClassVar[str] = TIME_NORMALIZER
    attention: str  # bahdanau, luong-dot or luong-general
    confidence_threshold: float = 0.5  # below it the service answers "no time"

    def problems(self) -> list[str]:
        found = super().problems()
        if not 0.0 <= self.confidence_threshold <= 1.0:
            found.append("confidence_threshold must be between 0 and 1")
        return found


MANIFESTS: dict[str, type[Manifest]] = {m.kind: m for m in (TranslatorManifest, TimeNormalizerManifest)}


def manifest_path(model_dir: str | Path) -> Path:
    return Path(model_dir) / EXTRA_DIR / MANIFEST_FILE


def from_dict(raw: Any) -> Manifest:
    """The manifest of ``raw`` (parsed JSON); :class:`ManifestError` lists what is wrong."""
    if not isinstance(raw, dict):
        raise ManifestError("model.json must hold a JSON object")
    kind = raw.get("kind")
    cls = MANIFESTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ManifestError(f"unknown kind {kind!r}; known kinds: {sorted(MANIFESTS)}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    found = [f"unknown field {k!r}" for k in raw if k not in fields and k != "kind"]
    values = {}
    for name, spec in fields.items():
        if name not in raw:
            if spec.default is dataclasses.MISSING and spec.default_factory is dataclasses.MISSING:
                found.append(f"missing field {name!r}")
            continue
        value = raw[name]
        if not _has_type(value, hints[name]):
            found.append(f"{name!r} must be {_type_name(hints[name])}, not {value!r}")
        values[name] = value
    if found:
        raise ManifestError("; ".join(found))
    manifest = cls(**values)
    found = manifest.problems()
    if found:
        raise ManifestError("; ".join(found))
    return manifest


def load(model_dir: str | Path) -> Manifest:
    """The manifest of the exported model in ``model_dir``."""
    path = manifest_path(model_dir)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ManifestError(f"cannot read {path.name}: {exc}") from None
    try:
        return from_dict(raw)
    except ManifestError as exc:
        raise ManifestError(f"{path.name}: {exc}") from None


def dump(manifest: Manifest, model_dir: str | Path) -> Path:
    """Write the manifest of the model in ``model_dir`` (checked first) and return its path."""
    problems = manifest.problems()
    if problems:
        raise ManifestError("; ".join(problems))
    path = manifest_path(model_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _has_type(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_has_type(value, arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if origin is list:
        (item,) = typing.get_args(hint)
        return isinstance(value, list) and all(_has_type(v, item) for v in value)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _type_name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint).replace("typing.", "")
