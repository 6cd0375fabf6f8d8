"""Masks, attention, cached vs uncached decoding and beam search on tiny Transformers."""
from __future__ import annotations

import numpy as np
import pytest
import tensorflow as tf
from translator_toy import copy_batch, trained_copy_model, untrained_model

from training.translator.beam_search import beam_search
from training.translator.decoding import block_repeats, greedy_decode
from training.translator.layers import positional_encoding
from training.translator.masks import look_ahead_bias, padding_bias

SOURCES = tf.constant([[5, 9, 7, 12, 3, 0, 0], [4, 4, 15, 3, 0, 0, 0], [6, 8, 10, 11, 13, 14, 3]], tf.int32)
LIMIT, ALPHA = tf.constant(12), tf.constant(0.6)


def test_masks():
    bias = padding_bias(tf.constant([[5, 3, 0]])).numpy()
    assert bias.shape == (1, 1, 1, 3) and bias[0, 0, 0, 0] == 0 and bias[0, 0, 0, 2] < -1e8
    causal = look_ahead_bias(3).numpy()[0, 0]
    assert (causal[np.triu_indices(3, 1)] < -1e8).all() and (causal[np.tril_indices(3)] == 0).all()


def test_positional_encoding_is_the_papers_sinusoid():
    table = positional_encoding(50, 8)
    assert table.shape == (50, 8)
    assert np.allclose(table[7, 0], np.sin(7.0)) and np.allclose(table[7, 1], np.cos(7.0))
    assert np.allclose(table[7, 2], np.sin(7 / 10000 ** (2 / 8)))


def test_padding_does_not_change_the_encoding_of_real_tokens():
    model = untrained_model()
    short = tf.constant([[5, 6, 7, 3]], tf.int32)
    padded = tf.constant([[5, 6, 7, 3, 0, 0, 0]], tf.int32)
    a, _, _ = model.encode(short)
    b, _, _ = model.encode(padded)
    np.testing.assert_allclose(a.numpy()[0], b.numpy()[0, :4], atol=1e-5)


def test_decoder_cannot_see_the_future():
    model = untrained_model()
    memory, bias, _ = model.encode(SOURCES[:1])
    x = tf.constant([[2, 5, 6, 7, 8]], tf.int32)
    y = tf.constant([[2, 5, 6, 13, 14]], tf.int32)  # differs from position 3 on
    lx, _, _ = model.decode(x, memory, bias)
    ly, _, _ = model.decode(y, memory, bias)
    np.testing.assert_allclose(lx.numpy()[0, :3], ly.numpy()[0, :3], atol=1e-5)
    assert not np.allclose(lx.numpy()[0, 3:], ly.numpy()[0, 3:], atol=1e-3)


def test_attention_rows_sum_to_one_and_ignore_padding():
    model = untrained_model()
    memory, bias, enc_w = model.encode(SOURCES)
    _, self_w, cross_w = model.decode(tf.constant([[2, 5, 6], [2, 4, 0], [2, 6, 8]]), memory, bias)
    for w in enc_w + self_w + cross_w:
        np.testing.assert_allclose(w.numpy().sum(-1), 1.0, atol=1e-5)
    cross = cross_w[0].numpy()
    assert np.abs(cross[1, :, :, 4:]).max() < 1e-6  # sentence 2 has 4 real source tokens
    assert np.abs(self_w[0].numpy()[:, :, 0, 1:]).max() < 1e-6  # look-ahead mask


def test_toy_model_learns_to_copy():
    model, loss = trained_copy_model()
    assert loss < 0.3
    ids, lengths, _ = greedy_decode(model, SOURCES, LIMIT, ALPHA)
    for row in range(3):
        expected = [int(t) for t in SOURCES[row] if t != 0]
        assert ids.numpy()[row, : lengths.numpy()[row]].tolist() == expected


@pytest.mark.parametrize("beam", [1, 3])
def test_cached_decoding_equals_uncached(beam):
    model, _ = trained_copy_model()
    decode = greedy_decode if beam == 1 else (lambda m, s, limit, a, cached: beam_search(m, s, tf.constant(beam), limit, a, cached))
    a = decode(model, SOURCES, LIMIT, ALPHA, cached=True)
    b = decode(model, SOURCES, LIMIT, ALPHA, cached=False)
    assert a[0].numpy().tolist() == b[0].numpy().tolist()
    assert a[1].numpy().tolist() == b[1].numpy().tolist()
    np.testing.assert_allclose(a[2].numpy(), b[2].numpy(), atol=1e-4)


@pytest.mark.parametrize("trained", [True, False])
def test_beam_size_one_equals_greedy(trained):
    model = trained_copy_model()[0] if trained else untrained_model()
    g = greedy_decode(model, SOURCES, LIMIT, ALPHA)
    b = beam_search(model, SOURCES, tf.constant(1), LIMIT, ALPHA)
    assert g[0].numpy().tolist() == b[0].numpy().tolist()
    assert g[1].numpy().tolist() == b[1].numpy().tolist()
    np.testing.assert_allclose(g[2].numpy(), b[2].numpy(), atol=1e-5)


def test_beam_search_also_copies():
    model, _ = trained_copy_model()
    ids, lengths, scores = beam_search(model, SOURCES, tf.constant(4), LIMIT, ALPHA)
    for row in range(3):
        expected = [int(t) for t in SOURCES[row] if t != 0]
        assert ids.numpy()[row, : lengths.numpy()[row]].tolist() == expected
    assert (scores.numpy() <= 0).all()


def test_decoding_stops_at_max_length_and_pads_after_eos():
    model, _ = trained_copy_model()
    ids, lengths, _ = greedy_decode(model, SOURCES, tf.constant(3), ALPHA)
    assert ids.shape[1] == 3 and lengths.numpy().tolist() == [3, 3, 3]
    ids, lengths, _ = beam_search(model, SOURCES, tf.constant(2), LIMIT, ALPHA)
    for row, n in enumerate(lengths.numpy()):
        assert ids.numpy()[row, n - 1] == 3 and (ids.numpy()[row, n:] == 0).all()


def test_copy_batch_shapes():
    src, dec_in, labels = copy_batch(np.random.default_rng(1), batch=4)
    assert src.shape == dec_in.shape == labels.shape and (dec_in[:, 0] == 2).all()


def test_block_repeats_forbids_a_fifth_identical_token():
    log_probs = tf.zeros([3, 8])
    prefix = tf.constant([[2, 5, 5, 5, 5], [2, 6, 5, 5, 5], [2, 4, 4, 4, 4]], tf.int32)
    out = block_repeats(log_probs, prefix, max_repeat=4).numpy()
    assert out[0, 5] < -1e8 and out[2, 4] < -1e8
    assert (out[1] == 0).all() and (np.delete(out[0], 5) == 0).all()


@pytest.mark.parametrize("beam", [1, 3])
def test_decoded_output_never_repeats_a_token_more_than_four_times(beam):
    model = untrained_model()  # untrained models loop a lot
    ids, lengths, _ = beam_search(model, SOURCES, tf.constant(beam), tf.constant(30), ALPHA)
    for row, n in zip(ids.numpy(), lengths.numpy(), strict=False):
        tokens = row[:n].tolist()
        assert all(len(set(tokens[i:i + 5])) > 1 for i in range(len(tokens) - 4)), tokens
