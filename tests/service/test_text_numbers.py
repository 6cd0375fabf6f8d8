"""Numbers: augmentation of aligned number words, and repair after decoding (pure)."""
from __future__ import annotations

import random

from service.text.numbers import digit_variant, numbers_in, repair_numbers


def test_numbers_in_finds_groups_in_order():
    assert numbers_in("I have 3 cats, 12 dogs and 1,000 fish at 12:30.") == ["3", "12", "1,000", "12:30"]


def test_digit_variant_replaces_aligned_words_and_digits_by_the_same_digits():
    rng = random.Random(1)
    src, tgt = digit_variant("I have three cats and 12 dogs.", "Ich habe drei Katzen und 12 Hunde.", rng)
    assert "three" not in src and "drei" not in tgt
    assert numbers_in(src) == numbers_in(tgt) and len(numbers_in(src)) == 2
    assert digit_variant("Hello.", "Hallo.", rng) is None


def test_unaligned_number_words_are_not_touched():
    rng = random.Random(0)
    assert digit_variant("I have three cats.", "Ich habe Katzen.", rng) is None


def test_repair_replaces_wrong_numbers_in_order():
    assert repair_numbers("I have 3 cats and 12 dogs.", "Ich habe 3 Katzen und 2 Hunde.") == \
        "Ich habe 3 Katzen und 12 Hunde."


def test_repair_leaves_correct_or_unmatched_translations_alone():
    assert repair_numbers("I have 3 cats.", "Ich habe 3 Katzen.") == "Ich habe 3 Katzen."
    assert repair_numbers("I have 3 cats.", "Ich habe Katzen.") == "Ich habe Katzen."
    assert repair_numbers("Hello.", "Hallo 5.") == "Hallo 5."
