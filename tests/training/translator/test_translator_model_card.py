"""The model card is written from the export's files and the run log, not from hand-kept text."""
from __future__ import annotations

import json
from pathlib import Path

from core.manifest import dump
from training.translator.config import TranslatorConfig
from training.translator.export import translator_manifest
from training.translator.model_card import write_card


def _export(tmp_path: Path, test_bleu: dict[str, float]) -> Path:
    extra = tmp_path / "models" / "translator-en-de" / "3" / "assets.extra"
    extra.mkdir(parents=True)
    dump(translator_manifest(TranslatorConfig(), "3", "spm.model", 1234567, ["ckpt-7", "ckpt-9"]), extra.parent)
    (extra / "config.json").write_text(TranslatorConfig().to_json())
    (extra / "metrics.json").write_text(json.dumps({
        key: {"bleu": bleu, "chrf": 50.0, "sentences": 2000, "seconds": 1.0} for key, bleu in test_bleu.items()}))
    return extra.parent


def _run_log(tmp_path: Path) -> Path:
    run = tmp_path / "run"
    run.mkdir()
    bf16 = {"train": {"precision": "mixed_bfloat16"}}
    records = [
        {"time": "2026-01-01T10:00:00", "event": "start", "step": 0, "config": {"train": {}}},
        {"time": "2026-01-01T10:30:00", "event": "dev", "step": 500, "elapsed_min": 30, "bleu": 10.5, "chrf": 30.1},
        {"time": "2026-01-01T12:00:00", "event": "start", "step": 500, "config": bf16},
        {"time": "2026-01-01T12:45:00", "event": "done", "step": 900},
    ]
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (run / "card_notes.md").write_text("## Notes\n\n- a note from this run\n")
    return run


def test_card_reports_time_precision_quality_and_checkpoints(tmp_path: Path) -> None:
    model = _export(tmp_path, {"test/greedy": 25.1, "test/beam4": 26.4})
    card = write_card(model, _run_log(tmp_path), data_dir=tmp_path / "no-data").read_text()
    assert "75.0 min in\n2 segment(s)" in card  # 30 + 45 minutes, two segments
    assert "900 steps" in card
    assert "float32 then mixed_bfloat16" in card
    assert "| test/beam4 | 2000 | 26.4 | 50.0 |" in card
    assert "is reached: best 26.4 (test/beam4)" in card
    assert "| 500 | 30 | 10.5 | 30.1 |" in card
    assert "- a note from this run" in card
    assert "--checkpoint runs/translator/checkpoints/ckpt-7 --checkpoint runs/translator/checkpoints/ckpt-9" in card
    assert "--out models/translator-en-de/3 --version 3" in card


def test_card_says_when_the_bar_is_missed_or_unmeasured(tmp_path: Path) -> None:
    low = write_card(_export(tmp_path / "a", {"test/beam4": 22.25}), _run_log(tmp_path / "a"),
                     data_dir=tmp_path / "no-data").read_text()
    assert "is **not** reached: best 22.25 (test/beam4)" in low
    none = write_card(_export(tmp_path / "b", {}), _run_log(tmp_path / "b"), data_dir=tmp_path / "no-data").read_text()
    assert "Test BLEU has not been measured yet." in none


def test_card_attributes_the_dictionary_only_when_one_was_trained_on(tmp_path: Path) -> None:
    plain = write_card(_export(tmp_path / "a", {}), _run_log(tmp_path / "a"), data_dir=tmp_path / "no-data").read_text()
    assert "Ding" not in plain and "GPL" not in plain
    model = _export(tmp_path / "b", {})
    cfg = TranslatorConfig()
    cfg.data.dictionary = "/usr/share/trans/de-en"
    (model / "assets.extra" / "config.json").write_text(cfg.to_json())
    (model / "assets.extra" / "data_stats.json").write_text(json.dumps({"cleaning": {"dictionary_pairs": 117120}}))
    run = _run_log(tmp_path / "b")
    card = write_card(model, run, data_dir=tmp_path / "no-data").read_text()
    assert "117120 pairs from the Ding German-English dictionary" in card
    assert "License GPL-2.0-or-later." in card
    assert "a seeded sample of" in card
    cfg.data.dictionary_rare_word_count = 3
    (model / "assets.extra" / "config.json").write_text(cfg.to_json())
    rare = write_card(model, run, data_dir=tmp_path / "no-data").read_text()
    assert "one term pair per single English word the corpus has fewer than 3 times" in rare
    assert "a seeded sample of" not in rare


def test_manifest_licence_names_the_dictionary_only_when_trained_on() -> None:
    cfg = TranslatorConfig()
    assert "GPL" not in translator_manifest(cfg, "1", "spm.model", 1, []).license
    cfg.data.dictionary = "/usr/share/trans/de-en"
    assert "GPL-2.0-or-later" in translator_manifest(cfg, "1", "spm.model", 1, []).license
    assert "written for this project" not in translator_manifest(cfg, "1", "spm.model", 1, []).license
    cfg.data.written_pairs = "training/translator/data/written"
    line = translator_manifest(cfg, "1", "spm.model", 1, []).license
    assert line.index("tatoeba.org") < line.index("Ding") < line.index("written for this project")
    assert line.endswith("; code Apache-2.0")


def test_card_names_the_written_pairs_and_the_version_a_run_started_from(tmp_path: Path) -> None:
    plain = write_card(_export(tmp_path / "a", {}), _run_log(tmp_path / "a"), data_dir=tmp_path / "no-data").read_text()
    assert "written pairs" not in plain and "trained from scratch" in plain
    model = _export(tmp_path / "b", {})
    cfg = TranslatorConfig()
    cfg.data.written_pairs, cfg.data.written_copies = "training/translator/data/written", 2
    (model / "assets.extra" / "config.json").write_text(cfg.to_json())
    (model / "assets.extra" / "data_stats.json").write_text(
        json.dumps({"cleaning": {"written_pairs": 7980, "written_near_eval": 3}}))
    run = _run_log(tmp_path / "b")
    (run / "warm_start.txt").write_text("version 11\n")
    card = write_card(model, run, data_dir=tmp_path / "no-data").read_text()
    assert "7980 written pairs (2 copies each)" in card and "3 near a dev, test or newstest2013 sentence" in card
    assert "the `ctranslate2` rows" not in card  # this export has no derived CTranslate2 model
    (model / "ctranslate2").mkdir()
    (model / "ctranslate2" / "derived.json").write_text(
        json.dumps({"search": {"length_penalty": 1.0, "no_repeat_ngram_size": 4}}))
    card = write_card(model, run, data_dir=tmp_path / "no-data").read_text()
    assert "the `ctranslate2` rows use CTranslate2's own length penalty 1.0 and no repeated 4-grams" in card
    assert "trained further (warm-started from version 11)" in card and "minutes since version 11" in card


def test_card_of_a_jax_train_run_on_a_gpu(tmp_path: Path) -> None:
    """Segments of jax_train: steps restart at 0 after a warm start, no dev decoding, the hardware file."""
    run = tmp_path / "gpu"
    run.mkdir()
    records = [
        {"time": "2026-01-01T10:00:00", "backend": "jax", "event": "start", "step": 0, "precision": "mixed_bfloat16"},
        {"time": "2026-01-01T10:08:00", "backend": "jax", "event": "done", "step": 1400, "steps": 1400},
        {"time": "2026-01-01T11:00:00", "backend": "jax", "event": "start", "step": 0, "precision": "mixed_bfloat16"},
        {"time": "2026-01-01T11:08:00", "backend": "jax", "event": "done", "step": 1500, "steps": 1500},
    ]
    (run / "metrics.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (run / "hardware.md").write_text("one test GPU, Keras on JAX\n")
    card = write_card(_export(tmp_path, {}), run, data_dir=tmp_path / "no-data").read_text()
    assert "2900 steps" in card and "16.0 min in\n2 segment(s)" in card
    assert "Hardware: one test GPU, Keras on JAX;" in card and "on a GPU." in card
    assert "compute precision mixed_bfloat16" in card
    assert "nothing was decoded during training" in card and "No dev decoding during training" in card
    assert "(no GPU)" not in card
