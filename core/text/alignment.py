"""Word alignment of a text and its translation, from the translator's cross-attention.

The translator attends, for every target subword, over the source subwords. Summed over the
pieces of each source word and averaged over the pieces of each target word, that gives a
word-to-word weight matrix, from which a source span (an inline HTML tag's words) is carried
onto the translation (:meth:`WordAlignment.project`), and a point of the source (where a
mention or a link stood) onto a point of the translation (:meth:`WordAlignment.insertion_point`).
Pure Python and NumPy: the HTML and file translators use it, and so could evaluation.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

WORD_START = "▁"  # SentencePiece's mark of a piece that starts a word
_WORD = re.compile(r"\S+")

Span = tuple[int, int]


@dataclass(frozen=True)
class SentencePieces:
    """One translated sentence: its text both ways, the model's pieces both ways (special
    pieces such as ``</s>`` included) and the cross-attention ``[target piece, source piece]``."""

    source: str
    translation: str
    source_pieces: list[str]
    target_pieces: list[str]
    attention: np.ndarray


@dataclass(frozen=True)
class WordAlignment:
    """Words of ``source`` and ``translation`` (character spans) and ``weights[target][source]``."""

    source: str
    translation: str
    source_words: list[Span]
    target_words: list[Span]
    weights: np.ndarray

    def project(self, start: int, end: int) -> Span | None:
        """Target words ``[i, j)`` that translate the source words overlapping ``[start, end)``:
        those whose strongest source word is among them (else the one word attending most to
        them); None when no source word is inside the span or the translation has no words."""
        chosen = [k for k, (a, b) in enumerate(self.source_words) if a < end and b > start]
        if not chosen or not self.target_words:
            return None
        strongest = self.weights.argmax(axis=1)
        hits = [t for t in range(len(self.target_words)) if strongest[t] in chosen]
        if not hits:
            hits = [int(self.weights[:, chosen].sum(axis=1).argmax())]
        return min(hits), max(hits) + 1

    def insertion_point(self, position: int) -> int:
        """Index of the target word before which something that stood at source character
        ``position`` goes (0: at the start, ``len(target_words)``: at the end)."""
        before = [k for k, (_, b) in enumerate(self.source_words) if b <= position]
        if not before:
            return 0
        if len(before) == len(self.source_words) or not self.target_words:
            return len(self.target_words)
        return int(self.weights[:, before[-1]].argmax()) + 1


def proportional(source_words: int, target_words: int, first: int, last: int) -> Span:
    """The naive baseline: source words ``[first, last)`` at the same relative place."""
    if target_words == 0 or source_words == 0:
        return 0, 0
    a = int(first * target_words / source_words)
    b = max(a + 1, int(np.ceil(last * target_words / source_words)))
    return a, min(b, target_words)


def piece_words(pieces: Sequence[str], special: frozenset[str] = frozenset({"</s>", "<s>", "<pad>"})) -> list[int]:
    """The word index of every piece: a new word at each ``▁``; -1 for special pieces and for
    punctuation (a sentence's final "." would otherwise tie the last words of both sides)."""
    out: list[int] = []
    word = -1
    for piece in pieces:
        if piece in special:
            out.append(-1)
            continue
        if piece.startswith(WORD_START) or word < 0:
            word += 1
        text = piece.lstrip(WORD_START)
        out.append(-1 if text and not any(c.isalnum() for c in text) else word)
    return out


def _word_index(pieces: Sequence[str], words: int) -> list[int]:
    """Word of each piece, mapped onto ``words`` text words (proportionally when the piece
    words and the text words differ in number, e.g. after loop or number repair)."""
    index = piece_words(pieces)
    found = max(index, default=-1) + 1
    if found == words or found == 0:
        return [i if i < words else -1 for i in index]
    return [-1 if i < 0 else min(words - 1, i * words // found) for i in index]


def sentence_weights(sentence: SentencePieces, source_words: int, target_words: int) -> np.ndarray:
    """``[target word, source word]``: attention summed over source pieces, averaged over target pieces."""
    out = np.zeros((target_words, source_words), np.float64)
    if not source_words or not target_words:
        return out
    src = _word_index(sentence.source_pieces, source_words)
    tgt = _word_index(sentence.target_pieces, target_words)
    counts = np.zeros(target_words)
    attention = np.asarray(sentence.attention, np.float64)
    for t, tw in enumerate(tgt[: attention.shape[0]]):
        if tw < 0:
            continue
        counts[tw] += 1
        for s, sw in enumerate(src[: attention.shape[1]]):
            if sw >= 0:
                out[tw, sw] += attention[t, s]
    return out / np.maximum(counts, 1)[:, None]


def align_words(source: str, translation: str, sentences: Sequence[SentencePieces]) -> WordAlignment:
    """The word alignment of a whole text from its sentences (found in order in both texts)."""
    source_words: list[Span] = []
    target_words: list[Span] = []
    blocks: list[tuple[int, int, np.ndarray]] = []
    src_pos = tgt_pos = 0
    for sentence in sentences:
        src_at = max(source.find(sentence.source, src_pos), src_pos)
        tgt_at = max(translation.find(sentence.translation, tgt_pos), tgt_pos)
        src_spans = [(src_at + m.start(), src_at + m.end()) for m in _WORD.finditer(sentence.source)]
        tgt_spans = [(tgt_at + m.start(), tgt_at + m.end()) for m in _WORD.finditer(sentence.translation)]
        src_pos, tgt_pos = src_at + len(sentence.source), tgt_at + len(sentence.translation)
        blocks.append((len(target_words), len(source_words), sentence_weights(sentence, len(src_spans), len(tgt_spans))))
        source_words.extend(src_spans)
        target_words.extend(tgt_spans)
    weights = np.zeros((len(target_words), len(source_words)))
    for row, col, block in blocks:
        weights[row: row + block.shape[0], col: col + block.shape[1]] = block
    return WordAlignment(source, translation, source_words, target_words, weights)
