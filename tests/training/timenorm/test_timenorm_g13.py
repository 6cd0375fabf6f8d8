"""Generator g13's rules: times after things that happen (``phrasing_g13``) and versions, years, fees and codes
after more words (``lookalikes_g13``)."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import lookalikes_g12, lookalikes_g13, phrasing_compact, phrasing_g13
from training.timenorm.conventions import DAY_WORDS_AFTER, NO_TIME, day_word_agrees, resolve
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

SEEDS = range(300)
TIME_WORDS = ("am", "pm", "a.m", "p.m", "noon", "midday", "midnight", "morning", "afternoon", "evening",
              "night", "tonight", "o'clock", "oclock", "half", "quarter", "past")


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z.']+", t.lower())} - {"the", "my", "a", "of", "no."}


def test_happenings_hold_no_time_word_and_share_no_word_with_the_lookalikes() -> None:
    fixed = _words(phrasing_g13.HAPPENINGS + phrasing_g13.LINKS + phrasing_g13.COMPACT_TAILS + phrasing_g13.TIME_TAILS)
    assert not fixed & set(TIME_WORDS) and not fixed & set(NUMBER_WORDS)
    happenings = _words(phrasing_g13.HAPPENINGS)
    for negative in (lookalikes_g13.YEAR_EVENTS, lookalikes_g13.FEES, lookalikes_g13.CODE_NOUNS_G13,
                     lookalikes_g13.SOFTWARE, lookalikes_g13.PROGRAMS, lookalikes_g12.GOODS, lookalikes_g12.YEAR_THINGS):
        assert not happenings & _words(negative), happenings & _words(negative)


def test_year_events_are_not_services_that_have_a_time() -> None:
    assert not _words(lookalikes_g13.YEAR_EVENTS) & _words(phrasing_compact.SERVICES)


@pytest.mark.parametrize("seed", SEEDS)
def test_g13_phrasings_keep_their_label_and_day_words_agree(seed: int) -> None:
    rng = random.Random(seed)
    text, spoken = phrasing_g13.compact_happening(rng)
    label = resolve(spoken)
    assert label != NO_TIME and label.replace(":", "") in text, (text, label)
    text, spoken = phrasing_g13.colon_happening(rng)
    label = resolve(spoken)
    hh, mm = label.split(":")
    assert re.search(rf"(?<!\d)0?{int(hh)}\s?[:.]\s?{mm}(?!\d)", text), (text, label)
    for word in DAY_WORDS_AFTER:
        if f" {word}" in text and DAY_WORDS_AFTER[word] is not None:
            assert day_word_agrees(word, label), (text, label)


@pytest.mark.parametrize("seed", SEEDS)
def test_g13_negatives_hold_their_number_and_words(seed: int) -> None:
    rng = random.Random(seed)
    version = lookalikes_g13.version_said(rng)
    assert re.search(r"\d+\.\d+", version), version
    year = lookalikes_g13.year_event(rng)
    assert re.search(r"\b(19|20)\d\d\b", year) and any(e in year for e in lookalikes_g13.YEAR_EVENTS), year
    fee = lookalikes_g13.fee(rng)
    assert re.search(r"\d+[.,]\d\d", fee) and any(f in fee for f in lookalikes_g13.FEES), fee
    code = normalize_text(lookalikes_g13.code_g13(rng))
    assert re.search(r"\b\d{4}\b", code), code
    assert any(n.split()[0] in code for n in lookalikes_g13.CODE_NOUNS_G13), code
