"""Name augmentation: teach the translator to copy names it has never seen (no TensorFlow).

Tatoeba has thousands of sentences about "Tom" but only a few hundred distinct names, so a
model trained on it garbles any other name ("Gerald lives in Stuttgart." → "Bald leben in
Erwachsene."). As with numbers, the fix is in the data: pairs whose English and German side
share a name get an extra copy in which that name is replaced, on both sides, by a random
made-up one ("Kelumar lives in ..." / "Kelumar wohnt in ..."), so copying is what pays.

A *name* here is a capitalized word that the English side of the corpus uses capitalized in
the middle of sentences (so not merely sentence-initial) and hardly ever in lower case
("Boston", "Tom"; not "In", "Hotel" or "April").
"""
from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Iterable

Pair = tuple[str, str]

_CAPITALIZED = re.compile(r"^[A-Z][a-z]+$")
_WORD = re.compile(r"[A-Za-z]+")
MONTHS_AND_DAYS = frozenset(
    "January February March April May June July August September October November December "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
)

_ONSETS = ("b bl br ch d dr f g gr h j k kh l m n p pr r s sh st t th tr v w z "
           "b d g k l m n r s t").split()
_VOWELS = "a e i o u a e i o ai au ei ou y".split()
_CODAS = ["", "", "", "n", "r", "l", "s", "m", "k", "t", "nd", "rt"]


def name_lexicon(english: Iterable[str], min_count: int = 2, max_lower_share: float = 0.1) -> set[str]:
    """Capitalized words used mid-sentence at least ``min_count`` times and in lower case at
    most ``max_lower_share`` as often (months and days excluded: German translates them)."""
    capitalized: Counter[str] = Counter()
    lower: Counter[str] = Counter()
    for sentence in english:
        words = _WORD.findall(sentence)
        for i, word in enumerate(words):
            if word.islower():
                lower[word] += 1
            elif i > 0 and _CAPITALIZED.match(word) and word != "I":
                capitalized[word] += 1
    return {
        w for w, n in capitalized.items()
        if n >= min_count and lower[w.lower()] <= max_lower_share * n and w not in MONTHS_AND_DAYS
    }


def shared_names(source: str, target: str, lexicon: set[str]) -> list[str]:
    """Names of ``lexicon`` occurring exactly once as a whole word on each side."""
    found = []
    for word in sorted(set(_WORD.findall(source))):
        if word in lexicon:
            pattern = rf"\b{word}\b"
            if len(re.findall(pattern, source)) == 1 and len(re.findall(pattern, target)) == 1:
                found.append(word)
    return found


def synthetic_name(rng: random.Random) -> str:
    """A pronounceable made-up name of 2–4 syllables, e.g. "Drelumon"."""
    syllables = [rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(rng.choice((2, 2, 3, 3, 4)))]
    return ("".join(syllables) + rng.choice(_CODAS)).capitalize()


def name_variant(source: str, target: str, lexicon: set[str], rng: random.Random) -> Pair | None:
    """The pair with each shared name replaced by a fresh made-up name, or None if it has none."""
    names = shared_names(source, target, lexicon)
    if not names:
        return None
    for word in names:
        new = synthetic_name(rng)
        source = re.sub(rf"\b{word}\b", new, source)
        target = re.sub(rf"\b{word}\b", new, target)
    return source, target


def variant_copies(pairs: list[Pair], copies: int, seed: int,
                   variant: Callable[[str, str, random.Random], Pair | None]) -> list[Pair]:
    """``copies`` passes over ``pairs``, keeping each pair's ``variant`` that is not None (one seeded generator)."""
    rng = random.Random(seed)
    extra: list[Pair] = []
    for _ in range(copies):
        for en, de in pairs:
            made = variant(en, de, rng)
            if made is not None:
                extra.append(made)
    return extra


def augment_names(pairs: list[Pair], copies: int, seed: int) -> list[Pair]:
    """``copies`` extra copies of every pair sharing a name, each with new made-up names."""
    if copies <= 0:
        return []
    lexicon = name_lexicon(en for en, _ in pairs)
    return variant_copies(pairs, copies, seed, lambda en, de, rng: name_variant(en, de, lexicon, rng))
