"""Generator g16's rules: an activity's time and where (``phrasing_g16``), a version something is rolled
back or updated to and a small order with what it came to (``lookalikes_g16``)."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import (
    lookalikes_g12,
    lookalikes_g13,
    lookalikes_g14,
    lookalikes_g15,
    lookalikes_g16,
    phrasing_g15,
    phrasing_g16,
)
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

SEEDS = range(300)
TIME_WORDS = ("am", "pm", "a.m", "p.m", "noon", "midday", "midnight", "morning", "afternoon", "evening",
              "night", "tonight", "o'clock", "oclock", "half", "quarter", "past", "till")
STOP = {"the", "my", "a", "an", "of", "at", "your", "our", "for", "is", "in", "and", "we", "i", "by", "on",
        "from", "'s", "it", "they", "out", "up", "off"}


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z.'-]+", t.lower())} - STOP


def test_the_time_side_holds_no_number_or_time_word() -> None:
    fixed = _words(phrasing_g16.ACTIVITIES + phrasing_g16.LINKS + phrasing_g16.SETTING_OFF + phrasing_g16.AFTER
                   + phrasing_g16.STARTS)
    assert not fixed & set(NUMBER_WORDS) and not fixed & set(TIME_WORDS), fixed & (set(NUMBER_WORDS) | set(TIME_WORDS))


def test_activities_are_never_things_with_versions_codes_or_goods() -> None:
    activities = _words(phrasing_g16.ACTIVITIES)
    for other in (lookalikes_g14.VERSIONED, lookalikes_g13.PROGRAMS, lookalikes_g14.REFERENCES,
                  lookalikes_g12.GOODS, lookalikes_g15.BOUGHT, lookalikes_g16.ORDERED, lookalikes_g16.USED):
        assert not activities & _words(other), activities & _words(other)


def test_things_updated_are_never_events_with_a_time() -> None:
    updated = _words(lookalikes_g16.USED)
    assert not updated & _words(phrasing_g15.EVENTS + phrasing_g16.ACTIVITIES)


@pytest.mark.parametrize("seed", SEEDS)
def test_g16_phrasings_keep_their_label(seed: int) -> None:
    rng = random.Random(seed)
    for make in (phrasing_g16.colon_activity, phrasing_g16.compact_activity):
        text, spoken = make(rng)
        label = resolve(spoken)
        hh, mm = label.split(":")
        pattern = rf"(?<!\d){hh}{mm}(?!\d)" if make is phrasing_g16.compact_activity else \
            rf"(?<!\d)0?{int(hh)}[:.]{mm}(?!\d)"
        assert label != NO_TIME and re.search(pattern, text), (text, label)
        assert len(text) <= 64, text
    text, spoken = phrasing_g16.starts_at_words(rng)
    assert resolve(spoken) != NO_TIME and len(text) <= 64 and re.search(r"past|after|to|till|before", text), text


@pytest.mark.parametrize("seed", SEEDS)
def test_g16_negatives_hold_a_version_or_an_amount(seed: int) -> None:
    rng = random.Random(seed)
    moved = normalize_text(lookalikes_g16.version_moved(rng))
    assert re.search(r"\d+\.\d+", moved) and re.search(r"\b(to|on)\b", moved), moved
    order = normalize_text(lookalikes_g16.small_order(rng))
    assert re.search(r"\d+[.,]\d\d", order), order
    assert sum(thing[:4] in order for thing in lookalikes_g16.ORDERED) >= 1, order


def test_the_generator_draws_the_g16_rules_and_labels_them() -> None:
    samples = [next(s) for s in [iterate(GeneratorConfig(seed=7))] for _ in range(40_000)]
    starts = [s for s in samples if s.category == "words-relative"
              and any(f"{a} {v} " in s.text.lower() for a in phrasing_g16.ACTIVITIES for v in phrasing_g16.STARTS)]
    assert starts and all(s.label != NO_TIME for s in starts)
    activity = [s for s in samples if re.search(r"^(choir|bingo|yoga|pilates|nets) \d{4}", s.text.lower())]
    assert activity and all(s.label != NO_TIME for s in activity)
    rolled = [s for s in samples if re.search(r"^(we rolled back|rolled back|we reverted) to \d", s.text.lower())]
    assert rolled and all(s.label == NO_TIME for s in rolled)
