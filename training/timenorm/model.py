"""The seq2seq time normalizer: ``CharEncoder`` + ``AttentionDecoder``."""
from __future__ import annotations

import keras
import numpy as np

from training.timenorm.config import ModelConfig
from training.timenorm.decoder import AttentionDecoder
from training.timenorm.encoder import CharEncoder
from training.timenorm.vocab import MAX_OUTPUT_LENGTH


@keras.saving.register_keras_serializable("timenorm")
class TimeNormalizerModel(keras.Model):
    """``(input_ids [B, T_in], decoder_inputs [B, T_out]) -> (logits, attention)``."""

    def __init__(self, config: ModelConfig, **kwargs):
        super().__init__(**kwargs)
        self.config = config
        self.encoder = CharEncoder(config, name="encoder")
        self.decoder = AttentionDecoder(config, name="decoder")

    def call(self, inputs, training=False):
        input_ids, decoder_inputs = inputs
        keys, key_mask, state = self.encoder(input_ids, training=training)
        return self.decoder(decoder_inputs, keys, key_mask, state, training=training)


def build_model(config: ModelConfig) -> TimeNormalizerModel:
    """A model with its variables created (by one call on a dummy batch)."""
    model = TimeNormalizerModel(config)
    model((np.ones((1, 4), dtype="int32"), np.ones((1, MAX_OUTPUT_LENGTH), dtype="int32")))
    return model

