"""Generator g29: a clock time as a limit ("ready after 15.00") or as what someone offers ("the vet can see us
16.20") is that time.

v17 answered no time, most often with confidence near 1, to "dry cleaning ready after 15.00", "collect after
16.30", "the vet can see us 16.20", "the plumber said 13.05" and "the optician squeezed me in at 11.40". In 200,000
texts of g28's stream "after" and "before" never stand before a clock time (H.MM or four digits) except in durations
("after 6.75 hours"), "said" does so three times, "can see us" and "squeezed me in" never. g29 says both:

- a limit: "ready after 15.00", "no deliveries before 0800", "any time after 18.30", "back after 14.15": the time
  after "after" or "before" is that time (``conventions``: "M after H" needs its minutes M first; "after 15.00" has
  none);
- an offer: "the vet can see us 16.20", "the garage said 15.40", "they squeezed me in at 11.40".

So that "said" or "after" alone never means a time, an amount after "said" with what it pays for is a price ("he
said 3.50 for the lot") and a duration after "after" stays one ("after 6.75 hours", generated already).
Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.phrasing_g14 import MAX_CHARS, _time
from training.timenorm.tails_g27 import amount
from training.timenorm.wordnet_nouns import noun_pool

#: Words before a time that is a limit.
LIMITS = ("ready after", "collect after", "any time after", "not before", "no calls before", "open after",
          "back after", "free after", "quiet after", "arrive after", "only after", "done before", "finish before",
          "leave before", "no deliveries before", "no noise before", "home before", "call after", "available after",
          "after", "before", "not until after", "sometime after", "just after", "just before", "shortly after",
          "pick up after", "don't ring before", "in bed before", "gone before", "starts after", "closed after",
          "can't do before", "out before", "back before", "get there before")
#: What someone says or offers before a time.
OFFERS = ("said", "says", "reckons", "suggested", "can do", "can see us", "can see you", "can see me",
          "can fit you in at", "can fit us in at", "squeezed me in at", "squeezed us in at", "offered", "proposed",
          "prefers", "has a slot at", "has space at", "booked us in for", "moved us to", "can manage", "is free",
          "wants us at", "told us", "texted", "confirmed")
SUBJECTS = ("the vet", "the garage", "the plumber", "the dentist", "the school", "my mum", "she", "he", "they",
            "the hairdresser", "the optician", "the builder", "the surgery", "the salon", "the office", "dad")
#: What an amount after "said" pays for: "he said 3.50 for the lot".
PAID_FOR = ("for the lot", "for both", "each", "a kilo", "a bag", "for two", "a head", "for the pair", "a box",
            "per person", "all in", "cash", "for the set", "a go")
TIME_FAMILIES = ("digits-colon", "digits-compact")
SHARE = 0.08  # of the time families' phrases
PRICE_SHARE = 0.06  # of the price look-alikes


def _subject(rng: random.Random) -> str:
    if rng.random() < 0.6:
        return rng.choice(SUBJECTS)
    return f"the {rng.choice(noun_pool()['person'])}"


def limit(rng: random.Random) -> tuple[str, SpokenTime]:
    """A time as a limit: "ready after 15.00", "the dry cleaning is ready after 1500"."""
    time, spoken = _time(rng, compact=rng.random() < 0.4)
    text = f"{rng.choice(LIMITS)} {time}"
    if rng.random() < 0.4:
        lead = rng.choice(("the parcel", "the car", "the dry cleaning", "the key", "the room", "your order", "we're",
                           "i'm", "she's", "the shop", "the site", "the hall", "the kids", "dinner", "the van"))
        text = f"{lead} {text}"
    return text[:MAX_CHARS], spoken


def offer(rng: random.Random) -> tuple[str, SpokenTime]:
    """A time someone offers or says: "the vet can see us 16.20", "the garage said 15.40"."""
    time, spoken = _time(rng, compact=rng.random() < 0.4)
    return f"{_subject(rng)} {rng.choice(OFFERS)} {time}"[:MAX_CHARS], spoken


def phrase(rng: random.Random) -> tuple[str, SpokenTime]:
    return limit(rng) if rng.random() < 0.5 else offer(rng)


def said_price(rng: random.Random) -> str:
    """An amount someone said with what it pays for: "he said 3.50 for the lot" (no time)."""
    said = amount(rng)
    verb = rng.choice(("said", "says", "reckons", "wants", "asked", "quoted", "offered", "charged", "told us"))
    return f"{_subject(rng)} {verb} {said} {rng.choice(PAID_FOR)}"
