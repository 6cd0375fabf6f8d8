"""The encoder–decoder Transformer (shared embeddings, tied output projection)."""
from __future__ import annotations

import keras
import numpy as np
from keras import ops

from training.translator.config import ModelConfig
from training.translator.layers import Decoder, Encoder, PositionalEmbedding
from training.translator.layers.tensor import Tensor
from training.translator.masks import look_ahead_bias, padding_bias


class Transformer(keras.layers.Layer):
    """A Layer rather than a keras.Model: no Keras training/saving machinery gets exported."""

    def __init__(self, config: ModelConfig, **kwargs):
        super().__init__(**kwargs)
        self.config = config
        c = config
        self.embedding = PositionalEmbedding(c.vocab_size, c.d_model, c.max_position, c.dropout, name="embedding")
        self.encoder = Encoder(c.encoder_layers, c.d_model, c.num_heads, c.d_ff, c.dropout, c.pre_norm, name="encoder")
        self.decoder = Decoder(c.decoder_layers, c.d_model, c.num_heads, c.d_ff, c.dropout, c.pre_norm, name="decoder")

    def build(self, input_shape=None):
        for layer in (self.embedding, self.encoder, self.decoder):
            layer.build(None)
        self.built = True

    def encode(self, source_ids: Tensor, training: bool = False):
        """``(memory [B, S, D], memory_bias [B, 1, 1, S], encoder weights per layer)``."""
        bias = padding_bias(source_ids, self.config.pad_id)
        memory, weights = self.encoder(self.embedding(source_ids, training=training), bias, training=training)
        return memory, bias, weights

    def decode(self, decoder_input: Tensor, memory, memory_bias, training: bool = False):
        """Teacher-forced: ``(logits [B, T, V], self weights, cross weights)``."""
        causal = look_ahead_bias(ops.shape(decoder_input)[1])
        x = self.embedding(decoder_input, training=training)
        x, self_w, cross_w = self.decoder(x, memory, causal, memory_bias, training=training)
        return self.embedding.logits(x), self_w, cross_w

    def call(self, inputs, training: bool = False):
        source_ids, decoder_input = inputs
        memory, bias, _ = self.encode(source_ids, training=training)
        logits, _, _ = self.decode(decoder_input, memory, bias, training=training)
        return logits

    def decode_step(self, tokens: Tensor, position: Tensor, self_caches, cross_kv, memory_bias):
        """One cached step: ``tokens [N]`` at ``position`` → ``(logits [N, V], new caches)``."""
        x = self.embedding(tokens[:, None], start=position)
        x, self_caches, _ = self.decoder.step(x, self_caches, cross_kv, memory_bias)
        return self.embedding.logits(x[:, 0]), self_caches


def build_transformer(config: ModelConfig) -> Transformer:
    model = Transformer(config)
    model.build(None)
    dummy = ops.convert_to_tensor(np.array([[5, 6, config.eos_id]], np.int32))
    model((dummy, dummy))
    return model

