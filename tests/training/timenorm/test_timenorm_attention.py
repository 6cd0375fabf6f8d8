"""Each attention layer against a plain NumPy implementation of its formula."""
from __future__ import annotations

import numpy as np
import pytest

from training.timenorm.attention import BahdanauAttention, LuongAttention, make_attention

B, T, DK, DQ, UNITS = 3, 7, 6, 5, 4


def _inputs(seed: int = 0):
    rng = np.random.default_rng(seed)
    query = rng.normal(size=(B, DQ)).astype("float32")
    keys = rng.normal(size=(B, T, DK)).astype("float32")
    lengths = np.array([7, 3, 1])
    mask = np.arange(T)[None, :] < lengths[:, None]
    return query, keys, mask


def _np_masked_softmax(scores: np.ndarray, mask: np.ndarray) -> np.ndarray:
    weights = np.zeros_like(scores)
    for b in range(scores.shape[0]):
        valid = scores[b][mask[b]]
        e = np.exp(valid - valid.max())
        weights[b][mask[b]] = e / e.sum()
    return weights


def _check(layer, query, keys, mask, np_scores) -> None:
    context, weights = layer(query, keys, mask)
    context, weights = np.asarray(context), np.asarray(weights)
    expected_weights = _np_masked_softmax(np_scores, mask)
    np.testing.assert_allclose(np.asarray(layer.scores(query, keys))[mask], np_scores[mask], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(weights, expected_weights, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(context, np.einsum("bt,btd->bd", expected_weights, keys), rtol=1e-5, atol=1e-5)
    assert np.all(weights[~mask] == 0.0)
    np.testing.assert_allclose(weights.sum(-1), 1.0, rtol=1e-6)


def test_bahdanau_matches_numpy() -> None:
    query, keys, mask = _inputs()
    layer = BahdanauAttention(UNITS)
    layer(query, keys, mask)  # create the weights
    w1 = np.asarray(layer.key_projection.kernel)  # [DK, UNITS]
    w2 = np.asarray(layer.query_projection.kernel)  # [DQ, UNITS]
    v = np.asarray(layer.score_vector.kernel)[:, 0]  # [UNITS]
    scores = np.einsum("btu,u->bt", np.tanh(keys @ w1 + (query @ w2)[:, None, :]), v)
    _check(layer, query, keys, mask, scores)


def test_luong_general_matches_numpy() -> None:
    query, keys, mask = _inputs(1)
    layer = LuongAttention("general", query_units=DQ)
    layer(query, keys, mask)
    w = np.asarray(layer.key_projection.kernel)  # [DK, DQ]: W h
    scores = np.einsum("bq,btq->bt", query, keys @ w)
    _check(layer, query, keys, mask, scores)


def test_luong_dot_matches_numpy() -> None:
    rng = np.random.default_rng(2)
    query = rng.normal(size=(B, DK)).astype("float32")
    _, keys, mask = _inputs(2)
    layer = LuongAttention("dot")
    assert not layer.trainable_weights
    _check(layer, query, keys, mask, np.einsum("bd,btd->bt", query, keys))


def test_padding_does_not_change_the_result() -> None:
    """Extra padded key positions (any values) leave weights and context unchanged."""
    query, keys, mask = _inputs(3)
    layer = BahdanauAttention(UNITS)
    context, weights = layer(query, keys, mask)
    padded_keys = np.concatenate([keys, 100 * np.ones((B, 4, DK), "float32")], axis=1)
    padded_mask = np.concatenate([mask, np.zeros((B, 4), bool)], axis=1)
    context2, weights2 = layer(query, padded_keys, padded_mask)
    np.testing.assert_allclose(np.asarray(context2), np.asarray(context), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(weights2)[:, :T], np.asarray(weights), rtol=1e-5, atol=1e-6)


def test_factory_and_validation() -> None:
    assert isinstance(make_attention("bahdanau", attention_units=4, query_units=8), BahdanauAttention)
    assert make_attention("luong-dot", attention_units=4, query_units=8).score == "dot"
    assert make_attention("luong-general", attention_units=4, query_units=8).score == "general"
    with pytest.raises(ValueError):
        make_attention("multihead", attention_units=4, query_units=8)
    with pytest.raises(ValueError):
        LuongAttention("general")
