"""Generator g29: a clock time after "after"/"before" or an offer is that time; an amount said with what it pays for
is a price."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from training.timenorm import limits_g29
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate

CLOCK = re.compile(r"\b(\d{1,2})[.:](\d\d)$|\b(\d\d)(\d\d)$")


def _said_time(text: str) -> str:
    match = CLOCK.search(text)
    assert match, text
    hour, minute = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    return f"{int(hour):02d}:{minute}"


@pytest.mark.parametrize("seed", range(60))
def test_a_limit_or_an_offer_is_labelled_with_the_time_it_names(seed: int) -> None:
    text, spoken = limits_g29.phrase(random.Random(seed))
    assert resolve(spoken) == _said_time(text), text
    assert any(f" {w} " in f" {text} " for w in limits_g29.LIMITS + limits_g29.OFFERS), text


def test_the_word_lists_hold_no_digit_and_no_part_of_the_day() -> None:
    words = " ".join(limits_g29.LIMITS + limits_g29.OFFERS + limits_g29.SUBJECTS + limits_g29.PAID_FOR)
    assert not re.search(r"\d|\b(?:am|pm|noon|midnight|morning|evening|night|tonight|hours?|minutes?)\b", words)


def test_the_stream_says_both_sides() -> None:
    """"after 15.00" is a time and "he said 3.50 for the lot" a price; a duration after "after" stays none."""
    after = re.compile(r"\b(?:after|before) (?:\d{1,2}[.:]\d\d|\d{4})\b(?! ?(?:hours|hrs|h\b|mins?|minutes))")
    paid = re.compile(rf"\b\d{{1,2}}[.,]\d\d ({'|'.join(map(re.escape, limits_g29.PAID_FOR))})\b")
    limits = prices = 0
    for s in itertools.islice(iterate(GeneratorConfig(seed=29)), 60_000):
        text = s.text.lower()
        if s.category in limits_g29.TIME_FAMILIES and after.search(text):
            limits += 1
            assert s.label != NO_TIME, s
        elif s.category == "neg-price" and paid.search(text) and re.search(r"\b(said|says|quoted|charged)\b", text):
            prices += 1
            assert s.label == NO_TIME, s
    assert limits > 100 and prices > 20, (limits, prices)
