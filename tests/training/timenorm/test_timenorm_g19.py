"""Generator g19's rules: a place after a code, a part-of-day word only after a time it agrees with."""
from __future__ import annotations

import random
import re
from itertools import islice

import pytest

from training.timenorm import tails_g19
from training.timenorm.conventions import DAY_WORDS_AFTER, NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.negatives import DAY_WORDS, lookalike_negative
from training.timenorm.text import normalize_text


@pytest.mark.parametrize(("text", "label"), [
    ("smoothie + curry: 16.33", "16:33"), ("pints 4.50", "04:50"), ("the total is 2215", "22:15"),
    ("at 19:45", "19:45"), ("drinks -> 8.22, ", "08:22"), ("it costs €21.30", None), ("$7.50", None),
    ("pin 3950", None), ("7.99.", None),
    ("version 1.2.10", None), ("5 kg", None), ("2.5", None), ("#2215", None),
])
def test_bare_amount_label_reads_only_a_bare_valid_time_at_the_end(text: str, label: str | None) -> None:
    assert tails_g19.bare_amount_label(text) == label


def test_day_word_for_amount_never_agrees_with_the_amount_read_as_a_time() -> None:
    rng = random.Random(0)
    evening = {tails_g19.day_word_for_amount("pints 21.30", DAY_WORDS, rng) for _ in range(500)}
    assert not evening & {"tonight", "this evening", "last night", "each night", "on friday night"}
    assert "this morning" in evening and "today" in evening  # what does not agree stays
    morning = {tails_g19.day_word_for_amount("coffee 7.20", DAY_WORDS, rng) for _ in range(500)}
    assert "this morning" not in morning and "tonight" in morning
    anything = {tails_g19.day_word_for_amount("€21.30", DAY_WORDS, rng) for _ in range(500)}
    assert "tonight" in anything  # a currency sign says what the amount is


def test_every_part_of_day_word_of_the_negatives_names_its_hours() -> None:
    for word in DAY_WORDS:
        named = any(part in word for part in ("morning", "afternoon", "evening", "night"))
        assert (word in tails_g19.PART_OF_DAY_HOURS) == named, word


@pytest.mark.parametrize("seed", range(150))
def test_times_with_a_part_of_day_word_agree_with_it(seed: int) -> None:
    rng = random.Random(seed)
    phrase, spoken = (tails_g19.colon_day_part if seed % 2 else tails_g19.compact_day_part)(rng)
    label = resolve(spoken)
    words = [w for w, hours in DAY_WORDS_AFTER.items() if hours is not None and phrase.endswith(w)]
    assert words, phrase
    assert all(int(label[:2]) in DAY_WORDS_AFTER[w] for w in words), (phrase, label)
    digits = re.findall(r"\d+", phrase)
    assert "".join(digits).lstrip("0") == f"{spoken.hour}{spoken.minutes:02d}".lstrip("0"), phrase
    assert len(phrase) <= tails_g19.MAX_CHARS


@pytest.mark.parametrize("seed", range(150))
def test_codes_with_a_place_hold_no_word_of_the_time(seed: int) -> None:
    text = normalize_text(tails_g19.code_with_place(random.Random(seed)))
    assert any(f" {p} " in f" {text} " for p in tails_g19.PREPOSITIONS), text
    assert not re.search(r"\b(am|pm|tonight|morning|evening|noon|o'clock|at \d)", text), text


def test_generated_look_alikes_never_end_in_an_agreeing_part_of_day_word() -> None:
    rng = random.Random(3)
    for _ in range(5000):
        text, kind = lookalike_negative(rng)
        clean = normalize_text(text).rstrip(" .,;:!?)]")
        for word, hours in tails_g19.PART_OF_DAY_HOURS.items():
            if kind != "version" and clean.endswith(" " + word):
                label = tails_g19.bare_amount_label(clean[: -len(word)].rstrip(" ,"))
                assert label is None or int(label[:2]) not in hours, text


def test_the_generator_puts_four_digits_before_from_the_on_both_sides() -> None:
    samples = list(islice(iterate(GeneratorConfig(seed=7)), 30000))
    sides = {s.label != NO_TIME for s in samples if re.search(r"\b\d{4} from the\b", s.text.lower())}
    assert sides == {True, False}
