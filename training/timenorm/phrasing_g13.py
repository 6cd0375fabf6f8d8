"""Times of generator g13: four digits and H:MM / H.MM after the name of any thing that happens.

g12 taught look-alikes around four digits and H.MM (codes, years, amounts beside goods), and the model
began to answer no time to a time after words it had not seen with one. g13 puts the time side back in
balance with a general rule: a thing that happens (an activity, a routine, a duty, a broadcast, a
gathering) and a time right after it, with or without a verb ("handover 0645", "the inspection is at
1320h", "fire drill 14.10 tomorrow", "the broadcast 21:30 tonight"). A day word after the time is
drawn only where it agrees with the label (``conventions.day_word_agrees``).

No frame holds a number word, am/pm or a part-of-day word before the time, so the label is the time's
alone. Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm import phrasing
from training.timenorm.conventions import DAY_WORDS_AFTER, SpokenTime, day_word_agrees, resolve

#: Things that happen at a time (never a thing that is counted, bought, numbered or dated).
HAPPENINGS = ("handover", "shift change", "the changeover", "inspection", "the inspection", "fire drill",
              "assembly", "prayers", "feeding time", "bath time", "story time", "dog walk", "bins out",
              "last post", "first bell", "final bell", "lunch bell", "the interview",
              "my appointment", "physio", "massage", "driving test", "the exam", "the viva", "the call",
              "zoom call", "conference call", "webcast", "livestream", "the broadcast", "the news",
              "first watch", "tee time", "tee off", "warm-up", "weigh-in", "registration",
              "curtain up", "the interval", "headliner", "stage time", "call time", "load-in", "tech run",
              "dress rehearsal", "site visit", "walkthrough", "check-up", "the scan", "the blood test",
              "court hearing", "the hearing", "parents' meeting", "open day", "viewing", "house viewing",
              "the auction", "the draw", "ceremony", "the vows", "the toast", "speeches",
              "vigil", "parade", "the march", "the rally", "the launch", "the demo",
              "the sermon", "evensong", "car boot", "jumble sale", "the clinic", "surgery hours",
              "office hours", "drop-in", "the workshop", "training", "practice", "nets", "the relay",
              "the heats", "the final", "qualifying", "the stream", "the podcast", "the premiere", "the screening")
#: What comes between the thing and its time: nothing, or a verb of the timetable.
LINKS = ("", "", "", "", " at", " is at", " starts", " starts at", " begins", " ends", " finishes", " from",
         " until", " till", " set for", " scheduled for", " confirmed for", " is now", " pushed back to",
         " brought forward to", " rescheduled to", " planned for", " due at", " kicks off", " wraps up")
#: After the time (compact only): a unit, a word of the timetable or a remark.
COMPACT_TAILS = ("", "", "", "", "h", "h", " hrs", " hours", " sharp", " please", " local time", " latest",
                 " as usual", " or thereabouts", ", see you there", " for the record", " if that helps", " again",
                 " on the dot", ", be ready", " as agreed", " every week")
TIME_TAILS = ("", "", "", "?", " then", " ok?", ", be ready", " as agreed", " if you can", ", don't be late")


def _day_word(label: str, rng: random.Random) -> str:
    words = [w for w in DAY_WORDS_AFTER if day_word_agrees(w, label)]
    return f" {rng.choice(words)}"


def _hhmm(rng: random.Random) -> tuple[str, SpokenTime]:
    hour = rng.randint(0, 23)
    minute = rng.choice([0, 15, 30, 45, 10, 20, 40, 50, 5, 55]) if rng.random() < 0.5 else rng.randint(0, 59)
    return f"{hour:02d}{minute:02d}", SpokenTime(hour, minute)


def compact_happening(rng: random.Random) -> tuple[str, SpokenTime]:
    """Four digits after a thing that happens: "handover 0645", "the inspection is at 1320h tomorrow"."""
    digits, spoken = _hhmm(rng)
    text = f"{rng.choice(HAPPENINGS)}{rng.choice(LINKS)} {digits}{rng.choice(COMPACT_TAILS)}"
    if rng.random() < 0.25:
        text += _day_word(resolve(spoken), rng)
    return text, spoken


def colon_happening(rng: random.Random) -> tuple[str, SpokenTime]:
    """H:MM / H.MM after a thing that happens, often with a day word that agrees: "fire drill 14.10
    tomorrow", "the broadcast 21:30 tonight", "tee time 7.15 tomorrow morning"."""
    time, spoken = phrasing.digits_colon(rng)
    text = f"{rng.choice(HAPPENINGS)}{rng.choice(LINKS)} {time}"
    if rng.random() < 0.5:
        text += _day_word(resolve(spoken), rng)
    return f"{text}{rng.choice(TIME_TAILS)}", spoken


#: The share of each family that g13 draws from this module.
SHARES = {"digits-compact": 0.2, "digits-colon": 0.15}
PHRASINGS = {"digits-compact": compact_happening, "digits-colon": colon_happening}
