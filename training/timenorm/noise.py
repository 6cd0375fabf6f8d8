"""Context, surface noise and no-time texts for the generator (pure Python)."""
from __future__ import annotations

import random

from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.words import (
    COMMENTS_AFTER,
    DISTRACTOR_NOUNS,
    FILLERS_AFTER,
    FILLERS_BEFORE,
    FOREIGN_PREFIXES,
    FOREIGN_SUFFIXES,
    NO_TIME_PHRASES,
    PREFIXES,
    RANDOM_WORDS,
    SUFFIXES,
)

END_PUNCTUATION = ("", "", "", "", "!", "?", ".", "!!", "...", "?!", " :)", ";", ",", " !")


_LETTERS = "aaabcdeeefghiiijklmnooopqrstuuvwxyz"
#: Pseudo-words never contain these (they would carry, or look like, time information).
_TIME_PARTS = tuple(w for w in NUMBER_WORDS if len(w) >= 3) + (
    "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "clock", "hour", "hrs",
)
_TIME_WORDS = {"am", "pm", "oh", "hr", "h", "o", "a", "p", "m"}


def pseudo_word(rng: random.Random) -> str:
    """A random letter string ("appt", "zorb"): the model must learn to ignore unknown words."""
    while True:
        word = "".join(rng.choice(_LETTERS) for _ in range(rng.randint(2, 8)))
        if word not in _TIME_WORDS and not any(part in word for part in _TIME_PARTS):
            return word


def random_words(rng: random.Random, low: int, high: int) -> str:
    """``low``-``high`` words of the context vocabulary, some of them pseudo-words."""
    return " ".join(rng.choice(RANDOM_WORDS) if rng.random() < 0.8 else pseudo_word(rng)
                    for _ in range(rng.randint(low, high)))


def distractor(rng: random.Random) -> str:
    """Another number beside the time that is no part of it: "room 4", "gate 12", "table for 2"."""
    noun, top = rng.choice(DISTRACTOR_NOUNS)
    number = str(rng.randint(1, top))
    if noun in ("seat", "gate", "room", "bay") and rng.random() < 0.25:
        number += rng.choice("abcd")
    return f"{noun} {number}"


def _foreign_context(phrase: str, rng: random.Random) -> str:
    """Digit times inside words of other languages: "rdv 14h30 devant la gare", "um 9.15 danke"."""
    before = rng.choice(FOREIGN_PREFIXES) if rng.random() < 0.8 else ""
    after = rng.choice(FOREIGN_SUFFIXES) if not before or rng.random() < 0.5 else ""
    return " ".join(p for p in (before, phrase, after) if p)


def ends_with_bare_number(phrase: str) -> bool:
    """True when the phrase ends in a number with nothing after it: "7", "half six", "ten thirty",
    and "7.30" / "7,30" (a dot or comma reading is also how amounts and measures are written)."""
    words = phrase.split()
    last = words[-1] if words else ""
    return last.replace(".", "").replace(",", "").isdigit() or all(part in NUMBER_WORDS for part in last.split("-"))


def add_context(phrase: str, rng: random.Random) -> str:
    """Surround a time phrase with fillers and words that do not change the time.

    After a bare number ("at 4", "half six", "7.30") the next word is never a random word: "4 bananas",
    "12 donuts", "1.25 km" are counts and measures (look-alike negatives), and a noun or a short
    pseudo-word there would contradict them.
    """
    if rng.random() < 0.06 and any(c.isdigit() for c in phrase):
        return _foreign_context(phrase, rng)
    bare = ends_with_bare_number(phrase)
    before: list[str] = []
    after: list[str] = []
    if rng.random() < 0.6:
        before.append(rng.choice(PREFIXES) if rng.random() < 0.7 else random_words(rng, 1, 4))
        if rng.random() < 0.15:
            before[-1] += rng.choice([",", ":", " -"])
    if rng.random() < 0.55:
        before.append(rng.choice(FILLERS_BEFORE))
    if rng.random() < 0.08:
        after.append(rng.choice(FILLERS_AFTER))
    if rng.random() < 0.12:
        after.append(rng.choice(COMMENTS_AFTER))
    if rng.random() < 0.4:
        after.append(rng.choice(SUFFIXES) if bare or rng.random() < 0.6 else random_words(rng, 1, 5))
    if after and rng.random() < 0.15:  # "tomorrow at 7" order
        before.insert(0, after.pop())
    if rng.random() < 0.07:  # "10 o'clock, room 4", "gate 12 at 7:45"
        if rng.random() < 0.7:
            after.insert(0, rng.choice([",", ",", " -"] if bare else ["", ",", ",", " -"]) + " " + distractor(rng))
        else:
            before.insert(0, distractor(rng) + rng.choice([",", ":", " -"]))
    text = " ".join(before + [phrase])
    for part in after:
        text += part if part.startswith((",", " -")) else " " + part
    return text


def _case(text: str, rng: random.Random) -> str:
    r = rng.random()
    if r < 0.55:
        return text.lower() if rng.random() < 0.7 else text
    if r < 0.7:
        return text[:1].upper() + text[1:]
    if r < 0.8:
        return text.upper()
    if r < 0.9:
        return text.title()
    return "".join(c.upper() if rng.random() < 0.3 else c for c in text)


def surface_noise(text: str, rng: random.Random) -> str:
    """Casing, doubled or stray whitespace, end punctuation, quotes."""
    text = _case(text, rng)
    if rng.random() < 0.12:
        text = text.replace(" ", rng.choice(["  ", "   ", " \t"]), rng.randint(1, 2))
    text += rng.choice(END_PUNCTUATION)
    if rng.random() < 0.04:
        left, right = rng.choice([('"', '"'), ("(", ")"), ("'", "'"), ("[", "]"), ("*", "*")])
        text = f"{left}{text}{right}"
    if rng.random() < 0.08:
        text = rng.choice([" ", "  ", "\n", "\t"]) + text
    if rng.random() < 0.08:
        text += rng.choice([" ", "  ", "\n"])
    return text


def _out_of_range_digits(rng: random.Random) -> str:
    if rng.random() < 0.5:
        hour, minute = rng.randint(24, 99), rng.randint(0, 99)
    else:
        hour, minute = rng.randint(0, 23), rng.randint(60, 99)
    sep = rng.choice([":", ":", ".", ""])
    hh = f"{hour:02d}" if sep == "" or rng.random() < 0.5 else str(hour)
    return f"{hh}{sep}{minute:02d}"


def negative_text(rng: random.Random) -> str:
    """A text with no time in it: words, impossible clock readings, long numbers, punctuation."""
    kind = rng.choices(["words", "context", "phrase", "digits", "long", "punct", "twodigit"],
                       weights=[5, 2, 3, 3, 1, 1, 1])[0]
    if kind == "words":
        text = random_words(rng, 1, 8)
    elif kind == "phrase":
        parts = [rng.choice(NO_TIME_PHRASES)]
        if rng.random() < 0.5:
            parts.insert(rng.randint(0, 1), random_words(rng, 1, 4))
        text = " ".join(parts)
    elif kind == "context":
        parts = [rng.choice(PREFIXES)] if rng.random() < 0.7 else []
        parts.append(rng.choice(SUFFIXES))
        text = " ".join(parts)
    elif kind == "digits":
        text = _out_of_range_digits(rng)
        if rng.random() < 0.5:
            text = f"{rng.choice(PREFIXES)} {rng.choice(FILLERS_BEFORE)} {text}"
    elif kind == "long":
        text = "".join(str(rng.randint(1 if i == 0 else 0, 9)) for i in range(rng.randint(5, 10)))
        if rng.random() < 0.4:
            text = f"{random_words(rng, 1, 3)} {text}"
    elif kind == "twodigit":
        text = f"{random_words(rng, 1, 3)} {rng.randint(25, 99)} {random_words(rng, 0, 2)}".strip()
    else:
        return rng.choice(["", " ", "?", "!!", "...", "-", ":", "??", "…", "--", ":-)", "ok", "hmm"])
    return surface_noise(text, rng)
