"""Decoding speed of time-normalizer exports on CPU, side by side in one run: batch 1 and batch 64.

    python benchmarks/timenorm_speed.py MODEL [MODEL ...] [--texts 512] [--repeats 3]

Each model is an exported SavedModel dir (one model or an ensemble). The texts are the first N of the hand-written
set (only their wording is used, never their labels). Prints texts per second and the ratio to the first model.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import tensorflow as tf  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from training.timenorm.evaluate import load_handwritten  # noqa: E402


def load_texts(n: int) -> list[str]:
    return [e.text for e in load_handwritten()[:n]]


def texts_per_second(serve, texts: list[str], batch: int, repeats: int) -> float:
    serve(text=tf.constant(texts[:batch]))  # trace and warm up
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for i in range(0, len(texts), batch):
            serve(text=tf.constant(texts[i:i + batch]))
        best = min(best, time.perf_counter() - start)
    return len(texts) / best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("models", nargs="+", help="exported dirs; the first is the baseline of the ratios")
    parser.add_argument("--texts", type=int, default=512)
    parser.add_argument("--repeats", type=int, default=3, help="the best of this many passes is reported")
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args()
    texts = load_texts(args.texts)
    results = []
    for model in args.models:
        serve = tf.saved_model.load(model).signatures["serving_default"]
        row = {"model": model}
        for batch in (1, 64):
            row[f"batch{batch}_texts_per_s"] = texts_per_second(serve, texts, batch, args.repeats)
        results.append(row)
    base = results[0]
    print(f"{len(texts)} texts, best of {args.repeats} passes, {os.cpu_count()} CPUs visible")
    print("| model | batch 1 (texts/s) | ratio | batch 64 (texts/s) | ratio |")
    print("|---|---|---|---|---|")
    for r in results:
        b1, b64 = r["batch1_texts_per_s"], r["batch64_texts_per_s"]
        print(f"| {r['model']} | {b1:.0f} | {b1 / base['batch1_texts_per_s']:.2f} | {b64:.0f} | "
              f"{b64 / base['batch64_texts_per_s']:.2f} |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
