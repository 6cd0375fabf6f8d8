"""Generator g31: the everyday words for a slot in a schedule, as nouns of the timed kind. Pure Python.

WordNet leaves out a noun any of whose senses is on the other side ("session" is also a piece of writing, "class"
a group, "match" a thing that strikes), so the lists of g20-g30 never put "session", "class", "exam", "meeting"
or "heat" before a number, and v18 and the four g30b runs answer no time to "tattoo session 14.20, bring the sketch",
"dance exam 1145 studio two" and "bowls league 1815 away at Hove". Said right before a clock time, each of these
words names the thing that happens then. They join the ``timed`` nouns of ``wordnet_nouns.noun_pool`` with a
corpus noun's weight, so g20's compounds ("tattoo session 1430", "the league 19.10") and every later module that
draws a timed noun use them; a word that WordNet's list files under another kind ("sessions", a surname) moves to
the timed side.

Left out because a number after them is as often a code or a price: "slot", "window", "collection", "service",
"run", "draw", "final", "ticket", "entry", "pass", "clinic", "surgery".
"""
from __future__ import annotations

HEADS = (
    "session", "sessions", "class", "classes", "lesson", "lessons", "exam", "exams", "round", "rounds", "heat",
    "heats", "league", "meeting", "meetings", "match", "party", "test", "shift", "showing", "screening", "demo",
    "demos", "launch", "drill", "briefing", "warm-up", "kick-off", "weigh-in", "fixture", "social", "mixer",
    "meetup", "drop-in", "appointment", "walk", "ride", "talk", "talks", "signing", "viewing", "tasting", "fitting",
    "handover", "changeover", "matinee", "showcase", "recital", "gig", "quiz", "vigil", "checkup", "call",
    "practice", "rehearsal", "training", "workshop", "seminar", "lecture", "webinar",
)
