"""TensorFlow checkpoints ⇄ Keras weight files, the meeting point with ``jax_train``.

``to_keras_weights``: an export or checkpoint → ``.weights.h5`` (a warm start for a machine
without TensorFlow). ``from_keras_weights``: the ``step-N.weights.h5`` files of a ``jax_train`` run →
TF checkpoints in ``<run_dir>/checkpoints`` (with the run's ``config.json``), which
``export --last N --run-dir`` averages and exports as for any run.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import tensorflow as tf

from training.translator.checkpoints import restore_model
from training.translator.config import TranslatorConfig
from training.translator.transformer import build_transformer
from training.translator.weight_files import step_of, weights_files, wrapped


def config_of(path: Path) -> TranslatorConfig:
    """The config saved with an export (``assets.extra``) or a run (``config.json``)."""
    for candidate in (path / "assets.extra" / "config.json", path / "config.json"):
        if candidate.exists():
            return TranslatorConfig.load(candidate)
    raise FileNotFoundError(f"no config.json with {path}; give --config")


def to_keras_weights(source: Path, out: Path, cfg: TranslatorConfig | None = None) -> Path:
    cfg = cfg or config_of(source)
    model = build_transformer(cfg.model)
    restore_model(model, source)
    out.parent.mkdir(parents=True, exist_ok=True)
    wrapped(model).save_weights(out)
    return out


def from_keras_weights(weights_dir: Path, run_dir: Path, cfg: TranslatorConfig | None = None) -> list[str]:
    """One TF checkpoint per weight file (numbered by its step), oldest first; returns their prefixes."""
    cfg = cfg or config_of(weights_dir)
    files = weights_files(weights_dir)
    if not files:
        raise FileNotFoundError(f"no step-N.weights.h5 in {weights_dir}")
    run_dir.mkdir(parents=True, exist_ok=True)
    cfg.save(run_dir / "config.json")
    if (weights_dir / "metrics.jsonl").exists():
        shutil.copy(weights_dir / "metrics.jsonl", run_dir / "metrics.jsonl")
    model = build_transformer(cfg.model)
    holder = wrapped(model)
    manager = tf.train.CheckpointManager(tf.train.Checkpoint(model=model), run_dir / "checkpoints",
                                         max_to_keep=len(files))
    prefixes = []
    for path in files:
        holder.load_weights(path)
        prefixes.append(manager.save(checkpoint_number=step_of(path)))
    return prefixes
