"""Typed configuration of the normalizer: model, data and training (saved as JSON)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Literal

AttentionKind = Literal["bahdanau", "luong-dot", "luong-general"]
ATTENTION_KINDS: tuple[str, ...] = ("bahdanau", "luong-dot", "luong-general")


@dataclass(frozen=True)
class ModelConfig:
    attention: AttentionKind = "bahdanau"
    embedding_dim: int = 32
    encoder_units: int = 64  # per direction; encoder states have 2 * encoder_units
    decoder_units: int = 128
    attention_units: int = 128  # Bahdanau only
    max_input_chars: int = 64  # longer (normalized) texts are truncated

    def __post_init__(self) -> None:
        if self.attention not in ATTENTION_KINDS:
            raise ValueError(f"attention must be one of {ATTENTION_KINDS}, not {self.attention!r}")
        if self.attention == "luong-dot" and self.decoder_units != 2 * self.encoder_units:
            raise ValueError("luong-dot needs decoder_units == 2 * encoder_units")


@dataclass(frozen=True)
class DataConfig:
    train_examples: int = 100_000
    validation_examples: int = 2_000
    seed: int = 20261121
    negative_fraction: float = 0.3
    categories: tuple[str, ...] = ()  # restrict the generator (tests use a narrow slice)
    #: New examples every epoch (seed + EPOCH_SEED_STRIDE * epoch), not one set seen ``epochs`` times (session 17)
    fresh_each_epoch: bool = False
    #: Written training texts (``written.py``; "" = none), each put ``written_copies`` times into every epoch
    written_file: str = ""
    written_copies: int = 1


#: Epoch e > 0 of a ``fresh_each_epoch`` run draws its examples at ``seed + EPOCH_SEED_STRIDE * e``: far from the
#: validation seed (seed + 1) and the exporter's dev seed (seed + 2).
EPOCH_SEED_STRIDE = 1000


def train_seed(data: DataConfig, epoch: int) -> int:
    """The generator seed of the training examples of ``epoch`` (0-based)."""
    return data.seed + EPOCH_SEED_STRIDE * epoch if data.fresh_each_epoch and epoch > 0 else data.seed


@dataclass(frozen=True)
class TrainConfig:
    model: ModelConfig = field(default_factory=ModelConfig)
    data: DataConfig = field(default_factory=DataConfig)
    epochs: int = 8
    batch_size: int = 128
    learning_rate: float = 3e-3
    final_learning_rate: float = 3e-4  # cosine decay to this
    clip_norm: float = 1.0
    seed: int = 1234

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=2, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict) -> TrainConfig:
        data = dict(data)
        model = ModelConfig(**data.pop("model"))
        raw = dict(data.pop("data"))
        raw["categories"] = tuple(raw.get("categories", ()))
        return cls(model=model, data=DataConfig(**raw), **data)

    @classmethod
    def load(cls, path: Path) -> TrainConfig:
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))

    def with_attention(self, kind: str) -> TrainConfig:
        if kind not in ATTENTION_KINDS:
            raise ValueError(f"attention must be one of {ATTENTION_KINDS}, not {kind!r}")
        return replace(self, model=replace(self.model, attention=kind))  # type: ignore[arg-type]  # checked above
