"""The GPU machine's trainer (``jax_train``, Keras 3 on JAX), run here on CPU, and the way back:
its weight files become TF checkpoints that hold the trained model."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from translator_toy import TOY, copy_batch

from training.translator.checkpoints import restore_model
from training.translator.config import TrainConfig, TranslatorConfig
from training.translator.ids import save_ids
from training.translator.keras_weights import from_keras_weights
from training.translator.transformer import build_transformer
from training.translator.weight_files import step_of, weights_files

pytest.importorskip("jax", reason="jax is in the dev extra")

# TensorFlow made unimportable: the path that runs on a machine without it must not need it.
RUNNER = "import sys; sys.modules['tensorflow'] = None; from training.translator.jax_train import main; main(sys.argv[1:])"


def jax_train(*args: str) -> None:
    env = {**os.environ, "KERAS_BACKEND": "jax", "JAX_PLATFORMS": "cpu", "PYTHONPATH": str(Path.cwd())}
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]


def copy_accuracy(model, rng) -> float:
    src, dec_in, labels = copy_batch(rng, batch=200)
    predicted = np.asarray(model((src, dec_in))).argmax(-1)
    real = labels > 0
    return float((predicted[real] == labels[real]).mean())


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("jax")
    rng = np.random.default_rng(5)
    src, _, labels = copy_batch(rng, batch=3000)
    rows = [row[row > 0].tolist() for row in src]
    save_ids(root / "train-src.npz", rows)
    save_ids(root / "train-tgt.npz", [row[row > 0].tolist() for row in labels])
    cfg = TranslatorConfig(model=TOY, train=TrainConfig(batch_tokens=1024, label_smoothing=0.0,
                                                          peak_learning_rate=3e-3, warmup_steps=30,
                                                          precision="float32", seed=3))
    cfg.save(root / "config.json")
    out = root / "run"
    common = ["--config", str(root / "config.json"), "--data-dir", str(root), "--out", str(out), "--minutes", "10",
              "--save-every-minutes", "10"]
    jax_train(*common, "--max-steps", "250")
    jax_train(*common, "--max-steps", "30", "--resume", "--average-last", "2")
    return root, out


def test_trains_saves_and_resumes_where_it_stopped(run):
    _, out = run
    assert [step_of(p) for p in weights_files(out)] == [250, 280]
    records = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    starts = [r for r in records if r["event"] == "start"]
    assert [(s["step"], s["resumed"], s["backend"]) for s in starts] == [(0, False, "jax"), (250, True, "jax")]
    assert [r["step"] for r in records if r["event"] == "done"] == [250, 280]
    assert (out / "average-last2.weights.h5").exists()


def test_its_weights_come_back_as_tf_checkpoints_that_copy(run, tmp_path):
    _, out = run
    prefixes = from_keras_weights(out, tmp_path / "tf")
    assert [Path(p).name for p in prefixes] == ["ckpt-250", "ckpt-280"]
    assert (tmp_path / "tf" / "config.json").exists()
    trained, untrained = build_transformer(TOY), build_transformer(TOY)
    restore_model(trained, prefixes[-1])
    rng = np.random.default_rng(11)
    assert copy_accuracy(trained, rng) > 0.9 > 0.3 > copy_accuracy(untrained, rng)
