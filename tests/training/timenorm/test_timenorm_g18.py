"""Generator g18's rules: number words that count or point, sums and ranges, prices with a rate after "at"."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import lookalikes_g18
from training.timenorm.conventions import NO_TIME
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

TIME_WORDS = {"am", "pm", "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "tonight",
              "o'clock", "half", "quarter", "past", "till", "until", "today", "tomorrow", "sharp"}


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z']+", t.lower())}


def test_the_lists_hold_no_time_word_and_no_number_word() -> None:
    g = lookalikes_g18
    fixed = _words(g.THINGS + g.OWNERS + g.ADJECTIVES + g.COUNTED + g.RATES + g.SOLD + g.SOLD_LEADS)
    assert not fixed & TIME_WORDS, fixed & TIME_WORDS
    assert not fixed & (set(NUMBER_WORDS) - {"one"}), fixed & set(NUMBER_WORDS)
    assert "hours" in g.COUNTED and "minutes" in g.COUNTED  # "5 to 10 minutes" is a duration, no clock time


@pytest.mark.parametrize("seed", range(200))
def test_pointing_puts_a_number_word_before_what_it_counts(seed: int) -> None:
    text = normalize_text(lookalikes_g18.pointing(random.Random(seed)))
    number = re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b", text)
    assert number, text
    after = text[number.end():].split()
    assert after and (after[0] in ("of", "on", "with") or after[0].startswith("of")), text  # never a clock reading
    assert len(text) <= 64


@pytest.mark.parametrize("seed", range(200))
def test_sums_and_ranges_count_upwards_or_name_the_operation(seed: int) -> None:
    text = normalize_text(lookalikes_g18.sum_or_range(random.Random(seed)))
    numbers = re.findall(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen"
                         r"|fifteen|sixteen|seventeen|eighteen|nineteen)\b", text)
    assert len(numbers) == 2, text
    words = set(re.findall(r"[a-z]+", text))
    operation = words & {"add", "multiply", "divide", "plus", "times", "take", "subtract", "minus", "count", "divided"}
    counted = words & set(lookalikes_g18.COUNTED)
    assert operation or counted, text  # "five to ten" alone would be 09:55: a noun or an operation must say why not


@pytest.mark.parametrize("seed", range(200))
def test_prices_at_carry_a_rate(seed: int) -> None:
    text = normalize_text(lookalikes_g18.price_at(random.Random(seed)))
    assert re.search(r"\bat \d{1,2}[.,]\d{2} ", text), text
    assert any(rate in text for rate in lookalikes_g18.RATES), text


def test_the_generator_labels_them_without_a_time() -> None:
    stream = iterate(GeneratorConfig(seed=11))
    found = {"pointing": 0, "sum": 0, "price_at": 0}
    for _ in range(40_000):
        s = next(stream)
        text = normalize_text(s.text)
        kind = "pointing" if re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) of "
                                       r"(the|my|our|your|his|her|their|these|those|them|us)\b", text) \
            else "sum" if re.match(r"^(add|multiply|divide|subtract) ", text) \
            else "price_at" if re.search(r"\bat \d{1,2}[.,]\d{2} (each|apiece|a kilo|a pack|a dozen)\b", text) else None
        if kind:
            found[kind] += 1
            assert s.label == NO_TIME, s
    assert min(found.values()) >= 10, found
