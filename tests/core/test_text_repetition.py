"""Repetition guards (pure)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.text.repetition import (
    collapse_repeated_pieces,
    collapse_repeated_words,
    collapse_repeats,
)


def test_collapses_loops_of_words_and_ngrams():
    assert collapse_repeats(list("aaaab")) == ["a", "b"]
    assert collapse_repeats(["x", "y", "x", "y", "x", "y", "z"]) == ["x", "y", "z"]


def test_keeps_a_word_said_twice():
    assert collapse_repeats(["sehr", "sehr", "gut"]) == ["sehr", "sehr", "gut"]


def test_pieces_keep_digits_and_words_keep_punctuation():
    assert collapse_repeated_pieces(["▁", "1", "0", "0", "0"]) == ["▁", "1", "0", "0", "0"]
    assert collapse_repeated_pieces(["▁Tom", "▁Tom", "▁Tom", "."]) == ["▁Tom", "."]
    assert collapse_repeated_words("Tom Tom Tom Tom.") == "Tom."
    assert collapse_repeated_words("Ich sehe Tom Tom Tom jeden Tag.") == "Ich sehe Tom jeden Tag."


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from("abc"), max_size=30))
def test_collapsed_output_has_no_triple_repeats_and_is_a_subsequence(items):
    out = collapse_repeats(items)
    for n in range(1, 5):
        for i in range(len(out) - 3 * n + 1):
            assert not (out[i:i + n] == out[i + n:i + 2 * n] == out[i + 2 * n:i + 3 * n])
    it = iter(items)
    assert all(any(x == y for y in it) for x in out)
