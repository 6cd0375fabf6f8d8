"""Fixed-shape batches (jax_train) and the prepared id files: pure NumPy."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from training.translator.batching import batch_widths, fixed_shape_arrays, fixed_shape_batches
from training.translator.ids import load_ids, save_ids

WIDTHS = (4, 8, 16)


def pairs(lengths: list[tuple[int, int]]):
    rng = np.random.default_rng(0)
    source = [rng.integers(4, 50, n).astype(np.int32) for n, _ in lengths]
    target = [rng.integers(4, 50, m).astype(np.int32) for _, m in lengths]
    return source, target


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 16), st.integers(1, 16)), min_size=1, max_size=120),
       st.integers(16, 200))
def test_every_pair_once_in_the_narrowest_width_that_holds_it(lengths, batch_tokens):
    source, target = pairs(lengths)
    batches = fixed_shape_batches(source, target, batch_tokens, np.random.default_rng(1), WIDTHS)
    seen = np.concatenate([index for _, index in batches])
    assert sorted(seen[seen >= 0].tolist()) == list(range(len(lengths)))
    partial = {}
    for width, index in batches:
        assert len(index) == max(1, batch_tokens // (2 * width))  # one shape per width
        for i in index[index >= 0]:
            longest = max(lengths[i])
            assert longest <= width and (width == WIDTHS[0] or longest > WIDTHS[WIDTHS.index(width) - 1])
        if (index < 0).any():
            assert width not in partial, "only a width's last batch is filled up"
            partial[width] = True
            assert (index[index < 0] == -1).all() and (np.diff((index < 0).astype(int)) >= 0).all()


def test_too_long_a_pair_is_refused():
    source, target = pairs([(3, 20)])
    try:
        fixed_shape_batches(source, target, 100, np.random.default_rng(0), WIDTHS)
    except ValueError as error:
        assert "20 tokens" in str(error)
    else:
        raise AssertionError("a pair wider than every width was accepted")


def test_arrays_are_teacher_forced_and_filler_rows_are_empty():
    source, target = pairs([(3, 5), (2, 2)])
    src, dec_in, labels = fixed_shape_arrays(source, target, 8, np.array([1, 0, -1]), bos_id=2)
    assert src.shape == dec_in.shape == labels.shape == (3, 8)
    assert labels[1, :5].tolist() == target[0].tolist() and labels[1, 5:].tolist() == [0, 0, 0]
    assert src[0, :2].tolist() == source[1].tolist()
    assert dec_in[1, 0] == 2 and dec_in[1, 1:].tolist() == labels[1, :-1].tolist()
    assert not src[2].any() and not dec_in[2].any() and not labels[2].any()


def test_id_files_round_trip_compact_and_wide(tmp_path):
    small = [[5, 6, 3], [], [7999, 2, 3]]
    save_ids(tmp_path / "small.npz", small)
    assert np.load(tmp_path / "small.npz")["flat"].dtype == np.uint16
    assert [s.tolist() for s in load_ids(tmp_path / "small.npz")] == small
    wide = [[70000, 3], [1]]
    save_ids(tmp_path / "wide.npz", wide)
    loaded = load_ids(tmp_path / "wide.npz")
    assert [s.tolist() for s in loaded] == wide and loaded[0].dtype == np.int32


def test_widths_follow_the_longest_pair():
    assert batch_widths(64) == [16, 24, 32, 48, 64]
    assert batch_widths(10) == [16]  # one shape, one compilation
    assert batch_widths(30) == [16, 24, 32]
    assert batch_widths(100) == [16, 24, 32, 48, 64, 112]
