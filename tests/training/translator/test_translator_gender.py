"""Gender-swapped copies (training/translator/gender.py): the safe shape is swapped whole, anything else is left."""
from __future__ import annotations

import dataclasses
import gzip
import random
from pathlib import Path

import pytest

from training.translator.config import DataConfig
from training.translator.gender import MALE_COPY_NAMES, augment_gender, gender_variant, masculine_variant, role_nouns
from training.translator.prepare import prepare

DING = [
    "Arzt {m}; Doktor {m} [ugs.] | Ärzte {pl} | Ärztin {f}; Frau Doktor :: doctor | doctors | female doctor",
    "Lehrer {m}; Lehrerin {f} | Lehrer {pl} :: teacher | teachers",
    "Kollege {m}; Kollegin {f} :: colleague",
    "Bundeskanzler {m}; Kanzler {m}; Bundeskanzlerin {f}; Kanzlerin {f} [pol.] :: chancellor",
    "Koch {m}; Köchin {f} :: cook",
    "Sänger {m}; Sängerin {f} :: singer",
    "Freund {m}; Freundin {f} :: friend",
    "Schüler {m}; Schülerin {f} :: pupil",
    "Tisch {m} | Tische {pl} :: table | tables",             # no feminine: not a role
    "Kiefer {m} [anat.]; Kiefer {f} [bot.] :: jaw; pine",    # the same word twice is no "-in" form
]
ROLES = role_nouns(DING)


def _swap(english: str, german: str) -> tuple[str, str] | None:
    return gender_variant(english, german, ROLES, random.Random(3))


def test_role_nouns_pair_a_masculine_with_its_feminine_in_in_with_or_without_umlaut() -> None:
    assert ROLES == {"Arzt": "Ärztin", "Lehrer": "Lehrerin", "Kollege": "Kollegin", "Bundeskanzler": "Bundeskanzlerin",
                     "Kanzler": "Kanzlerin", "Koch": "Köchin",
                     "Sänger": "Sängerin", "Freund": "Freundin", "Schüler": "Schülerin"}


def test_a_man_named_on_both_sides_becomes_a_woman_with_her_role_article_and_adjective() -> None:
    english, german = _swap("Tom is a good teacher and he loves his job.", "Tom ist ein guter Lehrer und er liebt seinen Job.")
    name = german.split()[0]
    assert name in {"Maria", "Eva"} and english.split()[0] in {"Maria", "Mary", "Eva"}
    assert english.endswith("is a good teacher and she loves her job.")
    assert german == f"{name} ist eine gute Lehrerin und sie liebt ihren Job."


def test_he_becomes_she_and_a_weak_adjective_after_der_stays() -> None:
    assert _swap("He was the new chancellor.", "Er war der neue Kanzler.") == (
        "She was the new chancellor.", "Sie war die neue Kanzlerin.")
    assert _swap("He isn't a cook.", "Er ist kein Koch.") == ("She isn't a cook.", "Sie ist keine Köchin.")
    assert _swap("He worked as a doctor.", "Er arbeitete als Arzt.") == ("She worked as a doctor.", "Sie arbeitete als Ärztin.")


def test_an_adverb_between_copula_and_role_is_left_alone_an_adjective_agrees() -> None:
    assert _swap("He was a teacher again.", "Er war wieder Lehrer.") is None  # not "wiede Lehrerin"
    assert _swap("He used to be a singer.", "Er war früher Sänger.") is None
    assert _swap("He is a freelance cook.", "Er ist freier Koch.") == ("She is a freelance cook.", "Sie ist freie Köchin.")


def test_sein_as_a_verb_is_not_a_possessive() -> None:
    assert _swap("He will be a doctor.", "Er wird Arzt sein.") == ("She will be a doctor.", "Sie wird Ärztin sein.")


@pytest.mark.parametrize("english, german", [
    ("Tom called the doctor.", "Tom rief den Arzt."),                     # someone else's role: unmarked in English
    ("The doctor is Tom's brother.", "Der Arzt ist Toms Bruder."),         # a man's noun, no copula before the role
    ("Tom told John he is a teacher.", "Tom sagte John, er sei Lehrer."),  # two men
    ("I think Tom is a doctor.", "Ich glaube, Tom ist Arzt."),             # another person, whose gender is not said
    ("Tom is a fireman.", "Tom ist Feuerwehrmann."),                       # a man's word in English
    ("Tom is tired.", "Tom ist müde."),                                    # no role: nothing a woman changes
    ("Mary is a teacher.", "Maria ist Lehrerin."),                         # already a woman
])
def test_pairs_outside_the_safe_shape_are_left_alone(english: str, german: str) -> None:
    assert _swap(english, german) is None


def test_augment_gender_makes_the_copies_asked_for_and_is_seeded() -> None:
    pairs = [("Tom is a doctor.", "Tom ist Arzt."), ("Tom is tired.", "Tom ist müde.")]
    first = augment_gender(pairs, ROLES, 3, seed=5)
    assert len(first) == 3 and all(de.endswith("ist Ärztin.") for _, de in first)
    assert first == augment_gender(pairs, ROLES, 3, seed=5)
    assert augment_gender(pairs, ROLES, 0, seed=5) == [] and augment_gender(pairs, {}, 2, seed=5) == []


def test_masculine_counterparts_keep_the_man_and_his_role_and_only_for_pairs_that_are_swapped() -> None:
    rng = random.Random(5)
    made = {masculine_variant("Tom is a good teacher.", "Tom ist ein guter Lehrer.", ROLES, rng) for _ in range(40)}
    assert {(f"{n} is a good teacher.", f"{n} ist ein guter Lehrer.") for n in MALE_COPY_NAMES} == made
    assert masculine_variant("He is a cook.", "Er ist Koch.", ROLES, rng) == ("He is a cook.", "Er ist Koch.")
    assert masculine_variant("Tom and John are cooks.", "Tom und John sind Köche.", ROLES, rng) is None
    assert masculine_variant("The table is red.", "Der Tisch ist rot.", ROLES, rng) is None


def test_with_possessives_a_role_after_my_our_your_is_swapped_too() -> None:
    rng = random.Random(3)
    assert gender_variant("Tom is my best friend.", "Tom ist mein bester Freund.", ROLES, rng) is None  # "my": off
    english, german = gender_variant("Tom is my best friend.", "Tom ist mein bester Freund.", ROLES, rng,
                                     possessives=True)
    assert german.endswith(" ist meine beste Freundin.") and english.endswith(" is my best friend.")
    assert gender_variant("He is our teacher.", "Er ist unser Lehrer.", ROLES, rng, possessives=True) == (
        "She is our teacher.", "Sie ist unsere Lehrerin.")
    # a determiner in "-er" is no adjective: "einer meiner Schüler" is left alone, not "eine meine Schülerin"
    assert gender_variant("Tom is one of my pupils.", "Tom ist einer meiner Schüler.", ROLES, rng,
                          possessives=True) is None
    assert gender_variant("I am his friend.", "Ich bin sein Freund.", ROLES, rng, possessives=True) is None


def test_augment_gender_gives_as_many_masculine_counterparts_as_asked() -> None:
    pairs = [("Tom is a cook.", "Tom ist Koch."), ("He is a singer.", "Er ist Sänger."), ("Hi.", "Hallo!")]
    feminine = augment_gender(pairs, ROLES, 3, seed=1)
    both = augment_gender(pairs, ROLES, 3, seed=1, masculine_copies=2)
    assert both[:len(feminine)] == feminine and len(feminine) == 6  # the swapped copies are unchanged
    assert [de for _, de in both[6:]].count("Er ist Sänger.") == 2 and len(both) == 10
    assert all(de.endswith(("ist Koch.", "ist Sänger.")) for _, de in both[6:])


def test_prepare_adds_gender_copies_only_when_asked_and_needs_the_dictionary(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.tsv.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"I see {n} cats.\tIch sehe {n} Katzen.\tcc-by\n" for n in range(2, 40))
        f.write("Tom is a cook.\tTom ist Koch.\tcc-by\n")
    heldout = tmp_path / "heldout"
    heldout.mkdir()
    for split in ("dev", "test"):
        (heldout / f"{split}.en").write_text("The table is red.\n")
        (heldout / f"{split}.de").write_text("Der Tisch ist rot.\n")
    ding = tmp_path / "de-en"
    ding.write_text("\n".join(DING) + "\n", encoding="utf-8")
    cfg = DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(tmp_path / "data"), vocab_size=300,
                     number_augment_copies=0, name_augment_copies=0)
    base = prepare(cfg)["cleaning"]
    more = prepare(dataclasses.replace(cfg, gender_augment_copies=2, dictionary=str(ding), dictionary_terms=0,
                                       dictionary_sentence_copies=0), keep_tokenizer=True)["cleaning"]
    assert more["train_pairs"] == base["train_pairs"] + 2
    assert (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8").count("ist Köchin.") == 2
    with pytest.raises(ValueError, match="dictionary"):
        prepare(dataclasses.replace(cfg, gender_augment_copies=1), keep_tokenizer=True)
