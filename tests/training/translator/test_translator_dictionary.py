"""Pairs from the Ding German-English dictionary (training/translator/dictionary.py, issue 10)."""
from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

from training.translator.config import DataConfig
from training.translator.dictionary import (
    DictionaryPairs,
    clean_item,
    entry_pairs,
    is_sentence,
    rare_word_terms,
    read_dictionary,
    training_pairs,
)
from training.translator.prepare import prepare

# Lines in Ding's format (written for these tests, after the shape of the real file).
CHANCELLOR = ("Bundeskanzler {m}; Kanzler {m}; Kanzlerin {f} [pol.] | eine Kanzlerin | Das Museum ist montags "
              "nicht geöffnet. :: federal chancellor; chancellor | a female chancellor | The museum is not open on Monday.")
PLACEHOLDER = ("Anspielung {f} (auf jdn./etw.) | eine Anspielung machen :: allusion (to sb./sth.) | to make an "
               "allusion")
MISALIGNED = "Lüftungsgerät {n} | Lüftungsgeräte {pl} | Kompaktgerät {n} :: air handler | air handlers"


def test_clean_item_removes_every_kind_of_annotation() -> None:
    assert clean_item("Kanzler {m} [pol.]") == "Kanzler"
    assert clean_item("(im Gedränge) aneinanderstoßen {vi}") == "aneinanderstoßen"
    assert clean_item("sheer; pure <purer> <purest>") == "sheer; pure"
    assert clean_item("air handling unit /AHU/") == "air handling unit"
    assert clean_item("He\u2019s  slow") == "He's slow"


def test_entry_pairs_align_sub_entries_and_give_each_unpaired_synonym_the_first_german_one() -> None:
    pairs = list(entry_pairs(CHANCELLOR))
    # 3 German synonyms against 2 English ones: both English ones get "Bundeskanzler"
    assert ("federal chancellor", "Bundeskanzler") in pairs
    assert ("chancellor", "Bundeskanzler") in pairs
    assert ("a female chancellor", "eine Kanzlerin") in pairs
    assert ("The museum is not open on Monday.", "Das Museum ist montags nicht geöffnet.") in pairs
    assert len(pairs) == 4


def test_entry_pairs_leave_out_placeholders_comments_and_broken_lines() -> None:
    # "(to sb./sth.)" is an annotation and goes; the items left are plain text
    assert list(entry_pairs(PLACEHOLDER)) == [("allusion", "Anspielung"), ("to make an allusion", "eine Anspielung machen")]
    assert list(entry_pairs("etw. tun {vt} :: to do sth.")) == []
    assert list(entry_pairs("# Version :: devel 2023-01-30")) == []
    assert list(entry_pairs("no separator here")) == []


def test_entry_pairs_keep_only_the_first_sub_entry_when_the_sides_do_not_align() -> None:
    assert list(entry_pairs(MISALIGNED)) == [("air handler", "Lüftungsgerät")]


def test_is_sentence_needs_a_capital_three_words_and_final_punctuation() -> None:
    assert is_sentence("The museum is not open on Monday.")
    assert is_sentence("How old are you?")
    assert not is_sentence("a female chancellor")
    assert not is_sentence("Stop!")  # one word: a term
    assert not is_sentence("The museum is not open")


def test_read_dictionary_splits_sentences_from_terms_and_drops_repeats() -> None:
    found = read_dictionary([CHANCELLOR, CHANCELLOR, MISALIGNED])
    assert found.sentences == [("The museum is not open on Monday.", "Das Museum ist montags nicht geöffnet.")]
    assert ("chancellor", "Bundeskanzler") in found.terms and ("air handler", "Lüftungsgerät") in found.terms
    assert len(found.terms) == 4


def test_training_pairs_repeat_sentences_and_sample_short_terms_reproducibly() -> None:
    terms = [(f"term {i}", f"Begriff {i}") for i in range(50)] + [("a much too long term", "x")]
    found = DictionaryPairs(sentences=[("I go home.", "Ich gehe nach Hause.")], terms=terms)
    chosen = training_pairs(found, sentence_copies=3, max_terms=10, max_term_words=3, seed=1)
    assert chosen[:3] == [("I go home.", "Ich gehe nach Hause.")] * 3
    assert len(chosen) == 13 and len(set(chosen[3:])) == 10
    assert ("a much too long term", "x") not in chosen
    assert chosen == training_pairs(found, sentence_copies=3, max_terms=10, max_term_words=3, seed=1)
    assert chosen != training_pairs(found, sentence_copies=3, max_terms=10, max_term_words=3, seed=2)
    everything = training_pairs(found, sentence_copies=1, max_terms=1000, max_term_words=3, seed=1)
    assert len(everything) == 51


def test_prepare_adds_dictionary_pairs_but_never_held_out_lines(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.tsv.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"I see {n} cats.\tIch sehe {n} Katzen.\tcc-by\n" for n in range(2, 60))
    heldout = tmp_path / "heldout"
    heldout.mkdir()
    for split in ("dev", "test"):
        (heldout / f"{split}.en").write_text("How old are you?\n")
        (heldout / f"{split}.de").write_text("Wie alt bist du?\n")
    ding = tmp_path / "de-en"
    ding.write_text("# comment :: line\n" + CHANCELLOR + "\n"
                    "Wie alt bist du? :: How old are you?\n", encoding="utf-8")  # a held-out sentence
    cfg = DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(tmp_path / "data"), vocab_size=300,
                     number_augment_copies=0, name_augment_copies=0)
    base = prepare(cfg)["cleaning"]
    with_dict = prepare(dataclasses.replace(cfg, dictionary=str(ding), dictionary_sentence_copies=2),
                        keep_tokenizer=True)["cleaning"]
    assert base["dictionary_pairs"] == 0
    assert with_dict["dictionary_pairs"] == 2 + 3  # the sentence twice, three terms
    assert with_dict["train_pairs"] == base["train_pairs"] + 5
    rows = (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8").splitlines()
    assert rows.count("The museum is not open on Monday.\tDas Museum ist montags nicht geöffnet.") == 2
    assert "chancellor\tBundeskanzler" in rows
    assert not any("How old" in row for row in rows)


def test_rare_word_terms_give_each_word_the_corpus_lacks_its_first_translation_once() -> None:
    found = DictionaryPairs(sentences=[("I go home.", "Ich gehe nach Hause.")],
                            terms=[("chancellor", "Bundeskanzler"), ("chancellor", "Universitätsrektor"),
                                   ("house", "Haus"), ("federal chancellor", "Bundeskanzler"), ("Oder", "Oder"),
                                   ("invoice", "Rechnung")])
    counts = {"house": 500, "invoice": 2}
    assert rare_word_terms(found, counts, min_count=3) == [("chancellor", "Bundeskanzler"), ("invoice", "Rechnung")]
    assert rare_word_terms(found, counts, min_count=1) == [("chancellor", "Bundeskanzler")]
