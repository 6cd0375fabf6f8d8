"""Generator g25: words after a number that decide nothing, said after times and after codes and prices alike.

v14 reads "the rehearsal 19.30" as 19:30 and "the rehearsal 19.30 upstairs" as no time (confidence 0.9999998);
so too "yoga 1830 in the back", "chess club 20.10 for candidates" and "... 19.30 because of the rain". Of the
28 times that v14 misses in batches 1-20, 13 have such a tail ("pottery class 18.10 upstairs", "hackathon
demos 15.15 in the atrium", "kick-off moved to 19.55 because of the rain"). The earlier generators say
"upstairs", "in the back" and "on the left" only after codes (``nouns_g20.CODE_TAILS``, ``lookalikes.CODE_TAILS``)
and causes and "for" phrases hardly ever after a time, so the model learned the tail as evidence. g25 says the
same tails (a position, a place, a cause, for whom or what) after times of the digit families and after codes and
prices, equally often, so that what decides is what comes before the number.

Pure Python; a tail holds no digit, no number word and no word of the day.
"""
from __future__ import annotations

import random
from functools import lru_cache

from training.timenorm.lookalikes import plural
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.phrasing_g14 import MAX_CHARS
from training.timenorm.tails_g19 import PLACES, PREPOSITIONS
from training.timenorm.wordnet_nouns import KINDS, shipped_nouns

POSITIONS = ("upstairs", "downstairs", "in the back", "in the back room", "at the back", "round the back",
             "out the back", "on the left", "on the right", "next door", "outside", "inside", "on the ground floor",
             "on the top floor", "by the door", "by the window", "in the annex", "on the roof", "in the basement",
             "in the yard", "at the front", "in the side room", "on the mezzanine", "across the road")
CAUSES = ("because of the rain", "because of the strike", "because of the snow", "due to the weather",
          "due to roadworks", "after the delay", "after the storm", "due to the match", "because of the works",
          "as planned", "as agreed with the landlord", "while stocks last", "if the weather holds",
          "subject to change", "for safety reasons", "because of the holiday")
#: Said before a noun of any kind ("for the tall ship", "for the raffle") or a person in the plural ("for members").
FOR_WORDS = ("for the", "for the", "for our", "with the", "for", "for all", "for new", "for visiting")


#: Nouns of WordNet's list that are also said of a time ("sharp", "dawn"): never in a tail.
TIME_NOUNS = frozenset({"sharp", "dawn", "dusk", "sunrise", "sunset", "bedtime", "lunchtime", "teatime", "noon",
                        "midnight", "midday", "daybreak", "nightfall", "weekend", "evening", "morning", "night"})


@lru_cache(maxsize=1)
def _nouns() -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    nouns = shipped_nouns()
    every = tuple(n for kind in KINDS for n in nouns[kind]
                  if n not in TIME_NOUNS and n not in NUMBER_WORDS and nouns["timed"].count(n) == 0)
    return every, tuple(nouns["person"]), nouns["place"] + PLACES


def tail(rng: random.Random) -> str:
    """One tail that decides nothing: "upstairs", "in the atrium", "because of the rain", "for members"."""
    every, people, places = _nouns()
    r = rng.random()
    if r < 0.35:
        return rng.choice(POSITIONS)
    if r < 0.6:
        return f"{rng.choice(PREPOSITIONS)} {rng.choice(places)}"
    if r < 0.8:
        return rng.choice(CAUSES)
    word = rng.choice(FOR_WORDS)
    if word.endswith("the") or word.endswith("our"):
        return f"{word} {rng.choice(every)}"
    return f"{word} {plural(rng.choice(people))}"


def with_tail(text: str, rng: random.Random, max_chars: int = MAX_CHARS) -> str:
    """``text`` and a tail after it, when it ends in a letter or digit and the whole fits into ``max_chars``."""
    if not text or not text[-1].isalnum():
        return text
    longer = f"{text}{rng.choice(['', '', '', ','])} {tail(rng)}"
    return longer if len(longer) <= max_chars else text


#: The share of each family's times that get a tail, and of the codes and the price look-alikes.
SHARES = {"digits-colon": 0.15, "digits-compact": 0.15}
NEGATIVE_SHARE = 0.15
