"""Generator g30: WordNet nouns that English at large uses often, beside those of the Tatoeba corpus."""
from __future__ import annotations

from collections import Counter

from training.timenorm import wordnet_nouns as wn
from training.timenorm.generator import GeneratorConfig, generate
from training.timenorm.schedule_g31 import HEADS

# Tiny WordNet files in their own format (index: lemma pos synset_cnt p_cnt [ptr]* sense_cnt tagsense_cnt offset*).
DATA_NOUN = """\
00000001 03 n 01 entity 0 000 | that which exists
00000002 04 n 01 gala 0 001 @ 00000001 n 0000 | a festive occasion
00000003 04 n 01 serve 0 001 @ 00000001 n 0000 | a stroke that puts the ball in play
00000004 13 n 01 cupcake 0 001 @ 00000001 n 0000 | a small cake
00000005 04 n 01 tide 0 001 @ 00000001 n 0000 | the rise and fall of the sea
00000006 04 n 01 wax 0 001 @ 00000001 n 0000 | the time of a moon's growing
00000007 04 n 01 fri 0 001 @ 00000001 n 0000 | a day
"""
INDEX_NOUN = """\
  1 This software and database is being provided to you
gala n 1 1 @ 1 0 00000002
serve n 1 1 @ 1 0 00000003
cupcake n 1 1 @ 1 0 00000004
tide n 1 1 @ 1 2 00000005
wax n 1 1 @ 1 0 00000006
fri n 1 1 @ 1 0 00000007
"""
INDEX_VERB = """\
serve v 1 1 @ 1 11 02000001
tide v 1 1 @ 1 0 02000002
"""
INDEX_ADJ = """\
waxy a 1 1 & 1 1 03000001
"""
ZIPF = {"gala": 3.9, "serve": 4.8, "cupcake": 3.3, "tide": 4.0, "wax": 3.2, "fri": 4.5}


def _extract(**kwargs: object) -> dict[str, str]:
    synsets = wn.read_synsets(DATA_NOUN.splitlines())
    senses = wn.read_senses(INDEX_NOUN.splitlines())
    return dict(wn.extract_nouns(synsets, senses, Counter(), min_count=2, **kwargs))  # type: ignore[arg-type]


def test_tagged_counts_are_read_from_the_index_files() -> None:
    noun, verb = wn.read_tagged(INDEX_NOUN.splitlines()), wn.read_tagged(INDEX_VERB.splitlines())
    assert noun["tide"] == 2 and noun["gala"] == 0 and verb["serve"] == 11
    # a verb by WordNet's tagged text is left out; one tagged as much as a noun or less stays
    assert wn.mostly_other(noun, verb, wn.read_tagged(INDEX_ADJ.splitlines())) == {"serve", "waxy"}


def test_common_nouns_join_only_when_frequent_long_and_mostly_nouns() -> None:
    assert _extract() == {}  # no count in the corpus and no frequency: nothing, as before g30
    other = wn.mostly_other(wn.read_tagged(INDEX_NOUN.splitlines()), wn.read_tagged(INDEX_VERB.splitlines()))
    kinds = _extract(zipf=ZIPF.__getitem__, other_pos=other)
    # "serve" is mostly a verb, "wax" (3.2) is under the Zipf level, "fri" is too short
    assert kinds == {"gala": "timed", "cupcake": "food", "tide": "timed"}
    assert _extract(zipf=ZIPF.__getitem__, other_pos=other, level=3.5) == {"gala": "timed", "tide": "timed"}


def test_the_shipped_list_keeps_every_corpus_noun_and_adds_common_ones() -> None:
    nouns = wn.shipped_nouns()
    every = {noun: kind for kind, words in nouns.items() for noun in words}
    assert sum(len(words) for words in nouns.values()) == len(every)  # each noun one kind
    # nouns the corpus has (v18's list) and ones it lacks, each of the kind its first sense names
    assert every["dinner"] == "timed" and every["locker"] == "place" and every["camera"] == "thing" and every["soup"] == "food"
    assert every["gala"] == "timed" and every["preseason"] == "timed" and every["cupcake"] == "food"
    assert every["courtyard"] == "place"
    assert not {"serve", "settle", "radial", "fri", "mon"} & set(every)


def test_the_generator_puts_g30s_nouns_before_numbers() -> None:
    texts = " ".join(s.text for s in generate(20_000, GeneratorConfig(seed=30)))
    added = ("gala", "preseason", "cupcake", "courtyard", "brunch", "premiere")
    assert sum(f"{noun} " in texts for noun in added) >= 3


def test_the_pool_draws_corpus_nouns_more_often_than_common_ones() -> None:
    pool, distinct = wn.noun_pool(), wn.shipped_nouns()
    for kind, nouns in distinct.items():
        assert set(pool[kind]) == set(nouns) - set(HEADS) | (set(HEADS) if kind == "timed" else set())
    timed = Counter(wn.noun_pool()["timed"])
    assert timed["dinner"] == wn.CORPUS_WEIGHT and timed["gala"] == 1  # g30b: dinner is of the corpus, gala common


def test_g31_schedule_words_are_timed_and_only_timed() -> None:
    pool = wn.noun_pool()
    timed = Counter(pool["timed"])
    assert all(timed[head] == wn.CORPUS_WEIGHT for head in HEADS)
    assert not {head for kind, nouns in pool.items() if kind != "timed" for head in nouns} & set(HEADS)
    assert "sessions" in wn.shipped_nouns()["person"]  # WordNet's list is unchanged; the pool moves it
    texts = " ".join(s.text for s in generate(20_000, GeneratorConfig(seed=31)) if s.label)
    assert sum(f"{head} " in texts for head in ("session", "exam", "league", "heat", "matinee")) >= 3


def test_the_model_card_credits_wordfreq_for_the_common_nouns() -> None:
    from training.timenorm.card import _common_nouns_note

    assert len(wn.common_nouns()) == 2558 and "gala" in wn.common_nouns() and "dinner" not in wn.common_nouns()
    assert "wordfreq" in _common_nouns_note() and "CC-BY-SA 4.0" in _common_nouns_note()
