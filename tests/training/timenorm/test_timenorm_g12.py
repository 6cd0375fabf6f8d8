"""Generator g12's rules: bare amounts beside goods, counts that open a text, owned years, codes with what
is said of them (``lookalikes_g12``), and times in the words of plans and chat (``phrasing_plans``)."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from training.timenorm import lookalikes, lookalikes_g12, phrasing_compact, phrasing_plans
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, generate
from training.timenorm.numbers import NUMBER_WORDS
from training.timenorm.text import normalize_text

SEEDS = range(300)
TIME_WORDS = ("am", "pm", "a.m", "p.m", "noon", "midday", "midnight", "morning", "afternoon", "evening",
              "night", "tonight", "o'clock", "oclock", "half", "quarter", "past")


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z.']+", text.lower()))


def test_goods_are_never_events_and_frames_hold_no_time_word() -> None:
    goods = {w for g in lookalikes_g12.GOODS for w in g.split()}
    events = {w for e in phrasing_plans.EVENTS for w in e.split()} - {"the"}
    assert not goods & events
    for fixed in (phrasing_plans.HOUR_FRAMES + phrasing_plans.PLACES + phrasing_plans.CLAUSES
                  + phrasing_plans.PLAN_WORDS + phrasing_plans.PLAN_TAILS + phrasing_plans.EVENTS
                  + phrasing_plans.EVENT_TAILS + phrasing_plans.VENUES + phrasing_plans.VENUE_VERBS):
        words = _words(fixed)
        assert not words & set(TIME_WORDS) and not words & set(NUMBER_WORDS), fixed


def test_year_things_are_not_services_that_have_a_time() -> None:
    things = {w for t in lookalikes_g12.YEAR_THINGS for w in t.split()}
    assert not things & {w for s in phrasing_compact.SERVICES for w in s.split()}


@pytest.mark.parametrize("seed", SEEDS)
def test_g12_negatives_hold_their_number_and_words(seed: int) -> None:
    rng = random.Random(seed)
    price = lookalikes_g12.goods_price(rng)
    assert re.search(r"\d+[.,]\d\d", price) and any(g[:4] in price for g in lookalikes_g12.GOODS), price
    count = lookalikes_g12.count_for(rng)
    assert re.match(r"^(\d+|[a-z]+(-[a-z]+)?) ", count) and any(g[:4] in count for g in lookalikes_g12.GOODS), count
    year = lookalikes_g12.owned_year(rng)
    assert re.search(r"\b(19|20)\d\d\b", year) and any(t in year for t in lookalikes_g12.YEAR_THINGS), year
    code = normalize_text(lookalikes_g12.code_said(rng))
    assert re.search(r"\b\d{4}\b", code), code
    assert any(n.split()[0] in code for n in lookalikes_g12.CODE_NOUNS_G12), code


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("family", sorted(phrasing_plans.PLAN_PHRASINGS))
def test_plan_phrasings_keep_their_label(seed: int, family: str) -> None:
    text, spoken = phrasing_plans.PLAN_PHRASINGS[family](random.Random(seed))
    label = resolve(spoken)
    assert label != NO_TIME
    hh, mm = label.split(":")
    if family == "hour-only":
        assert mm == "00" and spoken.period is None and spoken.relation == "plain"
        assert str(int(hh)) in text or any(w in re.findall(r"[a-z]+", text) for w in NUMBER_WORDS), text
    elif family == "digits-compact":
        assert f"{hh}{mm}" in text, (text, label)
    elif family == "digits-colon":
        assert re.search(rf"(?<!\d)0?{int(hh)}\s?[:.]\s?{mm}(?!\d)", text), (text, label)
    else:
        assert spoken.period in ("am", "pm") and re.search(r"[ap]\.? ?m", text.lower()), text


def test_the_generator_draws_g12_phrasings_and_negatives() -> None:
    texts = [normalize_text(s.text) for s in generate(20_000, GeneratorConfig(seed=3))]
    joined = "\n".join(texts)
    assert any(w in joined for w in ("lights out", "kitchen closes", "slack water", "touchdown"))
    assert any(c in joined for c in ("cubicle", "workstation", "cloakroom ticket", "asset tag"))
    assert any(re.search(r"(cost me|set me back|for two|for three) ", t) and re.search(r"\d[.,]\d\d", t) for t in texts)
    counts = Counter(s.category for s in generate(20_000, GeneratorConfig(seed=3)))
    assert counts["no-time"] > 0 and counts["hour-only"] > 0
    assert lookalikes.plural("scone") == "scones"
