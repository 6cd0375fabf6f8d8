"""English number words (two to ninety-nine) and their German words, for the protected spans.

"for sixteen years" must never come back as "für sechs Jahre": a number written as a word is a
span like a number in digits (:mod:`core.text.spans`), masked before the model and written back
as the German word ("sechzehn", "fünfundzwanzig"). "one" is left to the model: German inflects
it ("ein", "eine", "einen"). Words before "hundred", "thousand", … and after them are left
alone too ("two hundred", "a hundred and five"), as the model translates those as one number.
Pure: no model, no TensorFlow.
"""
from __future__ import annotations

import re

UNITS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
         "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
         "seventeen": 17, "eighteen": 18, "nineteen": 19}
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
        "ninety": 90}
_ONES = {"one": 1, **{w: v for w, v in UNITS.items() if v < 10}}
GERMAN_UNITS = {1: "ein", 2: "zwei", 3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "acht",
                9: "neun", 10: "zehn", 11: "elf", 12: "zwölf", 13: "dreizehn", 14: "vierzehn", 15: "fünfzehn",
                16: "sechzehn", 17: "siebzehn", 18: "achtzehn", 19: "neunzehn"}
GERMAN_TENS = {20: "zwanzig", 30: "dreißig", 40: "vierzig", 50: "fünfzig", 60: "sechzig", 70: "siebzig",
               80: "achtzig", 90: "neunzig"}
_SCALE = r"(?:hundred|thousand|million|billion|trillion|dozen)s?"
NUMBER_WORD = re.compile(
    rf"(?<![\w-])(?:(?:{'|'.join(TENS)})(?:[- ](?:{'|'.join(_ONES)}))?|{'|'.join(UNITS)})"
    rf"(?![\w-])(?! {_SCALE}\b)", re.IGNORECASE)
_AFTER_SCALE = re.compile(rf"\b{_SCALE}(?: and)? $", re.IGNORECASE)


def number_words(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each number word of ``text`` that stands alone (see the module)."""
    return [m.span() for m in NUMBER_WORD.finditer(text) if not _AFTER_SCALE.search(text[: m.start()])]


def value(words: str) -> int:
    """23 for "twenty-three" (any case, hyphen or space)."""
    parts = re.split(r"[- ]", words.lower())
    if parts[0] in TENS:
        return TENS[parts[0]] + (_ONES[parts[1]] if len(parts) > 1 else 0)
    return UNITS[parts[0]]


def german(words: str) -> str:
    """The German word of an English number word: "twenty-one" → "einundzwanzig"."""
    n = value(words)
    if n < 20:
        return GERMAN_UNITS[n]
    tens, ones = GERMAN_TENS[n - n % 10], n % 10
    return f"{GERMAN_UNITS[ones]}und{tens}" if ones else tens
