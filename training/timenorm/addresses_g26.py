"""Generator g26: street addresses. A number right before the name of a street is a house number, never a
time ("we live at 1830 Kingsley Road", "deliver to 915 Beech Avenue"); a time keeps its meaning beside an
address, whose house number comes right before the street ("viewing 1430 at 22 Orchard Way" → 14:30).

No generator before g26 wrote an address, and v15 answered a time for four-digit house numbers before a street in
each of the hand-written batches 22 to 25. The words of the street (its kind: "road", "lane", "avenue", ...) tell
the two apart, as the words around a number do for codes and prices. Pure Python.
"""
from __future__ import annotations

import random
import re

from training.timenorm.noise import pseudo_word, surface_noise

#: Common street names of English-speaking towns; one in five addresses takes a pseudo-word instead.
STREET_NAMES = ("mill", "high", "station", "park", "church", "victoria", "green", "manor", "king's", "queen's", "oak",
                "elm", "bridge", "market", "london", "north", "south", "west", "east", "new", "main", "school",
                "chapel", "castle", "albert", "york", "windsor", "grove", "cedar", "maple", "hill", "forest", "mount",
                "abbey", "canal", "harbour", "orchard", "beech", "willow", "george", "kingsley", "sycamore", "princes",
                "cromwell", "nelson", "stanley", "warwick", "riverside", "meadow", "lime", "ash", "hawthorn", "regent")
#: What kind of street: the word that makes the number before it a house number.
STREET_KINDS = ("road", "road", "street", "street", "lane", "avenue", "way", "drive", "close", "place", "square",
                "crescent", "terrace", "gardens", "row", "walk", "rd", "st", "ave", "rd.", "st.", "boulevard")
#: A house number right before a street's name and kind, as ``address`` and ``with_address`` write it (lower-cased).
HOUSE_BEFORE_STREET = re.compile(
    rf"\b(\d{{1,4}}) [a-z']+ (?:{'|'.join(sorted({re.escape(k.rstrip('.')) for k in STREET_KINDS}))})\b")
#: Words before an address; ``{p}`` a place that has an address.
LEADS = ("", "", "", "{p} is at", "we live at", "she lives at", "he moved to", "send it to", "deliver to",
         "it's at", "i'm staying at", "we moved to", "meet me at", "our address is", "drop it off at",
         "the parcel went to", "{p} moved to", "come round to", "the new {p} is at", "address:", "find us at",
         "my gran lives at", "the keys are at", "{p} at", "post it to", "they bought", "viewing at")
PLACES = ("the surgery", "the shop", "the bakery", "the studio", "the office", "the clinic", "the pharmacy",
          "the library", "the cafe", "the salon", "the garage", "the pub", "the florist", "the school",
          "my flat", "the workshop", "the museum", "the gallery", "the hostel", "the church hall")
TAILS = ("", "", "", "", ", flat 2", ", second floor", " by the park", ", round the back", " near the station",
         ", ring twice", " in leeds", " opposite the school")
#: Where the g26 address follows a time: a share of these families' phrases.
TIME_FAMILIES = ("digits-compact", "digits-colon")
CODE_SHARE = 0.2  # of the code look-alikes ("no-time")
TIME_SHARE = 0.06  # of the TIME_FAMILIES' phrases


def _street(rng: random.Random) -> str:
    name = rng.choice(STREET_NAMES) if rng.random() < 0.8 else pseudo_word(rng)
    return f"{name} {rng.choice(STREET_KINDS)}"


def house_number(rng: random.Random) -> str:
    """Mostly shaped like a time ("1830", "915"), as the house numbers a reader could misread; sometimes small."""
    r = rng.random()
    if r < 0.6:
        return f"{rng.randint(10, 23)}{rng.randint(0, 59):02d}"
    if r < 0.85:
        return f"{rng.randint(1, 9)}{rng.randint(0, 59):02d}"
    return str(rng.randint(1, 99))


def address(rng: random.Random) -> str:
    """A house number before a street, no time: "the surgery is at 1830 mill road"."""
    lead = rng.choice(LEADS).format(p=rng.choice(PLACES))
    text = f"{lead} {house_number(rng)} {_street(rng)}{rng.choice(TAILS)}".strip()
    return surface_noise(text, rng)


def with_address(phrase: str, rng: random.Random) -> str:
    """A time's phrase and where: "viewing 1430" → "viewing 1430 at 22 orchard way" (the label is unchanged)."""
    where = rng.choice(("at", "at", ",", "-", "outside", "from"))
    sep = "" if where == "," else " "
    time_digits = {int("".join(d)) for d in re.findall(r"(\d+)\D?(\d\d)?", phrase)}
    number = rng.randint(1, 299)
    while number in time_digits:  # g27: never the time's own digits ("1:42 - 142 queen's gardens")
        number = rng.randint(1, 299)
    return f"{phrase}{sep}{where} {number} {_street(rng)}"
