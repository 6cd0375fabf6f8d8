"""Generator g27: tails after a number follow both sides; a number said first is decided by the noun after it."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from training.timenorm import tails_g27
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.wordnet_nouns import noun_pool

#: Words that would make a tail say something about the time (number words are allowed: "for six").
TIME_WORDS = {"am", "pm", "noon", "midday", "midnight", "morning", "afternoon", "evening", "night", "tonight",
              "o'clock", "half", "quarter", "past", "till", "until", "today", "tomorrow", "sharp", "hours",
              "minutes", "late", "early", "ago"}


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z'-]+", t.lower())}


def test_the_fixed_lists_hold_no_time_word_and_no_digit() -> None:
    g = tails_g27
    lists = (g.WHERE_PREPOSITIONS + g.PLACE_ADJECTIVES + g.ROOMS + g.WHERE_WORDS + g.NAMES + g.AUDIENCES
             + g.PARTY_SIZES + g.WEEKDAYS + g.CONDITIONS + g.BECAUSE_OF + g.PRICE_NOUNS)
    assert not _words(lists) & TIME_WORDS, _words(lists) & TIME_WORDS
    assert not any(re.search(r"\d", t) for t in lists)


@pytest.mark.parametrize("seed", range(30))
def test_a_tail_goes_only_after_a_final_number_and_keeps_the_text_in_front(seed: int) -> None:
    rng = random.Random(seed)
    out = tails_g27.with_tail("pottery class 18.10", rng)
    assert out.startswith("pottery class 18.10") and len(out) <= tails_g27.MAX_CHARS
    assert not re.search(r"\d", out[len("pottery class 18.10"):]), out
    assert tails_g27.with_tail("the 1835 train is late", rng) == "the 1835 train is late"
    long_text = "x" * (tails_g27.MAX_CHARS - 2) + "10"
    assert tails_g27.with_tail(long_text, rng) == long_text  # no tail fits: unchanged, never cut


def test_number_first_the_noun_decides() -> None:
    rng = random.Random(5)
    nouns = noun_pool()
    for _ in range(200):
        text, spoken = tails_g27.time_first(rng)
        number, rest = text.split(" ", 1)
        assert number.replace(".", "").replace(":", "") == resolve(spoken).replace(":", "").lstrip("0") or \
            number.replace(".", "").replace(":", "").zfill(4) == resolve(spoken).replace(":", ""), text
        assert rest.split()[-1] in nouns["timed"], text
        code = tails_g27.code_first(rng)
        assert code.split()[-1] not in nouns["timed"] and re.match(r"\d+ ", code), code
        price = tails_g27.price_first(rng)
        assert price.split()[-1] in tails_g27.PRICE_NOUNS and re.match(r"\d+[.,]\d\d ", price), price


def test_the_tails_that_followed_one_side_now_follow_both() -> None:
    """The measure behind g27: in g26's stream "upstairs" followed only codes and "because" only look-alikes;
    in g27's each follows times and look-alikes alike, and a time with a tail keeps its label."""
    samples = list(itertools.islice(iterate(GeneratorConfig(seed=27)), 60_000))
    counts = tails_g27.tail_counts((s.text, s.label) for s in samples)
    for word in ("upstairs", "with", "for", "because", "on"):
        assert counts["time"][word] >= 3 and counts["other"][word] >= 1, (word, counts["time"][word],
                                                                          counts["other"][word])
    tailed = [s for s in samples if s.category in tails_g27.TIME_FAMILIES
              and re.search(r"\d (upstairs|for beginners|with [a-z]+|weather permitting)\b", s.text.lower())]
    assert len(tailed) > 20
    for s in tailed:
        assert s.label != NO_TIME and s.label.replace(":", "")[-2:] in s.text.replace(".", "").replace(":", ""), s


def test_the_stream_says_numbers_first_on_both_sides() -> None:
    first = re.compile(r"^(\d{1,4}(?:[.:,]\d\d)?) (?:is|was|will be|is still) (?:the|our|my|your) ([a-z' -]+)$")
    sides = {"time": 0, "other": 0}
    nouns, checked = noun_pool(), 0
    for s in itertools.islice(iterate(GeneratorConfig(seed=28)), 100_000):
        match = first.match(s.text.strip().lower())
        if match:
            sides["time" if s.label else "other"] += 1
            noun = match.group(2)
            if noun in nouns["timed"] or noun in nouns["thing"]:  # no context was added after it
                checked += 1
                assert (noun in nouns["timed"]) == (s.label != NO_TIME), s
    assert sides["time"] > 25 and sides["other"] > 25 and checked > 50, (sides, checked)
