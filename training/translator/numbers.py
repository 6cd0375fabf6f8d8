"""Number augmentation: copies of pairs whose aligned numbers become random digit strings,
so that the model learns to copy digits ("I have 3 cats." → "Ich habe 3 Katzen.")."""
from __future__ import annotations

import random
import re

from core.text.numbers import numbers_in

# English number word -> German number word (unambiguous ones only: "one" has many forms).
NUMBER_WORDS_EN_DE: dict[str, str] = {
    "two": "zwei", "three": "drei", "four": "vier", "five": "fünf", "six": "sechs",
    "seven": "sieben", "eight": "acht", "nine": "neun", "ten": "zehn", "eleven": "elf",
    "twelve": "zwölf", "thirteen": "dreizehn", "fourteen": "vierzehn", "fifteen": "fünfzehn",
    "sixteen": "sechzehn", "seventeen": "siebzehn", "eighteen": "achtzehn",
    "nineteen": "neunzehn", "twenty": "zwanzig", "thirty": "dreißig", "forty": "vierzig",
    "fifty": "fünfzig", "sixty": "sechzig", "seventy": "siebzig", "eighty": "achtzig",
    "ninety": "neunzig", "hundred": "hundert",
}


def _word_pattern(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w-])", re.IGNORECASE)


_EN_PATTERNS = {w: _word_pattern(w) for w in NUMBER_WORDS_EN_DE}
_DE_PATTERNS = {w: _word_pattern(w) for w in NUMBER_WORDS_EN_DE.values()}


def random_number(rng: random.Random) -> str:
    """A digit string, mostly small (like numbers in everyday sentences), sometimes large."""
    r = rng.random()
    if r < 0.6:
        return str(rng.randint(2, 99))
    if r < 0.9:
        return str(rng.randint(100, 999))
    return str(rng.randint(1000, 99999))


def digit_variant(source: str, target: str, rng: random.Random) -> tuple[str, str] | None:
    """A copy of the pair with aligned numbers replaced by the same random digit strings.

    Aligned numbers are number words occurring exactly once on each side
    ("three"/"drei"), and digit groups occurring exactly once on each side. Returns None
    when the pair has no aligned number.
    """
    changed = False
    aligned_groups = [
        g for g in set(numbers_in(source))
        if numbers_in(source).count(g) == 1 and numbers_in(target).count(g) == 1
    ]
    for en_word, de_word in NUMBER_WORDS_EN_DE.items():
        en_hits = _EN_PATTERNS[en_word].findall(source)
        de_hits = _DE_PATTERNS[de_word].findall(target)
        if len(en_hits) == 1 and len(de_hits) == 1:
            digits = random_number(rng)
            source = _EN_PATTERNS[en_word].sub(digits, source)
            target = _DE_PATTERNS[de_word].sub(digits, target)
            changed = True
    for group in sorted(aligned_groups):
        digits = random_number(rng)
        pattern = rf"(?<![\d.,:]){re.escape(group)}(?![\d]|[.,:]\d)"
        source = re.sub(pattern, digits, source, count=1)
        target = re.sub(pattern, digits, target, count=1)
        changed = True
    return (source, target) if changed else None
