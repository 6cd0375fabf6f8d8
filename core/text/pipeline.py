"""Pre- and post-processing around the model for one sentence (shared by service and evaluation)."""
from __future__ import annotations

from core.text.casing import CaseNormalization, normalize_case, restore_case
from core.text.numbers import repair_numbers
from core.text.repetition import collapse_repeated_words


def prepare_sentence(sentence: str) -> CaseNormalization:
    """What the model should see (case normalised) and how to undo it."""
    return normalize_case(" ".join(sentence.split()))


def finish_sentence(source: str, prepared: CaseNormalization, translation: str) -> str:
    """Remove repetition loops, make sure the source's numbers survive, restore capitals."""
    text = collapse_repeated_words(translation)
    text = repair_numbers(source, text)
    return restore_case(text, prepared)
