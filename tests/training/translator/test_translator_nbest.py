"""The n-best beam search (``translate_nbest``) on the toy copy model."""
from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf
from translator_toy import trained_copy_model, untrained_model

from training.translator.serving import TranslatorModule

SOURCES = np.array([[4, 5, 6, 3, 0, 0], [7, 8, 9, 10, 11, 3], [12, 3, 0, 0, 0, 0]], np.int32)


def _run(module, fn, beam, n=None, source=SOURCES):
    args = dict(source_ids=tf.constant(source), beam_size=tf.constant(beam), max_length=tf.constant(12),
                length_penalty=tf.constant(0.6))
    if n is not None:
        args["num_hypotheses"] = tf.constant(n)
    return {k: v.numpy() for k, v in fn(**args).items()}


@pytest.fixture(scope="module", params=["trained", "untrained"])
def module(request):
    model = trained_copy_model()[0] if request.param == "trained" else untrained_model()
    return TranslatorModule(model)


@pytest.mark.parametrize("beam", [1, 2, 4])
def test_first_hypothesis_is_translate(module, beam):
    best = _run(module, module.translate, beam)
    nbest = _run(module, module.translate_nbest, beam, n=3)
    assert nbest["target_ids"].shape[1] == min(3, beam)
    for row in range(len(SOURCES)):
        n = int(best["target_length"][row])
        assert int(nbest["target_length"][row, 0]) == n
        np.testing.assert_array_equal(nbest["target_ids"][row, 0, :n], best["target_ids"][row, :n])
        if beam == 1 or (n and best["target_ids"][row, n - 1] == 3):  # greedy, or ended: the same score
            assert nbest["score"][row, 0] == best["score"][row]
        else:  # a beam that had not ended when the search stopped: marked by a score below -1e8
            assert nbest["score"][row, 0] < -1e8


def test_hypotheses_are_sorted_and_distinct(module):
    out = _run(module, module.translate_nbest, 4, n=4)
    assert out["target_ids"].shape[:2] == (3, 4)
    for row in range(len(SOURCES)):
        scores = out["score"][row]
        assert list(scores) == sorted(scores, reverse=True)
        seqs = {tuple(out["target_ids"][row, i, : out["target_length"][row, i]]) for i in range(4)}
        assert len(seqs) == 4


def test_k_is_capped_by_the_beam(module):
    assert _run(module, module.translate_nbest, 2, n=10)["score"].shape == (3, 2)
    assert _run(module, module.translate_nbest, 3, n=1)["score"].shape == (3, 1)
