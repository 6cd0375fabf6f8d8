"""Generator g28: a number after a verb of holding is a count, the same nouns open at an hour; identifiers say which one."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from training.timenorm import capacity_g28, identifiers_g28
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.numbers import NUMBER_WORDS, number_words
from training.timenorm.wordnet_nouns import noun_pool

COUNT = r"(\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"


def _verbs(verbs: tuple[str, ...]) -> str:
    return "|".join(map(re.escape, sorted(verbs, key=len, reverse=True)))


@pytest.mark.parametrize("seed", range(40))
def test_a_count_follows_a_verb_of_holding_and_food_only_serves_or_feeds(seed: int) -> None:
    rng = random.Random(seed)
    text = capacity_g28.holds(rng)
    match = re.search(rf" ({_verbs(capacity_g28.HOLDS + capacity_g28.FOOD_HOLDS)}) {COUNT}\b", text)
    assert match, text
    subject = text[: match.start()].split()[-1]
    if subject in noun_pool()["food"] and subject not in noun_pool()["thing"]:
        assert match.group(1) in capacity_g28.FOOD_HOLDS, text


@pytest.mark.parametrize("seed", range(40))
def test_the_same_nouns_open_at_an_hour(seed: int) -> None:
    text, spoken = capacity_g28.opens(random.Random(seed))
    assert re.search(rf" ({_verbs(capacity_g28.OPENS)}) {COUNT}$", text), text
    said = text.rsplit(" ", 1)[1]
    spelled = {number_words(n): n for n in range(1, 13)}
    hour = int(said) if said.isdigit() else spelled.get(said, -1)
    assert spoken.hour == hour and resolve(spoken) == f"{hour:02d}:00", text


def test_the_stream_labels_counts_no_time_and_openings_with_the_hour() -> None:
    holds = re.compile(rf"\b({_verbs(capacity_g28.HOLDS + capacity_g28.FOOD_HOLDS)}) {COUNT}\b")
    opens = re.compile(rf"\b({_verbs(capacity_g28.OPENS)}) {COUNT}\b")
    counts = openings = 0
    for s in itertools.islice(iterate(GeneratorConfig(seed=28)), 60_000):
        text = s.text.lower()
        if s.category == "neg-quantity" and holds.search(text):
            counts += 1
            assert s.label == NO_TIME, s
        elif s.category == "hour-only" and opens.search(text):
            openings += 1
            assert s.label != NO_TIME, s
    assert counts > 200 and openings > 50, (counts, openings)


@pytest.mark.parametrize("seed", range(60))
def test_an_identifier_says_which_one_with_a_number_and_no_word_of_the_time(seed: int) -> None:
    text = identifiers_g28.identifier(random.Random(seed)).lower()
    assert re.search(rf"\d|\b{COUNT}\b", text), text
    assert not re.search(r"\b(am|pm|o'clock|noon|midnight|tonight|morning|evening|hours?|minutes?)\b", text), text
    assert not re.search(rf"\bat (\d|{COUNT}\b)", text), text  # "at" only before the place: "he's at gate nine"
    assert " ends at " not in text


def test_the_stream_labels_identifiers_no_time() -> None:
    edge = re.compile(rf"\b({_verbs(identifiers_g28.EDGE_VERBS)}) \d+$")
    named = re.compile(rf"\b({_verbs(identifiers_g28.NAMED)}) {COUNT}\b")
    seen = {"edge": 0, "named": 0}
    for s in itertools.islice(iterate(GeneratorConfig(seed=29)), 60_000):
        text = s.text.lower().strip()
        for kind, pattern in (("edge", edge), ("named", named)):
            if pattern.search(text) and s.category == "no-time":
                seen[kind] += 1
                assert s.label == NO_TIME, s
    assert seen["edge"] > 100 and seen["named"] > 30, seen
