"""Casing/punctuation augmentation of the translator's training data (issue 10, item 2)."""
from __future__ import annotations

import pytest

from training.translator.casing import BOTH, LOWER, NO_PUNCT, augment_casing, casual_source, strip_final_punctuation

PAIRS = [
    ("Where is the station?", "Wo ist der Bahnhof?"),
    ("Tom bought 3 apples.", "Tom hat 3 Äpfel gekauft."),
    ("I said \"Stop!\"", "Ich sagte: „Halt!“"),
    ("Hello", "Hallo"),
] * 50


@pytest.mark.parametrize(("text", "expected"), [
    ("Where is it?", "Where is it"),
    ("Wow!!!", "Wow"),
    ("He said \"go.\"", "He said \"go"),
    ("Wait…", "Wait"),
    ("No punctuation", "No punctuation"),
    ("?", "?"),  # nothing but punctuation: kept, never an empty source
])
def test_strip_final_punctuation(text: str, expected: str) -> None:
    assert strip_final_punctuation(text) == expected


def test_casual_source_styles() -> None:
    assert casual_source("Tom met Mary in Paris.", LOWER) == "tom met mary in paris."
    assert casual_source("Tom met Mary in Paris.", NO_PUNCT) == "Tom met Mary in Paris"
    assert casual_source("Tom met Mary in Paris.", BOTH) == "tom met mary in paris"
    with pytest.raises(ValueError):
        casual_source("x", "shouting")


def test_augment_keeps_targets_and_changes_sources() -> None:
    extra = augment_casing(PAIRS, 0.5, seed=3)
    targets = {de for _, de in PAIRS}
    assert 60 <= len(extra) <= 140  # about half of 200, minus variants equal to their source
    for en, de in extra:
        assert de in targets
        assert (en, de) not in PAIRS
        original = next(e for e, d in PAIRS if d == de)
        assert en in {casual_source(original, s) for s in (LOWER, NO_PUNCT, BOTH)}
    assert {en for en, _ in extra} >= {"where is the station", "tom bought 3 apples."}


def test_augment_is_seeded_and_fraction_bounded() -> None:
    assert augment_casing(PAIRS, 0.3, seed=1) == augment_casing(PAIRS, 0.3, seed=1)
    assert augment_casing(PAIRS, 0.3, seed=1) != augment_casing(PAIRS, 0.3, seed=2)
    assert augment_casing(PAIRS, 0.0, seed=1) == []
    with pytest.raises(ValueError):
        augment_casing(PAIRS, 1.5, seed=1)
