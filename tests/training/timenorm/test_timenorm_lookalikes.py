"""Generator g10's rules: counted things, measures, prices with a rate, years, codes, compact times in context."""
from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from training.timenorm import lookalikes, phrasing_compact
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, generate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text
from training.timenorm.words import FILLERS_BEFORE, PREFIXES

SEEDS = range(400)


def _texts(fn: Callable[[random.Random], str], n: int = 400) -> list[str]:
    return [normalize_text(fn(random.Random(seed))) for seed in range(n)]


def test_plural() -> None:
    assert [lookalikes.plural(w) for w in ("beer", "box", "peach", "loaf", "person", "puppy", "day", "tomato",
                                           "sheep")] == ["beers", "boxes", "peaches", "loaves", "people",
                                                         "puppies", "days", "tomatoes", "sheep"]


def test_counted_things_have_a_number_then_a_word_and_mostly_small_numbers() -> None:
    texts = _texts(lookalikes.counted)
    number = r"\d+|(?:" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")(?:[ -]?[a-z]+)?"
    for t in texts:
        assert re.search(rf"(?:^|\s)(?:{number}) [a-z]", t), t
    small = [int(n) for t in texts for n in re.findall(r"(?<![\d.,])(\d+) [a-z]", t)]
    assert sum(1 <= n <= 12 for n in small) / len(small) > 0.6
    assert any(" and " in t or " & " in t or ", " in t for t in texts)  # lists: "3 beers and 2 ..."


def test_one_takes_the_singular() -> None:
    for seed in SEEDS:
        rng = random.Random(seed)
        item = lookalikes._counted_item(rng)
        if item.startswith("1 ") and " of " not in item:
            noun = item.split()[-1]
            assert noun in lookalikes.COUNTED or noun.isalpha(), item
            assert lookalikes.plural(noun) != noun or noun in ("sheep", "fish"), item


def test_measures_hold_a_unit_and_often_an_hour_like_reading() -> None:
    texts = _texts(lookalikes.measure)
    units = "|".join(re.escape(u) for u in sorted(lookalikes.UNITS, key=len, reverse=True))
    assert all(re.search(rf"\d ?(?:{units})(?:\W|$)", t) for t in texts), [t for t in texts if not re.search(rf"\d ?(?:{units})", t)][:5]
    readings = [t for t in texts if re.search(r"(?<!\d)([01]?\d|2[0-3])[.,][0-5]\d(?!\d)", t)]
    assert len(readings) > len(texts) / 4


def test_prices_say_money_and_bare_amounts_come_with_a_money_word() -> None:
    money = "|".join(re.escape(w) for w in lookalikes.RATES + lookalikes.SOLD + lookalikes.MONEY_WORDS)
    for t in _texts(lookalikes.priced):
        assert re.search(r"[$\u20ac\u00a3]|eur|usd|gbp|chf|dollar|buck|pound|quid|franc|z\u0142|kr|" + money, t), t
        assert not t.startswith(("it's", "only", "that's")) or re.search(r"[$\u20ac\u00a3a-z]\s?\d|\d\s?[\u20ac a-z]", t), t


def test_years_never_follow_a_time_filler_and_the_year_alone_is_not_drawn() -> None:
    assert not set(lookalikes.YEAR_LEADS) & set(FILLERS_BEFORE + PREFIXES)
    for t in _texts(lookalikes.year):
        assert re.search(r"\b\d{4}s?\b", t), t
        assert not re.fullmatch(r"the \d{4}", t), t


def test_codes_name_something() -> None:
    nouns = "|".join(re.escape(n) for n in lookalikes.CODE_NOUNS + lookalikes.CODE_NOUNS_G11 + lookalikes.AIRLINES)
    for t in _texts(lookalikes.code):
        assert re.search(r"\d{2,}", t) and re.search(rf"(?:^|\W)(?:{nouns}|flight|fl\.)", t), t


@pytest.mark.parametrize("seed", SEEDS)
def test_compact_times_in_context_keep_their_digits_and_label(seed: int) -> None:
    phrase, spoken = phrasing_compact.compact_in_context(random.Random(seed))
    label = resolve(spoken)
    digits = re.findall(r"(?<!\d)(\d{3,4})(?!\d)", phrase)
    assert len(digits) == 1 and digits[0].zfill(4) == label.replace(":", ""), phrase
    words = set(re.findall(r"[a-z]+", phrase.replace(digits[0], " ")))
    assert not words & (set(NUMBER_WORDS) | {"am", "pm", "noon", "midnight", "morning", "evening", "night"}), phrase


def test_the_generator_uses_the_new_rules() -> None:
    samples = generate(8000, GeneratorConfig(seed=3))
    compact = [normalize_text(s.text) for s in samples if s.category == "digits-compact"]
    assert sum(bool(re.search(r"the \d{3,4} [a-z]", t)) for t in compact) > 20
    no_time = [normalize_text(s.text) for s in samples if s.category == "no-time"]
    assert sum(bool(re.search(r"\d{4}", t)) for t in no_time) > 50
    dates = [normalize_text(s.text) for s in samples if s.category == "neg-date"]
    assert sum(bool(re.search(r"(since|in|est\.|founded in|born in) \d{4}", t)) for t in dates) > 5
    assert all(s.label == NO_TIME for s in samples if s.category.startswith("neg-") or s.category == "no-time")


# --- g11 -------------------------------------------------------------------------------------


def test_day_words_after_a_time_agree_with_its_label() -> None:
    """"20:45 tonight", "7:50 this morning", "4 tomorrow": a part-of-day word only after a time it agrees with."""
    from training.timenorm.conventions import DAY_WORDS_AFTER, day_word_agrees
    from training.timenorm.generator import with_day_word

    assert day_word_agrees("tonight", "20:45") and not day_word_agrees("tonight", "08:30")
    assert day_word_agrees("this morning", "07:50") and not day_word_agrees("this morning", "19:50")
    assert day_word_agrees("tomorrow", "03:00") and not day_word_agrees("tomorrow", NO_TIME)
    assert not set(DAY_WORDS_AFTER) & set(NUMBER_WORDS)
    for seed in SEEDS:
        rng = random.Random(seed)
        label = f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
        text = with_day_word("x", label, rng)
        word = text[1:].lstrip(",").strip()
        assert word in DAY_WORDS_AFTER and day_word_agrees(word, label), (text, label)
    samples = generate(20000, GeneratorConfig(seed=4))
    late = [s for s in samples if re.search(r"tonight|this evening|tomorrow night", normalize_text(s.text))
            and s.spoken is not None and s.spoken.period is None]  # "two this evening" is pm (part of day)
    assert len(late) > 10
    assert all(s.spoken is not None and s.spoken.anchor or 17 <= int(s.label[:2]) for s in late), \
        [(s.text, s.label) for s in late if int(s.label[:2]) < 17][:5]


def test_chat_words_after_a_bare_hour() -> None:
    from training.timenorm.words import SUFFIXES

    assert {"instead", "instead?", "ok then"} <= set(SUFFIXES) and "instead" in lookalikes.COUNT_TAILS
    samples = generate(20000, GeneratorConfig(seed=5, categories=("hour-only",), negative_fraction=0.0))
    assert sum(bool(re.search(r"\d instead", normalize_text(s.text))) for s in samples) > 10


def test_years_after_a_clause_or_a_record() -> None:
    texts = _texts(lookalikes.year, 1000)
    clauses = "|".join(map(re.escape, lookalikes.YEAR_CLAUSES))
    preps = "|".join(map(re.escape, lookalikes.YEAR_PREPS))
    assert sum(bool(re.match(rf"(?:{clauses}) (?:{preps}) \d{{4}}", t)) for t in texts) > 150
    assert sum(bool(re.match(r"[a-z ]+ (?:from|dated|dating from) (?:[a-z ]+ )?\d{4}", t)) for t in texts) > 80
    assert not set(lookalikes.YEAR_PREPS) & set(FILLERS_BEFORE + PREFIXES)


def test_codes_with_words_before_them() -> None:
    leads = "|".join(map(re.escape, lookalikes.CODE_LEADS))
    texts = _texts(lookalikes.code, 1000)
    assert sum(bool(re.match(rf"(?:{leads}) [a-z.# ]+\d{{2,}}", t)) for t in texts) > 80


@pytest.mark.parametrize("seed", range(100))
def test_abbreviated_timetable_words(seed: int) -> None:
    """"dep. 1512", "train arr 0935", "sunset 1948", "sunrise tomorrow 0603"."""
    rng = random.Random(seed)
    found = 0
    for _ in range(40):
        phrase, spoken = phrasing_compact.compact_in_context(rng)
        if phrase.split()[0] in phrasing_compact.ABBREVIATED + phrasing_compact.ABBREVIATED_SERVICES:
            found += 1
            assert re.search(r"(?<!\d)\d{3,4}(?!\d)", phrase) and resolve(spoken), phrase
    assert found > 0
