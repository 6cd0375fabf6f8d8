"""The model-format contract: typed manifests, validated on load, written back identically."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from core.manifest import (
    FORMAT,
    ManifestError,
    TimeNormalizerManifest,
    TranslatorManifest,
    dump,
    from_dict,
    load,
    manifest_path,
)

REPO = Path(__file__).resolve().parents[2]


def translator(**changes: object) -> TranslatorManifest:
    fields = dict(name="t", version="1", source_language="en", target_language="de", tokenizer_file="spm.model",
                  vocab_size=100, max_tokens=64, encoder_layers=2, decoder_layers=1, heads=4, d_model=16)
    return TranslatorManifest(**{**fields, **changes})  # type: ignore[arg-type]


def test_dump_then_load_gives_the_same_manifest(tmp_path: Path) -> None:
    for manifest in (translator(checkpoints=["ckpt-1"]), TimeNormalizerManifest(
            name="tn", version="7", attention="luong-dot", confidence_threshold=0.8, max_input_chars=64)):
        dump(manifest, tmp_path / manifest.name)
        assert load(tmp_path / manifest.name) == manifest
        raw = json.loads(manifest_path(tmp_path / manifest.name).read_text())
        assert raw["kind"] == manifest.kind and raw["format"] == FORMAT


@pytest.mark.parametrize("change, problem", [
    ({"kind": "llm"}, "unknown kind"),
    ({"beam": 4}, "unknown field 'beam'"),
    ({"vocab_size": "100"}, "'vocab_size' must be int"),
    ({"default_beam_size": True}, "'default_beam_size' must be int"),
    ({"checkpoints": ["a", 3]}, "'checkpoints' must be"),
    ({"default_beam_size": 0}, "default_beam_size must be at least 1"),
    ({"bos_id": 0}, "must differ"),
    ({"format": FORMAT + 1}, "format"),
    ({"ctranslate2_dir": "../elsewhere"}, "ctranslate2_dir must be a directory name inside the version"),
    ({"ctranslate2_dir": ""}, "ctranslate2_dir must be"),
])
def test_invalid_manifests_are_refused_saying_why(change: dict[str, object], problem: str) -> None:
    raw = {**translator().to_dict(), **change}
    with pytest.raises(ManifestError, match=problem):
        from_dict(raw)


def test_missing_fields_are_named() -> None:
    raw = translator().to_dict()
    del raw["d_model"], raw["heads"]
    with pytest.raises(ManifestError, match="missing field 'heads'.*missing field 'd_model'"):
        from_dict(raw)


def test_floats_accept_integers_and_thresholds_stay_in_range() -> None:
    assert from_dict({**translator().to_dict(), "default_length_penalty": 1}).default_length_penalty == 1
    tn = TimeNormalizerManifest(name="tn", version="1", attention="bahdanau").to_dict()
    with pytest.raises(ManifestError, match="confidence_threshold"):
        from_dict({**tn, "confidence_threshold": 1.5})


def test_output_budget_is_tied_to_the_source_and_capped() -> None:
    m = translator(max_tokens=64)
    assert m.output_budget(5) == 20  # 2 × 5 + 10
    assert m.output_budget(1000) == 64
    assert dataclasses.replace(m, output_ratio=1.0, output_slack=0).output_budget(7) == 7


@pytest.mark.parametrize("model_dir", sorted(p.parent.parent for p in REPO.glob("models/*/*/assets.extra/model.json")))
def test_every_shipped_manifest_follows_the_contract(model_dir: Path) -> None:
    manifest = load(model_dir)
    assert manifest.name == model_dir.parent.name and manifest.version == model_dir.name
    assert (model_dir / "saved_model.pb").is_file()
    if isinstance(manifest, TranslatorManifest):
        assert (model_dir / "assets.extra" / manifest.tokenizer_file).is_file()
