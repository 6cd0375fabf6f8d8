"""Additive attention biases: 0 where attention is allowed, a large negative number elsewhere."""
from __future__ import annotations

import tensorflow as tf

from training.shared import NEG_INF


def padding_bias(ids: tf.Tensor, pad_id: int = 0) -> tf.Tensor:
    """``[B, 1, 1, S]``: masks the padding keys of ``ids [B, S]``."""
    return tf.cast(tf.equal(ids, pad_id), tf.float32)[:, tf.newaxis, tf.newaxis, :] * NEG_INF


def look_ahead_bias(length: tf.Tensor | int) -> tf.Tensor:
    """``[1, 1, T, T]``: position t may attend to positions ≤ t only."""
    visible = tf.linalg.band_part(tf.ones([length, length]), -1, 0)
    return ((1.0 - visible) * NEG_INF)[tf.newaxis, tf.newaxis]
