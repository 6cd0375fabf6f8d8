"""Phrasing families of the generator: each draws a ``SpokenTime`` and one way to write it.

Every function takes a ``random.Random`` and returns ``(phrase, spoken)``; the label is
``conventions.resolve(spoken)``, never computed from the phrase text.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.numbers import minute_words, number_words, random_number_words

AM_SPELLINGS = ("am", "am", "a.m.", "a.m.", "a.m", "AM", "A.M.", "Am", "a. m.", "A.M")
PM_SPELLINGS = ("pm", "pm", "p.m.", "p.m.", "p.m", "PM", "P.M.", "Pm", "p. m.", "P.M")
PART_OF_DAY = {
    "am": ("in the morning", "in the morning", "in the morning", "this morning", "in the am"),
    "pm": ("in the afternoon", "in the evening", "in the afternoon", "in the evening",
           "this afternoon", "this evening", "in the pm"),
    "night": ("at night",),
}
OCLOCK = ("o'clock", "o'clock", "o'clock", "oclock", "o clock", "o' clock")


def _minute(rng: random.Random) -> int:
    """Minutes as people use them: round numbers more often than odd ones."""
    return rng.choice([0, 0, 15, 30, 45, 5, 10, 20, 40, 50]) if rng.random() < 0.5 else rng.randint(0, 59)


def _hour_text(hour: int, rng: random.Random, words: float = 0.5) -> str:
    return random_number_words(hour, rng) if rng.random() < words else str(hour)


def _ampm(period: str, rng: random.Random, after_digit: bool = True) -> str:
    """" pm" / "pm" / " p.m." ...; glued to the phrase only after a digit ("7pm", not "sevenpm")."""
    spelling = rng.choice(AM_SPELLINGS if period == "am" else PM_SPELLINGS)
    return (rng.choice(["", " ", " "]) if after_digit else " ") + spelling


def _maybe_period(phrase: str, spoken: SpokenTime, rng: random.Random, p: float) -> tuple[str, SpokenTime]:
    """Append am/pm or a part-of-day phrase with probability ``p`` (12-hour hours only)."""
    if spoken.hour is None or not 1 <= spoken.hour <= 12 or rng.random() >= p:
        return phrase, spoken
    period = rng.choice(["am", "pm", "pm", "night"])
    if period == "night" or rng.random() < 0.4:
        text = f"{phrase} {rng.choice(PART_OF_DAY[period])}"
    else:
        text = phrase + _ampm(period, rng, phrase[-1:].isdigit())
    return text, SpokenTime(spoken.hour, spoken.minutes, spoken.relation, period)


def digits_colon(rng: random.Random) -> tuple[str, SpokenTime]:
    """"7:45", "07:45", "19:30", "7.45", "23 : 10"."""
    hour, minute = rng.randint(0, 23), _minute(rng)
    sep = rng.choices([":", ".", " : ", ": "], weights=[10, 3, 0.3, 0.2])[0]
    hh = f"{hour:02d}" if hour < 10 and rng.random() < 0.4 else str(hour)
    return f"{hh}{sep}{minute:02d}", SpokenTime(hour, minute)


def digits_compact(rng: random.Random) -> tuple[str, SpokenTime]:
    """"0830", "830", "19h05", "19h", "1900 hours", "2130hrs"."""
    hour, minute = rng.randint(0, 23), _minute(rng)
    style = rng.choice(["hhmm", "hhmm", "hmm", "h", "h", "hours", "hours"])
    if style == "hmm" and 1 <= hour <= 9 and minute:
        text = f"{hour}{minute:02d}"
    elif style == "h":
        h = f"{hour:02d}" if hour < 10 and rng.random() < 0.5 else str(hour)
        sep = rng.choice(["h", "h", "H", " h ", "h "]).rstrip() if minute == 0 else rng.choice(["h", "h", "H", " h "])
        text = f"{h}{sep}{minute:02d}" if minute or rng.random() < 0.3 else f"{h}{sep.strip()}"
    elif style == "hours":
        text = f"{hour:02d}{minute:02d}{rng.choice([' hours', ' hours', ' hrs', 'hrs', 'h', ' h', ' hr'])}"
    else:
        text = f"{hour:02d}{minute:02d}"
    return text, SpokenTime(hour, minute)


def digits_ampm(rng: random.Random) -> tuple[str, SpokenTime]:
    """"7pm", "7 p.m.", "7:45PM", "07.45 am", "745pm", "12am"."""
    hour, minute = rng.randint(1, 12), _minute(rng)
    period = rng.choice(["am", "pm"])
    style = rng.choice(["h", "colon", "colon", "dot", "hmm"] if minute else ["h", "h", "colon", "dot"])
    hh = f"{hour:02d}" if hour < 10 and rng.random() < 0.2 else str(hour)
    if style == "h":
        text = hh if minute == 0 else f"{hh}:{minute:02d}"
    elif style == "colon":
        text = f"{hh}:{minute:02d}"
    elif style == "dot":
        text = f"{hh}.{minute:02d}"
    else:
        text = f"{hour}{minute:02d}"
    if rng.random() < 0.08 and minute == 0:
        text = f"{text} {rng.choice(OCLOCK)}"
    return text + _ampm(period, rng), SpokenTime(hour, minute, period=period)


def words_plain(rng: random.Random) -> tuple[str, SpokenTime]:
    """"seven thirty", "seven oh five", "seven fifty-nine", "nineteen thirty"."""
    hour, minute = rng.randint(1, 23), rng.randint(1, 59)
    sep = rng.choice([" ", " ", " ", "-"])
    spoken = SpokenTime(hour, minute)
    text = f"{random_number_words(hour, rng)}{sep}{minute_words(minute, rng)}"
    return _maybe_period(text, spoken, rng, 0.35)


def words_relative(rng: random.Random) -> tuple[str, SpokenTime]:
    """"quarter past eleven", "twenty to one", "10 minutes past 9", "half past noon"."""
    relation = rng.choice(["past", "to"])
    kind = rng.choice(["quarter", "quarter", "half", "n", "n", "n"])
    if kind == "half":
        relation, minutes, amount = "past", 30, "half"
    elif kind == "quarter":
        minutes, amount = 15, rng.choice(["quarter", "quarter", "a quarter"])
    else:
        minutes = rng.choice([5, 10, 20, 25]) if rng.random() < 0.5 else rng.randint(1, 29)
        amount = random_number_words(minutes, rng) if rng.random() < 0.65 else str(minutes)
        if rng.random() < 0.45:
            unit = "minute" if minutes == 1 else rng.choice(["minutes", "minutes", "mins", "min"])
            amount = f"{amount} {unit}"
    word = rng.choice(["past", "past", "after"] if relation == "past" else ["to", "to", "till", "before"])
    if rng.random() < 0.1:
        anchor = rng.choice(["noon", "midnight"])
        return f"{amount} {word} {anchor}", SpokenTime(None, minutes, relation, anchor=anchor)
    hour = rng.randint(1, 12)
    text = f"{amount} {word} {_hour_text(hour, rng, 0.6)}"
    if rng.random() < 0.05:
        text = f"{text} {rng.choice(OCLOCK)}"
    return _maybe_period(text, SpokenTime(hour, minutes, relation), rng, 0.3)


def hour_only(rng: random.Random) -> tuple[str, SpokenTime]:
    """"nine", "9", "nine o'clock", "9 oclock"."""
    hour = rng.randint(1, 12)
    text = _hour_text(hour, rng)
    if rng.random() < 0.55:
        text = f"{text} {rng.choice(OCLOCK)}"
    return _maybe_period(text, SpokenTime(hour), rng, 0.3)


def part_of_day(rng: random.Random) -> tuple[str, SpokenTime]:
    """A 12-hour phrase + "in the morning" / "in the afternoon" / "in the evening" / "at night"."""
    hour, period = rng.randint(1, 12), rng.choice(["am", "pm", "pm", "night", "night"])
    style = rng.choice(["hour", "hour", "oclock", "plain", "relative", "digits", "half"])
    if style == "relative":
        base, spoken = words_relative(rng)
        while spoken.hour is None or spoken.period is not None:
            base, spoken = words_relative(rng)
        hour, minutes, relation = spoken.hour, spoken.minutes, spoken.relation
    else:
        minutes = {"plain": rng.randint(1, 59), "digits": _minute(rng), "half": 30}.get(style, 0)
        relation = "plain"
        if style == "hour":
            base = _hour_text(hour, rng)
        elif style == "oclock":
            base = f"{_hour_text(hour, rng)} {rng.choice(OCLOCK)}"
        elif style == "plain":
            base = f"{random_number_words(hour, rng)} {minute_words(minutes, rng)}"
        elif style == "half":
            base = f"half {_hour_text(hour, rng)}"
        else:
            base = f"{hour}:{minutes:02d}"
    text = f"{base}{rng.choice([' ', ' ', ', '])}{rng.choice(PART_OF_DAY[period])}"
    return text, SpokenTime(hour, minutes, relation, period)


def noon_midnight(rng: random.Random) -> tuple[str, SpokenTime]:
    """"noon", "midday", "12 noon", "midnight", "ten to midnight"."""
    anchor = rng.choice(["noon", "midnight"])
    if rng.random() < 0.3:
        minutes, relation = rng.choice([(15, "past"), (30, "past"), (15, "to"), (rng.randint(1, 29), rng.choice(["past", "to"]))])
        word = {"past": rng.choice(["past", "after"]), "to": rng.choice(["to", "before", "till"])}[relation]
        amount = {15: "quarter", 30: "half"}.get(minutes) if rng.random() < 0.7 else None
        amount = amount or random_number_words(minutes, rng)
        return f"{amount} {word} {anchor}", SpokenTime(None, minutes, relation, anchor=anchor)
    if anchor == "noon":
        text = rng.choice(["noon", "noon", "midday", "mid-day", "12 noon", "twelve noon", "12 midday", "noontime"])
    else:
        text = rng.choice(["midnight", "midnight", "12 midnight", "twelve midnight", "mid-night"])
    return text, SpokenTime(None, anchor=anchor)


def british_half(rng: random.Random) -> tuple[str, SpokenTime]:
    """"half six" (= 06:30), "half 7", "half ten pm"."""
    hour = rng.randint(1, 12)
    return _maybe_period(f"half {_hour_text(hour, rng)}", SpokenTime(hour, 30), rng, 0.3)


def military(rng: random.Random) -> tuple[str, SpokenTime]:
    """"fourteen hundred hours", "oh eight hundred", "nineteen thirty hours", "0600 hours"."""
    hour = rng.randint(1, 23)
    minute = 0 if rng.random() < 0.6 else rng.randint(1, 59)
    if hour < 10:
        hour_text = f"{rng.choice(['oh', 'oh', 'zero'])} {number_words(hour)}" if rng.random() < 0.6 else number_words(hour)
    else:
        hour_text = random_number_words(hour, rng)
    minute_text = "hundred" if minute == 0 else minute_words(minute, rng)
    suffix = rng.choice(["", " hours", " hours", " hrs"]) if minute else rng.choice(["", " hours", " hours", " hours", " hrs"])
    return f"{hour_text} {minute_text}{suffix}", SpokenTime(hour, minute)
