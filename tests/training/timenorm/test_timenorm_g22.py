"""Generator g22: people and vehicles that come and go at a time, and people who are paid."""
from __future__ import annotations

import random
import re
from collections import Counter
from itertools import islice

from tests.training.timenorm.test_timenorm_g20 import DATA_NOUN, INDEX_NOUN
from training.timenorm import movers_g22
from training.timenorm import wordnet_nouns as wn
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate
from training.timenorm.lookalikes import plural

PERSON = """\
00000019 18 n 01 plumber 0 001 @ 00000001 n 0000 | a person who fixes pipes
00000020 18 n 01 guard 0 001 @ 00000001 n 0000 | a person who watches
00000021 06 n 01 guard 0 001 @ 00000001 n 0000 | a device that protects
"""
PERSON_INDEX = """\
plumber n 1 1 @ 1 0 00000019
guard n 2 1 @ 2 0 00000020 00000021
"""


def test_people_and_vehicles_get_their_kinds_only_where_no_other_kind_fits() -> None:
    synsets = wn.read_synsets((DATA_NOUN + PERSON).splitlines())
    senses = wn.read_senses((INDEX_NOUN + PERSON_INDEX).splitlines())
    kinds = dict(wn.extract_nouns(synsets, senses, Counter({lemma: 5 for lemma in senses}), min_count=2))
    assert kinds["plumber"] == "person" and kinds["guard"] == "person" and kinds["bus"] == "vehicle"
    assert kinds["locker"] == "thing" and kinds["rehearsal"] == "timed"  # the kinds of g20 stay as they were
    assert "conveyance" in kinds and "case" not in kinds and "august" not in kinds  # left out as before


def test_the_shipped_list_has_people_and_vehicles_apart_from_the_other_kinds() -> None:
    nouns = wn.shipped_nouns()
    assert {"plumber", "driver", "nurse"} <= set(nouns["person"]) and {"bus", "truck", "ferry"} <= set(nouns["vehicle"])
    others = {n for kind in wn.KINDS for n in nouns[kind]}
    assert not (set(nouns["person"]) | set(nouns["vehicle"])) & others


def test_a_time_after_who_or_what_comes_is_in_the_text_and_its_label() -> None:
    rng = random.Random(6)
    movers = set(wn.shipped_nouns()["person"]) | set(wn.shipped_nouns()["vehicle"])
    forms = movers | {plural(m) for m in movers}  # "the plumber comes", "the scaffolders arrive"
    for compact in (False, True):
        for _ in range(400):
            text, spoken = movers_g22.mover_time(rng, compact)
            digits = re.findall(r"\b\d{4}\b" if compact else r"\b\d{1,2}[.:]\d{2}\b", text)
            assert len(digits) == 1 and len(text) <= movers_g22.MAX_CHARS, text
            assert int(re.sub(r"\D", "", digits[0])) == int(resolve(spoken).replace(":", ""))
            assert any(w in forms for w in text.split()[:3]), text


def test_an_amount_paid_to_a_person_is_a_price_with_no_time_word() -> None:
    rng = random.Random(7)
    for _ in range(300):
        text = movers_g22.price_to_person(rng).lower()
        assert re.search(r"\d{1,2}[.,]\d{2}", text) and not re.search(r"\b(at|sharp|tonight|am|pm)\b", text), text


def test_the_generator_draws_g22_texts_with_their_labels() -> None:
    samples = list(islice(iterate(GeneratorConfig(seed=12)), 20_000))
    verbs = "|".join(re.escape(v) for pair in movers_g22.PERSON_VERBS + movers_g22.VEHICLE_VERBS for v in pair)
    times = [s for s in samples if s.category in ("digits-colon", "digits-compact")
             and re.search(rf"^\S+( \S+)? ({verbs}) ", s.text.lower().strip(" \t(\"'"))]
    paid = [s for s in samples if re.search(r"\b(charged( us)?|we owe the \S+|tip for the \S+:|quoted|asked for) \d", s.text.lower())]
    assert len(times) > 100 and all(s.label != NO_TIME for s in times)
    assert len(paid) > 20 and all(s.label == NO_TIME and s.category == "neg-price" for s in paid)
