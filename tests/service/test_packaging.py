"""The wheel, installed alone into a fresh virtual environment, serves the repository's models.

Slow (it installs TensorFlow from PyPI): marked ``slow``; CI runs it.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from conftest import SHIPPED_MODELS, shipped
from live_server import free_port

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _run(cmd: list[str], timeout: float, cwd: Path) -> None:
    result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=_clean_env())
    assert result.returncode == 0, f"{cmd} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV"}}
    env = {k: v for k, v in env.items() if not k.startswith("SERVICE_")}
    return env


def _get(url: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_wheel_installs_and_serves(tmp_path: Path) -> None:
    wheels, venv, workdir = tmp_path / "wheels", tmp_path / "venv", tmp_path / "run"
    workdir.mkdir()
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(wheels), str(REPO)], 600, tmp_path)
    (wheel,) = wheels.glob("attention_translate-*.whl")
    _run([sys.executable, "-m", "venv", str(venv)], 120, tmp_path)
    python = venv / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--disable-pip-version-check", f"{wheel}[cpu]"], 1500, tmp_path)

    located = subprocess.run([str(python), "-c", "import service; print(service.__file__)"], cwd=workdir,
                             capture_output=True, text=True, timeout=60, env=_clean_env())
    assert located.stdout.strip().startswith(str(venv)), located  # the installed copy, not the source tree

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = (tmp_path / "service.log").open("w")
    server = subprocess.Popen(
        [str(python), "-m", "service", "--port", str(port), "--models-dir", str(SHIPPED_MODELS)],
        cwd=workdir, stdout=log, stderr=subprocess.STDOUT, env=_clean_env(),
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, (tmp_path / "service.log").read_text()[-3000:]
            try:
                if _get(base + "/health") == (200, {"status": "ok"}):
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "no /health answer within 120 s"
            time.sleep(0.5)
        deadline = time.monotonic() + 300
        while (ready := _get(base + "/ready"))[1]["loading"]:
            assert time.monotonic() < deadline, f"models still loading after 300 s: {ready}"
            time.sleep(1)
        if not shipped("time-normalizer"):
            pytest.skip("health answered; no shipped time-normalizer model to ask for a real answer")
        status, body = _get(base + "/normalize-time", {"texts": ["the train leaves at 7pm"]})
        assert status == 200, body
        assert body["results"][0]["time"] == "19:00", body
        # The Attention Studio and the offline docs' assets ship in the wheel (package data).
        for path, needle in [("/", b"Attention Studio"), ("/static/studio/studio.js", b"renderResult"),
                             ("/static/vendor/swagger-ui/swagger-ui-bundle.js", b"SwaggerUIBundle"),
                             ("/static/vendor/redoc/LICENSE", b"MIT"), ("/docs-assets/redoc.standalone.js", b"Redoc")]:
            with urllib.request.urlopen(base + path, timeout=30) as response:
                assert response.status == 200 and needle in response.read(), path
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
