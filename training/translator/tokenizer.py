"""SentencePiece BPE for the translator: training it, and using it through ``bpemb``.

One joint, case-preserving BPE model for English and German (digits split into single
pieces), ids: 0 = pad, 1 = unk, 2 = BOS, 3 = EOS. Training code loads it through
``bpemb.BPEmb(..., segmentation_only=True, preprocess=False)`` (no lowercasing, no digit
mapping); the service loads the same file with ``sentencepiece`` directly.
"""
from __future__ import annotations

from pathlib import Path

import sentencepiece as spm

from core.manifest import BOS_ID, EOS_ID, PAD_ID, UNK_ID

JOINT_MODEL_NAME = "spm-joint-en-de"


def train_joint_bpe(texts_file: Path, out_dir: Path, vocab_size: int, seed: int = 13) -> Path:
    """Train the joint BPE model on ``texts_file`` (one sentence a line); returns the .model."""
    prefix = out_dir / JOINT_MODEL_NAME
    spm.SentencePieceTrainer.train(
        input=str(texts_file),
        model_prefix=str(prefix),
        vocab_size=vocab_size,
        model_type="bpe",
        character_coverage=1.0,
        split_digits=True,
        byte_fallback=True,
        pad_id=PAD_ID,
        unk_id=UNK_ID,
        bos_id=BOS_ID,
        eos_id=EOS_ID,
        normalization_rule_name="nmt_nfkc",
        num_threads=2,
        minloglevel=2,
    )
    return prefix.with_suffix(".model")


class Tokenizer:
    """Encodes/decodes with one SentencePiece model loaded through ``bpemb``."""

    def __init__(self, model_file: str | Path) -> None:
        from bpemb import BPEmb

        self.model_file = Path(model_file)
        self.bpemb = BPEmb(
            lang="en", vs=0, model_file=self.model_file, segmentation_only=True,
            preprocess=False, vs_fallback=False,
        )
        self.sp = self.bpemb.spm
        if self.sp.pad_id() != PAD_ID or self.sp.eos_id() != EOS_ID or self.sp.bos_id() != BOS_ID:
            raise ValueError(f"{model_file}: unexpected special ids")
        self.vocab_size = self.sp.get_piece_size()

    def encode(self, texts: list[str]) -> list[list[int]]:
        """Ids of each text followed by EOS."""
        return [ids + [EOS_ID] for ids in self.bpemb.encode_ids(list(texts))]

    def pieces(self, text: str) -> list[str]:
        return self.bpemb.encode(text)

    def decode(self, ids: list[int]) -> str:
        """Text of ``ids`` up to EOS, as the model wrote it (the service's text handling is
        ``core.translation``)."""
        clean = [int(i) for i in ids if i not in (PAD_ID, BOS_ID)]
        if EOS_ID in clean:
            clean = clean[: clean.index(EOS_ID)]
        return str(self.sp.decode_ids(clean))
