"""Position-wise feed-forward block: Dense(d_ff, ReLU) → Dropout → Dense(d_model)."""
from __future__ import annotations

import keras

from training.translator.layers.tensor import Tensor


class FeedForward(keras.layers.Layer):
    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.0, **kwargs):
        super().__init__(**kwargs)
        self.d_model, self.d_ff = d_model, d_ff
        self.inner = keras.layers.Dense(d_ff, activation="relu", name="inner")
        self.outer = keras.layers.Dense(d_model, name="outer")
        self.dropout = keras.layers.Dropout(dropout)

    def build(self, input_shape=None):
        self.inner.build((None, None, self.d_model))
        self.outer.build((None, None, self.d_ff))
        self.built = True

    def call(self, x: Tensor, training: bool = False) -> Tensor:
        return self.outer(self.dropout(self.inner(x), training=training))
