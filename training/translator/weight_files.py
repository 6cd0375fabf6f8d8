"""Keras weight files (``*.weights.h5``): the same variables whatever backend wrote them.

They are where TensorFlow training/export and JAX training (``jax_train``) meet: a run on a
GPU machine without TensorFlow starts from one and writes ``step-N.weights.h5`` files, which
``keras_weights.from_keras_weights`` turns into TF checkpoints. Pure Keras + NumPy + h5py.
"""
from __future__ import annotations

from pathlib import Path

import keras
import numpy as np

from training.translator.transformer import Transformer

WEIGHTS_GLOB = "step-*.weights.h5"


class Seq2Seq(keras.Model):
    """The ``Transformer`` as a ``keras.Model``: what weight files are read into and written from."""

    def __init__(self, transformer: Transformer, **kwargs):
        super().__init__(**kwargs)
        self.transformer = transformer
        self.built = transformer.built  # its variables exist: weight files can be read and written

    def call(self, inputs, training: bool = False):
        return self.transformer(inputs, training=training)


def wrapped(model: Transformer) -> Seq2Seq:
    """``model`` in a built ``Seq2Seq`` (weight files load only into a built model)."""
    holder = Seq2Seq(model)
    if not holder.built:
        dummy = np.array([[5, 6, model.config.eos_id]], np.int32)
        holder((dummy, dummy))
    return holder


def weights_files(directory: Path) -> list[Path]:
    """A run's ``step-N.weights.h5`` files, oldest step first."""
    return sorted(Path(directory).glob(WEIGHTS_GLOB))


def step_path(directory: Path, step: int) -> Path:
    return Path(directory) / f"step-{step:07d}.weights.h5"


def step_of(path: Path) -> int:
    return int(Path(path).name.split("-")[1].split(".")[0])


def average_weight_files(paths: list[Path], out: Path, dtype: str = "float32") -> Path:
    """The element-wise mean of same-shaped weight files, stored as ``dtype`` (float16 halves a
    file that has to travel; loading casts back to the variables' float32)."""
    import h5py

    with h5py.File(paths[0], "r") as first, h5py.File(out, "w") as target:
        def copy(name, item):
            if isinstance(item, h5py.Dataset):
                values = [np.asarray(item, np.float64)]
                for other in paths[1:]:
                    with h5py.File(other, "r") as handle:
                        values.append(np.asarray(handle[name], np.float64))
                kind = dtype if np.issubdtype(item.dtype, np.floating) else item.dtype
                target.create_dataset(name, data=np.mean(values, axis=0).astype(kind))
            else:
                target.require_group(name).attrs.update(dict(item.attrs))

        target.attrs.update(dict(first.attrs))
        first.visititems(copy)
    return out
