"""Long sentences go to the model clause by clause.

The translator learned from short Tatoeba sentences (95 % under 16 words); given a 40-word news
sentence it loses the thread ("Rohr-Ad-Fahrungsbaum-…"). A sentence of more than
:data:`MAX_WORDS` words is cut where a clause or an aside begins or ends: after "," ";" ":",
around a bracket, before a conjunction or relative pronoun. Pieces of fewer than three words
stay with their neighbour; no cut falls inside a protected span ("March 5, 2024", "$1,000").
The pieces' translations are joined with the whitespace that separated them.
Chosen on newstest2013 (docs/translator.md, "Long sentences"). Pure: no model.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from core.text.sentences import Segment
from core.text.spans import find_spans

MAX_WORDS = 24
MIN_WORDS = 3
_CUT = re.compile(
    r"(?<=[,;:])\s+|\s+(?=\()|(?<=\))\s+"
    r"|\s+(?=(?:which|who|because|but|and|although|while|when|where|that)\b)")


@dataclass(frozen=True)
class Clause(Segment):
    """A piece of a long sentence."""

    first: bool = False
    last: bool = False


def split_clauses(segment: Segment, max_words: int = MAX_WORDS) -> list[Segment]:
    """``segment`` whole, or as :class:`Clause` pieces; their texts and trailing whitespace give
    it back."""
    text = segment.text
    if len(text.split()) <= max_words:
        return [segment]
    spans = find_spans(text)
    cuts = [m for m in _CUT.finditer(text) if not any(s.start < m.start() < s.end for s in spans)]
    pieces: list[list[str]] = []  # [text, trailing]
    at = 0
    for cut in cuts:
        pieces.append([text[at: cut.start()], cut.group(0)])
        at = cut.end()
    pieces.append([text[at:], segment.trailing])
    merged: list[list[str]] = []
    for piece in pieces:
        if merged and (len(piece[0].split()) < MIN_WORDS or len(merged[-1][0].split()) < MIN_WORDS):
            merged[-1] = [merged[-1][0] + merged[-1][1] + piece[0], piece[1]]
        else:
            merged.append(piece)
    merged = [p for p in merged if p[0]]
    if len(merged) < 2:
        return [segment]
    return [Clause(t, w, first=i == 0, last=i == len(merged) - 1) for i, (t, w) in enumerate(merged)]
