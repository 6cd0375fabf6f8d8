"""Times of generator g15: a time an event is moved to, and a time a booking is for.

v9 answered no time to H.MM after an event being rescheduled ("can we push standup to 10.05") and after
a booking ("your table is booked for 20.30 under Kim"): g14 taught "push the runtime to 7.21" as a
version, and H.MM after "for" reads as a price or a quantity more often than not. g15 adds both, the
event or the booked thing deciding (``lookalikes_g14.version_set`` keeps the version side: a program
or a thing that has versions), with H.MM as often as H:MM and four digits.

No frame holds a number word, am/pm or a part-of-day word before the time, so the label is the time's
alone. Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm.conventions import SpokenTime
from training.timenorm.phrasing_g14 import MAX_CHARS, TAILS, _time

#: Verbs that move an event, before it.
MOVE_VERBS = ("push", "move", "bump", "shift", "can we push", "can we move", "could we move", "let's push",
              "let's move", "we moved", "i've moved", "they pushed", "she moved", "he bumped", "reschedule",
              "please move", "i need to push", "we had to move", "just moved", "bring", "can you shift")
#: Events (and what a booking is for) that have a time; never a program or a thing with versions.
EVENTS = ("standup", "the standup", "the meeting", "our meeting", "the call", "our call", "my call", "dinner",
          "the interview", "kickoff", "the kickoff", "the review", "rehearsal", "practice", "the viewing",
          "my appointment", "your appointment", "the delivery", "the demo", "lunch", "the sync", "the huddle",
          "the briefing", "the session", "class", "the workshop", "the check-in", "the handover", "training",
          "the match", "drinks", "the party", "the retro", "the tour", "the tasting", "the screening",
          "the fitting", "my haircut", "the lesson", "the seminar", "the webinar", "the launch", "the pickup",
          "the drop-off", "the school run", "story time", "film club", "the ceremony", "the vote", "the exam",
          "the inspection", "the walk", "the ride", "our run", "the game", "the gig", "the date", "the shoot")
#: Bookings, before "for" and the time.
BOOKINGS = ("your table is booked for", "table booked for", "i've booked a table for", "we have a table for",
            "reservation for", "we have a reservation for", "i reserved the court for", "the court is booked for",
            "the room is booked for", "slot booked for", "your slot is", "appointment confirmed for",
            "booking confirmed for", "your booking is for", "the massage is booked for", "tickets are for the",
            "the taxi is booked for", "cab booked for", "pickup booked for", "the van is booked for",
            "delivery slot:", "collection booked for", "we're booked in for", "i'm booked in for",
            "the hall is reserved for", "the pitch is ours from", "lane 4 is booked for", "seats booked for")
#: What is said after a booked time.
BOOKING_TAILS = ("", "", "", " under kim", " under the name patel", " in my name", " at luigi's", " at the bistro",
                 " for the whole team", ", confirmed", " please", " show", ", don't be late", " at the spa",
                 " on the terrace", " by the window", " with dr evans", " at the sports hall", " ok?")


def moved_event(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """An event moved to a time: "can we push standup to 10.05", "we moved the call to 1630"."""
    time, spoken = _time(rng, compact)
    verb = rng.choice(MOVE_VERBS)
    back = rng.choice(["", "", "", " back", " forward"]) if verb != "reschedule" else ""
    text = f"{verb} {rng.choice(EVENTS)}{back} to {time}"
    tail = rng.choice(TAILS)
    return (f"{text}{tail}" if len(text) + len(tail) <= MAX_CHARS else text), spoken


def booked(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time a booking is for: "your table is booked for 20.30 under kim", "cab booked for 0545"."""
    time, spoken = _time(rng, compact)
    text = f"{rng.choice(BOOKINGS)} {time}"
    tail = rng.choice(BOOKING_TAILS)
    return (f"{text}{tail}" if len(text) + len(tail) <= MAX_CHARS else text), spoken


def colon_planned(rng: random.Random) -> tuple[str, SpokenTime]:
    return moved_event(rng) if rng.random() < 0.5 else booked(rng)


def compact_planned(rng: random.Random) -> tuple[str, SpokenTime]:
    return moved_event(rng, compact=True) if rng.random() < 0.5 else booked(rng, compact=True)


#: The share of each family that g15 draws from this module.
SHARES = {"digits-colon": 0.12, "digits-compact": 0.06}
PHRASINGS = {"digits-colon": colon_planned, "digits-compact": compact_planned}
