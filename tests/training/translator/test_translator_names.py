"""Name augmentation: which words count as names, and the made-up copies."""
from __future__ import annotations

import random
import re

from training.translator.names import augment_names, name_lexicon, name_variant, shared_names, synthetic_name

ENGLISH = [
    "Tom is here.", "I saw Tom.", "Ask Tom and Mary.", "We met Mary in Boston.", "I like Boston.",
    "In the hotel.", "We sleep in the Hotel California.", "It is in April.", "See you in April.",
    "I met Tom in the hotel.", "Is it in the hotel?",
]


def test_lexicon_keeps_names_and_drops_common_words_months_and_pronoun():
    lexicon = name_lexicon(ENGLISH)
    assert {"Tom", "Mary", "Boston"} <= lexicon
    assert "In" not in lexicon  # only sentence-initial
    assert "Hotel" not in lexicon  # mostly lower case
    assert "April" not in lexicon  # German translates months
    assert "I" not in lexicon


def test_shared_names_need_one_whole_word_on_each_side():
    lexicon = {"Tom", "Mary"}
    assert shared_names("Tom is Mary's brother.", "Tom ist Marys Bruder.", lexicon) == ["Tom"]
    assert shared_names("Tom saw Tom.", "Tom sah Tom.", lexicon) == []  # ambiguous: twice
    assert shared_names("Tomorrow.", "Morgen.", lexicon) == []


def test_variant_replaces_the_same_name_on_both_sides():
    rng = random.Random(0)
    en, de = name_variant("Tom and Mary live in Boston.", "Tom und Mary wohnen in Boston.",
                          {"Tom", "Mary", "Boston"}, rng)
    new_en = re.findall(r"[A-Z][a-z]+", en)
    new_de = re.findall(r"[A-Z][a-z]+", de)
    assert "Tom" not in en and "Mary" not in de and "Boston" not in de
    assert len(set(new_en)) == 3 and set(new_en) <= set(new_de)
    assert name_variant("Hello.", "Hallo.", {"Tom"}, rng) is None


def test_synthetic_names_are_capitalized_varied_and_seeded():
    names = [synthetic_name(random.Random(1)) for _ in range(3)]
    assert len(set(names)) == 1  # same seed, same name
    many = {synthetic_name(random.Random(i)) for i in range(200)}
    assert len(many) > 180
    assert all(re.fullmatch(r"[A-Z][a-z]{3,}", n) for n in many)


def test_augment_names_adds_one_copy_per_pair_with_a_shared_name():
    pairs = [("Tom is here.", "Tom ist hier."), ("I saw Tom.", "Ich sah Tom."), ("Ask Tom.", "Frag Tom."),
             ("Hello.", "Hallo.")]
    extra = augment_names(pairs, copies=2, seed=3)
    assert len(extra) == 6 and all("Tom" not in en + de for en, de in extra)
    assert augment_names(pairs, copies=2, seed=3) == extra
    assert augment_names(pairs, copies=0, seed=3) == []
