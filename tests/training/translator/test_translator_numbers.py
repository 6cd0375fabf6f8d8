"""Number augmentation: aligned number words and digits become the same random digits."""
from __future__ import annotations

import random

from core.text.numbers import numbers_in
from training.translator.numbers import digit_variant


def test_digit_variant_replaces_aligned_words_and_digits_by_the_same_digits():
    rng = random.Random(1)
    src, tgt = digit_variant("I have three cats and 12 dogs.", "Ich habe drei Katzen und 12 Hunde.", rng)
    assert "three" not in src and "drei" not in tgt
    assert numbers_in(src) == numbers_in(tgt) and len(numbers_in(src)) == 2
    assert digit_variant("Hello.", "Hallo.", rng) is None


def test_unaligned_number_words_are_not_touched():
    rng = random.Random(0)
    assert digit_variant("I have three cats.", "Ich habe Katzen.", rng) is None
