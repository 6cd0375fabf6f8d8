"""Small pieces both training packages use (the translator and the time normalizer)."""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

REPOSITORY = Path(__file__).resolve().parents[1]


def from_repository(path: Path | str) -> Path:
    """A path a config names: as given when it exists or is absolute, else relative to the repository root (configs
    name files such as ``training/timenorm/data/train_written.tsv``, so a run works from any working directory)."""
    path = Path(path)
    return path if path.exists() or path.is_absolute() else REPOSITORY / path


def writers_and_readings(folder: Path | str) -> list[tuple[Path, Path | None]]:
    """The writers' files of a written set (``wN.tsv``, by N) and each one's second reading (``rN.tsv``, or None
    when there is none yet): the layout both training packages' written sets ship in."""
    writers = sorted(Path(folder).glob("w*.tsv"), key=lambda p: int(p.stem[1:]))
    readings = [writer.with_name(f"r{writer.stem[1:]}.tsv") for writer in writers]
    return [(writer, reading if reading.exists() else None) for writer, reading in zip(writers, readings, strict=True)]


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


def near_duplicates(texts: Sequence[str], others: Iterable[str], words: Callable[[str], list[str]],
                    jaccard: float) -> list[int]:
    """Indices of ``texts`` that are near duplicates of any of ``others``: the same ``words`` (a text's words with
    every run of digits as ``#``), or word sets (``#`` left out) that share at least ``jaccard`` of their union. The
    wall both training packages put between texts written for training and the evaluation sets.

    Exact, and fast on long sentences through prefix filtering: with the words of every set sorted rarest first, two
    sets that share ``jaccard`` of their union share a word among the first ``len - ceil(jaccard * len) + 1`` of
    each, so only those words are indexed and looked up."""
    theirs = [words(other) for other in others]
    ours = [words(text) for text in texts]
    keys = {tuple(masked) for masked in theirs}
    sets = [frozenset(masked) - {"#"} for masked in theirs]
    counts: dict[str, int] = {}
    for group in (sets, [frozenset(masked) - {"#"} for masked in ours]):
        for word_set in group:
            for w in word_set:
                counts[w] = counts.get(w, 0) + 1

    def prefix(word_set: frozenset[str]) -> list[str]:
        ordered = sorted(word_set, key=lambda w: (counts[w], w))
        return ordered[: len(ordered) - math.ceil(jaccard * len(ordered) - 1e-9) + 1]

    index: dict[str, list[frozenset[str]]] = {}  # word -> the word sets of the others with it in their prefix
    for their in sets:
        for w in prefix(their):
            index.setdefault(w, []).append(their)
    found = []
    for i, masked in enumerate(ours):
        mine = frozenset(masked) - {"#"}
        if tuple(masked) in keys or any(len(mine & o) >= jaccard * len(mine | o)
                                        for w in prefix(mine) for o in index.get(w, ())):
            found.append(i)
    return found
