"""Word alignment from cross-attention (core.text.alignment), with hand-made attention."""
from __future__ import annotations

import numpy as np

from core.text.alignment import SentencePieces, align_words, piece_words, proportional


def test_piece_words_counts_words_and_leaves_out_punctuation_and_specials() -> None:
    assert piece_words(["▁I", "▁li", "ke", "▁tea", ".", "</s>"]) == [0, 1, 1, 2, -1, -1]


def _crossed() -> SentencePieces:
    # "I like green tea." -> "Ich mag grünen Tee." with "green" <-> "grünen" and "tea" <-> "Tee"
    attention = np.zeros((6, 6))
    for t, s in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]:
        attention[t, s] = 1.0
    return SentencePieces("I like green tea.", "Ich mag grünen Tee.", ["▁I", "▁like", "▁green", "▁tea", ".", "</s>"],
                          ["▁Ich", "▁mag", "▁grünen", "▁Tee", ".", "</s>"], attention)


def test_project_and_insertion_point_over_two_sentences() -> None:
    source = "I like green tea.  I like green tea."
    translation = "Ich mag grünen Tee.  Ich mag grünen Tee."
    al = align_words(source, translation, [_crossed(), _crossed()])
    assert len(al.source_words) == len(al.target_words) == 8
    green = source.index("green", 10)
    span = al.project(green, green + 5)
    assert span is not None and translation[al.target_words[span[0]][0]: al.target_words[span[1] - 1][1]] == "grünen"
    assert al.insertion_point(0) == 0 and al.insertion_point(len(source)) == 8
    assert al.insertion_point(source.index(" like")) == 1  # after "Ich"


def test_projection_follows_attention_not_position() -> None:
    attention = np.zeros((4, 4))
    attention[0, 1] = attention[1, 0] = attention[2, 2] = attention[3, 3] = 1.0  # swapped
    sentence = SentencePieces("red car", "Auto rot", ["▁red", "▁car", "</s>"], ["▁Auto", "▁rot", "</s>"], attention)
    al = align_words("red car", "Auto rot", [sentence])
    assert al.project(0, 3) == (1, 2) and al.project(4, 7) == (0, 1)
    assert proportional(2, 2, 0, 1) == (0, 1)  # the baseline would get it wrong
