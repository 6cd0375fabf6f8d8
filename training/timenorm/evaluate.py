"""Exact-match evaluation of an exported SavedModel on the hand-written set."""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HANDWRITTEN_SET = Path(__file__).parent / "data" / "eval_handwritten.tsv"


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


def evaluate_saved_model(model_dir: Path, path: Path = HANDWRITTEN_SET) -> dict:
    examples = load_handwritten(path)
    predictions = [t for t, _ in predict(model_dir, [e.text for e in examples])]
    return {"eval_set": path.name, **score(examples, predictions)}


def format_report(result: dict) -> str:
    lines = [f"exact match {result['exact_match']:.4f} ({result['correct']}/{result['total']})"]
    for name, r in result["per_category"].items():
        lines.append(f"  {name:16s} {r['exact_match']:.4f} ({r['correct']}/{r['total']})")
    for e in result["errors"]:
        lines.append(f"  MISS {e['text']!r}: expected {e['expected']!r}, got {e['predicted']!r}")
    return "\n".join(lines)


def write_json(result: dict, path: Path) -> None:
    Path(path).write_text(json.dumps(result, indent=2), encoding="utf-8")
