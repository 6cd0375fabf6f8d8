"""Shuffled, length-bucketed batches of token ids (little padding, roughly constant tokens)."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.manifest import BOS_ID


def pad_batch(sequences: Sequence[np.ndarray], multiple: int = 1, width: int = 0) -> np.ndarray:
    """Right-pad with 0 to the longest length, rounded up to ``multiple`` (or to ``width``)."""
    longest = width or -(-max(len(s) for s in sequences) // multiple) * multiple
    out = np.zeros((len(sequences), longest), dtype=np.int32)
    for i, s in enumerate(sequences):
        out[i, : len(s)] = s
    return out


def make_batches(
    source: Sequence[np.ndarray], target: Sequence[np.ndarray], batch_tokens: int,
    rng: np.random.Generator, bucket_width: int = 4,
) -> list[np.ndarray]:
    """Index batches: pairs sorted by (bucketed) length, cut so that each batch holds about
    ``batch_tokens`` padded source+target tokens, then shuffled."""
    lengths = np.array([max(len(s), len(t)) for s, t in zip(source, target, strict=False)])
    noise = rng.random(len(lengths))  # shuffles within a bucket
    order = np.lexsort((noise, lengths // bucket_width))
    batches: list[np.ndarray] = []
    start = 0
    while start < len(order):
        longest = 0
        end = start
        while end < len(order):
            longest_next = max(longest, lengths[order[end]])
            if (end - start + 1) * longest_next * 2 > batch_tokens and end > start:
                break
            longest = longest_next
            end += 1
        batches.append(order[start:end])
        start = end
    rng.shuffle(batches)
    return batches


def batch_arrays(
    source: Sequence[np.ndarray], target: Sequence[np.ndarray], index: np.ndarray, multiple: int = 1,
    bos_id: int = BOS_ID,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(source_ids, decoder_input, labels)``; decoder input = BOS + labels[:-1]."""
    src = pad_batch([source[i] for i in index], multiple)
    labels = pad_batch([target[i] for i in index], multiple)
    return src, decoder_input(labels, bos_id), labels


def decoder_input(labels: np.ndarray, bos_id: int = BOS_ID) -> np.ndarray:
    """Teacher forcing: BOS + ``labels[:, :-1]``."""
    return np.concatenate([np.full((len(labels), 1), bos_id, np.int32), labels[:, :-1]], axis=1)


WIDTHS = (16, 24, 32, 48, 64)


def batch_widths(longest: int, widths: Sequence[int] = WIDTHS) -> list[int]:
    """The batch widths a corpus whose longest side has ``longest`` tokens needs: those below it and
    the first that holds it (past the last, the next multiple of 16)."""
    below = [w for w in sorted(widths) if w < longest]
    return below + [next((w for w in sorted(widths) if w >= longest), -(-longest // 16) * 16)]


def fixed_shape_batches(
    source: Sequence[np.ndarray], target: Sequence[np.ndarray], batch_tokens: int,
    rng: np.random.Generator, widths: Sequence[int] = WIDTHS,
) -> list[tuple[int, np.ndarray]]:
    """``(width, index)`` batches of few distinct shapes, for compilers that trace per shape (XLA
    under JAX): each pair goes to the narrowest ``width`` that holds both sides, and each
    batch of a width has exactly ``batch_tokens // (2 * width)`` rows; the last batch of a
    width is filled with ``-1`` (empty rows, all padding, which the loss ignores)."""
    lengths = np.array([max(len(s), len(t)) for s, t in zip(source, target, strict=False)])
    widths = sorted(widths)
    if lengths.size and lengths.max() > widths[-1]:
        raise ValueError(f"a pair of {lengths.max()} tokens is longer than the widest batch ({widths[-1]})")
    bucket = np.searchsorted(np.array(widths), lengths)
    batches: list[tuple[int, np.ndarray]] = []
    for b, width in enumerate(widths):
        members = rng.permutation(np.flatnonzero(bucket == b))
        rows = max(1, batch_tokens // (2 * width))
        for start in range(0, len(members), rows):
            index = np.full(rows, -1, np.int64)
            chunk = members[start: start + rows]
            index[: len(chunk)] = chunk
            batches.append((width, index))
    order = rng.permutation(len(batches))
    return [batches[i] for i in order]


def fixed_shape_arrays(
    source: Sequence[np.ndarray], target: Sequence[np.ndarray], width: int, index: np.ndarray,
    bos_id: int = BOS_ID,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(source_ids, decoder_input, labels)``, each ``[len(index), width]``; ``-1`` rows stay empty."""
    empty = np.zeros(0, np.int32)
    src = pad_batch([source[i] if i >= 0 else empty for i in index], width=width)
    labels = pad_batch([target[i] if i >= 0 else empty for i in index], width=width)
    dec_in = decoder_input(labels, bos_id)
    dec_in[index < 0] = 0
    return src, dec_in, labels
