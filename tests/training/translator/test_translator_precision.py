"""Mixed-precision (bfloat16) training: same weights, float32 logits, same decoding."""
from __future__ import annotations

import keras
import numpy as np
import pytest
import tensorflow as tf
from translator_toy import TOY, copy_batch, trained_copy_model

from training.translator.decoding import greedy_decode
from training.translator.losses import smoothed_loss
from training.translator.transformer import build_transformer

SOURCES = tf.constant([[5, 9, 7, 12, 3, 0, 0], [4, 4, 15, 3, 0, 0, 0], [6, 8, 10, 11, 13, 14, 3]], tf.int32)


@pytest.fixture
def bfloat16_policy():
    keras.mixed_precision.set_global_policy("mixed_bfloat16")
    try:
        yield
    finally:
        keras.mixed_precision.set_global_policy("float32")


def _bf16_copy_of(model):
    twin = build_transformer(TOY)
    def names(m):
        return [v.path.split("/", 1)[1] for v in m.variables]

    assert names(twin) == names(model)
    for mine, theirs in zip(twin.variables, model.variables, strict=False):
        mine.assign(theirs)
    return twin


def test_bfloat16_model_keeps_float32_weights_and_logits(bfloat16_policy):
    model, _ = trained_copy_model()
    twin = _bf16_copy_of(model)
    assert all(v.dtype == tf.float32 for v in twin.variables)  # checkpoints stay float32
    src, dec_in, labels = copy_batch(np.random.default_rng(5))
    low = twin((src, dec_in))
    assert low.dtype == tf.float32
    high = model((src, dec_in))
    real = labels != 0
    agree = np.argmax(low.numpy(), -1)[real] == np.argmax(high.numpy(), -1)[real]
    assert agree.mean() > 0.98
    low_loss, _ = smoothed_loss(labels, low, 0.0)
    high_loss, _ = smoothed_loss(labels, high, 0.0)
    assert abs(float(low_loss) - float(high_loss)) < 0.05


def test_bfloat16_model_decodes_like_the_float32_one(bfloat16_policy):
    model, _ = trained_copy_model()
    twin = _bf16_copy_of(model)
    limit, alpha = tf.constant(12), tf.constant(0.6)
    ids, lengths, _ = greedy_decode(twin, SOURCES, limit, alpha)
    for row in range(3):
        expected = [int(t) for t in SOURCES[row] if t != 0]
        assert ids.numpy()[row, : lengths.numpy()[row]].tolist() == expected


def test_bfloat16_gradients_train_the_float32_weights(bfloat16_policy):
    keras.utils.set_random_seed(11)
    model = build_transformer(TOY)
    optimizer = keras.optimizers.Adam(3e-3)
    rng = np.random.default_rng(1)
    losses = []
    for _ in range(60):
        src, dec_in, labels = copy_batch(rng)
        with tf.GradientTape() as tape:
            loss, _ = smoothed_loss(labels, model((src, dec_in), training=True), 0.0)
        grads = tape.gradient(loss, model.trainable_variables)
        assert all(g.dtype == tf.float32 for g in grads if g is not None)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=False))
        losses.append(float(loss))
    assert np.mean(losses[-10:]) < 0.7 * np.mean(losses[:10])
