"""Generator g20: WordNet's nouns sorted by what they name, and numbers after them."""
from __future__ import annotations

import random
import re
from collections import Counter
from itertools import islice

from training.timenorm import nouns_g20
from training.timenorm import wordnet_nouns as wn
from training.timenorm.conventions import NO_TIME, resolve
from training.timenorm.generator import GeneratorConfig, iterate

# A tiny WordNet in the files' own format: offset lexfile n ss_type w_cnt (word lex_id)* p_cnt (ptr)* | gloss
DATA_NOUN = """\
  1 This software and database is being provided to you
00000001 03 n 01 entity 0 000 | that which exists
00000002 06 n 01 conveyance 0 001 @ 00000001 n 0000 | something that carries
00000003 06 n 01 bus 0 001 @ 00000002 n 0000 | a vehicle
00000004 06 n 01 locker 0 001 @ 00000001 n 0000 | a box
00000005 13 n 01 meal 0 001 @ 00000001 n 0000 | food eaten at one time
00000006 13 n 01 dinner 0 001 @ 00000005 n 0000 | the main meal
00000007 13 n 01 popcorn 0 001 @ 00000001 n 0000 | corn
00000008 04 n 01 rehearsal 0 001 @ 00000001 n 0000 | practice
00000009 10 n 01 written_communication 0 001 @ 00000001 n 0000 | writing
00000010 10 n 01 invoice 0 001 @ 00000009 n 0000 | a bill
00000011 10 n 01 gossip 0 001 @ 00000001 n 0000 | talk
00000012 11 n 01 case 0 001 @ 00000001 n 0000 | an occurrence
00000013 06 n 01 case 0 001 @ 00000001 n 0000 | a box
00000014 21 n 01 fee 0 001 @ 00000001 n 0000 | money
00000015 10 n 01 performance 0 001 @ 00000001 n 0000 | a show
00000016 10 n 01 concert 0 001 @ 00000015 n 0000 | music performed
00000017 28 n 01 calendar_month 0 001 @ 00000001 n 0000 | a month
00000018 28 n 01 august 0 001 @ 00000017 n 0000 | a month
"""
INDEX_NOUN = """\
  1 This software and database is being provided to you
bus n 1 1 @ 1 0 00000003
calendar_month n 1 1 @ 1 0 00000017
case n 2 1 @ 2 0 00000012 00000013
concert n 1 1 @ 1 0 00000016
conveyance n 1 1 @ 1 0 00000002
dinner n 1 1 @ 1 0 00000006
fee n 1 1 @ 1 0 00000014
gossip n 1 1 @ 1 0 00000011
invoice n 1 1 @ 1 0 00000010
locker n 1 1 @ 1 0 00000004
meal n 1 1 @ 1 0 00000005
performance n 1 1 @ 1 0 00000015
popcorn n 1 1 @ 1 0 00000007
rehearsal n 1 1 @ 1 0 00000008
written_communication n 1 1 @ 1 0 00000009
august n 1 1 @ 1 0 00000018
"""


def test_kinds_follow_the_most_frequent_sense_and_leave_out_what_reads_both_ways() -> None:
    synsets = wn.read_synsets(DATA_NOUN.splitlines())
    senses = wn.read_senses(INDEX_NOUN.splitlines())
    assert synsets["00000003"].hypernyms == ("00000002",) and senses["case"] == ("00000012", "00000013")
    counts = Counter({lemma: 5 for lemma in senses} | {"gossip": 1})
    kinds = dict(wn.extract_nouns(synsets, senses, counts, min_count=2))
    assert kinds == {"locker": "thing", "dinner": "timed", "meal": "timed", "popcorn": "food", "rehearsal": "timed",
                     "invoice": "document", "concert": "timed", "performance": "timed",
                     "bus": "vehicle", "conveyance": "vehicle"}  # g22: a vehicle is a mover, never a code's noun
    # a vehicle, a month, money, an event that is also a box, talk that is not writing, a rare word: none
    found = wn.roots(senses, synsets)
    assert wn.kind_of("bus", senses, synsets, found) is None and wn.kind_of("august", senses, synsets, found) is None
    assert wn.kind_of("case", senses, synsets, found) is None and wn.kind_of("fee", senses, synsets, found) is None
    assert wn.kind_of("gossip", senses, synsets, found) is None


def test_noun_counts_count_words_after_a_determiner() -> None:
    counts = wn.noun_counts(["The dessert was good.", "I want a dessert and the bill.", "Desserts are sweet."])
    assert counts["dessert"] == 2 and counts["bill"] == 1 and counts["desserts"] == 0 and counts["was"] == 0


def test_the_shipped_nouns_have_every_kind_and_each_noun_one_kind() -> None:
    nouns = wn.shipped_nouns()
    assert all(len(nouns[kind]) >= 30 for kind in wn.KINDS)
    every = [n for kind in wn.KINDS for n in nouns[kind]]
    assert len(every) == len(set(every))
    assert {"concert", "funeral", "ceremony"} <= set(nouns["timed"]) and "desk" in nouns["thing"]
    assert "soup" in nouns["food"] and "letter" in nouns["document"] and "corridor" in nouns["place"]
    assert not {"bus", "train", "august", "fee", "hour", "time"} & set(every)


def test_a_time_after_a_noun_that_happens_is_in_the_text_and_its_label() -> None:
    rng = random.Random(3)
    for compact in (False, True):
        for _ in range(300):
            text, spoken = nouns_g20.timed_noun(rng, compact)
            label = resolve(spoken)
            digits = re.search(r"\d{4}" if compact else r"\d{1,2}[.:]\d{2}", text)
            assert digits is not None and len(text) <= nouns_g20.MAX_CHARS
            assert int(re.sub(r"\D", "", digits.group())) == int(label.replace(":", ""))


def test_codes_and_prices_after_nouns_are_of_their_kinds() -> None:
    rng = random.Random(4)
    nouns = wn.shipped_nouns()
    things = set(nouns["thing"]) | set(nouns["place"]) | set(nouns["document"])
    codes = [nouns_g20.code_after_noun(rng).lower() for _ in range(300)]
    assert all(any(re.search(rf"\b{n}\b", c) for n in things) for c in codes)
    assert all(re.search(r"\d{3,5}", c) for c in codes)
    goods = set(nouns["thing"]) | set(nouns["food"])  # never a place: "the embassy, 23.52"
    prices = [nouns_g20.price_after_noun(rng).lower() for _ in range(300)]
    assert all(re.search(r"\d{1,2}[.,]\d{2}", p) and any(re.search(rf"\b{n}\b", p) for n in goods) for p in prices)
    assert not any(re.search(r"\b(at|tonight|morning|evening)\b", p) for p in prices)


def test_the_generator_draws_g20_texts_with_their_labels() -> None:
    nouns = wn.shipped_nouns()
    timed, things = set(nouns["timed"]), set(nouns["thing"]) | set(nouns["place"]) | set(nouns["document"])
    samples = list(islice(iterate(GeneratorConfig(seed=11)), 20_000))

    def first_noun(text: str) -> str:
        words = re.sub(r"^(the|our|my|your|their|this|next|tomorrow's) ", "", text.lower().strip()).split()
        return words[0] if words else ""

    times = [s for s in samples if s.category in ("digits-colon", "digits-compact") and first_noun(s.text) in timed]
    codes = [s for s in samples if s.category == "no-time" and first_noun(s.text) in things
             and re.search(r"\d{4}", s.text)]
    assert len(times) > 100 and all(s.label != NO_TIME for s in times)
    assert len(codes) > 50 and all(s.label == NO_TIME for s in codes)


def test_g21_says_the_noun_alone_and_after_another_noun_on_both_sides() -> None:
    rng = random.Random(5)
    nouns = wn.shipped_nouns()
    every = {n for kind in wn.KINDS for n in nouns[kind]}
    times = [nouns_g20.timed_noun(rng, compact=True)[0] for _ in range(600)]
    codes = [nouns_g20.code_after_noun(rng).lower().strip(" !?.,:)") for _ in range(600)]
    for texts, heads in ((times, set(nouns["timed"])),
                         (codes, set(nouns["thing"]) | set(nouns["place"]) | set(nouns["document"]))):
        bare = [t.split() for t in texts if re.fullmatch(r"[a-z']+( [a-z']+)? \d{4,5}", t)]
        bare = [w for w in bare if set(w[:-1]) <= every]  # the noun (or two) and the number alone
        assert len(bare) > 100 and all(w[-2] in heads for w in bare)  # the last noun decides
        assert sum(len(w) == 3 for w in bare) > 30  # "keeper talk 1405", "bike frame 1423"
