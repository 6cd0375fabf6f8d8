"""Times of generator g14: a time said while arranging to meet somewhere, and after the first or last of a service.

v8 answered no time to H.MM said while arranging to meet ("let's meet at 7.40 opposite the museum") and
after the edge of a service's day ("last entry 22.15 tonight"): H.MM reads as a price more often in
its training data than as a time after these words. g14 adds both, with H.MM as often as H:MM and
four digits, and a day word after the place only where it agrees with the label
(``conventions.day_word_agrees``).

No frame holds a number word, am/pm or a part-of-day word before the time, so the label is the time's
alone. Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import DAY_WORDS_AFTER, SpokenTime, day_word_agrees, resolve

#: Words that arrange a meeting, before the time.
MEETING = ("meet me at", "meet you at", "let's meet at", "shall we meet at", "i'll be at", "i'll be there at",
           "i'll pick you up at", "pick me up at", "wait for me at", "we're meeting at", "come by at",
           "swing by at", "i'll wait at", "drop it off at", "be there by", "let's say", "how about",
           "can you do", "shall we say", "see ya at", "catch you at", "we'll collect you at", "i'll see you at",
           "grab me at", "we gather at", "we set off at", "we regroup at")
#: Where, after the time.
PLACE_WORDS = ("outside", "by", "in front of", "near", "behind", "at", "opposite", "round the back of", "next to",
               "inside", "across from", "at the top of", "at the bottom of", "down from")
PLACES = ("the station", "the bookshop", "the gym", "the church", "the office", "the chemist", "the post office",
          "the bus stop", "the car park", "the school gates", "the museum", "the market", "the bridge",
          "the corner shop", "reception", "the lobby", "the main entrance", "the clock", "the statue",
          "the playground", "the harbour", "the town hall", "the roundabout", "the lifts", "the kiosk",
          "the taxi rank", "the supermarket", "the petrol station", "the park", "the bandstand", "the pier",
          "the arcade", "the hospital", "the mosque", "the temple", "the stadium", "the leisure centre",
          "the garden centre", "the bank", "the hotel", "the hostel", "the barbershop", "the florist",
          "the deli", "the takeaway", "the launderette", "the ice rink", "tesco", "boots", "the big tree",
          "your place", "my building", "her flat", "the usual spot", "the north exit", "the side entrance", "the sign")
#: The first or last of a service's day, before the time.
SERVICE_EDGES = ("last entry", "last admission", "first entry", "last call", "last collection", "first sitting",
                 "second sitting", "last sitting", "last boat", "first boat", "last lift", "first lift",
                 "last tour", "first tour", "last check-in", "kitchen closes", "the kitchen shuts", "bar closes",
                 "the doors shut", "gates close", "the box office closes", "last seating", "final boarding",
                 "last service", "first service", "early bird entry", "late opening until")
MAX_CHARS = 56  # the model reads 64 characters; surface noise may add a few
TAILS = ("", "", "", "", "?", " ok?", " then", ", don't be late", ", text me", " as usual", " if that works",
         ", see you there", " sharp", "!")


def _time(rng: random.Random, compact: bool) -> tuple[str, SpokenTime]:
    """Four digits ("2215", "0740") or, as often H.MM as H:MM, "7.40", "19:05", "07.15"."""
    hour = rng.randint(0, 23)
    minute = rng.choice([0, 15, 30, 45, 10, 20, 40, 50, 5, 55]) if rng.random() < 0.4 else rng.randint(0, 59)
    if compact:
        return f"{hour:02d}{minute:02d}", SpokenTime(hour, minute)
    hh = f"{hour:02d}" if hour < 10 and rng.random() < 0.3 else str(hour)
    return f"{hh}{rng.choice('.:')}{minute:02d}", SpokenTime(hour, minute)


def _day_word(label: str, rng: random.Random) -> str:
    return " " + rng.choice([w for w in DAY_WORDS_AFTER if day_word_agrees(w, label)])


def meeting(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time while arranging to meet, and where: "let's meet at 7.40 opposite the museum tomorrow"
    (at most ``MAX_CHARS``: the day word and the tail are left out of a longer one)."""
    time, spoken = _time(rng, compact)
    text = f"{rng.choice(MEETING)} {time} {rng.choice(PLACE_WORDS)} {rng.choice(PLACES)}"
    day = _day_word(resolve(spoken), rng) if rng.random() < 0.3 else ""
    tail = rng.choice(TAILS)
    for longer in (f"{text}{day}{tail}", f"{text}{day}", f"{text}{tail}"):
        if len(longer) <= MAX_CHARS:
            return longer, spoken
    return text, spoken


def service_edge(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time after the first or last of a service: "last entry 22.15 tonight", "first sitting 1730"."""
    time, spoken = _time(rng, compact)
    link = rng.choice(["", "", " is", " at", " is at", ":", " from"])
    text = f"{rng.choice(SERVICE_EDGES)}{link} {time}"
    if rng.random() < 0.5:
        text += _day_word(resolve(spoken), rng)
    return f"{text}{rng.choice(TAILS)}", spoken


def colon_arranged(rng: random.Random) -> tuple[str, SpokenTime]:
    return meeting(rng) if rng.random() < 0.6 else service_edge(rng)


def compact_arranged(rng: random.Random) -> tuple[str, SpokenTime]:
    return meeting(rng, compact=True) if rng.random() < 0.5 else service_edge(rng, compact=True)


#: The share of each family that g14 draws from this module.
SHARES = {"digits-colon": 0.15, "digits-compact": 0.08}
PHRASINGS = {"digits-colon": colon_arranged, "digits-compact": compact_arranged}
