"""Settings from the environment and the command line, and their documentation."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from service.__main__ import build_parser, settings_from_args
from service.settings import Settings

README = Path(__file__).resolve().parents[2] / "README.md"


def test_defaults() -> None:
    s = Settings()
    assert s.models_dir == Path("./models") and s.port == 8000 and s.api_keys == [] and s.cors_origins == []
    assert s.intra_op_threads() >= 1 and s.inter_op_threads() >= 1


def test_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_MODELS_DIR", "/srv/models")
    monkeypatch.setenv("SERVICE_PORT", "9000")
    monkeypatch.setenv("SERVICE_API_KEYS", "a, b,,c")
    monkeypatch.setenv("SERVICE_CORS_ORIGINS", "*")
    monkeypatch.setenv("SERVICE_BATCH_MAX_WAIT_MS", "2.5")
    s = Settings()
    assert s.models_dir == Path("/srv/models") and s.port == 9000
    assert s.api_keys == ["a", "b", "c"] and s.cors_origins == ["*"] and s.batch_max_wait_ms == 2.5


def test_command_line_overrides_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVICE_PORT", "9000")
    monkeypatch.setenv("SERVICE_HOST", "10.0.0.1")
    s = settings_from_args(["--port", "8123", "--models-dir", "elsewhere", "--api-keys", "x,y",
                            "--log-json", "false"])
    assert s.port == 8123 and s.host == "10.0.0.1" and s.models_dir == Path("elsewhere")
    assert s.api_keys == ["x", "y"] and s.log_json is False


def test_every_setting_has_a_flag() -> None:
    flags = {a.dest for a in build_parser()._actions if a.dest != "help"}
    assert flags == set(Settings.model_fields)


@pytest.mark.parametrize("bad", [{"port": "-1"}, {"max_texts": "0"}, {"log_level": "loud"},
                                 {"default_beam_size": "9", "max_beam_size": "8"}, {"unknown": "1"}])
def test_invalid_settings_are_refused(bad: dict[str, str]) -> None:
    with pytest.raises(ValidationError):
        Settings(**bad)  # type: ignore[arg-type]


def test_main_reports_invalid_settings(capsys: pytest.CaptureFixture[str]) -> None:
    from service.__main__ import main

    assert main(["--port", "nope"]) == 2
    assert "invalid settings" in capsys.readouterr().err


def test_readme_documents_every_setting() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [Settings.env_name(f) for f in Settings.model_fields if f"`{Settings.env_name(f)}`" not in text]
    assert not missing, f"settings missing from README.md's table: {missing}"
