"""Wrapper of the exported encoder–decoder Transformer (kind ``translator``).

Loads the SavedModel (``tf.saved_model.load`` only) and the SentencePiece model from
``assets.extra/`` once. All text handling is the shared pipeline (``core.translation``),
the same code that evaluation runs. Decoding runs in the engine ``service.models.engines``
picks: the CTranslate2 model derived from the SavedModel (CPU), or greedy and beam search
with a key/value cache inside the SavedModel's ``translate`` graph. Attention maps always come
from the SavedModel's ``attention`` signature. This module never imports ``training``.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from core import engines
from core.manifest import EXTRA_DIR, TranslatorManifest
from core.text.alignment import SentencePieces, align_words
from core.text.pipeline import finish_sentence, prepare_sentence
from core.translation import TranslationPipeline, pad_ids, signature_decoder, signature_nbest_decoder
from service.models.base import (
    AttentionMaps,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    TranslateOptions,
    TranslationResult,
    WordAlignment,
    pick_index,
)

ALIGN_BATCH = 32


class Translator:
    """Satisfies :class:`service.models.base.Translates` and :class:`~service.models.base.Aligns`."""

    # Cross-attention used for word alignment: this decoder layer, mean over its heads (None: the
    # mean over all layers). The middle layer; benchmarks/html_tags.py measures the choice on a
    # hand-made set (shipped v3: layer 1 45/45, all layers 44/45, last layer 40/45, first 41/45).
    align_layer: int | None

    def __init__(self, info: ModelInfo, *, engine: str = "auto", threads: int | None = None) -> None:
        import sentencepiece as spm
        import tensorflow as tf  # imported here so that `service.models` stays TensorFlow-free

        if not isinstance(info.manifest, TranslatorManifest):
            raise TypeError(f"{info.name}: not a translator manifest")
        self.info = info
        self.manifest: TranslatorManifest = info.manifest
        self.source_language = self.manifest.source_language
        self.target_language = self.manifest.target_language
        self.default_beam_size = self.manifest.default_beam_size
        self.align_layer = self.manifest.decoder_layers // 2
        self._tf: Any = tf
        self._model = tf.saved_model.load(str(info.path))
        self._translate = self._model.signatures["translate"]
        self._attention = self._model.signatures["attention"]
        subwords = spm.SentencePieceProcessor(model_file=str(info.path / EXTRA_DIR / self.manifest.tokenizer_file))
        decode = signature_decoder(self._translate, self.manifest.pad_id)
        signatures = self._model.signatures
        nbest = (signature_nbest_decoder(signatures["translate_nbest"], self.manifest.pad_id)
                 if "translate_nbest" in signatures else None)  # version 3 on
        gpu = bool(tf.config.list_physical_devices("GPU"))
        self.engine = engines.choose_engine(engine, engines.derived_model(info.path, self.manifest),
                                            engines.ctranslate2_installed(), gpu)
        if self.engine.directory is not None:
            from core.ctranslate2_decoder import CTranslate2Decoder

            decoder = CTranslate2Decoder.open(self.engine.directory, subwords, self.manifest.eos_id, threads)
            decode, nbest = decoder.decode, decoder.decode_nbest
        self.pipeline = TranslationPipeline(self.manifest, subwords, decode, decode_nbest=nbest)

    def translate(self, texts: Sequence[str], options: TranslateOptions,
                  should_stop: Callable[[], bool] | None = None) -> list[TranslationResult | ModelInputError]:
        """Every sentence of every text, in length-sorted batches; an answer per text."""
        return self.pipeline.translate(texts, beam_size=options.beam_size, max_length=options.max_length,
                                       alternatives=options.alternatives, should_stop=should_stop)

    def align(self, texts: Sequence[str]) -> list[WordAlignment | ModelInputError]:
        """Translate (the default beam) and align every text's words through the cross-attention."""
        details = self.pipeline.translate_sentences(texts)
        sentences = [s for d in details if not isinstance(d, ModelInputError) for s in d.sentences]
        eos = self.manifest.eos_id
        maps: list[np.ndarray] = []
        for start in range(0, len(sentences), ALIGN_BATCH):
            chunk = sentences[start: start + ALIGN_BATCH]
            targets = [s.target_ids or [eos] for s in chunk]
            out = self._attention(source_ids=pad_ids([s.source_ids for s in chunk], self.manifest.pad_id),
                                  target_ids=pad_ids(targets, self.manifest.pad_id))
            cross_all = np.asarray(out["cross_attention"])  # [B, L, H, T, S]
            cross = (cross_all.mean(axis=(1, 2)) if self.align_layer is None
                     else cross_all[:, self.align_layer].mean(axis=1))  # [B, T, S]
            maps.extend(cross[row, : len(targets[row]), : len(s.source_ids)] for row, s in enumerate(chunk))
        answers: list[WordAlignment | ModelInputError] = []
        position = 0
        for detail in details:
            if isinstance(detail, ModelInputError):
                answers.append(detail)
                continue
            pieces = [
                SentencePieces(s.source, s.translation, self.pipeline.pieces(s.source_ids),
                               self.pipeline.pieces(s.target_ids or [eos]), maps[position + k])
                for k, s in enumerate(detail.sentences)
            ]
            position += len(detail.sentences)
            answers.append(align_words(detail.result.source, detail.result.translation, pieces))
        return answers

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
        best = self.pipeline.decode_sentence(prepared, source_ids, beam)
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
