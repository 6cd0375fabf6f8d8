"""Teacher-forced training with Adam, checkpoints, resume and warm start."""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf

from training.shared import parameter_count
from training.timenorm.config import TrainConfig, train_seed
from training.timenorm.data import EncodedSet, batches, encode_samples, stream_generator
from training.timenorm.generator import Sample, generate
from training.timenorm.model import build_model
from training.timenorm.vocab import MAX_OUTPUT_LENGTH, PAD
from training.timenorm.written import written_samples

WEIGHTS_FILE = "model.weights.h5"


def _generated(config: TrainConfig, n: int, seed: int) -> EncodedSet:
    return encode_samples(generate(n, stream_generator(config, seed)), config.model.max_input_chars)


def written_part(config: TrainConfig) -> list[Sample]:
    """The written training texts of a run, each ``written_copies`` times (none without a ``written_file``)."""
    data = config.data
    return written_samples(data.written_file) * data.written_copies if data.written_file else []


def epoch_train_set(config: TrainConfig, epoch: int) -> EncodedSet:
    """The training examples of ``epoch`` (0-based): one set for every epoch, or new ones each epoch, and the
    written texts."""
    generated = generate(config.data.train_examples, stream_generator(config, train_seed(config.data, epoch)))
    return encode_samples([*generated, *written_part(config)], config.model.max_input_chars)


def validation_set(config: TrainConfig) -> EncodedSet:
    """The validation examples (their own seed), never the eval set."""
    return _generated(config, config.data.validation_examples, config.data.seed + 1)


def masked_loss(targets, logits):
    mask = tf.cast(tf.not_equal(targets, PAD), tf.float32)
    losses = keras.losses.sparse_categorical_crossentropy(targets, logits, from_logits=True)
    return tf.reduce_sum(losses * mask) / tf.reduce_sum(mask)


def _sequence_exact(targets, logits):
    predicted = tf.argmax(logits, axis=-1, output_type=tf.int32)
    ok = tf.logical_or(tf.equal(predicted, targets), tf.equal(targets, PAD))
    return tf.reduce_all(ok, axis=1)


def train(
    config: TrainConfig,
    out_dir: Path,
    *,
    resume: bool = False,
    warm_start: Path | None = None,
    log: Callable[[str], None] = print,
) -> dict:
    """Train into ``out_dir`` (config.json, checkpoints/, model.weights.h5, history.json)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "config.json").write_text(config.to_json(), encoding="utf-8")
    keras.utils.set_random_seed(config.seed)
    val_set = validation_set(config)  # the training examples are drawn per epoch, below (after a resume too)
    model = build_model(config.model)
    if warm_start is not None:
        model.load_weights(str(Path(warm_start) / "assets.extra" / WEIGHTS_FILE))
        log(f"warm start from {warm_start}")
    written = written_part(config)
    steps_per_epoch = -(-(config.data.train_examples + len(written)) // config.batch_size)
    schedule = keras.optimizers.schedules.CosineDecay(
        config.learning_rate, decay_steps=max(1, steps_per_epoch * config.epochs),
        alpha=config.final_learning_rate / config.learning_rate,
    )
    optimizer = keras.optimizers.Adam(learning_rate=schedule, global_clipnorm=config.clip_norm)
    optimizer.build(model.trainable_variables)
    epoch_var = tf.Variable(0, dtype=tf.int64, trainable=False)
    checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer, epoch=epoch_var)
    manager = tf.train.CheckpointManager(checkpoint, str(out_dir / "checkpoints"), max_to_keep=2)
    history_file = out_dir / "history.json"
    history: list[dict] = []
    if resume and manager.latest_checkpoint:
        checkpoint.restore(manager.latest_checkpoint).assert_existing_objects_matched()
        history = json.loads(history_file.read_text()) if history_file.exists() else []
        log(f"resumed from {manager.latest_checkpoint} at epoch {int(epoch_var.numpy())}")

    spec = [tf.TensorSpec([None, None], tf.int32), tf.TensorSpec([None, MAX_OUTPUT_LENGTH], tf.int32),
            tf.TensorSpec([None, MAX_OUTPUT_LENGTH], tf.int32)]

    @tf.function(input_signature=spec)
    def train_step(inputs, decoder_inputs, targets):
        with tf.GradientTape() as tape:
            logits, _ = model((inputs, decoder_inputs), training=True)
            loss = masked_loss(targets, logits)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=False))
        return loss

    @tf.function(input_signature=spec)
    def eval_step(inputs, decoder_inputs, targets):
        logits, _ = model((inputs, decoder_inputs), training=False)
        return masked_loss(targets, logits), _sequence_exact(targets, logits)

    log(f"{config.model.attention}: {parameter_count(model)} parameters, "
        f"{config.data.train_examples} train + {len(written)} written / {len(val_set)} validation "
        f"examples, {steps_per_epoch} steps/epoch")
    drawn: dict[int, EncodedSet] = {}  # the latest epoch's examples, by generator seed
    while int(epoch_var.numpy()) < config.epochs:
        epoch = int(epoch_var.numpy())
        started, losses = time.time(), []
        seed = train_seed(config.data, epoch)
        if seed not in drawn:  # once for one set; every epoch for new examples (only that epoch's after a resume)
            drawn = {seed: epoch_train_set(config, epoch)}
        train_set = drawn[seed]
        for step, batch in enumerate(batches(train_set, config.batch_size, np.random.default_rng(config.seed + epoch))):
            losses.append(float(train_step(*batch)))
            if step % 100 == 0:
                log(f"epoch {epoch + 1} step {step}/{steps_per_epoch} loss {np.mean(losses[-100:]):.4f}")
        val_losses, exact = [], []
        for batch in batches(val_set, 256, None):
            loss, ok = eval_step(*batch)
            val_losses.append(float(loss))
            exact.extend(ok.numpy().tolist())
        record = {"epoch": epoch + 1, "train_loss": float(np.mean(losses)), "val_loss": float(np.mean(val_losses)),
                  "val_exact_match": float(np.mean(exact)), "seconds": round(time.time() - started, 1)}
        history.append(record)
        log(json.dumps(record))
        epoch_var.assign(epoch + 1)
        manager.save()
        history_file.write_text(json.dumps(history, indent=2), encoding="utf-8")
    model.save_weights(str(out_dir / WEIGHTS_FILE))
    summary = {"parameters": parameter_count(model), "history": history,
               "warm_start": str(warm_start) if warm_start is not None else None}
    (out_dir / "train_summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    return summary
