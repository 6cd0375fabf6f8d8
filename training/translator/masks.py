"""Additive attention biases: 0 where attention is allowed, a large negative number elsewhere."""
from __future__ import annotations

from keras import ops

from training.shared import NEG_INF
from training.translator.layers.tensor import Tensor


def padding_bias(ids: Tensor, pad_id: int = 0) -> Tensor:
    """``[B, 1, 1, S]``: masks the padding keys of ``ids [B, S]``."""
    return ops.cast(ops.equal(ids, pad_id), "float32")[:, None, None, :] * NEG_INF


def look_ahead_bias(length: Tensor | int) -> Tensor:
    """``[1, 1, T, T]``: position t may attend to positions ≤ t only."""
    visible = ops.tril(ops.ones((length, length)))
    return ((1.0 - visible) * NEG_INF)[None, None]
