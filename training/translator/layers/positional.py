"""Token embedding (shared by encoder, decoder and the tied output layer) + sinusoidal positions."""
from __future__ import annotations

import math

import keras
import numpy as np
from keras import ops

from training.translator.layers.tensor import Tensor


def positional_encoding(length: int, depth: int) -> np.ndarray:
    """The sinusoidal table of "Attention Is All You Need": ``[length, depth]`` float32."""
    positions = np.arange(length)[:, None].astype(np.float64)
    rates = 1.0 / np.power(10000.0, (2 * (np.arange(depth) // 2)) / depth)
    angles = positions * rates[None, :]
    table = np.zeros((length, depth), dtype=np.float64)
    table[:, 0::2] = np.sin(angles[:, 0::2])
    table[:, 1::2] = np.cos(angles[:, 1::2])
    return table.astype(np.float32)


class PositionalEmbedding(keras.layers.Layer):
    """``embed(ids, start)`` = token embedding · √d_model + position encoding, then dropout.

    ``logits(h)`` reuses the embedding matrix as the output projection (tied embeddings).
    """

    def __init__(self, vocab_size: int, d_model: int, max_position: int, dropout: float, **kwargs):
        super().__init__(**kwargs)
        self.vocab_size, self.d_model = vocab_size, d_model
        self.token = keras.layers.Embedding(
            vocab_size, d_model, name="token",
            embeddings_initializer=keras.initializers.RandomNormal(stddev=d_model**-0.5),
        )
        self.positions = ops.convert_to_tensor(positional_encoding(max_position, d_model))
        self.dropout = keras.layers.Dropout(dropout)

    def build(self, input_shape=None):
        self.token.build((None, None))
        self.output_bias = self.add_weight(
            shape=(self.vocab_size,), initializer="zeros", name="output_bias"
        )
        self.built = True

    def call(self, ids: Tensor, start: Tensor | int = 0, training: bool = False) -> Tensor:
        length = ops.shape(ids)[1]
        x = self.token(ids)  # the compute dtype: float32, or bfloat16 in mixed precision
        x = x * ops.cast(math.sqrt(self.d_model), x.dtype)
        x = x + ops.cast(self.positions[start: start + length][None], x.dtype)
        return self.dropout(x, training=training)

    def logits(self, hidden: Tensor) -> Tensor:
        """Float32 logits whatever the compute dtype (loss and search need the precision)."""
        matrix = ops.cast(self.token.embeddings, hidden.dtype)
        flat = ops.reshape(hidden, (-1, self.d_model))
        logits = ops.cast(ops.matmul(flat, ops.transpose(matrix)), "float32") + ops.cast(self.output_bias, "float32")
        return ops.reshape(logits, (*ops.shape(hidden)[:-1], self.vocab_size))
