"""Settings from the environment and the command line, and their documentation."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from service.__main__ import build_parser, settings_from_args
from service.settings import Settings, available_cpus, cgroup_cpu_quota

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


def _cgroup(tmp_path: Path, v2: str | None = None, v1: tuple[str, str] | None = None) -> Path:
    if v2 is not None:
        (tmp_path / "cpu.max").write_text(v2 + "\n")
    if v1 is not None:
        (tmp_path / "cpu").mkdir()
        (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text(v1[0] + "\n")
        (tmp_path / "cpu" / "cpu.cfs_period_us").write_text(v1[1] + "\n")
    return tmp_path


@pytest.mark.parametrize(
    ("v2", "v1", "quota"),
    [
        ("150000 100000", None, 1.5),  # cgroup v2, 1.5 CPUs
        ("max 100000", None, None),  # v2 without a limit
        (None, ("200000", "100000"), 2.0),  # cgroup v1
        (None, ("-1", "100000"), None),  # v1 without a limit
        (None, None, None),  # no cgroup files at all
        ("garbage", None, None),
    ],
)
def test_cgroup_cpu_quota(tmp_path: Path, v2: str | None, v1: tuple[str, str] | None, quota: float | None) -> None:
    assert cgroup_cpu_quota(_cgroup(tmp_path, v2, v1)) == quota


def test_available_cpus_is_capped_by_the_quota(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: set(range(16)))
    (tmp_path / "none").mkdir()
    assert available_cpus(_cgroup(tmp_path / "none")) == 16
    (tmp_path / "half").mkdir()
    assert available_cpus(_cgroup(tmp_path / "half", "50000 100000")) == 1  # never 0
    (tmp_path / "quota").mkdir()
    assert available_cpus(_cgroup(tmp_path / "quota", "250000 100000")) == 3  # 2.5 rounded up
    (tmp_path / "big").mkdir()
    assert available_cpus(_cgroup(tmp_path / "big", "6400000 100000")) == 16  # affinity is smaller
