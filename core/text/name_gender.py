"""Whether an unseen person's name is a woman's or a man's, so that its placeholder agrees (pure, no TensorFlow).

The translator never sees an unseen name: it gets a placeholder it copies (core/text/masking.py). The placeholder's
gender then decides the German around it: "My friend Maria" → "Meine Freundin Maria", "My friend Oliver" → "Mein
Freund Oliver". A woman's name therefore gets a woman's placeholder and a man's a man's. What tells:

1. a title right before the name: Mrs, Ms, Miss, Madam, Lady, Dame (a woman); Mr, Sir, Lord (a man);
2. else its first word in ``first_names.tsv`` (2,973 given names of many languages with ``f``, ``m`` or ``u`` for
   both, written for this project in session 31 by two writers apart: a name they judged differently is ``u``).

Anything else is unknown, and the placeholder stays the one used before (:data:`core.text.masking.PEOPLE`).
"""
from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

NAMES_FILE = Path(__file__).with_name("first_names.tsv")
WOMAN, MAN = "f", "m"
_TITLE = re.compile(r"\b(Mrs|Ms|Miss|Madam|Madame|Lady|Dame|Mr|Sir|Lord)\.?\s+$")
_NEUTRAL_TITLES = frozenset({"dr", "prof", "professor"})
_WOMEN_TITLES = frozenset({"Mrs", "Ms", "Miss", "Madam", "Madame", "Lady", "Dame"})


def _key(name: str) -> str:
    """Lower case without accents: "Lucía", "Lucia" and "LUCIA" are one name."""
    return "".join(c for c in unicodedata.normalize("NFKD", name.lower()) if not unicodedata.combining(c))


@cache
def first_names() -> dict[str, str]:
    """Given name (lower case, no accents) → ``f``, ``m`` or ``u`` (empty where the file is absent); a name listed
    twice with two genders is ``u``."""
    if not NAMES_FILE.exists():
        return {}
    names: dict[str, str] = {}
    for line in NAMES_FILE.read_text(encoding="utf-8").splitlines():
        name, _, gender = line.partition("\t")
        key, gender = _key(name.strip()), gender.strip()
        names[key] = gender if names.get(key, gender) == gender else "u"
    return names


def name_gender(name: str, before: str = "") -> str | None:
    """``f``, ``m`` or None (unknown or both) for the name ``name`` that ``before`` precedes in its sentence."""
    words = name.split()
    while len(words) > 1 and words[0].rstrip(".").lower() in _NEUTRAL_TITLES:
        words = words[1:]  # "Dr Elena Petrova": the first name tells
    title = _TITLE.search(before) or (_TITLE.match(f"{words[0]} ") if len(words) > 1 else None)  # "Mrs Okonkwo"
    if title:
        return WOMAN if title.group(1) in _WOMEN_TITLES else MAN
    gender = first_names().get(_key(words[0])) if words else None
    return gender if gender in (WOMAN, MAN) else None
