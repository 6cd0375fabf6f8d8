"""Session 19: the served threshold chosen on older batches of the hand-written set, written as a new version."""
from __future__ import annotations

import filecmp
import json
from pathlib import Path

import pytest

from core.manifest import load
from training.timenorm.evaluate import EvalExample
from training.timenorm.threshold import choose_on_lines, parse_lines, write_threshold

SHIPPED = max((Path(__file__).parents[3] / "models" / "time-normalizer").iterdir(), key=lambda p: int(p.name))


def test_parse_lines_reads_file_lines_after_the_header() -> None:
    assert parse_lines("2-2561") == (2, 2561)
    for bad in ("1-10", "5-4", "2561", "a-b", "-3"):
        with pytest.raises(ValueError):
            parse_lines(bad)


def test_choice_uses_only_the_rows_at_those_file_lines() -> None:
    examples = [EvalExample("a", "", "no-time"), EvalExample("b", "07:00", "hour-only"),
                EvalExample("c", "", "no-time")]
    predictions = [("03:00", 0.9), ("07:00", 0.95), ("04:00", 1.0)]
    # lines 2-3 are the first two rows: the false "03:00" (0.9) goes from 0.91 on, the right "07:00" stays to 0.95
    first_two = choose_on_lines(examples, predictions, (2, 3), max_rate=0.0)
    assert (first_two["threshold"], first_two["n"], first_two["on_lines"]) == (0.95, 2, "2-3")
    # with the third row (a false time at 1.0) no threshold keeps false times at 0
    assert not choose_on_lines(examples, predictions, (2, 4), max_rate=0.0)["met"]
    with pytest.raises(ValueError, match="3 rows"):
        choose_on_lines(examples, predictions, (2, 5))


def test_written_version_serves_the_chosen_threshold_with_the_same_savedmodel(tmp_path: Path) -> None:
    out = tmp_path / "time-normalizer" / "99"
    metrics = write_threshold(SHIPPED, out, (2, 2561), command="pytest")
    choice = metrics["threshold_choice"]
    manifest = load(out)
    assert manifest.version == "99" and manifest.confidence_threshold == choice["threshold"]
    assert metrics["handwritten"]["threshold"] == choice["threshold"]
    assert filecmp.cmp(SHIPPED / "saved_model.pb", out / "saved_model.pb", shallow=False)
    assert filecmp.cmp(SHIPPED / "variables" / "variables.data-00000-of-00001",
                       out / "variables" / "variables.data-00000-of-00001", shallow=False)
    chosen = choice["per_candidate"][str(choice["threshold"])]
    assert chosen["false_times"] <= 0.01 * chosen["negatives"] or not choice["met"]
    saved = json.loads((out / "assets.extra" / "metrics.json").read_text())
    assert saved["threshold_choice"]["on_lines"] == "2-2561"
    card = (out / "assets.extra" / "MODEL_CARD.md").read_text()
    assert f"Confidence threshold **{choice['threshold']}**" in card and "file lines 2-2561" in card
    assert "pytest" in card  # the command that set it is in Reproduce
    config = json.loads((SHIPPED / "assets.extra" / "config.json").read_text())["data"]
    fresh = f"{config['train_examples']:,} new training examples every epoch (epoch e at seed {config['seed']} + 1000·e)"
    assert (fresh in card) == config["fresh_each_epoch"], card[:2000]  # what the model was trained on, as trained
    trains = [line for line in card.splitlines() if line.startswith("python -m training timenorm train")]
    members = saved.get("soup_members") or []  # a soup (v19): each member trained by its own shipped config
    configs = [f"{out}/{m['config_file']}" for m in members] or [f"{out}/assets.extra/config.json"]
    assert len(trains) == len(configs)
    for train, config_file in zip(trains, configs, strict=True):
        assert f"--config {config_file}" in train and Path(config_file).exists()  # seeds, rates, epochs travel along
        trained = json.loads(Path(config_file).read_text())["data"]
        assert ("--fresh-each-epoch" in train) == trained["fresh_each_epoch"], train
    if members:
        assert "python -m training timenorm soup " + " ".join(m["source"] for m in members) in card


def test_cli_threshold_prints_the_choice_without_writing(capsys) -> None:
    from training.timenorm.cli import main

    assert main(["threshold", "--model", str(SHIPPED), "--lines", "2-300"]) == 0
    out = capsys.readouterr().out
    assert "chosen on lines 2-300:" in out and "threshold  0.999:" in out


def test_cli_threshold_says_what_is_wrong_with_the_lines(capsys, tmp_path: Path) -> None:
    from training.timenorm.cli import main

    assert main(["threshold", "--model", str(SHIPPED), "--lines", "1-300"]) == 2
    assert "--lines" in capsys.readouterr().err
    out = tmp_path / "time-normalizer" / "99"
    assert main(["threshold", "--model", str(SHIPPED), "--lines", "2-999999", "--out", str(out)]) == 2
    assert "rows" in capsys.readouterr().err and not out.exists()


def test_cli_threshold_without_out_rejects_lines_past_the_set(capsys) -> None:
    from training.timenorm.cli import main

    assert main(["threshold", "--model", "no/such/model", "--lines", "2-999999"]) == 2  # the model is never loaded
    assert "rows" in capsys.readouterr().err


def test_rows_are_file_lines_one_to_one() -> None:
    """choose_on_lines counts rows as file lines: the set has one row per line after the header, none blank."""
    from training.timenorm.evaluate import HANDWRITTEN_SET, load_handwritten

    lines = HANDWRITTEN_SET.read_text(encoding="utf-8").rstrip("\n").split("\n")
    examples = load_handwritten()
    assert len(examples) == len(lines) - 1
    assert lines[2560].startswith(examples[2559].text)  # file line 2561 (1-based) is row 2560


def test_a_model_of_another_kind_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    translator = max((SHIPPED.parents[1] / "translator-en-de").iterdir(), key=lambda p: int(p.name))
    out = tmp_path / "x" / "1"
    with pytest.raises(ValueError, match="not a time normalizer"):
        write_threshold(translator, out, (2, 10))
    assert not out.exists()
