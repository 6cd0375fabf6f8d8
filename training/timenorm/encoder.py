"""Character encoder: embedding + bidirectional LSTM over the (masked) input characters."""
from __future__ import annotations

import keras
from keras import ops

from training.timenorm.config import ModelConfig
from training.timenorm.vocab import INPUT_VOCAB_SIZE, PAD


@keras.saving.register_keras_serializable("timenorm")
class CharEncoder(keras.layers.Layer):
    """``ids [B, T] -> (states [B, T, 2U], mask [B, T], initial decoder state [h, c])``."""

    def __init__(self, config: ModelConfig, **kwargs):
        super().__init__(**kwargs)
        self.config = config
        self.embedding = keras.layers.Embedding(INPUT_VOCAB_SIZE, config.embedding_dim, name="char_embedding")
        self.bilstm = keras.layers.Bidirectional(
            keras.layers.LSTM(config.encoder_units, return_sequences=True, return_state=True),
            name="bilstm",
        )
        self.bridge_h = keras.layers.Dense(config.decoder_units, activation="tanh", name="bridge_h")
        self.bridge_c = keras.layers.Dense(config.decoder_units, name="bridge_c")

    def call(self, ids, training=False):
        mask = ops.not_equal(ids, PAD)
        states, fw_h, fw_c, bw_h, bw_c = self.bilstm(self.embedding(ids), mask=mask, training=training)
        initial = [
            self.bridge_h(ops.concatenate([fw_h, bw_h], axis=-1)),
            self.bridge_c(ops.concatenate([fw_c, bw_c], axis=-1)),
        ]
        return states, mask, initial
