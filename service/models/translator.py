"""Wrapper of the exported encoder–decoder Transformer (kind ``translator``).

Loads the SavedModel (``tf.saved_model.load`` only) and the SentencePiece model from
``assets.extra/`` once. All text handling is the shared pipeline (``core.translation``),
the same code that evaluation runs; greedy and beam search with a key/value cache run
inside the SavedModel's ``translate`` graph. This module never imports ``training``.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from core.manifest import EXTRA_DIR, TranslatorManifest
from core.text.pipeline import finish_sentence, prepare_sentence
from core.translation import TranslationPipeline, signature_decoder
from service.models.base import (
    AttentionMaps,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    TranslateOptions,
    TranslationResult,
    pick_index,
)


class Translator:
    """Satisfies :class:`service.models.base.Translates`."""

    def __init__(self, info: ModelInfo) -> None:
        import sentencepiece as spm
        import tensorflow as tf  # imported here so that `service.models` stays TensorFlow-free

        if not isinstance(info.manifest, TranslatorManifest):
            raise TypeError(f"{info.name}: not a translator manifest")
        self.info = info
        self.manifest: TranslatorManifest = info.manifest
        self.source_language = self.manifest.source_language
        self.target_language = self.manifest.target_language
        self.default_beam_size = self.manifest.default_beam_size
        self._tf: Any = tf
        self._model = tf.saved_model.load(str(info.path))
        self._translate = self._model.signatures["translate"]
        self._attention = self._model.signatures["attention"]
        subwords = spm.SentencePieceProcessor(model_file=str(info.path / EXTRA_DIR / self.manifest.tokenizer_file))
        self._decode = signature_decoder(self._translate, self.manifest.pad_id)
        self.pipeline = TranslationPipeline(self.manifest, subwords, self._decode)

    def translate(self, texts: Sequence[str], options: TranslateOptions,
                  should_stop: Callable[[], bool] | None = None) -> list[TranslationResult | ModelInputError]:
        """Every sentence of every text, in length-sorted batches; an answer per text."""
        return self.pipeline.translate(texts, beam_size=options.beam_size, max_length=options.max_length,
                                       should_stop=should_stop)

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None, beam_size: int | None = None) -> AttentionResult:
        """Teacher-forced attention over the model's own translation of ``text`` (one sentence)."""
        m = self.manifest
        layers = pick_index(layer, m.decoder_layers, "layer")  # checked before any decoding
        heads = pick_index(head, m.heads, "head")
        beam = m.default_beam_size if beam_size is None else beam_size
        prepared = prepare_sentence(text)
        if not prepared.text:
            raise ModelInputError("text is empty")
        source_ids = self.pipeline.encode(prepared.text)
        (best,) = self._decode([source_ids], beam, m.output_budget(len(source_ids)), m.default_length_penalty)
        target_ids = best.ids or [m.eos_id]
        tf = self._tf
        out = self._attention(source_ids=tf.constant([source_ids], tf.int32),
                              target_ids=tf.constant([target_ids], tf.int32))

        def maps(key: str) -> AttentionMaps:
            weights = np.asarray(out[key].numpy()[0], dtype=np.float32)  # [L, H, Q, K]
            return AttentionMaps(weights[np.ix_(layers, heads)], layers, heads)

        families = {"cross": maps("cross_attention")}
        if include_self:
            families["encoder_self"] = maps("encoder_attention")
            families["decoder_self"] = maps("decoder_attention")
        return AttentionResult(
            model=self.info.name,
            source_tokens=self.pipeline.pieces(source_ids),
            target_tokens=self.pipeline.pieces(target_ids),
            output=finish_sentence(text, prepared, self.pipeline.text_of(target_ids)),
            maps=families,
            beam_size=beam,
        )
