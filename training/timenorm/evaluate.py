"""Exact-match evaluation of an exported SavedModel on the hand-written set.

Scores what the service answers: the model's time, or no time where the confidence is below
the threshold of model.json. Also reported: the raw model output's exact match, the
false-time rate on the texts that hold no time, and the reliability table.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from core.manifest import TimeNormalizerManifest, manifest_path
from core.manifest import load as load_manifest
from training.timenorm.reliability import false_time_rate, format_reliability, reliability_table, served

HANDWRITTEN_SET = Path(__file__).parent / "data" / "eval_handwritten.tsv"
EXTERNAL_SET = HANDWRITTEN_SET.with_name("eval_external_tatoeba.tsv")  # Tatoeba's own texts, labelled by hand


@dataclass(frozen=True)
class EvalExample:
    text: str
    expected: str  # "HH:MM" or "" (no time)
    category: str


def load_handwritten(path: Path = HANDWRITTEN_SET) -> list[EvalExample]:
    """Rows ``text<TAB>expected<TAB>category`` after a header line; text is kept verbatim."""
    lines = Path(path).read_text(encoding="utf-8").split("\n")
    if lines[0].split("\t") != ["text", "expected", "category"]:
        raise ValueError(f"{path}: bad header {lines[0]!r}")
    examples = []
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        fields = line.split("\t")
        if len(fields) != 3:
            raise ValueError(f"{path}:{number}: expected 3 tab-separated fields, got {len(fields)}")
        examples.append(EvalExample(*fields))
    return examples


def predict(model_dir: Path, texts: list[str], batch_size: int = 64) -> list[tuple[str, float]]:
    import tensorflow as tf

    serve = tf.saved_model.load(str(model_dir)).signatures["serving_default"]
    out: list[tuple[str, float]] = []
    for start in range(0, len(texts), batch_size):
        result = serve(text=tf.constant(texts[start : start + batch_size]))
        out.extend((t.decode("utf-8"), float(c)) for t, c in zip(result["time"].numpy(), result["confidence"].numpy(), strict=False))
    return out


def score(examples: list[EvalExample], predictions: list[str]) -> dict:
    """Exact match overall and per category, and the misses."""
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    errors = []
    for example, predicted in zip(examples, predictions, strict=True):
        ok = predicted == example.expected
        per[example.category][0] += ok
        per[example.category][1] += 1
        if not ok:
            errors.append({"text": example.text, "expected": example.expected,
                           "predicted": predicted, "category": example.category})
    correct = sum(c for c, _ in per.values())
    total = sum(n for _, n in per.values())
    return {
        "exact_match": correct / total if total else 0.0,
        "correct": correct,
        "total": total,
        "per_category": {k: {"exact_match": c / n, "correct": c, "total": n} for k, (c, n) in sorted(per.items())},
        "errors": errors,
    }


def model_threshold(model_dir: Path) -> float:
    """``confidence_threshold`` of the model's manifest (0.0 when it has none)."""
    if not manifest_path(model_dir).exists():
        return 0.0
    manifest = load_manifest(model_dir)
    return manifest.confidence_threshold if isinstance(manifest, TimeNormalizerManifest) else 0.0


def evaluate_predictions(examples: list[EvalExample], predictions: list[tuple[str, float]], threshold: float) -> dict:
    """Scores of the served answers, plus the raw output's exact match and the reliability table."""
    predicted = [t for t, _ in predictions]
    confidence = [c for _, c in predictions]
    expected = [e.expected for e in examples]
    answers = served(predicted, confidence, threshold)
    raw = score(examples, predicted)
    return {
        **score(examples, answers),
        "threshold": threshold,
        "false_time": false_time_rate(expected, answers),
        "raw": {"exact_match": raw["exact_match"], "correct": raw["correct"],
                "false_time": false_time_rate(expected, predicted)},
        "reliability": reliability_table(expected, predicted, confidence),
    }


def evaluate_saved_model(model_dir: Path, path: Path = HANDWRITTEN_SET, threshold: float | None = None) -> dict:
    examples = load_handwritten(path)
    predictions = predict(model_dir, [e.text for e in examples])
    threshold = model_threshold(model_dir) if threshold is None else threshold
    return {"eval_set": Path(path).name, **evaluate_predictions(examples, predictions, threshold)}


def format_report(result: dict) -> str:
    lines = [f"exact match {result['exact_match']:.4f} ({result['correct']}/{result['total']})"
             + (f" at threshold {result['threshold']}" if "threshold" in result else "")]
    if "false_time" in result:
        ft, raw = result["false_time"], result["raw"]
        lines.append(f"false times {ft['rate']:.4f} ({ft['false_times']}/{ft['negatives']} texts without a time); "
                     f"raw model output: exact match {raw['exact_match']:.4f}, false times "
                     f"{raw['false_time']['false_times']}/{raw['false_time']['negatives']}")
    for name, r in result["per_category"].items():
        lines.append(f"  {name:16s} {r['exact_match']:.4f} ({r['correct']}/{r['total']})")
    for e in result["errors"]:
        lines.append(f"  MISS {e['text']!r}: expected {e['expected']!r}, got {e['predicted']!r}")
    if result.get("reliability"):
        lines.append("reliability (raw model output):\n" + format_reliability(result["reliability"]))
    return "\n".join(lines)


def write_json(result: dict, path: Path) -> None:
    Path(path).write_text(json.dumps(result, indent=2), encoding="utf-8")
