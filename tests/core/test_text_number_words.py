"""Number words as protected spans: "sixteen" is never written back as another number."""
from __future__ import annotations

import pytest

from core.text.masking import mask, unmask
from core.text.number_words import german, number_words, value
from core.text.spans import NUMBER_WORD, find_spans


@pytest.mark.parametrize(("words", "n", "de"), [
    ("two", 2, "zwei"), ("sixteen", 16, "sechzehn"), ("Twenty", 20, "zwanzig"), ("twenty-one", 21, "einundzwanzig"),
    ("thirty six", 36, "sechsunddreißig"), ("NINETY-NINE", 99, "neunundneunzig"), ("seventy-seven", 77,
                                                                                  "siebenundsiebzig"),
])
def test_value_and_german_word(words: str, n: int, de: str) -> None:
    assert value(words) == n and german(words) == de


@pytest.mark.parametrize(("text", "found"), [
    ("for sixteen years", ["sixteen"]),
    ("eighty or eighteen?", ["eighty", "eighteen"]),
    ("twenty-five cats and forty two dogs", ["twenty-five", "forty two"]),
    ("one cat", []),  # German inflects "ein": left to the model
    ("two hundred people", []), ("a hundred and five", []), ("two thousand and twelve", []),
    ("a three-year-old", []), ("thirty-somethings", []), ("often", []), ("tennis", []),
])
def test_number_words_stand_alone(text: str, found: list[str]) -> None:
    assert [text[a:b] for a, b in number_words(text)] == found


def test_number_words_are_spans_after_digits_and_times() -> None:
    spans = find_spans("Come at 5 PM with twelve friends and 3 dogs.")
    assert [(s.kind, s.text, s.german) for s in spans if s.kind == NUMBER_WORD] == [(NUMBER_WORD, "twelve", "zwölf")]


@pytest.mark.parametrize(("source", "model_output", "expected"), [
    # the model wrote the placeholder where the number belongs: the German word goes there
    ("She was chancellor for sixteen years.", "Sie war {0} Jahre Kanzlerin.", "Sie war sechzehn Jahre Kanzlerin."),
    # at the start of the sentence, capitalised; "drei Mal" is written as one word
    ("Three times a day.", "{0} Mal am Tag.", "Dreimal am Tag."),
    # shouted in the source: in capitals
    ("WAIT SIXTEEN DAYS", "{0} Tage warten", "SECHZEHN Tage warten"),
    # the model lost it: inserted, never dropped
    ("I have two brothers.", "Ich habe Brüder.", "Ich habe Brüder zwei."),
])
def test_mask_and_unmask_keep_the_value(source: str, model_output: str, expected: str) -> None:
    masking = mask(source)
    assert masking.tokens and all(t.isdigit() for t in masking.tokens)  # a number placeholder the model copies
    assert unmask(model_output.format(*masking.tokens), masking) == expected
