"""The leak check: which set texts a config's generated streams hold, every epoch's stream included."""
from __future__ import annotations

from dataclasses import replace

from training.timenorm.config import DataConfig, TrainConfig
from training.timenorm.generator import GeneratorConfig, generate
from training.timenorm.leaks import data_streams, leaked_texts

SMALL = TrainConfig(data=DataConfig(train_examples=300, validation_examples=50, seed=77), epochs=3)
FRESH = replace(SMALL, data=replace(SMALL.data, fresh_each_epoch=True))


def _texts(seed: int, n: int) -> list[str]:
    return [s.text for s in generate(n, GeneratorConfig(seed=seed, negative_fraction=SMALL.data.negative_fraction,
                                                        max_chars=SMALL.model.max_input_chars))]


def test_a_fresh_config_has_one_stream_per_epoch_and_a_fixed_one_a_single_stream() -> None:
    fixed, fresh = data_streams(SMALL), data_streams(FRESH)
    assert [s.seed for s in fixed] == [77, 78] and [s.n for s in fixed] == [300, 50]
    assert len(fresh) == 4 and len({s.seed for s in fresh}) == 4 and fresh[0].seed == 77 and fresh[-1].seed == 78
    assert all(s.n == 300 for s in fresh[:3])


def test_leaks_are_found_in_the_stream_that_holds_them_after_normalization() -> None:
    streams = data_streams(FRESH)
    elsewhere = {t for s in streams if s.seed != streams[2].seed for t in _texts(s.seed, s.n)}
    only_third = [t for t in _texts(streams[2].seed, 300) if t not in elsewhere]
    planted = [f"  {only_third[40].upper()} ", only_third[7]]  # the check compares normalized texts
    outside = "a text no generator writes: zebra 9.99 quartz"
    found = leaked_texts(FRESH, [*planted, outside])
    assert list(found)[2].startswith("training, epoch 3")
    assert [sorted(v) for v in found.values()] == [[], [], sorted(planted), []]
    fixed = leaked_texts(SMALL, planted)  # one set for every epoch: the third epoch's stream is never drawn
    assert list(fixed) == ["training, every epoch (seed 77, 300 examples)", "validation (seed 78, 50 examples)"]
    assert not any(fixed.values())
