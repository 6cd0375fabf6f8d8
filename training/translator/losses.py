"""Label-smoothed cross-entropy over non-padding target tokens (``keras.ops``: any backend)."""
from __future__ import annotations

from keras import ops

from training.translator.layers.tensor import Tensor


def smoothed_loss(labels: Tensor, logits: Tensor, smoothing: float, pad_id: int = 0):
    """Returns ``(mean loss per real token, number of real tokens)``.

    The smoothed target puts ``1 - smoothing`` on the label and spreads ``smoothing``
    uniformly over the vocabulary.
    """
    vocab = ops.shape(logits)[-1]
    targets = ops.one_hot(labels, vocab, dtype="float32") * (1.0 - smoothing)
    targets += smoothing / ops.cast(vocab, "float32")
    per_token = -ops.sum(targets * ops.log_softmax(ops.cast(logits, "float32"), axis=-1), axis=-1)
    mask = ops.cast(ops.not_equal(labels, pad_id), "float32")
    count = ops.sum(mask)
    return ops.sum(per_token * mask) / ops.maximum(count, 1.0), count
