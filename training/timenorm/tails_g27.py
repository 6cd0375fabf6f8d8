"""Generator g27: what follows a number is no evidence of a time; the words before it are.

v16 answered no time, most often with confidence near 1, to times after something that happens when words of
where, who or when came after them: "pottery class 18.10 upstairs", "author reading 1830 upstairs", "piano recital
1900 in the hall", "swimming lessons 17.25 for the juniors", "meds at 0800 and again later" (hand-written batches
22-27). Counting the first word after a number in 100,000 texts of generator g26 (``tail_counts``) found tails that
followed one side only: "upstairs" a code 36 times and a time never (g20's code tails), "and" a look-alike 50 times
and a time never, "because" 9 times and a time never, "is" 567 against 77. So g27 puts one pool of tails after both
sides:

- after a time that ends a phrase (the digits families: "pottery class 18.10 upstairs" -> 18:10),
- after a code that ends one ("locker 1408 upstairs", "invoice 2215 for the juniors": no time),
- after a price that ends one ("lunch deal 6.50 on fridays": no time):

where ("in the hall", "by the gate", "upstairs"), with or for whom ("with dave", "for beginners", "for six"),
when it recurs or holds ("on tuesdays", "weather permitting"), and a clause after "and", "but", "because", "so"
(a clause of ``clauses.py``: "and the lambs need feeding"). It also says the number first, as the subject of a
clause whose noun decides: "2359 is the deadline" (something that happens: a time), "1408 is my locker" (a thing:
a code), "6.50 is the fare" (a price). Pure Python.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable

from training.timenorm.clauses import shipped_clauses
from training.timenorm.conventions import SpokenTime
from training.timenorm.nouns_g20 import code_kind, code_number
from training.timenorm.phrasing_g14 import MAX_CHARS, _time
from training.timenorm.wordnet_nouns import noun_pool

#: Where: a preposition and a place ("in the hall"), or a word on its own ("upstairs").
WHERE_PREPOSITIONS = ("in", "in", "at", "at", "by", "outside", "behind", "near", "next to", "on", "inside",
                      "opposite", "round the back of", "upstairs in", "downstairs in", "from", "in front of")
PLACE_ADJECTIVES = ("", "", "", "", "main", "back", "front", "east", "west", "north", "south", "old", "new",
                    "small", "big", "upper", "lower", "side")
ROOMS = ("hall", "room", "back room", "atrium", "foyer", "shed", "van", "church", "library", "gym", "lobby",
         "canteen", "car park", "stage door", "corner", "gate", "roof", "garden", "yard", "studio", "barn",
         "village hall", "community centre", "pavilion", "clubhouse", "marquee", "annexe", "basement", "loft")
WHERE_WORDS = ("upstairs", "downstairs", "outside", "inside", "indoors", "outdoors", "nearby", "next door",
               "in town", "on site", "in the back", "at home", "at work", "at school", "online", "on zoom",
               "on teams", "out front", "round the back", "down the road", "across the street")
DETERMINERS = ("the ", "the ", "the ", "our ", "my ", "their ", "")
#: With or for whom: "with dave", "for beginners", "for six".
NAMES = ("dave", "sam", "anna", "priya", "tom", "mary", "jo", "alex", "chris", "kim", "lee", "omar", "fatima",
         "ben", "lucy", "raj", "mia", "noah", "ella", "jack", "sophie", "tariq", "grace", "luis", "nina", "pete")
AUDIENCES = ("beginners", "juniors", "seniors", "members", "everyone", "the kids", "the juniors", "newcomers",
             "volunteers", "staff", "students", "parents", "visitors", "the team", "the choir", "adults", "guests",
             "candidates", "sellers", "regulars", "the under-twelves", "all ages", "families")
PARTY_SIZES = ("two", "three", "four", "five", "six", "eight", "ten", "twelve")
#: When it recurs or on what it depends.
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
CONDITIONS = ("weather permitting", "if it's dry", "unless it rains", "as usual", "as always", "again",
              "this week", "next week", "this term", "all summer", "on weekdays", "at weekends", "weekdays only",
              "if there's room", "rain or shine", "by the look of it", "i think", "apparently", "for now")
#: Between a number and a clause of ordinary English.
JOINS = (" and ", " and ", " but ", " because ", " so ", ", ", ", ", " - ", "; ")
BECAUSE_OF = ("the rain", "the snow", "the traffic", "the strike", "the roadworks", "the match", "the wind",
              "the flooding", "the holiday", "the works", "the parade", "the fog")
#: Nouns of an amount said after "is": "6.50 is the fare".
PRICE_NOUNS = ("fare", "fee", "deposit", "total", "charge", "bill", "tip", "rent", "cost", "entry", "postage",
               "toll", "refund", "discount", "balance", "subscription")
#: The share of each side that gets a tail (where its text ends with the number) or is said number first.
TIME_FAMILIES = ("digits-colon", "digits-compact")
TIME_TAIL_SHARE = 0.3
CODE_TAIL_SHARE = 0.18
PRICE_TAIL_SHARE = 0.18
NUMBER_FIRST_SHARE = 0.04  # of the time families' phrases, of the codes and of the price look-alikes
_ENDS_WITH_NUMBER = re.compile(r"\d$")


def _where(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return rng.choice(WHERE_WORDS)
    nouns = noun_pool()
    place = rng.choice(ROOMS) if rng.random() < 0.5 else rng.choice(nouns["place"])
    adjective = rng.choice(PLACE_ADJECTIVES)
    return " ".join(f"{rng.choice(WHERE_PREPOSITIONS)} {rng.choice(DETERMINERS)}{adjective} {place}".split())


def _whom(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.35:
        return f"with {rng.choice(NAMES)}"
    if r < 0.45:
        return f"with the {rng.choice(noun_pool()['person'])}"
    if r < 0.8:
        return f"for {rng.choice(AUDIENCES)}"
    return f"for {rng.choice(PARTY_SIZES)}" + rng.choice(("", "", " people", " guests"))  # never "of us": g18


def _when(rng: random.Random) -> str:
    if rng.random() < 0.45:
        day = rng.choice(WEEKDAYS)
        return rng.choice((f"on {day}s", f"on {day}", f"every {day}", day, f"{day}s", f"this {day}"))
    return rng.choice(CONDITIONS)


def _clause(rng: random.Random) -> str:
    join = rng.choice(JOINS)
    if join == " because " and rng.random() < 0.4:
        return f" because of {rng.choice(BECAUSE_OF)}"
    return f"{join}{rng.choice(shipped_clauses())}"


def tail(rng: random.Random, clauses: bool = True) -> str:
    """Words after a number that say nothing of whether it is a time: " upstairs", " for beginners", ...;
    a clause of ordinary English only if ``clauses`` (a generator without g17's clauses gets none)."""
    r = rng.random() if clauses else rng.random() * 0.8
    if r < 0.35:
        return " " + _where(rng)
    if r < 0.6:
        return " " + _whom(rng)
    if r < 0.8:
        return rng.choice((" ", " ", ", ")) + _when(rng)
    return _clause(rng)


def with_tail(text: str, rng: random.Random, max_chars: int = MAX_CHARS, clauses: bool = True) -> str:
    """``text`` with a tail when it ends with its number and the tail fits; else ``text`` unchanged."""
    if not _ENDS_WITH_NUMBER.search(text):
        return text
    for _ in range(3):
        longer = f"{text}{tail(rng, clauses)}"
        if len(longer) <= max_chars:
            return longer
    return text


def _subject_clause(number: str, noun: str, rng: random.Random) -> str:
    return f"{number} {rng.choice(('is', 'is', 'was', 'will be', 'is still'))} {rng.choice(('the ', 'the ', 'our ', 'my ', 'your '))}{noun}"


def time_first(rng: random.Random) -> tuple[str, SpokenTime]:
    """A time said first, then what happens at it: "2359 is the deadline", "19.30 was our rehearsal"."""
    time, spoken = _time(rng, compact=rng.random() < 0.5)
    return _subject_clause(time, rng.choice(noun_pool()["timed"]), rng), spoken


def code_first(rng: random.Random) -> str:
    """A code said first, then what it numbers: "1408 is my locker", "0945 was the invoice"."""
    noun = rng.choice(noun_pool()[code_kind(rng)])
    return _subject_clause(code_number(rng), noun, rng)


def amount(rng: random.Random) -> str:
    """An amount with any cents, mostly with a whole part that could be an hour: "6.50", "18,93"."""
    whole = rng.randint(0, 23) if rng.random() < 0.8 else rng.randint(24, 99)
    return f"{whole}{rng.choice('..,')}{rng.randint(0, 99):02d}"


def price_first(rng: random.Random) -> str:
    """An amount said first, then what it pays: "6.50 is the fare"."""
    return _subject_clause(amount(rng), rng.choice(PRICE_NOUNS), rng)


def tail_counts(texts_and_labels: Iterable[tuple[str, str]]) -> dict[str, Counter[str]]:
    """First word after a number that follows a word, counted per side ("time" or "other"): the measure
    behind g19 and g27."""
    after = re.compile(r"[a-z]\S*\s(?:\d{3,4}|\d{1,2}[.,:]\d{2})[\s,]+([a-z][a-z']*)")
    counts: dict[str, Counter[str]] = {"time": Counter(), "other": Counter()}
    for text, label in texts_and_labels:
        match = after.search(text.lower())
        if match:
            counts["time" if label else "other"][match.group(1)] += 1
    return counts
