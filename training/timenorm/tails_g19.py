"""Generator g19: words after a number that are evidence only where the conventions say so.

Counting the one or two words after a number in 100,000 texts of generator g18 showed tails that only
ever followed one side, though nothing in them decides it:

- "<4 digits> from the ..." followed a time 89 times and a code never, so v12 read "invoice 2215 from
  the bakery" as 22:15 (and any "<code> 2215 from the bakery": 10 of 10 codes tried);
- a part-of-day word after a bare H.MM ("... 16.33 tonight") followed a price or a version 15 times and a
  time 6 times, so v12 answered no time to "concert 19.45 this evening", "last orders 23.20 tonight" and
  "the regatta 22.31 tonight", though it reads "the regatta 22.31" as 22:31.

g19 (1) puts codes before the same places that follow times ("locker 1402 by the door", "invoice 2215 from
the bakery"), (2) says times after an activity or any noun of the clause corpus with a part-of-day word that
agrees with them ("the regatta 22.31 tonight": ``conventions.day_word_agrees``), and (3) never puts a
part-of-day word after a bare amount that it agrees with as a time (``day_word_for_amount``): by the
conventions such a word is said only after a time. Pure Python.
"""
from __future__ import annotations

import random
import re
from functools import lru_cache

from training.timenorm import lookalikes, phrasing_g16
from training.timenorm.clauses import shipped_clauses
from training.timenorm.conventions import DAY_WORDS_AFTER, SpokenTime, day_word_agrees, resolve
from training.timenorm.noise import surface_noise
from training.timenorm.phrasing_g14 import MAX_CHARS, _time

#: The hours each part-of-day word of ``negatives.DAY_WORDS`` names; the others ("today") name none.
PART_OF_DAY_HOURS: dict[str, range] = {
    "this morning": range(0, 12), "every morning": range(0, 12), "tomorrow morning": range(0, 12),
    "this afternoon": range(12, 18), "this evening": range(17, 24), "yesterday evening": range(17, 24),
    "tonight": range(18, 24), "last night": range(18, 24), "each night": range(18, 24),
    "on friday night": range(18, 24),
}
#: A bare amount at the end of a text that reads as a time: "4.50", "19:45", "2215" (no currency, no unit).
_BARE_AMOUNT = re.compile(r"(?<![\d$€£.,:#])(?:(\d{1,2})[.:](\d{2})|(\d{2})(\d{2}))$")
#: Places said after a time ("from the pier") and after a code, so that the place decides nothing.
PREPOSITIONS = ("from the", "by the", "at the", "in the", "on the", "outside the", "behind the", "opposite the",
                "in front of the", "across from the", "inside the", "next to the", "near the")
PLACES = ("bakery", "warehouse", "station", "office", "depot", "harbour", "pier", "quay", "court", "library",
          "front desk", "door", "window", "lift", "stairs", "canteen", "surgery", "pharmacy", "garage", "shed",
          "market", "post office", "school", "hall", "club", "gym", "pool", "church", "museum", "hotel", "bank",
          "council", "printer", "supplier", "landlord", "plumber", "dentist", "vet", "builder", "courier")
#: Codes that name a document, a box or a place; no vehicle or route ("bus 1530 from the station").
CODE_NOUNS = tuple(n for n in lookalikes.CODE_NOUNS + lookalikes.CODE_NOUNS_G11
                   if n not in {"bus", "route", "line", "tram", "highway", "exit", "hwy", "table", "channel"}) + (
    "page", "invoice", "case number", "container", "crate", "lot", "file", "folder", "docket", "ledger",
    "receipt", "form", "claim no.", "parcel no.", "item", "seat", "aisle", "row", "shelf", "pallet")
#: Said before an activity's time.
LINKS = ("", "", "", "is", "is at", "starts", "starts at", "begins", "opens", "closes", "ends", "is set for")


def bare_amount_label(text: str) -> str | None:
    """"HH:MM" when ``text`` ends (before any final punctuation) with a bare amount that is a valid time
    read as said, else None."""
    match = _BARE_AMOUNT.search(text.rstrip(" \t\n,;:!?.)]"))
    if not match:
        return None
    hour, minute = (int(g) for g in (match.group(1, 2) if match.group(1) else match.group(3, 4)))
    return f"{hour:02d}:{minute:02d}" if hour < 24 and minute < 60 else None


def day_word_for_amount(text: str, words: tuple[str, ...], rng: random.Random) -> str:
    """A word of ``words`` to say after the look-alike ``text``: never a part-of-day word that agrees with a
    time read from a bare amount at its end ("4.50 tonight" may be said, "21.30 tonight" may not)."""
    label = bare_amount_label(text)
    allowed = [w for w in words
               if label is None or w not in PART_OF_DAY_HOURS or int(label[:2]) not in PART_OF_DAY_HOURS[w]]
    return rng.choice(allowed)


@lru_cache(maxsize=1)
def clause_nouns() -> tuple[str, ...]:
    """Words after "the" in the shipped clauses (Tatoeba English): "the <noun> 22.31 tonight"."""
    found = {m.group(1) for c in shipped_clauses() for m in re.finditer(r"\bthe ([a-z]{3,})\b", c)}
    return tuple(sorted(found))


def timed_with_day_part(rng: random.Random, compact: bool = False) -> tuple[str, SpokenTime]:
    """A time after an activity or a noun, and a part-of-day word that agrees with it: "the regatta 22.31
    tonight", "the lambs begin 0640 this morning"."""
    time, spoken = _time(rng, compact)
    label = resolve(spoken)
    parts = [w for w in DAY_WORDS_AFTER if DAY_WORDS_AFTER[w] is not None and day_word_agrees(w, label)]
    subject = rng.choice(phrasing_g16.ACTIVITIES) if rng.random() < 0.5 else f"the {rng.choice(clause_nouns())}"
    link = rng.choice(LINKS)
    text = " ".join(f"{subject} {link} {time}{rng.choice(['', '', ','])} {rng.choice(parts)}".split())
    return (text if len(text) <= MAX_CHARS else f"{time} {rng.choice(parts)}"), spoken


def colon_day_part(rng: random.Random) -> tuple[str, SpokenTime]:
    return timed_with_day_part(rng)


def compact_day_part(rng: random.Random) -> tuple[str, SpokenTime]:
    return timed_with_day_part(rng, compact=True)


def code_with_place(rng: random.Random) -> str:
    """A code and a place after it, as times have: "invoice 2215 from the bakery", "locker 1402 by the door"."""
    number = f"{rng.randint(0, 2359):04d}" if rng.random() < 0.7 else str(rng.randint(100, 99999))
    noun = rng.choice(CODE_NOUNS)
    lead = rng.choice(["", "", "", "the ", "my ", "our ", "check ", "find ", "see "])
    text = f"{lead}{noun} {rng.choice(['', '', '#'])}{number} {rng.choice(PREPOSITIONS)} {rng.choice(PLACES)}"
    return surface_noise(text, rng)


#: The share of each family that g19 draws from this module.
SHARES = {"digits-colon": 0.08, "digits-compact": 0.08}
PHRASINGS = {"digits-colon": colon_day_part, "digits-compact": compact_day_part}
#: The share of the code negatives that g19 draws from ``code_with_place``.
CODE_SHARE = 0.25
