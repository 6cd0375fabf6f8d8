"""Generated samples -> padded id arrays, batched by similar length (NumPy only)."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from training.timenorm.config import TrainConfig
from training.timenorm.generator import GeneratorConfig, Sample
from training.timenorm.vocab import MAX_OUTPUT_LENGTH, PAD, START, encode_input, encode_target


def stream_generator(config: TrainConfig, seed: int) -> GeneratorConfig:
    """The generator settings of a run's examples at ``seed`` (training, validation or leak check alike)."""
    data = config.data
    return GeneratorConfig(seed=seed, negative_fraction=data.negative_fraction, categories=data.categories,
                           max_chars=config.model.max_input_chars)


@dataclass(frozen=True)
class EncodedSet:
    inputs: list[np.ndarray]  # variable-length input ids, each ending with the end id
    decoder_inputs: np.ndarray  # [N, MAX_OUTPUT_LENGTH]: start + target[:-1]
    targets: np.ndarray  # [N, MAX_OUTPUT_LENGTH]: target chars + end, PAD-padded

    def __len__(self) -> int:
        return len(self.inputs)


def encode_samples(samples: Sequence[Sample], max_chars: int) -> EncodedSet:
    n = len(samples)
    decoder_inputs = np.full((n, MAX_OUTPUT_LENGTH), PAD, dtype=np.int32)
    targets = np.full((n, MAX_OUTPUT_LENGTH), PAD, dtype=np.int32)
    inputs = []
    for i, sample in enumerate(samples):
        inputs.append(np.asarray(encode_input(sample.text, max_chars), dtype=np.int32))
        target = encode_target(sample.label)
        targets[i, : len(target)] = target
        decoder_inputs[i, 0] = START
        decoder_inputs[i, 1 : len(target)] = target[:-1]
    return EncodedSet(inputs, decoder_inputs, targets)


def pad_inputs(inputs: Sequence[np.ndarray]) -> np.ndarray:
    out = np.full((len(inputs), max(len(x) for x in inputs)), PAD, dtype=np.int32)
    for i, ids in enumerate(inputs):
        out[i, : len(ids)] = ids
    return out


def batches(
    data: EncodedSet, batch_size: int, rng: np.random.Generator | None, bucket_batches: int = 20
) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Batches of similar input length (less padding); shuffled when ``rng`` is given."""
    order = rng.permutation(len(data)) if rng is not None else np.arange(len(data))
    chunk = batch_size * bucket_batches
    groups: list[list[int]] = []
    for start in range(0, len(order), chunk):
        part = sorted(order[start : start + chunk], key=lambda i: len(data.inputs[i]))
        groups.extend(part[j : j + batch_size] for j in range(0, len(part), batch_size))
    if rng is not None:
        groups = [groups[i] for i in rng.permutation(len(groups))]
    for group in groups:
        idx = np.asarray(group)
        yield pad_inputs([data.inputs[i] for i in idx]), data.decoder_inputs[idx], data.targets[idx]
