"""Model discovery and loading."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest
from api_fakes import BrokenWrapper, FakeTimeNormalizer, fake_wrappers, write_model

from service.kinds import KINDS
from service.model_dirs import scan
from service.models.base import Attends, Normalizes, Translates
from service.registry import ModelRegistry, VersionError, import_wrapper


def test_scan_finds_versions_highest_first_and_skips_other_names(tmp_path: Path) -> None:
    for version in ["1", "2", "10", "latest", "²", "٣", "3a"]:
        (tmp_path / "m" / version / "assets.extra").mkdir(parents=True)
    (tmp_path / "m" / ".4").mkdir()  # being copied in: ignored silently
    (tmp_path / ".hidden" / "1").mkdir(parents=True)
    (tmp_path / "README.md").write_text("not a model")
    (found,) = scan(tmp_path)
    assert (found.name, found.versions) == ("m", ["10", "2", "1"])
    assert sorted(found.skipped) == ["3a", "latest", "²", "٣"]
    assert all("ASCII digits" in reason for reason in found.skipped.values())


def test_missing_models_dir_finds_nothing(tmp_path: Path) -> None:
    assert scan(tmp_path / "absent") == []
    assert ModelRegistry(tmp_path / "absent").refresh() == []


def test_skipped_names_are_logged_once_with_their_reason(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    write_model(tmp_path, "tn", "time-normalizer", version="2")
    (tmp_path / "tn" / "²").mkdir()
    registry = ModelRegistry(tmp_path, wrappers=fake_wrappers)
    with caplog.at_level(logging.WARNING, logger="service.registry"):
        registry.refresh()
        registry.refresh()
    skipped = [r for r in caplog.records if r.getMessage() == "directory skipped"]
    assert len(skipped) == 1 and skipped[0].directory == "²" and "ASCII digits" in skipped[0].reason  # type: ignore[attr-defined]
    slot = registry.slots["tn"]
    assert [(v.version, v.state) for v in slot.ordered_versions()] == [("2", "available"), ("²", "skipped")]
    assert registry.candidates(slot) == ["2"]


def test_read_version_reads_info_card_and_metrics(tmp_path: Path) -> None:
    write_model(tmp_path, "tn", "time-normalizer", version="3")
    registry = ModelRegistry(tmp_path, wrappers=fake_wrappers)
    (slot,) = registry.discover()
    assert slot.kind == "time-normalizer" and slot.state == "pending"
    loaded = registry.read_version("tn", "3")
    assert isinstance(loaded.wrapper, FakeTimeNormalizer)
    assert loaded.info.version == "3" and loaded.info.card.startswith("# tn")
    assert loaded.metrics == {"accuracy": 0.5}


def _manifestless(d: Path) -> None:
    (d / "m" / "1").mkdir(parents=True)
    (d / "m" / "1" / "saved_model.pb").write_bytes(b"")


@pytest.mark.parametrize("setup, reason", [
    (lambda d: write_model(d, "m", "no-such-kind"), "unknown kind"),
    (lambda d: (d / "m" / "1").mkdir(parents=True), "version 1: saved_model.pb is missing"),
    (_manifestless, "model.json"),
    (lambda d: write_model(d, "m", "translator", default_beam_size=0), "default_beam_size must be at least 1"),
    (lambda d: write_model(d, "m", "time-normalizer"), "SavedModel is corrupt"),
])
def test_failures_are_raised_as_version_errors_without_server_paths(tmp_path: Path, setup, reason: str) -> None:  # type: ignore[no-untyped-def]
    setup(tmp_path)
    def wrappers(kind: str) -> Any:
        return BrokenWrapper if kind == "time-normalizer" else fake_wrappers(kind)

    registry = ModelRegistry(tmp_path, wrappers=wrappers)
    registry.discover()
    with pytest.raises(VersionError, match=reason) as caught:
        registry.read_version("m", "1")
    assert str(tmp_path) not in str(caught.value)


def test_public_messages_cut_the_models_dir_out_of_paths(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path / "models")
    error = OSError(f"SavedModel file does not exist at: {tmp_path}/models/tn/3/saved_model.pb")
    assert registry.public(error) == "OSError: SavedModel file does not exist at: tn/3/saved_model.pb"
    assert registry.public(f"in {tmp_path / 'models'}") == "in <models>"
    error = ImportError("cannot load '/usr/lib/python3/site-packages/tf/_pywrap.so': bad ELF; see https://x.org/a/b")
    assert registry.public(error) == "ImportError: cannot load '…/_pywrap.so': bad ELF; see https://x.org/a/b"


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
