"""Subword regularisation (BPE-dropout): each epoch sees the training text split into pieces a
little differently, which helps small-data translation (Provilkov et al., 2020).

SentencePiece's BPE samples a segmentation by skipping each merge with probability ``dropout``.
The decoder keeps learning the deterministic segmentation the service uses at inference only
through the share of pairs left unsampled (``dropout`` = 0 is the deterministic encoding).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import sentencepiece as spm

from core.manifest import EOS_ID


def read_pairs(path: Path) -> tuple[list[str], list[str]]:
    sources, targets = [], []
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            en, _, de = line.rstrip("\n").partition("\t")
            sources.append(en)
            targets.append(de)
    return sources, targets


def sampled_ids(sp: spm.SentencePieceProcessor, texts: list[str], dropout: float, seed: int) -> list[list[int]]:
    """Ids + EOS of each text, with merges dropped at rate ``dropout`` (seeded)."""
    spm.set_random_generator_seed(seed)
    # One thread: with several, the sampled segmentation depends on scheduling (not reproducible).
    encoded = sp.encode(texts, out_type=int, enable_sampling=dropout > 0, alpha=dropout, nbest_size=-1, num_threads=1)
    return [ids + [EOS_ID] for ids in encoded]


def resample_epoch(sp: spm.SentencePieceProcessor, sources: list[str], targets: list[str],
                   fallback: tuple[list[np.ndarray], list[np.ndarray]], dropout: float, max_tokens: int,
                   seed: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """One epoch's ids of every pair. A pair whose sampled pieces exceed ``max_tokens`` on either
    side keeps its deterministic ids (``fallback``), so the pairs and their order never change."""
    src = sampled_ids(sp, sources, dropout, seed)
    tgt = sampled_ids(sp, targets, dropout, seed + 1)
    out_src, out_tgt = [], []
    for i, (s, t) in enumerate(zip(src, tgt, strict=True)):
        if len(s) <= max_tokens and len(t) <= max_tokens:  # with EOS, as prepare counts
            out_src.append(np.asarray(s, np.int32))
            out_tgt.append(np.asarray(t, np.int32))
        else:
            out_src.append(fallback[0][i])
            out_tgt.append(fallback[1][i])
    return out_src, out_tgt
