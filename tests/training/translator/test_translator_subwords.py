"""BPE-dropout (training/translator/subwords.py): sampled, seeded, bounded segmentations."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import sentencepiece as spm

from core.manifest import EOS_ID
from training.translator.subwords import read_pairs, resample_epoch, sampled_ids

SHIPPED = sorted(Path("models/translator-en-de").glob("*/assets.extra/spm-joint-en-de.model"))[-1]
TEXTS = ["Tom guessed my weight.", "I don't understand what you're saying.", "Wo ist der Bahnhof?"] * 20


@pytest.fixture(scope="module")
def sp() -> spm.SentencePieceProcessor:
    return spm.SentencePieceProcessor(model_file=str(SHIPPED))


def test_sampling_is_seeded_and_decodes_to_the_same_text(sp: spm.SentencePieceProcessor) -> None:
    a, b = sampled_ids(sp, TEXTS, 0.1, seed=5), sampled_ids(sp, TEXTS, 0.1, seed=5)
    assert a == b
    assert a != sampled_ids(sp, TEXTS, 0.1, seed=6)
    fixed = sampled_ids(sp, TEXTS, 0.0, seed=5)
    assert fixed == [sp.encode(t) + [EOS_ID] for t in TEXTS]  # dropout 0 = the service's segmentation
    assert sum(map(len, a)) > sum(map(len, fixed))  # dropped merges: more, shorter pieces
    assert all(sp.decode(ids[:-1]) == text and ids[-1] == EOS_ID for ids, text in zip(a, TEXTS, strict=True))


def test_resample_keeps_pairs_and_falls_back_when_too_long(sp: spm.SentencePieceProcessor) -> None:
    targets = ["Tom hat mein Gewicht geschätzt.", "Ich verstehe nicht, was du sagst.", "Where is the station?"] * 20
    fallback = ([np.array([7, EOS_ID], np.int32)] * len(TEXTS), [np.array([8, EOS_ID], np.int32)] * len(TEXTS))
    src, tgt = resample_epoch(sp, TEXTS, targets, fallback, 0.3, max_tokens=64, seed=1)
    assert len(src) == len(tgt) == len(TEXTS)
    assert sp.decode(src[1][:-1].tolist()) == TEXTS[1] and sp.decode(tgt[0][:-1].tolist()) == targets[0]
    short, _ = resample_epoch(sp, TEXTS, targets, fallback, 0.3, max_tokens=5, seed=1)
    assert all(s.tolist() == [7, EOS_ID] for s in short)  # nothing fits in 5 pieces: deterministic ids kept


def test_read_pairs(tmp_path: Path) -> None:
    path = tmp_path / "train.tsv"
    path.write_text("Hi.\tHallo.\nYes.\tJa.\n", encoding="utf-8")
    assert read_pairs(path) == (["Hi.", "Yes."], ["Hallo.", "Ja."])
