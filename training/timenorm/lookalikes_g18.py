"""Look-alike negatives of generator g18: number words that count or point, sums and ranges before what is
counted, and prices with a rate after "at".

v12 read a number word that counts or points as an hour ("at one of the tables" → 01:00, "it's one of the
most polluted cities" → 01:00), a sum as a time before the hour ("add 5 to 10" → 09:55), and an amount with
a rate after "at" as a time ("wedding favours at 1.35 each" → 01:35). Here the words after the number tell:
"of the <things>", a counted noun, a rate. The time side keeps "at one", "five to ten" and "at 1.35". Pure
Python.
"""
from __future__ import annotations

import random

from training.timenorm.noise import surface_noise
from training.timenorm.numbers import ONES

#: Things counted or pointed at ("one of the tables"); plural, never a word of the time.
THINGS = ("tables", "chairs", "books", "cities", "shops", "rooms", "players", "kids", "friends", "songs",
          "houses", "cars", "boxes", "cakes", "dogs", "cats", "photos", "questions", "teachers", "bikes",
          "girls", "boys", "windows", "doors", "rules", "reasons", "problems", "ideas", "films", "games",
          "teams", "students", "doctors", "bottles", "letters", "keys", "bags", "paintings", "horses", "trees",
          "countries", "languages", "schools", "restaurants", "hotels", "islands", "rivers", "streets")
OWNERS = ("the", "the", "the", "my", "our", "your", "his", "her", "their", "these", "those")
ADJECTIVES = ("best", "most famous", "oldest", "biggest", "nicest", "worst", "most polluted", "richest",
              "busiest", "smallest", "strangest", "most popular", "closest", "cheapest", "few")
#: Where a number word counts or points: ``{n}`` the number word, ``{o}`` an owner, ``{t}`` things.
POINTING = ("at {n} of {o} {t}", "{n} of {o} {t}", "it's {n} of the {a} {t}", "that's {n} of {o} {t}",
            "{n} of them", "{n} of us", "in {n} of {o} {t}", "for {n} of {o} {t}", "with {n} of {o} {t}",
            "sat at {n} of the {t}", "he's {n} of my {t}", "she is {n} of the {a} {t}", "{n} of {o} {t} is broken",
            "{n} of {o} {t} went missing", "i bought {n} of {o} {t}", "pick {n} of {o} {t}", "the {n} on the left",
            "the {n} with the red lid", "take {n} of these", "{n} of the {a}", "it is {n} of the {a} {t}")
#: Sums: ``{a}`` and ``{b}`` numbers ("add 5 to 10", "divide ten by two").
SUMS = ("add {a} to {b}", "multiply {a} by {b}", "divide {a} by {b}", "what's {a} plus {b}", "{a} plus {b}",
        "{a} times {b}", "take {a} away from {b}", "subtract {a} from {b}", "{a} minus {b}", "count from {a} to {b}",
        "it is easy to add {a} to {b}", "{a} divided by {b}", "what is {a} times {b}", "add {a} and {b}")
#: What a range of numbers counts ("3 to 4 cups", "between five and ten people").
COUNTED = ("people", "guests", "cups", "kilos", "days", "weeks", "years", "miles", "pages", "hours", "minutes",
           "eggs", "spoons", "slices", "kids", "players", "points", "percent", "metres", "litres", "times", "tries")
#: Rates after a price ("at 0.85 each").
RATES = ("each", "each", "apiece", "a kilo", "a pack", "a dozen", "per box", "a pop", "a bag", "per head",
         "a pair", "a bottle", "a go", "per item", "a piece", "a tin", "a loaf", "a bunch")
SOLD = ("stamps", "favours", "tickets", "apples", "bags", "candles", "cards", "roses", "mugs", "badges",
        "cupcakes", "plants", "eggs", "prints", "stickers", "balloons", "scarves", "socks", "pens", "lemons")
SOLD_LEADS = ("", "", "", "we sold them", "she sells", "they're", "on offer", "going", "i got", "selling",
              "priced", "they went", "bought")


def _number_word(rng: random.Random) -> str:
    return "one" if rng.random() < 0.55 else rng.choice(ONES[2:13])


def pointing(rng: random.Random) -> str:
    """A number word that counts or points: "at one of the tables", "it's one of the most polluted cities"."""
    text = rng.choice(POINTING).format(n=_number_word(rng), o=rng.choice(OWNERS), t=rng.choice(THINGS),
                                       a=rng.choice(ADJECTIVES))
    return surface_noise(text, rng)


def _said(n: int, rng: random.Random) -> str:
    return ONES[n] if n < 20 and rng.random() < 0.4 else str(n)


def sum_or_range(rng: random.Random) -> str:
    """A sum ("add 5 to 10") or a range before what it counts ("3 to 4 cups", "between five and ten people")."""
    a = rng.randint(1, 12)
    b = rng.randint(a + 1, 20 if rng.random() < 0.8 else 60)
    if rng.random() < 0.45:
        text = rng.choice(SUMS).format(a=_said(a, rng), b=_said(b, rng))
    elif rng.random() < 0.7:
        text = f"{_said(a, rng)} to {_said(b, rng)} {rng.choice(COUNTED)}"
    else:
        text = f"between {_said(a, rng)} and {_said(b, rng)} {rng.choice(COUNTED)}"
    return surface_noise(text, rng)


def price_at(rng: random.Random) -> str:
    """An amount with a rate after "at": "wedding favours at 1.35 each", "we sold them at 2.10 a pack"."""
    amount = f"{rng.randint(0, 12)}{rng.choice(['.', '.', ','])}{rng.randint(0, 59):02d}"
    lead = rng.choice(SOLD_LEADS)
    thing = rng.choice(SOLD)
    text = f"{lead} at {amount} {rng.choice(RATES)}" if lead and rng.random() < 0.5 else \
        f"{thing} at {amount} {rng.choice(RATES)}"
    return surface_noise(text, rng)
