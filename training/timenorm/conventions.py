"""The labelling conventions of the spec, as one function from a parsed phrase to HH:MM.

A phrase is described by what was *said*: an hour (as spoken, 0-23) or an anchor
(noon/midnight), a minute offset and how it relates to the hour (plain "seven thirty",
"ten past", "twenty to"), and an optional period (am/pm/at night).

How phrasings map onto it (the rules of ``docs/time-normalizer.md``):

- "M past H", "M after H" (any M 1-59): relation "past", H:M ("52 min after 9" = 09:52,
  "forty-five minutes past two" = 02:45).
- "M to H", "M till H", "M before H" (any M 1-59): relation "to", H:00 - M minutes
  ("fifty two min before 8 p.m." = 19:08).
- "H hours and M", "H o'clock M": plain H:M ("ten o'clock thirty pm" = 22:30).
- "before noon" / "in the morning" = am; "after noon" / "in the afternoon" / "in the evening"
  = pm, when said after a time with an hour ("39 after eight before noon" = 08:39). Alone after
  a number, "N before noon" / "N after noon" stays N minutes before / after 12:00.
- a "t" glued in front of digits ("t6:42") is noise: 06:42.
- a word of the day after a time ("20:45 tonight", "0930 tomorrow", "8am today") changes nothing;
  one that names a part of the day ("tonight", "this evening", "this morning") is said only after
  a time it agrees with (``day_word_agrees``: "20:45 tonight", "7:50 this morning", "6pm this
  evening"), so the label never depends on how such a word reads ("8:30 tonight" is not a rule).
- g12: a bare amount beside things bought is a price ("nachos and a cider 9.40", "8.20 for two smoothies",
  "the brownies here are 3.15"), while H:MM / H.MM after an event is a time ("brunch 11.30", "drinks 21.15");
  a four-digit number after an owner and a thing is a year ("his 2014 album"), after a plan's words a time
  ("lights out 2215"). The words tell them apart; the label never depends on a guess about the number.
- g29: "after" or "before" right before a clock time with its minutes (H:MM, H.MM or four digits) names that
  time as a limit: "ready after 15.00" = 15:00, "no deliveries before 0800" = 08:00 ("M after H" needs M first).
- durations ("for 2 hours"), relative times ("in 20 minutes", "20 minutes ago"), quantities,
  prices, versions, scores, phone numbers, dates without a time, years ("since 2016") and codes
  ("room 1417") are no time (``NO_TIME``).
"""
from __future__ import annotations

from dataclasses import dataclass

# The values of SpokenTime's fields; checked when one is made (the generator draws them at random).
RELATIONS = ("plain", "past", "to")
PERIODS = ("am", "pm", "night")
ANCHORS = ("noon", "midnight")

NO_TIME = ""  # the label of a text that holds no time


@dataclass(frozen=True)
class SpokenTime:
    """A time as said. ``hour`` is None exactly when ``anchor`` is set."""

    hour: int | None
    minutes: int = 0
    relation: str = "plain"  # one of RELATIONS
    period: str | None = None  # one of PERIODS
    anchor: str | None = None  # one of ANCHORS

    def __post_init__(self) -> None:
        if self.relation not in RELATIONS or self.period not in (None, *PERIODS) or self.anchor not in (None, *ANCHORS):
            raise ValueError(f"unknown relation, period or anchor: {self}")
        if (self.hour is None) == (self.anchor is None):
            raise ValueError("exactly one of hour and anchor must be set")
        if self.hour is not None and not 0 <= self.hour <= 23:
            raise ValueError(f"hour out of range: {self.hour}")
        if not 0 <= self.minutes <= 59:
            raise ValueError(f"minutes out of range: {self.minutes}")
        if self.relation != "plain" and not 1 <= self.minutes <= 59:
            raise ValueError("past/to (after/before) take 1-59 minutes")
        if self.period is not None and (self.anchor is not None or not 1 <= (self.hour or 0) <= 12):
            raise ValueError("am/pm/part of day only go with a 12-hour hour 1-12")


def resolve(spoken: SpokenTime) -> str:
    """The ``HH:MM`` label of a spoken time, following the spec's conventions."""
    if spoken.anchor is not None:
        base = 12 * 60 if spoken.anchor == "noon" else 0
        if spoken.relation == "past":
            base += spoken.minutes
        elif spoken.relation == "to":
            base -= spoken.minutes
        hour, minute = divmod(base % (24 * 60), 60)
        return f"{hour:02d}:{minute:02d}"
    assert spoken.hour is not None
    hour, minute = spoken.hour, spoken.minutes
    if spoken.relation == "past":
        minute = spoken.minutes
    elif spoken.relation == "to":
        hour, minute = hour - 1, 60 - spoken.minutes
        if hour == 0 and spoken.hour == 1:
            hour = 12  # 12-hour reading: "twenty to one" is 12:40
        elif hour < 0:
            hour = 23
    if spoken.period == "am":
        hour = 0 if hour == 12 else hour
    elif spoken.period == "pm":
        hour = hour + 12 if 1 <= hour <= 11 else hour
    elif spoken.period == "night":
        if 6 <= hour <= 11:
            hour += 12
        elif hour == 12:
            hour = 0
    return f"{hour:02d}:{minute:02d}"


#: Words of the day said after a time (g11): ``None`` = any time ("tomorrow"), else the hours (0-23) of
#: the labels that the word agrees with ("tonight": 18:00-23:59).
DAY_WORDS_AFTER: dict[str, range | None] = {
    "today": None, "tomorrow": None, "on friday": None, "on monday": None, "this sunday": None,
    "next tuesday": None, "on saturday": None, "tomorrow then": None, "today then": None, "again tomorrow": None,
    "the day after tomorrow": None, "on the day": None, "on thursdays": None, "every day": None, "daily": None,
    "tonight": range(18, 24), "tonight then": range(18, 24), "tomorrow night": range(18, 24),
    "this evening": range(17, 24), "tomorrow evening": range(17, 24), "on friday evening": range(17, 24),
    "this afternoon": range(12, 18), "tomorrow afternoon": range(12, 18),
    "this morning": range(0, 12), "tomorrow morning": range(0, 12), "on monday morning": range(0, 12),
}


def day_word_agrees(word: str, label: str) -> bool:
    """True when ``word`` (one of ``DAY_WORDS_AFTER``) may follow a time labelled ``label`` ("HH:MM")."""
    hours = DAY_WORDS_AFTER[word]
    return label != NO_TIME and (hours is None or int(label[:2]) in hours)
