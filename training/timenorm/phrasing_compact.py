"""Compact four-digit times in the words of timetables and plans (generator g10).

"the 0910 departure", "the 1835 train", "the 2140 to <town>", "departs 1710", "eta 0410 hrs".
A four-digit number is also a year ("in 2016") or a code ("room 1417", "pin 3950"): the words
around it tell which (``lookalikes.year`` and ``lookalikes.code``).
Returns ``(phrase, spoken)`` like the families of ``phrasing.py``.
"""
from __future__ import annotations

import random

from training.timenorm import phrasing
from training.timenorm.conventions import SpokenTime
from training.timenorm.noise import pseudo_word

#: What leaves or starts at a time: "the 0910 departure", "the 1835 train".
SERVICES = ("departure", "arrival", "train", "flight", "bus", "coach", "boat", "tram", "shuttle",
            "service", "connection", "express", "sailing", "show", "screening", "showing", "matinee", "slot",
            "session", "class", "tour", "sitting", "briefing", "meeting", "run", "pickup", "delivery",
            "launch", "dispatch", "crossing", "transfer", "sleeper", "red-eye", "service bus", "hovercraft")
SERVICE_TAILS = ("", "", "", "is late", "is delayed", "is full", "is on time", "is fine", "works", "please",
                 "from platform", "leaves from gate", "was moved", "again", "today", "tomorrow", "is sold out",
                 "suits me", "it is", "then", "was packed", "is running", "has left", "is boarding")
#: Places a service goes to or comes from (never a word of the context vocabulary that is a time word).
TOWNS = ("paris", "london", "york", "bristol", "glasgow", "oxford", "cambridge", "dover", "berlin", "madrid", "rome",
         "lyon", "milan", "bath", "derby", "luton", "leicester", "dublin", "cork", "boston", "denver", "seattle",
         "the airport", "the city", "town", "the coast", "the island", "the mainland", "downtown", "central")
#: Words of a timetable right before the digits: "departs 1710", "eta 0410", "gate closes 2150".
TIMETABLE = ("departs", "departing", "arr", "arr.", "arrives", "arrival", "eta", "std", "sta", "leaves",
             "leaving at", "lands at", "landing", "takeoff", "boards", "gate closes", "check in by", "report at",
             "rv at", "on duty", "off duty", "shift ends", "stand-to", "next bus", "last train", "first train",
             "next boat", "the train is at", "the bus is at", "bus at", "see you at", "we leave at", "wheels up",
             "doors", "show", "kickoff", "pickup at", "ready at", "brunch at", "practice at", "dinner at")
#: g11: abbreviated timetable words and the sun ("dep. 1512", "arr 0935", "sunset 1948"), alone, after a
#: service ("train dep. 1512") or with a day word between ("sunrise tomorrow 0603").
ABBREVIATED = ("dep", "dep.", "dep:", "dep. at", "arr", "arr.", "arr:", "departs", "departs at", "departure",
               "sched.", "sched", "scheduled", "due", "due at", "etd", "etd:", "eta:", "std:", "sta:", "atd",
               "ata", "plan:", "leaves at", "sunrise", "sunset", "sunrise at", "sunset at", "first light",
               "last light", "sun up", "sundown")
ABBREVIATED_SERVICES = ("train", "bus", "flight", "coach", "tram", "boat", "shuttle", "express", "sleeper",
                        "connection", "service", "ic", "ice", "tgv", "eurostar", "red-eye", "airport bus")
BETWEEN = ("today", "tomorrow", "on sunday", "on monday", "sat", "fri", "mon", "tmrw", "tue")
AFTER_DIGITS = ("", "", "", "", " hrs", " hours", "h", " sharp", " tomorrow", " today", " please",
                " on the dot", " latest", " or so", " zulu", "z", " gmt")


def _hhmm(rng: random.Random) -> tuple[str, SpokenTime]:
    hour = rng.randint(0, 23)
    minute = rng.choice([0, 0, 15, 30, 45, 5, 10, 20, 40, 50, 55, 35, 25]) if rng.random() < 0.5 else rng.randint(0, 59)
    if 1 <= hour <= 9 and minute and rng.random() < 0.12:  # "715", "830"
        return f"{hour}{minute:02d}", SpokenTime(hour, minute)
    return f"{hour:02d}{minute:02d}", SpokenTime(hour, minute)


def compact_in_context(rng: random.Random) -> tuple[str, SpokenTime]:
    """A four-digit time with the words of a timetable or a plan around it."""
    digits, spoken = _hhmm(rng)
    style = rng.randint(0, 4)
    if style == 0:
        text = f"the {digits} {rng.choice(SERVICES)}"
        tail = rng.choice(SERVICE_TAILS)
        text = f"{text} {tail}" if tail else text
    elif style == 1:
        town = rng.choice(TOWNS) if rng.random() < 0.5 else pseudo_word(rng)
        lead = rng.choice(["the", "the", "catch the", "take the", "on the", "i'm on the"])
        text = f"{lead} {digits} {rng.choice(['to', 'to', 'from', 'for'])} {town}"
    elif style <= 3:
        text = f"{rng.choice(TIMETABLE)} {digits}{rng.choice(AFTER_DIGITS)}"
    else:  # g11
        word = rng.choice(ABBREVIATED)
        if rng.random() < 0.35:
            word = f"{rng.choice(ABBREVIATED_SERVICES)} {word}"
        if rng.random() < 0.15:
            word = f"{word} {rng.choice(BETWEEN)}"
        text = f"{word} {digits}{rng.choice(AFTER_DIGITS)}"
    return text, spoken


def digits_compact(rng: random.Random) -> tuple[str, SpokenTime]:
    """The digits-compact family: ``phrasing.digits_compact`` or, 45% of the time (g11; 40% in g10), one in context."""
    return compact_in_context(rng) if rng.random() < 0.45 else phrasing.digits_compact(rng)
