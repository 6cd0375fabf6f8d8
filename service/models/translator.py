"""Wrapper of the exported English→German Transformer (kind ``translator``).

Loads the SavedModel (``tf.saved_model.load`` only) and the SentencePiece model from
``assets.extra/`` once. Text handling around the model is pure Python (``service.text``):
sentence splitting, ALL-CAPS normalisation, repetition guards and number repair; greedy
and beam search with a key/value cache run inside the SavedModel's ``translate`` graph.
This module never imports ``training``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.models.base import (
    AttentionMaps,
    AttentionResult,
    ModelInfo,
    ModelInputError,
    ModelWrapper,
    TranslationResult,
)
from service.text.casing import CaseNormalization
from service.text.pipeline import finish_sentence, prepare_sentence
from service.text.repetition import collapse_repeated_pieces, max_output_length
from service.text.sentences import join_sentences, split_sentences

BATCH_SIZE = 32
EOS_PIECE = "</s>"


@dataclass
class _Sentence:
    text_index: int
    source: str
    prepared: CaseNormalization
    ids: list[int]
    output_ids: list[int] | None = None
    score: float = 0.0


class Translator(ModelWrapper):
    kind = "translator"
    source_language = "en"
    target_language = "de"

    def __init__(self, info: ModelInfo) -> None:
        super().__init__(info)
        import sentencepiece as spm
        import tensorflow as tf  # imported here so that `service.models` stays TensorFlow-free

        self._tf = tf
        meta = info.metadata
        extra = info.path / "assets.extra"
        self._model = tf.saved_model.load(str(info.path))
        self._translate = self._model.signatures["translate"]
        self._attention = self._model.signatures["attention"]
        self._sp = spm.SentencePieceProcessor(model_file=str(extra / meta["tokenizer"]["source"]))
        self.pad_id, self.bos_id, self.eos_id = int(meta["pad_id"]), int(meta["bos_id"]), int(meta["eos_id"])
        self.default_beam_size = int(meta.get("default_beam_size", 4))
        self.length_penalty = float(meta.get("default_length_penalty", 0.6))
        self.max_tokens = int(meta.get("max_length", 255))
        self.layers = int(meta.get("layers", {}).get("decoder", 0)) or None
        self.heads = int(meta.get("heads", 0)) or None

    # -- tokens -------------------------------------------------------------------------
    def _encode(self, text: str) -> list[int]:
        ids = self._sp.encode(text, out_type=int)
        if len(ids) > self.max_tokens - 1:  # refuse rather than cut the sentence silently
            raise ModelInputError(
                f"a sentence is too long for the translator: {len(ids)} subword tokens, "
                f"at most {self.max_tokens - 1}; split it into shorter sentences"
            )
        return ids + [self.eos_id]

    def _pieces(self, ids: list[int]) -> list[str]:
        return [EOS_PIECE if i == self.eos_id else self._sp.id_to_piece(int(i)) for i in ids]

    def _decode(self, ids: list[int]) -> str:
        """Text of the output ids, with back-to-back repeated pieces (decoder loops) collapsed."""
        pieces = [self._sp.id_to_piece(int(i)) for i in ids if i not in (self.pad_id, self.bos_id, self.eos_id)]
        return self._sp.decode_pieces(collapse_repeated_pieces(pieces))

    def _run(self, batch: list[list[int]], beam_size: int, max_length: int) -> tuple[Any, Any, Any]:
        import numpy as np

        width = max(len(ids) for ids in batch)
        source = np.zeros((len(batch), width), dtype=np.int32)
        for row, ids in enumerate(batch):
            source[row, : len(ids)] = ids
        tf = self._tf
        out = self._translate(
            source_ids=tf.constant(source), beam_size=tf.constant(beam_size, tf.int32),
            max_length=tf.constant(max_length, tf.int32),
            length_penalty=tf.constant(self.length_penalty, tf.float32),
        )
        return out["target_ids"].numpy(), out["target_length"].numpy(), out["score"].numpy()

    # -- translation --------------------------------------------------------------------
    def translate(self, texts: list[str], *, beam_size: int | None = None,
                  max_length: int | None = None) -> list[TranslationResult]:
        """Translate every sentence of every text in length-sorted batches."""
        beam = self.default_beam_size if beam_size is None else int(beam_size)
        if beam < 1:
            raise ModelInputError(f"beam_size must be at least 1; got {beam}")
        if max_length is not None and max_length < 1:
            raise ModelInputError(f"max_length must be at least 1; got {max_length}")
        segments_of = []
        sentences: list[_Sentence] = []
        for index, text in enumerate(texts):
            if not isinstance(text, str):
                raise ModelInputError(f"texts[{index}] is not a string")
            segments = split_sentences(text)
            segments_of.append(segments)
            for seg in segments:
                prepared = prepare_sentence(seg.text)
                sentences.append(_Sentence(index, seg.text, prepared, self._encode(prepared.text)))
        order = sorted(range(len(sentences)), key=lambda i: len(sentences[i].ids))
        for start in range(0, len(order), BATCH_SIZE):
            chunk = [sentences[i] for i in order[start: start + BATCH_SIZE]]
            limit = max_output_length(max(len(s.ids) for s in chunk), cap=self.max_tokens)
            if max_length is not None:
                limit = min(limit, int(max_length))
            ids, lengths, scores = self._run([s.ids for s in chunk], beam, limit)
            for row, sentence in enumerate(chunk):
                own_limit = max_output_length(len(sentence.ids), cap=self.max_tokens)
                sentence.output_ids = [int(t) for t in ids[row, : int(lengths[row])]][:own_limit]
                sentence.score = float(scores[row])
        results = []
        for index, text in enumerate(texts):
            mine = [s for s in sentences if s.text_index == index]
            outputs = [finish_sentence(s.source, s.prepared, self._decode(s.output_ids or [])) for s in mine]
            results.append(TranslationResult(
                source=text,
                translation=join_sentences(outputs, segments_of[index]),
                source_tokens=[p for s in mine for p in self._pieces(s.ids)],
                target_tokens=[p for s in mine for p in self._pieces(s.output_ids or [])],
                score=float(sum(s.score for s in mine)),
            ))
        return results

    # -- attention ----------------------------------------------------------------------
    @staticmethod
    def _pick(value: int | None, size: int, what: str) -> list[int]:
        if value is None:
            return list(range(size))
        if not -size <= value < size:
            raise ModelInputError(f"{what} must be between 0 and {size - 1}; got {value}")
        return [value % size]

    def attention(self, text: str, *, include_self: bool = False, layer: int | None = None,
                  head: int | None = None) -> AttentionResult:
        """Teacher-forced attention over the model's own (beam) translation of ``text``."""
        if not text or not text.strip():
            raise ModelInputError("text is empty")
        prepared = prepare_sentence(text)
        source_ids = self._encode(prepared.text)
        limit = max_output_length(len(source_ids), cap=self.max_tokens)
        ids, lengths, _ = self._run([source_ids], self.default_beam_size, limit)
        target_ids = [int(t) for t in ids[0, : int(lengths[0])]]
        if not target_ids:
            target_ids = [self.eos_id]
        tf = self._tf
        out = self._attention(source_ids=tf.constant([source_ids], tf.int32),
                              target_ids=tf.constant([target_ids], tf.int32))
        cross = out["cross_attention"].numpy()[0]  # [L, H, T, S]
        layers = self._pick(layer, cross.shape[0], "layer")
        heads = self._pick(head, cross.shape[1], "head")

        def maps(array) -> AttentionMaps:
            return AttentionMaps(weights=[[array[l_, h_].astype(float).tolist() for h_ in heads] for l_ in layers])

        result = {"cross": maps(cross)}
        if include_self:
            result["encoder_self"] = maps(out["encoder_attention"].numpy()[0])
            result["decoder_self"] = maps(out["decoder_attention"].numpy()[0])
        translation = finish_sentence(text, prepared, self._decode(target_ids))
        return AttentionResult(
            model=self.info.name,
            source_tokens=self._pieces(source_ids),
            target_tokens=self._pieces(target_ids),
            output=translation,
            maps=result,
        )
