"""Residual connection + layer normalization around a sub-layer (pre- or post-norm)."""
from __future__ import annotations

from collections.abc import Callable

import keras

from training.translator.layers.tensor import Tensor


class ResidualNorm(keras.layers.Layer):
    """Post-norm (as in the paper): ``LN(x + Dropout(f(x)))``; pre-norm: ``x + Dropout(f(LN(x)))``.

    ``f`` may return ``(output, extra)``; the extra value (attention weights) is passed through.
    """

    def __init__(self, d_model: int, dropout: float, pre_norm: bool, **kwargs):
        super().__init__(**kwargs)
        self.d_model, self.pre_norm = d_model, pre_norm
        self.norm = keras.layers.LayerNormalization(epsilon=1e-6, name="norm")
        self.dropout = keras.layers.Dropout(dropout)

    def build(self, input_shape=None):
        self.norm.build((None, None, self.d_model))
        self.built = True

    def wrap(self, x: Tensor, sublayer: Callable, training: bool = False):
        inner = self.norm(x) if self.pre_norm else x
        result = sublayer(inner)
        out, extra = result if isinstance(result, tuple) else (result, None)
        y = x + self.dropout(out, training=training)
        if not self.pre_norm:
            y = self.norm(y)
        return y, extra
