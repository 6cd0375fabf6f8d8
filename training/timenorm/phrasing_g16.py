"""Times of generator g16: an activity's time and where it happens, and "the film starts at twenty to nine".

v10 answered no time to H.MM and four digits after activities of sport, music, travel and leisure that the
generator never put before a time, with a place or a meal after ("last ferry back is 22.10", "swim session
1930 at the leisure centre", "we tee off at 12.35 after lunch"), and got the arithmetic of a relative time
after such an activity wrong ("the film starts at twenty to nine" → 09:40). g16 adds activities and what
people do at a time (a verb of setting off), a place or a meal after, and a relative time in words after
"<activity> starts at".

No frame holds a number word, am/pm or a part-of-day word, so the label is the time's alone. Returns
``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm import phrasing
from training.timenorm.conventions import SpokenTime
from training.timenorm.phrasing_g14 import MAX_CHARS, _time

#: Activities of sport, music, travel, leisure, worship and care that happen at a time.
ACTIVITIES = ("swimming club", "the sound check", "the ferry", "the last boat", "the crossing", "the boat trip",
              "spin class", "yoga", "pilates", "the climb", "the bike ride", "the fun run", "parkrun", "nets",
              "squad training", "the warm-up", "the tournament", "the regatta", "the heats", "the final",
              "the replay", "choir", "orchestra", "the recital", "the matinee", "the movie",
              "the show", "the panto", "the reading", "the book club", "the quiz", "bingo", "karaoke",
              "the disco", "the ceilidh", "evensong", "the service", "the vigil", "prayers", "the christening",
              "the funeral", "the wake", "visiting", "the ward round", "the scan", "the jab", "physio",
              "the dentist", "the smear test", "the blood draw", "the school trip", "the coach", "assembly",
              "the open day", "the fete", "the market", "the auction", "the boot sale", "the parade",
              "the procession", "the fireworks", "the bonfire", "the sleepover", "the playdate", "nap",
              "bathtime", "story hour", "the feed", "the shuttle bus", "the river bus", "the cable car",
              "the last lift", "the last tram", "the sleeper", "the red-eye", "boarding", "the transfer")
#: What is said between the activity and the time.
LINKS = ("", "", "", "is at", "starts", "starts at", "begins", "is", "kicks off at", "leaves", "sails",
         "departs", "runs from", "opens", "is booked", "moved to", "is set for", "'s at", "was at", "ended")
#: People setting off or starting at a time: "we set off at 7.15".
SETTING_OFF = ("we start the round at", "first tee", "we set off at", "we head out at", "they set sail at", "we board at",
               "doors at", "we clock in at", "clock in", "we leave at", "warm-up at", "we kick off at",
               "we roll out at", "wheels up at", "we check out at", "check out by", "we gather at",
               "we launch at", "we paddle out at", "we ride at")
#: Where it happens, or a meal it follows, after the time.
AFTER = ("", "", " at the leisure centre", " at the hall", " after lunch", " after breakfast", " before dinner",
         " from the harbour", " from the pier", " at the club", " at the chapel", " at the rink", " at the lido",
         " on the green", " at the church", " in the studio", " at the surgery", " at the stadium",
         " in the gym", " at the track", " from the jetty", " in the main hall", " at the pool",
         " by the lake", " at the community centre", " on the quay", " at the cathedral", " at the crag")
#: What starts at a relative time said in words.
STARTS = ("starts at", "begins at", "is at", "kicks off at", "leaves at", "opens at", "finishes at", "ends at")


def activity(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """An activity's time and where: "swim session 1930 at the leisure centre", "we tee off at 12.35 after lunch"."""
    time, spoken = _time(rng, compact)
    if rng.random() < 0.3:
        text = f"{rng.choice(SETTING_OFF)} {time}"
    else:
        link = rng.choice(LINKS)
        text = f"{rng.choice(ACTIVITIES)} {link} {time}" if link else f"{rng.choice(ACTIVITIES)} {time}"
    tail = rng.choice(AFTER)
    return (f"{text}{tail}" if len(text) + len(tail) <= MAX_CHARS else text), spoken


def colon_activity(rng: random.Random) -> tuple[str, SpokenTime]:
    return activity(rng)


def compact_activity(rng: random.Random) -> tuple[str, SpokenTime]:
    return activity(rng, compact=True)


def starts_at_words(rng: random.Random) -> tuple[str, SpokenTime]:
    """A relative time in words after an activity: "the film starts at twenty to nine"."""
    phrase, spoken = phrasing.words_relative(rng)
    text = f"{rng.choice(ACTIVITIES)} {rng.choice(STARTS)} {phrase}"
    return (text if len(text) <= MAX_CHARS else phrase), spoken


#: The share of each family that g16 draws from this module.
SHARES = {"digits-colon": 0.1, "digits-compact": 0.08, "words-relative": 0.1}
PHRASINGS = {"digits-colon": colon_activity, "digits-compact": compact_activity, "words-relative": starts_at_words}
