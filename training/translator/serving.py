"""The exported tf.Module: ``translate`` (serving_default), ``translate_nbest``, ``translate_uncached``,
``attention``."""
from __future__ import annotations

import tensorflow as tf

from training.translator.beam_search import beam_search, beam_search_nbest
from training.translator.decoding import greedy_decode

TRANSLATE_SIGNATURE = [
    tf.TensorSpec([None, None], tf.int32, name="source_ids"),
    tf.TensorSpec([], tf.int32, name="beam_size"),
    tf.TensorSpec([], tf.int32, name="max_length"),
    tf.TensorSpec([], tf.float32, name="length_penalty"),
]
NBEST_SIGNATURE = [*TRANSLATE_SIGNATURE, tf.TensorSpec([], tf.int32, name="num_hypotheses")]


class TranslatorModule(tf.Module):
    """Wraps a trained Transformer; every decoding loop runs inside the graph."""

    def __init__(self, model):
        super().__init__(name="translator")
        self.model = model
        self.max_position = int(model.config.max_position)

    def _decode(self, source_ids, beam_size, max_length, length_penalty, cached: bool):
        max_length = tf.clip_by_value(max_length, 1, self.max_position - 1)
        beam_size = tf.maximum(beam_size, 1)
        ids, lengths, score = tf.cond(
            beam_size <= 1,
            lambda: greedy_decode(self.model, source_ids, max_length, length_penalty, cached),
            lambda: beam_search(self.model, source_ids, beam_size, max_length, length_penalty, cached),
        )
        return {"target_ids": ids, "target_length": lengths, "score": score}

    @tf.function(input_signature=TRANSLATE_SIGNATURE)
    def translate(self, source_ids, beam_size, max_length, length_penalty):
        return self._decode(source_ids, beam_size, max_length, length_penalty, cached=True)

    @tf.function(input_signature=NBEST_SIGNATURE)
    def translate_nbest(self, source_ids, beam_size, max_length, length_penalty, num_hypotheses):
        """The ``K = min(num_hypotheses, beam_size)`` best hypotheses per sentence, best first:
        ``target_ids [B, K, T]``, ``target_length [B, K]``, ``score [B, K]``. The first is
        ``translate``'s answer; greedy decoding (beam 1) gives one."""
        max_length = tf.clip_by_value(max_length, 1, self.max_position - 1)
        beam_size = tf.maximum(beam_size, 1)

        def greedy():
            ids, lengths, score = greedy_decode(self.model, source_ids, max_length, length_penalty, True)
            return ids[:, tf.newaxis], lengths[:, tf.newaxis], score[:, tf.newaxis]

        ids, lengths, score = tf.cond(
            beam_size <= 1,
            greedy,
            lambda: beam_search_nbest(self.model, source_ids, beam_size, num_hypotheses, max_length,
                                      length_penalty, True),
        )
        return {"target_ids": ids, "target_length": lengths, "score": score}

    @tf.function(input_signature=TRANSLATE_SIGNATURE)
    def translate_uncached(self, source_ids, beam_size, max_length, length_penalty):
        return self._decode(source_ids, beam_size, max_length, length_penalty, cached=False)

    @tf.function(input_signature=[
        tf.TensorSpec([None, None], tf.int32, name="source_ids"),
        tf.TensorSpec([None, None], tf.int32, name="target_ids"),
    ])
    def attention(self, source_ids, target_ids):
        """Teacher-forced pass over ``target_ids`` (no BOS, as ``translate`` returns them)."""
        cfg = self.model.config
        bos = tf.fill([tf.shape(target_ids)[0], 1], tf.constant(cfg.bos_id, tf.int32))
        decoder_input = tf.concat([bos, target_ids], 1)[:, :-1]
        memory, memory_bias, encoder_w = self.model.encode(source_ids)
        _, decoder_w, cross_w = self.model.decode(decoder_input, memory, memory_bias)
        return {
            "cross_attention": tf.stack(cross_w, axis=1),
            "encoder_attention": tf.stack(encoder_w, axis=1),
            "decoder_attention": tf.stack(decoder_w, axis=1),
        }

    def save(self, path: str) -> None:
        signatures = {
            "serving_default": self.translate,
            "translate": self.translate,
            "translate_nbest": self.translate_nbest,
            "translate_uncached": self.translate_uncached,
            "attention": self.attention,
        }
        tf.saved_model.save(self, path, signatures=signatures)
