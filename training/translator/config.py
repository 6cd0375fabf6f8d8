"""Typed configuration for the translator (saved as JSON next to checkpoints and exports)."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from core.manifest import BOS_ID, EOS_ID, PAD_ID

T = TypeVar("T")

SHARED_DIR = Path(__file__).resolve().parents[2].parent / "shared"


@dataclass
class DataConfig:
    corpus: str = str(SHARED_DIR / "data/tatoeba-deu-eng/deu-eng.tsv.gz")
    heldout_dir: str = str(SHARED_DIR / "data/tatoeba-deu-eng/heldout-2021")
    source_language: str = "en"
    target_language: str = "de"
    out_dir: str = "data/translator"
    tokenizer: str = "joint"  # one shared case-preserving BPE (the only setup implemented)
    vocab_size: int = 8000
    max_tokens: int = 64  # drop pairs longer than this (in pieces) on either side
    max_chars: int = 300
    max_length_ratio: float = 3.0  # drop pairs whose char-length ratio exceeds this
    number_augment_copies: int = 2  # extra copies of number pairs with random digits
    name_augment_copies: int = 1  # extra copies of pairs sharing a name, with made-up names
    # share of pairs given an extra copy with a lower-cased and/or unpunctuated source
    # (training/translator/casing.py); 0 = none (versions up to 4)
    casing_augment_fraction: float = 0.0
    # share of the pairs with a comma between words given an extra copy without those commas
    # (casing.augment_commas); 0 = none (versions up to 7)
    comma_augment_fraction: float = 0.0
    # files of ``python -m training translator distill`` (comma-separated): the corpus's sources as
    # trained models translate them, added as extra pairs (training/translator/distill.py);
    # "" = none (up to version 5)
    forward_translations: str = ""
    # forward pairs whose English has a lower-case word seen fewer times than this in the corpus are
    # left out (distill.without_rare_words); 0 = keep all (versions up to 8)
    forward_min_word_count: int = 0
    # a Ding German-English dictionary file (training/translator/dictionary.py; Debian's trans-de-en
    # installs it as /usr/share/trans/de-en): its example sentences and a sample of its terms are added
    # as extra pairs; "" = none (up to version 9)
    dictionary: str = ""
    dictionary_sentence_copies: int = 2
    dictionary_terms: int = 60000
    dictionary_term_words: int = 4
    # > 0: instead of the sample, one term per single English word seen fewer than this many times in the
    # corpus (dictionary.rare_word_terms); 0 = the sample (version 10's candidate)
    dictionary_rare_word_count: int = 0
    # a folder of written pairs and their second readings (training/translator/written.py; relative paths are
    # taken from the repository root): the pairs judged ok, none near an evaluation sentence, added
    # ``written_copies`` times; "" = none (up to version 11)
    written_pairs: str = ""
    written_copies: int = 1
    # share of the written pairs (once) given the corpus's informal copies too: one with the English lower-cased
    # and/or without final punctuation, and, where it has a comma between words, one without its commas
    # (casing.augment_casing / augment_commas); 0 = none (up to version 14)
    written_informal_fraction: float = 0.0
    # copies of the written pairs as the service presents them, each unseen name as its placeholder ("My friend
    # Maria lives in Boston." / "Meine Freundin Maria wohnt in Boston.", training/translator/served.py); 0 = none
    written_served_copies: int = 0
    # gender-swapped copies of the corpus's pairs whose one man has a role ("Tom ist Lehrer." → "Maria ist
    # Lehrerin.", training/translator/gender.py; its role nouns come from ``dictionary``); 0 = none (up to version 16)
    gender_augment_copies: int = 0
    # as many copies of the same pairs kept a man's, with a man's name drawn anew ("Oliver ist Lehrer."), so that
    # the name, not the sentence's shape, decides the role's gender; 0 = none (up to F17c)
    gender_masculine_copies: int = 0
    # also swap a role after "my", "our", "your" ("Tom is my friend." → "Maria ist meine Freundin."); False up to H17c
    gender_possessives: bool = False
    seed: int = 13


@dataclass
class ModelConfig:
    vocab_size: int = 8000  # joint vocabulary (shared, tied embeddings)
    d_model: int = 256
    num_heads: int = 4
    d_ff: int = 1024
    encoder_layers: int = 4
    decoder_layers: int = 4
    dropout: float = 0.1
    pre_norm: bool = True  # LN before each sub-layer (+ final LN); False = the paper's post-norm
    max_position: int = 256
    pad_id: int = PAD_ID
    bos_id: int = BOS_ID
    eos_id: int = EOS_ID


@dataclass
class TrainConfig:
    run_dir: str = "runs/translator"
    batch_tokens: int = 0  # padded target+source tokens per batch (approx.); 0 = by device (training/translator/device.py)
    label_smoothing: float = 0.1
    peak_learning_rate: float = 1e-3
    warmup_steps: int = 1000
    beta_2: float = 0.98
    clip_norm: float = 1.0
    epochs: int = 100
    time_budget_minutes: float = 0.0  # 0 = no budget
    checkpoint_every_minutes: float = 5.0
    keep_checkpoints: int = 8
    eval_every_steps: int = 0  # 0 = after each epoch only
    eval_sentences: int = 500  # dev subset for BLEU during training (greedy)
    jit_compile: bool = False
    # BPE-dropout rate: each epoch re-splits the training text, skipping merges at this rate
    # (training/translator/subwords.py); 0 = the fixed segmentation of prepare (versions up to 4).
    subword_dropout: float = 0.0
    # "mixed_bfloat16": bfloat16 compute with float32 weights (≈1.4× faster on CPUs with
    # AVX512-BF16/AMX); checkpoints and exports are float32 either way.
    # "auto" (default): mixed_bfloat16 where the CPU or GPU has bfloat16 units, else float32.
    precision: str = "auto"
    seed: int = 1234


@dataclass
class TranslatorConfig:
    data: DataConfig = field(default_factory=DataConfig)
    model: ModelConfig = field(default_factory=ModelConfig)
    train: TrainConfig = field(default_factory=TrainConfig)

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2)

    def save(self, path: Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> TranslatorConfig:
        return cls(
            data=_build(DataConfig, raw.get("data", {})),
            model=_build(ModelConfig, raw.get("model", {})),
            train=_build(TrainConfig, raw.get("train", {})),
        )

    @classmethod
    def load(cls, path: Path) -> TranslatorConfig:
        return cls.from_dict(json.loads(Path(path).read_text(encoding="utf-8")))


def _build(kind: type[T], raw: dict[str, Any]) -> T:
    """``kind`` from ``raw``; an unknown key is an error (a typo must not pass silently)."""
    names = {f.name for f in dataclasses.fields(kind)}  # type: ignore[arg-type]
    unknown = sorted(set(raw) - names)
    if unknown:
        raise ValueError(f"unknown {kind.__name__} keys: {unknown}")
    return kind(**raw)


def override(obj: Any, assignments: list[str]) -> None:
    """Apply ``section.key=value`` strings (e.g. ``model.d_model=128``) to a config."""
    for item in assignments:
        key, _, value = item.partition("=")
        section, _, name = key.partition(".")
        target = getattr(obj, section)
        current = getattr(target, name)
        if isinstance(current, bool):
            new: Any = value.lower() in {"1", "true", "yes"}
        else:
            new = type(current)(value)
        setattr(target, name, new)
