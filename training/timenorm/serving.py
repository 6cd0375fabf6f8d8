"""The exported graph: normalization, char lookup and greedy decoding, all in TensorFlow.

``tf.saved_model.load(path).signatures["serving_default"](text=...)`` needs no project code. One model, or an
ensemble of models of one architecture (``ensemble.py``): each step decodes with the mean of the members'
next-character probabilities, and the attention map is the mean of theirs. One member decodes exactly as before.
"""
from __future__ import annotations

from collections.abc import Sequence

import tensorflow as tf

from training.timenorm.config import ModelConfig
from training.timenorm.model import TimeNormalizerModel
from training.timenorm.text import CHAR_REPLACEMENTS
from training.timenorm.vocab import (
    END,
    END_TOKEN,
    MAX_OUTPUT_LENGTH,
    OUTPUT_CHARS,
    PAD,
    START,
    UNK,
    codepoint_table,
)


def normalize_graph(text: tf.Tensor, max_chars: int) -> tf.Tensor:
    """The graph twin of ``text.normalize_text``."""
    for old, new in CHAR_REPLACEMENTS:
        text = tf.strings.regex_replace(text, old, new)
    text = tf.strings.lower(text, encoding="utf-8")
    text = tf.strings.regex_replace(text, r"[ \t\n\r\f\v]+", " ")
    text = tf.strings.regex_replace(text, r"^ | $", "")
    return tf.strings.substr(text, 0, max_chars, unit="UTF8_CHAR")


class TimeNormalizerServing(tf.Module):
    """Holds the trained Keras model(s) and exposes ``serve`` as ``serving_default``."""

    def __init__(self, models: TimeNormalizerModel | Sequence[TimeNormalizerModel], config: ModelConfig):
        super().__init__(name="time_normalizer")
        self.members = [models] if isinstance(models, TimeNormalizerModel) else list(models)
        if not self.members:
            raise ValueError("serving needs at least one model")
        self.max_chars = config.max_input_chars
        self.table = codepoint_table(128) + [UNK]  # index 128: any other code point
        self.id_to_char = ["", "<s>", END_TOKEN, *OUTPUT_CHARS]

    def encode(self, text: tf.Tensor):
        normalized = normalize_graph(text, self.max_chars)
        batch = tf.shape(text)[0]
        codepoints = tf.strings.unicode_decode(normalized, "UTF-8", errors="replace")
        table = tf.constant(self.table, tf.int32)
        ids = tf.ragged.map_flat_values(lambda c: tf.gather(table, tf.minimum(c, 128)), codepoints)
        end = tf.RaggedTensor.from_tensor(tf.fill([batch, 1], END))
        ids = tf.concat([ids, end], axis=1)
        chars = tf.strings.unicode_split(normalized, "UTF-8", errors="replace")
        chars = tf.concat([chars, tf.RaggedTensor.from_tensor(tf.fill([batch, 1], END_TOKEN))], axis=1)
        return ids.to_tensor(PAD), tf.cast(ids.row_lengths(), tf.int32), chars.to_tensor("")

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="text")])
    def serve(self, text):
        input_ids, input_length, input_chars = self.encode(text)
        encoded = [m.encoder(input_ids, training=False) for m in self.members]
        keys = [k for k, _, _ in encoded]
        key_mask = encoded[0][1]
        states = [list(state) for _, _, state in encoded]
        projected = [m.decoder.attention.project_keys(k) for m, k in zip(self.members, keys, strict=True)]
        feeds = [m.decoder.initial_feed(k) for m, k in zip(self.members, keys, strict=True)]
        batch = tf.shape(input_ids)[0]
        tokens = tf.fill([batch], START)
        finished = tf.zeros([batch], tf.bool)
        log_prob = tf.zeros([batch], tf.float32)
        out_ids = tf.TensorArray(tf.int32, size=MAX_OUTPUT_LENGTH)
        out_att = tf.TensorArray(tf.float32, size=MAX_OUTPUT_LENGTH)
        for t in tf.range(MAX_OUTPUT_LENGTH):  # AutoGraph: a tf.while_loop
            probs, weights, next_states, next_feeds = [], [], [], []
            for i, member in enumerate(self.members):
                logits, state, feed, att = member.decoder.step(tokens, states[i], feeds[i], keys[i], key_mask,
                                                               projected[i])
                probs.append(tf.nn.softmax(logits, axis=-1))
                weights.append(att)
                next_states.append(state)
                next_feeds.append(feed)
            states, feeds = next_states, next_feeds
            mean_probs = tf.add_n(probs) / len(probs)
            mean_weights = tf.add_n(weights) / len(weights)
            chosen = tf.argmax(mean_probs, axis=-1, output_type=tf.int32)
            log_prob += tf.where(finished, 0.0, tf.math.log(tf.reduce_max(mean_probs, axis=-1)))
            chosen = tf.where(finished, PAD, chosen)
            out_ids = out_ids.write(t, chosen)
            out_att = out_att.write(t, tf.where(finished[:, None], 0.0, mean_weights))
            finished = tf.logical_or(finished, tf.equal(chosen, END))
            tokens = chosen
        ids = tf.transpose(out_ids.stack())
        attention = tf.transpose(out_att.stack(), [1, 0, 2])
        output_chars = tf.gather(tf.constant(self.id_to_char), ids)
        time = tf.strings.reduce_join(tf.where(ids >= 3, output_chars, ""), axis=1)
        return {
            "time": time,
            "confidence": tf.exp(log_prob),
            "input_chars": input_chars,
            "input_length": input_length,
            "output_chars": output_chars,
            "output_length": tf.reduce_sum(tf.cast(ids != PAD, tf.int32), axis=1),
            "attention": attention,
        }
