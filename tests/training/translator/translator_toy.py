"""A tiny Transformer trained in seconds on a copy task (shared by the translator tests)."""
from __future__ import annotations

import functools

import keras
import numpy as np
import tensorflow as tf

from training.translator.config import ModelConfig
from training.translator.losses import smoothed_loss
from training.translator.transformer import build_transformer

VOCAB = 16  # 0 pad, 1 unk, 2 BOS, 3 EOS, 4..15 symbols
TOY = ModelConfig(vocab_size=VOCAB, d_model=32, num_heads=2, d_ff=64, encoder_layers=1,
                  decoder_layers=2, dropout=0.0, max_position=32)


def copy_batch(rng: np.random.Generator, batch: int = 64, max_len: int = 7):
    """Source = random symbols + EOS (0-padded); the target is the same sequence."""
    lengths = rng.integers(2, max_len + 1, batch)
    src = np.zeros((batch, max_len + 1), np.int32)
    for i, n in enumerate(lengths):
        src[i, :n] = rng.integers(4, VOCAB, n)
        src[i, n] = 3
    dec_in = np.concatenate([np.full((batch, 1), 2, np.int32), src[:, :-1]], 1)
    return src, dec_in, src


@functools.lru_cache(maxsize=1)
def trained_copy_model(steps: int = 1000):
    """Fixed seeds; about a thousand Adam steps (a margin: near-ties made the engine comparisons flaky at 400-600)."""
    keras.utils.set_random_seed(7)
    model = build_transformer(TOY)
    optimizer = keras.optimizers.Adam(3e-3)

    @tf.function
    def step(src, dec_in, labels):
        with tf.GradientTape() as tape:
            loss, _ = smoothed_loss(labels, model((src, dec_in), training=True), 0.0)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=False))
        return loss

    rng = np.random.default_rng(0)
    for _ in range(steps):
        loss = step(*copy_batch(rng))
    return model, float(loss)


def untrained_model():
    keras.utils.set_random_seed(3)
    return build_transformer(TOY)
