"""Look-alike negatives of generator g15: what a few things bought came to, and an event moved to a day.

"two croissants and a latte, 7.15", "3 bagels + an oj: 8.45" (a count opens the list and the amount comes
after a comma or a colon); "can we push standup to monday", "we moved the demo to the 14th" (the time side,
``phrasing_g15.py``, moves an event to a time: only what comes after "to" tells them apart). Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.lookalikes import plural
from training.timenorm.lookalikes_g12 import _amount
from training.timenorm.noise import surface_noise
from training.timenorm.numbers import random_number_words
from training.timenorm.phrasing_g15 import EVENTS, MOVE_VERBS

#: Things bought at a bakery, a cafe or a bar (never an event that has a time: no "coffee", "tea", "lunch").
BOUGHT = ("croissant", "latte", "flat white", "cappuccino", "espresso", "americano", "bagel", "muffin",
          "cinnamon roll", "pain au chocolat", "hot chocolate", "chai latte", "oj", "orange juice", "sandwich",
          "baguette", "sausage roll", "pasty", "cookie", "slice of cake", "bottle of water", "soda", "cola",
          "iced tea", "pint", "glass of wine", "gin and tonic", "bag of crisps", "banana bread", "granola bowl",
          "fruit cup", "yoghurt", "wrap", "salad", "soup", "burger", "fries", "hot dog", "pizza slice", "taco")
#: How the amount follows the list.
JOINS = (", {a}", ": {a}", " - {a}", " = {a}", ", that's {a}", ", {a} total", " came to {a}", ", {a} altogether",
         " {a} in total", ", total {a}", " for {a}", ", {a} please", " -> {a}", ", {a} on card")
#: Days an event is moved to (no time of day).
DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "next week", "tomorrow",
        "next monday", "the 14th", "the 3rd", "the 21st", "march 3", "june 12", "the weekend", "next month",
        "after the holidays", "later in the week", "thursday instead", "the 28th", "the 2nd of may")


def _plural(thing: str) -> str:
    """"croissant" → "croissants", "glass of wine" → "glasses of wine", "pain au chocolat" → "pains au chocolat"."""
    for joint in (" of ", " au "):
        if joint in thing:
            head, rest = thing.split(joint, 1)
            return f"{plural(head)}{joint}{rest}"
    return plural(thing)


def _bought(rng: random.Random, thing: str) -> str:
    n = rng.randint(1, 6)
    said = "a" if n == 1 and rng.random() < 0.6 else random_number_words(n, rng) if rng.random() < 0.6 else str(n)
    if said == "a" and thing[0] in "aeiou":
        said = "an"
    return f"{said} {thing if n == 1 else _plural(thing)}"


def receipt(rng: random.Random) -> str:
    """What a few things bought came to: "two croissants and a latte, 7.15", "3 bagels + an oj: 8.45"."""
    items = [_bought(rng, thing) for thing in rng.sample(BOUGHT, rng.choice([1, 2, 2, 3]))]
    listed = items[0] if len(items) == 1 else \
        f"{', '.join(items[:-1])}{rng.choice([' and ', ' + ', ', ', ' & '])}{items[-1]}"
    return surface_noise(f"{listed}{rng.choice(JOINS).format(a=_amount(rng))}", rng)


def moved_to_day(rng: random.Random) -> str:
    """An event moved to a day, no time: "can we push standup to monday", "we moved the demo to the 14th"."""
    return surface_noise(f"{rng.choice(MOVE_VERBS)} {rng.choice(EVENTS)} to {rng.choice(DAYS)}", rng)
