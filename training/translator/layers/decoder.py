"""Decoder: causal self-attention, cross-attention over the source, feed-forward; with KV cache."""
from __future__ import annotations

import keras
from keras import ops

from training.translator.layers.attention import MultiHeadAttention
from training.translator.layers.feed_forward import FeedForward
from training.translator.layers.residual import ResidualNorm
from training.translator.layers.stack import LayerStack
from training.translator.layers.tensor import Tensor

Cache = dict[str, Tensor]


class CausalSelfAttention(MultiHeadAttention):
    """Self-attention that only looks back: a look-ahead mask, or the cache of earlier steps."""

    def step(self, x: Tensor, cache: Cache) -> tuple[Tensor, Tensor, Cache]:
        """One new position ``x [N, 1, D]``; appends its keys/values to ``cache``."""
        keys, values = self.project_kv(x)
        keys = ops.concatenate([cache["k"], keys], axis=2)
        values = ops.concatenate([cache["v"], values], axis=2)
        out, weights = self.attend(x, keys, values, None, training=False)
        return out, weights, {"k": keys, "v": values}


class CrossAttention(MultiHeadAttention):
    """Decoder queries over the encoder output; its keys/values are computed once per sentence."""


class DecoderLayer(keras.layers.Layer):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float, pre_norm: bool, **kwargs):
        super().__init__(**kwargs)
        self.self_attention = CausalSelfAttention(d_model, num_heads, dropout, name="self_attention")
        self.cross_attention = CrossAttention(d_model, num_heads, dropout, name="cross_attention")
        self.feed_forward = FeedForward(d_model, d_ff, dropout, name="feed_forward")
        self.self_block = ResidualNorm(d_model, dropout, pre_norm, name="self_block")
        self.cross_block = ResidualNorm(d_model, dropout, pre_norm, name="cross_block")
        self.ff_block = ResidualNorm(d_model, dropout, pre_norm, name="ff_block")

    def build(self, input_shape=None):
        for layer in (self.self_attention, self.cross_attention, self.feed_forward,
                      self.self_block, self.cross_block, self.ff_block):
            layer.build(None)
        self.built = True

    def call(self, x, memory, causal_bias, memory_bias, training=False):
        x, self_w = self.self_block.wrap(
            x, lambda h: self.self_attention(h, h, causal_bias, training=training), training=training
        )
        x, cross_w = self.cross_block.wrap(
            x, lambda h: self.cross_attention(h, memory, memory_bias, training=training),
            training=training,
        )
        x, _ = self.ff_block.wrap(x, lambda h: self.feed_forward(h, training=training), training=training)
        return x, self_w, cross_w

    def step(self, x, self_cache: Cache, cross_kv: Cache, memory_bias):
        """Incremental decoding of one position with cached keys/values (inference only)."""
        holder: dict[str, Cache] = {}

        def self_attend(h):
            out, weights, holder["cache"] = self.self_attention.step(h, self_cache)
            return out, weights

        x, _ = self.self_block.wrap(x, self_attend)
        x, cross_w = self.cross_block.wrap(
            x, lambda h: self.cross_attention.attend(h, cross_kv["k"], cross_kv["v"], memory_bias)
        )
        x, _ = self.ff_block.wrap(x, self.feed_forward)
        return x, holder["cache"], cross_w


class Decoder(LayerStack):
    def __init__(self, num_layers: int, d_model: int, num_heads: int, d_ff: int, dropout: float,
                 pre_norm: bool, **kwargs):
        super().__init__(num_layers, d_model, pre_norm,
                         lambda name: DecoderLayer(d_model, num_heads, d_ff, dropout, pre_norm, name=name),
                         **kwargs)
        self.num_heads = num_heads

    def call(self, x, memory, causal_bias, memory_bias, training=False):
        self_weights, cross_weights = [], []
        for layer in self.blocks:
            x, sw, cw = layer(x, memory, causal_bias, memory_bias, training=training)
            self_weights.append(sw)
            cross_weights.append(cw)
        if self.pre_norm:
            x = self.final_norm(x)
        return x, self_weights, cross_weights

    def init_cache(self, memory: Tensor) -> tuple[list[Cache], list[Cache]]:
        """Empty self-attention caches and the cross-attention keys/values of ``memory``."""
        batch = ops.shape(memory)[0]
        depth = self.d_model // self.num_heads
        empty = ops.zeros((batch, self.num_heads, 0, depth), dtype=memory.dtype)
        self_caches = [{"k": empty, "v": empty} for _ in self.blocks]
        cross = []
        for layer in self.blocks:
            k, v = layer.cross_attention.project_kv(memory)
            cross.append({"k": k, "v": v})
        return self_caches, cross

    def step(self, x, self_caches: list[Cache], cross_kv: list[Cache], memory_bias):
        new_caches, cross_weights = [], []
        for layer, cache, kv in zip(self.blocks, self_caches, cross_kv, strict=False):
            x, cache, cw = layer.step(x, cache, kv, memory_bias)
            new_caches.append(cache)
            cross_weights.append(cw)
        if self.pre_norm:
            x = self.final_norm(x)
        return x, new_caches, cross_weights
