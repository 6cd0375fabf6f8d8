"""Clauses of ordinary English beside a time or a look-alike (generator g17). Pure Python.

Rounds g12-g16 taught the model the nouns and verbs that come before a time ("the ferry sails 14.20") one word
list at a time, and it learned the lists: a time after a word it never saw ("boarding ... begins 09.25",
"quarter past six the lambs need feeding") got no answer, and a code after such a word got one. g17 puts times,
look-alikes and codes beside short sentences that no one wrote for this task: English sentences of the Tatoeba
corpus (CC-BY 2.0 FR, tatoeba.org; the translator's training corpus, never its held-out sets), so that the
words around a number stop being evidence on their own.

A clause never holds a digit, a number word, a word of the time or of the day, or a word that is part of one
("often" holds "ten": over-strict on purpose), so the label stays the time's alone. ``extract_clauses`` picks
them from the corpus (``python -m training timenorm clauses``); the chosen ones ship in ``data/clauses.txt``.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from training.timenorm.numbers import NUMBER_WORDS

CLAUSES_FILE = Path(__file__).with_name("data") / "clauses.txt"
MAX_CLAUSE_CHARS = 34
_ALLOWED = re.compile(r"^[a-z][a-z' ,]*$")
#: No clause holds a word that contains one of these (number words, parts of the day, units of time).
_BANNED_PARTS = tuple(w for w in NUMBER_WORDS if len(w) >= 3) + (
    "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "clock", "hour", "minute",
    "today", "tomorrow", "yesterday", "week", "time", "dawn", "dusk", "lunch", "dinner", "breakfast", "supper",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "month", "year", "day",
    "second", "moment",
)
#: ... nor one of these words (time words on their own, and what reads as am/pm or a unit after a number).
_BANNED_WORDS = frozenset({"am", "pm", "oh", "o", "h", "hr", "hrs", "min", "mins", "sec", "secs", "half", "past",
                           "till", "til", "until", "ago", "sharp", "tea", "late", "later", "early", "earlier",
                           "soon", "date", "then", "while", "noon"})
#: ... and neither starts nor ends with one of these: "come in" + "7.30" would read as "in 7.30".
_EDGE_WORDS = frozenset({"at", "in", "on", "for", "from", "by", "to", "around", "about", "since", "before",
                         "after", "a", "an", "and", "or", "but", "of", "with", "is", "are", "was", "the"})
#: After a time with only a space between, a clause starts with one of these, never a noun: "at 4 dogs
#: bark" reads as a count ("4 dogs"), "quarter past six the lambs need feeding" as a time.
OPENERS = frozenset({"the", "my", "we", "i", "you", "he", "she", "it", "they", "our", "your", "his", "her",
                     "this", "that", "there", "let's", "don't", "please", "i'm", "we're", "it's", "you're",
                     "we'll", "i'll", "he's", "she's", "they're", "can", "will", "is", "tom", "mary"})


def clause_of(sentence: str) -> str | None:
    """The sentence as a clause (lower-case, without its final punctuation), or None if it may not be one."""
    text = sentence.strip().lower().replace("\u2019", "'")
    text = re.sub(r"[.!?]+$", "", text).strip()
    if not text or len(text) > MAX_CLAUSE_CHARS or not _ALLOWED.match(text) or text.endswith(("'", ",")):
        return None
    words = text.replace(",", " ").split()
    if not 2 <= len(words) <= 7:
        return None
    if words[0] in _EDGE_WORDS or words[-1] in _EDGE_WORDS:
        return None
    if any(w in _BANNED_WORDS or any(part in w for part in _BANNED_PARTS) for w in words):
        return None
    return text


def extract_clauses(sentences: Iterable[str], count: int, seed: int) -> list[str]:
    """``count`` distinct clauses drawn (seeded) from ``sentences``, in the order drawn."""
    unique = sorted({c for c in map(clause_of, sentences) if c is not None})
    rng = random.Random(seed)
    return rng.sample(unique, min(count, len(unique)))


@lru_cache(maxsize=1)
def shipped_clauses() -> tuple[str, ...]:
    lines = CLAUSES_FILE.read_text(encoding="utf-8").splitlines()
    return tuple(line for line in lines if line and not line.startswith("#"))


def beside(phrase: str, rng: random.Random, max_chars: int, clauses: tuple[str, ...] | None = None) -> str:
    """``phrase`` with a clause before or after it ("we should go home, 7.30", "at 7.30 the lambs need
    feeding"); the phrase alone when no drawn clause fits into ``max_chars``."""
    pool = clauses if clauses is not None else shipped_clauses()
    for _ in range(4):
        clause = rng.choice(pool)
        if rng.random() < 0.5:
            text = f"{clause}{rng.choice([', ', ', ', '. ', ' - ', ': ', ' '])}{phrase}"
        else:
            opener = clause.split()[0] in OPENERS
            sep = rng.choice([', ', ', ', '. ', ' - ', '! '] + ([' ', ' ', ' '] if opener else []))
            text = f"{phrase}{sep}{clause}"
        if len(text) <= max_chars:
            return text
    return phrase
