"""The synthetic generator: determinism, label format, and labels re-derived from the text."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from training.timenorm import phrasing
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import FAMILIES, GeneratorConfig, generate
from training.timenorm.noise import negative_text
from training.timenorm.numbers import NUMBER_WORDS, number_words
from training.timenorm.text import normalize_text
from training.timenorm.words import FILLERS_AFTER, FILLERS_BEFORE, PREFIXES, RANDOM_WORDS, SUFFIXES

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
SAMPLES = generate(6000, GeneratorConfig(seed=7))


def test_same_seed_same_samples_other_seed_other_samples() -> None:
    assert generate(300, GeneratorConfig(seed=7)) == SAMPLES[:300]
    assert generate(300, GeneratorConfig(seed=8)) != SAMPLES[:300]


def test_labels_are_valid_times_or_no_time() -> None:
    for s in SAMPLES:
        assert s.label == NO_TIME or HHMM.match(s.label), s
        assert (s.label == NO_TIME) == (s.category == "no-time"), s
        if s.spoken is not None:
            assert s.label == resolve(s.spoken)


def test_every_family_and_negatives_occur() -> None:
    categories = {s.category for s in SAMPLES}
    assert categories == set(FAMILIES) | {"no-time"}
    share = sum(s.category == "no-time" for s in SAMPLES) / len(SAMPLES)
    assert 0.05 < share < 0.12


def test_texts_fit_the_model_window() -> None:
    assert all(len(normalize_text(s.text)) <= 64 for s in SAMPLES)


def test_category_restriction() -> None:
    restricted = generate(200, GeneratorConfig(seed=1, categories=("military",), negative_fraction=0.0))
    assert {s.category for s in restricted} == {"military"}


def test_context_vocabulary_holds_no_time_words() -> None:
    banned = set(NUMBER_WORDS) | {"am", "pm", "noon", "midday", "midnight", "morning", "afternoon",
                                  "evening", "night", "o'clock", "oclock", "hours", "hrs"}
    for phrase in PREFIXES + SUFFIXES + FILLERS_BEFORE + FILLERS_AFTER + RANDOM_WORDS:
        words = set(re.findall(r"[a-z']+", phrase.lower()))
        assert not words & banned, phrase
        assert not re.search(r"\d", phrase), phrase


# --- labels re-derived from the generated text by an independent mini-parser -----------------

_WORD_VALUE = {number_words(n, j): n for n in range(60) for j in ("-", " ", "")}
_AM = r"a\.? ?m\.?"
_PM = r"p\.? ?m\.?"


def _period_hour(hour: int, tail: str) -> int:
    tail = tail.strip()
    if re.fullmatch(_AM, tail) or tail in ("in the morning", "this morning", "in the am"):
        return 0 if hour == 12 else hour
    if re.fullmatch(_PM, tail) or tail.startswith(("in the after", "in the even", "this after", "this even")) or tail == "in the pm":
        return hour + 12 if hour < 12 else hour
    if tail == "at night":
        return hour + 12 if 6 <= hour <= 11 else (0 if hour == 12 else hour)
    assert tail == "", tail
    return hour


def _parse_digits(text: str) -> str:
    t = normalize_text(text)
    m = re.fullmatch(r"(\d{1,2}) ?[:.h] ?(\d\d)(.*)", t) or re.fullmatch(r"(\d{1,2})(\d\d)(.*)", t)
    if m:
        hour, minute, tail = int(m[1]), int(m[2]), m[3]
    else:
        m = re.fullmatch(r"(\d{1,2}) ?h?(.*)", t)
        assert m, t
        hour, minute, tail = int(m[1]), 0, m[2]
    tail = re.sub(r"^ ?(hours|hrs|hr|h)\b", "", tail)
    tail = re.sub(r"^ ?o' ?clock|^ ?o clock|^ ?oclock", "", tail)
    return f"{_period_hour(hour, tail):02d}:{minute:02d}"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["digits_colon", "digits_compact", "digits_ampm"]))
def test_digit_phrases_parse_back_to_their_label(seed: int, family: str) -> None:
    phrase, spoken = getattr(phrasing, family)(random.Random(seed))
    assert _parse_digits(phrase) == resolve(spoken), phrase


def _parse_relative(text: str) -> str:
    t = normalize_text(text)
    m = re.fullmatch(r"(a quarter|quarter|half|[a-z -]+?|\d+)( minutes?| mins?)? (past|after|to|till|before) "
                     r"([a-z]+|\d+)( o' ?clock| o ?clock| oclock)?(.*)", t)
    assert m, t
    amount = {"a quarter": 15, "quarter": 15, "half": 30}.get(m[1])
    amount = amount if amount is not None else (int(m[1]) if m[1].isdigit() else _WORD_VALUE[m[1]])
    sign = 1 if m[3] in ("past", "after") else -1
    if m[4] in ("noon", "midnight"):
        total = (720 if m[4] == "noon" else 1440) + sign * amount
        total %= 1440
        return f"{total // 60:02d}:{total % 60:02d}"
    hour = int(m[4]) if m[4].isdigit() else _WORD_VALUE[m[4]]
    total = hour * 60 + sign * amount
    h, minute = divmod(total, 60)
    h = 12 if h == 0 else h
    return f"{_period_hour(h, m[6]):02d}:{minute:02d}"


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_relative_phrases_parse_back_to_their_label(seed: int) -> None:
    phrase, spoken = phrasing.words_relative(random.Random(seed))
    assert _parse_relative(phrase) == resolve(spoken), phrase


@pytest.mark.parametrize("seed", range(300))
def test_negative_texts_hold_no_clock_reading(seed: int) -> None:
    text = normalize_text(negative_text(random.Random(seed)))
    for h, m in re.findall(r"(?<!\d)(\d{1,2})[:.]?(\d\d)(?!\d)", text):
        assert int(h) > 23 or int(m) > 59, text
    words = set(re.findall(r"[a-z]+", text))
    assert not words & (set(NUMBER_WORDS) | {"noon", "midnight", "midday"}), text
    bare = re.sub(r"\d+[:.]\d+|\d{3,}", " ", text)  # readings and long numbers: checked above
    assert not re.search(r"(?<!\d)([01]?\d|2[0-3])(?!\d)", bare), text  # a bare hour such as "7"
