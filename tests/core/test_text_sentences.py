"""Sentence splitting for translation input (pure, no TensorFlow)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.text.sentences import join_sentences, split_sentences


def texts(text: str) -> list[str]:
    return [s.text for s in split_sentences(text)]


def test_splits_on_end_punctuation():
    assert texts("Hello there. How are you? Fine!") == ["Hello there.", "How are you?", "Fine!"]


def test_keeps_abbreviations_initials_and_decimals_together():
    assert texts("I met Mr. Smith and J. Doe. It is 3.5 km away.") == [
        "I met Mr. Smith and J. Doe.", "It is 3.5 km away."]


def test_lower_case_continuation_is_not_a_new_sentence():
    assert texts("He said wait... and then left.") == ["He said wait... and then left."]


def test_line_breaks_end_sentences():
    assert texts("First line\nSecond line.") == ["First line", "Second line."]


def test_single_sentence_and_empty_text():
    assert texts("  No punctuation here  ") == ["No punctuation here"]
    assert texts("") == [] and texts("   \n ") == []


def test_join_restores_original_spacing():
    text = "One.  Two?\nThree!"
    segments = split_sentences(text)
    assert join_sentences([s.text for s in segments], segments) == text
    assert join_sentences(["Eins.", "Zwei?", "Drei!"], segments) == "Eins.  Zwei?\nDrei!"


words = st.text(alphabet="abcdefgh XYZ", min_size=1, max_size=12).filter(lambda w: w.strip())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(words, st.sampled_from([".", "!", "?"]), st.sampled_from([" ", "  ", "\n"])),
                min_size=1, max_size=5))
def test_split_then_join_round_trips(parts):
    text = "".join(w.strip().capitalize() + p + sep for w, p, sep in parts).strip()
    segments = split_sentences(text)
    assert join_sentences([s.text for s in segments], segments) == text
    assert all(s.text == s.text.strip() and s.text for s in segments)


def test_emoji_after_the_end_stay_with_their_sentence():
    assert [s.text for s in split_sentences("Thanks! 😊 See you tomorrow.")] == ["Thanks! 😊", "See you tomorrow."]
    assert [s.text for s in split_sentences("I love this song! 😍🎶")] == ["I love this song! 😍🎶"]
    assert [s.text for s in split_sentences("Great game! 🎉 👍🏽 Well done. 😀")] == ["Great game! 🎉 👍🏽", "Well done. 😀"]
    text = "Thanks! 😊  See you.\nBye 👋"
    segments = split_sentences(text)
    assert join_sentences([s.text for s in segments], segments) == text
