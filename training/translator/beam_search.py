"""In-graph beam search with a length penalty, cached (KV cache) or uncached.

Finished hypotheses stay in the beam and can only be extended by padding at no cost, so
the beam always holds ``beam_size`` candidates. A sentence is done when all its beams
have ended or when no live beam can still beat its best finished one (the live beams'
log-probabilities only fall; with a penalty ≥ 0 their best possible normalised score is
``logp / lp(max_length)``). The loop stops when every sentence is done.
"""
from __future__ import annotations

import tensorflow as tf

from training.shared import NEG_INF
from training.translator.decoding import block_repeats, length_penalty, make_stepper


def _tile(x: tf.Tensor, beams: tf.Tensor) -> tf.Tensor:
    """``[B, ...]`` → ``[B * beams, ...]`` (each row repeated ``beams`` times, adjacent)."""
    return tf.repeat(x, beams, axis=0)


def beam_search(model, source_ids: tf.Tensor, beam_size: tf.Tensor, max_length: tf.Tensor,
                alpha: tf.Tensor, cached: bool = True):
    """``(target_ids [B, T], target_length [B], score [B])`` of the best beam per sentence."""
    prefix, lengths, normalised, finished, batch, k = _search(model, source_ids, beam_size, max_length, alpha, cached)
    choice = tf.argmax(tf.where(finished, normalised, normalised + NEG_INF), axis=1, output_type=tf.int32)
    rows = choice + tf.range(batch) * k
    ids = tf.gather(prefix, rows)[:, 1:]
    return ids, tf.gather(lengths, choice, batch_dims=1), tf.gather(normalised, choice, batch_dims=1)


def beam_search_nbest(model, source_ids: tf.Tensor, beam_size: tf.Tensor, num_hypotheses: tf.Tensor,
                      max_length: tf.Tensor, alpha: tf.Tensor, cached: bool = True):
    """The ``n = min(num_hypotheses, beam_size)`` best beams per sentence, best first:
    ``(target_ids [B, n, T], target_length [B, n], score [B, n])``.

    The same search as :func:`beam_search` (its first hypothesis is that function's answer);
    the others are the beams left when the search stopped, finished ones first. An unfinished
    one (the search stops once no live beam can beat the best finished one) has its score
    lowered by ``NEG_INF`` so that callers can tell it apart.
    """
    prefix, lengths, normalised, finished, batch, k = _search(model, source_ids, beam_size, max_length, alpha, cached)
    ranked = tf.where(finished, normalised, normalised + NEG_INF)
    n = tf.minimum(tf.maximum(tf.cast(num_hypotheses, tf.int32), 1), k)
    top_scores, choice = tf.math.top_k(ranked, n)  # ties: the lower index first, as argmax
    rows = tf.reshape(choice + (tf.range(batch) * k)[:, tf.newaxis], [-1])
    ids = tf.reshape(tf.gather(prefix, rows)[:, 1:], [batch, n, -1])
    return ids, tf.gather(lengths, choice, batch_dims=1), top_scores


def _search(model, source_ids: tf.Tensor, beam_size: tf.Tensor, max_length: tf.Tensor,
            alpha: tf.Tensor, cached: bool):
    """Run the search: ``(prefix [B*K, 1+T], lengths [B, K], normalised score [B, K],
    finished [B, K], B, K)``."""
    cfg = model.config
    batch = tf.shape(source_ids)[0]
    k = tf.cast(beam_size, tf.int32)
    memory, memory_bias, _ = model.encode(source_ids)
    memory, memory_bias = _tile(memory, k), _tile(memory_bias, k)
    state, invariants, step, reorder = make_stepper(model, memory, memory_bias, cached)
    vocab = cfg.vocab_size

    prefix = tf.fill([batch * k, 1], tf.constant(cfg.bos_id, tf.int32))
    first = tf.concat([tf.zeros([1]), tf.fill([k - 1], NEG_INF)], 0)
    logp = tf.tile(first[tf.newaxis], [batch, 1])  # [B, K]
    finished = tf.zeros([batch, k], tf.bool)
    lengths = tf.zeros([batch, k], tf.int32)
    pad_row = tf.tensor_scatter_nd_update(tf.fill([vocab], NEG_INF), [[cfg.pad_id]], [0.0])
    max_penalty = length_penalty(max_length, alpha)

    def sentence_done(logp, finished, lengths):
        normalised = logp / length_penalty(lengths, alpha)
        best_finished = tf.reduce_max(tf.where(finished, normalised, NEG_INF), axis=1)
        best_alive = tf.reduce_max(tf.where(finished, NEG_INF, logp), axis=1) / max_penalty
        return tf.logical_or(tf.reduce_all(finished, axis=1), best_finished >= best_alive)

    def cond(t, prefix, state, logp, finished, lengths):
        return tf.logical_and(t < max_length, tf.logical_not(tf.reduce_all(sentence_done(logp, finished, lengths))))

    def body(t, prefix, state, logp, finished, lengths):
        logits, state = step(prefix, state)
        log_probs = tf.reshape(block_repeats(tf.nn.log_softmax(logits), prefix), [batch, k, vocab])
        log_probs = tf.where(finished[..., tf.newaxis], pad_row, log_probs)
        candidates = tf.reshape(logp[..., tf.newaxis] + log_probs, [batch, k * vocab])
        top_scores, top_index = tf.math.top_k(candidates, k)
        beam = top_index // vocab
        token = top_index % vocab
        flat = tf.reshape(beam + tf.range(batch)[:, tf.newaxis] * k, [-1])
        prefix = tf.concat([tf.gather(prefix, flat), tf.reshape(token, [-1, 1])], 1)
        state = reorder(state, flat)
        was_finished = tf.gather(finished, beam, batch_dims=1)
        lengths = tf.gather(lengths, beam, batch_dims=1) + tf.cast(tf.logical_not(was_finished), tf.int32)
        finished = tf.logical_or(was_finished, tf.equal(token, cfg.eos_id))
        return t + 1, prefix, state, top_scores, finished, lengths

    _, prefix, _, logp, finished, lengths = tf.while_loop(
        cond, body, (tf.constant(0), prefix, state, logp, finished, lengths),
        shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, None]), invariants,
                          tf.TensorShape([None, None]), tf.TensorShape([None, None]),
                          tf.TensorShape([None, None])),
    )
    normalised = logp / length_penalty(lengths, alpha)
    return prefix, lengths, normalised, finished, batch, k
