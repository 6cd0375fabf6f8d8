"""Generator g28: a number after a verb of holding, seating or serving says how many, never when.

v16 answered a time, each with confidence 1.0, to "the tent sleeps 4", "the recipe serves 6" and "the sauna seats
nine" (hand-written batches 22-27): no generator said what a thing holds. g28 does, with WordNet's things, places,
vehicles and food (``wordnet_nouns``) before the verb, and a digit or a number word after it ("the minibus seats
16", "this pie feeds eight", "the cabin sleeps 4 comfortably"): no time. So that the noun alone never means a count,
the same nouns open, close or are free at an hour ("the sauna opens at 9", "the minibus is free from 4"): a time,
the verb deciding. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.numbers import number_words
from training.timenorm.wordnet_nouns import noun_pool

DETERMINERS = ("the ", "the ", "the ", "this ", "our ", "my ", "that ", "each ", "the new ", "the big ", "")
#: Verbs of holding, seating or serving: the number after them is how many.
HOLDS = ("sleeps", "seats", "holds", "fits", "takes", "carries", "caters for", "has room for", "accommodates",
         "can take", "can seat", "is big enough for", "can sleep", "only seats", "comfortably seats", "is rated for",
         "is licensed for", "is built for", "sits")
#: ... and after food: "this pie feeds eight".
FOOD_HOLDS = ("serves", "feeds", "will feed", "easily feeds", "is enough for", "should serve", "makes enough for")
COUNT_TAILS = ("", "", "", "", " people", " adults", " comfortably", " at a push", " easily", " max", " guests",
               " at most", " kids", " passengers", " or so", ", apparently", " standing", " if you squeeze")
#: Verbs of opening, closing or being free: the number after them is an hour.
OPENS = ("opens at", "opens", "closes at", "shuts at", "is free from", "is free at", "is booked from", "is ready at",
         "is ours from", "is open till", "is open until", "gets cleaned at", "is available from", "opens up at")
SUBJECT_KINDS = ("thing", "place", "vehicle", "food")
SHARE = 0.25  # of the quantity look-alikes
TIME_SHARE = 0.06  # of the hour-only phrases


def _subject(rng: random.Random) -> tuple[str, str]:
    """A determiner and a noun, and the noun's kind."""
    kind = rng.choices(SUBJECT_KINDS, weights=[4, 4, 2, 2])[0]
    return f"{rng.choice(DETERMINERS)}{rng.choice(noun_pool()[kind])}", kind


def _count(rng: random.Random) -> str:
    n = rng.randint(1, 12) if rng.random() < 0.7 else rng.randint(13, 60)
    return number_words(n) if n <= 20 and rng.random() < 0.4 else str(n)


def holds(rng: random.Random) -> str:
    """How many a thing holds: "the tent sleeps 4", "this pie feeds eight", "the minibus seats 16 max"."""
    subject, kind = _subject(rng)
    verb = rng.choice(FOOD_HOLDS if kind == "food" else HOLDS)
    return f"{subject} {verb} {_count(rng)}{rng.choice(COUNT_TAILS)}"


def opens(rng: random.Random) -> tuple[str, SpokenTime]:
    """The same nouns at an hour: "the sauna opens at 9", "the minibus is free from four"."""
    hour = rng.randint(1, 12)
    said = number_words(hour) if rng.random() < 0.4 else str(hour)
    return f"{_subject(rng)[0]} {rng.choice(OPENS)} {said}", SpokenTime(hour, 0)
