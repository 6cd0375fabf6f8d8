"""Look-alike negatives of generator g14: a version an instruction sets, and a number that points into a
document, a system or a timetable.

"pin the runtime to 7.21", "roll the chart back to 3.40", "chapter 1230 of the report", "ticket 0915 is
still open", "route 1905 is diverted". Only the words around the number tell each from a time
(``phrasing_g14.py`` has the time side). Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.lookalikes_g13 import PROGRAMS, VERSION_AFTER, _version
from training.timenorm.noise import surface_noise

#: Instructions that set a version, before the thing and "to".
SET_VERBS = ("bump", "pin", "set", "update", "upgrade", "move", "roll", "downgrade", "lock", "bring", "push",
             "revert", "switch", "change", "please bump", "can you pin", "we should move", "let's upgrade",
             "don't upgrade", "try setting")
#: Things whose version is set (with ``lookalikes_g13.PROGRAMS``).
VERSIONED = ("the runtime", "the firmware", "the toolchain", "the compiler", "the image", "the chart",
             "the dependency", "the package", "the app", "the driver", "the base image", "the lockfile",
             "the engine", "the extension", "the theme", "the container", "the cluster", "the database",
             "the browser", "the os", "the bios", "the router", "the model", "the schema", "the agent")
#: Numbers that point into a document, a system or a timetable, before the number.
REFERENCES = ("chapter", "section", "paragraph", "line", "clause", "figure", "table", "slide", "track",
              "episode", "issue", "ticket", "bug", "case", "route", "flight number", "serial no.", "batch",
              "parcel", "lot", "article", "rule", "verse", "exercise", "question", "appendix", "step", "bin",
              "pallet", "bay", "stand", "pump", "berth", "pitch", "plot", "grave", "cell", "extension",
              "train number", "job no.", "work order", "tracking no.", "pr", "commit")
#: What is said after such a number.
REFERENCE_SAID = ("", "", "", "of the report", "of the contract", "in the appendix", "has a typo",
                  "is still open", "is diverted", "was closed", "needs review", "is the answer", "is blank",
                  "is missing", "please", "again", "explains it", "is wrong", "got merged", "is delayed",
                  "was cancelled", "is free", "on the left", "in the handbook", "of the rules", "has moved")


def version_set(rng: random.Random) -> str:
    """A version an instruction sets: "pin the runtime to 7.21", "roll the chart back to 3.40 today"."""
    thing = rng.choice(VERSIONED) if rng.random() < 0.6 else rng.choice(PROGRAMS)
    verb = rng.choice(SET_VERBS)
    back = " back" if verb in ("roll", "bring", "move", "revert", "switch") and rng.random() < 0.5 else ""
    text = f"{verb} {thing}{back} to {_version(rng)}"
    after = rng.choice(VERSION_AFTER)
    return f"{text} {after}" if after else text


def reference(rng: random.Random) -> str:
    """A number after a word that points into a document, a system or a timetable: "chapter 1230 of
    the report", "ticket 0915 is still open", "the route is 1905"."""
    number = f"{rng.randint(0, 2359):04d}" if rng.random() < 0.7 else str(rng.randint(100, 9999))
    noun = rng.choice(REFERENCES)
    r = rng.random()
    if r < 0.7:
        text = f"{noun} {number}"
    elif r < 0.85:
        text = f"{noun} no. {number}" if not noun.endswith(".") else f"{noun} {number}"
    else:  # "the route is 1905": nothing said after
        return surface_noise(f"{rng.choice(['the', 'my', 'our', 'your'])} {noun} is {number}", rng)
    said = rng.choice(REFERENCE_SAID)
    return surface_noise(f"{text} {said}" if said else text, rng)
