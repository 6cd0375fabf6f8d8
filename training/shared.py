"""Small pieces both training packages use (the translator and the time normalizer)."""
from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

# Additive mask value: after softmax a masked position gets exactly 0 (float32 and bfloat16).
NEG_INF = -1e9


def log_record(run_dir: Path, record: dict) -> dict:
    """Append ``record`` (stamped with the time) to ``run_dir/metrics.jsonl`` and print it."""
    record = {"time": time.strftime("%Y-%m-%dT%H:%M:%S"), **record}
    with (Path(run_dir) / "metrics.jsonl").open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(record) + "\n")
    tqdm.write(json.dumps(record))
    return record


def parameter_count(model: Any) -> int:
    """Trainable parameters of a Keras model."""
    return int(sum(int(np.prod(v.shape)) for v in model.trainable_variables))
