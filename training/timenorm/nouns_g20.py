"""Generator g20: numbers after nouns of every kind, the kind taken from WordNet (``wordnet_nouns.py``).

A number after something that happens is its time ("the rehearsal 19.30 tonight", "ceremony starts 1415");
four digits after a thing, a place or a piece of writing are a code ("shelf 1230", "manuscript #0945"); an amount after
food or a thing is a price ("popcorn and a cola, 6.30", "sunglasses 12.40"). Each of the nouns is seen
beside both times and look-alikes' shapes, so what decides is the kind of the word, learned over many words,
not a list. Pure Python.

g21 (after v13 = g20 answered no time to "concert 1930" and "funeral 1100", nouns of its own list, while it
reads "the ceremony 1415"): a third of these texts are bare, the noun and the number alone, on both sides; a
quarter put another noun of any kind before the one that decides ("keeper talk", "radio news", "frame number"):
the last noun decides; the shares grow (``SHARES``, ``CODE_SHARE``, ``PRICE_SHARE``).
"""
from __future__ import annotations

import random

from training.timenorm.conventions import DAY_WORDS_AFTER, SpokenTime, day_word_agrees, resolve
from training.timenorm.noise import surface_noise
from training.timenorm.phrasing_g14 import MAX_CHARS, _time
from training.timenorm.wordnet_nouns import KINDS, noun_pool

DETERMINERS = ("", "", "", "the ", "the ", "our ", "my ", "your ", "their ", "this ", "next ", "tomorrow's ")
#: Said between an activity and its time.
LINKS = ("", "", "", "is", "is at", "at", "starts", "starts at", "begins", "begins at", "from", "is set for",
         "moved to", "ends", "ends at", "due", "planned for", "booked for", "kicks off")
CODE_MARKS = ("", "", "", "", "#", "no. ", "nr ", "number ")
CODE_TAILS = ("", "", "", "", " please", " is missing", " is ready", " is by the door", " in the back",
              " on the left", " upstairs", ", thanks", " has a crack", " was returned", " needs checking")
PRICE_LINKS = (" ", " ", ", ", ": ", " is ", " was ", " costs ", " for ", " came to ", " - ")


BARE_SHARE = 0.33  # g21: "concert 1930", "locker 1930": the noun and the number alone
COMPOUND_SHARE = 0.25  # g21: "radio news 1800", "bike frame 1423": the last noun decides


def _noun(kind: str, rng: random.Random) -> str:
    """A noun of ``kind``, after another noun of any kind a quarter of the time ("keeper talk")."""
    nouns = noun_pool()
    head = rng.choice(nouns[kind])
    if rng.random() < COMPOUND_SHARE:
        return f"{rng.choice(nouns[rng.choice(KINDS)])} {head}"
    return head


def timed_noun(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time after something that happens: "the rehearsal 19.30 tonight", "ceremony starts 1415"."""
    time, spoken = _time(rng, compact)
    noun = _noun("timed", rng)
    if rng.random() < BARE_SHARE:
        return f"{noun} {time}", spoken
    link = rng.choice(LINKS)
    text = " ".join(f"{rng.choice(DETERMINERS)}{noun} {link} {time}".split())
    if rng.random() < 0.3:
        words = [w for w in DAY_WORDS_AFTER if day_word_agrees(w, resolve(spoken))]
        longer = f"{text}{rng.choice(['', ','])} {rng.choice(words)}"
        text = longer if len(longer) <= MAX_CHARS else text
    return text, spoken


def colon_after_noun(rng: random.Random) -> tuple[str, SpokenTime]:
    return timed_noun(rng)


def compact_after_noun(rng: random.Random) -> tuple[str, SpokenTime]:
    return timed_noun(rng, compact=True)


def code_kind(rng: random.Random) -> str:
    """The kind of noun a code numbers: a thing, a place or a piece of writing."""
    return rng.choices(["thing", "place", "document"], weights=[5, 3, 2])[0]


def code_number(rng: random.Random) -> str:
    """A code's number: mostly four digits shaped like a time ("1230"), else 3-5 digits."""
    return f"{rng.randint(0, 2359):04d}" if rng.random() < 0.8 else str(rng.randint(100, 99999))


def code_after_noun(rng: random.Random) -> str:
    """Four digits (or more) after a thing, a place or a piece of writing: "shelf 1230", "cabin #0945"."""
    noun = _noun(code_kind(rng), rng)
    number = code_number(rng)
    if rng.random() < BARE_SHARE:
        return surface_noise(f"{noun} {number}", rng)
    text = f"{rng.choice(DETERMINERS)}{noun} {rng.choice(CODE_MARKS)}{number}{rng.choice(CODE_TAILS)}"
    return surface_noise(text, rng)


def _amount(rng: random.Random) -> str:
    """An amount that could be read as a time: "6.30", "12.40", "0.85", "9,20"."""
    whole = rng.randint(0, 23) if rng.random() < 0.8 else rng.randint(24, 99)
    return f"{whole}{rng.choice('...,')}{rng.randint(0, 59) if rng.random() < 0.8 else rng.randint(60, 99):02d}"


def _goods(rng: random.Random) -> str:
    nouns = noun_pool()
    first = _noun("food" if rng.random() < 0.6 else "thing", rng)  # g21: "garden hose", "cheese sandwich"
    if rng.random() < 0.35:
        count = rng.choice(["a", "a", "one", "two", "three", "some", "a bag of", "a box of", "a cup of"])
        return f"{rng.choice(['', 'the ', 'a '])}{first} and {count} {rng.choice(nouns['food'])}"
    return f"{rng.choice(['', '', 'the ', 'a ', 'my ', 'one '])}{first}"


def price_after_noun(rng: random.Random) -> str:
    """A bare amount after food or a thing bought: "popcorn and a cola, 6.30", "the sunglasses were 12.40"."""
    text = f"{_goods(rng)}{' ' if rng.random() < BARE_SHARE else rng.choice(PRICE_LINKS)}{_amount(rng)}"
    if rng.random() < 0.15:
        text = f"{text} {rng.choice(['each', 'apiece', 'a piece', 'in total', 'altogether', 'with tax'])}"
    return surface_noise(" ".join(text.split()), rng)


#: The share of each family that g20 draws from this module.
SHARES = {"digits-colon": 0.25, "digits-compact": 0.25}  # g20: 0.12
PHRASINGS = {"digits-colon": colon_after_noun, "digits-compact": compact_after_noun}
#: The shares of the code negatives and of the price look-alikes that g20 draws from here.
CODE_SHARE = 0.45  # g20: 0.3
PRICE_SHARE = 0.35  # g20: 0.25
