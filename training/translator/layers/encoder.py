"""Encoder: a stack of self-attention + feed-forward layers over the source tokens."""
from __future__ import annotations

import keras

from training.translator.layers.attention import MultiHeadAttention
from training.translator.layers.feed_forward import FeedForward
from training.translator.layers.residual import ResidualNorm
from training.translator.layers.stack import LayerStack
from training.translator.layers.tensor import Tensor


class EncoderLayer(keras.layers.Layer):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float, pre_norm: bool, **kwargs):
        super().__init__(**kwargs)
        self.d_model = d_model
        self.self_attention = MultiHeadAttention(d_model, num_heads, dropout, name="self_attention")
        self.feed_forward = FeedForward(d_model, d_ff, dropout, name="feed_forward")
        self.attention_block = ResidualNorm(d_model, dropout, pre_norm, name="attention_block")
        self.ff_block = ResidualNorm(d_model, dropout, pre_norm, name="ff_block")

    def build(self, input_shape=None):
        for layer in (self.self_attention, self.feed_forward, self.attention_block, self.ff_block):
            layer.build(None)
        self.built = True

    def call(self, x: Tensor, bias: Tensor, training: bool = False):
        x, weights = self.attention_block.wrap(
            x, lambda h: self.self_attention(h, h, bias, training=training), training=training
        )
        x, _ = self.ff_block.wrap(x, lambda h: self.feed_forward(h, training=training), training=training)
        return x, weights


class Encoder(LayerStack):
    """Returns the encoded source ``[B, S, D]`` and each layer's weights ``[B, H, S, S]``."""

    def __init__(self, num_layers: int, d_model: int, num_heads: int, d_ff: int, dropout: float,
                 pre_norm: bool, **kwargs):
        super().__init__(num_layers, d_model, pre_norm,
                         lambda name: EncoderLayer(d_model, num_heads, d_ff, dropout, pre_norm, name=name),
                         **kwargs)

    def call(self, x: Tensor, bias: Tensor, training: bool = False):
        weights = []
        for layer in self.blocks:
            x, w = layer(x, bias, training=training)
            weights.append(w)
        if self.pre_norm:
            x = self.final_norm(x)
        return x, weights
