"""Generator g17's rule: clauses of ordinary English (Tatoeba sentences) beside times, look-alikes and codes."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import clauses
from training.timenorm.clauses import OPENERS, beside, clause_of, extract_clauses, shipped_clauses
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, is_negative, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

TIME_WORDS = {"am", "pm", "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "tonight",
              "o'clock", "half", "quarter", "past", "till", "until", "today", "tomorrow", "hour", "hours", "minutes"}


@pytest.mark.parametrize("sentence, clause", [
    ("Tom is in poor health.", "tom is in poor health"),
    ("Where's the shopping center?", "where's the shopping center"),
    ("Aw, how can you say that!", "aw, how can you say that"),
    ("I like your dogs", "i like your dogs"),
])
def test_plain_sentences_become_clauses(sentence: str, clause: str) -> None:
    assert clause_of(sentence) == clause


@pytest.mark.parametrize("sentence", [
    "I have 3 apples.",                       # a digit
    "I have two apples.",                     # a number word
    "She often sings.",                       # a word that holds one ("often": "ten")
    "See you tomorrow morning.",              # words of the day
    "It's half past.",                        # time words
    "I am tired.",                            # "am" reads as a.m. beside a number
    "Come in.",                               # ends with "in": "come in 7.30" would read as "in 7.30"
    "At home we speak French.",               # starts with "at"
    "Go.",                                    # one word
    "This sentence is far too long to be put beside a time.",
    "Où est la gare?",                        # not plain English letters
])
def test_sentences_that_may_not_be_clauses(sentence: str) -> None:
    assert clause_of(sentence) is None


def test_extraction_is_seeded_distinct_and_counted() -> None:
    sentences = [f"I like {w}." for w in ("cats", "dogs", "birds", "fish", "tea", "snow")] + ["I like cats!", "7 up"]
    first = extract_clauses(sentences, 3, seed=1)
    assert first == extract_clauses(sentences, 3, seed=1)
    assert len(first) == len(set(first)) == 3
    assert set(extract_clauses(sentences, 100, seed=2)) == {"i like cats", "i like dogs", "i like birds", "i like fish",
                                                             "i like snow"}  # "tea" is a meal: left out


def test_the_shipped_clauses_pass_the_rule_and_say_where_they_come_from() -> None:
    shipped = shipped_clauses()
    assert len(shipped) == len(set(shipped)) >= 3000
    assert all(clause_of(c) == c for c in shipped)
    for c in shipped:
        words = set(re.findall(r"[a-z']+", c))
        assert not words & TIME_WORDS and not words & set(NUMBER_WORDS) and not re.search(r"\d", c), c
    header = clauses.CLAUSES_FILE.read_text(encoding="utf-8").splitlines()[0]
    assert header.startswith("#") and "Tatoeba" in header and "CC-BY" in header


def test_a_phrase_beside_a_clause_stays_whole_and_fits() -> None:
    rng = random.Random(0)
    pool = ("we should go home", "tom likes them", "the lambs need feeding", "where is the dutch embassy")
    joined_by_space_after = 0
    for _ in range(2000):
        text = beside("quarter past six", rng, 64, pool)
        assert len(text) <= 64 and "quarter past six" in text
        clause = next(c for c in pool if c in text)
        if text.startswith("quarter past six ") and text[len("quarter past six ")] != "-":
            joined_by_space_after += 1
            assert clause.split()[0] in OPENERS, text  # never "quarter past six where is ...": a noun could follow
    assert joined_by_space_after > 100
    assert beside("x" * 60, rng, 64, pool) == "x" * 60  # no clause fits: the phrase alone


def test_the_generator_puts_clauses_beside_times_look_alikes_and_codes() -> None:
    long_clauses = [c for c in shipped_clauses() if len(c) >= 16]
    stream = iterate(GeneratorConfig(seed=7))
    counts = {"time": [0, 0], "negative": [0, 0]}
    for _ in range(6000):
        s = next(stream)
        side = "negative" if is_negative(s.category) else "time"
        counts[side][1] += 1
        text = normalize_text(s.text)
        if any(c in text for c in long_clauses):
            counts[side][0] += 1
            if side == "time":
                assert s.spoken is not None and s.label == resolve(s.spoken) != NO_TIME
            else:
                assert s.label == NO_TIME
    for side, (with_clause, total) in counts.items():
        assert 0.03 < with_clause / total < 0.2, (side, with_clause, total)


def test_without_clauses_the_generator_puts_none() -> None:
    long_clauses = [c for c in shipped_clauses() if len(c) >= 16]
    stream = iterate(GeneratorConfig(seed=7, clause_probability=0.0))
    texts = [normalize_text(next(stream).text) for _ in range(3000)]
    assert not [t for t in texts if any(c in t for c in long_clauses)]
