"""Times in the words of plans and chat (generator g12), a share of four families.

- hour-only: a bare hour inside a question or a clause ("is 7 too late?", "the chemist shuts at 6",
  "ring me at 4 and we'll talk");
- digits-compact: four digits after the words of a plan or a place's hours ("lights out 2215",
  "kitchen closes 2130 on fridays", "we touch down 0640");
- digits-colon: H:MM / H.MM after a social event ("brunch 11.30", "karaoke 21:15");
- ampm: an event that starts at an am/pm time at a venue ("trivia starts 8pm at the club").

No frame holds a number word, am/pm or a part-of-day word, so the label is the time's alone.
Returns ``(phrase, spoken)`` like the families of ``phrasing.py``. Pure Python.
"""
from __future__ import annotations

import random

from training.timenorm import phrasing
from training.timenorm.conventions import SpokenTime
from training.timenorm.numbers import random_number_words

#: Questions and clauses around a bare hour; ``{h}`` is the hour.
HOUR_FRAMES = ("is {h} too late?", "is {h} alright?", "would {h} suit you?", "does {h} work for you?",
               "is {h} good for you?", "would {h} be better?", "is {h} still on?", "what about {h} then?",
               "could you do {h}?", "are we still on for {h}?", "{h} is when we start", "{h} suits everyone",
               "the {place} opens at {h}", "the {place}'s open till {h}", "the {place} shuts at {h}",
               "the {place} closes at {h} today", "{place} opens at {h}", "the {place} is open until {h}",
               "ring me at {h} {clause}", "come by at {h} {clause}", "be ready at {h} {clause}",
               "meet me at {h} {clause}", "we leave at {h} {clause}", "pick us up at {h} {clause}",
               "call round at {h} {clause}", "i'll be outside at {h} {clause}", "message me at {h} {clause}")
PLACES = ("pharmacy", "library", "post office", "bakery", "pool", "butcher", "bank", "chemist", "museum",
          "hardware store", "launderette", "barber", "florist", "dry cleaner", "sports hall", "town hall",
          "supermarket", "farm shop", "car wash", "bookshop", "gallery", "leisure centre")
CLAUSES = ("and i'll let you in", "and we'll go together", "and i'll explain", "and we can talk",
           "so we're not late", "and bring the keys", "if you're free", "if that suits", "and we'll walk over",
           "and i'll drive", "so we get a table", "and we'll sort it", "before the rush", "and don't forget the map")
#: The words of a plan or a place's hours before four digits ("lights out 2215").
PLAN_WORDS = ("lights out", "kitchen closes", "closing time", "bar closes", "we touch down", "touchdown",
              "take-off", "slack water", "service ends", "quiet hours from", "visiting ends",
              "gates open", "bedtime", "wake-up", "roll call", "we dock", "we set off", "we head out",
              "they arrive", "doors close", "main doors lock", "check-out by", "rollout", "go-live",
              "cut-off", "shop shuts", "car park locks", "security locks up", "sailing", "boarding starts")
PLAN_TAILS = ("", "", "", " uk time", " their time", " on weekends", " every day", " most days", " on sundays",
              " in summer", " sharp", " or so", " hrs", " as usual", ", don't be late", " on fridays",
              " until further notice", " this week", " at the earliest")
#: Social events before an H:MM / H.MM time ("brunch 11.30", "drinks 21.15").
#: (Never a word of a part of the day: no "date night", "parents' evening".)
EVENTS = ("drinks", "brunch", "karaoke", "rehearsal", "yoga", "choir", "bingo", "book club", "footie",
          "tennis", "squash", "dinner party", "poker", "pilates", "band practice",
          "supper", "barbecue", "bbq", "picnic", "spin class", "the gig",
          "trivia", "open mic", "salsa", "the ceilidh", "the party", "the match", "the wedding", "mass")
EVENT_TAILS = ("", "", "", "?", " then", " ok?", " at mine", " at ours", " at the club", " as planned",
               " if you're in", " still on?", ", bring a friend", " again", " instead")
VENUES = ("club", "hall", "church", "community centre", "rec centre", "cafe", "bar", "restaurant", "stadium",
          "theatre", "library", "bowling alley", "village hall", "social club", "sports club", "arena")
VENUE_VERBS = ("starts", "starts", "begins", "kicks off", "is on at", "is at", "opens at", "ends", "runs until")


def hour_in_chat(rng: random.Random) -> tuple[str, SpokenTime]:
    """A bare hour 1-12 in a question or a clause: "is 7 too late?", "ring me at 4 and we'll talk"."""
    hour = rng.randint(1, 12)
    said = random_number_words(hour, rng) if hour > 1 and rng.random() < 0.4 else str(hour)  # "could you do one?"
    frame = rng.choice(HOUR_FRAMES)
    return frame.format(h=said, place=rng.choice(PLACES), clause=rng.choice(CLAUSES)), SpokenTime(hour)


def compact_plan(rng: random.Random) -> tuple[str, SpokenTime]:
    """Four digits after a plan or a place's hours: "lights out 2215", "kitchen closes 2130 on fridays"."""
    hour, minute = rng.randint(0, 23), rng.choice([0, 15, 30, 45, 10, 20, 40, 50]) if rng.random() < 0.5 else rng.randint(0, 59)
    return f"{rng.choice(PLAN_WORDS)} {hour:02d}{minute:02d}{rng.choice(PLAN_TAILS)}", SpokenTime(hour, minute)


def event_colon(rng: random.Random) -> tuple[str, SpokenTime]:
    """H:MM / H.MM after a social event: "brunch 11.30", "karaoke 21:15 at mine"."""
    time, spoken = phrasing.digits_colon(rng)
    return f"{rng.choice(EVENTS)} {time}{rng.choice(EVENT_TAILS)}", spoken


def event_ampm(rng: random.Random) -> tuple[str, SpokenTime]:
    """An event at an am/pm time at a venue: "trivia starts 8pm at the club"."""
    time, spoken = phrasing.digits_ampm(rng)
    return f"{rng.choice(EVENTS)} {rng.choice(VENUE_VERBS)} {time} at the {rng.choice(VENUES)}", spoken


#: The share of each family that g12 draws from this module.
SHARES = {"hour-only": 0.3, "digits-compact": 0.15, "digits-colon": 0.2, "ampm": 0.12}
PLAN_PHRASINGS = {"hour-only": hour_in_chat, "digits-compact": compact_plan, "digits-colon": event_colon,
                  "ampm": event_ampm}
