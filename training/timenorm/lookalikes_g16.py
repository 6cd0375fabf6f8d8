"""Look-alike negatives of generator g16: a version something is rolled back or updated to, said by people
who use the software (not only who build it), and small orders at a cafe or a bar with what they came to.

"we rolled back to 2.45", "update the app to 4.12", "my phone updated itself to 17.10 overnight" (the time
side, ``phrasing_g15.moved_event``, moves an event to a time: the thing moved, or no thing at all after a
verb of software, tells them apart); "three donuts and a tea, 6.20", "two beers and a coffee: 9.40" (a
counted drink that can also name a meal or a break, "a tea", "a coffee", is a thing bought once it is
counted in a list with an amount after). Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.lookalikes_g12 import _amount
from training.timenorm.lookalikes_g13 import PROGRAMS, VERSION_AFTER, _version
from training.timenorm.lookalikes_g14 import VERSIONED
from training.timenorm.lookalikes_g15 import JOINS, _bought
from training.timenorm.noise import surface_noise

#: A version reached without a thing named: "we rolled back to", "downgraded to".
BARE_MOVES = ("we rolled back to", "rolled back to", "we reverted to", "i downgraded to", "downgraded to",
              "we upgraded to", "they updated to", "went back to", "i'm still on", "we're stuck on",
              "it auto-updated to", "we stayed on", "we jumped straight to", "we skipped to", "roll back to",
              "revert to", "downgrade to", "try going back to", "everyone's on", "we pinned it to")
#: Things people use and update: apps, devices, games.
USED = ("the app", "my phone", "the phone", "my laptop", "the tablet", "the console", "my watch",
        "the tv", "the printer", "the car's software", "the satnav", "the thermostat", "the camera",
        "the e-reader", "the banking app", "the website", "the launcher", "the headset", "the smart speaker")
#: Verbs that move a thing to a version.
UPDATES = ("update", "updated", "upgrade", "upgraded", "roll back", "rolled back", "revert", "reverted",
           "downgrade", "downgraded", "patch", "patched", "flash", "flashed", "set", "bring")
#: Drinks and snacks that are counted with others in a small order (some also name a break: "a tea").
ORDERED = ("tea", "coffee", "donut", "doughnut", "scone", "beer", "lager", "cider", "shandy", "toastie",
           "brownie", "flapjack", "eclair", "smoothie", "milkshake", "mocha", "macchiato", "cortado",
           "lemonade", "ginger beer", "bap", "bacon roll", "samosa", "spring roll", "pie", "ice cream")


def version_moved(rng: random.Random) -> str:
    """A version something is rolled back or updated to: "we rolled back to 2.45", "update the app to 4.12"."""
    if rng.random() < 0.4:
        text = f"{rng.choice(BARE_MOVES)} {_version(rng)}"
    else:
        thing = rng.choice(USED) if rng.random() < 0.6 else rng.choice(VERSIONED + PROGRAMS)
        verb = rng.choice(UPDATES)
        itself = " itself" if verb.endswith("ed") and rng.random() < 0.2 else ""
        text = f"{verb} {thing}{itself} to {_version(rng)}" if rng.random() < 0.5 else \
            f"{thing} {verb}{itself} to {_version(rng)}"
    after = rng.choice(VERSION_AFTER + ("overnight", "and it's fine", "because of the bug", "for now"))
    return surface_noise(f"{text} {after}".strip(), rng)


def small_order(rng: random.Random) -> str:
    """A small order and what it came to: "three donuts and a tea, 6.20", "two beers + a coffee: 9.40"."""
    items = [_bought(rng, thing) for thing in rng.sample(ORDERED, rng.choice([2, 2, 3]))]
    listed = items[0] if len(items) == 1 else \
        f"{', '.join(items[:-1])}{rng.choice([' and ', ' + ', ', ', ' & '])}{items[-1]}"
    return surface_noise(f"{listed}{rng.choice(JOINS).format(a=_amount(rng))}", rng)
