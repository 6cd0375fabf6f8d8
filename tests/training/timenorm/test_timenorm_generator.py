"""The synthetic generator: determinism, label format, and labels re-derived from the text."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from training.timenorm import (
    limits_g29,
    lookalikes,
    lookalikes_g12,
    lookalikes_g13,
    lookalikes_g14,
    lookalikes_g15,
    lookalikes_g16,
    lookalikes_g18,
    movers_g22,
    phrasing,
    phrasing_tutorial,
    tails_g27,
)
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import FAMILIES, NEGATIVE_CATEGORIES, GeneratorConfig, generate, is_negative
from training.timenorm.negatives import MONTHS, NEGATIVE_KINDS, PRICE_RATES, PRICED_THINGS, VERSION_TAILS
from training.timenorm.noise import negative_text
from training.timenorm.numbers import NUMBER_WORDS, number_words
from training.timenorm.text import normalize_text
from training.timenorm.wordnet_nouns import shipped_nouns
from training.timenorm.words import FILLERS_AFTER, FILLERS_BEFORE, PREFIXES, RANDOM_WORDS, SUFFIXES

HHMM = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
SAMPLES = generate(6000, GeneratorConfig(seed=7))


def test_same_seed_same_samples_other_seed_other_samples() -> None:
    assert generate(300, GeneratorConfig(seed=7)) == SAMPLES[:300]
    assert generate(300, GeneratorConfig(seed=8)) != SAMPLES[:300]


def test_labels_are_valid_times_or_no_time() -> None:
    for s in SAMPLES:
        assert s.label == NO_TIME or HHMM.match(s.label), s
        assert (s.label == NO_TIME) == is_negative(s.category), s
        if s.spoken is not None:
            assert s.label == resolve(s.spoken)


def test_every_family_and_negatives_occur() -> None:
    categories = {s.category for s in SAMPLES}
    assert categories == set(FAMILIES) | set(NEGATIVE_CATEGORIES)
    share = sum(is_negative(s.category) for s in SAMPLES) / len(SAMPLES)
    assert 0.26 < share < 0.34


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


# --- the tutorial-style families (v3), parsed back by the same kind of mini-parser ----------

def _number_value(text: str) -> int:
    return int(text) if text.isdigit() else _WORD_VALUE[text]


def _half_of_day(hour: int, tail: str) -> int:
    tail = tail.strip()
    if tail in ("before noon", "before midday"):
        tail = "am"
    elif tail in ("after noon", "after midday"):
        tail = "pm"
    return _period_hour(hour, tail)


def _parse_tutorial(text: str) -> str:
    t = normalize_text(text)
    m = re.fullmatch(r"t(\d{1,2})[:.](\d\d)(.*)", t)
    if m:
        return f"{_half_of_day(int(m[1]), m[3]):02d}:{int(m[2]):02d}"
    m = re.fullmatch(r"([a-z -]+?|\d+) hours? and ([a-z -]+?|\d+)( minutes?| mins?)?((?: ?[ap]\.? ?m\.?| before"
                     r" \w+| after \w+| in the \w+)?)", t)
    if m:
        return f"{_half_of_day(_number_value(m[1]), m[4]):02d}:{_number_value(m[2]):02d}"
    m = re.fullmatch(r"([a-z]+|\d+) (?:o'clock|oclock|o clock) (?:(?:oh|zero|o)[ -])?([a-z -]+?|\d+)((?: ?[ap]\.? ?m\.?"
                     r"| before \w+| after \w+| in the \w+)?)", t)
    if m:
        return f"{_half_of_day(_number_value(m[1]), m[3]):02d}:{_number_value(m[2]):02d}"
    m = re.fullmatch(r"([a-z -]+?|\d+)(?: minutes?| mins?)? (after|past|before|to|till) ([a-z]+|\d+)"
                     r"(?: o'clock| oclock| o clock)?((?: ?[ap]\.? ?m\.?| before \w+| after \w+| in the \w+)?)", t)
    assert m, t
    minutes, hour = _number_value(m[1]), _number_value(m[3])
    total = hour * 60 + (minutes if m[2] in ("after", "past") else -minutes)
    h, minute = divmod(total, 60)
    return f"{_half_of_day(12 if h == 0 else h, m[4]):02d}:{minute:02d}"


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["t_prefix", "hours_and", "oclock_minutes", "minutes_after",
                                               "minutes_before"]))
def test_tutorial_phrases_parse_back_to_their_label(seed: int, family: str) -> None:
    phrase, spoken = getattr(phrasing_tutorial, family)(random.Random(seed))
    assert _parse_tutorial(phrase) == resolve(spoken), phrase


def test_tutorial_families_cover_the_issue_shapes() -> None:
    """Every shape of issue 11 occurs: units, am/pm spellings, before/after noon, any minute."""
    texts = {family: [normalize_text(getattr(phrasing_tutorial, family)(random.Random(i))[0]) for i in range(3000)]
             for family in ("t_prefix", "hours_and", "oclock_minutes", "minutes_after", "minutes_before")}
    before = " ".join(texts["minutes_before"])
    for needle in (" min before", " mins before", " minutes before", "before noon", "after noon",
                   "in the morning", "in the afternoon", "a.m ", "p.m.", "pm"):
        assert needle in before + " ", needle
    assert any(re.match(r"t\d+:\d\dp\.m$", t) for t in texts["t_prefix"])
    assert any(re.match(r"t\d+\.\d\d a\.m$", t) for t in texts["t_prefix"])
    minutes = {int(m) for t in texts["minutes_before"] for m in re.findall(r"^(\d+)", t)}
    assert minutes == set(range(1, 60))
    assert any(" hours and " in t and t.endswith(" pm") for t in texts["hours_and"])


@pytest.mark.parametrize("kind", NEGATIVE_KINDS)
def test_lookalike_negatives_are_labelled_no_time_and_hold_their_kind(kind: str) -> None:
    samples = generate(4000, GeneratorConfig(seed=11, negative_fraction=1.0, lookalike_share=1.0))
    of_kind = [normalize_text(s.text) for s in samples if s.category == f"neg-{kind}"]
    assert len(of_kind) > 300 and all(s.label == NO_TIME for s in samples)
    assert all(re.search(r"\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|zero|thir|fif|twenty|thirty|forty|fifty"
                         r"|hour|minute", t) for t in of_kind), kind
    tails = "|".join(VERSION_TAILS[2:])
    money = PRICE_RATES + PRICED_THINGS + lookalikes.RATES + lookalikes.SOLD + lookalikes.MONEY_WORDS
    money += tuple(g[:4] for g in lookalikes_g12.GOODS)  # g12: a bare amount beside things bought
    money += lookalikes_g13.FEES  # g13: fees and charges
    money += tuple(b[:4] for b in lookalikes_g15.BOUGHT)  # g15: what a few things bought came to
    money += tuple(b[:4] for b in lookalikes_g16.ORDERED)  # g16: a small order and what it came to
    money += lookalikes_g18.RATES  # g18: a price with a rate after "at"
    money += shipped_nouns()["food"] + shipped_nouns()["thing"]  # g20: an amount after food or a thing bought
    money += tuple(max(re.sub(r"\{[pa]\}|'s", "", f).split(), key=len) for f in movers_g22.PAY_FRAMES)  # g22: "charged"
    money += tails_g27.PRICE_NOUNS  # g27: "6.50 is the fare"
    money += limits_g29.PAID_FOR  # g29: "he said 3.50 for the lot"
    software = "|".join(map(re.escape, lookalikes_g13.VERSION_VERBS + lookalikes_g13.PROGRAMS + lookalikes_g13.SOFTWARE
                            + lookalikes_g14.SET_VERBS + lookalikes_g14.VERSIONED  # g14: "pin the runtime to 7.21"
                            + lookalikes_g16.BARE_MOVES + lookalikes_g16.UPDATES + lookalikes_g16.USED))  # g16
    marker = {"price": r"\$|\u20ac|\u00a3|dollar|euro|eur|usd|buck|pound|gbp|chf|quid|franc|z\u0142|kr|"
                       + "|".join(map(re.escape, money)),
              "version": r"(^|\W)v\d|version|release|python|ios|android|update|firmware|build|ubuntu|node|upgrade|"
                         + tails + "|" + software,
              "score": r"\d ?(-|to|:) ?\d", "phone": r"\d{3}", "date": r"\d{4}|/|\d(st|nd|rd|th)\b|\d\.\d\d\.\d\d|\b(2[4-9]|3[01])\.\d\d\b|"
                      + "|".join(MONTHS),
              "duration": r"hour|hrs|min", "relative": r"hour|hrs|min", "quantity": r"[a-z%\u00b0]"}[kind]
    assert all(re.search(marker, t) for t in of_kind), [t for t in of_kind if not re.search(marker, t)][:5]


@pytest.mark.parametrize("seed", range(200))
def test_no_random_word_right_after_a_bare_number(seed: int) -> None:
    """"at half seven apple" would read like a count ("7 apples" is a look-alike negative)."""
    from training.timenorm.noise import add_context, ends_with_bare_number
    from training.timenorm.words import COMMENTS_AFTER

    assert ends_with_bare_number("half seven") and ends_with_bare_number("at 7") and ends_with_bare_number("7.30")
    assert not ends_with_bare_number("7pm") and not ends_with_bare_number("seven o'clock")
    after = add_context("half seven", random.Random(seed)).partition("half seven")[2].strip()
    allowed = SUFFIXES + COMMENTS_AFTER + FILLERS_AFTER
    assert after == "" or after.startswith((",", "-")) or after.startswith(allowed), after
