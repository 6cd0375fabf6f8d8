"""Written training texts (session 23): reading, the blind second reading, the wall against the evaluation sets,
and their place in an epoch's examples and in the leak check."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from training.timenorm.config import DataConfig, TrainConfig
from training.timenorm.conventions import NO_TIME
from training.timenorm.evaluate import EXTERNAL_SET, HANDWRITTEN_SET, load_handwritten
from training.timenorm.leaks import leaked_texts
from training.timenorm.text import normalize_text
from training.timenorm.train import epoch_train_set, written_part
from training.timenorm.written import (
    MAX_CHARS,
    RAW_DIR,
    WRITTEN_FILE,
    WrittenText,
    agreed,
    build_from,
    build_written,
    near_duplicates,
    parse_label,
    read_readings,
    read_writer_file,
    read_written,
    write_written,
)


def test_labels_are_clock_times_or_a_dash() -> None:
    assert parse_label("07:05") == "07:05" and parse_label(" - ") == NO_TIME and parse_label("") == NO_TIME
    for bad in ("7:05", "24:00", "12:60", "noon", "07:05 "[:4]):
        with pytest.raises(ValueError):
            parse_label(bad)


def test_only_texts_a_blind_second_reading_agrees_with_and_calls_clear_are_kept(tmp_path: Path) -> None:
    writer = tmp_path / "w1.tsv"
    writer.write_text("text\tlabel\nswim squad 0630\t06:30\ncar wash 12.00\t-\nbad line\nquiz 8ish\t8pm\n"
                      "bell 1145\t11:45\nkiln 1402\t-\n", encoding="utf-8")
    rows, invalid = read_writer_file(writer, "w1")
    assert [r.text for r in rows.values()] == ["swim squad 0630", "car wash 12.00", "bell 1145", "kiln 1402"]
    assert [line.split(":")[-2].strip() for line in invalid] == ["4", "5"]  # line numbers of the two bad lines
    readings = tmp_path / "r1.tsv"
    readings.write_text("id\tlabel\tcertainty\tnote\n2\t06:30\tclear\t\n3\t-\tclear\t\n6\t-\tambiguous\tor 14:02\n"
                        "7\t11:45\tclear\t\n", encoding="utf-8")
    # line 3 agrees; line 6 agrees but is not clear; line 7 reads a time where the writer wrote none
    assert [r.text for r in agreed(rows, read_readings(readings))] == ["swim squad 0630", "car wash 12.00"]


def test_near_duplicates_are_the_same_words_with_other_digits_or_nearly_the_same_words() -> None:
    others = ["swimming lessons 17.25 for the juniors", "the 2140 to York"]
    texts = ["Swimming lessons 18.40 for the juniors!", "swimming lessons 17.25 for juniors",
             "the 0910 to york", "swimming gala 17.25 in the main pool", "the 2140 bus to leeds is late"]
    assert near_duplicates(texts, others) == [0, 1, 2]


def test_build_keeps_each_text_once_short_and_away_from_the_evaluation_texts(tmp_path: Path) -> None:
    rows = [WrittenText("band call 1720 at the hall", "17:20", "w1"), WrittenText("Band call 1720 at the hall", "17:20", "w2"),
            WrittenText("x" * (MAX_CHARS + 1), NO_TIME, "w1"), WrittenText("kiln shelf 1402", NO_TIME, "w3"),
            WrittenText("the vet's at 10:05", "10:05", "w4")]
    report = build_written(rows, ["the vet's at 9:40"])
    assert [r.text for r in report.kept] == ["band call 1720 at the hall", "kiln shelf 1402"]
    assert (report.repeated, report.too_long, report.near_eval) == (1, 1, 1)
    out = tmp_path / "train_written.tsv"
    write_written(report.kept, out, "two texts")
    assert read_written(out) == report.kept  # the comment line is skipped, "-" reads back as no time


def test_the_shipped_written_texts_are_valid_and_none_is_near_an_evaluation_text() -> None:
    rows = read_written(WRITTEN_FILE)
    assert len(rows) > 1000 and {r.label == NO_TIME for r in rows} == {True, False}
    assert all(len(r.text) <= MAX_CHARS for r in rows)
    assert len({normalize_text(r.text) for r in rows}) == len(rows)
    eval_texts = [e.text for path in (HANDWRITTEN_SET, EXTERNAL_SET) for e in load_handwritten(path)]
    assert near_duplicates([r.text for r in rows], eval_texts) == []


SMALL = TrainConfig(data=DataConfig(train_examples=40, validation_examples=10, seed=5, categories=("ampm",)), epochs=1)


def test_an_epoch_holds_the_written_texts_as_often_as_configured(tmp_path: Path) -> None:
    path = tmp_path / "written.tsv"
    write_written([WrittenText("zebra crossing 0707 sharp", "07:07", "w1"), WrittenText("kiln 1402", NO_TIME, "w1")],
                  path, "tiny")
    config = replace(SMALL, data=replace(SMALL.data, written_file=str(path), written_copies=3))
    assert len(epoch_train_set(SMALL, 0)) == 40 and written_part(SMALL) == []
    assert [s.text for s in written_part(config)].count("kiln 1402") == 3
    assert len(epoch_train_set(config, 0)) == 46


def test_the_leak_check_reports_written_texts_that_are_evaluation_texts(tmp_path: Path) -> None:
    path = tmp_path / "written.tsv"
    write_written([WrittenText("Zebra crossing 0707 sharp", "07:07", "w1")], path, "one")
    config = replace(SMALL, data=replace(SMALL.data, written_file=str(path)))
    found = leaked_texts(config, ["zebra crossing 0707 sharp", "kiln 1402"])
    assert found[f"written texts ({path})"] == ["zebra crossing 0707 sharp"]


def test_the_model_card_names_the_written_texts_a_run_trained_on(tmp_path: Path) -> None:
    from training.timenorm.card import _written_note

    path = tmp_path / "written.tsv"
    write_written([WrittenText("kiln 1402", NO_TIME, "w1"), WrittenText("bell 1145", "11:45", "w2")], path, "two")
    assert _written_note(SMALL) == []
    note = _written_note(replace(SMALL, data=replace(SMALL.data, written_file=str(path), written_copies=3)))
    assert len(note) == 1 and "the 2 texts of" in note[0] and "3 times each" in note[0] and "blind" in note[0]


def test_the_shipped_file_is_what_the_shipped_writers_and_readings_build(tmp_path: Path) -> None:
    eval_texts = [e.text for path in (HANDWRITTEN_SET, EXTERNAL_SET) for e in load_handwritten(path)]
    report, comment = build_from(RAW_DIR, eval_texts)
    assert report.invalid == [] and report.kept == read_written(WRITTEN_FILE)
    assert WRITTEN_FILE.read_text(encoding="utf-8").split("\n")[1] == f"# {comment}"


def test_a_configs_relative_written_file_is_found_from_any_working_directory(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    config = replace(SMALL, data=replace(SMALL.data, written_file="training/timenorm/data/train_written.tsv"))
    assert len(written_part(config)) == len(read_written(WRITTEN_FILE)) > 1000
