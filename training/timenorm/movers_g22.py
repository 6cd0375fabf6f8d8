"""Generator g22: who or what comes and goes at a time, and what people are paid.

v13 and the g21 round answer no time to "the plumber comes 11.10", "the scaffolders arrive 0710" and "truck
departs depot 0455": the nouns before a number that g20 sorts are things that happen, things, places, writing
and food, never a person or a vehicle with a verb of coming and going. g22 takes WordNet's people and
conveyances (``wordnet_nouns.MOVER_KINDS``) and puts a time after them and such a verb, sometimes with a place
between ("departs depot 0455") or after. So that a person's noun alone never means a time, an amount after a
person and a verb of paying is a price ("the plumber charged 85.50", "tip for the courier: 4.20").

Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.lookalikes import plural as plural_of
from training.timenorm.noise import surface_noise
from training.timenorm.nouns_g20 import _amount
from training.timenorm.phrasing_g14 import MAX_CHARS, _time
from training.timenorm.wordnet_nouns import noun_pool

DETERMINERS = ("", "", "the ", "the ", "the ", "our ", "my ", "your ", "a ", "their ", "the new ", "tomorrow's ")
#: (singular, plural) verbs of coming and going said before a time.
PERSON_VERBS = (("comes", "come"), ("comes at", "come at"), ("arrives", "arrive"), ("arrives at", "arrive at"),
                ("is due", "are due"), ("is due at", "are due at"), ("gets here", "get here"),
                ("turns up", "turn up"), ("shows up at", "show up at"), ("is coming", "are coming"),
                ("will be here", "will be here"), ("picks us up", "pick us up"), ("drops by", "drop by"),
                ("starts", "start"), ("clocks in", "clock in"), ("lands", "land"), ("leaves", "leave"),
                ("finishes", "finish"), ("is here by", "are here by"), ("calls", "call"), ("rings at", "ring at"))
VEHICLE_VERBS = (("departs", "depart"), ("leaves", "leave"), ("arrives", "arrive"), ("is due", "are due"),
                 ("gets in", "get in"), ("pulls out", "pull out"), ("sets off", "set off"), ("comes", "come"),
                 ("lands", "land"), ("goes", "go"), ("is leaving", "are leaving"), ("returns", "return"),
                 ("is back", "are back"), ("docks", "dock"), ("takes off", "take off"), ("collects us", "collect us"))
FROM_TO = ("", "", "", "from ", "from the ", "for ", "to ", "at the ", "for the ")
TAILS = ("", "", "", "", " sharp", " on the dot", " tomorrow", ", ok?", " today", " latest", " or so",
         ", not before", " if all goes well", " apparently", ", be ready")
#: A person and an amount they are paid or charge: a price, never a time.
PAY_FRAMES = ("the {p} charged {a}", "{p} charged us {a}", "paid the {p} {a}", "we owe the {p} {a}",
              "tip for the {p}: {a}", "the {p} wants {a}", "{p} fee {a}", "the {p}'s bill came to {a}",
              "gave the {p} {a}", "the {p} quoted {a}", "{p} {a} per visit", "the {p} asked for {a}")


def mover_time(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time after a person or a vehicle and a verb: "the plumber comes 11.10", "truck departs depot 0455"."""
    time, spoken = _time(rng, compact)
    nouns = noun_pool()
    kind = "person" if rng.random() < 0.6 else "vehicle"
    noun = rng.choice(nouns[kind])
    singular, plural = rng.choice(PERSON_VERBS if kind == "person" else VEHICLE_VERBS)
    if rng.random() < 0.25:
        noun, verb, det = plural_of(noun), plural, rng.choice(("", "the ", "our ", "the two ", "both "))
    else:
        verb, det = singular, rng.choice(DETERMINERS)
    place = f"{rng.choice(FROM_TO)}{rng.choice(nouns['place'])} " if rng.random() < 0.2 else ""
    text = f"{det}{noun} {verb} {place}{time}"
    if len(text) > MAX_CHARS:  # a long noun and a long place: the place goes
        text = f"{det}{noun} {verb} {time}"
    if rng.random() < 0.15:
        longer = f"{text} {rng.choice(('from the', 'at the', 'by the', 'outside the'))} {rng.choice(nouns['place'])}"
        text = longer if len(longer) <= MAX_CHARS else text
    tail = rng.choice(TAILS)
    return (text + tail if len(text) + len(tail) <= MAX_CHARS else text), spoken


def colon_mover(rng: random.Random) -> tuple[str, SpokenTime]:
    return mover_time(rng)


def compact_mover(rng: random.Random) -> tuple[str, SpokenTime]:
    return mover_time(rng, compact=True)


def price_to_person(rng: random.Random) -> str:
    """An amount a person is paid or charges: "the plumber charged 85.50", "tip for the courier: 4.20"."""
    person = rng.choice(noun_pool()["person"])
    return surface_noise(rng.choice(PAY_FRAMES).format(p=person, a=_amount(rng)), rng)


#: The share of each family that g22 draws from this module (after the shares of the earlier generators).
SHARES = {"digits-colon": 0.12, "digits-compact": 0.12}
PHRASINGS = {"digits-colon": colon_mover, "digits-compact": compact_mover}
#: The share of the price look-alikes that g22 draws from here (after g20's).
PRICE_SHARE = 0.12
