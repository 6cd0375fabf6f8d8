"""Generator g15's rules: an event moved to a time and a booking's time (``phrasing_g15``), what a few things
bought came to and an event moved to a day (``lookalikes_g15``)."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import lookalikes_g12, lookalikes_g13, lookalikes_g14, lookalikes_g15, phrasing_g15
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

SEEDS = range(300)
TIME_WORDS = ("am", "pm", "a.m", "p.m", "noon", "midday", "midnight", "morning", "afternoon", "evening",
              "night", "tonight", "o'clock", "oclock", "half", "quarter", "past")
STOP = {"the", "my", "a", "an", "of", "at", "to", "your", "our", "for", "is", "in", "and", "we", "i", "i've",
        "can", "let's", "please"}


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z.'-]+", t.lower())} - STOP


def test_the_time_side_holds_no_number_or_time_word() -> None:
    fixed = _words(phrasing_g15.MOVE_VERBS + phrasing_g15.EVENTS + phrasing_g15.BOOKINGS + phrasing_g15.BOOKING_TAILS)
    assert not fixed & set(NUMBER_WORDS) and not fixed & set(TIME_WORDS), fixed & (set(NUMBER_WORDS) | set(TIME_WORDS))


def test_events_are_never_things_with_versions_codes_or_goods() -> None:
    events = _words(phrasing_g15.EVENTS)
    for other in (lookalikes_g14.VERSIONED, lookalikes_g13.PROGRAMS, lookalikes_g14.REFERENCES,
                  lookalikes_g12.GOODS, lookalikes_g15.BOUGHT):
        assert not events & _words(other), events & _words(other)


@pytest.mark.parametrize("seed", SEEDS)
def test_g15_phrasings_keep_their_label(seed: int) -> None:
    rng = random.Random(seed)
    for make in (phrasing_g15.colon_planned, phrasing_g15.compact_planned):
        text, spoken = make(rng)
        label = resolve(spoken)
        hh, mm = label.split(":")
        pattern = rf"(?<!\d){hh}{mm}(?!\d)" if make is phrasing_g15.compact_planned else \
            rf"(?<!\d)0?{int(hh)}[:.]{mm}(?!\d)"
        assert label != NO_TIME and re.search(pattern, text), (text, label)
        assert len(text) <= 64, text


@pytest.mark.parametrize("seed", SEEDS)
def test_g15_negatives_hold_an_amount_or_a_day(seed: int) -> None:
    rng = random.Random(seed)
    receipt = normalize_text(lookalikes_g15.receipt(rng))
    assert re.search(r"\d+[.,]\d\d", receipt), receipt
    assert any(thing.split()[0][:4] in receipt for thing in lookalikes_g15.BOUGHT), receipt
    moved = normalize_text(lookalikes_g15.moved_to_day(rng))
    assert any(f" to {day}" in moved for day in lookalikes_g15.DAYS), moved
    assert not re.search(r"\d[:.]\d\d|\d{4}", moved), moved


def test_plurals_of_compound_things() -> None:
    assert lookalikes_g15._plural("glass of wine") == "glasses of wine"
    assert lookalikes_g15._plural("pain au chocolat") == "pains au chocolat"
    assert lookalikes_g15._plural("croissant") == "croissants"


def test_the_generator_draws_the_g15_rules_and_labels_them() -> None:
    samples = [next(s) for s in [iterate(GeneratorConfig(seed=7))] for _ in range(30_000)]
    moved = [s for s in samples if re.search(r"^(can we push|we moved|let's move) .* to \d", s.text.lower())]
    assert moved and all(s.label != NO_TIME for s in moved)
    to_day = [s for s in samples if re.search(r"^(can we push|we moved|let's move) .* to [a-z]", s.text.lower())
              and not re.search(r"\d", s.text)]  # not "let's move the date back to 1140 ... going to do this"
    assert to_day and all(s.label == NO_TIME for s in to_day)
    receipts = [s for s in samples if re.search(r"(croissant|latte|bagel|muffin)s?.*[,:] \d+[.,]\d\d", s.text.lower())]
    assert receipts and all(s.label == NO_TIME for s in receipts)
