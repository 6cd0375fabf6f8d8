"""Model discovery and loading."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_fakes import BrokenWrapper, FakeTimeNormalizer, fake_wrappers, write_model

from service.registry import WRAPPERS, ModelRegistry, discover, import_wrapper


def test_discovers_the_highest_numeric_version(tmp_path: Path) -> None:
    for version in ["1", "2", "10", "latest"]:
        (tmp_path / "m" / version / "assets.extra").mkdir(parents=True)
    (tmp_path / ".hidden" / "1").mkdir(parents=True)
    (tmp_path / "README.md").write_text("not a model")
    slots = discover(tmp_path)
    assert [(s.name, s.version) for s in slots] == [("m", "10")]


def test_missing_models_dir_finds_nothing(tmp_path: Path) -> None:
    assert discover(tmp_path / "absent") == []


def test_load_reads_info_card_and_metrics(tmp_path: Path) -> None:
    write_model(tmp_path, "tn", "time-normalizer", version="3")
    registry = ModelRegistry(tmp_path, wrappers=fake_wrappers)
    (slot,) = registry.discover()
    assert slot.kind == "time-normalizer" and slot.state == "pending"
    registry.load(slot)
    assert slot.state == "ready" and slot.error is None
    assert isinstance(slot.wrapper, FakeTimeNormalizer)
    assert slot.info is not None and slot.info.version == "3" and slot.info.card.startswith("# tn")
    assert slot.metrics == {"accuracy": 0.5}
    assert registry.by_kind("time-normalizer") is slot and registry.by_kind("translator") is None


@pytest.mark.parametrize("setup, reason", [
    (lambda d: write_model(d, "m", "no-such-kind"), "unknown model kind"),
    (lambda d: (d / "m" / "1").mkdir(parents=True), "model.json"),
    (lambda d: write_model(d, "m", "time-normalizer"), "SavedModel is corrupt"),
])
def test_failures_are_recorded_not_raised(tmp_path: Path, setup, reason: str) -> None:  # type: ignore[no-untyped-def]
    setup(tmp_path)
    def wrappers(kind: str) -> Any:
        return BrokenWrapper if kind == "time-normalizer" else fake_wrappers(kind)

    registry = ModelRegistry(tmp_path, wrappers=wrappers)
    (slot,) = registry.discover()
    registry.load(slot)
    assert slot.state == "failed" and reason in (slot.error or "")


def test_wrapper_modules_are_imported_lazily() -> None:
    assert set(WRAPPERS) == {"time-normalizer", "translator"}
    with pytest.raises(LookupError, match="unknown model kind"):
        import_wrapper("nope")


def test_real_wrapper_classes_have_the_registered_kind() -> None:
    for kind in WRAPPERS:
        try:
            cls = import_wrapper(kind)
        except ModuleNotFoundError as exc:
            pytest.skip(f"wrapper for {kind} not written yet: {exc}")
        assert cls.kind == kind  # type: ignore[attr-defined]
