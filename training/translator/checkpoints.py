"""Checkpoint helpers: restoring model weights from a checkpoint or an export, averaging."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import tensorflow as tf


def resolve_weights_path(path: str | Path) -> str:
    """A checkpoint prefix, a checkpoint directory (its latest), or an exported model dir."""
    p = Path(path)
    if (p / "variables" / "variables.index").exists():
        return str(p / "variables" / "variables")
    if p.is_dir():
        latest = tf.train.latest_checkpoint(str(p))
        if latest is None:
            raise FileNotFoundError(f"no checkpoint in {p}")
        return latest
    return str(p)


def restore_model(model: tf.Module, path: str | Path) -> str:
    """Load model weights (ignores optimizer state and anything else in the file)."""
    prefix = resolve_weights_path(path)
    tf.train.Checkpoint(model=model).read(prefix).expect_partial().assert_existing_objects_matched()
    return prefix


def average_checkpoints(model: tf.Module, prefixes: list[str]) -> None:
    """Set the model's weights to the element-wise mean of the given checkpoints."""
    sums = [np.zeros(v.shape, np.float64) for v in model.variables]
    for prefix in prefixes:
        restore_model(model, prefix)
        for total, var in zip(sums, model.variables, strict=False):
            total += var.numpy()
    for total, var in zip(sums, model.variables, strict=False):
        var.assign((total / len(prefixes)).astype(np.float32))
