"""Written pairs (training/translator/written.py): only pairs a second reader judged ok, none near an evaluation
sentence, and ``prepare`` adding them."""
from __future__ import annotations

import dataclasses
import gzip
from pathlib import Path

import pytest

from training.shared import REPOSITORY
from training.translator.config import DataConfig
from training.translator.data import read_split
from training.translator.prepare import prepare
from training.translator.written import (
    RAW_DIR,
    build_written,
    probe_sentences,
    read_reviews,
    read_writer_file,
    words,
)


def test_words_lower_case_and_mask_digit_runs() -> None:
    assert words("Vote 2024, NOW! Straße 12b") == ["vote", "#", "now", "straße", "#", "b"]


def _write(folder: Path, writer: str, review: str | None) -> None:
    folder.mkdir(exist_ok=True)
    (folder / "w1.tsv").write_text(writer, encoding="utf-8")
    if review is not None:
        (folder / "r1.tsv").write_text(review, encoding="utf-8")


def test_only_pairs_judged_ok_are_kept_once_and_malformed_lines_are_reported(tmp_path: Path) -> None:
    _write(tmp_path, "The vote failed.\tDie Abstimmung scheiterte.\n"
                     "Broken line without a tab\n"
                     "The court met.\tDas Gericht tagte.\n"
                     "The vote failed.\tDie Abstimmung scheiterte.\n"
                     "A wrong one.\tEin falscher Satz hier.\n",
           "1\tok\t\n2\tok\t\n3\tok\t\n4\tok\t\n5\tbad\tmeaning changed\n")
    report = build_written(tmp_path, [])
    assert report.kept == [("The vote failed.", "Die Abstimmung scheiterte."), ("The court met.", "Das Gericht tagte.")]
    assert report.invalid == ["w1.tsv:2: not one English<TAB>German pair"]
    assert report.repeated == 1
    assert report.counts == ["w1 3/5"]


def test_a_writer_file_without_a_second_reading_gives_nothing(tmp_path: Path) -> None:
    _write(tmp_path, "The vote failed.\tDie Abstimmung scheiterte.\n", None)
    assert build_written(tmp_path, []).kept == []


def test_pairs_near_an_evaluation_sentence_on_either_side_are_dropped(tmp_path: Path) -> None:
    _write(tmp_path, "The minister resigned on 3 May.\tDer Minister trat am 3. Mai zurück.\n"
                     "Prices rose sharply in the spring.\tDie Preise stiegen im Frühjahr stark.\n"
                     "The museum opens a new exhibition.\tDas Museum eröffnet eine neue Ausstellung.\n",
           "1\tok\n2\tok\n3\tok\n")
    evals = ["The minister resigned on 9 May.",               # the same words once digits are masked
             "Im Frühjahr stiegen die Preise stark an."]      # the German side shares 6 of 7 words
    report = build_written(tmp_path, evals)
    assert report.kept == [("The museum opens a new exhibition.", "Das Museum eröffnet eine neue Ausstellung.")]
    assert report.near_eval == 2


def test_read_reviews_counts_a_missing_or_odd_verdict_as_not_ok(tmp_path: Path) -> None:
    path = tmp_path / "r1.tsv"
    path.write_text("1\tOK\n2\tbad\twrong case\n3\tmaybe\nnot a line\n", encoding="utf-8")
    assert read_reviews(path) == {1: True, 2: False, 3: False}


def test_prepare_adds_the_written_pairs_as_many_times_as_asked(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.tsv.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"I see {n} cats.\tIch sehe {n} Katzen.\tcc-by\n" for n in range(2, 60))
    heldout = tmp_path / "tatoeba" / "heldout"
    heldout.mkdir(parents=True)
    news = tmp_path / "news-dev"
    news.mkdir()
    for folder, split in ((heldout, "dev"), (heldout, "test"), (news, "newstest2013")):
        (folder / f"{split}.en").write_text("The chancellor spoke in parliament today.\n")
        (folder / f"{split}.de").write_text("Die Kanzlerin sprach heute im Parlament.\n")
    written = tmp_path / "written"
    _write(written, "The chancellor spoke in parliament today.\tDie Kanzlerin sprach heute im Parlament.\n"
                    "The mayor opened the new bridge.\tDer Bürgermeister eröffnete die neue Brücke.\n"
                    "Hello, moon!\tHallo, Mond!\n"  # a sense probe's words: behind the wall too
                    "Good morning, dear neighbours.\tGuten Morgen, liebe Nachbarn.\n",
           "1\tok\n2\tok\n3\tok\n4\tok\n")
    cfg = DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(tmp_path / "data"), vocab_size=300,
                     number_augment_copies=0, name_augment_copies=0)
    base = prepare(cfg)["cleaning"]
    more = prepare(dataclasses.replace(cfg, written_pairs=str(written), written_copies=3), keep_tokenizer=True)
    assert more["cleaning"]["written_pairs"] == 2 and more["cleaning"]["written_near_eval"] == 2
    assert more["cleaning"]["train_pairs"] == base["train_pairs"] + 6
    train = (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8")
    assert train.count("The mayor opened the new bridge.") == 3 and "chancellor" not in train and "Mond" not in train
    assert "Good morning dear neighbours" not in train  # no informal copies unless asked for
    informal = prepare(dataclasses.replace(cfg, written_pairs=str(written), written_copies=1,
                                           written_informal_fraction=1.0), keep_tokenizer=True)
    assert informal["cleaning"]["train_pairs"] == base["train_pairs"] + 2 + 3  # each once, 2 casual, 1 without commas
    rows = (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8").splitlines()
    copies = [r for r in rows if r.endswith("\tGuten Morgen, liebe Nachbarn.")]
    sources = sorted(r.split("\t")[0] for r in copies)
    assert len(sources) == 3 and "Good morning, dear neighbours." in sources  # the pair itself, German unchanged
    assert sum("," not in x and x.lower().startswith("good morning dear neighbours") for x in sources) == 1
    assert sum("," in x and x != "Good morning, dear neighbours." for x in sources) == 1  # lower-case or unpunctuated


def test_prepare_adds_served_copies_of_written_pairs_with_unseen_names(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.tsv.gz"
    with gzip.open(corpus, "wt", encoding="utf-8") as f:
        f.writelines(f"I see {n} cats.\tIch sehe {n} Katzen.\tcc-by\n" for n in range(2, 60))
    heldout, news = tmp_path / "tatoeba" / "heldout", tmp_path / "news-dev"
    for folder, split in ((heldout, "dev"), (heldout, "test"), (news, "newstest2013")):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{split}.en").write_text("The table is red.\n")
        (folder / f"{split}.de").write_text("Der Tisch ist rot.\n")
    written = tmp_path / "written"
    _write(written, "My neighbour Priyanka has a very loud parrot.\tMeine Nachbarin Priyanka hat einen sehr lauten "
                    "Papagei.\n"
                    "The mayor opened the new bridge.\tDer Bürgermeister eröffnete die neue Brücke.\n",
           "1\tok\n2\tok\n")
    cfg = DataConfig(corpus=str(corpus), heldout_dir=str(heldout), out_dir=str(tmp_path / "data"), vocab_size=300,
                     number_augment_copies=0, name_augment_copies=0, written_pairs=str(written))
    base = prepare(cfg)["cleaning"]
    served = prepare(dataclasses.replace(cfg, written_served_copies=2), keep_tokenizer=True)["cleaning"]
    assert served["train_pairs"] == base["train_pairs"] + 2  # the pair with a name, twice; the other has none
    train = (tmp_path / "data" / "train.tsv").read_text(encoding="utf-8")
    assert train.count("My neighbour Maria has a very loud parrot.\tMeine Nachbarin Maria hat einen sehr lauten "
                       "Papagei.") == 2


def test_the_probe_wall_holds_the_probe_suite_the_sense_and_the_greeting_probes() -> None:
    sentences = probe_sentences(REPOSITORY)
    assert "Hello world!" in sentences and "Hello moon!" in sentences and "Hello Paris!" in sentences
    assert len(sentences) >= 96 + 40 + 40 and not [s for s in sentences if "\t" in s or s.startswith("#")]
    assert probe_sentences(REPOSITORY / "nowhere") == []


def test_the_shipped_written_pairs_are_read_and_none_is_near_an_evaluation_sentence() -> None:
    writers = sorted(RAW_DIR.glob("w*.tsv"))
    assert writers, "the written pairs ship in training/translator/data/written"
    for writer in writers:
        rows, invalid = read_writer_file(writer)
        assert not invalid and len(rows) >= 200, writer.name
        reading = read_reviews(writer.with_name(f"r{writer.stem[1:]}.tsv"))
        assert set(reading) == set(rows), f"{writer.name}: every line has the second reader's verdict"
    heldout = Path(DataConfig().heldout_dir)
    if not heldout.exists():
        pytest.skip("the evaluation sets (../shared/data) are not on this machine")
    evals = [text for split in ("dev", "test", "newstest2013") for side in read_split(heldout, split) for text in side]
    report = build_written(RAW_DIR, evals)
    assert len(report.kept) >= 5000
    seen = {text.lower() for text in evals}
    assert not [pair for pair in report.kept if pair[0].lower() in seen or pair[1].lower() in seen]
    assert report.near_eval == len(build_written(RAW_DIR, []).kept) - len(report.kept)
