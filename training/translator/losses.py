"""Label-smoothed cross-entropy over non-padding target tokens."""
from __future__ import annotations

import tensorflow as tf


def smoothed_loss(labels: tf.Tensor, logits: tf.Tensor, smoothing: float, pad_id: int = 0):
    """Returns ``(mean loss per real token, number of real tokens)``.

    The smoothed target puts ``1 - smoothing`` on the label and spreads ``smoothing``
    uniformly over the vocabulary.
    """
    vocab = tf.shape(logits)[-1]
    confidence = 1.0 - smoothing
    targets = tf.one_hot(labels, vocab, on_value=confidence, off_value=0.0)
    targets += smoothing / tf.cast(vocab, tf.float32)
    per_token = tf.nn.softmax_cross_entropy_with_logits(targets, logits)
    mask = tf.cast(tf.not_equal(labels, pad_id), tf.float32)
    count = tf.reduce_sum(mask)
    return tf.reduce_sum(per_token * mask) / tf.maximum(count, 1.0), count

