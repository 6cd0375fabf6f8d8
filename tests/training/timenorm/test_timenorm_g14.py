"""Generator g14's rules: times while arranging to meet and after a service's first or last (``phrasing_g14``),
versions an instruction sets and numbers that point into a document or a system (``lookalikes_g14``)."""
from __future__ import annotations

import random
import re

import pytest

from training.timenorm import (
    addresses_g26,
    identifiers_g28,
    lookalikes_g12,
    lookalikes_g13,
    lookalikes_g14,
    phrasing_g13,
    phrasing_g14,
)
from training.timenorm.conventions import DAY_WORDS_AFTER, NO_TIME, day_word_agrees, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

SEEDS = range(300)
TIME_WORDS = ("am", "pm", "a.m", "p.m", "noon", "midday", "midnight", "morning", "afternoon", "evening",
              "night", "tonight", "o'clock", "oclock", "half", "quarter", "past", "to")


def _words(texts: tuple[str, ...]) -> set[str]:
    return {w for t in texts for w in re.findall(r"[a-z.']+", t.lower())} - {"the", "my", "a", "of", "no.", "at"}


def test_the_time_side_holds_no_number_or_time_word_and_shares_no_noun_with_the_lookalikes() -> None:
    fixed = _words(phrasing_g14.MEETING + phrasing_g14.PLACE_WORDS + phrasing_g14.PLACES + phrasing_g14.SERVICE_EDGES
                   + phrasing_g14.TAILS)
    assert not fixed & set(NUMBER_WORDS) and not fixed & (set(TIME_WORDS) - {"to"})
    nouns = _words(phrasing_g14.PLACES + phrasing_g14.SERVICE_EDGES)
    for negative in (lookalikes_g14.REFERENCES, lookalikes_g14.VERSIONED, lookalikes_g13.CODE_NOUNS_G13,
                     lookalikes_g13.PROGRAMS, lookalikes_g12.GOODS):
        assert not nouns & _words(negative), nouns & _words(negative)


def test_references_are_not_things_that_happen() -> None:
    assert not _words(lookalikes_g14.REFERENCES) & _words(phrasing_g13.HAPPENINGS + phrasing_g14.SERVICE_EDGES)


@pytest.mark.parametrize("seed", SEEDS)
def test_g14_phrasings_keep_their_label_and_day_words_agree(seed: int) -> None:
    rng = random.Random(seed)
    for make in (phrasing_g14.colon_arranged, phrasing_g14.compact_arranged):
        text, spoken = make(rng)
        label = resolve(spoken)
        hh, mm = label.split(":")
        pattern = rf"(?<!\d){hh}{mm}(?!\d)" if make is phrasing_g14.compact_arranged else \
            rf"(?<!\d)0?{int(hh)}[:.]{mm}(?!\d)"
        assert label != NO_TIME and re.search(pattern, text), (text, label)
        for word in DAY_WORDS_AFTER:
            if text.endswith(f" {word}") or f" {word} " in text or f" {word}," in text:
                assert DAY_WORDS_AFTER[word] is None or day_word_agrees(word, label), (text, label)


@pytest.mark.parametrize("seed", SEEDS)
def test_g14_negatives_hold_their_number_and_words(seed: int) -> None:
    rng = random.Random(seed)
    version = lookalikes_g14.version_set(rng)
    assert re.search(r" to \d+\.\d+", version) and version.split()[0] in _words(lookalikes_g14.SET_VERBS), version
    reference = normalize_text(lookalikes_g14.reference(rng))
    assert re.search(r"\b\d{3,4}\b", reference), reference
    assert any(n.split()[0].rstrip(".") in reference for n in lookalikes_g14.REFERENCES), reference


_SEAT_IN_WORDS = re.compile(rf"\bat (?:{'|'.join(identifiers_g28.SEATS)}) [a-z]+")


def _says_where(text: str) -> bool:
    """The words after "meet me at" are a place, not a time: a house number before a street (g26: "meet me at 1021
    market avenue"), a numbered place in words (g28: "meet me at gate nine") or a place word ("i'll be at home -
    shirt 1803 ...", a clause beside a code)."""
    rest = " ".join(text.lower().split())
    return bool(addresses_g26.HOUSE_BEFORE_STREET.search(rest) or _SEAT_IN_WORDS.search(rest)
                or re.search(r" at (?:home|work|school)\b", rest))


def _impossible(text: str) -> bool:
    pairs = [(a or c, b or d) for a, b, c, d in re.findall(r"(\d+)[.:](\d\d)|\b(\d\d)(\d\d)\b", text)]
    words = r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b"
    return not re.search(rf"\d|{words}", text.lower()) or any(int(h) > 23 or int(m) > 59 for h, m in pairs)


def test_the_generator_draws_the_g14_rules_and_labels_them() -> None:
    samples = [next(s) for s in [iterate(GeneratorConfig(seed=7))] for _ in range(20_000)]
    meetings = [s for s in samples if any(s.text.lower().startswith(m) for m in phrasing_g14.MEETING[:6])
                and not _says_where(s.text)]
    # an impossible reading ("let's meet at around 13:82?", "... about 1878") or no number at all ("meet me at the
    # office") is a no-time text of negative_text's
    impossible = [s for s in meetings if _impossible(s.text)]
    assert meetings and all(s.label != NO_TIME for s in meetings if s not in impossible)
    assert all(s.label == NO_TIME for s in impossible)
    references = [s for s in samples if re.match(r"(chapter|paragraph|clause|appendix) (no\. )?\d", s.text.lower())]
    assert references and all(s.label == NO_TIME for s in references)
