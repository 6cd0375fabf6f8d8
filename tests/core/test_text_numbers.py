"""Digit groups and their repair after decoding (pure)."""
from __future__ import annotations

from core.text.numbers import numbers_in, repair_numbers


def test_numbers_in_finds_groups_in_order():
    assert numbers_in("I have 3 cats, 12 dogs and 1,000 fish at 12:30.") == ["3", "12", "1,000", "12:30"]


def test_repair_replaces_wrong_numbers_in_order():
    assert repair_numbers("I have 3 cats and 12 dogs.", "Ich habe 3 Katzen und 2 Hunde.") == \
        "Ich habe 3 Katzen und 12 Hunde."


def test_repair_leaves_correct_or_unmatched_translations_alone():
    assert repair_numbers("I have 3 cats.", "Ich habe 3 Katzen.") == "Ich habe 3 Katzen."
    assert repair_numbers("I have 3 cats.", "Ich habe Katzen.") == "Ich habe Katzen."
    assert repair_numbers("Hello.", "Hallo 5.") == "Hallo 5."
