"""LSTM decoder with attention over the encoder states (Luong-style input feeding).

One step: the LSTM reads ``[embedding(previous char), previous attentional state]``; its
output ``s_t`` queries the attention layer; ``tanh(Wc [s_t; context])`` is the attentional
state that predicts the next character and is fed to the next step.
"""
from __future__ import annotations

import keras
from keras import ops

from training.timenorm.attention import make_attention
from training.timenorm.config import ModelConfig
from training.timenorm.vocab import OUTPUT_VOCAB_SIZE


@keras.saving.register_keras_serializable("timenorm")
class AttentionDecoder(keras.layers.Layer):
    def __init__(self, config: ModelConfig, **kwargs):
        super().__init__(**kwargs)
        self.config = config
        self.embedding = keras.layers.Embedding(OUTPUT_VOCAB_SIZE, config.embedding_dim, name="output_embedding")
        self.cell = keras.layers.LSTMCell(config.decoder_units, name="decoder_lstm")
        self.attention = make_attention(
            config.attention, attention_units=config.attention_units, query_units=config.decoder_units
        )
        self.combine = keras.layers.Dense(config.decoder_units, activation="tanh", name="attentional_state")
        self.project = keras.layers.Dense(OUTPUT_VOCAB_SIZE, name="char_logits")

    def initial_feed(self, keys):
        return ops.zeros((ops.shape(keys)[0], self.config.decoder_units), dtype=keys.dtype)

    def step(self, tokens, state, feed, keys, key_mask, projected_keys, training=False):
        """One decoder step: ``tokens [B]`` -> ``(logits [B, V], state, feed, weights [B, T])``."""
        inputs = ops.concatenate([self.embedding(tokens), feed], axis=-1)
        output, state = self.cell(inputs, state, training=training)
        context, weights = self.attention(output, keys, key_mask, projected_keys)
        feed = self.combine(ops.concatenate([output, context], axis=-1))
        return self.project(feed), list(state), feed, weights

    def call(self, decoder_inputs, keys, key_mask, initial_state, training=False):
        """Teacher forcing over ``decoder_inputs [B, T_out]`` (static T_out)."""
        projected = self.attention.project_keys(keys)
        state, feed = list(initial_state), self.initial_feed(keys)
        all_logits, all_weights = [], []
        for t in range(decoder_inputs.shape[1]):
            logits, state, feed, weights = self.step(
                decoder_inputs[:, t], state, feed, keys, key_mask, projected, training=training
            )
            all_logits.append(logits)
            all_weights.append(weights)
        return ops.stack(all_logits, axis=1), ops.stack(all_weights, axis=1)
