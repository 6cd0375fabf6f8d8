"""Phrasing families in the style of the reference tutorial's dataset (time text -> HH:MM).

"t6:42", "t10.13 a.m", "eleven hours and forty nine pm", "ten o'clock thirty pm",
"52 min after 9 a.m.", "fifty two min before 8 p.m.", "39 after eight before noon".
Like ``phrasing``, every function returns ``(phrase, spoken)``; the label is
``conventions.resolve(spoken)``.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.numbers import minute_words, random_number_words

#: am/pm as the tutorial writes them (a.m, a.m., am, p.m, pm), and the usual variants.
TUTORIAL_AM = ("a.m", "a.m.", "am", "a.m", "a.m.", "am", "AM", "A.M.", "A.M")
TUTORIAL_PM = ("p.m", "p.m.", "pm", "p.m", "p.m.", "pm", "PM", "P.M.", "P.M")
#: The half of the day in words, said after the time.
HALF_OF_DAY = {
    "am": ("before noon", "before noon", "in the morning", "before midday"),
    "pm": ("after noon", "after noon", "in the afternoon", "in the evening", "after midday"),
}
MINUTE_UNITS = ("", "", "", " min", " min", " mins", " minutes", " minutes")
OCLOCK = ("o'clock", "o'clock", "o'clock", "oclock", "o clock")


def _number(n: int, rng: random.Random, words: float = 0.5) -> str:
    return random_number_words(n, rng) if rng.random() < words else str(n)


def _minutes_amount(minutes: int, rng: random.Random) -> str:
    """"52", "fifty two", "52 min", "fifty-two minutes", "1 minute"."""
    amount = _number(minutes, rng, 0.55)
    unit = rng.choice(MINUTE_UNITS)
    if minutes == 1 and unit.strip() == "minutes":
        unit = rng.choice([" minute", " min"])
    return amount + unit


def half_of_day(rng: random.Random, after_digit: bool, p: float = 0.6, words: float = 0.35) -> tuple[str, str | None]:
    """A suffix that sets the period: " p.m", "pm" (glued after a digit), " before noon" ... or ""."""
    if rng.random() >= p:
        return "", None
    period = rng.choice(["am", "pm"])
    if rng.random() < words:
        return " " + rng.choice(HALF_OF_DAY[period]), period
    spelling = rng.choice(TUTORIAL_AM if period == "am" else TUTORIAL_PM)
    glue = "" if after_digit and rng.random() < 0.45 else " "
    return glue + spelling, period


def t_prefix(rng: random.Random) -> tuple[str, SpokenTime]:
    """"t6:42", "t10.13 a.m", "t9:28p.m", "T23:05": a stray "t" glued in front of the digits."""
    minute = rng.randint(0, 59)
    hour = rng.randint(1, 12) if rng.random() < 0.6 else rng.randint(0, 23)
    text = f"{rng.choice('ttttT')}{hour}{rng.choice([':', ':', '.'])}{minute:02d}"
    suffix, period = half_of_day(rng, True, 0.7, 0.15) if 1 <= hour <= 12 else ("", None)
    return text + suffix, SpokenTime(hour, minute, period=period)


def hours_and(rng: random.Random) -> tuple[str, SpokenTime]:
    """"eleven hours and forty nine pm", "7 hours and 5 minutes a.m", "fifteen hours and ten"."""
    hour = rng.randint(1, 12) if rng.random() < 0.75 else rng.randint(13, 23)
    minute = rng.randint(1, 59)
    hours_word = "hour" if hour == 1 and rng.random() < 0.5 else "hours"
    minute_text = _number(minute, rng, 0.6)
    unit = rng.choice(["", "", "", " minutes", " mins", " min"])
    if minute == 1 and unit == " minutes":
        unit = " minute"
    text = f"{_number(hour, rng, 0.6)} {hours_word} and {minute_text}{unit}"
    suffix, period = half_of_day(rng, text[-1].isdigit(), 0.6) if hour <= 12 else ("", None)
    return text + suffix, SpokenTime(hour, minute, period=period)


def oclock_minutes(rng: random.Random) -> tuple[str, SpokenTime]:
    """"ten o'clock thirty pm", "6 o'clock 15", "nine oclock oh five in the morning"."""
    hour, minute = rng.randint(1, 12), rng.randint(1, 59)
    if rng.random() < 0.6:
        minute_text = minute_words(minute, rng) if minute >= 10 or rng.random() < 0.6 else random_number_words(minute, rng)
    else:
        minute_text = str(minute) if minute >= 10 or rng.random() < 0.5 else f"{minute:02d}"
    text = f"{_number(hour, rng, 0.6)} {rng.choice(OCLOCK)} {minute_text}"
    suffix, period = half_of_day(rng, text[-1].isdigit(), 0.6)
    return text + suffix, SpokenTime(hour, minute, period=period)


def _offset(rng: random.Random, relation: str) -> tuple[str, SpokenTime]:
    minutes, hour = rng.randint(1, 59), rng.randint(1, 12)
    if relation == "past":
        word = rng.choice(["after", "after", "after", "past"])
    else:
        word = rng.choice(["before", "before", "before", "to", "till"])
    text = f"{_minutes_amount(minutes, rng)} {word} {_number(hour, rng, 0.5)}"
    if rng.random() < 0.05:
        text = f"{text} {rng.choice(OCLOCK)}"
    suffix, period = half_of_day(rng, text[-1].isdigit(), 0.65)
    return text + suffix, SpokenTime(hour, minutes, relation, period)


def minutes_after(rng: random.Random) -> tuple[str, SpokenTime]:
    """"52 min after 9 a.m.", "39 after eight before noon", "forty-five minutes past two" (H:M)."""
    return _offset(rng, "past")


def minutes_before(rng: random.Random) -> tuple[str, SpokenTime]:
    """"fifty two min before 8 p.m." (19:08), "twenty seven before seven after noon" (18:33)."""
    return _offset(rng, "to")
