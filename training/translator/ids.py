"""The prepared token-id files (``train-src.npz``, ``train-tgt.npz``): pure NumPy, any backend."""
from __future__ import annotations

from pathlib import Path

import numpy as np


def save_ids(path: Path, sequences: list[list[int]] | list[np.ndarray]) -> None:
    """``flat`` ids (uint16 where the vocabulary fits, compressed) and each sequence's length."""
    lengths = np.array([len(s) for s in sequences], dtype=np.int32)
    flat = np.fromiter((i for s in sequences for i in s), dtype=np.int64, count=int(lengths.sum()))
    dtype = np.uint16 if flat.size == 0 or (flat.min() >= 0 and flat.max() < 2**16) else np.int32
    np.savez_compressed(path, flat=flat.astype(dtype), lengths=lengths)


def load_ids(path: Path) -> list[np.ndarray]:
    """The sequences as int32 arrays (files written as int32 or uint16 alike)."""
    data = np.load(path)
    offsets = np.concatenate([[0], np.cumsum(data["lengths"])])
    flat = data["flat"].astype(np.int32)
    return [flat[offsets[i]: offsets[i + 1]] for i in range(len(data["lengths"]))]
