"""Which hand-written texts a training config's generated data holds: the check behind the set's wall.

Training never reads the set (tests spy on it); this check reads both, after the fact, and only reports. A config
that trains on new examples every epoch draws one stream per epoch, so every epoch's seed is checked.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from training.timenorm.config import TrainConfig, train_seed
from training.timenorm.data import stream_generator
from training.timenorm.generator import iterate
from training.timenorm.text import normalize_text
from training.timenorm.written import read_written


@dataclass(frozen=True)
class Stream:
    """``n`` generated examples at ``seed``: what one part of a run trains or validates on."""

    name: str
    seed: int
    n: int


def data_streams(config: TrainConfig) -> list[Stream]:
    """The training stream of every epoch (one, unless ``fresh_each_epoch``) and the validation stream."""
    data = config.data
    epochs = range(config.epochs) if data.fresh_each_epoch else range(1)
    training = [Stream(f"training, epoch {e + 1}" if data.fresh_each_epoch else "training, every epoch",
                       train_seed(data, e), data.train_examples) for e in epochs]
    return [*training, Stream("validation", data.seed + 1, data.validation_examples)]


def leaked_texts(config: TrainConfig, texts: Iterable[str]) -> dict[str, list[str]]:
    """For each stream of ``config``, the ``texts`` that it generates (compared after ``normalize_text``)."""
    wanted: dict[str, str] = {normalize_text(t): t for t in texts}
    found: dict[str, list[str]] = {}
    for stream in data_streams(config):
        sample = iterate(stream_generator(config, stream.seed))
        seen = {normalize_text(next(sample).text) for _ in range(stream.n)}
        found[f"{stream.name} (seed {stream.seed}, {stream.n:,} examples)"] = sorted(wanted[t] for t in seen & wanted.keys())
    if config.data.written_file:
        written = {normalize_text(row.text) for row in read_written(config.data.written_file)}
        found[f"written texts ({config.data.written_file})"] = sorted(wanted[t] for t in written & wanted.keys())
    return found
