"""TensorFlow checkpoints ⇄ Keras weight files, and their averages."""
from __future__ import annotations

import numpy as np
import tensorflow as tf
from translator_toy import TOY, untrained_model

from training.translator.checkpoints import restore_model
from training.translator.config import TranslatorConfig
from training.translator.keras_weights import from_keras_weights, to_keras_weights
from training.translator.transformer import build_transformer
from training.translator.weight_files import average_weight_files, step_path, wrapped


def values(model) -> list[np.ndarray]:
    return [v.numpy() for v in model.variables]


def test_a_checkpoint_goes_to_a_weight_file_and_back_unchanged(tmp_path):
    model = untrained_model()
    prefix = tf.train.Checkpoint(model=model).write(str(tmp_path / "ckpt" / "one"))
    cfg = TranslatorConfig(model=TOY)
    to_keras_weights(tmp_path / "ckpt" / "one", step_path(tmp_path / "w", 7), cfg)
    assert prefix.endswith("one")
    [back] = from_keras_weights(tmp_path / "w", tmp_path / "run", cfg)
    restored = build_transformer(TOY)
    restore_model(restored, back)
    assert back.endswith("ckpt-7")
    for a, b in zip(values(model), values(restored), strict=True):
        np.testing.assert_array_equal(a, b)


def test_average_of_weight_files_in_float16_loads_as_float32(tmp_path):
    first, second = build_transformer(TOY), build_transformer(TOY)
    for variable in second.variables:
        variable.assign(variable + 0.5)
    wrapped(first).save_weights(tmp_path / "a.weights.h5")
    wrapped(second).save_weights(tmp_path / "b.weights.h5")
    average_weight_files([tmp_path / "a.weights.h5", tmp_path / "b.weights.h5"], tmp_path / "m.weights.h5", "float16")
    mean = build_transformer(TOY)
    wrapped(mean).load_weights(tmp_path / "m.weights.h5")
    for a, b, m in zip(values(first), values(second), values(mean), strict=True):
        assert m.dtype == np.float32
        np.testing.assert_allclose(m, (a + b) / 2, atol=2e-3, rtol=2e-3)
