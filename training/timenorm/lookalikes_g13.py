"""Look-alike negatives of generator g13: versions after a verb of updating or before a word of
software, years before a thing that happened, fees and charges, and codes after more nouns.

"upgraded to 3.11 today", "we're still on 14.02", "the 2.17 installer is buggy", "the 2018 heatwave
hit us hard", "the storms of 2009", "the booking fee was 2.45", "drawer 1104 has the spare keys".
Only the words around the number tell each from a time (``phrasing_g13.py``). Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.lookalikes_g12 import CODE_SAID, _amount
from training.timenorm.noise import surface_noise

#: Verbs of updating before a version: "upgraded to 3.11".
VERSION_VERBS = ("upgraded to", "downgraded to", "reverted to", "bumped to", "we're on", "still on",
                 "switched to", "patched to", "migrated to", "installed", "flashed", "stuck on", "running",
                 "we're stuck on", "went back to", "tested on", "works on", "fails on", "crashes on", "requires",
                 "needs at least", "only supports", "deprecated in", "fixed in", "broken since")
#: Software and what is said of a version: "firefox 12.40", "the 2.17 installer".
PROGRAMS = ("ruby", "php", "rust", "go", "java", "kotlin", "swift", "react", "vue", "rails", "laravel", "numpy",
            "pandas", "mysql", "redis", "nginx", "docker", "kubernetes", "terraform", "gradle", "blender", "gimp",
            "firefox", "safari", "windows", "android", "macos", "debian", "fedora", "minecraft", "excel",
            "slack", "the plugin", "the library", "the sdk", "the server", "the client", "our fork")
SOFTWARE = ("build", "release", "update", "firmware", "beta", "changelog", "installer", "plugin", "bugfix",
            "point release", "service pack", "security update", "nightly", "kernel", "api", "client", "sdk",
            "branch", "tag", "milestone", "roadmap", "migration guide", "release notes")
VERSION_AFTER = ("", "", "", "", "today", "last night", "this morning", "yesterday", "last week", "on friday",
                 "is buggy", "is out", "fixed it", "broke everything", "any good?", "finally", "at work",
                 "on my laptop", "on the server", "without issues", "and it's slow")
#: Things that happened in a year: "the 2018 heatwave", "the storms of 2009".
YEAR_EVENTS = ("drought", "heatwave", "recession", "miners' strike", "merger", "expedition", "referendum",
               "riots", "eclipse", "earthquake", "landslide", "heat record", "title race",
               "grand prix", "eurovision", "festival lineup", "box set", "remaster", "reissue", "model year",
               "storms", "snowfall", "bushfires", "crash", "boom", "lockdown",
               "wildfires", "ashes series", "budget cuts", "pay rise", "rebrand")
YEAR_SAID = ("", "", "", "changed everything", "hit us hard", "is in the history books", "was the worst",
             "made the news", "is still talked about", "photos", "footage", "memories", "documentary",
             "was a turning point", "never ended", "cost millions", "is on youtube", "ruined the garden")
#: Fees and charges, with no currency sign: "the booking fee was 2.45".
FEES = ("the toll", "the tip", "the deposit", "the delivery fee", "the booking fee", "the service charge",
        "the postage", "the entry fee", "the cover charge", "admission", "the refill",
        "the late fee", "the fine", "the subscription", "my half", "your half", "the round", "the tab",
        "the surcharge", "the membership fee", "the excess", "the fee")
FEE_VERBS = ("was", "is", "came to", "comes to", "cost", "is only", "was just", ":", "went up to", "is now")
#: g13 code nouns (``lookalikes.CODE_NOUNS``, ``CODE_NOUNS_G11`` and ``lookalikes_g12.CODE_NOUNS_G12`` are older).
CODE_NOUNS_G13 = ("cabinet", "drawer", "rack", "aisle", "kennel", "hangar", "exhibit", "specimen",
                  "sample", "lot no.", "model no.", "account no.", "policy no.", "door code", "wifi code",
                  "key no.", "key fob", "crate", "carton", "tote", "cage", "vial", "tray", "folder",
                  "file no.", "docket", "claim no.", "form", "stock no.", "catalogue no.", "item", "unit code")


def _version(rng: random.Random) -> str:
    """A version that reads like H.MM more often than not: "3.11", "14.02", "2.17.1"."""
    major = rng.randint(0, 23) if rng.random() < 0.8 else rng.randint(24, 40)
    minor = f"{rng.randint(0, 59):02d}" if rng.random() < 0.6 else str(rng.randint(0, 59))
    number = f"{major}.{minor}"
    return f"{number}.{rng.randint(0, 9)}" if rng.random() < 0.15 else number


def version_said(rng: random.Random) -> str:
    """A version after a verb of updating or a program, or before a word of software:
    "upgraded to 3.11 today", "firefox 12.40 on my laptop", "the 2.17 installer is buggy"."""
    v = _version(rng)
    r = rng.random()
    if r < 0.45:
        verb = rng.choice(VERSION_VERBS)
        text = f"{verb[:-3]} {rng.choice(PROGRAMS)} to {v}" if verb.endswith(" to") and rng.random() < 0.3 \
            else f"{verb} {v}"
    elif r < 0.75:
        text = f"{rng.choice(PROGRAMS)} {v}"
    else:
        text = f"{rng.choice(['the', 'the', 'this', 'that', 'our', 'a'])} {v} {rng.choice(SOFTWARE)}"
    after = rng.choice(VERSION_AFTER)
    return f"{text} {after}" if after else text


def year_event(rng: random.Random) -> str:
    """A year before or after a thing that happened: "the 2018 heatwave hit us hard", "the storms of 2009"."""
    y = rng.randint(1950, 2030) if rng.random() < 0.85 else rng.randint(1900, 1949)
    event = rng.choice(YEAR_EVENTS)
    text = f"the {y} {event}" if rng.random() < 0.7 else f"the {event} of {y}"
    said = rng.choice(YEAR_SAID)
    return f"{text} {said}" if said else text


def fee(rng: random.Random) -> str:
    """A fee or a charge with a bare amount: "the booking fee was 2.45", "my half: 13.20"."""
    text = f"{rng.choice(FEES)} {rng.choice(FEE_VERBS)} {_amount(rng)}".replace(" :", ":")
    if rng.random() < 0.2:
        text += rng.choice([" then", " today", " again", ", fine", ", annoying", "!", " in the end"])
    return text


def code_g13(rng: random.Random) -> str:
    """A code after a g13 noun, often with what is said about it: "drawer 1104 has the spare keys"."""
    number = f"{rng.randint(0, 2359):04d}" if rng.random() < 0.7 else f"{rng.randint(0, 9999):04d}"
    noun = rng.choice(CODE_NOUNS_G13)
    text = f"{noun} {number}" if rng.random() < 0.75 else f"{rng.choice(['the', 'my', 'our'])} {noun} is {number}"
    if rng.random() < 0.6:
        text = f"{text}{rng.choice([' ', ' ', ', '])}{rng.choice(CODE_SAID)}"
    return surface_noise(text, rng)
