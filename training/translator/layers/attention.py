"""Multi-head scaled dot-product attention that returns per-head weights and takes a KV cache."""
from __future__ import annotations

import keras
from keras import ops

from training.translator.layers.tensor import Tensor


class MultiHeadAttention(keras.layers.Layer):
    """softmax(Q Kᵀ / √d_k + bias) V over ``num_heads`` heads.

    ``bias`` is additive (0 = visible, -1e9 = masked) and broadcasts to ``[B, H, Q, K]``.
    Keys/values can be projected once (``project_kv``) and reused or extended step by step
    (``attend``), which is what the decoder's key/value cache does.
    """

    def __init__(self, d_model: int, num_heads: int, dropout: float = 0.0, **kwargs):
        super().__init__(**kwargs)
        if d_model % num_heads:
            raise ValueError(f"d_model {d_model} is not divisible by num_heads {num_heads}")
        self.d_model, self.num_heads = d_model, num_heads
        self.depth = d_model // num_heads
        self.query = keras.layers.Dense(d_model, name="query")
        self.key = keras.layers.Dense(d_model, name="key")
        self.value = keras.layers.Dense(d_model, name="value")
        self.out = keras.layers.Dense(d_model, name="out")
        self.dropout = keras.layers.Dropout(dropout)

    def build(self, input_shape=None):
        for dense in (self.query, self.key, self.value, self.out):
            dense.build((None, None, self.d_model))
        self.built = True

    def split_heads(self, x: Tensor) -> Tensor:
        """``[B, T, D]`` → ``[B, H, T, D/H]``."""
        batch, length = ops.shape(x)[0], ops.shape(x)[1]
        x = ops.reshape(x, (batch, length, self.num_heads, self.depth))
        return ops.transpose(x, (0, 2, 1, 3))

    def project_kv(self, x: Tensor) -> tuple[Tensor, Tensor]:
        return self.split_heads(self.key(x)), self.split_heads(self.value(x))

    def attend(
        self,
        query_input: Tensor,
        keys: Tensor,
        values: Tensor,
        bias: Tensor | None = None,
        training: bool = False,
    ) -> tuple[Tensor, Tensor]:
        """Returns the output ``[B, Q, D]`` and the attention weights ``[B, H, Q, K]``."""
        q = self.split_heads(self.query(query_input)) * (self.depth**-0.5)
        scores = ops.cast(ops.einsum("bhqd,bhkd->bhqk", q, keys), "float32")  # softmax in float32
        if bias is not None:
            scores += ops.cast(bias, "float32")
        weights = ops.cast(ops.softmax(scores, axis=-1), values.dtype)
        context = ops.einsum("bhqk,bhkd->bhqd", self.dropout(weights, training=training), values)
        batch, length = ops.shape(context)[0], ops.shape(context)[2]
        context = ops.reshape(ops.transpose(context, (0, 2, 1, 3)), (batch, length, self.d_model))
        return self.out(context), weights

    def call(self, query_input, kv_input, bias=None, training=False):
        keys, values = self.project_kv(kv_input)
        return self.attend(query_input, keys, values, bias, training=training)
