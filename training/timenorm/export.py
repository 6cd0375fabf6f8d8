"""Export a training run as a SavedModel in the layout of docs/model-format.md."""
from __future__ import annotations

import json
import shutil
import time
from dataclasses import asdict
from pathlib import Path

from core.manifest import TimeNormalizerManifest, dump
from training.timenorm.card import model_card
from training.timenorm.config import TrainConfig
from training.timenorm.evaluate import evaluate_saved_model
from training.timenorm.train import WEIGHTS_FILE

MODEL_NAME = "time-normalizer"
CONFIDENCE_THRESHOLD = 0.5


def directory_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


def export_run(run_dir: Path, out_dir: Path, *, compare: list[Path] = (), command: str = "") -> dict:
    """Write ``out_dir`` (SavedModel + assets.extra) and return its metrics."""
    import tensorflow as tf

    from training.shared import parameter_count
    from training.timenorm.model import build_model
    from training.timenorm.serving import TimeNormalizerServing

    run_dir, out_dir = Path(run_dir), Path(out_dir)
    config = TrainConfig.load(run_dir / "config.json")
    model = build_model(config.model)
    model.load_weights(str(run_dir / WEIGHTS_FILE))
    module = TimeNormalizerServing(model, config.model)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    tf.saved_model.save(module, str(out_dir), signatures={"serving_default": module.serve})
    extra = out_dir / "assets.extra"
    extra.mkdir()
    shutil.copy(run_dir / WEIGHTS_FILE, extra / WEIGHTS_FILE)  # for --warm-start
    (extra / "config.json").write_text(json.dumps(asdict(config), indent=2), encoding="utf-8")
    version = out_dir.name
    dump(TimeNormalizerManifest(
        name=MODEL_NAME,
        version=version,
        description="English time expression -> HH:MM (24-hour); character seq2seq with "
                    f"{config.model.attention} attention, greedy decoding in the graph.",
        license="Apache-2.0 (code); trained only on generated data",
        exported=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        parameters=parameter_count(model),
        signatures=["serving_default"],
        attention=config.model.attention,
        confidence_threshold=CONFIDENCE_THRESHOLD,
        max_input_chars=config.model.max_input_chars,
    ), out_dir)

    evaluation = evaluate_saved_model(out_dir)
    history_file = run_dir / "history.json"
    comparison = {config.model.attention: _summary(evaluation, str(out_dir), command, str(run_dir))}
    for other in compare:
        other_metrics = json.loads((Path(other) / "assets.extra" / "metrics.json").read_text())
        comparison[other_metrics["attention"]] = _summary(
            other_metrics["handwritten"], str(other), other_metrics.get("measured_by", ""),
            other_metrics.get("run", ""))
    metrics = {
        "attention": config.model.attention,
        "parameters": parameter_count(model),
        "saved_model_bytes": directory_bytes(out_dir),
        "handwritten": evaluation,
        "attention_comparison": comparison,
        "training_history": json.loads(history_file.read_text()) if history_file.exists() else [],
        "measured_by": command,
        "run": str(run_dir),
        "model_dir": str(out_dir),
    }
    (extra / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    (extra / "MODEL_CARD.md").write_text(model_card(config, metrics, version), encoding="utf-8")
    return metrics


def _summary(evaluation: dict, where: str, command: str, run: str) -> dict:
    return {
        "measured_by": command,
        "run": run,
        "exact_match": evaluation["exact_match"],
        "correct": evaluation["correct"],
        "total": evaluation["total"],
        "per_category": {k: v["exact_match"] for k, v in evaluation["per_category"].items()},
        "model": where,
    }
