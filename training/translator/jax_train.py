"""Training under Keras 3's JAX backend: for a GPU machine that has JAX but no TensorFlow.

The layers are written in ``keras.ops``, so this trains the very ``Transformer`` that
``train`` trains and ``export`` exports; the two sides meet in Keras weight files:

    # on the TensorFlow machine: the model to start from
    python -m training translator to-keras-weights models/translator-en-de/14 --out w/start.weights.h5
    # on the GPU machine (nothing on this path imports TensorFlow)
    KERAS_BACKEND=jax python -m training.translator.jax_train --config C --data-dir data/translator \\
        --out runs/gpu --warm-start w/start.weights.h5 --minutes 8
    # back on the TensorFlow machine: checkpoints that ``export --last N --run-dir`` reads
    python -m training translator from-keras-weights runs/gpu --run-dir runs/gpu-tf

Same loss, schedule, optimizer and precision policy as ``train``. Batches come in a few fixed
shapes (``fixed_shape_batches``) because XLA compiles once per shape. The step is one jitted
function over the model's and optimizer's state (Keras's stateless API); weights go back into
the Keras variables only to be saved. ``--resume`` continues from the last save, optimizer
state and step included.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import keras
import numpy as np

from training.shared import log_record, parameter_count
from training.translator.batching import batch_widths, fixed_shape_arrays, fixed_shape_batches
from training.translator.config import TranslatorConfig
from training.translator.ids import load_ids
from training.translator.losses import smoothed_loss
from training.translator.schedule import WarmupInverseSqrt
from training.translator.transformer import build_transformer
from training.translator.weight_files import Seq2Seq, average_weight_files, step_path, weights_files, wrapped

RESUME_WEIGHTS, RESUME_STATE = "resume.weights.h5", "resume.json"
GPU_BATCH_TOKENS = 32768  # ``batch_tokens: 0`` (auto): this path is meant for a GPU


class JaxTrainer:
    """The model, its optimizer and their state as JAX arrays, stepped by one jitted function."""

    def __init__(self, cfg: TranslatorConfig):
        import jax

        if keras.config.backend() != "jax":
            raise RuntimeError("jax_train needs KERAS_BACKEND=jax")
        tcfg = cfg.train
        self.model = wrapped(build_transformer(cfg.model))
        self.optimizer = keras.optimizers.Adam(
            WarmupInverseSqrt(tcfg.peak_learning_rate, tcfg.warmup_steps), beta_1=0.9,
            beta_2=tcfg.beta_2, epsilon=1e-9, global_clipnorm=tcfg.clip_norm)
        self.optimizer.build(self.model.trainable_variables)
        self.model.compile(optimizer=self.optimizer)  # so that the resume file holds Adam's state too
        smoothing, pad_id, model = tcfg.label_smoothing, cfg.model.pad_id, self.model

        def loss_fn(trainable, non_trainable, x, labels):
            logits, non_trainable = model.stateless_call(trainable, non_trainable, x, training=True)
            loss, _ = smoothed_loss(labels, logits, smoothing, pad_id)
            return loss, non_trainable

        grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
        optimizer = self.optimizer

        def step(state, x, labels):
            trainable, non_trainable, opt_vars = state
            (loss, non_trainable), grads = grad_fn(trainable, non_trainable, x, labels)
            trainable, opt_vars = optimizer.stateless_apply(opt_vars, grads, trainable)
            return loss, (trainable, non_trainable, opt_vars)

        self.step = jax.jit(step, donate_argnums=0)
        self.pull()

    def pull(self) -> None:
        """Keras variables → the state the jitted step works on."""
        self.state = ([v.value for v in self.model.trainable_variables],
                      [v.value for v in self.model.non_trainable_variables],
                      [v.value for v in self.optimizer.variables])

    def push(self) -> None:
        """The state → Keras variables (before saving)."""
        trainable, non_trainable, opt_vars = self.state
        for variables, values in ((self.model.trainable_variables, trainable),
                                  (self.model.non_trainable_variables, non_trainable),
                                  (self.optimizer.variables, opt_vars)):
            for variable, value in zip(variables, values, strict=True):
                variable.assign(value)

    @property
    def iterations(self) -> int:
        return int(np.asarray(self.optimizer.iterations))

    def save(self, out: Path, keep: int) -> int:
        """``step-N.weights.h5`` (weights alone: export, averaging) and ``resume.*`` (with Adam's state)."""
        self.push()
        step = self.iterations
        Seq2Seq(self.model.transformer).save_weights(step_path(out, step))
        self.model.save_weights(out / RESUME_WEIGHTS)
        (out / RESUME_STATE).write_text(json.dumps({"step": step}) + "\n")
        for old in weights_files(out)[:-keep]:
            old.unlink()
        return step

    def load(self, path: Path) -> None:
        """A resume file (weights and optimizer state) or a plain weight file (weights only)."""
        self.model.load_weights(path)
        self.pull()


def fit(cfg: TranslatorConfig, data_dir: Path, out: Path, minutes: float, warm_start: str | None = None,
        resume: bool = False, save_every_minutes: float = 2.0, keep: int = 8, max_steps: int = 0) -> dict:
    """Train for ``minutes`` (or ``max_steps`` more steps); returns the last record of ``out/metrics.jsonl``."""
    tcfg = cfg.train
    out.mkdir(parents=True, exist_ok=True)

    def log(record: dict) -> dict:
        return log_record(out, {"backend": keras.config.backend(), **record})

    keras.utils.set_random_seed(tcfg.seed)
    batch_tokens = tcfg.batch_tokens or GPU_BATCH_TOKENS
    precision = tcfg.precision if tcfg.precision != "auto" else "mixed_bfloat16"
    keras.mixed_precision.set_global_policy(precision)
    source, target = load_ids(data_dir / "train-src.npz"), load_ids(data_dir / "train-tgt.npz")
    trainer = JaxTrainer(cfg)
    resuming = resume and (out / RESUME_STATE).exists()
    if resuming:
        trainer.load(out / RESUME_WEIGHTS)
    elif warm_start:
        trainer.load(Path(warm_start))
    start_step = trainer.iterations
    cfg.save(out / "config.json")
    log({"event": "start", "parameters": parameter_count(trainer.model), "pairs": len(source),
         "step": start_step, "precision": precision, "batch_tokens": batch_tokens,
         "warm_start": warm_start, "resumed": resuming})

    widths = batch_widths(max(max(len(s), len(t)) for s, t in zip(source, target, strict=True)))
    t0 = last_save = time.monotonic()
    steps, tokens, losses, epoch = 0, 0, [], 0
    seed = tcfg.seed + start_step  # a resumed run draws a new order rather than repeating one
    while True:
        batches = fixed_shape_batches(source, target, batch_tokens, np.random.default_rng(seed + epoch), widths)
        for width, index in batches:
            src, dec_in, labels = fixed_shape_arrays(source, target, width, index, cfg.model.bos_id)
            loss, trainer.state = trainer.step(trainer.state, (src, dec_in), labels)
            steps += 1
            tokens += int((labels > 0).sum())
            if steps % 100 == 0:
                losses.append(float(loss))
            now = time.monotonic()
            done = now - t0 > minutes * 60 or (max_steps and steps >= max_steps)
            if done or now - last_save > save_every_minutes * 60:
                step = trainer.save(out, keep)
                log({"event": "checkpoint", "step": step, "loss": round(float(loss), 4),
                     "elapsed_min": round((now - t0) / 60, 2)})
                last_save = time.monotonic()
            if done:
                seconds = time.monotonic() - t0
                return log({"event": "done", "step": trainer.iterations, "steps": steps, "epochs": epoch,
                            "seconds": round(seconds, 1), "steps_per_s": round(steps / seconds, 2),
                            "target_tokens_per_s": round(tokens / seconds),
                            "loss_every_100_steps": [round(v, 4) for v in losses]})
        epoch += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m training.translator.jax_train",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--config", required=True, help="TranslatorConfig JSON (its model and train sections)")
    parser.add_argument("--data-dir", required=True, help="holds train-src.npz and train-tgt.npz from prepare")
    parser.add_argument("--out", required=True, help="where step-N.weights.h5 and metrics.jsonl go")
    parser.add_argument("--minutes", type=float, required=True, help="training time budget")
    parser.add_argument("--warm-start", help="a .weights.h5 to start from (to-keras-weights makes one)")
    parser.add_argument("--resume", action="store_true", help="continue from the last save in --out")
    parser.add_argument("--batch-tokens", type=int, help="padded source+target tokens a batch")
    parser.add_argument("--save-every-minutes", type=float, default=2.0)
    parser.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (0: the time budget)")
    parser.add_argument("--average-last", type=int, default=0, help="then write the mean of the last N saves")
    parser.add_argument("--average-out", help="where that mean goes (default: <out>/average-lastN.weights.h5)")
    parser.add_argument("--average-dtype", default="float32", choices=["float32", "float16"])
    args = parser.parse_args(argv)
    cfg = TranslatorConfig.load(Path(args.config))
    if args.batch_tokens:
        cfg.train.batch_tokens = args.batch_tokens
    fit(cfg, Path(args.data_dir), Path(args.out), args.minutes, args.warm_start, args.resume,
        args.save_every_minutes, max_steps=args.max_steps)
    if args.average_last:
        files = weights_files(Path(args.out))[-args.average_last:]
        target = Path(args.average_out or Path(args.out) / f"average-last{args.average_last}.weights.h5")
        print(f"averaged {len(files)} saves into {average_weight_files(files, target, args.average_dtype)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
