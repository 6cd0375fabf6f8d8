"""Export a training run as a SavedModel in the layout of docs/model-format.md."""
from __future__ import annotations

import json
import shutil
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from core.manifest import TimeNormalizerManifest, dump
from training.timenorm import nouns_g20
from training.timenorm.card import model_card
from training.timenorm.config import TrainConfig
from training.timenorm.ensemble import ENSEMBLE_FILE, EnsembleConfig, read_ensemble
from training.timenorm.evaluate import evaluate_saved_model, predict
from training.timenorm.generator import GeneratorConfig, generate
from training.timenorm.reliability import choose_threshold, reliability_table
from training.timenorm.train import WEIGHTS_FILE

MODEL_NAME = "time-normalizer"
DEV_EXAMPLES = 10_000
DEV_SEED_OFFSET = 2  # dev seed = data seed + 2 (training uses + 0, validation + 1)


def dev_threshold(model_dir: Path, config: TrainConfig, n: int = DEV_EXAMPLES) -> dict:
    """Choose the confidence threshold on a generated dev set (its own seed; never the report set)."""
    seed = config.data.seed + DEV_SEED_OFFSET
    samples = generate(n, GeneratorConfig(seed=seed, max_chars=config.model.max_input_chars))
    predictions = predict(model_dir, [s.text for s in samples], batch_size=256)
    expected = [s.label for s in samples]
    predicted, confidence = [p for p, _ in predictions], [c for _, c in predictions]
    choice = choose_threshold(expected, predicted, confidence)
    return {**choice, "dev_seed": seed, "raw_exact_match": sum(map(str.__eq__, expected, predicted)) / n,
            "reliability": reliability_table(expected, predicted, confidence)}


def directory_bytes(path: Path) -> int:
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


def _write_manifest(out_dir: Path, version: str, attention: str, threshold: float, max_chars: int,
                    parameters: int, members: int = 1) -> None:
    ensemble = (f" An ensemble of {members} such models: each step averages their next-character probabilities;"
                " the attention map is the mean of theirs." if members > 1 else "")
    dump(TimeNormalizerManifest(
        name=MODEL_NAME,
        version=version,
        description="English time expression -> HH:MM (24-hour); character seq2seq with "
                    f"{attention} attention, greedy decoding in the graph." + ensemble,
        license="Apache-2.0 (code); trained on generated data"
                + (" with clauses of Tatoeba sentences (CC-BY 2.0 FR, tatoeba.org)"
                   if GeneratorConfig().clause_probability else "")
                + ("; nouns' kinds from WordNet 3.0 (Princeton University, WordNet 3.0 license)"
                   if nouns_g20.SHARES else ""),
        exported=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        parameters=parameters,
        signatures=["serving_default"],
        attention=attention,
        confidence_threshold=threshold,
        max_input_chars=max_chars,
    ), out_dir)


def export_run(run_dir: Path, out_dir: Path, *, compare: Sequence[Path] = (), command: str = "",
               threshold: float | None = None, dev_examples: int = DEV_EXAMPLES) -> dict:
    """Write ``out_dir`` (SavedModel + assets.extra) and return its metrics.

    ``threshold`` None: chosen on a generated dev set (``dev_threshold``), else taken as given.
    """
    import tensorflow as tf

    from training.shared import parameter_count
    from training.timenorm.model import build_model
    from training.timenorm.serving import TimeNormalizerServing

    run_dir, out_dir = Path(run_dir), Path(out_dir)
    config = TrainConfig.load(run_dir / "config.json")
    ensemble = read_ensemble(run_dir)
    weight_files = list(ensemble.weights) if ensemble else [WEIGHTS_FILE]  # member 0 = model.weights.h5
    members = []
    for name in weight_files:
        members.append(build_model(config.model))
        members[-1].load_weights(str(run_dir / name))
    module = TimeNormalizerServing(members, config.model)
    if out_dir.exists():
        shutil.rmtree(out_dir)
    tf.saved_model.save(module, str(out_dir), signatures={"serving_default": module.serve})
    extra = out_dir / "assets.extra"
    extra.mkdir()
    for name in weight_files:  # model.weights.h5 for --warm-start; the others rebuild an ensemble
        shutil.copy(run_dir / name, extra / name)
    if ensemble:
        shutil.copy(run_dir / ENSEMBLE_FILE, extra / ENSEMBLE_FILE)
    (extra / "config.json").write_text(json.dumps(asdict(config), indent=2), encoding="utf-8")
    version = out_dir.name
    if threshold is None:
        dev = dev_threshold(out_dir, config, dev_examples)
        threshold = dev["threshold"]
    else:
        dev = {"threshold": threshold, "given": True}
    parameters = sum(parameter_count(m) for m in members)
    _write_manifest(out_dir, version, config.model.attention, threshold, config.model.max_input_chars,
                    parameters, len(members))

    evaluation = evaluate_saved_model(out_dir)
    history_file = run_dir / "history.json"
    summary_file = run_dir / "train_summary.json"
    run_summary = json.loads(summary_file.read_text()) if summary_file.exists() else {}
    warm_start = run_summary.get("warm_start")
    comparison = {config.model.attention: comparison_entry(evaluation, str(out_dir), command, str(run_dir), warm_start,
                                                   config.data.train_examples)}
    for other in compare:
        other_metrics = json.loads((Path(other) / "assets.extra" / "metrics.json").read_text())
        comparison[other_metrics["attention"]] = comparison_entry(
            other_metrics["handwritten"], str(other), other_metrics.get("measured_by", ""),
            other_metrics.get("run", ""), other_metrics.get("warm_start"), other_metrics.get("train_examples"))
    metrics = {
        "attention": config.model.attention,
        "parameters": parameters,
        "saved_model_bytes": directory_bytes(out_dir),
        "handwritten": evaluation,
        "threshold_choice": dev,
        "attention_comparison": comparison,
        "training_history": json.loads(history_file.read_text()) if history_file.exists() else [],
        "warm_start": warm_start,
        "soup_of": run_summary.get("soup_of"),
        "ensemble_of": run_summary.get("ensemble_of"),
        "ensemble_members": _ensemble_members(ensemble) if ensemble else None,
        "soup_members": _soup_members(run_summary.get("soup_members") or [], extra),
        "train_examples": config.data.train_examples,
        "measured_by": command,
        "run": str(run_dir),
        "model_dir": str(out_dir),
    }
    (extra / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    (extra / "MODEL_CARD.md").write_text(model_card(config, metrics, version), encoding="utf-8")
    return metrics


def _ensemble_members(ensemble: EnsembleConfig) -> list[dict]:
    """How each member of an ensemble was trained: for the card's Reproduce section."""
    members = []
    for source, config, warm_start in zip(ensemble.sources, ensemble.configs, ensemble.warm_starts, strict=True):
        members.append({
            "source": source,
            "run": _run_of(source),
            "seed": config.seed,
            "train_examples": config.data.train_examples,
            "fresh_each_epoch": config.data.fresh_each_epoch,
            "warm_start": warm_start,
        })
    return members


def _run_of(source: str) -> str:
    """The run dir of an exported member (``<run>/export/<version>``), for the card's train command."""
    export = Path(source)
    return str(export.parent.parent) if export.parent.name == "export" else "<run dir>"


def _soup_members(members: list[dict], extra: Path) -> list[dict] | None:
    """A soup's members: each one's config is shipped as ``assets.extra/members/memberN.json`` so the card's
    Reproduce section can train it again."""
    if not members:
        return None
    (extra / "members").mkdir(exist_ok=True)
    out = []
    for i, member in enumerate(members):
        name = f"members/member{i}.json"
        (extra / name).write_text(json.dumps(member["config"], indent=2), encoding="utf-8")
        out.append({"source": member["source"], "config_file": f"assets.extra/{name}", "run": _run_of(member["source"]),
                    "fresh_each_epoch": member["config"]["data"]["fresh_each_epoch"],
                    "attention": member["config"]["model"]["attention"], "warm_start": member.get("warm_start")})
    return out


def comparison_entry(evaluation: dict, where: str, command: str, run: str, warm_start: str | None = None,
                     train_examples: int | None = None) -> dict:
    """One model's row of the card's attention comparison."""
    return {
        "measured_by": command,
        "run": run,
        "warm_start": warm_start,
        "train_examples": train_examples,
        "exact_match": evaluation["exact_match"],
        "correct": evaluation["correct"],
        "total": evaluation["total"],
        "threshold": evaluation.get("threshold"),
        "false_time": evaluation.get("false_time"),
        "raw_exact_match": evaluation.get("raw", {}).get("exact_match"),
        "per_category": {k: v["exact_match"] for k, v in evaluation["per_category"].items()},
        "model": where,
    }
