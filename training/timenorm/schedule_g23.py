"""Generator g23: a word of the day between what happens and its time, and the next or last service.

v14 answers no time to "sunset tonight 1952", "sunrise tomorrow is 0612", "next bus 1308" and "last ferry back is
22.10": the earlier generators put a word of the day only after the time ("20.45 tonight") and a vehicle only
before a verb. g23 puts the day word between a noun of something that happens (or a person or vehicle with its
verb) and the time, only where it agrees with the time (``conventions.day_word_agrees``: "sunset tonight 1952",
never "sunset tonight 0612"); and a time after "next", "last", "first" or "earliest" and a vehicle ("next bus
1308", "last ferry back is 22.10"), where the word before the vehicle says a service is meant, not a number.

Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import DAY_WORDS_AFTER, SpokenTime, day_word_agrees, resolve
from training.timenorm.phrasing_g14 import MAX_CHARS, _time
from training.timenorm.wordnet_nouns import shipped_nouns

LINKS = ("", "", "", "is", "is at", "at", ":", "-", "starts", "from", "is due", "is set for", "moved to")
ORDERS = ("next", "next", "last", "last", "first", "earliest", "the next", "the last", "the first", "our")
#: Said between the vehicle and its time: where it goes, and a verb or a link.
WHERE = ("", "", "", " back", " home", " out", " in", " into town", " to the coast", " over", " across", " up",
         " down", " north", " south", " to the airport", " from here")
VEHICLE_LINKS = ("", "", "", "is", "is at", "at", ":", "leaves", "leaves at", "goes", "gets in", "is due", "-")
#: Services people wait for that WordNet files under other senses or leaves out.
SERVICES = ("bus", "train", "tram", "ferry", "coach", "boat", "shuttle", "flight", "metro", "tube", "sailing",
            "crossing", "departure", "arrival", "connection", "service", "night bus", "bus home", "train back")


def day_word_before(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A day word between the noun and the time: "sunset tonight 1952", "the rehearsal tomorrow is 19.30"."""
    time, spoken = _time(rng, compact)
    words = [w for w in DAY_WORDS_AFTER if day_word_agrees(w, resolve(spoken))]
    noun = rng.choice(shipped_nouns()["timed"])
    det = rng.choice(("", "", "", "the ", "our ", "my ", "your "))
    text = " ".join(f"{det}{noun} {rng.choice(words)} {rng.choice(LINKS)} {time}".split())
    return (text if len(text) <= MAX_CHARS else f"{noun} {time}"), spoken


def next_service(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time after the next or last service: "next bus 1308", "last ferry back is 22.10"."""
    time, spoken = _time(rng, compact)
    vehicle = rng.choice(SERVICES) if rng.random() < 0.6 else rng.choice(shipped_nouns()["vehicle"])
    text = " ".join(f"{rng.choice(ORDERS)} {vehicle}{rng.choice(WHERE)} {rng.choice(VEHICLE_LINKS)} {time}".split())
    return (text if len(text) <= MAX_CHARS else f"next {vehicle} {time}"), spoken


def colon_schedule(rng: random.Random) -> tuple[str, SpokenTime]:
    return (day_word_before if rng.random() < 0.5 else next_service)(rng)


def compact_schedule(rng: random.Random) -> tuple[str, SpokenTime]:
    return (day_word_before if rng.random() < 0.5 else next_service)(rng, compact=True)


#: The share of each family that g23 draws from this module (after the shares of the earlier generators).
SHARES = {"digits-colon": 0.08, "digits-compact": 0.10}
PHRASINGS = {"digits-colon": colon_schedule, "digits-compact": compact_schedule}
