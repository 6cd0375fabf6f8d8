"""In-graph greedy decoding (cached or uncached) and the pieces beam search shares with it.

A *stepper* turns the growing output prefix into next-token logits. The cached stepper
keeps every decoder layer's keys/values and feeds only the newest token; the uncached
one re-runs the decoder over the whole prefix (kept for the benchmark and for tests).
"""
from __future__ import annotations

from typing import Any

import tensorflow as tf

from training.shared import NEG_INF

State = Any

# A token may follow itself at most this many times in a row: decoder loops on rare words
# ("ö ö ö ö ö …") are cut inside the search instead of running to the length limit.
MAX_REPEAT = 4


def block_repeats(log_probs: tf.Tensor, prefix: tf.Tensor, max_repeat: int = MAX_REPEAT) -> tf.Tensor:
    """Forbid the last token of ``prefix`` when it already ended the prefix ``max_repeat`` times."""
    tail = prefix[:, -max_repeat:]
    last = prefix[:, -1]
    looping = tf.logical_and(tf.shape(prefix)[1] >= max_repeat,
                             tf.reduce_all(tf.equal(tail, last[:, tf.newaxis]), axis=1))
    penalty = tf.one_hot(last, tf.shape(log_probs)[-1], on_value=NEG_INF, off_value=0.0)
    return log_probs + penalty * tf.cast(looping, tf.float32)[:, tf.newaxis]


def length_penalty(lengths: tf.Tensor, alpha: tf.Tensor) -> tf.Tensor:
    """GNMT length penalty ``((5 + len) / 6) ** alpha`` (1 when alpha is 0)."""
    return tf.pow((5.0 + tf.cast(lengths, tf.float32)) / 6.0, alpha)


def make_stepper(model, memory: tf.Tensor, memory_bias: tf.Tensor, cached: bool):
    """``(initial state, state shape invariants, step fn, reorder fn)``."""
    if cached:
        self_caches, cross_kv = model.decoder.init_cache(memory)
        heads = model.config.num_heads
        depth = model.config.d_model // heads
        invariants = [{"k": tf.TensorShape([None, heads, None, depth]),
                       "v": tf.TensorShape([None, heads, None, depth])} for _ in self_caches]

        def step(prefix: tf.Tensor, caches):
            position = tf.shape(prefix)[1] - 1
            return model.decode_step(prefix[:, -1], position, caches, cross_kv, memory_bias)

        def reorder(caches, index):
            return [{k: tf.gather(v, index) for k, v in c.items()} for c in caches]

        return self_caches, invariants, step, reorder

    def step_uncached(prefix: tf.Tensor, state):
        logits, _, _ = model.decode(prefix, memory, memory_bias)
        return logits[:, -1], state

    return tf.zeros([]), tf.TensorShape([]), step_uncached, lambda state, index: state


def greedy_decode(model, source_ids: tf.Tensor, max_length: tf.Tensor, alpha: tf.Tensor,
                  cached: bool = True):
    """``(target_ids [B, T], target_length [B], score [B])``; stops when all sentences ended."""
    cfg = model.config
    memory, memory_bias, _ = model.encode(source_ids)
    batch = tf.shape(source_ids)[0]
    state, invariants, step, _ = make_stepper(model, memory, memory_bias, cached)
    prefix = tf.fill([batch, 1], tf.constant(cfg.bos_id, tf.int32))
    finished = tf.zeros([batch], tf.bool)
    logp = tf.zeros([batch])
    lengths = tf.zeros([batch], tf.int32)

    def cond(t, prefix, state, finished, logp, lengths):
        return tf.logical_and(t < max_length, tf.logical_not(tf.reduce_all(finished)))

    def body(t, prefix, state, finished, logp, lengths):
        logits, state = step(prefix, state)
        log_probs = tf.nn.log_softmax(logits)
        token = tf.argmax(block_repeats(log_probs, prefix), -1, output_type=tf.int32)
        token = tf.where(finished, cfg.pad_id, token)
        gained = tf.gather(log_probs, token, batch_dims=1)
        logp += tf.where(finished, 0.0, gained)
        lengths += tf.cast(tf.logical_not(finished), tf.int32)
        finished = tf.logical_or(finished, tf.equal(token, cfg.eos_id))
        return t + 1, tf.concat([prefix, token[:, None]], 1), state, finished, logp, lengths

    _, prefix, _, _, logp, lengths = tf.while_loop(
        cond, body, (tf.constant(0), prefix, state, finished, logp, lengths),
        shape_invariants=(tf.TensorShape([]), tf.TensorShape([None, None]), invariants,
                          tf.TensorShape([None]), tf.TensorShape([None]), tf.TensorShape([None])),
    )
    return prefix[:, 1:], lengths, logp / length_penalty(lengths, alpha)
