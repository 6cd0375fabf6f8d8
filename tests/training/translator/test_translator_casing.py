"""Casing/punctuation augmentation of the translator's training data (issue 10, item 2)."""
from __future__ import annotations

import pytest

from training.translator.casing import (
    BOTH,
    LOWER,
    NO_PUNCT,
    augment_casing,
    augment_commas,
    casual_source,
    drop_commas,
    strip_final_punctuation,
)

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


@pytest.mark.parametrize(("text", "expected"), [
    ("Hello, world!", "Hello world!"),
    ("Yes, I know, Tom.", "Yes I know Tom."),
    ("It costs 1,000 euros, not 3,5.", "It costs 1,000 euros not 3,5."),
    ("Well,", "Well"),
    ("No commas here.", "No commas here."),
])
def test_drop_commas_keeps_numbers(text: str, expected: str) -> None:
    assert drop_commas(text) == expected


def test_augment_commas_only_touches_pairs_with_commas() -> None:
    pairs = [("Hello, Tom!", "Hallo, Tom!"), ("Thanks, Mary.", "Danke, Maria."), ("Go home.", "Geh nach Hause.")] * 60
    extra = augment_commas(pairs, 0.5, seed=4)
    assert 30 <= len(extra) <= 90  # about half of the 120 pairs with a comma; never one without
    sources = {en for en, _ in extra}
    assert "Hello Tom!" in sources
    assert all("," not in en for en in sources)
    assert {de for _, de in extra} <= {"Hallo, Tom!", "Danke, Maria."}  # the German keeps its commas
    assert any(en[0].islower() for en in sources) and any(en[0].isupper() for en in sources)
    assert augment_commas(pairs, 0.5, seed=4) == extra
    assert augment_commas(pairs, 0.0, seed=4) == []
    with pytest.raises(ValueError):
        augment_commas(pairs, -0.1, seed=4)
