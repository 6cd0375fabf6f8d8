"""Choose an exported model's served threshold where the false times show (session 19).

The exporter chooses the threshold on a generated dev set, where look-alikes are the generator's and
few answers fall below 0.999. Here it is chosen on the hand-written set's *older* batches (file lines
``first``-``last``), from the reliability of the raw output: the best served exact match among the
thresholds whose false-time rate there is at most the issue's bar (1%). The newer batches stay a
clean check. ``write_threshold`` copies the exported model to a new version whose model.json holds
the chosen threshold; the SavedModel and its weights are the same files.
"""
from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

from core.manifest import TimeNormalizerManifest, dump, load
from training.timenorm.card import model_card
from training.timenorm.config import TrainConfig
from training.timenorm.evaluate import (
    HANDWRITTEN_SET,
    EvalExample,
    evaluate_predictions,
    load_handwritten,
    predict,
)
from training.timenorm.export import comparison_entry
from training.timenorm.reliability import reliability_table, threshold_under_false_time_rate

HEADER_LINES = 1  # the hand-written set's first file line is its header


def parse_lines(spec: str) -> tuple[int, int]:
    """``"2-2561"`` -> (2, 2561): file lines of the hand-written set, both included, after the header."""
    first, sep, last = spec.partition("-")
    if not sep or not first.isdigit() or not last.isdigit():
        raise ValueError(f"expected FIRST-LAST file lines such as 2-2561, got {spec!r}")
    lines = int(first), int(last)
    if lines[0] <= HEADER_LINES or lines[1] < lines[0]:
        raise ValueError(f"lines {spec!r}: the first must come after the header line and not after the last")
    return lines


def check_lines(examples: list[EvalExample], lines: tuple[int, int]) -> None:
    """ValueError when ``lines`` go past the set's last row."""
    if lines[1] - HEADER_LINES > len(examples):
        raise ValueError(f"the set has {len(examples)} rows (file lines 2-{len(examples) + HEADER_LINES}); "
                         f"asked for lines up to {lines[1]}")


def choose_on_lines(examples: list[EvalExample], predictions: list[tuple[str, float]], lines: tuple[int, int],
                    max_rate: float = 0.01) -> dict:
    """The threshold chosen on ``examples`` at file lines ``lines`` (the set has no blank lines)."""
    check_lines(examples, lines)
    first, last = lines
    rows = slice(first - HEADER_LINES - 1, last - HEADER_LINES)
    expected = [e.expected for e in examples[rows]]
    predicted = [p for p, _ in predictions[rows]]
    confidence = [c for _, c in predictions[rows]]
    choice = threshold_under_false_time_rate(expected, predicted, confidence, max_rate)
    return {**choice, "on_lines": f"{first}-{last}", "per_candidate": {str(t): r for t, r in choice["per_candidate"].items()},
            "reliability": reliability_table(expected, predicted, confidence)}


def measure(model_dir: Path, lines: tuple[int, int], max_rate: float = 0.01,
            ) -> tuple[list[EvalExample], list[tuple[str, float]], dict]:
    """The hand-written set, the model's raw output on it, and the threshold chosen on ``lines``."""
    examples = load_handwritten()
    check_lines(examples, lines)  # before the model is loaded
    predictions = predict(Path(model_dir), [e.text for e in examples])
    return examples, predictions, choose_on_lines(examples, predictions, lines, max_rate)


def write_threshold(source: Path, out_dir: Path, lines: tuple[int, int], max_rate: float = 0.01,
                    command: str = "") -> dict:
    """Copy the exported model ``source`` to ``out_dir`` with the threshold chosen on ``lines``; rewrite its
    model.json, metrics.json (the hand-written set's figures at the new threshold) and model card."""
    source, out_dir = Path(source), Path(out_dir)
    if not isinstance(load(source), TimeNormalizerManifest):
        raise ValueError(f"{source} is not a time normalizer")
    examples, predictions, choice = measure(source, lines, max_rate)
    if out_dir.resolve() != source.resolve():
        if out_dir.exists():
            shutil.rmtree(out_dir)
        shutil.copytree(source, out_dir)
    manifest = load(out_dir)
    assert isinstance(manifest, TimeNormalizerManifest)  # checked on the source above
    version = out_dir.name
    dump(replace(manifest, version=version, confidence_threshold=choice["threshold"]), out_dir)
    extra = out_dir / "assets.extra"
    metrics = json.loads((extra / "metrics.json").read_text(encoding="utf-8"))
    evaluation = {"eval_set": HANDWRITTEN_SET.name, **evaluate_predictions(examples, predictions, choice["threshold"])}
    attention = metrics["attention"]
    own = metrics["attention_comparison"][attention]  # how it was trained and exported stays; its figures change
    metrics["attention_comparison"][attention] = comparison_entry(
        evaluation, str(out_dir), own.get("measured_by", ""), own.get("run", ""), own.get("warm_start"),
        own.get("train_examples"))
    metrics.update(handwritten=evaluation, threshold_choice={**choice, "source": str(source), "command": command},
                   model_dir=str(out_dir))
    (extra / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    config = TrainConfig.load(extra / "config.json")
    (extra / "MODEL_CARD.md").write_text(model_card(config, metrics, version), encoding="utf-8")
    return metrics
