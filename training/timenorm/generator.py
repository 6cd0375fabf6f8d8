"""Seeded synthetic data: (text, HH:MM label, category) triples, including no-time texts.

Each positive sample is built from a ``SpokenTime`` (what is said) whose label comes from
``conventions.resolve``; the surface text is one of many phrasings of it, wrapped in
random context, spacing, punctuation and casing. Pure Python, no TensorFlow.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from training.timenorm import (
    addresses_g26,
    capacity_g28,
    clauses,
    identifiers_g28,
    limits_g29,
    lookalikes,
    lookalikes_g12,
    lookalikes_g13,
    lookalikes_g14,
    lookalikes_g15,
    lookalikes_g18,
    movers_g22,
    nouns_g20,
    phrasing,
    phrasing_compact,
    phrasing_g13,
    phrasing_g14,
    phrasing_g15,
    phrasing_g16,
    phrasing_plans,
    phrasing_tutorial,
    tails_g19,
    tails_g27,
)
from training.timenorm.conventions import DAY_WORDS_AFTER, NO_TIME, SpokenTime, day_word_agrees, resolve
from training.timenorm.negatives import NEGATIVE_KINDS, lookalike_negative
from training.timenorm.noise import add_context, negative_text, surface_noise


@dataclass(frozen=True)
class Sample:
    text: str
    label: str  # "HH:MM" or NO_TIME ("")
    category: str
    spoken: SpokenTime | None = None  # the structure behind a positive sample


@dataclass(frozen=True)
class GeneratorConfig:
    seed: int = 0
    negative_fraction: float = 0.3
    lookalike_share: float = 0.7  # of the negatives: quantities, prices, ... (``negatives.py``)
    context_probability: float = 0.55
    day_word_probability: float = 0.12  # g11: "20:45 tonight", "0930 tomorrow" (``with_day_word``)
    max_chars: int = 64
    categories: tuple[str, ...] = ()  # restrict to these phrasing families (empty = all)
    code_share: float = 0.4  # of the other negatives: codes ("room 1417"); 0.3 before g12
    clause_probability: float = 0.12  # g17: a clause of ordinary English beside a time, look-alike or code


def _phrase_families() -> dict[str, tuple[float, Callable[[random.Random], tuple[str, SpokenTime]]]]:
    return {
        "digits-colon": (5.0, phrasing.digits_colon),
        "digits-compact": (5.0, phrasing_compact.digits_compact),  # g13: 4.0 -> 5.0
        "ampm": (5.0, phrasing.digits_ampm),
        "words-plain": (4.0, phrasing.words_plain),
        "words-relative": (6.0, phrasing.words_relative),
        "part-of-day": (4.0, phrasing.part_of_day),
        "noon-midnight": (2.0, phrasing.noon_midnight),
        "british-half": (1.5, phrasing.british_half),
        "military": (2.0, phrasing.military),
        "hour-only": (4.0, phrasing.hour_only),
        "t-prefix": (2.0, phrasing_tutorial.t_prefix),
        "hours-and": (2.5, phrasing_tutorial.hours_and),
        "oclock-minutes": (2.5, phrasing_tutorial.oclock_minutes),
        "minutes-after": (3.5, phrasing_tutorial.minutes_after),
        "minutes-before": (3.5, phrasing_tutorial.minutes_before),
    }


FAMILIES = tuple(_phrase_families())
NEGATIVE_CATEGORIES = ("no-time",) + tuple(f"neg-{kind}" for kind in NEGATIVE_KINDS)


def is_negative(category: str) -> bool:
    """True for the categories whose label is no time ("no-time" and "neg-*")."""
    return category == "no-time" or category.startswith("neg-")


def with_day_word(phrase: str, label: str, rng: random.Random) -> str:
    """The phrase with a word of the day after it that agrees with its label (g11): "20.45 tonight",
    "7:50 this morning", "4 tomorrow"; never "8:30 tonight" (``conventions.day_word_agrees``)."""
    words = [w for w in DAY_WORDS_AFTER if day_word_agrees(w, label)]
    return f"{phrase}{rng.choice(['', '', '', ','])} {rng.choice(words)}"


def _g27_other(text: str, first: Callable[[random.Random], str], tail_share: float, rng: random.Random,
               config: GeneratorConfig) -> str:
    """g27 on a code or a price: said first ("1408 is my locker") or with a tail ("locker 1408 upstairs")."""
    if rng.random() < tails_g27.NUMBER_FIRST_SHARE:
        return first(rng)
    if rng.random() < tail_share:
        return tails_g27.with_tail(text, rng, clauses=config.clause_probability > 0)
    return text


def generate_sample(rng: random.Random, config: GeneratorConfig = GeneratorConfig()) -> Sample:
    """One sample drawn from ``rng``."""
    if rng.random() < config.negative_fraction:
        if rng.random() < config.lookalike_share:
            text, kind = lookalike_negative(rng)
            if kind == "price" and rng.random() < nouns_g20.PRICE_SHARE:  # g20: "popcorn and a cola, 6.30"
                text = nouns_g20.price_after_noun(rng)
            elif kind == "price" and rng.random() < movers_g22.PRICE_SHARE:  # g22: "the plumber charged 85.50"
                text = movers_g22.price_to_person(rng)
            if kind == "quantity" and rng.random() < capacity_g28.SHARE:  # g28: "the tent sleeps 4"
                text = capacity_g28.holds(rng)
            if kind == "price" and rng.random() < limits_g29.PRICE_SHARE:  # g29: "he said 3.50 for the lot"
                text = limits_g29.said_price(rng)
            if kind == "price":
                text = _g27_other(text, tails_g27.price_first, tails_g27.PRICE_TAIL_SHARE, rng, config)
            if rng.random() < config.clause_probability:  # g17: "it costs 7.50, i like your dogs"
                text = clauses.beside(text, rng, config.max_chars)
            return Sample(text[: config.max_chars], NO_TIME, f"neg-{kind}")
        if rng.random() < config.code_share:  # g10: "room 1417", "pin 3950"; g12: "cubicle 1431 is by the lift"
            r = rng.random()  # g13: "drawer 1104 has the spare keys"; g14: "chapter 1230 of the report"
            text = lookalikes_g12.code_said(rng) if r < 0.3 else lookalikes_g13.code_g13(rng) if r < 0.5 \
                else lookalikes_g14.reference(rng) if r < 0.7 else lookalikes.code(rng)
            if rng.random() < tails_g19.CODE_SHARE:  # g19: "invoice 2215 from the bakery"
                text = tails_g19.code_with_place(rng)
            elif rng.random() < nouns_g20.CODE_SHARE:  # g20: "shelf 1230", "the manuscript #0945"
                text = nouns_g20.code_after_noun(rng)
            if rng.random() < addresses_g26.CODE_SHARE:  # g26: "we live at 1830 kingsley road"
                text = addresses_g26.address(rng)
            if rng.random() < identifiers_g28.SHARE:  # g28: "the plate ends in 1408", "we sat in row twelve"
                text = identifiers_g28.identifier(rng)
            text = _g27_other(text, tails_g27.code_first, tails_g27.CODE_TAIL_SHARE, rng, config)
            if rng.random() < config.clause_probability:  # g17: "where is the dutch embassy? room 1417"
                text = clauses.beside(text, rng, config.max_chars)
        elif rng.random() < 0.1:  # g15: "can we push standup to monday"
            text = lookalikes_g15.moved_to_day(rng)
        elif rng.random() < 0.1:  # g18: "at one of the tables", "it's one of the best cities"
            text = lookalikes_g18.pointing(rng)
        else:
            text = negative_text(rng)
        return Sample(text[: config.max_chars], NO_TIME, "no-time")
    families = _phrase_families()
    names = [n for n in families if not config.categories or n in config.categories]
    name = rng.choices(names, weights=[families[n][0] for n in names])[0]
    r = rng.random()
    g12_share = phrasing_plans.SHARES.get(name, 0.0)
    if r < g12_share:  # g12: "is 7 too late?", "lights out 2215"
        phrase, spoken = phrasing_plans.PLAN_PHRASINGS[name](rng)
    elif r < g12_share + phrasing_g13.SHARES.get(name, 0.0):  # g13: "handover 0645", "fire drill 14.10 tomorrow"
        phrase, spoken = phrasing_g13.PHRASINGS[name](rng)
    elif r < g12_share + phrasing_g13.SHARES.get(name, 0.0) + phrasing_g14.SHARES.get(name, 0.0):
        phrase, spoken = phrasing_g14.PHRASINGS[name](rng)  # g14: "let's meet at 7.40 opposite the museum"
    elif r < g12_share + sum(m.SHARES.get(name, 0.0) for m in (phrasing_g13, phrasing_g14, phrasing_g15)):
        phrase, spoken = phrasing_g15.PHRASINGS[name](rng)  # g15: "can we push standup to 10.05"
    elif r < g12_share + sum(m.SHARES.get(name, 0.0) for m in (phrasing_g13, phrasing_g14, phrasing_g15, phrasing_g16)):
        phrase, spoken = phrasing_g16.PHRASINGS[name](rng)  # g16: "the ferry sails 14.20 from the pier"
    elif rng.random() < tails_g19.SHARES.get(name, 0.0):  # g19: "the regatta 22.31 tonight"
        phrase, spoken = tails_g19.PHRASINGS[name](rng)
    elif rng.random() < nouns_g20.SHARES.get(name, 0.0):  # g20: "the rehearsal 19.30", "ceremony starts 1415"
        phrase, spoken = nouns_g20.PHRASINGS[name](rng)
    elif rng.random() < movers_g22.SHARES.get(name, 0.0):  # g22: "the plumber comes 11.10", "truck departs 0455"
        phrase, spoken = movers_g22.PHRASINGS[name](rng)
    else:
        phrase, spoken = families[name][1](rng)
    if name == "hour-only" and rng.random() < capacity_g28.TIME_SHARE:  # g28: "the sauna opens at 9"
        phrase, spoken = capacity_g28.opens(rng)
    if name in limits_g29.TIME_FAMILIES and rng.random() < limits_g29.SHARE:  # g29: "ready after 15.00"
        phrase, spoken = limits_g29.phrase(rng)
    if name in tails_g27.TIME_FAMILIES:  # g27: "2359 is the deadline", "pottery class 18.10 upstairs"
        if rng.random() < tails_g27.NUMBER_FIRST_SHARE:
            phrase, spoken = tails_g27.time_first(rng)
        elif rng.random() < tails_g27.TIME_TAIL_SHARE:
            phrase = tails_g27.with_tail(phrase, rng, clauses=config.clause_probability > 0)
    if name in addresses_g26.TIME_FAMILIES and rng.random() < addresses_g26.TIME_SHARE:
        phrase = addresses_g26.with_address(phrase, rng)  # g26: "viewing 1430 at 22 orchard way"
    label = resolve(spoken)
    bare = phrase
    if rng.random() < config.day_word_probability and not phrase.endswith(tuple(DAY_WORDS_AFTER)):
        phrase = with_day_word(phrase, label, rng)
    if rng.random() < config.clause_probability:  # g17: "quarter past six the lambs need feeding"
        text = clauses.beside(phrase, rng, config.max_chars)
    else:
        text = add_context(phrase, rng) if rng.random() < config.context_probability else phrase
    text = surface_noise(text, rng)
    if len(text.strip()) > config.max_chars:  # keep the time inside the model's window
        text = surface_noise(phrase, rng)
        if len(text.strip()) > config.max_chars:  # g14: a long meeting phrase and a day word
            text = surface_noise(bare, rng)
            if len(text.strip()) > config.max_chars:  # g18: a phrase that is too long on its own loses its last words
                text = bare if len(bare) <= config.max_chars else bare[: config.max_chars + 1].rsplit(" ", 1)[0]
    return Sample(text, label, name, spoken)


def generate(n: int, config: GeneratorConfig = GeneratorConfig()) -> list[Sample]:
    """``n`` samples; the same config (seed included) always gives the same list."""
    rng = random.Random(config.seed)
    return [generate_sample(rng, config) for _ in range(n)]


def iterate(config: GeneratorConfig = GeneratorConfig()) -> Iterator[Sample]:
    rng = random.Random(config.seed)
    while True:
        yield generate_sample(rng, config)
