"""The service never imports the training package (it needs only the exported SavedModels)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys, time
from pathlib import Path
from fastapi.testclient import TestClient
import service.app
from service.settings import Settings
assert "training" not in sys.modules, "importing service.app imported training"
models = Path(sys.argv[1])
with TestClient(service.app.create_app(Settings(models_dir=models))) as client:
    deadline = time.monotonic() + 240
    while client.get("/ready").json()["loading"] and time.monotonic() < deadline:
        time.sleep(0.1)
    print(client.get("/ready").json())
leaked = sorted(m for m in sys.modules if m == "training" or m.startswith("training."))
assert not leaked, f"serving imported {leaked}"
print("OK")
"""


def test_service_never_imports_training() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(REPO / "models")],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().endswith("OK")
