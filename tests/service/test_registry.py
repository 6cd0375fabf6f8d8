"""Model discovery and loading."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_fakes import BrokenWrapper, FakeTimeNormalizer, fake_wrappers, write_model

from service.kinds import KINDS
from service.models.base import Attends, Normalizes, Translates
from service.registry import ModelRegistry, discover, import_wrapper


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
    (lambda d: write_model(d, "m", "no-such-kind"), "unknown kind"),
    (lambda d: (d / "m" / "1").mkdir(parents=True), "model.json"),
    (lambda d: write_model(d, "m", "translator", default_beam_size=0), "default_beam_size must be at least 1"),
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
    assert set(KINDS) == {"time-normalizer", "translator"}
    with pytest.raises(LookupError, match="unknown model kind"):
        import_wrapper("nope")


def test_the_kind_tables_wrappers_satisfy_their_runners_protocol() -> None:
    for kind in KINDS.values():
        cls = kind.load_wrapper()
        protocol = kind.runner.protocol
        assert protocol in (Translates, Normalizes)
        # A protocol's methods must all be there (checked on the class: loading needs a SavedModel).
        members = [m for m in ("attention", "translate", "normalize") if hasattr(protocol, m)]
        assert all(callable(getattr(cls, m, None)) for m in members), (cls, members)
        assert hasattr(Attends, "attention")
