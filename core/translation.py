"""The one translation pipeline, used by the service and by evaluation alike.

split into sentences → prepare (spacing, casing) → encode → length-sorted batches →
decode (a callable that runs the model) → finish (loops, numbers, casing) → join.
``python -m training translator evaluate`` and ``POST /translate`` both go through
:meth:`TranslationPipeline.translate`, so the model card reports what the service returns.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from core.errors import Cancelled, ModelInputError
from core.manifest import TranslatorManifest
from core.text.casing import CaseNormalization
from core.text.clauses import MAX_WORDS, Clause, split_clauses
from core.text.compounds import made_up_chains
from core.text.pipeline import finish_sentence, has_spans, lost_spans, prepare_sentence
from core.text.repetition import collapse_repeated_pieces
from core.text.sentences import Segment, join_sentences, split_sentences

BATCH_SIZE = 32
EOS_PIECE = "</s>"


class SubwordModel(Protocol):
    """The parts of ``sentencepiece.SentencePieceProcessor`` the pipeline uses."""

    def encode(self, input: str, *, out_type: type[int]) -> Any: ...
    def id_to_piece(self, id: int) -> Any: ...
    def decode_pieces(self, input: list[str]) -> Any: ...


@dataclass(frozen=True)
class Hypothesis:
    """One decoded output: ids without BOS, up to and including EOS; its score."""

    ids: list[int]
    score: float


# (source ids [each ending with EOS], beam size, max output tokens, length penalty) -> one per source
DecodeFn = Callable[[list[list[int]], int, int, float], list[Hypothesis]]
# The same plus the number of hypotheses wanted -> up to that many per source, best first
NBestDecodeFn = Callable[[list[list[int]], int, int, float, int], list[list[Hypothesis]]]

# A hypothesis scored below this had not ended when the search stopped (translate_nbest).
UNFINISHED_SCORE = -1e8


@dataclass(frozen=True)
class TranslationResult:
    source: str
    translation: str
    source_tokens: list[str]
    target_tokens: list[str]
    score: float  # log-probability (length-normalized where a penalty applies), summed over sentences
    alternatives: list[str] = field(default_factory=list)  # other translations, best first (n-best)


@dataclass(frozen=True)
class SentenceTranslation:
    """One sentence of a text: its source text, the model's ids both ways (source ids end
    with EOS; target ids without BOS, up to and including EOS) and its finished translation."""

    source: str
    source_ids: list[int]
    target_ids: list[int]
    translation: str


@dataclass(frozen=True)
class TextTranslation:
    """A text's :class:`TranslationResult` and its sentences, in order (what alignment needs)."""

    result: TranslationResult
    sentences: list[SentenceTranslation]


@dataclass
class _Sentence:
    text_index: int
    source: str
    prepared: CaseNormalization
    ids: list[int]
    output: Hypothesis | None = None
    others: list[Hypothesis] = field(default_factory=list)  # the n-best after ``output``


def pad_ids(batch: Sequence[Sequence[int]], pad_id: int = 0) -> np.ndarray:
    """``int32 [len(batch), longest]``, right-padded with ``pad_id``."""
    out = np.full((len(batch), max(len(ids) for ids in batch)), pad_id, dtype=np.int32)
    for row, ids in enumerate(batch):
        out[row, : len(ids)] = ids
    return out


def signature_decoder(translate: Callable[..., Mapping[str, Any]], pad_id: int = 0) -> DecodeFn:
    """A :data:`DecodeFn` over a translator's ``translate`` signature (docs/model-format.md):
    inputs ``source_ids``, ``beam_size``, ``max_length``, ``length_penalty``; outputs
    ``target_ids``, ``target_length``, ``score``. Tensors are read through NumPy."""

    def decode(batch: list[list[int]], beam_size: int, max_length: int, length_penalty: float) -> list[Hypothesis]:
        out = translate(source_ids=pad_ids(batch, pad_id), beam_size=np.int32(beam_size),
                        max_length=np.int32(max_length), length_penalty=np.float32(length_penalty))
        ids, lengths, scores = (np.asarray(out[k]) for k in ("target_ids", "target_length", "score"))
        return [Hypothesis([int(t) for t in ids[row, : int(lengths[row])]], float(scores[row]))
                for row in range(len(batch))]

    return decode


def signature_nbest_decoder(translate_nbest: Callable[..., Mapping[str, Any]], pad_id: int = 0) -> NBestDecodeFn:
    """A :data:`NBestDecodeFn` over a translator's ``translate_nbest`` signature: as
    :func:`signature_decoder` plus ``num_hypotheses``; outputs ``[batch, K, ...]``."""

    def decode(batch: list[list[int]], beam_size: int, max_length: int, length_penalty: float,
               count: int) -> list[list[Hypothesis]]:
        out = translate_nbest(source_ids=pad_ids(batch, pad_id), beam_size=np.int32(beam_size),
                              max_length=np.int32(max_length), length_penalty=np.float32(length_penalty),
                              num_hypotheses=np.int32(count))
        ids, lengths, scores = (np.asarray(out[k]) for k in ("target_ids", "target_length", "score"))
        return [[Hypothesis([int(t) for t in ids[row, k, : int(lengths[row, k])]], float(scores[row, k]))
                 for k in range(ids.shape[1])] for row in range(len(batch))]

    return decode


class TranslationPipeline:
    """Text in, text out around a model's decode function, following its manifest."""

    def __init__(self, manifest: TranslatorManifest, subwords: SubwordModel, decode: DecodeFn,
                 batch_size: int = BATCH_SIZE, decode_nbest: NBestDecodeFn | None = None) -> None:
        self.manifest = manifest
        self.subwords = subwords
        self.decode = decode
        self.decode_nbest = decode_nbest
        self.batch_size = batch_size
        # Sentences longer than this many words go to the model clause by clause (core/text/clauses.py);
        # a very large number turns it off.
        self.max_clause_words = MAX_WORDS
        # With a beam, a sentence with protected spans or numbers gets the beam's best hypothesis that keeps
        # them all (docs/translator.md, "Protected spans"); False: spans play no part in the choice.
        self.keep_spans = True
        # With a beam, every sentence gets the beam's best hypothesis without a made-up hyphen chain
        # ("USA-Kom-Bürger", core/text/compounds.py) where the beam has one (after the spans above).
        self.avoid_chains = True

    def encode(self, sentence: str) -> list[int]:
        """Ids of one prepared sentence, EOS added; too long a sentence is refused, never cut."""
        ids = [int(i) for i in self.subwords.encode(sentence, out_type=int)]
        limit = self.manifest.max_tokens - 1
        if len(ids) > limit:
            raise ModelInputError(
                f"a sentence is too long for the translator: {len(ids)} subword tokens, "
                f"at most {limit}; split it into shorter sentences"
            )
        return [*ids, self.manifest.eos_id]

    def pieces(self, ids: Sequence[int]) -> list[str]:
        eos = self.manifest.eos_id
        return [EOS_PIECE if i == eos else str(self.subwords.id_to_piece(int(i))) for i in ids]

    def text_of(self, ids: Sequence[int]) -> str:
        """Text of output ids, with back-to-back repeated pieces (decoder loops) collapsed."""
        m = self.manifest
        special = {m.pad_id, m.bos_id, m.eos_id}
        pieces = [str(self.subwords.id_to_piece(int(i))) for i in ids if i not in special]
        return str(self.subwords.decode_pieces(collapse_repeated_pieces(pieces)))

    def translate(self, texts: Sequence[str], *, beam_size: int | None = None, max_length: int | None = None,
                  alternatives: int = 0,
                  should_stop: Callable[[], bool] | None = None) -> list[TranslationResult | ModelInputError]:
        """Every text's translation, or the reason it has none; one bad text spoils no other.

        ``alternatives`` > 0 asks for up to that many other translations per text (from the
        n-best decoder; the beam is raised to ``alternatives + 1`` where it is smaller). The
        k-th alternative of a text joins the k-th other hypothesis of each of its sentences
        (a sentence with fewer keeps its best); duplicates and the main translation are dropped.
        ``should_stop`` is asked before each model call; when it says so, :class:`Cancelled`
        is raised (the caller has gone, so the rest of the work is for nobody).
        """
        details = self.translate_sentences(texts, beam_size=beam_size, max_length=max_length,
                                           alternatives=alternatives, should_stop=should_stop)
        return [d if isinstance(d, ModelInputError) else d.result for d in details]

    def translate_sentences(self, texts: Sequence[str], *, beam_size: int | None = None,
                            max_length: int | None = None, alternatives: int = 0,
                            should_stop: Callable[[], bool] | None = None) -> list[TextTranslation | ModelInputError]:
        """As :meth:`translate`, with each text's sentences (ids, offsets, finished texts)."""
        beam = self.manifest.default_beam_size if beam_size is None else beam_size
        count = 1 + max(0, alternatives) if self.decode_nbest is not None else 1
        if count > 1:
            beam = max(beam, count)
        outcomes: list[TextTranslation | ModelInputError | None] = [None] * len(texts)
        segments = [[c for s in split_sentences(text) for c in split_clauses(s, self.max_clause_words)]
                    for text in texts]
        sentences: list[_Sentence] = []
        for index, text_segments in enumerate(segments):
            mine = []
            try:
                for segment in text_segments:
                    piece = segment if isinstance(segment, Clause) else None
                    prepared = prepare_sentence(segment.text, starts=piece is None or piece.first,
                                                ends=piece is None or piece.last)
                    mine.append(_Sentence(index, segment.text, prepared, self.encode(prepared.text)))
            except ModelInputError as exc:
                outcomes[index] = exc
                continue
            if not mine:
                outcomes[index] = ModelInputError("text is empty")
            sentences.extend(mine)
        self._decode_all(sentences, beam, max_length, count, should_stop)
        by_text: dict[int, list[_Sentence]] = {}
        for sentence in sentences:
            by_text.setdefault(sentence.text_index, []).append(sentence)
        for index, mine in by_text.items():
            outcomes[index] = self._finish(texts[index], mine, segments[index], count - 1)
        return [o if o is not None else ModelInputError("not translated") for o in outcomes]

    def _decode_all(self, sentences: list[_Sentence], beam: int, max_length: int | None, count: int = 1,
                    should_stop: Callable[[], bool] | None = None) -> None:
        order = sorted(sentences, key=lambda s: len(s.ids))
        for start in range(0, len(order), self.batch_size):
            if should_stop is not None and should_stop():
                raise Cancelled(f"stopped before sentence {start} of {len(order)}")
            chunk = order[start: start + self.batch_size]
            limit = self.manifest.output_budget(max(len(s.ids) for s in chunk))
            if max_length is not None:
                limit = min(limit, max_length)
            batch = [s.ids for s in chunk]
            penalty = self.manifest.default_length_penalty
            keep = (beam > 1 and self.decode_nbest is not None
                    and (self.avoid_chains or (self.keep_spans and any(has_spans(s.prepared) for s in chunk))))
            wanted = max(count, beam) if keep else count
            if wanted > 1 and self.decode_nbest is not None:
                nbest = self.decode_nbest(batch, beam, limit, penalty, wanted)
            else:
                nbest = [[h] for h in self.decode(batch, beam, limit, penalty)]
            for sentence, hypotheses in zip(chunk, nbest, strict=True):
                own_limit = self.manifest.output_budget(len(sentence.ids))
                cut = [Hypothesis(h.ids[:own_limit], h.score) for h in hypotheses]
                if keep:
                    cut = self._reranked(sentence.prepared, cut)
                sentence.output = cut[0]
                sentence.others = [h for h in cut[1:count] if h.score > UNFINISHED_SCORE]

    def _reranked(self, prepared: CaseNormalization, hypotheses: list[Hypothesis]) -> list[Hypothesis]:
        """``hypotheses`` (best first) with the first that loses the fewest protected spans and numbers
        (``keep_spans``) and then has no made-up hyphen chain (``avoid_chains``) moved to the front: a value the
        user sent stays where the model put it, rather than being added at the end."""
        best, fewest = 0, None
        for k, hypothesis in enumerate(hypotheses):
            if hypothesis.score <= UNFINISHED_SCORE:
                continue
            text = self.text_of(hypothesis.ids)
            lost = lost_spans(prepared, text) if self.keep_spans else 0
            chains = bool(made_up_chains(text, prepared.text)) if self.avoid_chains else False
            key = (lost, chains)
            if fewest is None or key < fewest:
                best, fewest = k, key
            if key == (0, False):
                break
        return [hypotheses[best], *hypotheses[:best], *hypotheses[best + 1:]]

    def decode_sentence(self, prepared: CaseNormalization, ids: list[int], beam: int) -> Hypothesis:
        """The hypothesis :meth:`translate` would give one prepared sentence (its ids end with EOS)."""
        sentence = _Sentence(0, "", prepared, ids)
        self._decode_all([sentence], beam, None)
        return sentence.output or Hypothesis([], 0.0)

    def _finish(self, text: str, mine: list[_Sentence], segments: list[Segment], alternatives: int) -> TextTranslation:
        outputs = [s.output or Hypothesis([], 0.0) for s in mine]
        finished = [finish_sentence(s.source, s.prepared, self.text_of(o.ids))
                    for s, o in zip(mine, outputs, strict=True)]
        translation = join_sentences(finished, segments)
        others: list[str] = []
        for k in range(alternatives):
            if not any(len(s.others) > k for s in mine):
                break
            texts = [finish_sentence(s.source, s.prepared, self.text_of(s.others[k].ids)) if len(s.others) > k else best
                     for s, best in zip(mine, finished, strict=True)]
            candidate = join_sentences(texts, segments)
            if candidate != translation and candidate not in others:
                others.append(candidate)
        result = TranslationResult(
            source=text,
            translation=translation,
            source_tokens=[p for s in mine for p in self.pieces(s.ids)],
            target_tokens=[p for o in outputs for p in self.pieces(o.ids)],
            score=float(sum(o.score for o in outputs)),
            alternatives=others,
        )
        return TextTranslation(result, [
            SentenceTranslation(s.source, s.ids, o.ids, f) for s, o, f in zip(mine, outputs, finished, strict=True)
        ])
