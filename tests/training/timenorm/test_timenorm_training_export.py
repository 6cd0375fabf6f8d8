"""A tiny model trained in seconds: training, resume, and the exported SavedModel contract."""
from __future__ import annotations

import builtins
import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import tensorflow as tf

from training.timenorm.config import DataConfig, ModelConfig, TrainConfig
from training.timenorm.export import export_run
from training.timenorm.text import normalize_text
from training.timenorm.train import train

TINY = TrainConfig(
    model=ModelConfig(attention="luong-general", embedding_dim=8, encoder_units=8, decoder_units=16,
                      attention_units=8, max_input_chars=32),
    data=DataConfig(train_examples=1200, validation_examples=100, seed=5, negative_fraction=0.2,
                    categories=("digits-colon",)),
    epochs=2, batch_size=64, learning_rate=1e-2, final_learning_rate=1e-3,
)
TEXTS = ["  Meet @ 7.45 P.M.!", "", "banana", "19:30", "x" * 50]


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("run")
    opened: list[str] = []
    real_open = builtins.open

    def spy(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(builtins, "open", spy)
        mp.setattr(io, "open", spy)
        train(TINY, out, log=lambda _: None)
    assert opened, "the spy saw no file opened at all"
    assert not [f for f in opened if "eval_handwritten" in f], "training read the evaluation set"
    return out


@pytest.fixture(scope="module")
def exported(run_dir: Path, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("models") / "time-normalizer" / "7"
    export_run(run_dir, out, command="pytest", dev_examples=300)
    return out


def test_training_reduces_loss_and_writes_its_files(run_dir: Path) -> None:
    history = json.loads((run_dir / "history.json").read_text())
    assert [h["epoch"] for h in history] == [1, 2]
    assert history[-1]["val_loss"] < history[0]["train_loss"]
    assert TrainConfig.load(run_dir / "config.json") == TINY
    assert (run_dir / "model.weights.h5").exists() and (run_dir / "checkpoints").is_dir()


def test_resume_continues_from_the_checkpoint(run_dir: Path, tmp_path: Path) -> None:
    import shutil

    copy = tmp_path / "run"
    shutil.copytree(run_dir, copy)
    before = json.loads((copy / "history.json").read_text())
    train(replace(TINY, epochs=3), copy, resume=True, log=lambda _: None)
    after = json.loads((copy / "history.json").read_text())
    assert [h["epoch"] for h in after] == [1, 2, 3]
    assert after[:2] == before


def test_export_layout_and_metadata(exported: Path) -> None:
    extra = exported / "assets.extra"
    for name in ("model.json", "config.json", "metrics.json", "MODEL_CARD.md", "model.weights.h5"):
        assert (extra / name).is_file(), name
    assert (exported / "saved_model.pb").is_file() and (exported / "variables").is_dir()
    meta = json.loads((extra / "model.json").read_text())
    assert meta["name"] == "time-normalizer" and meta["kind"] == "time-normalizer" and meta["version"] == "7"
    assert 0 < meta["confidence_threshold"] < 1 and meta["description"]
    metrics = json.loads((extra / "metrics.json").read_text())
    assert metrics["handwritten"]["total"] >= 470 and "per_category" in metrics["handwritten"]
    choice = metrics["threshold_choice"]
    assert meta["confidence_threshold"] == choice["threshold"] and choice["n"] == 300
    assert choice["dev_seed"] not in (TINY.data.seed, TINY.data.seed + 1)  # not the training/validation data
    hand = metrics["handwritten"]
    assert hand["threshold"] == meta["confidence_threshold"]
    assert sum(r["n"] for r in hand["reliability"]) == hand["total"]
    assert hand["false_time"]["negatives"] == sum(
        c["total"] for k, c in hand["per_category"].items() if k == "no-time" or k.startswith("neg-"))
    assert TrainConfig.from_dict(json.loads((extra / "config.json").read_text())) == TINY
    card = (extra / "MODEL_CARD.md").read_text()
    assert "luong-general" in card and "Parameters" in card
    assert "Reliability" in card and "False times" in card and "Confidence threshold" in card
    assert "Tatoeba" in card and "CC-BY 2.0" in card  # g17's clauses are third-party text: attributed
    assert "WordNet 3.0" in card and "WORDNET_LICENSE" in card and "WordNet 3.0" in meta["license"]  # g20's nouns


def test_serving_signature_contract(exported: Path) -> None:
    serve = tf.saved_model.load(str(exported)).signatures["serving_default"]
    out = {k: v.numpy() for k, v in serve(text=tf.constant(TEXTS)).items()}
    n = len(TEXTS)
    assert out["time"].shape == (n,) and out["confidence"].dtype == np.float32
    t_in, t_out = out["input_chars"].shape[1], out["output_chars"].shape[1]
    assert out["attention"].shape == (n, t_out, t_in)
    for i, text in enumerate(TEXTS):
        n_in, n_out = out["input_length"][i], out["output_length"][i]
        chars = [c.decode() for c in out["input_chars"][i]]
        assert chars[:n_in] == list(normalize_text(text, 32)) + ["</s>"]
        assert all(c == "" for c in chars[n_in:])
        produced = [c.decode() for c in out["output_chars"][i]]
        assert 1 <= n_out <= t_out and all(c == "" for c in produced[n_out:])
        time = out["time"][i].decode()
        assert time == "".join(c for c in produced[:n_out] if c != "</s>")
        assert 0.0 < out["confidence"][i] <= 1.0
        att = out["attention"][i]
        np.testing.assert_allclose(att[:n_out].sum(-1), 1.0, rtol=1e-5)
        assert np.all(att[:, n_in:] == 0) and np.all(att[n_out:] == 0)


def test_saved_model_runs_without_project_code(exported: Path, tmp_path: Path) -> None:
    script = (
        "import sys, tensorflow as tf\n"
        f"m = tf.saved_model.load({str(exported)!r})\n"
        "out = m.signatures['serving_default'](text=tf.constant(['at 7:45', 'hello']))\n"
        "assert out['time'].shape == (2,)\n"
        "assert not any(k == 'training' or k.startswith('training.') for k in sys.modules), 'imported training'\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-I", "-c", script], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().endswith("ok")


def test_warm_start_loads_the_exported_weights(exported: Path, tmp_path: Path) -> None:
    from training.timenorm.model import build_model

    train(replace(TINY, epochs=0), tmp_path / "warm", warm_start=exported, log=lambda _: None)
    warm, shipped = build_model(TINY.model), build_model(TINY.model)
    warm.load_weights(str(tmp_path / "warm" / "model.weights.h5"))
    shipped.load_weights(str(exported / "assets.extra" / "model.weights.h5"))
    for a, b in zip(warm.weights, shipped.weights, strict=True):
        np.testing.assert_array_equal(np.asarray(a), np.asarray(b))


def test_cli_evaluate_writes_exact_match_per_category(exported: Path, tmp_path: Path, capsys) -> None:
    from training.timenorm.cli import main

    assert main(["evaluate", "--model", str(exported), "--json", str(tmp_path / "eval.json")]) == 0
    result = json.loads((tmp_path / "eval.json").read_text())
    assert result["total"] >= 470 and set(result["per_category"]) >= {"no-time", "words-relative", "neg-price"}
    assert result["correct"] == sum(c["correct"] for c in result["per_category"].values())
    assert "exact match" in capsys.readouterr().out


def test_cli_generate_prints_tsv(capsys) -> None:
    from training.timenorm.cli import main

    assert main(["generate", "-n", "5", "--seed", "3"]) == 0
    rows = [line.split("\t") for line in capsys.readouterr().out.strip().split("\n")]
    assert len(rows) == 5 and all(len(r) == 3 for r in rows)


def test_fresh_examples_each_epoch_have_their_own_seed_and_old_configs_keep_one_set() -> None:
    from training.timenorm.config import EPOCH_SEED_STRIDE, train_seed
    from training.timenorm.train import epoch_train_set

    fresh = replace(TINY, data=replace(TINY.data, fresh_each_epoch=True))
    assert [train_seed(TINY.data, e) for e in range(4)] == [TINY.data.seed] * 4
    seeds = [train_seed(fresh.data, e) for e in range(50)]
    assert seeds[0] == TINY.data.seed and seeds[3] == TINY.data.seed + 3 * EPOCH_SEED_STRIDE
    assert len(set(seeds)) == 50 and not {TINY.data.seed + 1, TINY.data.seed + 2} & set(seeds)  # validation, dev
    assert np.array_equal(epoch_train_set(TINY, 1).targets, epoch_train_set(TINY, 0).targets)
    assert np.array_equal(epoch_train_set(fresh, 0).targets, epoch_train_set(TINY, 0).targets)
    assert not np.array_equal(epoch_train_set(fresh, 1).targets, epoch_train_set(fresh, 0).targets)
    older = json.loads(TINY.to_json())
    del older["data"]["fresh_each_epoch"]  # a config written before the option: one set seen every epoch
    assert TrainConfig.from_dict(older).data.fresh_each_epoch is False


def test_a_fresh_each_epoch_run_trains_on_new_examples_and_resumes(tmp_path: Path) -> None:
    import training.timenorm.train as train_module

    fresh = replace(TINY, data=replace(TINY.data, fresh_each_epoch=True))
    drawn: list[int] = []
    real = train_module.epoch_train_set

    def spy(config: TrainConfig, epoch: int):
        drawn.append(epoch)
        return real(config, epoch)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(train_module, "epoch_train_set", spy)
        train(fresh, tmp_path / "run", log=lambda _: None)
        assert drawn == [0, 1]
        train(replace(fresh, epochs=3), tmp_path / "run", resume=True, log=lambda _: None)
        assert drawn == [0, 1, 2]  # a resumed run draws only the examples of the epoch it resumes at
        train(replace(TINY, epochs=3), tmp_path / "fixed", log=lambda _: None)
    assert drawn == [0, 1, 2, 0]  # one set for every epoch: drawn once
    assert TrainConfig.load(tmp_path / "run" / "config.json").data.fresh_each_epoch
