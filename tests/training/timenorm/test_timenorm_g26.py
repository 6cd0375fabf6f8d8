"""Generator g26: a number right before a street is a house number (no time); a time beside an address keeps its label."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from training.timenorm import addresses_g26
from training.timenorm.conventions import NO_TIME
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

TIME_WORDS = {"am", "pm", "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "tonight",
              "o'clock", "half", "quarter", "past", "till", "until", "today", "tomorrow", "sharp", "hours", "minutes"}
HOUSE_BEFORE_STREET = addresses_g26.HOUSE_BEFORE_STREET


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z']+", t.lower())}


def test_the_lists_hold_no_time_word_and_no_number_word() -> None:
    g = addresses_g26
    fixed = _words(g.STREET_NAMES + g.STREET_KINDS + g.LEADS + g.PLACES + g.TAILS)
    assert not fixed & TIME_WORDS, fixed & TIME_WORDS
    assert not fixed & set(NUMBER_WORDS), fixed & set(NUMBER_WORDS)


@pytest.mark.parametrize("seed", range(40))
def test_an_address_has_its_number_right_before_the_street(seed: int) -> None:
    text = normalize_text(addresses_g26.address(random.Random(seed)))
    assert HOUSE_BEFORE_STREET.search(text), text


def test_house_numbers_are_mostly_shaped_like_times() -> None:
    rng = random.Random(3)
    numbers = [addresses_g26.house_number(rng) for _ in range(2000)]
    time_shaped = [n for n in numbers if len(n) >= 3 and int(n[:-2]) < 24 and int(n[-2:]) < 60]
    assert 0.75 < len(time_shaped) / len(numbers) < 0.95


def test_a_time_beside_an_address_keeps_the_phrase_in_front() -> None:
    rng = random.Random(7)
    for _ in range(50):
        out = addresses_g26.with_address("viewing 1430", rng)
        assert out.startswith("viewing 1430")
        number = HOUSE_BEFORE_STREET.search(out)
        assert number and int(number.group(1)) < 300, out


def test_the_stream_labels_addresses_no_time_and_keeps_the_time_beside_one() -> None:
    """In the generator's stream, a text whose only number sits before a street has no time; a digits-family
    time followed by an address is labelled with the time, never with the house number."""
    negatives = positives = 0
    for s in itertools.islice(iterate(GeneratorConfig(seed=11)), 80_000):
        text = normalize_text(s.text)
        found = HOUSE_BEFORE_STREET.search(text)
        if not found:
            continue
        if s.category == "no-time" and len(re.findall(r"\d+", text)) == 1:
            negatives += 1
            assert s.label == NO_TIME, s
        elif s.category in addresses_g26.TIME_FAMILIES and s.label != NO_TIME:
            positives += 1
            house = found.group(1)
            assert s.label.replace(":", "") != house.zfill(4), s
            first_number = re.search(r"\d", text)
            assert first_number and found.start() > first_number.start(), s  # the address follows the time
    assert negatives > 100 and positives > 100, (negatives, positives)
