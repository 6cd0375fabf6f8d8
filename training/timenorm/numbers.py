"""English number words for 0-59, as people write them in time expressions (no TensorFlow)."""
from __future__ import annotations

import random

ONES = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty"}

#: Every spelling of a number word that ``number_words`` may produce (used to keep
#: number words out of the random context words).
NUMBER_WORDS = frozenset(ONES) | frozenset(TENS.values()) | {"oh", "hundred", "quarter", "half"}


def number_words(n: int, joiner: str = "-") -> str:
    """Spell ``n`` (0-59) in words: ``number_words(25) == "twenty-five"``.

    ``joiner`` separates tens and ones ("-", " " or "" as people type it).
    """
    if not 0 <= n <= 59:
        raise ValueError(f"number out of range 0-59: {n}")
    if n < 20:
        return ONES[n]
    tens, ones = divmod(n, 10)
    return TENS[tens] if ones == 0 else f"{TENS[tens]}{joiner}{ONES[ones]}"


def random_number_words(n: int, rng: random.Random) -> str:
    """``number_words`` with a joiner drawn the way people type: mostly hyphen or space."""
    return number_words(n, rng.choices(["-", " ", ""], weights=[6, 5, 1])[0])


def minute_words(minute: int, rng: random.Random) -> str:
    """The minute of an "H M" phrase: "oh five" / "zero five" for 1-9, words otherwise."""
    if minute == 0:
        raise ValueError("minute 0 is said as o'clock or hundred, not as a word")
    if minute < 10:
        return f"{rng.choice(['oh', 'oh', 'oh', 'zero', 'o'])}{rng.choice([' ', ' ', '-'])}{ONES[minute]}"
    return random_number_words(minute, rng)
