"""``train``: the training loop (bucketed batches, label smoothing, warm-up, checkpoints, dev BLEU)."""
from __future__ import annotations

import json
import math
import time
from pathlib import Path

import keras
import numpy as np
import tensorflow as tf
from tqdm import tqdm

from training.shared import log_record, parameter_count
from training.translator.batching import batch_arrays, make_batches
from training.translator.checkpoints import restore_model
from training.translator.config import TranslatorConfig
from training.translator.data import read_heldout
from training.translator.decoding import greedy_decode
from training.translator.device import detect, resolve_batch_tokens, resolve_precision
from training.translator.evaluation import score, translate_ids
from training.translator.ids import load_ids
from training.translator.losses import smoothed_loss
from training.translator.prepare import tokenizer_path
from training.translator.schedule import WarmupInverseSqrt
from training.translator.subwords import read_pairs, resample_epoch
from training.translator.tokenizer import Tokenizer
from training.translator.transformer import build_transformer


def log(run_dir: Path, record: dict) -> None:
    log_record(run_dir, record)


class DevScorer:
    """Greedy dev BLEU/chrF on a fixed dev subset (the first ``n`` lines of heldout dev)."""

    def __init__(self, model, tokenizer: Tokenizer, heldout_dir: str, n: int, max_length: int = 80):
        src, ref = read_heldout(heldout_dir, "dev")
        self.references = ref[:n]
        self.sources = tokenizer.encode(src[:n])
        self.tokenizer = tokenizer
        alpha = tf.constant(0.0)
        limit = tf.constant(max_length)

        @tf.function(input_signature=[tf.TensorSpec([None, None], tf.int32)])
        def translate(source_ids):
            ids, lengths, _ = greedy_decode(model, source_ids, limit, alpha)
            return ids, lengths

        self.translate = translate

    def __call__(self) -> dict[str, float]:
        fn = lambda ids: tuple(t.numpy() for t in self.translate(tf.constant(ids)))  # noqa: E731
        outputs = translate_ids(fn, self.sources, batch_size=100)
        hyps = [self.tokenizer.decode(o) for o in outputs]
        return score(hyps, self.references)


def train(cfg: TranslatorConfig, resume: bool = False, warm_start: str | None = None, max_steps: int = 0) -> None:
    start_time = time.monotonic()
    tcfg = cfg.train
    run_dir = Path(tcfg.run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    keras.utils.set_random_seed(tcfg.seed)
    device = detect()
    tcfg.precision = resolve_precision(tcfg.precision, device)
    tcfg.batch_tokens = resolve_batch_tokens(tcfg.batch_tokens, device)
    tqdm.write(f"training on {device}: precision {tcfg.precision}, {tcfg.batch_tokens} tokens a batch")
    keras.mixed_precision.set_global_policy(tcfg.precision)
    tokenizer = Tokenizer(tokenizer_path(cfg.data))
    cfg.model.vocab_size = tokenizer.vocab_size
    cfg.save(run_dir / "config.json")

    data_dir = Path(cfg.data.out_dir)
    source, target = load_ids(data_dir / "train-src.npz"), load_ids(data_dir / "train-tgt.npz")
    pairs_text = read_pairs(data_dir / "train.tsv") if tcfg.subword_dropout > 0 else None
    if pairs_text is not None and len(pairs_text[0]) != len(source):
        raise ValueError(f"{data_dir}: train.tsv and the encoded ids disagree; run prepare again")
    model = build_transformer(cfg.model)
    schedule = WarmupInverseSqrt(tcfg.peak_learning_rate, tcfg.warmup_steps)
    optimizer = keras.optimizers.Adam(schedule, beta_1=0.9, beta_2=tcfg.beta_2, epsilon=1e-9,
                                      global_clipnorm=tcfg.clip_norm)
    optimizer.build(model.trainable_variables)
    epoch = tf.Variable(0, dtype=tf.int64, trainable=False)
    batch_in_epoch = tf.Variable(0, dtype=tf.int64, trainable=False)
    ckpt = tf.train.Checkpoint(model=model, optimizer=optimizer, epoch=epoch, batch_in_epoch=batch_in_epoch)
    manager = tf.train.CheckpointManager(ckpt, run_dir / "checkpoints", max_to_keep=tcfg.keep_checkpoints)
    best_manager = tf.train.CheckpointManager(tf.train.Checkpoint(model=model), run_dir / "best", max_to_keep=1)
    if resume and manager.latest_checkpoint:
        ckpt.read(manager.latest_checkpoint).assert_existing_objects_matched()
        tqdm.write(f"resumed from {manager.latest_checkpoint}")
    elif warm_start:
        tqdm.write(f"warm start from {restore_model(model, warm_start)}")
    log(run_dir, {"event": "start", "parameters": parameter_count(model), "pairs": len(source),
                  "step": int(optimizer.iterations.numpy()), "config": json.loads(cfg.to_json())})

    @tf.function(
        input_signature=[tf.TensorSpec([None, None], tf.int32)] * 3, jit_compile=tcfg.jit_compile
    )
    def train_step(src, dec_in, labels):
        with tf.GradientTape() as tape:
            logits = model((src, dec_in), training=True)
            loss, count = smoothed_loss(labels, logits, tcfg.label_smoothing, cfg.model.pad_id)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables, strict=False))
        return loss, count

    scorer = DevScorer(model, tokenizer, cfg.data.heldout_dir, tcfg.eval_sentences)
    best_bleu = -1.0
    budget_s = tcfg.time_budget_minutes * 60 if tcfg.time_budget_minutes > 0 else math.inf
    last_ckpt = time.monotonic()
    stop = False

    def evaluate(tag: str) -> None:
        nonlocal best_bleu
        t0 = time.monotonic()
        metrics = scorer()
        step = int(optimizer.iterations.numpy())
        if metrics["bleu"] > best_bleu:
            best_bleu = metrics["bleu"]
            best_manager.save(checkpoint_number=step)
        log(run_dir, {"event": "dev", "tag": tag, "step": step, "epoch": int(epoch.numpy()),
                      "elapsed_min": round((time.monotonic() - start_time) / 60, 1),
                      "eval_s": round(time.monotonic() - t0, 1), **metrics})

    while int(epoch.numpy()) < tcfg.epochs and not stop:
        e = int(epoch.numpy())
        if pairs_text is not None:  # BPE-dropout: this epoch's segmentation (the same again on resume)
            epoch_source, epoch_target = resample_epoch(tokenizer.sp, *pairs_text, (source, target),
                                                        tcfg.subword_dropout, cfg.data.max_tokens, tcfg.seed + e)
        else:
            epoch_source, epoch_target = source, target
        batches = make_batches(epoch_source, epoch_target, tcfg.batch_tokens, np.random.default_rng(tcfg.seed + e))
        skip = int(batch_in_epoch.numpy())
        bar = tqdm(total=len(batches), initial=skip, desc=f"epoch {e + 1}", mininterval=20, ascii=True)
        tokens, window_start, losses = 0.0, time.monotonic(), []
        for b in range(skip, len(batches)):
            src, dec_in, labels = batch_arrays(epoch_source, epoch_target, batches[b], bos_id=cfg.model.bos_id)
            loss, count = train_step(tf.constant(src), tf.constant(dec_in), tf.constant(labels))
            batch_in_epoch.assign(b + 1)
            losses.append(float(loss))
            tokens += float(count)
            bar.update(1)
            step = int(optimizer.iterations.numpy())
            if b % 20 == 0:
                rate = tokens / max(time.monotonic() - window_start, 1e-6)
                bar.set_postfix(loss=f"{np.mean(losses[-50:]):.3f}", tok_s=f"{rate:.0f}", step=step)
            if b % 200 == 0:
                tokens, window_start = 0.0, time.monotonic()
            if time.monotonic() - last_ckpt > tcfg.checkpoint_every_minutes * 60:
                manager.save(checkpoint_number=step)
                last_ckpt = time.monotonic()
                log(run_dir, {"event": "checkpoint", "step": step, "loss": round(float(np.mean(losses[-200:])), 4),
                              "elapsed_min": round((time.monotonic() - start_time) / 60, 1)})
            if tcfg.eval_every_steps and step % tcfg.eval_every_steps == 0:
                evaluate(f"step {step}")
            if time.monotonic() - start_time > budget_s or (max_steps and step >= max_steps):
                stop = True
                break
        bar.close()
        if not stop:
            epoch.assign_add(1)
            batch_in_epoch.assign(0)
            log(run_dir, {"event": "epoch", "epoch": e + 1, "train_loss": round(float(np.mean(losses)), 4)})
        manager.save(checkpoint_number=int(optimizer.iterations.numpy()))
        last_ckpt = time.monotonic()
        evaluate("end of epoch" if not stop else "stop")
    log(run_dir, {"event": "done", "step": int(optimizer.iterations.numpy()), "best_dev_bleu": best_bleu,
                  "elapsed_min": round((time.monotonic() - start_time) / 60, 1)})
