"""Forward translations of the training sources (sequence-level distillation, issue 10 item 5)."""
from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

from training.translator.config import DataConfig
from training.translator.distill import (
    distinct_sources,
    forward_translate,
    lowercase_word_counts,
    new_pairs,
    read_forward_translations,
    without_rare_words,
)
from training.translator.prepare import prepare


def test_forward_translate_keeps_source_order_across_length_sorted_batches() -> None:
    sources = ["a much longer sentence here", "hi", "medium one", "x"]
    calls: list[list[str]] = []

    def translate(texts: list[str]) -> list[str]:
        calls.append(texts)
        return [t.upper() for t in texts]

    pairs = forward_translate(sources, translate, batch_size=2)
    assert pairs == [(s, s.upper()) for s in sources]
    assert calls == [["x", "hi"], ["medium one", "a much longer sentence here"]]


def test_distinct_sources_once_each_in_first_seen_order() -> None:
    assert distinct_sources([("b", "1"), ("a", "2"), ("b", "3")]) == ["b", "a"]


def test_new_pairs_skip_training_pairs_heldout_lines_and_repeats() -> None:
    original = [("I run.", "Ich laufe.")]
    forward = [("I run.", "Ich laufe."), ("I run.", "Ich renne."), ("I run.", "Ich renne."),
               ("A dev line.", "Eine Zeile."), ("Go.", "Eine Testzeile.")]
    assert new_pairs(forward, original, exclude={"A dev line.", "Eine Testzeile."}) == [("I run.", "Ich renne.")]


def test_read_forward_translations_skips_lines_without_a_translation(tmp_path: Path) -> None:
    path = tmp_path / "fwd.tsv"
    path.write_text("Hi.\tHallo!\nBroken line\nEmpty.\t \nGo.\tGeh!\n", encoding="utf-8")
    assert read_forward_translations(path) == [("Hi.", "Hallo!"), ("Go.", "Geh!")]


def test_prepare_adds_forward_translations_that_are_new(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.tsv.gz"
    originals = [(f"I see {n} cats.", f"Ich sehe {n} Katzen.") for n in range(2, 60)]
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"{en}\t{de}\tcc-by\n" for en, de in originals)
    heldout = tmp_path / "heldout"
    heldout.mkdir()
    for split in ("dev", "test"):
        (heldout / f"{split}.en").write_text("I see 99 dogs.\n")
        (heldout / f"{split}.de").write_text("Ich sehe 99 Hunde.\n")
    forward = tmp_path / "fwd.tsv"
    forward.write_text("I see 2 cats.\tIch sehe 2 Katzen.\n"      # the corpus's own pair: not added
                       "I see 3 cats.\tIch erblicke 3 Katzen.\n"   # new: added
                       "I see 99 dogs.\tIch sehe 99 Hunde.\n",     # a held-out line: never added
                       encoding="utf-8")
    cfg = DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(tmp_path / "data"), vocab_size=300,
                     number_augment_copies=0, name_augment_copies=0)
    base = prepare(cfg)["cleaning"]
    with_forward = prepare(dataclasses.replace(cfg, forward_translations=str(forward)), keep_tokenizer=True)["cleaning"]
    assert base["forward_translated"] == 0
    assert with_forward["forward_translated"] == 1
    assert with_forward["train_pairs"] == base["train_pairs"] + 1
    rows = (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8").splitlines()
    assert "I see 3 cats.\tIch erblicke 3 Katzen." in rows
    assert not any("99" in row for row in rows)


def test_lowercase_word_counts_count_words_not_names_numbers_or_parts_of_words() -> None:
    counts = lowercase_word_counts([("Tom saw the cat, the dog.", "x"), ("The cat's toy costs 3 euros.", "y"),
                                    ("A well-known e-mail", "z")])
    assert counts["the"] == 2  # "The" with a capital is not counted
    assert counts["cat"] == 1  # "cat's" is one word, not "cat"
    assert counts["euros"] == 1 and counts["saw"] == 1
    assert "tom" not in counts and "Tom" not in counts and "3" not in counts
    assert "well" not in counts and "mail" not in counts  # hyphenated words are left alone


def test_without_rare_words_drops_forward_pairs_with_a_rare_lowercase_word() -> None:
    corpus = [("I saw the cat.", "a")] * 3 + [("The chancellor spoke.", "b")]
    forward = [("I saw the cat.", "Ich sah die Katze."),
               ("the chancellor saw the cat", "die Chance sah die Katze"),
               ("Merkel saw the cat.", "Merkel sah die Katze.")]
    counts = lowercase_word_counts(corpus)
    kept = without_rare_words(forward, counts, min_count=2)
    assert kept == [forward[0], forward[2]]  # "chancellor" was seen once; the name "Merkel" is not a word here
    assert without_rare_words(forward, counts, min_count=1) == forward
    assert without_rare_words(forward, counts, min_count=0) == forward
    assert without_rare_words(forward, counts, min_count=4) == []  # "saw" and "the" each seen 3 times
