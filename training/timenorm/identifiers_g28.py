"""Generator g28: a number that tells which one is no time, however it is said.

v16 answered a time with confidence near 1 to "rental car plate ends 1408", "the postcode ends in 1020", "tyre size
2055 in the notes", "we sat in row twelve" and "our dog is named Seven" (hand-written batches 1-27). The code
look-alikes before g28 always wrote a code in digits and right after its noun ("plate 1408", "row 12"); g28 says
which one three more ways, all no time:

- what a code ends or starts with: "the plate ends in 1408", "my card number ends with 2215", "the serial starts
  with 0930" (a thing or a piece of writing before the verb; "ends at" is left to times);
- a place in a row in words: "we sat in row twelve", "seat nine, aisle two", "she's on deck seven";
- a name that is a number: "our dog is named Seven", "a band called Twelve", "the horse is called Nine Lives".
Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.numbers import number_words
from training.timenorm.wordnet_nouns import noun_pool

#: What a code ends or starts with (never "ends at": a time's verb).
EDGE_VERBS = ("ends in", "ends with", "ending in", "starts with", "begins with", "finishes with", "ends", "ended in",
              "starts", "should end in", "must end with")
IDENTIFIED = ("plate", "number plate", "reg", "card", "card number", "phone number", "postcode", "zip", "serial",
              "serial number", "account number", "order number", "tracking number", "ticket number", "pin",
              "flight number", "barcode", "reference", "code", "policy number", "licence", "vin", "imei",
              "membership number", "invoice number", "sort code", "model number", "size", "tyre size")
#: Where one sits or stands, numbered in words.
SEATS = ("row", "seat", "aisle", "deck", "level", "floor", "block", "stand", "bay", "berth", "pew", "carriage",
         "coach", "cabin", "table", "box", "gate", "pier", "platform", "court", "pitch", "hole", "lane", "stall")
SEAT_LEADS = ("we sat in", "we're in", "i'm in", "she's on", "he's at", "meet me at", "park in", "tickets for",
              "we got", "they moved us to", "wait by", "go to", "the car is in", "our table is", "", "")
#: A name that is a number.
NAMED = ("is named", "is called", "was named", "was called", "named", "called", "goes by", "answers to")
NAME_HOLDERS = ("our dog", "my cat", "the horse", "a band", "their boat", "the pub", "the dog", "his hamster",
                "a shop", "the cafe", "her pony", "the restaurant", "my goldfish", "the racehorse", "a game")
NAME_TAILS = ("", "", "", "", " lives", " stars", " bells", " seas", " dials", " wonders", " oaks")
SHARE = 0.2  # of the code negatives


def _words(n: int, rng: random.Random) -> str:
    word = number_words(n, joiner=rng.choice(["-", " "]))
    return word.title() if rng.random() < 0.3 else word


def code_edge(rng: random.Random) -> str:
    """What a code ends or starts with: "the plate ends in 1408"."""
    r = rng.random()
    if r < 0.6:
        digits = f"{rng.randint(0, 2359):04d}"
    elif r < 0.85:
        digits = str(rng.randint(0, 999)).zfill(rng.choice([2, 3]))
    else:
        digits = str(rng.randint(10000, 999999))
    noun = rng.choice(IDENTIFIED) if rng.random() < 0.7 else rng.choice(noun_pool()["document"])
    det = rng.choice(("the ", "my ", "your ", "our ", "their ", "his ", "her ", ""))
    return f"{det}{noun} {rng.choice(EDGE_VERBS)} {digits}"


def seat_in_words(rng: random.Random) -> str:
    """A numbered place in words: "we sat in row twelve", "seat nine, aisle two"."""
    first = f"{rng.choice(SEATS)} {_words(rng.randint(1, 24), rng)}"
    if rng.random() < 0.3:
        first = f"{first}, {rng.choice(SEATS)} {_words(rng.randint(1, 30), rng)}"
    return " ".join(f"{rng.choice(SEAT_LEADS)} {first}".split())


def named_number(rng: random.Random) -> str:
    """A name that is a number: "our dog is named Seven"."""
    name = _words(rng.randint(1, 24), rng)
    name = name.title() if rng.random() < 0.6 else name
    return f"{rng.choice(NAME_HOLDERS)} {rng.choice(NAMED)} {name}{rng.choice(NAME_TAILS)}"


def identifier(rng: random.Random) -> str:
    """One of the three, no time."""
    r = rng.random()
    return code_edge(rng) if r < 0.5 else seat_in_words(rng) if r < 0.8 else named_number(rng)
