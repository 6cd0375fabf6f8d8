"""Checkpoint averaging and restoring."""
from __future__ import annotations

import numpy as np
import tensorflow as tf
from translator_toy import untrained_model

from training.translator.checkpoints import average_checkpoints, restore_model


def test_average_of_checkpoints_is_the_elementwise_mean(tmp_path):
    models = [untrained_model() for _ in range(3)]
    for i, m in enumerate(models):
        for v in m.trainable_variables:
            v.assign(tf.fill(v.shape, float(i + 1)))
    prefixes = [tf.train.Checkpoint(model=m).write(str(tmp_path / f"ckpt-{i}")) for i, m in enumerate(models)]
    target = untrained_model()
    average_checkpoints(target, prefixes)
    for v in target.trainable_variables:
        np.testing.assert_allclose(v.numpy(), 2.0)
    restore_model(target, prefixes[2])
    assert all(np.all(v.numpy() == 3.0) for v in target.trainable_variables)
